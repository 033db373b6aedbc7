"""Apply one logged action, turn check and rollback included: the one mechanism behind moves,
undo, export, verify and recovery."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games import dice
from games.base import (
    Action,
    Engine,
    Event,
    NotYourTurn,
    Rng,
    RuleError,
    copy_state,
    find_verb,
)
from games.i18n import _

DICE_VERB = "dice"
"""Log verb of a `/roll EXPR` made during a game: it moves the table's Rng, so replay must repeat it."""


def check_turn(engine: Engine[Any], state: Any, seat: int, verb: str) -> None:
    """Refuse a verb the game does not have, a game that is over, or a seat that is not waited on."""
    declared = find_verb(engine.verbs, verb)
    if declared is None or declared.chat:
        names = ", ".join(f"/{v.name}" for v in engine.verbs if not v.chat)
        raise RuleError(
            _(
                "{game} has no /{verb}; its commands are {names} (see /help).",
                game=engine.title,
                verb=verb,
                names=names,
            )
        )
    if engine.outcome(state) is not None:
        raise RuleError(_("The game is over; /export gives its record, /new GAME starts another."))
    if declared.anytime or declared.readonly:
        return
    waiting = engine.waiting(state)
    if seat not in waiting:
        raise not_your_turn(state["names"], waiting)


def not_your_turn(names: Sequence[str], waiting: Sequence[int]) -> NotYourTurn:
    """The refusal of a seat the game is not waiting on (also for a game's `anytime` verb that
    is anytime only in some of its modes)."""
    if len(waiting) == 1:
        return NotYourTurn(_("It is {name}'s turn, not yours.", name=names[waiting[0]]))
    who = ", ".join(names[s] for s in waiting) or _("nobody")
    return NotYourTurn(_("It is not your turn to act; waiting for {who}.", who=who))


def apply(
    engine: Engine[Any],
    state: Any,
    action: Action,
    rng: Rng,
    name: str,
    *,
    atomic: bool = True,
) -> list[Event]:
    """Apply one action in place: a dice roll on the table's Rng, or a checked game move.
    A RuleError leaves state and rng as they were (atomic=False skips the copy for replays)."""
    if action.verb == DICE_VERB:
        result = dice.roll(action.args[0], rng)
        return [Event(result.describe(name))]
    check_turn(engine, state, action.seat, action.verb)
    position = rng.position
    work = copy_state(state) if atomic else state
    try:
        events = engine.act(work, action.seat, action.verb, list(action.args), rng)
    except RuleError:
        rng.position = position
        raise
    if atomic:
        state.clear()
        state.update(work)
    return events


def replay(
    engine: Engine[Any],
    names: Sequence[str],
    options: Mapping[str, Any],
    seed: str,
    actions: Iterable[Action],
    *,
    start: tuple[Any, int] | None = None,
) -> tuple[Any, Rng]:
    """Rebuild from the seed, or from `start` (a state and its Rng position, taken after some
    action) with the actions that followed it. Raises RuleError at the first that no longer applies."""
    if start is None:
        rng = Rng(seed)
        state, _events = engine.setup(names, options, rng)
    else:
        state, rng = copy_state(start[0]), Rng(seed, start[1])
    for action in actions:
        apply(engine, state, action, rng, names[action.seat], atomic=False)
    return state, rng
