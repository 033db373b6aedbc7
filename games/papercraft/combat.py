"""Hits, damage, healing and death: every number is shown in the text the table reads."""

from __future__ import annotations

from games.base import Event, public
from games.papercraft.board import (
    allied,
    kind,
    pieces,
    power,
    rect,
    standing,
    tracked,
)
from games.papercraft.catalog import CORPSE_TYPES, armor_modifier, parse_dice
from games.papercraft.geometry import gap
from games.papercraft.rolls import Dice
from games.papercraft.state import Ability, PapercraftState, Piece, Weapon

State = PapercraftState


def by_id(state: State, ident: int | None) -> Piece | None:
    return None if ident is None else pieces(state)[ident]


def release_hug(state: State, piece: Piece) -> str | None:
    """End any Bear Hug this unit is part of; returns what to say, if anything."""
    bear = piece if piece["hugging"] is not None else by_id(state, piece["hugged_by"])
    if bear is None:
        return None
    held = by_id(state, bear["hugging"])
    bear["hugging"] = None
    if held is None:
        return None
    held["hugged_by"] = None
    return f"{bear['name']} lets go of {held['name']}."


def after_armor(state: State, target: Piece, attack_type: str, rolled: int) -> tuple[int, str]:
    """Damage after the chart modifier, never below 0 (ruling 2); Bones, Not Flesh halves Pierce."""
    armor = kind(state, target)["armor"]
    modifier = armor_modifier(attack_type, armor)
    raw = rolled + modifier
    text = f"{attack_type} vs {armor} {modifier:+d}"
    halve = power(state, target, "halve_damage")
    if halve is not None and attack_type == halve["damage_type"]:
        damage = max(0, raw) // halve["divisor"]
        how = "halved" if halve["divisor"] == 2 else f"cut to {part(halve['divisor'])}"
        return damage, f"{text} = {max(0, raw)}, {how} by {halve['name']}: {damage} damage."
    floor = " (never below 0)" if raw < 0 else ""
    return max(0, raw), f"{text}: {max(0, raw)} damage{floor}."


def part(divisor: int) -> str:
    """'half' or '1/3': how a share (always rounded down) is said."""
    return "half" if divisor == 2 else f"1/{divisor}"


def heal(piece: Piece, amount: int, why: str) -> str:
    old = piece["hp"]
    piece["hp"] = min(piece["max_hp"], old + amount)
    return f"{piece['name']} regains {piece['hp'] - old} HP ({why}): {old} -> {piece['hp']} HP."


def hurt(state: State, piece: Piece, amount: int, dice: Dice) -> list[str]:
    """Take HP off; at 0 the unit dies. Returns the sentences to add to the attack's line."""
    old = piece["hp"]
    piece["hp"] = max(0, old - amount)
    said = [f"{piece['name']} {old} -> {piece['hp']} HP."]
    if piece["hp"] == 0 and not piece["dead"]:
        said += kill(state, piece, dice)
    return said


def kill(state: State, piece: Piece, dice: Dice) -> list[str]:
    """Corpse or removal by primary type (ruling 3); unused death rockets go off."""
    primary = kind(state, piece)["primary"]
    piece["dead"] = True
    piece["corpse"] = primary in CORPSE_TYPES
    fate = "flipped over as a corpse" if piece["corpse"] else "removed from the battlefield"
    said = [f"{piece['name']} is dead: {fate} ({primary})."]
    let_go = release_hug(state, piece)
    said += [let_go] if let_go else []
    piece["grappled"] = piece["burning"] = None
    rockets = power(state, piece, "fire_rockets")
    if rockets is None or not rockets.get("on_death") or spent(piece, rockets):
        return said
    piece["uses"][rockets["name"]] = piece["uses"].get(rockets["name"], 0) + 1
    reach = rockets["reach"]
    said.append(f"{piece['name']}'s unused {rockets['name']} launch at all units within {reach}\".")
    if tracked(state):
        here = rect(state, piece)
        near = [p for p in standing(state) if gap(rect(state, p), here) <= reach + 1e-9]
        said += [event.text for event in fire(state, rockets, near, dice)]
    else:
        state["pending"].append({"unit": piece["id"], "seat": piece["owner"]})
        owner = state["names"][piece["owner"]]
        said.append(
            f"{owner} aims them: /ability {piece['name']} {rockets['name']} UNIT, UNIT naming "
            f'every unit within {reach}" (or none); the battle waits for {owner}.'
        )
    return said


def spent(piece: Piece, entry: Ability) -> bool:
    """Whether a limited ability has no use left this game."""
    return "uses" in entry and piece["uses"].get(entry["name"], 0) >= entry["uses"]


def fire(state: State, rockets: Ability, targets: list[Piece], dice: Dice) -> list[Event]:
    """Fire Rockets: each unit is hit on a d6 of hit_on or more, damage rolled per unit."""
    events: list[Event] = []
    need, damage_dice = rockets["hit_on"], parse_dice(rockets["dice"])
    for target in targets:
        if target["dead"]:
            continue
        roll = dice.roll(6, f"rocket hit d6 at {target['name']}")
        if roll < need:
            events.append(public(f"Rocket at {target['name']}: {roll}, miss ({need}+ hits)."))
            continue
        total, shown = dice.expr(damage_dice, f"rocket damage at {target['name']}")
        damage, text = after_armor(state, target, rockets["damage_type"], total)
        rest = hurt(state, target, damage, dice)
        head = f"Rocket at {target['name']}: {roll}, hit. {shown}, {text}"
        events.append(public(" ".join([head, *rest])))
    return events


def hit_bonus(state: State, attacker: Piece, target: Piece, weapon: Weapon) -> tuple[int, str]:
    """The attack's hit bonus with The Power, Rally Cry and Pack Hunt, and a note naming them."""
    bonus = weapon["hit"]
    notes: list[str] = []
    if attacker["power"] > 1:
        bonus = weapon["hit"] * attacker["power"]
        word = "doubles" if attacker["power"] == 2 else f"multiplies by {attacker['power']}"
        notes.append(f"The Power {word} {weapon['hit']:+d}")
    if attacker["rally"]:
        bonus += attacker["rally"]
        notes.append(f"Rally Cry +{attacker['rally']}")
    pack = power(state, attacker, "pack_hunt")
    if pack is not None and any(
        target["id"] in p["targets"]
        for p in pieces(state)
        if p is not attacker and allied(state, p["owner"], attacker["owner"])
    ):
        bonus += pack["bonus"]
        notes.append(f"{pack['name']} {pack['bonus']:+d}")
    note = f" ({weapon['name']} {weapon['hit']:+d}, {', '.join(notes)})" if notes else ""
    return bonus, note


def splash_targets(
    state: State, target: Piece, reach: int, named: list[Piece] | None
) -> list[Piece]:
    if named is not None:
        return named
    here = rect(state, target)
    return [
        p for p in standing(state) if p is not target and gap(rect(state, p), here) <= reach + 1e-9
    ]


def strike(
    state: State,
    attacker: Piece,
    target: Piece,
    weapon: Weapon,
    dice: Dice,
    *,
    attack_type: str,
    hug: bool = False,
    splash: list[Piece] | None = None,
) -> list[Event]:
    """One attack: roll to hit (ties hit), roll damage, apply armour, then the abilities it sets off."""
    attacker["targets"].append(target["id"])
    if power(state, attacker, "grapple") is not None:
        target["grappled"] = state["turn_no"]
    damage_expr = parse_dice(weapon["damage"])
    charge = power(state, attacker, "charge")
    if charge is not None and attacker["moved"] < charge["min_move"]:
        charge = None
    charge_dice = parse_dice(charge["dice"]) if charge is not None else None
    if target["hugged_by"] == attacker["id"]:
        head = f"{attacker['name']} hits the hugged {target['name']} without rolling (Bear Hug)."
    else:
        bonus, note = hit_bonus(state, attacker, target, weapon)
        dodge = kind(state, target)["dodge"]
        mine = dice.roll(6, f"{attacker['name']}'s hit d6")
        theirs = dice.roll(6, f"{target['name']}'s dodge d6")
        hit = mine + bonus >= theirs + dodge
        head = (
            f"{attacker['name']} {mine}{bonus:+d}={mine + bonus}{note} vs {target['name']} "
            f"{theirs}{dodge:+d}={theirs + dodge}: {'hit' if hit else 'miss'}."
        )
        if not hit:
            dice.skip_unrolled(damage_expr.count + (charge_dice.count if charge_dice else 0))
            return [public(head)]
    hugger = power(state, attacker, "bear_hug")
    if hug and hugger is not None:
        target["hugged_by"], attacker["hugging"] = attacker["id"], target["id"]
        return [
            public(
                f"{head} {hugger['name']} instead of damage: {target['name']} cannot move or "
                f"attack until it escapes (d6 + dodge of {hugger['escape_on']} or more at the "
                "start of its turn)."
            )
        ]
    total, shown = dice.expr(damage_expr, "damage")
    if charge is not None and charge_dice is not None:
        extra, _ = dice.expr(charge_dice, charge["name"])
        total += extra
        shown += f", {charge['name']} +{charge_dice} [{extra}]={total}"
    damage, armor_text = after_armor(state, target, attack_type, total)
    events = [
        public(" ".join([head, f"{shown}, {armor_text}", *hurt(state, target, damage, dice)]))
    ]
    return events + _after_damage(state, attacker, target, weapon, damage, dice, splash)


def _after_damage(
    state: State,
    attacker: Piece,
    target: Piece,
    weapon: Weapon,
    damage: int,
    dice: Dice,
    splash: list[Piece] | None,
) -> list[Event]:
    """Fireball splash, Siphon Life and Wear and Tear, in that order."""
    events: list[Event] = []
    fireball = power(state, attacker, "fireball")
    if fireball is not None and not weapon["melee"]:
        for other in splash_targets(state, target, fireball["reach"], splash):
            if other["dead"]:
                continue
            text = [f"{fireball['name']} splash: {other['name']} takes the same {damage} damage."]
            if damage > 0:
                other["burning"] = {
                    "turn": state["turn_no"],
                    "dice": fireball["dice"],
                    "damage_type": fireball["damage_type"],
                }
                text.append(
                    f"It burns for {fireball['dice']} {fireball['damage_type']} unless it moves "
                    "by the end of its next turn."
                )
            events.append(public(" ".join(text + hurt(state, other, damage, dice))))
    siphon = power(state, attacker, "siphon_life")
    if (
        siphon is not None
        and kind(state, target)["primary"] == siphon["primary"]
        and damage > 0
        and not attacker["dead"]
    ):
        share = damage // siphon["divisor"]
        of = "" if siphon["divisor"] == 2 else " of"
        why = f"{siphon['name']}, {part(siphon['divisor'])}{of} the damage"
        events.append(public(heal(attacker, share, why)))
    wear = power(state, attacker, "wear_and_tear")
    if wear is not None and damage > 0 and not attacker["dead"]:
        back = damage // wear["divisor"]
        why = f"({wear['name']}, {part(wear['divisor'])} of {damage}):"
        said = [f"{attacker['name']} takes {back}", why, *hurt(state, attacker, back, dice)]
        events.append(public(" ".join(said)))
    return events
