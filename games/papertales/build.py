"""Phase 5, Construction: one new building or one upgrade per turn, or nothing."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, private, public
from games.papertales.catalog import building_label, match_building
from games.papertales.costs import affordable, land_cost, quote
from games.papertales.moves import build_moves
from games.papertales.state import PaperTalesState, Player

LEVELS = ("1", "2")


def _check(state: PaperTalesState, seat: int) -> Player:
    """Refuse construction verbs outside Construction."""
    if state["phase"] != "build":
        raise RuleError("You can only build during Construction.")
    return state["players"][seat]


def _construct(state: PaperTalesState, seat: int, words: list[str], upgrade: bool) -> list[Event]:
    """Build (or upgrade) at once: public, and it ends the seat's Construction."""
    p = _check(state, seat)
    level = 2 if upgrade else 1
    if not upgrade and words and words[-1] in LEVELS:
        level = int(words.pop())
    if not words:
        raise RuleError("Name the building: /build BUILDING [1|2] or /upgrade BUILDING.")
    building = match_building(" ".join(words))
    gold = quote(p, building, level, upgrade)
    p["gold"] -= gold
    p["buildings"][building] = level
    p["ready"] = True
    what = "upgrades" if upgrade else "builds"
    name = building_label(building, state["lang"])
    return [
        public(
            f"{state['names'][seat]} {what} the {name} to level {level} for {gold} gold; "
            f"{p['gold']} gold left."
        )
    ]


def act_build(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/build BUILDING [1|2]."""
    return _construct(state, seat, list(args), upgrade=False)


def act_upgrade(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/upgrade BUILDING."""
    return _construct(state, seat, list(args), upgrade=True)


def act_pass(state: PaperTalesState, seat: int) -> list[Event]:
    """Finish Construction without building."""
    _check(state, seat)["ready"] = True
    return [public(f"{state['names'][seat]} builds nothing this turn.")]


def start_construction(state: PaperTalesState) -> list[Event]:
    """Seats that can afford nothing are done at once; the others are asked."""
    state["phase"] = "build"
    events: list[Event] = []
    for seat, p in enumerate(state["players"]):
        p["ready"] = not affordable(p)
        if not p["ready"]:
            events.append(
                private(
                    seat,
                    f"Construction: you have {p['gold']} gold and land costs {land_cost(p)}. "
                    "Use /build BUILDING [1|2], /upgrade BUILDING or /pass.",
                    reveals=False,
                    choices=build_moves(state, seat),
                )
            )
    builders = [state["names"][s] for s, p in enumerate(state["players"]) if not p["ready"]]
    who = ", ".join(builders) if builders else "nobody (no one can afford a building)"
    return [public(f"Turn {state['turn']}, Construction: waiting for {who}."), *events]
