"""The /ability command: abilities used in place of attacking, and a destroyed Otoro's rockets.

Each ability is checked in full first (`prepare`, which changes nothing) and returns its effect
to apply, so the moves offered to players and bots are checked without copying the state."""

from __future__ import annotations

import math
from collections.abc import Callable

from games.base import Event, RuleError, public
from games.i18n import N_, _, _n, joined, said
from games.papercraft.attacking import cannot_attack, within
from games.papercraft.board import (
    allied,
    blocks_movement,
    centre,
    chosen,
    kind,
    nothing,
    pieces,
    rect,
    standing,
    tracked,
)
from games.papercraft.catalog import IN_PLACE, parse_dice
from games.papercraft.combat import after_armor, fire, heal, hurt, release_hug, spent, strike
from games.papercraft.commands import Command
from games.papercraft.flow import expect, phase_name
from games.papercraft.geometry import gap, rect_at, swept_crosses
from games.papercraft.grammar import NOBODY, NONE, TO
from games.papercraft.moving import emplaced, end_blocked, footprint_of, on_table
from games.papercraft.names import (
    ability_name,
    ability_text,
    both,
    piece_name,
    primary_type,
)
from games.papercraft.rolls import Dice
from games.papercraft.state import Ability, PapercraftState, Piece
from games.papercraft.words import key_of

State = PapercraftState
NUMBERS = {2: N_("two"), 3: N_("three"), 4: N_("four")}
Effect = Callable[[Dice], list[Event]]
"""An ability that passed every check, waiting only for its dice."""
Aim = Callable[[State, Piece, Ability, Command], Effect]


def in_place_block(state: State, piece: Piece) -> str | None:
    """Rules: only a unit that has not moved or attacked this turn may act in place of attacking."""
    if piece["moved"]:
        return _(
            "{unit} moved this turn, so it cannot act in place of attacking.",
            unit=piece_name(piece),
        )
    if piece["targets"]:
        return _(
            "{unit} already attacked this turn, so it cannot act in place of attacking.",
            unit=piece_name(piece),
        )
    return cannot_attack(state, piece)


def _named(labels: tuple[str, ...], choices: list[Piece], what: str) -> list[Piece]:
    found: list[Piece] = []
    for label in labels:
        piece = chosen(label, choices, what) if label != NOBODY else None
        if piece is None or piece in found:
            raise RuleError(_("Name each unit once, separated by commas."))
        found.append(piece)
    return found


def _none(labels: tuple[str, ...]) -> bool:
    return labels == (NOBODY,)


def _within(state: State, user: Piece, targets: list[Piece], reach: int, ability: str) -> None:
    if not tracked(state):
        return
    for target in targets:
        distance = gap(rect(state, user), rect(state, target))
        if distance > reach + 1e-9:
            raise RuleError(
                _(
                    '{target} is {distance}" from {unit}, but {ability} reaches {reach}".',
                    target=piece_name(target),
                    distance=f"{distance:.1f}",
                    unit=piece_name(user),
                    ability=ability,
                    reach=reach,
                )
            )


def _friends(state: State, user: Piece) -> list[Piece]:
    return [
        p for p in standing(state) if p is not user and allied(state, p["owner"], user["owner"])
    ]


def _listed_or_measured(
    state: State, user: Piece, labels: tuple[str, ...], reach: int, enemies_only: bool, ability: str
) -> list[Piece]:
    """Area abilities: the referee measures with positions, otherwise the player names the units."""
    choices = [
        p
        for p in standing(state)
        if p is not user and not (enemies_only and allied(state, p["owner"], user["owner"]))
    ]
    if tracked(state):
        if labels:
            raise RuleError(
                _(
                    "Positions are tracked: {ability} finds the units itself; name none.",
                    ability=ability,
                )
            )
        return within(state, user, choices, reach)
    if not labels:
        raise RuleError(
            _(
                "Name the units within {reach}\" of {unit}, separated by commas (or '{none}').",
                reach=reach,
                unit=piece_name(user),
                none=NONE,
            )
        )
    if _none(labels):
        return []
    return _named(labels, choices, _("an enemy unit") if enemies_only else _("a living unit"))


def _rally(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, most = ability_name(entry), entry["targets"]
    targets = _named(command.units("TARGET"), _friends(state, user), _("another friendly unit"))
    if not 1 <= len(targets) <= most:
        if most == 1:
            raise RuleError(_("{ability} names one other friendly unit.", ability=name))
        count = said(NUMBERS[most]) if most in NUMBERS else str(most)
        raise RuleError(
            _(
                "{ability} names one or {count} other friendly units, separated by commas.",
                ability=name,
                count=count,
            )
        )
    _within(state, user, targets, entry["reach"], name)

    def apply(dice: Dice) -> list[Event]:
        for target in targets:
            target["rally"] += entry["bonus"]
        return [
            public(
                _(
                    "{unit} uses {ability}: {units} get {bonus} Hit Bonus for this attack phase.",
                    unit=piece_name(user),
                    ability=name,
                    units=both(piece_name(t) for t in targets),
                    bonus=f"{entry['bonus']:+d}",
                )
            )
        ]

    return apply


def _repair(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, primary = ability_name(entry), entry["primary"]
    friends = [
        p
        for p in standing(state)
        if allied(state, p["owner"], user["owner"]) and kind(state, p)["primary"] == primary
    ]
    primary_said = primary_type(primary)
    targets = _named(
        command.units("TARGET"), friends, _("a friendly {primary} unit", primary=primary_said)
    )
    if not 1 <= len(targets) <= entry["targets"]:
        raise RuleError(
            _(
                "{ability} mends one to {most} friendly {primary} unit(s).",
                ability=name,
                most=entry["targets"],
                primary=primary_said,
            )
        )
    _within(state, user, targets, entry["reach"], name)
    amount = parse_dice(entry["dice"])

    def apply(dice: Dice) -> list[Event]:
        events = []
        for target in targets:
            total, shown = dice.expr(amount, name)
            events.append(
                public(
                    _(
                        "{unit} uses {ability}: {roll}. {healed}",
                        unit=piece_name(user),
                        ability=name,
                        roll=shown,
                        healed=heal(target, total, name),
                    )
                )
            )
        return events

    return apply


def _stomp(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, reach = ability_name(entry), entry["reach"]
    targets = _listed_or_measured(state, user, command.units("TARGET"), reach, False, name)
    damage_dice = parse_dice(entry["dice"])

    def apply(dice: Dice) -> list[Event]:
        events = [
            public(
                _n(
                    '{unit} uses {ability} on {n} unit within {reach}".',
                    '{unit} uses {ability} on {n} units within {reach}".',
                    len(targets),
                    unit=piece_name(user),
                    ability=name,
                    reach=reach,
                )
            )
        ]
        for target in targets:
            if target["dead"]:
                continue
            unit = piece_name(target)
            total, shown = dice.expr(damage_dice, _("{ability} at {unit}", ability=name, unit=unit))
            damage, text = after_armor(state, target, entry["damage_type"], total)
            head = _("{unit}: {roll}, {damage}", unit=unit, roll=shown, damage=text)
            events.append(public(joined([head, *hurt(state, target, damage, dice)], " ")))
        return events

    return apply


def _rockets(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, reach = ability_name(entry), entry["reach"]
    if spent(user, entry):
        raise RuleError(
            _(
                "{unit} has already fired its {ability}; they work once per game.",
                unit=piece_name(user),
                ability=name,
            )
        )
    targets = _listed_or_measured(state, user, command.units("TARGET"), reach, True, name)

    def apply(dice: Dice) -> list[Event]:
        user["uses"][entry["name"]] = user["uses"].get(entry["name"], 0) + 1
        head = _n(
            '{unit} fires its {ability} at {n} enemy unit within {reach}".',
            '{unit} fires its {ability} at {n} enemy units within {reach}".',
            len(targets),
            unit=piece_name(user),
            ability=name,
            reach=reach,
        )
        return [public(head), *fire(state, entry, targets, dice)]

    return apply


def _telekinesis(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name, reach = ability_name(entry), entry["reach"]
    point = _goal(state, command)
    others = [p for p in standing(state) if p is not user]
    labels = command.units("TARGET")
    if not labels:
        raise nothing(others, _("a living unit"))
    target = chosen(labels[0], others, _("a living unit"))
    if len(labels) > 1:
        raise RuleError(
            _(
                "Unexpected words after {unit}: '{text}'.",
                unit=piece_name(target),
                text=joined(labels[1:]),
            )
        )
    if emplaced(state, target):
        raise RuleError(_("{unit} is Emplaced: no effect can move it.", unit=piece_name(target)))
    _within(state, user, [target], reach, name)
    distance = command.inches("range")
    if not tracked(state) and distance is not None and distance > reach:
        raise RuleError(
            _(
                '{ability} reaches {reach}"; {unit} is {distance}".',
                ability=name,
                reach=reach,
                unit=piece_name(target),
                distance=f"{distance:g}",
            )
        )
    distance_dice = parse_dice(entry["dice"])

    def apply(dice: Dice) -> list[Event]:
        unit, whom = piece_name(user), piece_name(target)
        if allied(state, user["owner"], target["owner"]):
            head = _(
                "{unit} uses {ability} on {target} (an ally: hit automatically).",
                unit=unit,
                ability=name,
                target=whom,
            )
        else:
            mine = dice.roll(6, _("{unit}'s hit d6", unit=unit))
            theirs = dice.roll(6, _("{unit}'s dodge d6", unit=whom))
            dodge, bonus = kind(state, target)["dodge"], entry["hit"]
            hit = mine + bonus >= theirs + dodge
            rolls = {
                "unit": unit,
                "ability": name,
                "target": whom,
                "roll": f"{mine}{bonus:+d}={mine + bonus}",
                "dodge": f"{theirs}{dodge:+d}={theirs + dodge}",
            }
            if not hit:
                dice.skip_unrolled(distance_dice.count)
                return [
                    public(
                        _("{unit} uses {ability} on {target}: {roll} vs {dodge}: miss.", **rolls)
                    )
                ]
            head = _("{unit} uses {ability} on {target}: {roll} vs {dodge}: hit.", **rolls)
        inches, shown = dice.expr(distance_dice, _("{ability} distance", ability=name))
        said: list[str] = [
            _(
                "{head} It may be moved up to {roll} inches, not ending on another unit.",
                head=head,
                roll=shown,
            )
        ]
        let_go = release_hug(state, target)
        said += [let_go] if let_go else []
        if point is not None:
            said.append(_push(state, target, (point[0], point[1]), inches))
        return [public(joined(said, " "))]

    return apply


def _goal(state: State, command: Command) -> tuple[float, float] | None:
    """Where Telekinesis or Gale goes: 'to X,Y' with positions tracked (asked for), else none."""
    point = command.point()
    if tracked(state) and point is None:
        raise RuleError(
            _("Say where: '{keyword} X,Y' in inches from the bottom-left corner.", keyword=TO)
        )
    if not tracked(state) and point is not None:
        raise RuleError(
            _(
                "Positions are not tracked: name no '{keyword} {x},{y}'.",
                keyword=TO,
                x=f"{point[0]:g}",
                y=f"{point[1]:g}",
            )
        )
    return point


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
            return _(
                '{unit} moves {distance}" to {x},{y}.',
                unit=piece_name(target),
                distance=f"{steps:g}",
                x=f"{spot[0]:g}",
                y=f"{spot[1]:g}",
            )
        steps = math.floor(steps * 2 - 1) / 2
    return _(
        "{unit} cannot be moved toward {x},{y} without ending on a unit.",
        unit=piece_name(target),
        x=f"{goal[0]:g}",
        y=f"{goal[1]:g}",
    )


def _power(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    name = ability_name(entry)
    targets = _named(command.units("TARGET"), _friends(state, user), _("an allied unit"))
    if len(targets) != entry["targets"]:
        raise RuleError(
            _(
                "{ability} boosts exactly {count} allied unit(s).",
                ability=name,
                count=entry["targets"],
            )
        )
    _within(state, user, targets, entry["reach"], name)
    times = entry["multiplier"]

    def apply(dice: Dice) -> list[Event]:
        for target in targets:
            target["power"] = times
        said = {"unit": piece_name(user), "ability": name, "units": both(map(piece_name, targets))}
        if times == 2:
            text = _(
                "{unit} uses {ability}: {units}'s hit bonus is doubled until the end of this "
                "attack phase (ruling 10).",
                **said,
            )
        else:
            text = _(
                "{unit} uses {ability}: {units}'s hit bonus is multiplied by {times} until the "
                "end of this attack phase (ruling 10).",
                times=times,
                **said,
            )
        return [public(text)]

    return apply


def _gale(state: State, user: Piece, entry: Ability, command: Command) -> Effect:
    """Move up to part of the movement in a line, attacking every enemy passed over."""
    name = ability_name(entry)
    allowed = kind(state, user)["move"] / entry["divisor"]
    weapon = kind(state, user)["attacks"][0]
    goal: tuple[float, float] | None = None
    if tracked(state):
        targets, distance, goal = _gale_path(state, user, command, allowed, name)
    else:
        _goal(state, command)
        enemies = [p for p in standing(state) if not allied(state, p["owner"], user["owner"])]
        labels = command.units("TARGET")
        targets = _named(() if _none(labels) else labels, enemies, _("an enemy unit passed over"))
        said = command.inches("move")
        distance = said if said is not None else allowed
        if distance > allowed + 1e-9:
            raise RuleError(
                _(
                    '{ability} moves at most {most}" ({divisor} parts).',
                    ability=name,
                    most=f"{allowed:g}",
                    divisor=entry["divisor"],
                )
            )

    def apply(dice: Dice) -> list[Event]:
        user["moved"] = distance
        if goal is not None:
            user["x"], user["y"] = goal
        events = [
            public(
                _n(
                    '{unit} uses {ability}: {distance}" in a straight line over {n} enemy unit.',
                    '{unit} uses {ability}: {distance}" in a straight line over {n} enemy units.',
                    len(targets),
                    unit=piece_name(user),
                    ability=name,
                    distance=f"{distance:g}",
                )
            )
        ]
        for target in targets:
            if not target["dead"] and not user["dead"]:
                types = weapon["types"]
                events += strike(state, user, target, weapon, dice, attack_type=types[0])
        cost = entry["self_damage"] * len(targets)
        if cost and not user["dead"]:
            costs = _(
                "{ability} costs {unit} {cost} damage:",
                ability=name,
                unit=piece_name(user),
                cost=cost,
            )
            events.append(public(joined([costs, *hurt(state, user, cost, dice)], " ")))
        return events

    return apply


def _gale_path(
    state: State, user: Piece, command: Command, allowed: float, name: str
) -> tuple[list[Piece], float, tuple[float, float]]:
    if command.units("TARGET"):
        raise RuleError(_("{ability} with positions takes only '{to} X,Y'.", ability=name, to=TO))
    point = _goal(state, command)
    assert point is not None  # tracked: _goal asks for it
    start, goal = centre(user), (point[0], point[1])
    distance = round(math.dist(start, goal), 2)
    if distance > allowed + 1e-9:
        raise RuleError(
            _(
                '{ability} moves at most {most}" in a straight line; that is {distance}".',
                ability=name,
                most=f"{allowed:g}",
                distance=f"{distance:g}",
            )
        )
    width, depth = footprint_of(state, user, user["facing"])
    area = rect_at(goal[0], goal[1], width, depth)
    if not on_table(state, area):
        raise RuleError(_("{ability} must end with the unit wholly on the table.", ability=name))
    blocked = end_blocked(state, user, area)
    if blocked:
        raise RuleError(_("{ability} cannot end on {other}.", ability=name, other=blocked))
    passed: list[Piece] = []
    for other in pieces(state):
        if other is user or not blocks_movement(state, other):
            continue
        if swept_crosses(start, goal, width, depth, rect(state, other)):
            enemy = not other["dead"] and not allied(state, other["owner"], user["owner"])
            if not enemy or kind(state, other)["template"] == "Small Building":
                raise RuleError(
                    _(
                        "{ability} can pass over non-building enemy units only, not {unit}.",
                        ability=name,
                        unit=piece_name(other),
                    )
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
        raise RuleError(
            _(
                "/{verb} is for the battle; now it is the {phase} phase.",
                verb="ability",
                phase=phase_name(state),
            )
        )
    mine = [p for p in standing(state) if p["owner"] == seat]
    user = chosen(command.unit("UNIT") or "", mine, _("one of your living units"))
    entries = kind(state, user)["abilities"]
    said = command.word("ABILITY") or ""
    entry = next((a for a in entries if key_of(a["name"]) == key_of(said)), None)
    if entry is None:
        raise RuleError(
            _(
                "{unit} has no ability '{text}'; its abilities: {abilities}.",
                unit=piece_name(user),
                text=ability_name(said),
                abilities=joined((ability_name(a) for a in entries), empty=_("none")),
            )
        )
    name = ability_name(entry)
    effect = entry.get("effect")
    if effect is None:
        raise RuleError(
            _(
                "{ability} of {unit} is not enforced by the referee (its text is not a built-in "
                "ability's): apply it at the table by agreement. It says: {text}",
                ability=name,
                unit=piece_name(user),
                text=entry["text"],
            )
        )
    if effect not in AIMS:
        raise RuleError(
            _(
                "{ability} is not used with /ability: it applies by itself ({text}).",
                ability=name,
                text=ability_text(entry),
            )
        )
    if state["step"] == "move":
        raise RuleError(
            _(
                "{ability} is used in place of attacking, in the attack phase; send /done first.",
                ability=name,
            )
        )
    expect(state, "ability", "attack")
    reason = in_place_block(state, user)
    if reason:
        raise RuleError(reason)
    effect_of = AIMS[effect](state, user, entry, command)

    def apply(dice: Dice) -> list[Event]:
        events = effect_of(dice)
        user["in_place"] = entry["name"]
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
    name, reach = ability_name(entry), entry["reach"]
    unit = piece_name(otoro)
    said = command.word("ABILITY") or ""
    if command.unit("UNIT") != otoro["name"] or key_of(said) != key_of(entry["name"]):
        raise RuleError(
            _(
                "Aim the rockets first: /ability {unit} {rockets} UNIT, UNIT (or {none}).",
                unit=unit,
                rockets=name,
                none=NONE,
            )
        )
    labels = command.units("TARGET")
    if not labels:
        raise RuleError(
            _(
                "Name the units within {reach} inches, separated by commas, or '{none}'.",
                reach=reach,
                none=NONE,
            )
        )
    targets = _named(() if _none(labels) else labels, standing(state), _("a living unit"))
    state["pending"].pop(0)
    head = _n(
        "{unit}'s rockets fly at {n} unit.",
        "{unit}'s rockets fly at {n} units.",
        len(targets),
        unit=unit,
    )
    return [public(head), *fire(state, entry, targets, command.dice)]
