"""/roll: this turn's colour from the 10-card colour deck (or the older fair die)."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, public
from games.i18n import Joined, _, _n
from games.papertown.catalog import COLOURS
from games.papertown.participants import who
from games.papertown.placement import base_left, bribed, fallback_cells, free_of
from games.papertown.sheet import ROLLABLE
from games.papertown.state import PaperTownState

CARDS_PER_COLOUR = 2


def roll(state: PaperTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Draw the turn's colour: a card from the 10-card deck, or the fair die variant."""
    if state["rolled"] is not None:
        colour = COLOURS[state["rolled"]].short
        raise RuleError(
            _(
                "You already rolled {colour} this turn; /mark your blocks, then /done.",
                colour=colour,
            )
        )
    if state["options"]["die"]:
        letter = ROLLABLE[rng.randbelow(len(ROLLABLE))]
    else:
        if not state["deck"]:
            state["deck"] = [ch for ch in ROLLABLE for _card in range(CARDS_PER_COLOUR)]
        letter = state["deck"].pop(rng.randbelow(len(state["deck"])))
    state["rolled"] = letter
    name = COLOURS[letter].short
    if bribed(state):
        return [
            public(
                _("{name} rolls {colour} (for Building Material).", name=who(state), colour=name)
            )
        ]
    return [
        public(
            _("{name} rolls {colour}: {hint}.", name=who(state), colour=name, hint=roll_hint(state))
        )
    ]


def roll_hint(state: PaperTownState) -> str:
    """What the roll lets the player mark, told as it really stands on the sheet."""
    letter = state["rolled"]
    assert letter is not None
    name = COLOURS[letter].short
    left = base_left(state)
    free = len(free_of(state, letter))
    if state["options"]["water"]:
        others = _("any other colour but black")
    else:
        others = _("any other colour but black or water")
    if free >= left:
        return _n(
            "mark {n} {colour} block ({free})",
            "mark {n} {colour} blocks ({free})",
            left,
            colour=name,
            free=_n("{n} is free", "{n} are free", free),
        )
    markable = min(left, free + len(fallback_cells(state)))
    lost = left - markable
    forfeit = ""
    if lost:
        forfeit = _n(
            "; {n} block of your {left} is forfeited",
            "; {n} blocks of your {left} are forfeited",
            lost,
            left=left,
        )
    if free:
        rest = markable - free
        then = (
            _n(", then {n} block of {others}", ", then {n} blocks of {others}", rest, others=others)
            if rest
            else ""
        )
        only = _n(
            "only {n} block of {colour} is free, so mark it",
            "only {n} blocks of {colour} are free, so mark them",
            free,
            colour=name,
        )
        return Joined((only, then, forfeit), "")
    if markable:
        mark = _n(
            "no {colour} block is free, so mark {n} block of {others}",
            "no {colour} block is free, so mark {n} blocks of {others}",
            markable,
            colour=name,
            others=others,
        )
        return Joined((mark, forfeit), "")
    return _n(
        "no block of any colour can be marked, so your {n} mark is forfeited; send /done",
        "no block of any colour can be marked, so your {n} marks are forfeited; send /done",
        left,
    )
