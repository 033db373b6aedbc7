"""Moves a seat may make now: hints, buttons, autocomplete and random play. Each one offered is
accepted as it stands (abilities are checked with `prepare`, which changes nothing)."""

from __future__ import annotations

import math

from games.base import Move, Rng, RuleError
from games.i18n import _, joined
from games.papercraft.abilities import in_place_block, prepare
from games.papercraft.army import ADD, REMOVE, army_points, army_size, can_ready_empty, side_points
from games.papercraft.attacking import cannot_attack, measure, reach, usable, within
from games.papercraft.board import (
    Field,
    allied,
    catalog,
    centre,
    free,
    kind,
    pieces,
    power,
    standing,
    tracked,
)
from games.papercraft.cards import unit_brief
from games.papercraft.commands import Command, split_flags
from games.papercraft.flow import ESCAPED, waiting
from games.papercraft.moving import cannot_move, check_path, emplaced
from games.papercraft.names import ability_name, piece_name, unit_name, weapon_name
from games.papercraft.options import MAX_UNITS
from games.papercraft.placement import DEFAULT_FACING, TURNED, find_spot, free_spots, to_place
from games.papercraft.rolls import Dice
from games.papercraft.state import Ability, PapercraftState, Piece, Weapon
from games.papercraft.verbs import ABILITY_FLAGS
from games.papercraft.words import AT, NONE, TO

State = PapercraftState
TRIES = 3  # targets tried for one ability that moves a unit


def words(name: str) -> tuple[str, ...]:
    """A name as one argument: a Name is offered in the reader's language, sent in English (the
    handler splits it into words again)."""
    return (name,)


def legal(state: State, seat: int) -> list[Move]:
    if free(state) and state["phase"] == "battle" and not state["pending"]:
        return free_moves(state, seat)
    if seat not in waiting(state):
        return []
    if state["phase"] == "army":
        return army_moves(state, seat)
    if state["phase"] == "place":
        return place_moves(state, seat)
    if state["pending"]:
        return [aim_move(state)]
    if state["step"] == "escape":
        return [Move("escape")]
    field = Field(state) if tracked(state) else None
    if state["step"] == "move":
        mine = [p for p in standing(state) if p["owner"] == seat]
        found = [movement(state, piece, field) for piece in mine]
        return [*(m for m in found if m is not None), Move("done")]
    return [*attacks(state, seat, field), *abilities(state, seat), Move("done")]


def free_moves(state: State, seat: int) -> list[Move]:
    """Free play: every seat may move, attack or use an ability at any time, or end the round."""
    mine = [p for p in standing(state) if p["owner"] == seat]
    if not mine:
        return []
    found = [movement(state, piece, None) for piece in mine]
    moving = [m for m in found if m is not None]
    held = any(
        p["hugged_by"] is not None and p["uses"].get(ESCAPED) != state["round"] for p in mine
    )
    escape = [Move("escape")] if held else []
    return [*escape, *moving, *attacks(state, seat, None), *abilities(state, seat), Move("round")]


def aim_move(state: State) -> Move:
    """A destroyed Otoro's owner names no units: always accepted (the owner may name others)."""
    otoro = pieces(state)[state["pending"][0]["unit"]]
    entry = power(state, otoro, "fire_rockets")
    name = ability_name(entry) if entry is not None else ability_name("Fire Rockets")
    return Move("ability", (piece_name(otoro), name, NONE))


def army_moves(state: State, seat: int) -> list[Move]:
    limit = state["options"]["points"]
    budget = limit - side_points(state, state["teams"][seat])
    room = army_size(state, seat) < MAX_UNITS
    moves = [
        Move("army", (ADD, unit_name(name)), joined((_("Army"), ADD, unit_brief(unit)), " "))
        for name, unit in catalog(state).items()
        if room and unit["points"] <= budget
    ]
    moves += [Move("army", (REMOVE, unit_name(name))) for name in state["armies"][seat]]
    has_units = bool(state["armies"][seat]) or can_ready_empty(state, seat)
    if has_units and army_points(state, seat) <= limit:
        moves.append(Move("ready"))
    return moves


def place_move(state: State, piece: Piece, limit: int = 1) -> list[Move]:
    """Where this unit may go: free spots facing the middle, else turned, else anywhere it fits."""
    name = (piece_name(piece),)
    if not tracked(state):
        return [Move("place", name)]
    facing = DEFAULT_FACING[piece["owner"]]
    for way in (facing, TURNED[facing]):
        spots = free_spots(state, piece, way, limit)
        if not spots:
            spot = find_spot(state, piece, way)
            spots = [spot] if spot is not None else []
        if spots:
            tail = () if way == facing else (way,)
            return [Move("place", (*name, AT, f"{x:g},{y:g}", *tail)) for x, y in spots]
    return []


def place_moves(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    seen: set[str] = set()
    for piece in to_place(state, seat):
        if piece["kind"] not in seen:
            seen.add(piece["kind"])
            moves += place_move(state, piece, 2)
    return moves


def enemies(state: State, seat: int) -> list[Piece]:
    team = state["teams"][seat]
    return [p for p in standing(state) if state["teams"][p["owner"]] != team]


def approach(state: State, field: Field, piece: Piece, target: Piece) -> Move | None:
    """A legal straight move toward the target: to a spot beside it if in reach, else as far
    along the way as the allowance goes; then sideways tries when the way is blocked."""
    left = kind(state, piece)["move"] - piece["moved"]
    start = centre(piece)
    x0, y0, x1, y1 = field.rect(target)
    mine = field.rect(piece)
    w, d = mine[2] - mine[0], mine[3] - mine[1]
    beside = [
        (x0 - 0.5 - w / 2, _clamp(start[1], y0 - d / 2 + 0.5, y1 + d / 2 - 0.5)),
        (x1 + 0.5 + w / 2, _clamp(start[1], y0 - d / 2 + 0.5, y1 + d / 2 - 0.5)),
        (_clamp(start[0], x0 - w / 2 + 0.5, x1 + w / 2 - 0.5), y0 - 0.5 - d / 2),
        (_clamp(start[0], x0 - w / 2 + 0.5, x1 + w / 2 - 0.5), y1 + 0.5 + d / 2),
    ]
    beside.sort(key=lambda spot: math.dist(start, spot))
    goals: list[tuple[float, float]] = []
    for spot in beside[:2]:
        length = math.dist(start, spot)
        for share in (1.0, 0.5):
            travel = math.floor(min(left, length) * share * 10) / 10
            if travel >= 0.5:
                ratio = travel / length
                goals.append(
                    (
                        start[0] + (spot[0] - start[0]) * ratio,
                        start[1] + (spot[1] - start[1]) * ratio,
                    )
                )
    heading = math.atan2(beside[0][1] - start[1], beside[0][0] - start[0])
    want = min(left, math.dist(start, beside[0]))
    axes = sorted((0.0, math.pi / 2, math.pi, -math.pi / 2), key=lambda a: _turn(a, heading))
    for angle in (axes[0], heading + 0.6, heading - 0.6, axes[1]):
        travel = math.floor(want * 10) / 10
        if travel >= 0.5:
            goals.append((start[0] + travel * math.cos(angle), start[1] + travel * math.sin(angle)))
    for gx, gy in goals:
        x, y = round(gx, 1), round(gy, 1)
        if round(math.dist(start, (x, y)), 2) > left + 1e-9 or (x, y) == start:
            continue
        try:
            check_path(state, piece, (x, y, None), field)
        except RuleError:
            continue
        return Move("move", (piece_name(piece), TO, f"{x:g},{y:g}"))
    return None


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def _turn(a: float, b: float) -> float:
    """How far apart two headings are, in radians (0 to pi)."""
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def movement(state: State, piece: Piece, field: Field | None) -> Move | None:
    """One move for this unit: its whole allowance (players measure), else toward the nearest enemy."""
    if cannot_move(state, piece):
        return None
    if field is None:
        left = kind(state, piece)["move"] - piece["moved"]
        return Move("move", (piece_name(piece), f"{left:g}"))
    target = field.nearest_enemy(piece)
    return approach(state, field, piece, target) if target is not None else None


def targets(state: State, piece: Piece, field: Field | None) -> list[tuple[Piece, float | None]]:
    """Enemies this unit could attack now, with the measured range when positions are tracked."""
    found: list[tuple[Piece, float | None]] = []
    if field is None:
        return [
            (p, None) for p in enemies(state, piece["owner"]) if p["id"] not in piece["targets"]
        ]
    near = set(field.around(piece, reach(state, piece)))
    for target in enemies(state, piece["owner"]):
        if target["id"] in near and target["id"] not in piece["targets"]:
            distance = measure(state, piece, target, field)
            if distance is not None:
                found.append((target, distance))
    return found


def attack_move(
    state: State, piece: Piece, target: Piece, weapon: Weapon, distance: float | None
) -> Move:
    args: tuple[str, ...] = (
        piece_name(piece),
        piece_name(target),
        weapon_name(kind(state, piece), weapon),
    )
    if distance is None and not weapon["melee"]:
        args = (*args, "--range", str(weapon["range"]))
    return Move("attack", args)


def attack_moves(state: State, piece: Piece, target: Piece, distance: float | None) -> list[Move]:
    moves: list[Move] = []
    hug = power(state, piece, "bear_hug")
    for weapon in usable(state, piece):
        if distance is not None and distance > weapon["range"] + 1e-9:
            continue
        move = attack_move(state, piece, target, weapon, distance)
        moves.append(move)
        if (
            hug is not None
            and kind(state, target)["template"] in hug["templates"]
            and target["hugged_by"] != piece["id"]
        ):
            moves.append(Move("attack", (*move.args, "--hug")))
    return moves


def attacks(state: State, seat: int, field: Field | None) -> list[Move]:
    moves: list[Move] = []
    for piece in standing(state):
        if piece["owner"] != seat or cannot_attack(state, piece):
            continue
        for target, distance in targets(state, piece, field):
            moves += attack_moves(state, piece, target, distance)
    return moves


def works(state: State, seat: int, move: Move) -> bool:
    """Whether an /ability move passes every check (nothing is changed, nothing rolled)."""
    try:
        typed = [word for arg in move.args for word in str(arg).split()]
        args, flags = split_flags(move.verb, typed, ABILITY_FLAGS)
        prepare(state, seat, Command(args, flags, Dice(Rng("unused"), None)))
    except RuleError:
        return False
    return True


def abilities(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    for piece in standing(state):
        if piece["owner"] != seat or in_place_block(state, piece):
            continue
        for entry in kind(state, piece)["abilities"]:
            effect = entry.get("effect")
            if effect is None:
                continue
            move = ability_move(state, piece, entry)
            if move is not None and works(state, seat, move):
                moves.append(move)
    return moves


def ability_move(state: State, piece: Piece, entry: Ability) -> Move | None:
    """A plausible use of an in-place-of-attacking ability (checked by `works` before offering)."""
    seat, effect = piece["owner"], entry.get("effect")
    base = (piece_name(piece), ability_name(entry))
    friends = [p for p in standing(state) if p is not piece and allied(state, seat, p["owner"])]
    foes = enemies(state, seat)
    if effect in ("rally_cry", "the_power", "field_repair"):
        if effect == "field_repair":
            friends = [
                p
                for p in [*friends, piece]
                if p["hp"] < p["max_hp"] and kind(state, p)["primary"] == entry["primary"]
            ]
        if tracked(state):
            friends = within(state, piece, friends, entry["reach"])
        return Move("ability", (*base, piece_name(friends[0]))) if friends else None
    if effect in ("quake_stomp", "fire_rockets"):
        if tracked(state):
            return Move("ability", base)
        return Move("ability", (*base, piece_name(foes[0]))) if foes else None
    if effect == "telekinesis":
        movable = [p for p in foes if not emplaced(state, p)]
        if tracked(state):
            movable = within(state, piece, movable, entry["reach"])
        for target in movable[:TRIES]:
            if not tracked(state):
                return Move("ability", (*base, piece_name(target), "--range", "1"))
            here, there = centre(piece), centre(target)
            away = math.atan2(there[1] - here[1], there[0] - here[0])
            x = round(there[0] + 6 * math.cos(away), 1)
            y = round(there[1] + 6 * math.sin(away), 1)
            move = Move("ability", (*base, piece_name(target), TO, f"{x:g},{y:g}"))
            if works(state, seat, move):
                return move
        return None
    if effect == "gale":
        return _gale_move(state, piece, base, foes)
    return None


def _gale_move(state: State, piece: Piece, base: tuple[str, ...], foes: list[Piece]) -> Move | None:
    if not tracked(state):
        return Move("ability", (*base, piece_name(foes[0]))) if foes else None
    entry = power(state, piece, "gale")
    if entry is None:
        return None
    allowed = kind(state, piece)["move"] / entry["divisor"]
    here = centre(piece)
    tried = 0
    for target in foes:
        there = centre(target)
        heading = math.atan2(there[1] - here[1], there[0] - here[0])
        beyond = math.dist(here, there) + 2.5
        if beyond > allowed:
            continue
        x = round(here[0] + beyond * math.cos(heading), 1)
        y = round(here[1] + beyond * math.sin(heading), 1)
        move = Move("ability", (*base, TO, f"{x:g},{y:g}"))
        if works(state, piece["owner"], move):
            return move
        tried += 1
        if tried >= TRIES:
            break
    return None
