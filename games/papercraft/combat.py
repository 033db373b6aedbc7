"""Hits, damage, healing and death: every number is shown in the text the table reads."""

from __future__ import annotations

from typing import Any

from games.base import State
from games.papercraft.catalog import CORPSE_TYPES, armor_modifier, parse_dice
from games.papercraft.dice import Dice
from games.papercraft.geometry import gap
from games.papercraft.table import Piece, allied, has, kind, pieces, rect, standing, tracked

Weapon = dict[str, Any]
ROCKETS = parse_dice("2d6+5")
ROCKET_REACH = 12
FIREBALL_REACH = 3


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
    if attack_type == "Pierce" and has(state, target, "Bones, Not Flesh"):
        damage = max(0, raw) // 2
        return damage, f"{text} = {max(0, raw)}, halved by Bones, Not Flesh: {damage} damage."
    floor = " (never below 0)" if raw < 0 else ""
    return max(0, raw), f"{text}: {max(0, raw)} damage{floor}."


def heal(piece: Piece, amount: int, why: str) -> str:
    old = piece["hp"]
    piece["hp"] = min(piece["max_hp"], old + amount)
    return f"{piece['name']} regains {piece['hp'] - old} HP ({why}): {old} -> {piece['hp']} HP."


def hurt(state: State, piece: Piece, amount: int, dice: Dice) -> list[str]:
    """Take HP off; at 0 the unit dies (the bot keeps HP, as the rules ask players to)."""
    old = piece["hp"]
    piece["hp"] = max(0, old - amount)
    lines = [f"{piece['name']} {old} -> {piece['hp']} HP."]
    if piece["hp"] == 0 and not piece["dead"]:
        lines += kill(state, piece, dice)
    return lines


def kill(state: State, piece: Piece, dice: Dice) -> list[str]:
    """Corpse or removal by primary type (ruling 3); unused Fire Rockets go off."""
    primary = kind(state, piece)["primary"]
    piece["dead"] = True
    piece["corpse"] = primary in CORPSE_TYPES
    fate = "flipped over as a corpse" if piece["corpse"] else "removed from the battlefield"
    lines = [f"{piece['name']} is dead: {fate} ({primary})."]
    let_go = release_hug(state, piece)
    lines += [let_go] if let_go else []
    piece["grappled"] = piece["burning"] = None
    if has(state, piece, "Fire Rockets") and not piece["rockets_used"]:
        piece["rockets_used"] = True
        lines.append(f"{piece['name']}'s unused Fire Rockets launch at all units within 12\".")
        if tracked(state):
            near = [
                p
                for p in standing(state)
                if gap(rect(state, p), rect(state, piece)) <= ROCKET_REACH
            ]
            lines += rockets(state, near, dice)
        else:
            state["pending"].append({"unit": piece["id"], "seat": piece["owner"]})
            lines.append(
                f"{state['names'][piece['owner']]}: name them with /ability {piece['name']} "
                "Fire Rockets UNIT, UNIT (or none)."
            )
    return lines


def rockets(state: State, targets: list[Piece], dice: Dice) -> list[str]:
    """Fire Rockets: each unit is hit on a d6 of 4+ and takes 2d6+5 Energy, rolled per unit."""
    lines: list[str] = []
    for target in targets:
        if target["dead"]:
            continue
        roll = dice.roll(6, f"rocket hit d6 at {target['name']}")
        if roll < 4:
            lines.append(f"Rocket at {target['name']}: {roll}, miss (4+ hits).")
            continue
        total, shown = dice.expr(ROCKETS, f"rocket damage at {target['name']}")
        damage, text = after_armor(state, target, "Energy", total)
        rest = hurt(state, target, damage, dice)
        lines.append(" ".join([f"Rocket at {target['name']}: {roll}, hit. {shown}, {text}", *rest]))
    return lines


def hit_bonus(state: State, attacker: Piece, target: Piece, weapon: Weapon) -> tuple[int, str]:
    """The attack's hit bonus with The Power, Rally Cry and Pack Hunt, and a note naming them."""
    bonus = weapon["hit"]
    notes: list[str] = []
    if attacker["power"]:
        bonus += weapon["hit"]
        notes.append(f"The Power doubles {weapon['hit']:+d}")
    if attacker["rally"]:
        bonus += attacker["rally"]
        notes.append(f"Rally Cry +{attacker['rally']}")
    if has(state, attacker, "Pack Hunt") and any(
        target["id"] in p["targets"]
        for p in pieces(state)
        if p is not attacker and allied(state, p["owner"], attacker["owner"])
    ):
        bonus += 1
        notes.append("Pack Hunt +1")
    note = f" ({weapon['name']} {weapon['hit']:+d}, {', '.join(notes)})" if notes else ""
    return bonus, note


def splash_targets(state: State, target: Piece, named: list[Piece] | None) -> list[Piece]:
    if named is not None:
        return named
    here = rect(state, target)
    return [
        p
        for p in standing(state)
        if p is not target and gap(rect(state, p), here) <= FIREBALL_REACH
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
) -> list[str]:
    """One attack: roll to hit (ties hit), roll damage, apply armour, then the abilities it sets off."""
    attacker["targets"].append(target["id"])
    if has(state, attacker, "Grapple"):
        target["grappled"] = state["turn_no"]
    damage_expr = parse_dice(weapon["damage"])
    charge = has(state, attacker, "Charge") and attacker["moved"] >= 6
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
            dice.skip_unrolled(damage_expr.count + (1 if charge else 0))
            return [head]
    if hug:
        target["hugged_by"], attacker["hugging"] = attacker["id"], target["id"]
        return [
            f"{head} Bear Hug instead of damage: {target['name']} cannot move or attack "
            "until it escapes (d6 + dodge of 4 or more at the start of its turn)."
        ]
    total, shown = dice.expr(damage_expr, "damage")
    if charge:
        extra = dice.roll(6, "Charge d6")
        total += extra
        shown += f", Charge +1d6 [{extra}]={total}"
    damage, armor_text = after_armor(state, target, attack_type, total)
    lines = [" ".join([head, f"{shown}, {armor_text}", *hurt(state, target, damage, dice)])]
    lines += _after_damage(state, attacker, target, weapon, damage, dice, splash)
    return lines


def _after_damage(
    state: State,
    attacker: Piece,
    target: Piece,
    weapon: Weapon,
    damage: int,
    dice: Dice,
    splash: list[Piece] | None,
) -> list[str]:
    """Fireball splash, Siphon Life and Wear and Tear, in that order."""
    lines: list[str] = []
    if has(state, attacker, "Fireball") and not weapon["melee"]:
        for other in splash_targets(state, target, splash):
            if other["dead"]:
                continue
            text = [f"Fireball splash: {other['name']} takes the same {damage} damage."]
            if damage > 0:
                other["burning"] = state["turn_no"]
                text.append("It burns for 1d6 Energy unless it moves by the end of its next turn.")
            lines.append(" ".join(text + hurt(state, other, damage, dice)))
    living = kind(state, target)["primary"] == "Living"
    if has(state, attacker, "Siphon Life") and living and damage > 0 and not attacker["dead"]:
        lines.append(heal(attacker, damage // 2, "Siphon Life, half the damage"))
    if has(state, attacker, "Wear and Tear") and damage > 0 and not attacker["dead"]:
        back = damage // 2
        text = f"{attacker['name']} takes {back} (Wear and Tear, half of {damage}):"
        lines.append(" ".join([text, *hurt(state, attacker, back, dice)]))
    return lines
