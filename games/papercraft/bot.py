"""The bot's choice: one cheap decision per call, never a list of every legal move.

Armies: random affordable units until the budget or the army is full. Placement: the first free
spot for the next unit. Movement: units that cannot shoot anything from where they stand close
in on the nearest enemy. Attacks: the first unit able to attack picks the target and weapon with
the best expected damage; abilities only when no attack is worth making."""

from __future__ import annotations

from functools import cache
from itertools import product

from games.base import Move, Rng
from games.papercraft.abilities import in_place_block
from games.papercraft.army import army_points, army_size, can_ready_empty, side_points
from games.papercraft.attacking import cannot_attack, measure, usable
from games.papercraft.board import Field, catalog, kind, power, standing, tracked
from games.papercraft.catalog import IN_PLACE, armor_modifier, parse_dice
from games.papercraft.grammar import Table
from games.papercraft.moves import (
    ability_move,
    aim_move,
    approach,
    army_move,
    attack_move,
    context,
    enemies,
    legal,
    movement,
    place_move,
)
from games.papercraft.moving import cannot_move
from games.papercraft.options import MAX_UNITS
from games.papercraft.placement import to_place
from games.papercraft.state import PapercraftState, Piece, Weapon

State = PapercraftState
NEAREST = 8  # targets looked at per unit, nearest first
SIGHTS = 24  # lines of fire measured per call
APPROACHES = 6  # units that find no way forward, per call
TRIES = 6  # abilities tried per call
EXACT = 4096  # damage spreads up to this many totals are averaged exactly


def bot_move(state: State, seat: int, rng: Rng) -> Move:
    phase, ctx = state["phase"], context(state)
    if phase == "army":
        return _army(state, seat, rng, ctx)
    if phase == "place":
        for piece in to_place(state, seat):
            found = place_move(state, piece, ctx)
            if found:
                return found[0]
    elif phase == "battle":
        if state["pending"]:
            return aim_move(state, ctx)
        if state["step"] == "escape":
            return Move("escape")
        field = Field(state) if tracked(state) else None
        if state["step"] == "move":
            return _step(state, seat, field, ctx)
        if state["step"] == "attack":
            return _attack(state, seat, field, ctx)
    return legal(state, seat)[0]


def _army(state: State, seat: int, rng: Rng, ctx: Table) -> Move:
    units = catalog(state)
    budget = state["options"]["points"] - side_points(state, state["teams"][seat])
    if army_points(state, seat) > state["options"]["points"]:
        costly = max(state["armies"][seat], key=lambda name: units[name]["points"])
        return army_move("remove", costly, ctx)
    if army_size(state, seat) < MAX_UNITS:
        affordable = [name for name, unit in units.items() if unit["points"] <= budget]
        if affordable:
            return army_move("add", rng.choice(affordable), ctx)
    if state["armies"][seat] or can_ready_empty(state, seat):
        return Move("ready")
    return legal(state, seat)[0]


def _ranged(state: State, piece: Piece) -> float:
    return max((w["range"] for w in kind(state, piece)["attacks"] if not w["melee"]), default=0)


def _reach(state: State, piece: Piece) -> float:
    return max((w["range"] for w in usable(state, piece)), default=0)


def _step(state: State, seat: int, field: Field | None, ctx: Table) -> Move:
    """Units with no enemy in reach close in on the nearest one; the others hold still.
    At most APPROACHES units that find no way forward are tried per call, then /done."""
    failed = 0
    for piece in standing(state):
        if piece["owner"] != seat or cannot_move(state, piece):
            continue
        if field is None:
            if not _ranged(state, piece):
                found = movement(state, piece, None, ctx)
                if found is not None:
                    return found
            continue
        if field.enemies_within(piece, _reach(state, piece)):
            continue  # something to attack from here
        target = field.nearest_enemy(piece)
        if target is None:
            break
        found = approach(state, field, piece, target, ctx)
        if found is not None:
            return found
        failed += 1
        if failed >= APPROACHES:
            break
    return Move("done")


def _attack(state: State, seat: int, field: Field | None, ctx: Table) -> Move:
    """The first unit with a worthwhile attack makes its best one; lines of fire are measured
    at most SIGHTS times per call."""
    sights = 0
    for piece in standing(state):
        if piece["owner"] != seat or cannot_attack(state, piece):
            continue
        best: tuple[float, Move] | None = None
        foes: list[tuple[Piece, float | None]] = []
        if field is None:
            foes = [(p, None) for p in enemies(state, seat) if p["id"] not in piece["targets"]]
        else:
            for target in field.enemies_within(piece, _reach(state, piece))[:NEAREST]:
                if target["id"] in piece["targets"] or sights >= SIGHTS:
                    continue
                sights += 1
                distance = measure(state, piece, target, field)
                if distance is not None:
                    foes.append((target, distance))
        for target, distance in foes:
            for weapon in usable(state, piece):
                if distance is not None and distance > weapon["range"] + 1e-9:
                    continue
                score = expected_damage(state, piece, target, weapon)
                if best is None or score > best[0]:
                    best = (score, attack_move(piece, target, weapon, distance, ctx))
        if best is not None and best[0] > 0:
            return best[1]
    return _ability(state, seat, ctx)


def _ability(state: State, seat: int, ctx: Table) -> Move:
    tries = 0
    for piece in standing(state):
        if piece["owner"] != seat or in_place_block(state, piece):
            continue
        for entry in kind(state, piece)["abilities"]:
            if entry.get("effect") not in IN_PLACE or tries >= TRIES:
                continue
            tries += 1
            found = ability_move(state, piece, entry, ctx)
            if found is not None:
                return found
    return Move("done")


@cache
def mean_damage(damage: str, modifier: int, divisor: int) -> float:
    """Mean damage after the armour modifier, floored at 0 and divided (exact when small)."""
    expr = parse_dice(damage)
    if expr.sides**expr.count <= EXACT:
        totals = [
            sum(faces) + expr.bonus
            for faces in product(range(1, expr.sides + 1), repeat=expr.count)
        ]
        hurt = [max(0, t + modifier) // divisor for t in totals]
        return sum(hurt) / len(hurt)
    if expr.count * expr.sides <= 200:
        spread = {0: 1.0}
        for _ in range(expr.count):
            step: dict[int, float] = {}
            for total, chance in spread.items():
                for face in range(1, expr.sides + 1):
                    step[total + face] = step.get(total + face, 0.0) + chance / expr.sides
            spread = step
        return sum(
            chance * (max(0, total + expr.bonus + modifier) // divisor)
            for total, chance in spread.items()
        )
    mean = expr.count * (expr.sides + 1) / 2 + expr.bonus
    return max(0.0, mean + modifier) / divisor


def expected_damage(state: State, attacker: Piece, target: Piece, weapon: Weapon) -> float:
    """Chance to hit times average damage after armour: how the bot ranks its attacks."""
    armor = kind(state, target)["armor"]
    halve = power(state, target, "halve_damage")
    best = max(
        mean_damage(
            weapon["damage"],
            armor_modifier(t, armor),
            halve["divisor"] if halve is not None and halve["damage_type"] == t else 1,
        )
        for t in weapon["types"]
    )
    edge = weapon["hit"] - kind(state, target)["dodge"]
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + edge >= d)
    bonus = 5.0 if best >= target["hp"] else 0.0
    return wins / 36 * (best + bonus)
