"""Turn order and the end of a turn: /done crosses a time box, the last box ends the game."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, public
from games.papertown.participants import controller, who
from games.papertown.placement import base_cells, base_left, bribed
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
    return base_left(state) <= 0 or not base_cells(state)


def done(state: PaperTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """End the turn: forfeit marks that cannot be placed, cross one time box, pass the turn."""
    if phase(state) == "roll":
        raise RuleError("Roll first with /roll (or use Bribery instead of your normal turn).")
    left = base_left(state)
    if left > 0 and base_cells(state):
        raise RuleError(f"You still owe {left} of your marks; place them with /mark before /done.")
    text = f"{who(state)} ends turn {state['turn'] + 1} of {state['turns']}"
    if left > 0:
        were = "mark is" if left == 1 else "marks are"
        text += f"; {left} {were} forfeited because no block can be marked"
    state.update({"turn": state["turn"] + 1, "rolled": None, "base": 0, "used": {}, "marked": []})
    if game_over(state):
        return [public(text + ".", board=True), _final_event(state)]
    return [public(f"{text}. Next: {who(state)}, /roll.", board=True)]


def _final_event(state: PaperTownState) -> Event:
    winners, _, lines = ranking(state)
    names = " and ".join(state["players"][p]["name"] for p in winners) or "nobody"
    return public("\n".join(["The time track is full.", *lines, f"Winner: {names}."]), board=True)
