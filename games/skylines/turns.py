"""Turn order: actions per level, the round end and the next level's deal, and the last round."""

from __future__ import annotations

from games.skylines.decks import deal_level, deck, refill_row
from games.skylines.scoring import finish
from games.skylines.table import Table


def start_turn(t: Table, seat: int) -> None:
    level = t.state["level"]
    t.state["turn"] = {"seat": seat, "actions": level, "once": [], "last_track": None}
    t.say(f"{t.name(seat)}'s turn: level {level}, {level} action(s).", board=True)


def _new_level(t: Table, first: int) -> None:
    """The card row is discarded, the old deck set aside (ruling 12), and everyone draws."""
    state = t.state
    level = state["level"]
    row, leftover = list(state["row"]), deck(state, level)
    state["discard"].extend(row)
    state["row"] = []
    state["set_aside"].extend(leftover)
    state["decks"][str(level)] = []
    state["level"] = level + 1
    t.say(
        f"Level {level} is over: the card row ({', '.join(row) or 'empty'}) is discarded and "
        f"{len(leftover)} leftover level {level} card(s) are set aside. Level {level + 1} "
        f"begins and every player draws {t.cat.deal} level {level + 1} cards."
    )
    deal_level(t, first)
    refill_row(t)


def end_turn(t: Table) -> None:
    """Pass the turn; a round-end card seen this level ends the level or, at level 4, the game."""
    state = t.state
    seat = state["turn"]["seat"]
    state["turns"][seat] += 1
    following = (seat + 1) % len(state["names"])
    if state["level"] < 4 and state["level"] in state["seen_end"]:
        _new_level(t, following)
    if state["level"] == 4 and 4 in state["seen_end"] and following == state["first"]:
        finish(t)
        return
    start_turn(t, following)
