"""/roll: this turn's colour from the 10-card colour deck (or the older fair die)."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, public
from games.papertown.catalog import COLOURS
from games.papertown.participants import who
from games.papertown.placement import base_left, bribed, free_cells
from games.papertown.sheet import ROLLABLE
from games.papertown.state import PaperTownState

CARDS_PER_COLOUR = 2


def roll(state: PaperTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """Draw the turn's colour: a card from the 10-card deck, or the fair die variant."""
    if args:
        raise RuleError("Type a bare /roll to draw this turn's colour.")
    if state["rolled"] is not None:
        colour = COLOURS[state["rolled"]].short
        raise RuleError(f"You already rolled {colour} this turn; /mark your blocks, then /done.")
    if state["options"]["die"]:
        letter = ROLLABLE[rng.randbelow(len(ROLLABLE))]
    else:
        if not state["deck"]:
            state["deck"] = [ch for ch in ROLLABLE for _ in range(CARDS_PER_COLOUR)]
        letter = state["deck"].pop(rng.randbelow(len(state["deck"])))
    state["rolled"] = letter
    name = COLOURS[letter].short
    if bribed(state):
        return [public(f"{who(state)} rolls {name} (for Building Material).")]
    return [public(f"{who(state)} rolls {name}: {roll_hint(state)}.")]


def roll_hint(state: PaperTownState) -> str:
    letter = state["rolled"]
    assert letter is not None
    name = COLOURS[letter].short
    left = base_left(state)
    colours = state["sheet"]["colours"]
    free = sum(1 for i in free_cells(state) if colours[i] == letter)
    if free:
        return f"mark {left} {name} blocks ({free} are free)"
    return f"no {name} block is free, so mark {left} blocks of any colour but black or water"
