"""The /ability command: abilities used in place of attacking, and a destroyed Otoro's rockets.

Each ability is checked in full first (`prepare`, which changes nothing) and returns its effect
to apply, so the moves offered to players and bots are checked without copying the state."""

from __future__ import annotations

import math
from collections.abc import Callable

from games.base import Event, RuleError, public
from games.papercraft.attacking import cannot_attack, within
from games.papercraft.board import (
    allied,
    blocks_movement,
    centre,
    find_piece,
    kind,
    pieces,
    rect,
    standing,
    tracked,
)
from games.papercraft.catalog import IN_PLACE, parse_dice
from games.papercraft.combat import after_armor, fire, heal, hurt, release_hug, spent, strike
from games.papercraft.commands import Command
from games.papercraft.flow import expect
from games.papercraft.geometry import gap, rect_at, swept_crosses
from games.papercraft.moving import emplaced, end_blocked, footprint_of, on_table
from games.papercraft.rolls import Dice
from games.papercraft.state import Ability, PapercraftState, Piece
from games.papercraft.words import find_point, parse_inches, split_list, take_name

State = PapercraftState
Effect = Callable[[Dice], list[Event]]
"""An ability that passed every check, waiting only for its dice."""
Aim = Callable[[State, Piece, Ability, Command], Effect]
NUMBERS = {2: "two", 3: "three", 4: "four"}


def in_place_block(state: State, piece: Piece) -> str | None:
    """Rules: only a unit that has not moved or attacked this turn may act in place of attacking."""
    if piece["moved"]:
        return f"{piece['name']} moved this turn, so it cannot act in place of attacking."
    if piece["targets"]:
        return (
            f"{piece['name']} already attacked this turn, so it cannot act in place of attacking."
        )
    return cannot_attack(state, piece)


def _named(words: list[str], choices: list[Piece], what: str) -> list[Piece]:
    found: list[Piece] = []
    for part in split_list(words):
        piece, extra = find_piece(part, choices, what)
        if extra or piece in found:
            raise RuleError("Name each unit once, separated by commas.")
        found.append(piece)
    return found


def _none(words: list[str]) -> bool:
    return [w.casefold() for w in words] == ["none"]


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


def _friends(state: State, user: Piece) -> list[Piece]:
    return [
        p for p in standing(state) if p is not user and allied(state, p["owner"], user["owner"])
    ]


def _listed_or_measured(
    state: State, user: Piece, words: list[str], reach: int, enemies_only: bool, ability: str
) -> list[Piece]:
    """Area abilities: the referee measures with positions, otherwise the player names the units."""
    choices = [
        p
        for p in standing(state)
        if p is not user and not (enemies_only and allied(state, p["owner"], user["owner"]))
    ]
    if tracked(state):
        if words:
            raise RuleError(f"Positions are tracked: {ability} finds the units itself; name none.")
        return within(state, user, choices, reach)
    if not words:
        raise RuleError(
            f"Name the units within {reach}\" of {user['name']}, separated by commas (or 'none')."
        )
    if _none(words):
        return []
    return _named(words, choices, "an enemy unit" if enemies_only else "a living unit")


def _rally(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, most = entry["name"], entry["targets"]
    targets = _named(command.words, _friends(state, user), "another friendly unit")
    if not 1 <= len(targets) <= most:
        count = NUMBERS.get(most, str(most))
        raise RuleError(
            f"{name} names one or {count} other friendly units, separated by commas."
            if most > 1
            else f"{name} names one other friendly unit."
        )
    _within(state, user, targets, entry["reach"], name)

    def apply(dice: Dice) -> list[Event]:
        for target in targets:
            target["rally"] += entry["bonus"]
        names = " and ".join(t["name"] for t in targets)
        return [
            public(
                f"{user['name']} uses {name}: {names} get {entry['bonus']:+d} Hit Bonus for this "
                "attack phase."
            )
        ]

    return apply


def _repair(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, primary = entry["name"], entry["primary"]
    friends = [
        p
        for p in standing(state)
        if allied(state, p["owner"], user["owner"]) and kind(state, p)["primary"] == primary
    ]
    targets = _named(command.words, friends, f"a friendly {primary} unit")
    if not 1 <= len(targets) <= entry["targets"]:
        raise RuleError(f"{name} mends one to {entry['targets']} friendly {primary} unit(s).")
    _within(state, user, targets, entry["reach"], name)
    amount = parse_dice(entry["dice"])

    def apply(dice: Dice) -> list[Event]:
        events = []
        for target in targets:
            total, shown = dice.expr(amount, name)
            events.append(
                public(f"{user['name']} uses {name}: {shown}. {heal(target, total, name)}")
            )
        return events

    return apply


def _stomp(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, reach = entry["name"], entry["reach"]
    targets = _listed_or_measured(state, user, command.words, reach, False, name)
    damage_dice = parse_dice(entry["dice"])

    def apply(dice: Dice) -> list[Event]:
        events = [public(f'{user["name"]} uses {name} on {len(targets)} unit(s) within {reach}".')]
        for target in targets:
            if target["dead"]:
                continue
            total, shown = dice.expr(damage_dice, f"{name} at {target['name']}")
            damage, text = after_armor(state, target, entry["damage_type"], total)
            said = [f"{target['name']}: {shown}, {text}", *hurt(state, target, damage, dice)]
            events.append(public(" ".join(said)))
        return events

    return apply


def _rockets(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, reach = entry["name"], entry["reach"]
    if spent(user, entry):
        raise RuleError(f"{user['name']} has already fired its {name}; they work once per game.")
    targets = _listed_or_measured(state, user, command.words, reach, True, name)

    def apply(dice: Dice) -> list[Event]:
        user["uses"][name] = user["uses"].get(name, 0) + 1
        head = f'{user["name"]} fires its {name} at {len(targets)} enemy unit(s) within {reach}".'
        return [public(head), *fire(state, entry, targets, dice)]

    return apply


def _telekinesis(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, reach = entry["name"], entry["reach"]
    words = command.words
    point = None
    if tracked(state):
        words, point = find_point(words, "to")
    others = [p for p in standing(state) if p is not user]
    target, extra = find_piece(words, others, "a living unit")
    if extra:
        raise RuleError(f"Unexpected words after {target['name']}: '{' '.join(extra)}'.")
    if emplaced(state, target):
        raise RuleError(f"{target['name']} is Emplaced: no effect can move it.")
    _within(state, user, [target], reach, name)
    said = command.flag("range")
    if not tracked(state) and said is not None:
        distance = parse_inches(said, "--range")
        if distance > reach:
            raise RuleError(f'{name} reaches {reach}"; {target["name"]} is {distance:g}".')
    distance_dice = parse_dice(entry["dice"])

    def apply(dice: Dice) -> list[Event]:
        head = f"{user['name']} uses {name} on {target['name']}"
        if allied(state, user["owner"], target["owner"]):
            head += " (an ally: hit automatically)."
        else:
            mine = dice.roll(6, f"{user['name']}'s hit d6")
            theirs = dice.roll(6, f"{target['name']}'s dodge d6")
            dodge, bonus = kind(state, target)["dodge"], entry["hit"]
            hit = mine + bonus >= theirs + dodge
            head += f": {mine}{bonus:+d}={mine + bonus} vs {theirs}{dodge:+d}={theirs + dodge}: "
            head += "hit." if hit else "miss."
            if not hit:
                dice.skip_unrolled(distance_dice.count)
                return [public(head)]
        inches, shown = dice.expr(distance_dice, f"{name} distance")
        said = [f"{head} It may be moved up to {shown} inches, not ending on another unit."]
        let_go = release_hug(state, target)
        said += [let_go] if let_go else []
        if point is not None:
            said.append(_push(state, target, (point[0], point[1]), inches))
        return [public(" ".join(said))]

    return apply


def _push(state: State, target: Piece, goal: tuple[float, float], reach: int) -> str:
    """Slide the target toward the point, as far as the roll allows, backing off onto free ground."""
    start = centre(target)
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


def _power(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name = entry["name"]
    targets = _named(command.words, _friends(state, user), "an allied unit")
    if len(targets) != entry["targets"]:
        raise RuleError(f"{name} boosts exactly {entry['targets']} allied unit(s).")
    _within(state, user, targets, entry["reach"], name)
    times = entry["multiplier"]

    def apply(dice: Dice) -> list[Event]:
        for target in targets:
            target["power"] = times
        names = " and ".join(t["name"] for t in targets)
        word = "doubled" if times == 2 else f"multiplied by {times}"
        return [
            public(
                f"{user['name']} uses {name}: {names}'s hit bonus is {word} until the end of "
                "this attack phase (ruling 10)."
            )
        ]

    return apply


def _gale(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    """Move up to part of the movement in a line, attacking every enemy passed over."""
    name = entry["name"]
    allowed = kind(state, user)["move"] / entry["divisor"]
    weapon = kind(state, user)["attacks"][0]
    goal: tuple[float, float] | None = None
    if tracked(state):
        targets, distance, goal = _gale_path(state, user, command.words, allowed, name)
    else:
        enemies = [p for p in standing(state) if not allied(state, p["owner"], user["owner"])]
        listed = [] if _none(command.words) else command.words
        targets = _named(listed, enemies, "an enemy unit passed over")
        said = command.flag("move")
        distance = parse_inches(said, "--move") if said is not None else allowed
        if distance > allowed + 1e-9:
            raise RuleError(f'{name} moves at most {allowed:g}" ({entry["divisor"]} parts).')

    def apply(dice: Dice) -> list[Event]:
        user["moved"] = distance
        if goal is not None:
            user["x"], user["y"] = goal
        events = [
            public(
                f'{user["name"]} uses {name}: {distance:g}" in a straight line over '
                f"{len(targets)} enemy unit(s)."
            )
        ]
        for target in targets:
            if not target["dead"] and not user["dead"]:
                types = weapon["types"]
                events += strike(state, user, target, weapon, dice, attack_type=types[0])
        cost = entry["self_damage"] * len(targets)
        if cost and not user["dead"]:
            said = [f"{name} costs {user['name']} {cost} damage:", *hurt(state, user, cost, dice)]
            events.append(public(" ".join(said)))
        return events

    return apply


def _gale_path(
    state: State, user: Piece, words: list[str], allowed: float, name: str
) -> tuple[list[Piece], float, tuple[float, float]]:
    before, point = find_point(words, "to")
    if before:
        raise RuleError(f"{name} with positions takes only 'to X,Y'.")
    start, goal = centre(user), (point[0], point[1])
    distance = round(math.dist(start, goal), 2)
    if distance > allowed + 1e-9:
        raise RuleError(
            f'{name} moves at most {allowed:g}" in a straight line; that is {distance:g}".'
        )
    width, depth = footprint_of(state, user, user["facing"])
    area = rect_at(goal[0], goal[1], width, depth)
    if not on_table(state, area):
        raise RuleError(f"{name} must end with the unit wholly on the table.")
    blocked = end_blocked(state, user, area)
    if blocked:
        raise RuleError(f"{name} cannot end on {blocked}.")
    passed: list[Piece] = []
    for other in pieces(state):
        if other is user or not blocks_movement(state, other):
            continue
        if swept_crosses(start, goal, width, depth, rect(state, other)):
            enemy = not other["dead"] and not allied(state, other["owner"], user["owner"])
            if not enemy or kind(state, other)["template"] == "Small Building":
                raise RuleError(
                    f"{name} can pass over non-building enemy units only, not {other['name']}."
                )
            passed.append(other)
    return passed, distance, goal


AIMS: dict[str, Aim] = {
    "rally_cry": _rally,
    "field_repair": _repair,
    "quake_stomp": _stomp,
    "fire_rockets": _rockets,
    "telekinesis": _telekinesis,
    "the_power": _power,
    "gale": _gale,
}
assert set(AIMS) == set(IN_PLACE)


def prepare(state: State, seat: int, command: Command) -> Effect:
    """Every check of /ability UNIT NAME [...], changing nothing; returns the effect to apply."""
    if state["phase"] != "battle":
        raise RuleError(f"/ability is for the battle; now it is the {state['phase']} phase.")
    mine = [p for p in standing(state) if p["owner"] == seat]
    user, rest = find_piece(command.words, mine, "one of your living units")
    entries = kind(state, user)["abilities"]
    found = take_name(rest, [(a["name"], a) for a in entries])
    if found is None:
        names = ", ".join(a["name"] for a in entries) or "none"
        raise RuleError(
            f"{user['name']} has no ability '{' '.join(rest)}'; its abilities: {names}."
        )
    entry, rest = found
    name = entry["name"]
    effect = entry.get("effect")
    if effect is None:
        raise RuleError(
            f"{name} of {user['name']} is not enforced by the referee (its text is not a built-in "
            f"ability's): apply it at the table by agreement. It says: {entry['text']}"
        )
    if effect not in AIMS:
        raise RuleError(
            f"{name} is not used with /ability: it applies by itself ({entry['text']})."
        )
    if state["step"] == "move":
        raise RuleError(
            f"{name} is used in place of attacking, in the attack phase; send /done first."
        )
    expect(state, "ability", "attack")
    reason = in_place_block(state, user)
    if reason:
        raise RuleError(reason)
    effect_of = AIMS[effect](state, user, entry, Command(rest, command.flags, command.dice))

    def apply(dice: Dice) -> list[Event]:
        events = effect_of(dice)
        user["in_place"] = name
        return events

    return apply


def ability(state: State, seat: int, command: Command) -> list[Event]:
    """/ability: a destroyed Otoro's rockets while they wait, else an in-place-of-attacking ability."""
    if state["phase"] == "battle" and state["pending"]:
        return _death_rockets(state, command)
    return prepare(state, seat, command)(command.dice)


def _death_rockets(state: State, command: Command) -> list[Event]:
    pending = state["pending"][0]
    otoro = pieces(state)[pending["unit"]]
    entry = next(a for a in kind(state, otoro)["abilities"] if a.get("effect") == "fire_rockets")
    name, reach = entry["name"], entry["reach"]
    found = take_name(command.words, [(otoro["name"], otoro)])
    rest = found[1] if found else []
    named = take_name(rest, [(name, True)])
    if found is None or named is None:
        raise RuleError(
            f"Aim the rockets first: /ability {otoro['name']} {name} UNIT, UNIT (or none)."
        )
    rest = named[1]
    if not rest:
        raise RuleError(f"Name the units within {reach} inches, separated by commas, or 'none'.")
    listed = [] if _none(rest) else rest
    targets = _named(listed, standing(state), "a living unit")
    state["pending"].pop(0)
    head = f"{otoro['name']}'s rockets fly at {len(targets)} unit(s)."
    return [public(head), *fire(state, entry, targets, command.dice)]
