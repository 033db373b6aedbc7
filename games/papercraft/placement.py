"""Placement: start zones, free spots, /place, whose placement is next, and the start of battle."""

from __future__ import annotations

import math
from functools import cache
from typing import cast

from games.base import Event, RuleError, public
from games.i18n import N_, _, joined, said
from games.papercraft.board import kind, pieces, rect, table_rect, tracked
from games.papercraft.catalog import templates
from games.papercraft.commands import Command
from games.papercraft.flow import own, start_turn
from games.papercraft.geometry import Buckets, Rect, footprint, inside, overlaps, rect_at
from games.papercraft.grammar import AT
from games.papercraft.names import piece_name, pieces_named, unit_name
from games.papercraft.state import Facing, PapercraftState, Piece

State = PapercraftState
EDGES = (N_("bottom"), N_("top"), N_("left"), N_("right"))
DEFAULT_FACING: tuple[Facing, ...] = ("N", "S", "E", "W")  # toward the middle of the table
TURNED: dict[Facing, Facing] = {"N": "E", "S": "W", "E": "N", "W": "S"}
ZONE_DEPTH = 10


def zone(state: State, seat: int) -> Rect:
    """A player's start zone: 10\" deep from their own edge (seat 0 bottom, 1 top, 2 left, 3 right)."""
    width, depth = state["options"]["table"]
    return (
        (0.0, 0.0, width, ZONE_DEPTH),
        (0.0, depth - ZONE_DEPTH, width, depth),
        (0.0, 0.0, ZONE_DEPTH, depth),
        (width - ZONE_DEPTH, 0.0, width, depth),
    )[seat]


def zone_hint(state: State, seat: int) -> str:
    if not tracked(state):
        return "."
    return _(
        ' at X,Y [facing], within {depth}" of the {edge} edge.',
        depth=ZONE_DEPTH,
        edge=said(EDGES[seat]),
    )


def spot_free(state: State, piece: Piece, x: float, y: float, facing: str) -> str | None:
    """Why a unit cannot be set down here, or None."""
    width, depth = footprint(templates()[kind(state, piece)["template"]], facing)
    area = rect_at(x, y, width, depth)
    if not inside(area, table_rect(state)) or not inside(area, zone(state, piece["owner"])):
        return _(
            '{unit} ({width}x{depth}") must lie wholly within {zone}" of your {edge} edge.',
            unit=piece_name(piece),
            width=f"{width:g}",
            depth=f"{depth:g}",
            zone=ZONE_DEPTH,
            edge=said(EDGES[piece["owner"]]),
        )
    for other in pieces(state):
        if other["placed"] and other is not piece and overlaps(area, rect(state, other)):
            return _("That spot overlaps {unit}.", unit=piece_name(other))
    return None


def _placed_in(state: State, area: Rect) -> Buckets:
    found = Buckets()
    for other in pieces(state):
        if other["placed"]:
            box = rect(state, other)
            if overlaps(box, area):
                found.add(other["id"], box)
    return found


@cache
def _spots(
    table: tuple[int, int], area: Rect, width: float, depth: float
) -> tuple[tuple[float, float], ...]:
    """Every spot on a 1" grid in a zone, front rows first, from the middle outward."""
    x0, y0, x1, y1 = area
    xs = [x0 + width / 2 + i for i in range(int(x1 - x0 - width) + 1)]
    ys = [y0 + depth / 2 + i for i in range(int(y1 - y0 - depth) + 1)]
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    centre = (table[0] / 2, table[1] / 2)
    ordered = sorted(
        ((x, y) for x in xs for y in ys),
        key=lambda p: (
            round(math.dist(p, centre) - math.dist(middle, centre)),
            abs(p[0] - middle[0]) + abs(p[1] - middle[1]),
        ),
    )
    return tuple(ordered)


def free_spots(state: State, piece: Piece, facing: str, limit: int) -> list[tuple[float, float]]:
    """Free spots in the start zone on a 1" grid, front rows first, from the middle outward."""
    width, depth = footprint(templates()[kind(state, piece)["template"]], facing)
    area = zone(state, piece["owner"])
    taken = _placed_in(state, area)
    table = state["options"]["table"]
    free: list[tuple[float, float]] = []
    for x, y in _spots((table[0], table[1]), area, width, depth):
        if not taken.overlaps(rect_at(x, y, width, depth)):
            free.append((x, y))
            if len(free) == limit:
                break
    return free


def find_spot(state: State, piece: Piece, facing: str) -> tuple[float, float] | None:
    """A spot where the unit fits in its zone, if there is any: a free spot can always be slid
    left and down until it touches the zone's edge or another unit, so those corners suffice."""
    spots = free_spots(state, piece, facing, 1)
    if spots:
        return spots[0]
    width, depth = footprint(templates()[kind(state, piece)["template"]], facing)
    area = zone(state, piece["owner"])
    taken = _placed_in(state, area)
    xs = [area[0] + width / 2, *(r[2] + width / 2 for r in taken.rects.values())]
    ys = [area[1] + depth / 2, *(r[3] + depth / 2 for r in taken.rects.values())]
    for x in sorted(set(xs)):
        for y in sorted(set(ys)):
            spot = rect_at(x, y, width, depth)
            if inside(spot, area) and not taken.overlaps(spot):
                return round(x, 2), round(y, 2)
    return None


def place(state: State, seat: int, command: Command) -> list[Event]:
    if state["phase"] != "place":
        raise RuleError(_("/place is for the placement phase."))
    waiting = to_place(state, seat)
    piece = _unplaced(command.unit("UNIT") or "", waiting)
    point, facing = command.point(), command.word("FACING")
    if not tracked(state) and (point is not None or facing is not None):
        said = ([AT, f"{point[0]:g},{point[1]:g}"] if point is not None else []) + [facing or ""]
        raise RuleError(
            _(
                "Unexpected words '{text}' after {unit}.",
                text=joined(said, " ").strip(),
                unit=piece_name(piece),
            )
        )
    if tracked(state) and point is None:
        raise RuleError(
            _("Say where: '{keyword} X,Y' in inches from the bottom-left corner.", keyword=AT)
        )
    player, unit = state["names"][seat], piece_name(piece)
    text = _("{player} places {unit}.", player=player, unit=unit)
    if point is not None:
        facing = facing or DEFAULT_FACING[seat]
        reason = spot_free(state, piece, point[0], point[1], facing)
        if reason:
            raise RuleError(reason)
        piece["x"], piece["y"], piece["facing"] = point[0], point[1], cast(Facing, facing)
        text = _(
            "{player} places {unit} at {x},{y} facing {facing}.",
            player=player,
            unit=unit,
            x=f"{point[0]:g}",
            y=f"{point[1]:g}",
            facing=facing,
        )
    piece["placed"] = True
    events = [public(text)]
    order = state["order"]
    return events + next_placer(state, order.index(seat) + 1)


def to_place(state: State, seat: int) -> list[Piece]:
    return [p for p in pieces(state) if p["owner"] == seat and not p["placed"] and not p["reserve"]]


def _unplaced(label: str, waiting: list[Piece]) -> Piece:
    """The unit by its label, or by its kind (then the first unplaced one of that kind)."""
    for piece in waiting:
        if piece["name"] == label:
            return piece
    for piece in waiting:
        if piece["kind"] == label:
            return piece
    raise RuleError(
        _(
            "'{text}' is not one of your units still to place: {units}.",
            text=unit_name(label),
            units=pieces_named(waiting),
        )
    )


def _reserve(state: State, seat: int) -> list[Event]:
    """Units that fit nowhere in their start zone (either way round) sit the battle out."""
    if not tracked(state):
        return []
    events: list[Event] = []
    verdict: dict[str, bool] = {}
    for piece in to_place(state, seat):
        if piece["kind"] not in verdict:
            facing = DEFAULT_FACING[seat]
            verdict[piece["kind"]] = any(
                find_spot(state, piece, way) is not None for way in (facing, TURNED[facing])
            )
        if not verdict[piece["kind"]]:
            piece["reserve"] = True
            events.append(
                public(
                    _(
                        "{unit} fits nowhere in {player}'s start zone: it sits this battle out "
                        "(held in reserve, not counted).",
                        unit=piece_name(piece),
                        player=state["names"][seat],
                    )
                )
            )
    return events


def next_placer(state: State, start: int) -> list[Event]:
    """The next seat in placement order (from index `start`) with a unit to place; players with
    none left are skipped. When every unit is down, the battle begins."""
    order = state["order"]
    events: list[Event] = []
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        events += _reserve(state, seat)
        if to_place(state, seat):
            name = state["names"][seat]
            first = state["placer"] is None
            hint = zone_hint(state, seat)
            if first:
                text = _("{player} places first: /place UNIT{hint}", player=name, hint=hint)
            else:
                text = _("{player} places next{hint}", player=name, hint=hint)
            state["placer"] = seat
            return [*events, public(text)]
    state["phase"] = "battle"
    state["placer"] = None
    opener = next((seat for seat in order if own(state, seat)), order[0])
    return [
        *events,
        public(_("Every unit is on the table: the battle begins.")),
        *start_turn(state, opener),
    ]
