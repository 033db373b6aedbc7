"""Moves a seat may make now: hints, buttons, autocomplete and random play. Each one offered is
accepted as it stands (abilities are checked with `prepare`, which changes nothing)."""

from __future__ import annotations

import math
from typing import Any

from games.args import offer
from games.base import Args, Move, Rng, RuleError
from games.i18n import _, joined
from games.papercraft.abilities import in_place_block, prepare
from games.papercraft.army import army_points, army_size, can_ready_empty, side_points
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
from games.papercraft.commands import command
from games.papercraft.flow import ESCAPED, waiting
from games.papercraft.grammar import (
    ABILITY,
    ABILITY_FLAGS,
    ADD,
    ARMY,
    ATTACK,
    ATTACK_FLAGS,
    MOVE,
    NOBODY,
    PLACE,
    Table,
    table,
)
from games.papercraft.moving import cannot_move, check_path, emplaced
from games.papercraft.options import MAX_UNITS
from games.papercraft.placement import DEFAULT_FACING, TURNED, find_spot, free_spots, to_place
from games.papercraft.state import Ability, PapercraftState, Piece, Weapon

State = PapercraftState
TRIES = 3  # targets tried for one ability that moves a unit


def context(state: State) -> Table:
    """Reading and writing this table's moves (grammar.Table)."""
    return table(state)


def legal(state: State, seat: int) -> list[Move]:
    if free(state) and state["phase"] == "battle" and not state["pending"]:
        return free_moves(state, seat)
    if seat not in waiting(state):
        return []
    ctx = context(state)
    if state["phase"] == "army":
        return army_moves(state, seat, ctx)
    if state["phase"] == "place":
        return place_moves(state, seat, ctx)
    if state["pending"]:
        return [aim_move(state, ctx)]
    if state["step"] == "escape":
        return [Move("escape")]
    field = Field(state) if tracked(state) else None
    if state["step"] == "move":
        mine = [p for p in standing(state) if p["owner"] == seat]
        found = [movement(state, piece, field, ctx) for piece in mine]
        return [*(m for m in found if m is not None), Move("done")]
    return [*attacks(state, seat, field, ctx), *abilities(state, seat, ctx), Move("done")]


def free_moves(state: State, seat: int) -> list[Move]:
    """Free play: every seat may move, attack or use an ability at any time, or end the round."""
    mine = [p for p in standing(state) if p["owner"] == seat]
    if not mine:
        return []
    ctx = context(state)
    found = [movement(state, piece, None, ctx) for piece in mine]
    moving = [m for m in found if m is not None]
    held = any(
        p["hugged_by"] is not None and p["uses"].get(ESCAPED) != state["round"] for p in mine
    )
    escape = [Move("escape")] if held else []
    offered = [*attacks(state, seat, None, ctx), *abilities(state, seat, ctx)]
    return [*escape, *moving, *offered, Move("round")]


def aim_move(state: State, ctx: Table) -> Move:
    """A destroyed Otoro's owner names no units: always accepted (the owner may name others)."""
    otoro = pieces(state)[state["pending"][0]["unit"]]
    entry = power(state, otoro, "fire_rockets")
    name = entry["name"] if entry is not None else "Fire Rockets"
    values = {"UNIT": otoro["name"], "ABILITY": name, "TARGET": (NOBODY,)}
    return offer("ability", ABILITY, values, ctx)


def army_move(action: str, name: str, ctx: Table, label: str = "") -> Move:
    """/army add or remove one unit."""
    return offer("army", ARMY, {"": action, "UNIT": name}, ctx, label)


def army_moves(state: State, seat: int, ctx: Table) -> list[Move]:
    limit = state["options"]["points"]
    budget = limit - side_points(state, state["teams"][seat])
    room = army_size(state, seat) < MAX_UNITS
    moves = [
        army_move("add", name, ctx, joined((_("Army"), ADD, unit_brief(unit)), " "))
        for name, unit in catalog(state).items()
        if room and unit["points"] <= budget
    ]
    moves += [army_move("remove", name, ctx) for name in state["armies"][seat]]
    has_units = bool(state["armies"][seat]) or can_ready_empty(state, seat)
    if has_units and army_points(state, seat) <= limit:
        moves.append(Move("ready"))
    return moves


def place_move(state: State, piece: Piece, ctx: Table, limit: int = 1) -> list[Move]:
    """Where this unit may go: free spots facing the middle, else turned, else anywhere it fits."""
    name = {"UNIT": piece["name"]}
    if not tracked(state):
        return [offer("place", PLACE, name, ctx)]
    facing = DEFAULT_FACING[piece["owner"]]
    for way in (facing, TURNED[facing]):
        spots = free_spots(state, piece, way, limit)
        if not spots:
            spot = find_spot(state, piece, way)
            spots = [spot] if spot is not None else []
        if spots:
            tail = {} if way == facing else {"FACING": way}
            return [
                offer("place", PLACE, name | {"X,Y": spot} | tail, ctx)
                for spot in ((round(x, 2), round(y, 2)) for x, y in spots)
            ]
    return []


def place_moves(state: State, seat: int, ctx: Table) -> list[Move]:
    moves: list[Move] = []
    seen: set[str] = set()
    for piece in to_place(state, seat):
        if piece["kind"] not in seen:
            seen.add(piece["kind"])
            moves += place_move(state, piece, ctx, 2)
    return moves


def enemies(state: State, seat: int) -> list[Piece]:
    team = state["teams"][seat]
    return [p for p in standing(state) if state["teams"][p["owner"]] != team]


def approach(state: State, field: Field, piece: Piece, target: Piece, ctx: Table) -> Move | None:
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
        return offer("move", MOVE, {"UNIT": piece["name"], "X,Y": (x, y)}, ctx)
    return None


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def _turn(a: float, b: float) -> float:
    """How far apart two headings are, in radians (0 to pi)."""
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def movement(state: State, piece: Piece, field: Field | None, ctx: Table) -> Move | None:
    """One move for this unit: its whole allowance (players measure), else toward the nearest enemy."""
    if cannot_move(state, piece):
        return None
    if field is None:
        left = round(kind(state, piece)["move"] - piece["moved"], 2)
        return offer("move", MOVE, {"UNIT": piece["name"], "INCHES": left}, ctx)
    target = field.nearest_enemy(piece)
    return approach(state, field, piece, target, ctx) if target is not None else None


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
    piece: Piece,
    target: Piece,
    weapon: Weapon,
    distance: float | None,
    ctx: Table,
    hug: bool = False,
) -> Move:
    values: dict[str, Any] = {
        "ATTACKER": piece["name"],
        "TARGET": target["name"],
        "WEAPON": weapon["name"],
    }
    if distance is None and not weapon["melee"]:
        values["range"] = float(weapon["range"])
    if hug:
        values["hug"] = True
    return offer("attack", ATTACK, values, ctx, flags=ATTACK_FLAGS)


def attack_moves(
    state: State, piece: Piece, target: Piece, distance: float | None, ctx: Table
) -> list[Move]:
    moves: list[Move] = []
    hug = power(state, piece, "bear_hug")
    for weapon in usable(state, piece):
        if distance is not None and distance > weapon["range"] + 1e-9:
            continue
        moves.append(attack_move(piece, target, weapon, distance, ctx))
        if (
            hug is not None
            and kind(state, target)["template"] in hug["templates"]
            and target["hugged_by"] != piece["id"]
        ):
            moves.append(attack_move(piece, target, weapon, distance, ctx, hug=True))
    return moves


def attacks(state: State, seat: int, field: Field | None, ctx: Table) -> list[Move]:
    moves: list[Move] = []
    for piece in standing(state):
        if piece["owner"] != seat or cannot_attack(state, piece):
            continue
        for target, distance in targets(state, piece, field):
            moves += attack_moves(state, piece, target, distance, ctx)
    return moves


def works(state: State, seat: int, values: dict[str, Any]) -> bool:
    """Whether an /ability of these typed values passes every check (nothing is changed,
    nothing rolled)."""
    try:
        prepare(state, seat, command(Args((), values), Rng("unused")))
    except RuleError:
        return False
    return True


def abilities(state: State, seat: int, ctx: Table) -> list[Move]:
    moves: list[Move] = []
    for piece in standing(state):
        if piece["owner"] != seat or in_place_block(state, piece):
            continue
        for entry in kind(state, piece)["abilities"]:
            effect = entry.get("effect")
            if effect is None:
                continue
            move = ability_move(state, piece, entry, ctx)
            if move is not None:
                moves.append(move)
    return moves


def ability_move(state: State, piece: Piece, entry: Ability, ctx: Table) -> Move | None:
    """A use of an in-place-of-attacking ability that passes every check, if one is found."""
    values = _ability_values(state, piece, entry)
    if values is None or not works(state, piece["owner"], values):
        return None
    return offer("ability", ABILITY, values, ctx, flags=ABILITY_FLAGS)


def _ability_values(state: State, piece: Piece, entry: Ability) -> dict[str, Any] | None:
    """A plausible use of an in-place-of-attacking ability, as typed values."""
    seat, effect = piece["owner"], entry.get("effect")
    base = {"UNIT": piece["name"], "ABILITY": entry["name"]}
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
        return base | {"TARGET": (friends[0]["name"],)} if friends else None
    if effect in ("quake_stomp", "fire_rockets"):
        if tracked(state):
            return base
        return base | {"TARGET": (foes[0]["name"],)} if foes else None
    if effect == "telekinesis":
        movable = [p for p in foes if not emplaced(state, p)]
        if tracked(state):
            movable = within(state, piece, movable, entry["reach"])
        for target in movable[:TRIES]:
            aimed = base | {"TARGET": (target["name"],)}
            if not tracked(state):
                return aimed | {"range": 1.0}
            here, there = centre(piece), centre(target)
            away = math.atan2(there[1] - here[1], there[0] - here[0])
            x = round(there[0] + 6 * math.cos(away), 1)
            y = round(there[1] + 6 * math.sin(away), 1)
            if works(state, seat, aimed | {"X,Y": (x, y)}):
                return aimed | {"X,Y": (x, y)}
        return None
    if effect == "gale":
        return _gale_values(state, piece, base, foes)
    return None


def _gale_values(
    state: State, piece: Piece, base: dict[str, Any], foes: list[Piece]
) -> dict[str, Any] | None:
    if not tracked(state):
        return base | {"TARGET": (foes[0]["name"],)} if foes else None
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
        if works(state, piece["owner"], base | {"X,Y": (x, y)}):
            return base | {"X,Y": (x, y)}
        tried += 1
        if tried >= TRIES:
            break
    return None
