"""Every building ability, the land cost, the Temple's gold option and the fifth spot."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.base import Event, NotYourTurn, RuleError, State
from games.papertales import ENGINE
from games.papertales.build import quote
from games.papertales.catalog import BUILDINGS
from games.papertales.costs import affordable
from games.papertales.kingdom import front_capacity, income, resources, strength
from games.papertales.wars import war_rewards
from tests.games.papertales.helpers import act, kingdom, table, to_construction
from tests.support import random_play


def player(units: list, buildings: dict[str, int], gold: int = 0) -> dict:
    state, _ = table(2)
    kingdom(state, 0, units, buildings, gold=gold)
    return state["players"][0]


def test_town_production_both_levels() -> None:
    assert resources(player([], {"Town": 1})) == {"wood": 1, "food": 1, "crystal": 0}
    assert resources(player([], {"Town": 2})) == {"wood": 1, "food": 1, "crystal": 1}


def test_tavern_income_and_level_two_wars_lp() -> None:
    p1 = player([("Farmer", "back"), ("Treefolk", "back")], {"Tavern": 1})
    assert income(p1)[0] == 2 + 2
    assert war_rewards(p1, 0)[0] == 0
    p2 = player([("Farmer", "back"), ("Treefolk", "back")], {"Tavern": 2})
    assert war_rewards(p2, 0)[0] == 2  # 1 LP per Food, win or lose


def test_mine_crystal_and_level_two_lp_per_crystal() -> None:
    assert resources(player([], {"Mine": 1}))["crystal"] == 1
    p = player([("Miner", "back")], {"Mine": 2})
    assert war_rewards(p, 1)[0] == 3 + 2 * 2


def test_temple_income_and_level_two_flat_lp() -> None:
    assert income(player([], {"Temple": 1}))[0] == 4
    assert war_rewards(player([], {"Temple": 1}), 0)[0] == 0
    assert war_rewards(player([], {"Temple": 2}), 0)[0] == 2


def test_barracks_strength_per_wood_and_level_two_strong_units() -> None:
    p = player(["Woodcutter", ("Peddler", "back")], {"Barracks": 1})
    assert strength(p)[0] == 2 + 2
    p2 = player(["Knight", ("Veteran", "back"), ("Farmer", "back")], {"Barracks": 2})
    assert war_rewards(p2, 0)[0] == 2  # Knight 4 and Veteran 3, even in the back


def test_land_cost_grows_by_two_per_building() -> None:
    p = player([("Forest Spirit", "back")], {}, gold=20)
    assert quote(p, "Town", 1, False) == 0
    p["buildings"] = {"Town": 1}
    assert quote(p, "Mine", 1, False) == 2
    p["buildings"] = {"Town": 1, "Mine": 1}
    assert quote(p, "Barracks", 1, False) == 4
    assert quote(p, "Town", 2, True) == 0  # upgrades pay no land


def test_temple_paid_with_crystals_or_gold() -> None:
    assert quote(player([], {}, gold=2), "Temple", 1, False) == 2
    assert quote(player([("Miner", "back")], {}, gold=0), "Temple", 1, False) == 0
    # Straight to level 2 with 1 Crystal: L1 by the Crystal, L2 by 3 gold.
    assert quote(player([("Miner", "back")], {}, gold=3), "Temple", 2, False) == 3
    # With 2 Crystals: L1 by 2 gold, L2 by the 2 Crystals.
    assert (
        quote(player([("Miner", "back"), ("Cave Spirit", "back")], {}, gold=2), "Temple", 2, False)
        == 2
    )
    assert quote(player([], {}, gold=5), "Temple", 2, False) == 5
    with pytest.raises(RuleError, match="costs you 5 gold and you have 4"):
        quote(player([], {}, gold=4), "Temple", 2, False)


def test_one_construction_per_turn_and_no_duplicates() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Forest Spirit", "back")], {"Town": 1}, gold=9)
    to_construction(state)
    with pytest.raises(RuleError, match="already own the Town"):
        act(state, rng, 0, "/build Town")
    act(state, rng, 0, "/build Mine")
    with pytest.raises(NotYourTurn):  # one construction per turn: the seat is no longer waited on
        act(state, rng, 0, "/upgrade Town")


def test_fifth_spot_needs_a_level_two_building() -> None:
    assert front_capacity(player([], {"Town": 1, "Mine": 1})) == 2
    assert front_capacity(player([], {"Town": 2, "Mine": 2})) == 3


def test_building_lp_added_at_the_end() -> None:
    state, rng = table(2)
    kingdom(state, 0, [], {"Town": 2, "Mine": 1, "Temple": 2}, lp=10)
    state["turn"] = 4
    to_construction(state)
    act(state, rng, 0, "/pass")
    act(state, rng, 1, "/pass")
    assert state["players"][0]["lp"] == 10 + 3 + 1 + 3


def test_affordable_lists_exactly_the_constructions_quote_accepts() -> None:
    """`affordable` prices every building without making refusal texts; over the kingdoms of
    random games it must agree with `quote`, which says why a construction is refused."""
    checked = 0

    def compare(state: State, _events: Sequence[Event]) -> None:
        nonlocal checked
        for p in state["players"]:
            accepted = []
            for b in BUILDINGS:
                for level, upgrade in ((1, False), (2, False), (2, True)):
                    try:
                        quote(p, b.name, level, upgrade)
                    except RuleError:
                        continue
                    accepted.append((b.name, level, upgrade))
            assert affordable(p) == accepted, (p, accepted)
            checked += bool(accepted)

    for seed in range(12):
        random_play(ENGINE, 3, f"afford-{seed}", on_step=compare)
    assert checked > 100  # kingdoms that could build something were among them
