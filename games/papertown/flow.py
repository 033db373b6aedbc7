"""Turn order and the end of a turn: /done crosses a time box, the last box ends the game."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, public
from games.i18n import Joined, _, _n
from games.papertown.participants import controller, name_of, names_and, who
from games.papertown.placement import ROLL_FIRST, base_left, base_open, bribed
from games.papertown.scoring import ranking
from games.papertown.state import PaperTownState, Phase


def game_over(state: PaperTownState) -> bool:
    return state["turn"] >= state["turns"]


def phase(state: PaperTownState) -> Phase:
    if game_over(state):
        return "over"
    return "roll" if state["rolled"] is None and not bribed(state) else "mark"


def waiting(state: PaperTownState) -> list[int]:
    return [] if game_over(state) else [controller(state)]


def done_allowed(state: PaperTownState) -> bool:
    """The turn may end once rolled (or bribed) and every placeable normal mark is placed."""
    if phase(state) != "mark":
        return False
    return base_left(state) <= 0 or not base_open(state)


def done(state: PaperTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """End the turn: forfeit marks that cannot be placed, cross one time box, pass the turn."""
    if phase(state) == "roll":
        raise RuleError(ROLL_FIRST)
    left = base_left(state)
    if left > 0 and base_open(state):
        raise RuleError(
            _n(
                "You still owe {n} of your marks; place them with /mark before /done.",
                "You still owe {n} of your marks; place them with /mark before /done.",
                left,
            )
        )
    ended = dict(name=who(state), turn=state["turn"] + 1, turns=state["turns"])
    if left > 0:
        text = _n(
            "{name} ends turn {turn} of {turns}; {n} mark is forfeited because no block can be "
            "marked.",
            "{name} ends turn {turn} of {turns}; {n} marks are forfeited because no block can be "
            "marked.",
            left,
            **ended,
        )
    else:
        text = _("{name} ends turn {turn} of {turns}.", **ended)
    state.update({"turn": state["turn"] + 1, "rolled": None, "base": 0, "used": {}, "marked": []})
    if game_over(state):
        return [public(text, board=True), _final_event(state)]
    return [public(Joined((text, _("Next: {name}, /roll.", name=who(state))), " "), board=True)]


def _final_event(state: PaperTownState) -> Event:
    winners, _scores, lines = ranking(state)
    if winners:
        names = names_and([name_of(state["players"][p]) for p in winners])
        verdict = _("Winner: {names}.", names=names)
    else:
        verdict = _("Winner: nobody.")
    told = [_("The time track is full."), *lines, verdict]
    return public(Joined(told, "\n"), board=True)
