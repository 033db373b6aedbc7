"""Build costs: discount icons left, right and underneath, sprawling, gaps, and paying."""

from __future__ import annotations

import pytest

from games.base import Rng, RuleError, State
from games.skylines.building import BASIC, price
from tests.games.skylines.helpers import CAT, act, actions, new_game, set_city, set_hand

CONDOS = "High-Rise Condos"  # Residential, cost 4; Residential is discounted by Civic


def civic_city() -> tuple[State, Rng]:
    """Ann: [Post Office + tucked Fire Station] [Ironvale < Town Hall Annex] [Police Precinct]."""
    state, rng = new_game()
    set_city(
        state,
        0,
        [["Post Office"], ["Ironvale", "Town Hall Annex"], ["Police Precinct"]],
        mayor=1,
        tucked={0: ["Fire Station"]},
    )
    set_hand(state, 0, CONDOS, "Diner", "Bakery", "Lumber Yard", "Pocket Park")
    actions(state, 3)
    return state, rng


def test_build_over_counts_left_right_and_underneath() -> None:
    state, _ = civic_city()
    # left stack: 2 Civic icons (top and tucked), underneath 1, right 1
    assert price(state, CAT, 0, CONDOS, ("over", 1), BASIC) == 0
    # over the leftmost: underneath 2, right 1, nothing to the left
    assert price(state, CAT, 0, CONDOS, ("over", 0), BASIC) == 1


def test_sprawl_counts_only_its_one_neighbour() -> None:
    state, _ = civic_city()
    assert price(state, CAT, 0, CONDOS, ("left", -1), BASIC) == 2
    assert price(state, CAT, 0, CONDOS, ("right", -1), BASIC) == 3


def test_gap_counts_both_neighbours_but_nothing_underneath() -> None:
    state, _ = new_game()
    set_city(state, 0, [["Post Office"], None, ["Ironvale", "Police Precinct"]], mayor=2)
    assert price(state, CAT, 0, CONDOS, ("gap", 1), BASIC) == 2


def test_only_the_discount_type_counts() -> None:
    state, _ = civic_city()
    # Bakery is Commercial, discounted by Residential: the four Civic icons around do nothing
    assert price(state, CAT, 0, "Bakery", ("over", 1), BASIC) == 1


def test_paying_zero_needs_no_cards() -> None:
    state, rng = civic_city()
    act(state, 0, f"/build {CONDOS} over 2", rng)
    assert state["cities"][0][1]["built"] == ["Ironvale", "Town Hall Annex", CONDOS]
    assert state["hands"][0] == ["Diner", "Bakery", "Lumber Yard", "Pocket Park"]
    # gains Pf+1 Po+3 are taken at once
    assert state["tracks"][0]["profit"] == 1
    assert state["tracks"][0]["population"] == 3


def test_paying_discards_the_named_cards() -> None:
    state, rng = civic_city()
    act(state, 0, f"/build {CONDOS} left pay diner lumber yard", rng)
    assert state["cities"][0][0]["built"] == [CONDOS]
    assert state["hands"][0] == ["Bakery", "Pocket Park"]
    assert state["discard"][-2:] == ["Diner", "Lumber Yard"]
    assert state["mayor"][0] == 2  # the mayor stays on its building as the city grows left


def test_wrong_payment_is_refused_and_changes_nothing() -> None:
    state, rng = civic_city()
    before = repr(state)
    with pytest.raises(RuleError, match="costs 3"):
        act(state, 0, f"/build {CONDOS} right pay Diner", rng)
    with pytest.raises(RuleError, match="costs 0"):
        act(state, 0, f"/build {CONDOS} over 2 pay Diner", rng)
    with pytest.raises(RuleError, match="not a card you can pay with"):
        act(state, 0, f"/build {CONDOS} right pay Hotel", rng)
    assert repr(state) == before


def test_too_few_cards_to_pay() -> None:
    state, rng = new_game()
    set_hand(state, 0, CONDOS)
    with pytest.raises(RuleError, match="only 0 other cards"):
        act(state, 0, f"/build {CONDOS} right", rng)


def test_maple_commons_makes_residential_cheaper_only_while_on_top() -> None:
    state, _ = new_game(2, ("Maple Commons", "Harborview"))
    assert price(state, CAT, 0, CONDOS, ("right", -1), BASIC) == 3  # 4 - 1, Residential city
    set_city(state, 0, [["Maple Commons", "Post Office"]])
    assert price(state, CAT, 0, CONDOS, ("right", -1), BASIC) == 3  # 4 - 1 Civic, no city bonus


def test_build_over_city_passive_and_sprawl_passive() -> None:
    state, rng = new_game(2, ("Skyline Point", "Foundry Flats"))
    set_hand(state, 0, "Pocket Park")
    act(state, 0, "/build Pocket Park right", rng)  # a sprawl: Skyline Point does nothing
    assert state["tracks"][0]["prestige"] == 1
    set_hand(state, 1, "Diner")
    act(state, 1, "/build Diner left", rng)  # Foundry Flats: sprawling gives population 1
    assert state["tracks"][1]["population"] == 1
    set_hand(state, 0, "Bungalow")
    act(state, 0, "/build Bungalow over 2", rng)  # over Pocket Park: Skyline Point gives prestige
    assert state["tracks"][0]["prestige"] == 2


def test_level_three_gives_three_actions() -> None:
    state, rng = new_game()
    state["level"] = 3
    act(state, 0, "/done", rng)
    assert state["turn"] == {"seat": 1, "actions": 3, "once": [], "last_track": None}
