"""Card rules are data: a new unit with known kinds of effect needs only its data entry."""

from __future__ import annotations

from typing import Any

import pytest

from games.papertales import catalog
from games.papertales.aging import finish_aging, start_aging
from games.papertales.catalog import DataError, parse_building, parse_unit
from games.papertales.kingdom import income, resources, strength
from games.papertales.wars import war_rewards
from tests.games.papertales.helpers import card, deploy_turn, hand, kingdom, slot_of, table

NEW_UNIT: dict[str, Any] = {
    "name": "Knight",  # takes the Knight's card ids, so the helpers can place it
    "pl": "Sowa",
    "copies": 3,
    "cost": 1,
    "strength": 1,
    "produces": {"wood": 1},
    "fights_from_back": True,
    "dies_at": 2,
    "effects": {
        "strength": [{"add": 2, "per": "crystal"}, {"set": 9, "if": ["age >= 1", "food >= 2"]}],
        "income": [{"gold": 1, "per": "wood"}],
        "wars": [{"lp": 2, "per": "wars"}],
        "reveal": [{"age": 1, "on": "others"}],
        "death": [{"lp": 4}],
    },
}


@pytest.fixture
def night_owl(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Knight card becomes the new unit, read from its data entry alone."""
    owl = parse_unit(NEW_UNIT)
    cards = [owl if u.name == "Knight" else u for u in catalog.CARD_UNIT]
    monkeypatch.setattr(catalog, "CARD_UNIT", cards)


@pytest.mark.usefixtures("night_owl")
def test_a_new_unit_needs_only_its_data_entry() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Knight", "back"), ("Miner", "back")])
    p = state["players"][0]
    assert resources(p)["wood"] == 1
    assert strength(p)[0] == 1 + 2 * 1  # fights from the back, +2 per Crystal
    assert income(p)[0] == 2 + 1  # +1 gold per Wood
    assert war_rewards(p, 2)[0] == 6 + 4
    kingdom(state, 0, [("Knight", "front", 1), "Farmer", "Treefolk"])
    assert strength(p)[0] == 9 + 1 + 3  # set 9 when aged with 2 Food

    kingdom(state, 0, [("Knight", "back", 1), ("Farmer", "front", 1)], lp=0)
    start_aging(state)
    finish_aging(state)
    assert slot_of(state, 0, card("Knight")) is not None  # dies only at 2 tokens
    kingdom(state, 0, [("Knight", "back", 2)], lp=0)
    start_aging(state)
    finish_aging(state)
    assert state["players"][0]["lp"] == 4

    state, rng = table(2)
    kingdom(state, 0, ["Farmer"], gold=3)
    hand(state, 0, ["Knight"])
    deploy_turn(state, rng, {0: ["/deploy Knight back"]})
    assert slot_of(state, 0, card("Farmer")) is not None
    assert state["players"][0]["units"][0]["age"] >= 1  # the Farmer took its reveal token


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"effects": {"strength": [{"add": 1, "per": "luck"}]}}, "unknown quantity 'luck'"),
        ({"effects": {"produce": [{"gain": {"food": 1}, "per": "food"}]}}, "cannot depend on"),
        ({"effects": {"income": [{"gold": 1, "if": "age is 1"}]}}, "not 'QUANTITY OP VALUE'"),
        ({"effects": {"wars": [{"fly": 1}]}}, "needs one action"),
        ({"effects": {"dance": [{"lp": 1}]}}, "unknown hook dance"),
        ({"effects": {"income": [{"gold": "lots"}]}}, "whole number"),
        ({"effects": {"reveal": [{"age": 1, "on": "enemy"}]}}, "'on' must be"),
        ({"cost": None}, "bad field"),
    ],
)
def test_bad_unit_data_is_refused_naming_the_card(change: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message) as refused:
        parse_unit(NEW_UNIT | change)
    assert str(refused.value).startswith("Knight")


def test_a_building_has_no_age_or_row() -> None:
    raw = {
        "name": "Tower",
        "pl": "Wieża",
        "lp": [1, 3],
        "need": [{}, {}],
        "gold_option": [None, None],
        "produces": [{}, {}],
        "effects": [{"income": [{"gold": 1, "per": "age"}]}, {}],
        "ability": ["", ""],
    }
    with pytest.raises(DataError, match="Tower level 1"):
        parse_building(raw)


def test_the_shipped_data_parses_and_every_unit_is_used() -> None:
    assert len(catalog.UNITS) == 42
    assert sum(1 for u in catalog.UNITS if u.effects or u.fights_from_back) > 25
    assert all(b.effects for b in catalog.BUILDINGS)
