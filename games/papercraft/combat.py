"""Hits, damage, healing and death: every number is shown in the text the table reads."""

from __future__ import annotations

from games.base import Event, public
from games.i18n import _, joined
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
from games.papercraft.names import (
    ability_name,
    armor_type,
    attack_type,
    piece_name,
    primary_type,
    weapon_name,
)
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
    return _("{bear} lets go of {unit}.", bear=piece_name(bear), unit=piece_name(held))


def after_armor(state: State, target: Piece, attack_type: str, rolled: int) -> tuple[int, str]:
    """Damage after the chart modifier, never below 0 (ruling 2); Bones, Not Flesh halves Pierce."""
    armor = kind(state, target)["armor"]
    modifier = armor_modifier(attack_type, armor)
    raw = rolled + modifier
    text = _(
        "{attack} vs {armor} {modifier}",
        attack=_attack_type(attack_type),
        armor=armor_type(armor),
        modifier=f"{modifier:+d}",
    )
    halve = power(state, target, "halve_damage")
    if halve is not None and attack_type == halve["damage_type"]:
        damage = max(0, raw) // halve["divisor"]
        if halve["divisor"] == 2:
            how = _(
                "{chart} = {raw}, halved by {ability}: {damage} damage.",
                chart=text,
                raw=max(0, raw),
                ability=ability_name(halve),
                damage=damage,
            )
        else:
            how = _(
                "{chart} = {raw}, cut to {part} by {ability}: {damage} damage.",
                chart=text,
                raw=max(0, raw),
                part=part(halve["divisor"]),
                ability=ability_name(halve),
                damage=damage,
            )
        return damage, how
    if raw < 0:
        return 0, _("{chart}: {damage} damage (never below 0).", chart=text, damage=0)
    return raw, _("{chart}: {damage} damage.", chart=text, damage=raw)


_attack_type = attack_type


def part(divisor: int) -> str:
    """'half' or '1/3': how a share (always rounded down) is said."""
    return _("half") if divisor == 2 else f"1/{divisor}"


def heal(piece: Piece, amount: int, why: str) -> str:
    old = piece["hp"]
    piece["hp"] = min(piece["max_hp"], old + amount)
    return _(
        "{unit} regains {gained} HP ({why}): {old} -> {hp} HP.",
        unit=piece_name(piece),
        gained=piece["hp"] - old,
        why=why,
        old=old,
        hp=piece["hp"],
    )


def hurt(state: State, piece: Piece, amount: int, dice: Dice) -> list[str]:
    """Take HP off; at 0 the unit dies. Returns the sentences to add to the attack's line."""
    old = piece["hp"]
    piece["hp"] = max(0, old - amount)
    said: list[str] = [
        _("{unit} {old} -> {hp} HP.", unit=piece_name(piece), old=old, hp=piece["hp"])
    ]
    if piece["hp"] == 0 and not piece["dead"]:
        said += kill(state, piece, dice)
    return said


def kill(state: State, piece: Piece, dice: Dice) -> list[str]:
    """Corpse or removal by primary type (ruling 3); unused death rockets go off."""
    primary = kind(state, piece)["primary"]
    piece["dead"] = True
    piece["corpse"] = primary in CORPSE_TYPES
    unit, kind_of = piece_name(piece), primary_type(primary)
    if piece["corpse"]:
        said: list[str] = [
            _("{unit} is dead: flipped over as a corpse ({primary}).", unit=unit, primary=kind_of)
        ]
    else:
        said = [
            _(
                "{unit} is dead: removed from the battlefield ({primary}).",
                unit=unit,
                primary=kind_of,
            )
        ]
    let_go = release_hug(state, piece)
    said += [let_go] if let_go else []
    piece["grappled"] = piece["burning"] = None
    rockets = power(state, piece, "fire_rockets")
    if rockets is None or not rockets.get("on_death") or spent(piece, rockets):
        return said
    piece["uses"][rockets["name"]] = piece["uses"].get(rockets["name"], 0) + 1
    reach = rockets["reach"]
    name = ability_name(rockets)
    said.append(
        _(
            "{unit}'s unused {rockets} launch at all units within {reach}\".",
            unit=unit,
            rockets=name,
            reach=reach,
        )
    )
    if tracked(state):
        here = rect(state, piece)
        near = [p for p in standing(state) if gap(rect(state, p), here) <= reach + 1e-9]
        said += [event.text for event in fire(state, rockets, near, dice)]
    else:
        state["pending"].append({"unit": piece["id"], "seat": piece["owner"]})
        owner = state["names"][piece["owner"]]
        said.append(
            _(
                "{player} aims them: /ability {unit} {rockets} UNIT, UNIT naming every unit "
                'within {reach}" (or none); the battle waits for {player}.',
                player=owner,
                unit=unit,
                rockets=name,
                reach=reach,
            )
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
        unit = piece_name(target)
        roll = dice.roll(6, _("rocket hit d6 at {unit}", unit=unit))
        if roll < need:
            events.append(
                public(
                    _(
                        "Rocket at {unit}: {roll}, miss ({need}+ hits).",
                        unit=unit,
                        roll=roll,
                        need=need,
                    )
                )
            )
            continue
        total, shown = dice.expr(damage_dice, _("rocket damage at {unit}", unit=unit))
        damage, text = after_armor(state, target, rockets["damage_type"], total)
        rest = hurt(state, target, damage, dice)
        head = _(
            "Rocket at {unit}: {roll}, hit. {dice}, {damage}",
            unit=unit,
            roll=roll,
            dice=shown,
            damage=text,
        )
        events.append(public(joined([head, *rest], " ")))
    return events


def hit_bonus(state: State, attacker: Piece, target: Piece, weapon: Weapon) -> tuple[int, str]:
    """The attack's hit bonus with The Power, Rally Cry and Pack Hunt, and a note naming them."""
    bonus = weapon["hit"]
    notes: list[str] = []
    if attacker["power"] > 1:
        bonus = weapon["hit"] * attacker["power"]
        hit = f"{weapon['hit']:+d}"
        if attacker["power"] == 2:
            notes.append(_("{power} doubles {hit}", power=ability_name("The Power"), hit=hit))
        else:
            notes.append(
                _(
                    "{power} multiplies by {times} {hit}",
                    power=ability_name("The Power"),
                    times=attacker["power"],
                    hit=hit,
                )
            )
    if attacker["rally"]:
        bonus += attacker["rally"]
        notes.append(joined((ability_name("Rally Cry"), f"+{attacker['rally']}"), " "))
    pack = power(state, attacker, "pack_hunt")
    if pack is not None and any(
        target["id"] in p["targets"]
        for p in pieces(state)
        if p is not attacker and allied(state, p["owner"], attacker["owner"])
    ):
        bonus += pack["bonus"]
        notes.append(joined((ability_name(pack), f"{pack['bonus']:+d}"), " "))
    if not notes:
        return bonus, ""
    weapon_said = weapon_name(kind(state, attacker), weapon)
    return bonus, joined((" (", weapon_said, f" {weapon['hit']:+d}, ", joined(notes), ")"), "")


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
    who, whom = piece_name(attacker), piece_name(target)
    if target["hugged_by"] == attacker["id"]:
        head = _(
            "{unit} hits the hugged {target} without rolling ({hug}).",
            unit=who,
            target=whom,
            hug=ability_name("Bear Hug"),
        )
    else:
        bonus, note = hit_bonus(state, attacker, target, weapon)
        dodge = kind(state, target)["dodge"]
        mine = dice.roll(6, _("{unit}'s hit d6", unit=who))
        theirs = dice.roll(6, _("{unit}'s dodge d6", unit=whom))
        hit = mine + bonus >= theirs + dodge
        rolls = {
            "unit": who,
            "roll": joined((f"{mine}{bonus:+d}={mine + bonus}", note), ""),
            "target": whom,
            "dodge": f"{theirs}{dodge:+d}={theirs + dodge}",
        }
        if hit:
            head = _("{unit} {roll} vs {target} {dodge}: hit.", **rolls)
        else:
            head = _("{unit} {roll} vs {target} {dodge}: miss.", **rolls)
        if not hit:
            dice.skip_unrolled(damage_expr.count + (charge_dice.count if charge_dice else 0))
            return [public(head)]
    hugger = power(state, attacker, "bear_hug")
    if hug and hugger is not None:
        target["hugged_by"], attacker["hugging"] = attacker["id"], target["id"]
        return [
            public(
                _(
                    "{head} {hug} instead of damage: {target} cannot move or attack until it "
                    "escapes (d6 + dodge of {need} or more at the start of its turn).",
                    head=head,
                    hug=ability_name(hugger),
                    target=whom,
                    need=hugger["escape_on"],
                )
            )
        ]
    total, shown = dice.expr(damage_expr, _("damage"))
    if charge is not None and charge_dice is not None:
        extra, _rolled = dice.expr(charge_dice, ability_name(charge))
        total += extra
        shown = joined(
            (shown, ", ", ability_name(charge), f" +{charge_dice} [{extra}]={total}"), ""
        )
    damage, armor_text = after_armor(state, target, attack_type, total)
    line = joined((shown, armor_text), ", ")
    events = [public(joined([head, line, *hurt(state, target, damage, dice)], " "))]
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
            text = [
                _(
                    "{fireball} splash: {unit} takes the same {damage} damage.",
                    fireball=ability_name(fireball),
                    unit=piece_name(other),
                    damage=damage,
                )
            ]
            if damage > 0:
                other["burning"] = {
                    "turn": state["turn_no"],
                    "dice": fireball["dice"],
                    "damage_type": fireball["damage_type"],
                }
                text.append(
                    _(
                        "It burns for {dice} {type} unless it moves by the end of its next turn.",
                        dice=fireball["dice"],
                        type=_attack_type(fireball["damage_type"]),
                    )
                )
            events.append(public(joined(text + hurt(state, other, damage, dice), " ")))
    siphon = power(state, attacker, "siphon_life")
    if (
        siphon is not None
        and kind(state, target)["primary"] == siphon["primary"]
        and damage > 0
        and not attacker["dead"]
    ):
        share = damage // siphon["divisor"]
        if siphon["divisor"] == 2:
            why = _("{ability}, half the damage", ability=ability_name(siphon))
        else:
            why = _(
                "{ability}, {part} of the damage",
                ability=ability_name(siphon),
                part=part(siphon["divisor"]),
            )
        events.append(public(heal(attacker, share, why)))
    wear = power(state, attacker, "wear_and_tear")
    if wear is not None and damage > 0 and not attacker["dead"]:
        back = damage // wear["divisor"]
        takes = _(
            "{unit} takes {back} ({ability}, {part} of {damage}):",
            unit=piece_name(attacker),
            back=back,
            ability=ability_name(wear),
            part=part(wear["divisor"]),
            damage=damage,
        )
        events.append(public(joined([takes, *hurt(state, attacker, back, dice)], " ")))
    return events
