"""Every special ability of the published and the sample units, one test (or more) each."""

from __future__ import annotations

import pytest

from games.base import RuleError
from games.papercraft import ENGINE
from tests.games.papercraft.helpers import act, park, piece, put, start, turn

OTORO = "Warmachine Otoro"
MIGUEL = "Miguel The Magical Magician"
BEAR = "Trained Black Bear Guard"
STEFANO = "Stefano's Foot Soldier"


def test_wear_and_tear_otoro_takes_half_its_damage() -> None:
    state = start([{OTORO: 1}, {"Grave Legion": 1}])
    turn(state, 0)
    text = act(state, 0, f"/attack {OTORO} Grave Legion --dice 6,1,1,1,1,1")
    # 4d6+15 = 19, Bludgeon vs None -3 = 16; half of 16 is 8.
    assert (
        "4d6+15 [1,1,1,1]+15=19, Bludgeon vs None -3: 16 damage. Grave Legion 30 -> 14 HP." in text
    )
    assert (
        "Warmachine Otoro takes 8 (Wear and Tear, half of 16): Warmachine Otoro 100 -> 92 HP."
        in text
    )


def test_fire_rockets_once_per_game_each_unit_rolled_apart() -> None:
    state = start([{OTORO: 1}, {"Grave Legion": 1, "Longbowmen": 1}])
    turn(state, 0)
    text = act(state, 0, f"/ability {OTORO} Fire Rockets Grave Legion, Longbowmen --dice 4,1,1,3")
    assert "Rocket at Grave Legion: 4, hit. 2d6+5 [1,1]+5=7, Energy vs None +0: 7 damage." in text
    assert "Rocket at Longbowmen: 3, miss (4+ hits)." in text
    assert piece(state, "Grave Legion")["hp"] == 23
    turn(state, 0)
    with pytest.raises(RuleError, match="once per game"):
        act(state, 0, f"/ability {OTORO} Fire Rockets Grave Legion")


def test_unused_rockets_fire_when_otoro_dies_owner_names_targets() -> None:
    state = start([{"Iron Colossus": 1, "Arc Drones": 1}, {OTORO: 1}])
    turn(state, 0)
    piece(state, OTORO)["hp"] = 1
    text = act(state, 0, f"/attack Iron Colossus {OTORO} --dice 6,1,6,6,6,6")
    assert "unused Fire Rockets launch" in text
    assert "Bob aims them: /ability Warmachine Otoro Fire Rockets UNIT, UNIT" in text
    assert ENGINE.waiting(state) == [1]
    with pytest.raises(RuleError, match="Bob's turn"):  # Ann waits for Bob, she does not aim
        act(state, 0, "/done")
    with pytest.raises(RuleError, match="Bob's turn"):
        act(state, 0, f"/ability {OTORO} Fire Rockets Arc Drones")
    text = act(state, 1, f"/ability {OTORO} Fire Rockets Arc Drones --dice 5,2,2")
    assert "Rocket at Arc Drones: 5, hit. 2d6+5 [2,2]+5=9, Energy vs Heavy +0: 9 damage." in text
    assert "Game over: Ann wins" in text and ENGINE.waiting(state) == []


def test_death_rockets_with_positions_hit_every_unit_within_12() -> None:
    state = start(
        [{"Iron Colossus": 1, "Arc Drones": 1}, {OTORO: 1, "Grave Legion": 1}], positions=True
    )
    park(state, ["Iron Colossus", "Arc Drones", OTORO])
    put(state, "Iron Colossus", 10, 10)
    put(state, OTORO, 10, 14)
    put(state, "Arc Drones", 25, 10)  # 13.5" from Otoro's edge: out of reach
    turn(state, 0)
    piece(state, OTORO)["hp"] = 1
    text = act(state, 0, f"/attack Iron Colossus {OTORO} --dice 6,1,6,6,6,6,4,6,6")
    assert "Rocket at Iron Colossus: 4, hit. 2d6+5 [6,6]+5=17" in text
    assert "Arc Drones" not in text


def test_grapple_stops_the_target_moving_on_its_next_turn() -> None:
    state = start([{STEFANO: 1}, {"Grave Legion": 1}])
    turn(state, 0)
    act(state, 0, f"/attack {STEFANO} Grave Legion --dice 1,6")  # a miss still grapples
    act(state, 0, "/done")
    assert state["active"] == 1
    with pytest.raises(RuleError, match="grappled"):
        act(state, 1, "/move Grave Legion 2")
    act(state, 1, "/done")
    act(state, 1, "/done")
    act(state, 0, "/done")
    act(state, 0, "/done")
    assert "moves 2" in act(state, 1, "/move Grave Legion 2")


def test_bear_hug_holds_hits_automatically_and_can_be_escaped() -> None:
    state = start([{BEAR: 1}, {"Barrow Lich": 1, "Grave Legion": 1}])
    turn(state, 0)
    with pytest.raises(RuleError, match="Character or a Large Unit"):
        act(state, 0, f"/attack {BEAR} Grave Legion --hug")
    text = act(state, 0, f"/attack {BEAR} Barrow Lich --hug --dice 6,1")
    assert "Bear Hug instead of damage" in text and piece(state, "Barrow Lich")["hp"] == 26
    text = act(state, 0, "/done")
    assert "Held in a Bear Hug: Barrow Lich. Bob rolls to escape first: /escape" in text
    with pytest.raises(RuleError, match="Bear Hug"):
        act(state, 1, "/move Barrow Lich 2")
    act(state, 1, "/escape --dice 2")  # the Lich's owner rolls: 2+1=3, still held
    assert piece(state, "Barrow Lich")["hugged_by"] == piece(state, BEAR)["id"]
    with pytest.raises(RuleError, match="Bear Hug"):
        act(state, 1, "/move Barrow Lich 2")
    act(state, 1, "/done")
    with pytest.raises(RuleError, match="Bear Hug"):
        act(state, 1, "/attack Barrow Lich Trained Black Bear Guard --range 1")
    act(state, 1, "/done")
    text = act(state, 0, "/done")
    text = act(state, 0, f"/attack {BEAR} Barrow Lich --type bludgeon --dice 1,1,1")
    assert "hits the hugged Barrow Lich without rolling" in text
    assert "3d6 [1,1,1]=3, Bludgeon vs Magic +0: 3 damage. Barrow Lich 26 -> 23 HP." in text
    act(state, 0, "/done")
    text = act(state, 1, "/escape --dice 3")
    assert "escapes (4+)" in text and piece(state, "Barrow Lich")["hugged_by"] is None


def test_bear_hug_ends_when_the_bear_moves() -> None:
    state = start([{BEAR: 1}, {"Barrow Lich": 1}])
    turn(state, 0)
    act(state, 0, f"/attack {BEAR} Barrow Lich --hug --dice 6,1")
    turn(state, 0, "move")
    assert "lets go of Barrow Lich" in act(state, 0, f"/move {BEAR} 1")
    assert piece(state, "Barrow Lich")["hugged_by"] is None


def test_fireball_splashes_the_same_damage_and_burns_units_that_stay_put() -> None:
    state = start([{MIGUEL: 1}, {"Grave Legion": 1, "Barrow Hounds": 1, "Marsh Lantern": 1}])
    turn(state, 0)
    text = act(
        state,
        0,
        f"/attack {MIGUEL} Grave Legion Fireball --range 8 --also Barrow Hounds, Marsh Lantern --dice 6,1,3,3",
    )
    assert "Energy vs None +0: 6 damage. Grave Legion 30 -> 24 HP." in text
    assert "Fireball splash: Barrow Hounds takes the same 6 damage." in text
    assert piece(state, "Barrow Hounds")["hp"] == 24 and piece(state, "Marsh Lantern")["hp"] == 6
    act(state, 0, "/done")
    act(state, 1, "/move Marsh Lantern 3")
    act(state, 1, "/done")
    text = act(state, 1, "/done --dice 4")
    assert "Barrow Hounds did not move and burns: 1d6 [4]=4, Energy vs Light +0: 4 damage." in text
    assert "Marsh Lantern moved, so the Fireball's flames go out." in text
    assert piece(state, "Barrow Hounds")["hp"] == 20


def test_fireball_with_positions_finds_units_within_3_inches() -> None:
    state = start(
        [{MIGUEL: 1}, {"Grave Legion": 1, "Barrow Hounds": 1, "Marsh Lantern": 1}], positions=True
    )
    park(state, [MIGUEL, "Grave Legion", "Barrow Hounds", "Marsh Lantern"])
    put(state, MIGUEL, 10, 5)
    put(state, "Grave Legion", 10, 12)
    put(state, "Barrow Hounds", 15, 12)  # 2" from the Legion's edge
    put(state, "Marsh Lantern", 20, 12)  # 7.5" away
    turn(state, 0)
    text = act(state, 0, f"/attack {MIGUEL} Grave Legion Fireball --dice 6,1,3,3")
    assert "Fireball splash: Barrow Hounds" in text and "Marsh Lantern" not in text


def test_telekinetic_powers_without_positions() -> None:
    state = start([{MIGUEL: 1, "Longbowmen": 1}, {"Grave Legion": 1, "Ballista Tower": 1}])
    turn(state, 0)
    with pytest.raises(RuleError, match="Emplaced"):
        act(state, 0, f"/ability {MIGUEL} Telekinetic Powers Ballista Tower")
    text = act(
        state, 0, f"/ability {MIGUEL} Telekinetic Powers Grave Legion --range 9 --dice 5,3,3"
    )
    assert "5+2=7 vs 3+0=3: hit. It may be moved up to 1d6+6 [3]+6=9 inches" in text
    turn(state, 0)
    text = act(state, 0, f"/ability {MIGUEL} Telekinetic Powers Longbowmen --dice 1")
    assert "an ally: hit automatically" in text and "[1]+6=7" in text


def test_telekinetic_powers_moves_the_unit_with_positions() -> None:
    state = start([{MIGUEL: 1}, {"Grave Legion": 1}], positions=True)
    park(state, [MIGUEL, "Grave Legion"])
    put(state, MIGUEL, 10, 5)
    put(state, "Grave Legion", 10, 12)
    turn(state, 0)
    text = act(state, 0, f"/ability {MIGUEL} Telekinetic Powers Grave Legion to 10,30 --dice 6,1,2")
    assert 'Grave Legion moves 8" to 10,20.' in text
    assert (piece(state, "Grave Legion")["x"], piece(state, "Grave Legion")["y"]) == (10, 20)


def test_the_power_doubles_an_allys_hit_bonus_for_this_attack_phase() -> None:
    state = start([{MIGUEL: 1, "Longbowmen": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    act(state, 0, f"/ability {MIGUEL} The Power Longbowmen")
    text = act(state, 0, "/attack Longbowmen Grave Legion --range 5 --dice 1,5,1,1")
    assert (
        "Longbowmen 1+4=5 (Longbows +2, The Power doubles +2) vs Grave Legion 5+0=5: hit." in text
    )
    act(state, 0, "/done")
    assert piece(state, "Longbowmen")["power"] == 0  # no multiplier left


def test_rally_cry_gives_two_friends_plus_one() -> None:
    state = start([{"Banner Captain": 1, "Longbowmen": 2}, {"Grave Legion": 1}])
    turn(state, 0)
    with pytest.raises(RuleError, match="one or two"):
        act(state, 0, "/ability Banner Captain Rally Cry")
    act(state, 0, "/ability Banner Captain Rally Cry Longbowmen 1, Longbowmen 2")
    text = act(state, 0, "/attack Longbowmen 2 Grave Legion --range 5 --dice 2,5,1,1")
    assert "Longbowmen 2 2+3=5 (Longbows +2, Rally Cry +1) vs Grave Legion 5+0=5: hit." in text


def test_insubstantial_passes_enemies_but_not_friends_or_buildings() -> None:
    state = start(
        [{"Windshear Primal": 1, "Arc Drones": 1}, {"Grave Legion": 1, "Ballista Tower": 1}],
        positions=True,
    )
    park(state, ["Windshear Primal", "Arc Drones", "Grave Legion", "Ballista Tower"])
    put(state, "Windshear Primal", 10, 5)
    put(state, "Arc Drones", 16, 5)
    put(state, "Grave Legion", 10, 9)
    put(state, "Ballista Tower", 5, 9)
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="cannot pass through Arc Drones"):
        act(state, 0, "/move Windshear Primal to 20,5")
    with pytest.raises(RuleError, match="cannot pass through Ballista Tower"):
        act(state, 0, "/move Windshear Primal to 4,13")
    with pytest.raises(RuleError, match="cannot end its move on Grave Legion"):
        act(state, 0, "/move Windshear Primal to 10,9")
    act(state, 0, "/move Windshear Primal to 10,13")
    assert piece(state, "Windshear Primal")["y"] == 13


def test_drifting_passes_small_enemies_but_not_titans() -> None:
    state = start([{"Marsh Lantern": 1}, {"Grave Legion": 1, "Iron Colossus": 1}], positions=True)
    park(state, ["Marsh Lantern", "Grave Legion", "Iron Colossus"])
    put(state, "Marsh Lantern", 10, 5)
    put(state, "Grave Legion", 10, 8)
    put(state, "Iron Colossus", 14, 5)
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="cannot pass through Iron Colossus"):
        act(state, 0, "/move Marsh Lantern to 19,5")
    act(state, 0, "/move Marsh Lantern to 10,11")
    assert piece(state, "Marsh Lantern")["y"] == 11


def test_gale_attacks_every_enemy_passed_over_and_costs_2_each() -> None:
    state = start([{"Windshear Primal": 1}, {"Grave Legion": 1, "Barrow Lich": 1}], positions=True)
    park(state, ["Windshear Primal", "Grave Legion", "Barrow Lich"])
    put(state, "Windshear Primal", 10, 5)
    put(state, "Grave Legion", 10, 8)
    put(state, "Barrow Lich", 20, 5)
    turn(state, 0)
    with pytest.raises(RuleError, match="at most 7"):
        act(state, 0, "/ability Windshear Primal Gale to 10,13")
    text = act(state, 0, "/ability Windshear Primal Gale to 10,12 --dice 6,1,2")
    assert "over 1 enemy unit." in text
    assert "1d6+2 [2]+2=4, Magic vs None -3: 1 damage. Grave Legion 30 -> 29 HP." in text
    assert "Gale costs Windshear Primal 2 damage: Windshear Primal 20 -> 18 HP." in text
    assert piece(state, "Windshear Primal")["y"] == 12


def test_gale_without_positions_names_the_units() -> None:
    state = start([{"Windshear Primal": 1}, {"Grave Legion": 1, "Barrow Lich": 1}])
    turn(state, 0)
    text = act(
        state, 0, "/ability Windshear Primal Gale Grave Legion, Barrow Lich --dice 1,6,6,1,1"
    )
    assert "over 2 enemy units." in text and "costs Windshear Primal 4 damage" in text


def test_charge_adds_a_die_after_six_inches() -> None:
    state = start([{"Destrier Knight": 2}, {"Grave Legion": 2}])
    turn(state, 0, "move")
    act(state, 0, "/move Destrier Knight 1 6")
    act(state, 0, "/move Destrier Knight 2 5")
    act(state, 0, "/done")
    text = act(state, 0, "/attack Destrier Knight 1 Grave Legion 1 --dice 6,1,1,1,4")
    assert "2d6+2 [1,1]+2=4, Charge +1d6 [4]=8, Pierce vs None +3 = 11, halved" in text
    with pytest.raises(RuleError, match="used 4"):
        act(state, 0, "/attack Destrier Knight 2 Grave Legion 2 --dice 6,1,1,1,4")


def test_emplaced_cannot_move() -> None:
    state = start([{"Ballista Tower": 1}, {"Grave Legion": 1}])
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="Emplaced"):
        act(state, 0, "/move Ballista Tower 1")


def test_field_repair_heals_a_mechanical_friend_up_to_its_hp() -> None:
    state = start([{"Tinker Engineer": 1, "Steam Ram": 1, "Longbowmen": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    with pytest.raises(RuleError, match="Mechanical"):
        act(state, 0, "/ability Tinker Engineer Field Repair Longbowmen")
    piece(state, "Steam Ram")["hp"] = 40
    text = act(state, 0, "/ability Tinker Engineer Field Repair Steam Ram --dice 6")
    assert "Steam Ram regains 5 HP (Field Repair): 40 -> 45 HP." in text


def test_quake_stomp_hits_everyone_near_friend_or_foe() -> None:
    state = start([{"Iron Colossus": 1, "Arc Drones": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    text = act(state, 0, "/ability Iron Colossus Quake Stomp Grave Legion, Arc Drones --dice 1,6")
    assert "Grave Legion: 1d6+2 [1]+2=3, Bludgeon vs None -3: 0 damage." in text
    assert (
        "Arc Drones: 1d6+2 [6]+2=8, Bludgeon vs Heavy +3: 11 damage. Arc Drones 30 -> 19 HP."
        in text
    )


def test_quake_stomp_with_positions_measures_3_inches() -> None:
    state = start([{"Iron Colossus": 1}, {"Grave Legion": 2}], positions=True)
    park(state, ["Iron Colossus", "Grave Legion 1", "Grave Legion 2"])
    put(state, "Iron Colossus", 10, 5)
    put(state, "Grave Legion 1", 10, 11)  # 1.5" away
    put(state, "Grave Legion 2", 22, 5)  # 7" away
    turn(state, 0)
    text = act(state, 0, "/ability Iron Colossus Quake Stomp --dice 6")
    assert "on 1 unit within" in text and "Grave Legion 1: 1d6+2 [6]+2=8" in text


def test_bones_not_flesh_halves_pierce_only() -> None:
    state = start([{"Longbowmen": 1, "Arc Drones": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    text = act(state, 0, "/attack Longbowmen Grave Legion --range 9 --dice 4,3,5,3")
    assert text == (
        "Longbowmen 4+2=6 vs Grave Legion 3+0=3: hit. 2d6 [5,3]=8, Pierce vs None +3 = 11, "
        "halved by Bones, Not Flesh: 5 damage. Grave Legion 30 -> 25 HP."
    )
    text = act(state, 0, "/attack Arc Drones Grave Legion --range 5 --dice 4,3,5,3")
    assert "Energy vs None +0: 8 damage." in text


def test_pack_hunt_adds_one_after_a_friend_attacked_the_target() -> None:
    state = start([{"Barrow Hounds": 1, "Grave Legion": 1}, {"Longbowmen": 1}])
    turn(state, 0)
    assert "3+3=6 vs" in act(state, 0, "/attack Barrow Hounds Longbowmen --dice 3,6")
    turn(state, 0)
    act(state, 0, "/attack Grave Legion Longbowmen --dice 1,6")
    text = act(state, 0, "/attack Barrow Hounds Longbowmen --dice 3,6")
    assert "Barrow Hounds 3+4=7 (Grave Jaws +3, Pack Hunt +1) vs Longbowmen 6+2=8: miss." in text


def test_siphon_life_heals_half_the_damage_against_living_units() -> None:
    state = start([{"Barrow Lich": 1}, {"Longbowmen": 1, "Grave Legion": 1}])
    turn(state, 0)
    piece(state, "Barrow Lich")["hp"] = 10
    text = act(state, 0, "/attack Barrow Lich Longbowmen --range 10 --dice 6,1,3,4")
    assert "Magic vs Light +0: 8 damage." in text
    assert "Barrow Lich regains 4 HP (Siphon Life, half the damage): 10 -> 14 HP." in text
    turn(state, 0)
    text = act(state, 0, "/attack Barrow Lich Grave Legion --range 10 --dice 6,1,3,4")
    assert "regains" not in text


@pytest.mark.parametrize(
    ("army", "command"),
    [
        ({"Grave Legion": 1}, "/ability Grave Legion Bones, Not Flesh"),
        ({"Destrier Knight": 1}, "/ability Destrier Knight Charge"),
        ({"Barrow Hounds": 1}, "/ability Barrow Hounds Pack Hunt"),
    ],
)
def test_passive_abilities_are_not_invoked(army: dict[str, int], command: str) -> None:
    state = start([army, {"Longbowmen": 1}])
    turn(state, 0)
    with pytest.raises(RuleError, match="applies by itself"):
        act(state, 0, command)
