"""Moves a seat may make now (hints, buttons, random play) and a simple bot built on them."""

from __future__ import annotations

import json
import math
from functools import cache
from itertools import product

from games.base import Move, Rng, RuleError, State
from games.papercraft.abilities import HANDLERS, in_place_block, use_ability
from games.papercraft.army import army_points, side_points, spot_free, zone
from games.papercraft.attacking import cannot_attack, measure, usable
from games.papercraft.catalog import armor_modifier, parse_dice, templates
from games.papercraft.dice import Dice
from games.papercraft.geometry import footprint, gap
from games.papercraft.moving import cannot_move, check_path
from games.papercraft.table import (
    Piece,
    allied,
    catalog,
    has,
    kind,
    pieces,
    rect,
    standing,
    tracked,
)
from games.papercraft.words import split_flags


def waiting(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "army":
        return [s for s in range(len(state["names"])) if not state["ready"][s]]
    if phase == "place":
        return [state["placer"]]
    if phase == "battle":
        return [state["pending"][0]["seat"]] if state["pending"] else [state["active"]]
    return []


def words(name: str) -> tuple[str, ...]:
    return tuple(name.split())


def legal(state: State, seat: int) -> list[Move]:
    if seat not in waiting(state):
        return []
    if state["phase"] == "army":
        return _army_moves(state, seat)
    if state["phase"] == "place":
        return _place_moves(state, seat)
    if state["pending"]:
        otoro = pieces(state)[state["pending"][0]["unit"]]
        aim = ("ability", *words(otoro["name"]), "Fire", "Rockets")
        moves = [Move(aim[0], (*aim[1:], "none"))]
        near = standing(state)[:1]
        return moves + [Move(aim[0], (*aim[1:], *words(p["name"]))) for p in near]
    if state["step"] == "move":
        return [*_movement(state, seat), Move("done")]
    return [*_attacks(state, seat), *_abilities(state, seat), Move("done")]


def _army_moves(state: State, seat: int) -> list[Move]:
    limit = state["options"]["points"]
    budget = limit - side_points(state, state["teams"][seat])
    moves = [
        Move("army", ("add", *words(name)))
        for name, unit in catalog(state).items()
        if unit["points"] <= budget
    ]
    moves += [Move("army", ("remove", *words(name))) for name in state["armies"][seat]]
    if state["armies"][seat] and army_points(state, seat) <= limit:
        moves.append(Move("ready"))
    return moves


def _spots(state: State, piece: Piece) -> list[tuple[float, float]]:
    """Free spots in the start zone, front rows first, from the middle outward."""
    facing = piece["facing"]
    width, depth = footprint(templates()[kind(state, piece)["template"]], facing)
    x0, y0, x1, y1 = zone(state, piece["owner"])
    xs = [x0 + width / 2 + i for i in range(int(x1 - x0 - width) + 1)]
    ys = [y0 + depth / 2 + i for i in range(int(y1 - y0 - depth) + 1)]
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    centre = (state["options"]["table"][0] / 2, state["options"]["table"][1] / 2)
    spots = sorted(
        ((x, y) for x in xs for y in ys),
        key=lambda p: (
            round(math.dist(p, centre) - math.dist(middle, centre)),
            abs(p[0] - middle[0]) + abs(p[1] - middle[1]),
        ),
    )
    free: list[tuple[float, float]] = []
    for x, y in spots:
        if spot_free(state, piece, x, y, facing) is None:
            free.append((x, y))
            if len(free) == 2:
                break
    return free


def _place_moves(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    seen: set[str] = set()
    for piece in pieces(state):
        if piece["owner"] != seat or piece["placed"] or piece["kind"] in seen:
            continue
        seen.add(piece["kind"])
        if not tracked(state):
            moves.append(Move("place", words(piece["name"])))
            continue
        for x, y in _spots(state, piece):
            moves.append(Move("place", (*words(piece["name"]), "at", f"{x:g},{y:g}")))
    return moves


def _enemies(state: State, seat: int) -> list[Piece]:
    return [p for p in standing(state) if not allied(state, seat, p["owner"])]


def _nearest(state: State, piece: Piece, others: list[Piece]) -> Piece | None:
    if not others:
        return None
    return min(others, key=lambda p: (gap(rect(state, piece), rect(state, p)), p["id"]))


def _approach(state: State, piece: Piece, target: Piece) -> Move | None:
    """A legal straight move toward the target, stopping short of contact."""
    left = kind(state, piece)["move"] - piece["moved"]
    distance = gap(rect(state, piece), rect(state, target))
    want = min(left, distance - 0.5)
    start = (piece["x"], piece["y"])
    heading = math.atan2(target["y"] - start[1], target["x"] - start[0])
    for turn in (0.0, 0.5, -0.5, 1.0, -1.0, 1.6, -1.6, 2.4, -2.4):
        for share in (1.0, 0.6, 0.3):
            travel = math.floor(want * share * 10) / 10
            if travel < 0.5:
                continue
            angle = heading + turn
            x = round(start[0] + travel * math.cos(angle), 1)
            y = round(start[1] + travel * math.sin(angle), 1)
            if round(math.dist(start, (x, y)), 2) > left + 1e-9:
                continue
            try:
                check_path(state, piece, (x, y, None))
            except RuleError:
                continue
            return Move("move", (*words(piece["name"]), "to", f"{x:g},{y:g}"))
    return None


def _movement(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    enemies = _enemies(state, seat)
    for piece in standing(state):
        if piece["owner"] != seat or cannot_move(state, piece):
            continue
        if not tracked(state):
            left = kind(state, piece)["move"] - piece["moved"]
            moves.append(Move("move", (*words(piece["name"]), f"{left:g}")))
            continue
        target = _nearest(state, piece, enemies)
        step = _approach(state, piece, target) if target else None
        if step:
            moves.append(step)
    return moves


def _attacks(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    for piece in standing(state):
        if piece["owner"] != seat or cannot_attack(state, piece):
            continue
        for target in _enemies(state, seat):
            if target["id"] in piece["targets"]:
                continue
            distance = measure(state, piece, target) if tracked(state) else None
            if tracked(state) and distance is None:
                continue
            for weapon in usable(state, piece):
                if distance is not None and distance > weapon["range"] + 1e-9:
                    continue
                args = (*words(piece["name"]), *words(target["name"]), *words(weapon["name"]))
                if not tracked(state) and not weapon["melee"]:
                    args = (*args, "--range", str(weapon["range"]))
                moves.append(Move("attack", args))
                if has(state, piece, "Bear Hug") and _huggable(state, piece, target):
                    moves.append(Move("attack", (*args, "--hug")))
    return moves


def _huggable(state: State, bear: Piece, target: Piece) -> bool:
    template = kind(state, target)["template"]
    return template in ("Character", "Large Unit") and target["hugged_by"] != bear["id"]


def _abilities(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    for piece in standing(state):
        if piece["owner"] != seat or in_place_block(state, piece):
            continue
        for entry in kind(state, piece)["abilities"]:
            if entry["name"] in HANDLERS:
                move = _ability_move(state, piece, entry["name"])
                if move is not None and _works(state, seat, move):
                    moves.append(move)
    return moves


def _works(state: State, seat: int, move: Move) -> bool:
    """Try an ability on a copy: area abilities and Gale depend on exact geometry."""
    trial = json.loads(json.dumps(state))
    words_, flags = split_flags(move.args)
    try:
        use_ability(trial, seat, words_, flags, Dice(Rng("trial"), None))
    except RuleError:
        return False
    return True


def _ability_move(state: State, piece: Piece, name: str) -> Move | None:
    seat = piece["owner"]
    base = ("ability", *words(piece["name"]), *words(name))
    friends = [p for p in standing(state) if p is not piece and allied(state, seat, p["owner"])]
    enemies = _enemies(state, seat)
    if name in ("Rally Cry", "The Power", "Field Repair"):
        reach = {"Rally Cry": 6, "The Power": 10, "Field Repair": 2}[name]
        if name == "Field Repair":
            friends = [
                p
                for p in [*friends, piece]
                if kind(state, p)["primary"] == "Mechanical" and p["hp"] < p["max_hp"]
            ]
        if tracked(state):
            friends = [p for p in friends if gap(rect(state, p), rect(state, piece)) <= reach]
        return Move(base[0], (*base[1:], *words(friends[0]["name"]))) if friends else None
    if name in ("Quake Stomp", "Fire Rockets"):
        if tracked(state):
            return Move(base[0], base[1:])
        return Move(base[0], (*base[1:], *words(enemies[0]["name"]))) if enemies else None
    if name == "Telekinetic Powers":
        movable = [
            p for p in enemies if not has(state, p, "Emplaced") and kind(state, p)["move"] > 0
        ]
        if tracked(state):
            movable = [p for p in movable if gap(rect(state, p), rect(state, piece)) <= 10]
        if not movable:
            return None
        target = movable[0]
        if not tracked(state):
            return Move(base[0], (*base[1:], *words(target["name"]), "--range", "10"))
        away = math.atan2(target["y"] - piece["y"], target["x"] - piece["x"])
        x = round(target["x"] + 6 * math.cos(away), 1)
        y = round(target["y"] + 6 * math.sin(away), 1)
        return Move(base[0], (*base[1:], *words(target["name"]), "to", f"{x:g},{y:g}"))
    return _gale_move(state, piece, base, enemies)


def _gale_move(
    state: State, piece: Piece, base: tuple[str, ...], enemies: list[Piece]
) -> Move | None:
    if not tracked(state):
        return Move(base[0], (*base[1:], *words(enemies[0]["name"]))) if enemies else None
    half = kind(state, piece)["move"] / 2
    for target in enemies:
        heading = math.atan2(target["y"] - piece["y"], target["x"] - piece["x"])
        beyond = math.dist((piece["x"], piece["y"]), (target["x"], target["y"])) + 2.5
        if beyond > half:
            continue
        x = round(piece["x"] + beyond * math.cos(heading), 1)
        y = round(piece["y"] + beyond * math.sin(heading), 1)
        return Move(base[0], (*base[1:], "to", f"{x:g},{y:g}"))
    return None


@cache
def _mean_damage(damage: str, modifier: int, halve: bool) -> float:
    """Exact mean of the damage after the armour modifier, floored at 0 (and halved)."""
    expr = parse_dice(damage)
    totals = [
        sum(faces) + expr.bonus for faces in product(range(1, expr.sides + 1), repeat=expr.count)
    ]
    hurt = [max(0, t + modifier) // (2 if halve else 1) for t in totals]
    return sum(hurt) / len(hurt)


def expected_damage(
    state: State, attacker: Piece, target: Piece, weapon: dict[str, object]
) -> float:
    """Chance to hit times average damage after armour: how the bot ranks its attacks."""
    armor = kind(state, target)["armor"]
    types = weapon["types"]
    assert isinstance(types, list)
    halve = has(state, target, "Bones, Not Flesh")
    best = max(
        _mean_damage(str(weapon["damage"]), armor_modifier(t, armor), halve and t == "Pierce")
        for t in types
    )
    hit = weapon["hit"]
    assert isinstance(hit, int)
    edge = hit - kind(state, target)["dodge"]
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + edge >= d)
    bonus = 5.0 if best >= target["hp"] else 0.0
    return wins / 36 * (best + bonus)


def bot_move(state: State, seat: int, rng: Rng) -> Move:
    options = legal(state, seat)
    if state["phase"] == "army":
        return _bot_army(state, seat, options, rng)
    if state["phase"] != "battle" or state["pending"]:
        return options[0]
    if state["step"] == "move":
        return _bot_step(state, seat, options)
    return _bot_attack(state, seat, options)


def _bot_army(state: State, seat: int, options: list[Move], rng: Rng) -> Move:
    adds = [m for m in options if m.args[:1] == ("add",)]
    count = sum(state["armies"][seat].values())
    if adds and count < 10:
        return rng.choice(adds)
    ready = [m for m in options if m.verb == "ready"]
    return ready[0] if ready else options[0]


def _bot_step(state: State, seat: int, options: list[Move]) -> Move:
    """Move units that cannot shoot anything from where they stand; others hold still to shoot."""
    for move in options:
        if move.verb != "move":
            continue
        piece = _named_piece(state, seat, move)
        ranged = [w for w in kind(state, piece)["attacks"] if not w["melee"]]
        if not ranged:
            return move
        if tracked(state) and all(
            (d := measure(state, piece, e)) is None or d > max(w["range"] for w in ranged)
            for e in _enemies(state, seat)
        ):
            return move
    return Move("done")


def _named_piece(state: State, seat: int, move: Move) -> Piece:
    own = [p for p in standing(state) if p["owner"] == seat]
    text = " ".join(move.args)
    return max((p for p in own if text.startswith(p["name"])), key=lambda p: len(p["name"]))


def _bot_attack(state: State, seat: int, options: list[Move]) -> Move:
    best: tuple[float, Move] | None = None
    for move in options:
        if move.verb != "attack" or "--hug" in move.args:
            continue
        attacker = _named_piece(state, seat, move)
        rest = " ".join(move.args)[len(attacker["name"]) + 1 :]
        target = max(
            (p for p in _enemies(state, seat) if rest.startswith(p["name"])),
            key=lambda p: len(p["name"]),
        )
        weapon = next(
            w
            for w in kind(state, attacker)["attacks"]
            if rest[len(target["name"]) + 1 :].startswith(w["name"])
        )
        score = expected_damage(state, attacker, target, weapon)
        if best is None or score > best[0]:
            best = (score, move)
    if best is not None and best[0] > 0:
        return best[1]
    abilities = [m for m in options if m.verb == "ability"]
    return abilities[0] if abilities else Move("done")
