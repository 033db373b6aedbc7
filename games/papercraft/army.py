"""Before the battle: building armies to the points total, the placement roll and placement."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from games.base import Rng, RuleError, State
from games.papercraft.catalog import unit_line
from games.papercraft.dice import Dice
from games.papercraft.flow import start_turn
from games.papercraft.geometry import Rect, footprint, inside, overlaps, rect_at
from games.papercraft.table import Piece, catalog, kind, pieces, rect, table_rect, templates
from games.papercraft.words import find_point, take_name

EDGES = ("bottom", "top", "left", "right")
DEFAULT_FACING = ("N", "S", "E", "W")  # toward the middle of the table
ZONE_DEPTH = 10


def army_points(state: State, seat: int) -> int:
    units = catalog(state)
    return sum(units[name]["points"] * count for name, count in state["armies"][seat].items())


def side_points(state: State, team: int) -> int:
    return sum(
        army_points(state, s) for s in range(len(state["names"])) if state["teams"][s] == team
    )


def army_text(state: State, seat: int) -> str:
    army = state["armies"][seat]
    units = catalog(state)
    parts = [f"{count}x {name} ({units[name]['points']})" for name, count in army.items()]
    listing = ", ".join(parts) or "no units yet"
    total = army_points(state, seat)
    return f"{state['names'][seat]}'s army: {listing} = {total} of {state['options']['points']} points."


def _count(words: list[str]) -> tuple[list[str], int]:
    """A trailing 'x3', '3x' or '3' is a count."""
    if len(words) > 1:
        found = re.fullmatch(r"[x×]?(\d+)[x×]?", words[-1].casefold())
        if found:
            return words[:-1], int(found.group(1))
    return words, 1


def edit_army(state: State, seat: int, words: list[str]) -> list[str]:
    """/army add|remove UNIT [xN] and the bare listing; editing takes back a /ready."""
    if not words or words[0].casefold() in ("list", "show"):
        return [army_text(state, s) for s in range(len(state["names"]))]
    if state["phase"] != "army":
        raise RuleError("Armies are fixed once the battle is set up; /army lists them.")
    action = words[0].casefold()
    if action not in ("add", "remove"):
        raise RuleError("Use /army add UNIT [xN], /army remove UNIT [xN], or /army to list.")
    rest, count = _count(words[1:])
    units = catalog(state)
    found = take_name(rest, [(name, name) for name in units])
    if found is None or found[1] or count < 1:
        raise RuleError(f"'{' '.join(rest)}' is not a unit; /units lists them all.")
    name = found[0]
    army = state["armies"][seat]
    if action == "add":
        army[name] = army.get(name, 0) + count
    else:
        if army.get(name, 0) < count:
            raise RuleError(
                f"Your army has {army.get(name, 0)}x {name}; you cannot remove {count}."
            )
        army[name] -= count
        if not army[name]:
            del army[name]
    lines = [f"{state['names'][seat]} {'adds' if action == 'add' else 'removes'} {count}x {name}."]
    if state["ready"][seat]:
        state["ready"][seat] = False
        lines.append(f"{state['names'][seat]} is no longer ready.")
    lines.append(army_text(state, seat))
    over = army_points(state, seat) - state["options"]["points"]
    if over > 0:
        lines.append(f"That is {over} points over the total: remove units before /ready.")
    return lines


def unit_listing(state: State) -> list[str]:
    return [unit_line(unit) for unit in catalog(state).values()]


def ready(state: State, seat: int, rng: Rng) -> list[str]:
    if state["phase"] != "army":
        raise RuleError("/ready is for the army phase, which is over.")
    if state["ready"][seat]:
        raise RuleError("You are already ready; /army add or remove takes it back.")
    if not state["armies"][seat]:
        raise RuleError("Your army is empty; /army add UNIT first (/units lists them).")
    total, limit = army_points(state, seat), state["options"]["points"]
    if total > limit:
        raise RuleError(
            f"Your army is {total} points, over the {limit}-point total; /army remove a unit."
        )
    state["ready"][seat] = True
    lines = [f"{state['names'][seat]} is ready with {total} points."]
    if all(state["ready"]):
        lines += _all_ready(state, rng)
    return lines


def _all_ready(state: State, rng: Rng) -> list[str]:
    """Every side fields at most the points total (rules: teams' points even); else hold."""
    limit = state["options"]["points"]
    over = [t for t in sorted(set(state["teams"])) if side_points(state, t) > limit]
    if over:
        lines = []
        for team in over:
            members = [s for s in range(len(state["names"])) if state["teams"][s] == team]
            for seat in members:
                state["ready"][seat] = False
            who = " and ".join(state["names"][s] for s in members)
            lines.append(
                f"Hold: the side of {who} fields {side_points(state, team)} points but every side "
                f"has the same {limit}-point total; {who}: /army remove units and /ready again."
            )
        return lines
    _create_units(state)
    order, lines = _roll_order(state, rng, list(range(len(state["names"]))))
    state["order"] = order
    state["phase"] = "place"
    state["placer"] = order[0]
    lines.append("Placement order: " + ", ".join(state["names"][s] for s in order) + ".")
    lines.append(
        f"{state['names'][order[0]]} places first: /place UNIT" + zone_hint(state, order[0])
    )
    return lines


def zone_hint(state: State, seat: int) -> str:
    if not state["options"]["positions"]:
        return "."
    return f' at X,Y [facing], within 10" of the {EDGES[seat]} edge.'


def _create_units(state: State) -> None:
    """One piece per unit; a name used more than once on the table gets numbers (Grave Legion 1, 2)."""
    units = catalog(state)
    totals: Counter[str] = Counter()
    for army in state["armies"]:
        totals.update(army)
    numbered: Counter[str] = Counter()
    for seat, army in enumerate(state["armies"]):
        for name, count in army.items():
            for _ in range(count):
                numbered[name] += 1
                label = name if totals[name] == 1 else f"{name} {numbered[name]}"
                hp = units[name]["hp"]
                state["units"].append(new_piece(len(state["units"]), label, name, seat, hp))
                state["units"][-1]["facing"] = DEFAULT_FACING[seat]


def new_piece(ident: int, label: str, name: str, seat: int, hp: int) -> Piece:
    return {
        "id": ident,
        "name": label,
        "kind": name,
        "owner": seat,
        "hp": hp,
        "max_hp": hp,
        "placed": False,
        "x": None,
        "y": None,
        "facing": "N",
        "dead": False,
        "corpse": False,
        "moved": 0,
        "targets": [],
        "in_place": None,
        "rally": 0,
        "power": False,
        "grappled": None,
        "hugged_by": None,
        "hugging": None,
        "burning": None,
        "rockets_used": False,
    }


def _roll_order(state: State, rng: Rng, seats: Sequence[int]) -> tuple[list[int], list[str]]:
    """Everyone rolls a d6, highest first; tied players re-roll among themselves."""
    rolls = {seat: rng.roll(6) for seat in seats}
    shown = ", ".join(f"{state['names'][s]} {rolls[s]}" for s in seats)
    lines = [f"Placement roll: {shown}."]
    order: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == value]
        if len(tied) > 1:
            lines.append(
                f"Tie at {value}: " + " and ".join(state["names"][s] for s in tied) + " re-roll."
            )
            sub, more = _roll_order(state, rng, tied)
            order += sub
            lines += more
        else:
            order += tied
    return order, lines


def zone(state: State, seat: int) -> Rect:
    """A player's start zone: 10\" deep from their own edge (seat 0 bottom, 1 top, 2 left, 3 right)."""
    width, depth = state["options"]["table"]
    return (
        (0.0, 0.0, width, ZONE_DEPTH),
        (0.0, depth - ZONE_DEPTH, width, depth),
        (0.0, 0.0, ZONE_DEPTH, depth),
        (width - ZONE_DEPTH, 0.0, width, depth),
    )[seat]


def spot_free(state: State, piece: Piece, x: float, y: float, facing: str) -> str | None:
    """Why a unit cannot be set down here, or None."""
    width, depth = footprint(templates()[kind(state, piece)["template"]], facing)
    area = rect_at(x, y, width, depth)
    if not inside(area, table_rect(state)) or not inside(area, zone(state, piece["owner"])):
        return (
            f'{piece["name"]} ({width:g}x{depth:g}") must lie wholly within 10" of your '
            f"{EDGES[piece['owner']]} edge."
        )
    for other in pieces(state):
        if other["placed"] and other is not piece and overlaps(area, rect(state, other)):
            return f"That spot overlaps {other['name']}."
    return None


def place(state: State, seat: int, words: list[str], dice: Dice) -> list[str]:
    if state["phase"] != "place":
        raise RuleError("/place is for the placement phase.")
    if seat != state["placer"]:
        raise RuleError(f"It is {state['names'][state['placer']]}'s turn to place a unit.")
    point = None
    if state["options"]["positions"]:
        words, point = find_point(words, "at")
    waiting = [p for p in pieces(state) if p["owner"] == seat and not p["placed"]]
    piece, rest = _unplaced(state, words, waiting)
    if rest:
        raise RuleError(f"Unexpected words '{' '.join(rest)}' after {piece['name']}.")
    where = ""
    if point is not None:
        facing = point[2] or DEFAULT_FACING[seat]
        reason = spot_free(state, piece, point[0], point[1], facing)
        if reason:
            raise RuleError(reason)
        piece["x"], piece["y"], piece["facing"] = point[0], point[1], facing
        where = f" at {point[0]:g},{point[1]:g} facing {facing}"
    piece["placed"] = True
    lines = [f"{state['names'][seat]} places {piece['name']}{where}."]
    return lines + _next_placer(state, dice)


def _unplaced(state: State, words: list[str], waiting: list[Piece]) -> tuple[Piece, list[str]]:
    """Match by piece name, or by unit kind (then the first unplaced one of that kind)."""
    found = take_name(words, [(p["name"], p) for p in waiting] + [(p["kind"], p) for p in waiting])
    if found is None:
        names = ", ".join(p["name"] for p in waiting)
        raise RuleError(f"'{' '.join(words)}' is not one of your units still to place: {names}.")
    return found


def _next_placer(state: State, dice: Dice) -> list[str]:
    order: list[int] = state["order"]
    start = order.index(state["placer"])
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if any(p["owner"] == seat and not p["placed"] for p in pieces(state)):
            state["placer"] = seat
            return [f"{state['names'][seat]} places next" + zone_hint(state, seat)]
    state["phase"] = "battle"
    state["placer"] = None
    return ["Every unit is on the table: the battle begins.", *start_turn(state, order[0], dice)]
