"""The worked examples of the Polish rulebook, rebuilt as exact positions."""

from __future__ import annotations

import pytest

from games.base import RuleError
from games.papertales.kingdom import front_capacity, strength
from games.papertales.wars import resolve_income, resolve_wars
from tests.games.papertales.helpers import (
    act,
    card,
    deploy_turn,
    hand,
    kingdom,
    public_text,
    slot_of,
    table,
    to_construction,
)


def test_four_player_wars_gosia_pawel_six_sebastian_three_kuba_zero() -> None:
    # Seats around the table: Gosia, Sebastian, Pawel, Kuba (Gosia and Pawel sit opposite).
    state, _ = table(names=["Gosia", "Sebastian", "Pawel", "Kuba"])
    kingdom(state, 0, [("Demon", "front", 1), "Woodcutter"])  # 9
    kingdom(state, 1, ["Knight", "Blacksmith"])  # 5
    kingdom(state, 2, ["Veteran", "Woodcutter 2"])  # 5: ties Sebastian
    kingdom(state, 3, [("Archer", "back"), "Blacksmith 2"])  # 3
    assert [strength(p)[0] for p in state["players"]] == [9, 5, 5, 3]
    resolve_wars(state)
    assert [p["lp"] for p in state["players"]] == [6, 3, 6, 0]


def test_demon_and_woodcutter_in_front_make_strength_nine() -> None:
    state, _ = table()
    kingdom(state, 0, [("Demon", "front", 1), "Woodcutter"])
    assert strength(state["players"][0])[0] == 9


def test_income_of_five_from_base_blacksmith_and_temple() -> None:
    state, _ = table()
    kingdom(state, 0, ["Blacksmith"], {"Temple": 1}, gold=0)
    events = resolve_income(state)
    assert state["players"][0]["gold"] == 5
    assert "+5 gold" in public_text(events)


def test_third_building_costs_four_land_and_tavern_goes_straight_to_level_two() -> None:
    state, rng = table()
    # Wojtek owns two buildings; his units produce Food, Food and Wood (Tavern L1 + L2 needs).
    kingdom(state, 0, ["Farmer", "Treefolk", ("Woodcutter", "back")], {"Temple": 1, "Barracks": 1})
    kingdom(state, 0, gold=5)
    to_construction(state)
    act(state, rng, 0, "/build Tavern 2")
    p = state["players"][0]
    assert p["gold"] == 1
    assert p["buildings"]["Tavern"] == 2
    # The level-2 Tavern opens the fifth spot, in the Front, for the next Deployment.
    assert front_capacity(p) == 3


def test_tavern_straight_to_level_two_needs_both_costs() -> None:
    state, rng = table()
    kingdom(state, 0, ["Farmer", ("Woodcutter", "back")], gold=5)  # only 1 Food
    to_construction(state)
    with pytest.raises(RuleError, match="short of 1 Food"):
        act(state, rng, 0, "/build Tavern 2")
    act(state, rng, 0, "/build Tavern 1")
    assert state["players"][0]["buildings"] == {"Tavern": 1}


def test_forest_spirit_pays_the_town_upgrade() -> None:
    state, rng = table()
    kingdom(state, 1, [], {"Town": 1}, gold=0)
    to_construction(state)
    with pytest.raises(RuleError, match="short of 1 Wood"):
        act(state, rng, 1, "/upgrade Town")  # the Town alone makes 1 Wood, 2 are needed
    kingdom(state, 1, ["Forest Spirit"])
    act(state, rng, 1, "/upgrade Town")
    assert state["players"][1]["buildings"] == {"Town": 2}
    assert state["players"][1]["gold"] == 0  # upgrades pay no land cost


def test_aging_example_old_units_die_survivors_take_a_token() -> None:
    state, rng = table()
    kingdom(
        state, 1, [("Colossus", "front", 1), ("Farmer", "front", 1), ("Knight", "back"), "Archer"]
    )
    to_construction(state)
    for seat in range(4):
        act(state, rng, seat, "/pass")
    p = state["players"][1]
    assert {s["card"]: s["age"] for s in p["units"]} == {card("Knight"): 1, card("Archer"): 1}
    assert card("Colossus") in state["discard"] or card("Colossus") in state["deck"]
    assert state["turn"] == 2 and state["phase"] == "recruit"


def test_deployment_example_kuba_discards_moves_and_pays_three() -> None:
    state, rng = table(names=["Gosia", "Sebastian", "Pawel", "Kuba"])
    kingdom(state, 3, ["Time Master", "Hunter", ("Knight", "back")], gold=3)
    hand(state, 3, ["Demon", "Miner"])
    events = deploy_turn(
        state,
        rng,
        {
            3: [
                "/discard Time Master",
                "/move Hunter back",
                "/deploy Demon front",
                "/deploy Miner front",
            ]
        },
    )
    text = public_text(events)
    assert "Kuba reveals Demon (front, 2 gold), Miner 1 (front, 1 gold)" in text
    assert "0 gold left" in text
    units = {s["card"]: (s["row"], s["age"]) for s in state["players"][3]["units"]}
    assert units == {
        card("Hunter"): ("back", 0),
        card("Knight"): ("back", 0),
        card("Demon"): ("front", 1),
        card("Miner"): ("front", 0),
    }
    assert slot_of(state, 3, card("Time Master")) is None
