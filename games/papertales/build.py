"""Phase 5, Construction: one new building or one upgrade per turn, or nothing."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, private, public
from games.i18n import _, joined
from games.papertales.catalog import building_name
from games.papertales.costs import affordable, land_cost, quote
from games.papertales.moves import build_moves
from games.papertales.state import PaperTalesState, Player
from games.papertales.texts import gold

LEVELS = ("1", "2")


def _check(state: PaperTalesState, seat: int) -> Player:
    """Refuse construction verbs outside Construction."""
    if state["phase"] != "build":
        raise RuleError(_("You can only build during Construction."))
    return state["players"][seat]


def _construct(state: PaperTalesState, seat: int, args: Args, upgrade: bool) -> list[Event]:
    """Build (or upgrade) at once: public, and it ends the seat's Construction."""
    p = _check(state, seat)
    level = 2 if upgrade else int(args.maybe("LEVEL", str) or 1)
    building = args.one("BUILDING", str)
    price = quote(p, building, level, upgrade)
    p["gold"] -= price
    p["buildings"][building] = level
    p["ready"] = True
    params = {
        "name": state["names"][seat],
        "building": building_name(building),
        "level": level,
        "price": gold(price),
        "left": gold(p["gold"]),
    }
    if upgrade:
        text = _(
            "{name} upgrades the {building} to level {level} for {price}; {left} left.", **params
        )
    else:
        text = _(
            "{name} builds the {building} at level {level} for {price}; {left} left.", **params
        )
    return [public(text)]


def act_build(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/build BUILDING [1|2]."""
    return _construct(state, seat, args, upgrade=False)


def act_upgrade(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/upgrade BUILDING."""
    return _construct(state, seat, args, upgrade=True)


def act_pass(state: PaperTalesState, seat: int) -> list[Event]:
    """Finish Construction without building."""
    _check(state, seat)["ready"] = True
    return [public(_("{name} builds nothing this turn.", name=state["names"][seat]))]


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
                    _(
                        "Construction: you have {gold} and land costs {land}. Use "
                        "/build BUILDING [1|2], /upgrade BUILDING or /pass.",
                        gold=gold(p["gold"]),
                        land=gold(land_cost(p)),
                    ),
                    reveals=False,
                    choices=build_moves(state, seat),
                )
            )
    builders = [state["names"][s] for s, p in enumerate(state["players"]) if not p["ready"]]
    who = joined(builders, empty=_("nobody (no one can afford a building)"))
    text = _("Turn {turn}, Construction: waiting for {who}.", turn=state["turn"], who=who)
    return [public(text), *events]
