"""Rebuild a game from seed, options and log: the one mechanism behind undo, export, verify and recovery."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games import dice
from games.base import Action, Engine, Event, Rng, State

DICE_VERB = "dice"
"""Log verb of a `/roll EXPR` made during a game: it moves the table's Rng, so replay must repeat it."""


def apply(engine: Engine, state: State, action: Action, rng: Rng, name: str) -> list[Event]:
    """Apply one logged action: a dice roll on the table's Rng, or a game move."""
    if action.verb == DICE_VERB:
        result = dice.roll(action.args[0], rng)
        return [Event(result.describe(name))]
    return engine.act(state, action.seat, action.verb, list(action.args), rng)


def replay(
    engine: Engine,
    names: Sequence[str],
    options: Mapping[str, Any],
    seed: str,
    actions: Iterable[Action],
) -> tuple[State, Rng]:
    """Raises RuleError at the first action that no longer applies."""
    rng = Rng(seed)
    state, _ = engine.setup(names, options, rng)
    for action in actions:
        apply(engine, state, action, rng, names[action.seat])
    return state, rng
