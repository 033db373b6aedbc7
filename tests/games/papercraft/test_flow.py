"""Armies, the placement roll and zones, turn phases, eligibility refusals and movement limits."""

from __future__ import annotations

import re

import pytest

from games.base import Rng, RuleError
from games.papercraft import ENGINE
from tests.games.papercraft.helpers import act, options, park, piece, put, start, turn


def test_ready_is_refused_over_the_points_total_and_editing_takes_it_back() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], options(points=100), Rng("s"))
    act(state, 0, "/army add Longbowmen x3")
    with pytest.raises(RuleError, match="135 points, over the 100-point total"):
        act(state, 0, "/ready")
    act(state, 0, "/army remove Longbowmen")
    assert "Ann is ready with 90 points." in act(state, 0, "/ready")
    assert "no longer ready" in act(state, 0, "/army add Marsh Lantern")
    assert state["ready"] == [False, False]


def test_team_side_over_the_total_is_held_until_fixed() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob", "Cid"], options(points=100, teams="2v1"), Rng("s"))
    act(state, 0, "/army add Longbowmen x2")
    act(state, 1, "/army add Arc Drones")
    act(state, 2, "/army add Grave Legion")
    act(state, 0, "/ready")
    act(state, 1, "/ready")
    text = act(state, 2, "/ready")
    assert "Hold: the side of Ann and Bob fields 130 points" in text
    assert state["phase"] == "army" and state["ready"] == [False, False, True]
    act(state, 1, "/army remove Arc Drones")
    act(state, 1, "/army add Stefano's Foot Soldier")
    act(state, 0, "/army remove Longbowmen")
    act(state, 0, "/ready")
    act(state, 1, "/ready")
    assert state["phase"] == "place"


def test_placement_roll_reroll_ties_and_orders_by_roll() -> None:
    for seed in range(200):
        state, _ = ENGINE.setup(["Ann", "Bob", "Cid"], options(), Rng(f"tie{seed}"))
        for seat in range(3):
            act(state, seat, "/army add Marsh Lantern")
        rng = Rng(f"tie{seed}")
        act(state, 0, "/ready", rng)
        act(state, 1, "/ready", rng)
        text = act(state, 2, "/ready", rng)
        if "Tie at" in text:
            break
    else:
        pytest.fail("no tie in 200 seeds")
    roll_line = next(line for line in text.splitlines() if line.startswith("Placement roll:"))
    first = dict(re.findall(r"(Ann|Bob|Cid) (\d)", roll_line))
    order = [state["names"][s] for s in state["order"]]
    ranks = [int(first[name]) for name in order]
    assert ranks == sorted(ranks, reverse=True)
    assert "re-roll" in text


def test_placement_zone_edges_and_overlap() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], options(positions=True), Rng("z"))
    act(state, 0, "/army add Longbowmen x2")
    act(state, 1, "/army add Longbowmen x2")
    act(state, 0, "/ready")
    act(state, 1, "/ready")
    seat = state["placer"]
    ys = (5, 31) if seat == 0 else (31, 5)
    wrong = 31 if seat == 0 else 5
    with pytest.raises(RuleError, match='within 10"'):
        act(
            state,
            seat,
            f"/place Longbowmen 1 at 10,{wrong}"
            if seat == 0
            else f"/place Longbowmen 3 at 10,{wrong}",
        )
    with pytest.raises(RuleError, match='within 10"'):
        act(state, seat, f"/place Longbowmen at 10,{ys[0] + (4 if seat == 0 else -4)}")
    act(state, seat, f"/place Longbowmen at 10,{ys[0]}")
    other = 1 - seat
    act(state, other, f"/place Longbowmen at 10,{ys[1]}")
    with pytest.raises(RuleError, match="overlaps"):
        act(state, seat, f"/place Longbowmen at 12,{ys[0]}")
    act(state, seat, f"/place Longbowmen at 20,{ys[0]}")
    facing = {p["owner"]: p["facing"] for p in state["units"] if p["placed"]}
    assert facing == {0: "N", 1: "S"}


def test_phases_and_turns_are_enforced() -> None:
    state = start([{"Longbowmen": 1}, {"Grave Legion": 1}])
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="movement phase"):
        act(state, 0, "/attack Longbowmen Grave Legion --range 5")
    with pytest.raises(RuleError, match="Ann's turn"):
        act(state, 1, "/move Grave Legion 2")
    assert act(state, 0, "/done") == (
        "Ann ends the movement phase. Attack phase: /attack, /ability, then /done."
    )
    with pytest.raises(RuleError, match="movement phase is over"):
        act(state, 0, "/move Longbowmen 2")
    text = act(state, 0, "/done")
    assert text.startswith("Ann ends the attack phase and the turn.")
    assert "Bob's turn" in text and state["active"] == 1


def test_ranged_not_after_moving_but_melee_yes() -> None:
    state = start([{"Longbowmen": 1, "Grave Legion": 1}, {"Barrow Lich": 1}])
    turn(state, 0, "move")
    act(state, 0, "/move Longbowmen 3")
    act(state, 0, "/move Grave Legion 4")
    act(state, 0, "/done")
    with pytest.raises(RuleError, match="moved this turn and has only ranged attacks"):
        act(state, 0, "/attack Longbowmen Barrow Lich --range 5")
    with pytest.raises(RuleError, match="may not make the ranged attack Longbows"):
        act(state, 0, "/attack Longbowmen Barrow Lich Longbows --range 5")
    assert "Grave Legion" in act(state, 0, "/attack Grave Legion Barrow Lich --dice 1,6")


def test_ranged_needs_range_within_reach_and_mixed_units_keep_melee() -> None:
    state = start([{"Miguel The Magical Magician": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    with pytest.raises(RuleError, match="--range N"):
        act(state, 0, "/attack Miguel The Magical Magician Grave Legion Fireball")
    with pytest.raises(RuleError, match="reaches only 10"):
        act(state, 0, "/attack Miguel The Magical Magician Grave Legion Fireball --range 11")
    turn(state, 0, "move")
    act(state, 0, "/move Miguel The Magical Magician 2")
    act(state, 0, "/done")
    text = act(state, 0, "/attack Miguel The Magical Magician Grave Legion --dice 6,1,2")
    assert "1d6 [2]=2, Pierce vs None +3" in text  # after moving only the dagger is allowed


def test_one_attack_for_non_infantry_two_different_targets_for_infantry() -> None:
    state = start([{"Banner Captain": 1, "Longbowmen": 1}, {"Grave Legion": 2}])
    turn(state, 0)
    act(state, 0, "/attack Banner Captain Grave Legion 1 --dice 1,6")
    with pytest.raises(RuleError, match="already attacked this turn; only Infantry attack twice"):
        act(state, 0, "/attack Banner Captain Grave Legion 2 --dice 1,6")
    act(state, 0, "/attack Longbowmen Grave Legion 1 --range 9 --dice 1,6")
    with pytest.raises(RuleError, match="must be on different targets"):
        act(state, 0, "/attack Longbowmen Grave Legion 1 --range 9 --dice 1,6")
    act(state, 0, "/attack Longbowmen Grave Legion 2 --range 9 --dice 1,6")
    with pytest.raises(RuleError, match="both Infantry attacks"):
        act(state, 0, "/attack Longbowmen Grave Legion 1 --range 9 --dice 1,6")


def test_targets_must_be_living_enemies() -> None:
    state = start([{"Banner Captain": 1, "Longbowmen": 1}, {"Grave Legion": 2}])
    turn(state, 0)
    with pytest.raises(RuleError, match="on your side"):
        act(state, 0, "/attack Banner Captain Longbowmen")
    piece(state, "Grave Legion 2")["dead"] = True
    with pytest.raises(RuleError, match="is dead"):
        act(state, 0, "/attack Banner Captain Grave Legion 2")
    with pytest.raises(RuleError, match="is not one of your living units"):
        act(state, 0, "/attack Grave Legion 1 Banner Captain")


def test_in_place_of_attacking_timing() -> None:
    state = start([{"Banner Captain": 1, "Longbowmen": 2}, {"Grave Legion": 1}])
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="in the attack phase"):
        act(state, 0, "/ability Banner Captain Rally Cry Longbowmen 1")
    act(state, 0, "/move Banner Captain 1")
    act(state, 0, "/done")
    with pytest.raises(RuleError, match="moved this turn"):
        act(state, 0, "/ability Banner Captain Rally Cry Longbowmen 1")
    turn(state, 0)
    act(state, 0, "/attack Banner Captain Grave Legion --dice 1,6")
    with pytest.raises(RuleError, match="already attacked"):
        act(state, 0, "/ability Banner Captain Rally Cry Longbowmen 1")
    turn(state, 0)
    act(state, 0, "/ability Banner Captain Rally Cry Longbowmen 1")
    with pytest.raises(RuleError, match="used Rally Cry in place of attacking"):
        act(state, 0, "/attack Banner Captain Grave Legion --dice 1,6")


def test_movement_without_positions_records_the_measured_distance() -> None:
    state = start([{"Destrier Knight": 1}, {"Grave Legion": 1}])
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="Say how far"):
        act(state, 0, "/move Destrier Knight")
    act(state, 0, "/move Destrier Knight 5")
    with pytest.raises(RuleError, match='may move 4" more'):
        act(state, 0, "/move Destrier Knight 5")
    act(state, 0, "/move Destrier Knight 4")
    assert piece(state, "Destrier Knight")["moved"] == 9
    with pytest.raises(RuleError, match="used all 9"):
        act(state, 0, "/move Destrier Knight 1")


def test_movement_limits_with_positions() -> None:
    state = start(
        [
            {"Destrier Knight": 1, "Grave Legion": 1},
            {"Steam Ram": 1, "Longbowmen": 1, "Iron Colossus": 1},
        ],
        positions=True,
    )
    park(state, ["Destrier Knight", "Steam Ram", "Longbowmen", "Iron Colossus"])
    put(state, "Destrier Knight", 10, 5)
    put(state, "Steam Ram", 10, 10)
    turn(state, 0, "move")
    with pytest.raises(RuleError, match='may move 9" more'):
        act(state, 0, "/move Destrier Knight to 10,15")
    with pytest.raises(RuleError, match="cannot pass through Steam Ram"):
        act(state, 0, "/move Destrier Knight to 10,14")
    with pytest.raises(RuleError, match="cannot end its move on Steam Ram"):
        act(state, 0, "/move Destrier Knight to 10,9")
    with pytest.raises(RuleError, match="wholly on the table"):
        act(state, 0, "/move Destrier Knight to 10,0.5")
    act(state, 0, "/move Destrier Knight to 14,5")
    act(state, 0, "/move Destrier Knight to 14,10")
    with pytest.raises(RuleError, match="used all 9"):
        act(state, 0, "/move Destrier Knight to 15,10")
    assert (piece(state, "Destrier Knight")["x"], piece(state, "Destrier Knight")["y"]) == (14, 10)


def test_corpses_block_only_when_large() -> None:
    state = start(
        [
            {"Destrier Knight": 1},
            {"Steam Ram": 1, "Longbowmen": 1, "Iron Colossus": 1, "Grave Legion": 1},
        ],
        positions=True,
    )
    park(state, ["Destrier Knight", "Steam Ram", "Longbowmen", "Iron Colossus"])
    put(state, "Destrier Knight", 10, 5)
    put(state, "Steam Ram", 10, 9)
    put(state, "Longbowmen", 16, 5)
    put(state, "Iron Colossus", 20, 8)
    for name in ("Steam Ram", "Longbowmen", "Iron Colossus"):
        piece(state, name).update(dead=True, corpse=True, hp=0)
    turn(state, 0, "move")
    with pytest.raises(RuleError, match="corpse of Steam Ram"):
        act(state, 0, "/move Destrier Knight to 10,9")
    act(state, 0, "/move Destrier Knight to 16,5")  # over and onto an Infantry corpse
    with pytest.raises(RuleError, match="corpse of Iron Colossus"):
        act(state, 0, "/move Destrier Knight to 18,5")


def test_range_is_edge_to_edge_and_blocked_by_units_not_corpses() -> None:
    state = start([{"Arc Drones": 1}, {"Grave Legion": 1, "Ballista Tower": 1}], positions=True)
    park(state, ["Arc Drones", "Grave Legion", "Ballista Tower"])
    put(state, "Arc Drones", 10, 5)  # 4x3: top edge at y=6.5
    put(state, "Grave Legion", 10, 16)  # bottom edge at y=14.5: 8" away
    put(state, "Ballista Tower", 10, 10)
    turn(state, 0)
    with pytest.raises(RuleError, match="crosses another unit"):
        act(state, 0, "/attack Arc Drones Grave Legion --dice 1,6")
    piece(state, "Ballista Tower").update(dead=True, corpse=True, hp=0)
    assert ": miss." in act(state, 0, "/attack Arc Drones Grave Legion --dice 1,6")
    turn(state, 0)
    put(state, "Grave Legion", 10, 16.5)
    with pytest.raises(RuleError, match=r'8\.5" from Arc Drones'):
        act(state, 0, "/attack Arc Drones Grave Legion --dice 1,6")


def test_refusals_leave_state_and_rng_untouched() -> None:
    state = start([{"Longbowmen": 1}, {"Grave Legion": 1}])
    turn(state, 0)
    before = repr(state)
    rng = Rng("keep")
    with pytest.raises(RuleError):
        act(state, 0, "/attack Longbowmen Grave Legion --range 40", rng)
    assert repr(state) == before and rng.position == 0
