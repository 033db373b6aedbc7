"""Turn order and what advances by itself: the simultaneous city choice, running an action's
steps until one needs its player, actions per level, the round end and the last round."""

from __future__ import annotations

from games.base import RuleError
from games.skylines.context import Context
from games.skylines.decks import deal_level, deck, refill_row
from games.skylines.effects import registry
from games.skylines.parse import one_name
from games.skylines.program import current, pop
from games.skylines.scoring import finish
from games.skylines.state import SkylinesState


def waiting(state: SkylinesState) -> list[int]:
    """The city phase is simultaneous: every seat that has not kept a city yet is waited on.
    In play, only the seat whose turn it is (an action's parts are all theirs)."""
    if state["phase"] == "city":
        return [seat for seat, city in enumerate(state["city"]) if city is None]
    return [state["turn"]["seat"]] if state["phase"] == "play" else []


def choose_city(t: Context, seat: int, parts: list[str]) -> None:
    """A private choice; when the last player has chosen, all cities are shown and play begins."""
    state = t.state
    if state["phase"] != "city":
        raise RuleError("Cities are already chosen; play has begun.")
    if state["city"][seat] is not None:
        raise RuleError("You have already kept a city; wait for the others to choose.")
    name = one_name(parts, state["offers"][seat], "one of your two cities", secret=True)
    state["city"][seat] = name
    t.tell(seat, f"You keep {name}.", reveals=False)
    missing = [t.name(s) for s, c in enumerate(state["city"]) if c is None]
    if missing:
        t.say(f"{t.name(seat)} has chosen a city. Still choosing: {', '.join(missing)}.")
        return
    kept = [c or "" for c in state["city"]]
    for s, name in enumerate(kept):
        state["cities"][s] = [{"built": [name], "tucked": []}]
    shown = "; ".join(f"{t.name(s)}: {c} ({t.cat.cities[c].text})" for s, c in enumerate(kept))
    t.say(f"Cities revealed: {shown}. Each mayor stands on their city.", reveal=True)
    state["phase"] = "play"
    start_turn(t, state["first"])


def start_turn(t: Context, seat: int) -> None:
    level = t.state["level"]
    t.state["turn"] = {"seat": seat, "actions": level, "once": [], "last_track": None}
    t.say(f"{t.name(seat)}'s turn: level {level}, {level} action(s).", board=True)


def _new_level(t: Context, first: int) -> None:
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


def end_turn(t: Context) -> None:
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


def run(t: Context) -> None:
    """Run steps until one needs an answer; when the action is over and no actions remain, pass."""
    state = t.state
    while state["program"] is not None:
        step = current(state)
        if step is None:
            state["program"] = None
            break
        seat = state["program"]["seat"]
        if not step.get("started") and not registry.start(t, seat, step):
            pop(state)
            continue
        if registry.auto(t, seat, step):
            continue
        if registry.answers(state, t.cat, seat, step):
            source = state["program"]["source"]
            t.say(f"{t.name(seat)} ({source}) must now {registry.prompt(state, step)}.")
            return
        if step.get("done", 0) == 0:
            t.say(f"{t.name(seat)} cannot do the '{step['do']}' part, so it is skipped.")
        pop(state)
    if state["phase"] == "play" and state["turn"]["actions"] <= 0:
        end_turn(t)
