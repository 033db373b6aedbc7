"""/roll: this turn's colour from the 10-card colour deck (or the older fair die)."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, public
from games.papertown.catalog import COLOURS
from games.papertown.participants import who
from games.papertown.placement import base_left, bribed, fallback_cells, free_cells
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


def _blocks(n: int) -> str:
    return f"{n} block{'' if n == 1 else 's'}"


def _is(n: int) -> str:
    return "is" if n == 1 else "are"


def roll_hint(state: PaperTownState) -> str:
    """What the roll lets the player mark, told as it really stands on the sheet."""
    letter = state["rolled"]
    assert letter is not None
    name = COLOURS[letter].short
    left = base_left(state)
    colours = state["sheet"]["colours"]
    free = sum(1 for i in free_cells(state) if colours[i] == letter)
    others = "any other colour but black" + ("" if state["options"]["water"] else " or water")
    if free >= left:
        return f"mark {left} {name} block{'' if left == 1 else 's'} ({free} {_is(free)} free)"
    markable = min(left, free + len(fallback_cells(state)))
    lost = left - markable
    forfeit = f"; {_blocks(lost)} of your {left} {_is(lost)} forfeited" if lost else ""
    if free:
        rest = markable - free
        then = f", then {_blocks(rest)} of {others}" if rest else ""
        them = "it" if free == 1 else "them"
        return f"only {_blocks(free)} of {name} {_is(free)} free, so mark {them}{then}{forfeit}"
    if markable:
        return f"no {name} block is free, so mark {_blocks(markable)} of {others}{forfeit}"
    return f"no block of any colour can be marked, so your {left} marks are forfeited; send /done"
