"""The rulebook's worked example, the whole armour chart and the exact hit table, via --dice."""

from __future__ import annotations

import pytest

from games.base import RuleError
from tests.games.papercraft.helpers import act, piece, start, turn

# The chart exactly as printed in the rules text (rows: attack type; columns: armour).
ARMOURS = ["Heavy", "Light", "Magic", "None", "Fortified"]
CHART = {
    "Pierce": [-3, 3, 0, 3, -8],
    "Slashing": [-5, -3, 0, 5, -8],
    "Bludgeon": [3, 0, 0, -3, -4],
    "Magic": [5, 0, -5, -3, -8],
    "Energy": [0, 0, 0, 0, 0],
    "Siege": [-4, -8, -4, -8, 8],
}
# The facts file's exact P(hit) for hit bonus minus dodge bonus = -5 .. +5, in 36ths.
HIT_TABLE = {-5: 1, -4: 3, -3: 6, -2: 10, -1: 15, 0: 21, 1: 26, 2: 30, 3: 33, 4: 35, 5: 36}


def _block(name: str, lines: list[str]) -> str:
    return "\n".join([name, "10 Points", *lines])


def _stats(hp: int, dodge: int) -> list[str]:
    return [
        "Living, Character",
        f"HP = {hp}",
        'Movement = 6"',
        f"Dodge Bonus = +{dodge}",
        "Armor = None",
    ]


def _energy(name: str, hit: int) -> list[str]:
    return [name, "Type = Energy", "Range = Melee", f"Hit Bonus = +{hit}", "Damage = 1d6"]


def _attacker(attack_type: str) -> str:
    stats = ["Living, Character", "HP = 50", 'Movement = 6"', "Dodge Bonus = +0", "Armor = None"]
    attack = ["Blow", f"Type = {attack_type}", 'Range = 30"', "Hit Bonus = +0", "Damage = 1d6+10"]
    return _block(f"Test {attack_type}", stats + attack)


def _target(armor: str) -> str:
    stats = [
        "Living, Character",
        "HP = 500",
        'Movement = 6"',
        "Dodge Bonus = +0",
        f"Armor = {armor}",
    ]
    attack = ["Poke", "Type = Energy", "Range = Melee", "Hit Bonus = +0", "Damage = 1d6"]
    return _block(f"Dummy {armor}", stats + attack)


def test_worked_example_longbowmen_against_heavy_armour() -> None:
    state = start([{"Longbowmen": 1}, {"Banner Captain": 1}])
    turn(state, 0)
    text = act(state, 0, "/attack Longbowmen Banner Captain --range 12 --dice 4,2,5,3")
    # Roll 4 + 2 = 6 against 3 hits; 8 damage against Heavy (-3) deals 5.
    assert text == (
        "Longbowmen 4+2=6 vs Banner Captain 2+1=3: hit. 2d6 [5,3]=8, "
        "Pierce vs Heavy -3: 5 damage. Banner Captain 22 -> 17 HP."
    )
    assert piece(state, "Banner Captain")["hp"] == 17


def test_every_cell_of_the_armour_chart() -> None:
    blocks = [_attacker(t) for t in CHART] + [_target(a) for a in ARMOURS]
    army = {f"Test {t}": 1 for t in CHART}
    state = start([army, {f"Dummy {a}": 1 for a in ARMOURS}], units="\n\n".join(blocks))
    for attack_type, row in CHART.items():
        for armour, modifier in zip(ARMOURS, row, strict=True):
            turn(state, 0)
            piece(state, f"Dummy {armour}")["hp"] = 500
            text = act(
                state, 0, f"/attack Test {attack_type} Dummy {armour} --range 3 --dice 6,1,1"
            )
            assert f"{attack_type} vs {armour} {modifier:+d}: {11 + modifier} damage." in text
            assert piece(state, f"Dummy {armour}")["hp"] == 500 - (11 + modifier)


@pytest.mark.parametrize("difference", sorted(HIT_TABLE))
def test_hit_chance_table_by_all_36_dice_pairs(difference: int) -> None:
    hit, dodge = max(difference, 0), max(-difference, 0)
    attacker = _block("Striker", [*_stats(50, 0), *_energy("Blow", hit)])
    target = _block("Dodger", [*_stats(900, dodge), *_energy("Poke", 0)])
    state = start([{"Striker": 1}, {"Dodger": 1}], units=attacker + "\n" + target)
    hits = 0
    for mine in range(1, 7):
        for theirs in range(1, 7):
            turn(state, 0)
            text = act(state, 0, f"/attack Striker Dodger --dice {mine},{theirs},1")
            hits += ": hit." in text
            assert (": hit." in text) == (mine + hit >= theirs + dodge)
    assert hits == HIT_TABLE[difference]


def test_damage_never_below_zero() -> None:
    state = start([{"Stefano's Foot Soldier": 1}, {"Ballista Tower": 1}])
    turn(state, 0)
    text = act(state, 0, "/attack Stefano's Foot Soldier Ballista Tower --dice 6,1,3")
    assert "Pierce vs Fortified -8: 0 damage (never below 0)." in text
    assert piece(state, "Ballista Tower")["hp"] == 60


def test_dice_count_and_faces_are_checked() -> None:
    state = start([{"Longbowmen": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    before = dict(piece(state, "Grave Legion"))
    with pytest.raises(RuleError, match="needs at least 4"):
        act(state, 0, "/attack Longbowmen Grave Legion --range 5 --dice 6,1,3")
    with pytest.raises(RuleError, match="used 4"):
        act(state, 0, "/attack Longbowmen Grave Legion --range 5 --dice 6,1,3,3,3")
    with pytest.raises(RuleError, match="d6 shows 1 to 6"):
        act(state, 0, "/attack Longbowmen Grave Legion --range 5 --dice 7,1,3,3")
    assert piece(state, "Grave Legion") == before
    # A miss needs only the two d6 (damage dice rolled anyway are accepted and ignored).
    assert ": miss." in act(state, 0, "/attack Longbowmen Grave Legion --range 5 --dice 1,6")


def test_death_removes_magic_and_undead_and_leaves_living_corpses() -> None:
    state = start([{"Iron Colossus": 1}, {"Grave Legion": 1, "Longbowmen": 1}])
    turn(state, 0)
    piece(state, "Grave Legion")["hp"] = 1
    text = act(state, 0, "/attack Iron Colossus Grave Legion --dice 6,1,1,1,1,1")
    assert "Grave Legion is dead: removed from the battlefield (Undead)." in text
    assert piece(state, "Grave Legion")["corpse"] is False
    turn(state, 0)
    piece(state, "Longbowmen")["hp"] = 3
    text = act(state, 0, "/attack Iron Colossus Longbowmen --dice 6,1,1,1,1,1")
    assert "Longbowmen is dead: flipped over as a corpse (Living)." in text
    assert "Game over: Ann wins (every enemy unit is dead)." in text
