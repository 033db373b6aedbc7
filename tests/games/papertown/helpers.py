"""Small hand-made sheets and a few shortcuts for PaperTown tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Action, Event, Rng
from games.papertown import ENGINE
from games.papertown.sheet import cell_name, parse_cell
from games.papertown.state import PaperTownState
from games.replay import apply

State = PaperTownState


def sheet_text(
    rows: Sequence[str],
    objectives: str = "horizontal vertical broadway",
    specials: str = "",
) -> str:
    lines = [f"objectives: {objectives}"]
    if specials:
        lines.append(f"specials: {specials}")
    return "\n".join([*lines, *rows]) + "\n"


def new_game(
    rows: Sequence[str],
    objectives: str = "horizontal vertical broadway",
    specials: str = "",
    players: int = 2,
    **options: Any,
) -> State:
    """A game on a hand-made sheet; options use the declared names (e.g. **{'own-banks': True})."""
    names = ["Ann", "Bob"][:players]
    opts = {"sheet": sheet_text(rows, objectives, specials), **options}
    state, _ = ENGINE.setup(names, opts, Rng("test"))
    return state


def cell(state: State, name: str) -> int:
    return parse_cell(state["sheet"], name)


def give(state: State, participant: int, *names: str) -> None:
    """Put marks on the sheet directly, as if made in earlier turns."""
    for name in names:
        state["owner"][cell(state, name)] = participant


def rolled(state: State, colour: str) -> None:
    """Pretend the current player has just rolled this colour letter."""
    state["rolled"] = colour


def act(state: State, seat: int, verb: str, *args: str) -> list[Event]:
    """A move as the referee applies it: turn check first, and a refusal changes nothing."""
    action = Action(seat, verb, tuple(args))
    return apply(ENGINE, state, action, Rng("act"), state["names"][seat])


def owners(state: State) -> dict[str, int]:
    return {
        cell_name(state["sheet"], i): who for i, who in enumerate(state["owner"]) if who is not None
    }
