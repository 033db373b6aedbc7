"""The /ability command: the units' in-place-of-attacking abilities and Otoro's death rockets."""

from __future__ import annotations

import math
from collections.abc import Callable

from games.base import RuleError, State
from games.papercraft.attacking import cannot_attack
from games.papercraft.catalog import parse_dice
from games.papercraft.combat import after_armor, heal, hurt, release_hug, rockets, strike
from games.papercraft.dice import Dice
from games.papercraft.geometry import gap, rect_at, swept_crosses
from games.papercraft.moving import end_blocked, footprint_of, on_table
from games.papercraft.table import (
    Piece,
    ability_text,
    allied,
    blocks_movement,
    find_piece,
    has,
    kind,
    pieces,
    rect,
    standing,
    tracked,
)
from games.papercraft.words import find_point, parse_inches, split_list, take_name

PASSIVE = (
    "Wear and Tear",
    "Grapple",
    "Bear Hug",
    "Fireball",
    "Insubstantial",
    "Charge",
    "Emplaced",
    "Bones, Not Flesh",
    "Drifting",
    "Pack Hunt",
    "Siphon Life",
)
REPAIR = parse_dice("1d6+2")
STOMP = parse_dice("1d6+2")
TELEKINESIS_REACH = parse_dice("1d6+6")
Flags = dict[str, list[str]]


def in_place_block(state: State, piece: Piece) -> str | None:
    """Rules: only a unit that has not moved or attacked this turn may act in place of attacking."""
    if piece["moved"]:
        return f"{piece['name']} moved this turn, so it cannot act in place of attacking."
    if piece["targets"]:
        return (
            f"{piece['name']} already attacked this turn, so it cannot act in place of attacking."
        )
    return cannot_attack(state, piece)


def _named(state: State, words: list[str], choices: list[Piece], what: str) -> list[Piece]:
    found: list[Piece] = []
    for part in split_list(words):
        piece, extra = find_piece(state, part, choices, what)
        if extra or piece in found:
            raise RuleError("Name each unit once, separated by commas.")
        found.append(piece)
    return found


def _within(state: State, user: Piece, targets: list[Piece], reach: int, ability: str) -> None:
    if not tracked(state):
        return
    for target in targets:
        distance = gap(rect(state, user), rect(state, target))
        if distance > reach + 1e-9:
            raise RuleError(
                f'{target["name"]} is {distance:.1f}" from {user["name"]}, but {ability} '
                f'reaches {reach}".'
            )


def _around(state: State, user: Piece, reach: int, enemies_only: bool) -> list[Piece]:
    here = rect(state, user)
    return [
        p
        for p in standing(state)
        if p is not user
        and gap(rect(state, p), here) <= reach
        and not (enemies_only and allied(state, p["owner"], user["owner"]))
    ]


def _listed_or_measured(
    state: State, user: Piece, words: list[str], reach: int, enemies_only: bool, ability: str
) -> list[Piece]:
    """Area abilities: the referee measures with positions, otherwise the player names the units."""
    if tracked(state):
        if words:
            raise RuleError(f"Positions are tracked: {ability} finds the units itself; name none.")
        return _around(state, user, reach, enemies_only)
    if not words:
        raise RuleError(
            f"Name the units within {reach}\" of {user['name']}, separated by commas (or 'none')."
        )
    if [w.casefold() for w in words] == ["none"]:
        return []
    choices = [
        p
        for p in standing(state)
        if p is not user and not (enemies_only and allied(state, p["owner"], user["owner"]))
    ]
    kind_of = "an enemy unit" if enemies_only else "a living unit"
    return _named(state, words, choices, kind_of)


def _rally(state: State, user: Piece, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    friends = [
        p for p in standing(state) if p is not user and allied(state, p["owner"], user["owner"])
    ]
    targets = _named(state, words, friends, "another friendly unit")
    if not 1 <= len(targets) <= 2:
        raise RuleError("Rally Cry names one or two other friendly units, separated by commas.")
    _within(state, user, targets, 6, "Rally Cry")
    for target in targets:
        target["rally"] += 1
    names = " and ".join(t["name"] for t in targets)
    return [f"{user['name']} uses Rally Cry: {names} get +1 Hit Bonus for this attack phase."]


def _repair(state: State, user: Piece, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    friends = [
        p
        for p in standing(state)
        if allied(state, p["owner"], user["owner"]) and kind(state, p)["primary"] == "Mechanical"
    ]
    targets = _named(state, words, friends, "a friendly Mechanical unit")
    if len(targets) != 1:
        raise RuleError("Field Repair mends exactly one friendly Mechanical unit.")
    _within(state, user, targets, 2, "Field Repair")
    total, shown = dice.expr(REPAIR, "Field Repair")
    return [f"{user['name']} uses Field Repair: {shown}. {heal(targets[0], total, 'Field Repair')}"]


def _stomp(state: State, user: Piece, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    targets = _listed_or_measured(state, user, words, 3, False, "Quake Stomp")
    lines = [f'{user["name"]} uses Quake Stomp on {len(targets)} unit(s) within 3".']
    for target in targets:
        total, shown = dice.expr(STOMP, f"Quake Stomp at {target['name']}")
        damage, text = after_armor(state, target, "Bludgeon", total)
        lines.append(
            " ".join([f"{target['name']}: {shown}, {text}", *hurt(state, target, damage, dice)])
        )
    return lines


def _rockets(state: State, user: Piece, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    if user["rockets_used"]:
        raise RuleError(f"{user['name']} has already fired its rockets; they work once per game.")
    targets = _listed_or_measured(state, user, words, 12, True, "Fire Rockets")
    user["rockets_used"] = True
    return [
        f'{user["name"]} fires its rockets at {len(targets)} enemy unit(s) within 12".',
        *rockets(state, targets, dice),
    ]


def _telekinesis(
    state: State, user: Piece, words: list[str], flags: Flags, dice: Dice
) -> list[str]:
    point = None
    if tracked(state):
        words, point = find_point(words, "to")
    others = [p for p in standing(state) if p is not user]
    target, extra = find_piece(state, words, others, "a living unit")
    if extra:
        raise RuleError(f"Unexpected words after {target['name']}: '{' '.join(extra)}'.")
    if target["dead"]:
        raise RuleError(f"{target['name']} is dead.")
    if kind(state, target)["move"] == 0 or has(state, target, "Emplaced"):
        raise RuleError(f"{target['name']} is Emplaced: no effect can move it.")
    _within(state, user, [target], 10, "Telekinetic Powers")
    if not tracked(state) and "--range" in flags:
        distance = parse_inches(flags["--range"], "--range")
        if distance > 10:
            raise RuleError(f'Telekinetic Powers reaches 10"; {target["name"]} is {distance:g}".')
    head = f"{user['name']} uses Telekinetic Powers on {target['name']}"
    if allied(state, user["owner"], target["owner"]):
        head += " (an ally: hit automatically)."
    else:
        mine = dice.roll(6, f"{user['name']}'s hit d6")
        theirs = dice.roll(6, f"{target['name']}'s dodge d6")
        dodge = kind(state, target)["dodge"]
        hit = mine + 2 >= theirs + dodge
        head += f": {mine}+2={mine + 2} vs {theirs}{dodge:+d}={theirs + dodge}: "
        head += "hit." if hit else "miss."
        if not hit:
            dice.skip_unrolled(1)
            return [head]
    reach, shown = dice.expr(TELEKINESIS_REACH, "Telekinetic Powers distance")
    lines = [f"{head} It may be moved up to {shown} inches, not ending on another unit."]
    let_go = release_hug(state, target)
    lines += [let_go] if let_go else []
    if point is not None:
        lines.append(_push(state, target, (point[0], point[1]), reach))
    return lines


def _push(state: State, target: Piece, goal: tuple[float, float], reach: int) -> str:
    """Slide the target toward the point, as far as the roll allows, backing off onto free ground."""
    start = (target["x"], target["y"])
    length = math.dist(start, goal)
    steps = max(0.0, min(float(reach), length))
    while steps > 0:
        ratio = steps / length
        spot = (
            round(start[0] + (goal[0] - start[0]) * ratio, 2),
            round(start[1] + (goal[1] - start[1]) * ratio, 2),
        )
        width, depth = footprint_of(state, target, target["facing"])
        area = rect_at(spot[0], spot[1], width, depth)
        if on_table(state, area) and end_blocked(state, target, area) is None:
            target["x"], target["y"] = spot
            return f'{target["name"]} moves {steps:g}" to {spot[0]:g},{spot[1]:g}.'
        steps = math.floor(steps * 2 - 1) / 2
    return (
        f"{target['name']} cannot be moved toward {goal[0]:g},{goal[1]:g} without ending on a unit."
    )


def _power(state: State, user: Piece, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    friends = [
        p for p in standing(state) if p is not user and allied(state, p["owner"], user["owner"])
    ]
    targets = _named(state, words, friends, "an allied unit")
    if len(targets) != 1:
        raise RuleError("The Power doubles the hit bonus of exactly one allied unit.")
    _within(state, user, targets, 10, "The Power")
    targets[0]["power"] = True
    return [
        f"{user['name']} uses The Power: {targets[0]['name']}'s hit bonus is doubled until the "
        "end of this attack phase (ruling 10)."
    ]


def _gale(state: State, user: Piece, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    """Move up to half movement in a line, attacking every enemy passed over, 2 damage per attack."""
    half = kind(state, user)["move"] / 2
    weapon = kind(state, user)["attacks"][0]
    if tracked(state):
        targets, distance = _gale_path(state, user, words, half)
    else:
        enemies = [p for p in standing(state) if not allied(state, p["owner"], user["owner"])]
        listed = [] if [w.casefold() for w in words] == ["none"] else words
        targets = _named(state, listed, enemies, "an enemy unit passed over")
        distance = parse_inches(flags.get("--move", [str(half)]), "--move")
        if distance > half:
            raise RuleError(f'Gale moves at most half the movement, {half:g}".')
    user["moved"] = distance
    lines = [
        f'{user["name"]} uses Gale: {distance:g}" in a straight line over {len(targets)} enemy unit(s).'
    ]
    for target in targets:
        if not target["dead"]:
            lines += strike(state, user, target, weapon, dice, attack_type=weapon["types"][0])
    if targets and not user["dead"]:
        lines.append(
            " ".join(
                [
                    f"Gale costs {user['name']} {2 * len(targets)} damage:",
                    *hurt(state, user, 2 * len(targets), dice),
                ]
            )
        )
    return lines


def _gale_path(
    state: State, user: Piece, words: list[str], half: float
) -> tuple[list[Piece], float]:
    before, point = find_point(words, "to")
    if before:
        raise RuleError("Gale with positions takes only 'to X,Y'.")
    start, goal = (user["x"], user["y"]), (point[0], point[1])
    distance = round(math.dist(start, goal), 2)
    if distance > half + 1e-9:
        raise RuleError(f'Gale moves at most {half:g}" in a straight line; that is {distance:g}".')
    width, depth = footprint_of(state, user, user["facing"])
    area = rect_at(goal[0], goal[1], width, depth)
    if not on_table(state, area):
        raise RuleError("Gale must end with the unit wholly on the table.")
    blocked = end_blocked(state, user, area)
    if blocked:
        raise RuleError(f"Gale cannot end on {blocked}.")
    passed: list[Piece] = []
    for other in pieces(state):
        if other is user or not blocks_movement(state, other):
            continue
        if swept_crosses(start, goal, width, depth, rect(state, other)):
            enemy = not other["dead"] and not allied(state, other["owner"], user["owner"])
            if not enemy or kind(state, other)["template"] == "Small Building":
                raise RuleError(
                    f"Gale can pass over non-building enemy units only, not {other['name']}."
                )
            passed.append(other)
    user["x"], user["y"] = goal
    return passed, distance


HANDLERS: dict[str, Callable[[State, Piece, list[str], Flags, Dice], list[str]]] = {
    "Rally Cry": _rally,
    "Field Repair": _repair,
    "Quake Stomp": _stomp,
    "Fire Rockets": _rockets,
    "Telekinetic Powers": _telekinesis,
    "The Power": _power,
    "Gale": _gale,
}


def use_ability(state: State, seat: int, words: list[str], flags: Flags, dice: Dice) -> list[str]:
    """Pick the unit and ability greedily from the words, check the timing, then apply it."""
    if state["pending"]:
        return _death_rockets(state, seat, words, dice)
    mine = [p for p in standing(state) if p["owner"] == seat]
    user, rest = find_piece(state, words, mine, "one of your living units")
    entries = kind(state, user)["abilities"]
    found = take_name(rest, [(a["name"], a["name"]) for a in entries])
    if found is None:
        names = ", ".join(a["name"] for a in entries) or "none"
        raise RuleError(
            f"{user['name']} has no ability '{' '.join(rest)}'; its abilities: {names}."
        )
    name, rest = found
    if name in PASSIVE:
        raise RuleError(
            f"{name} is not used with /ability: it applies by itself ({ability_text(state, user, name)})."
        )
    if name not in HANDLERS:
        raise RuleError(
            f"{name} is not automated by the referee; apply it at the table by agreement."
        )
    if state["step"] != "attack":
        raise RuleError(
            f"{name} is used in place of attacking, in the attack phase; send /done first."
        )
    reason = in_place_block(state, user)
    if reason:
        raise RuleError(reason)
    lines = HANDLERS[name](state, user, rest, flags, dice)
    user["in_place"] = name
    return lines


def _death_rockets(state: State, seat: int, words: list[str], dice: Dice) -> list[str]:
    pending = state["pending"][0]
    otoro = pieces(state)[pending["unit"]]
    if seat != pending["seat"]:
        raise RuleError(
            f"Waiting for {state['names'][pending['seat']]} to aim {otoro['name']}'s rockets."
        )
    found = take_name(words, [(otoro["name"], otoro)])
    rest = found[1] if found else []
    named = take_name(rest, [("Fire Rockets", True)])
    if found is None or named is None:
        raise RuleError(
            f"Aim the rockets first: /ability {otoro['name']} Fire Rockets UNIT, UNIT (or none)."
        )
    rest = named[1]
    if not rest:
        raise RuleError("Name the units within 12 inches, separated by commas, or 'none'.")
    listed = [] if [w.casefold() for w in rest] == ["none"] else rest
    targets = _named(state, listed, standing(state), "a living unit")
    state["pending"].pop(0)
    return [
        f"{otoro['name']}'s rockets fly at {len(targets)} unit(s).",
        *rockets(state, targets, dice),
    ]
