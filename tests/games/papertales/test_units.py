"""One test (at least) per unit ability, each on an exact position."""

from __future__ import annotations

import pytest

from games.base import NotYourTurn, RuleError
from games.papertales import ENGINE
from games.papertales.aging import finish_aging, start_aging
from games.papertales.kingdom import income, resources, strength, strong_units
from games.papertales.wars import resolve_wars, war_rewards
from tests.games.papertales.helpers import (
    act,
    card,
    deploy_turn,
    hand,
    kingdom,
    public_text,
    ready_all,
    slot_of,
    table,
    to_construction,
    to_deployment,
)


def power(units: list, buildings: dict[str, int] | None = None) -> int:
    state, _ = table(2)
    kingdom(state, 0, units, buildings)
    return strength(state["players"][0])[0]


def res(units: list, buildings: dict[str, int] | None = None) -> dict[str, int]:
    state, _ = table(2)
    kingdom(state, 0, units, buildings)
    return resources(state["players"][0])


def gold_income(units: list, buildings: dict[str, int] | None = None) -> int:
    state, _ = table(2)
    kingdom(state, 0, units, buildings)
    return income(state["players"][0])[0]


def age(state: dict, seat: int, name: str) -> int:
    slot = slot_of(state, seat, card(name))
    assert slot is not None
    return int(slot["age"])


def aging(state: dict) -> None:
    start_aging(state)
    finish_aging(state)


# Production-only units ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Farmer", {"wood": 0, "food": 1, "crystal": 0}),
        ("Forest Child", {"wood": 1, "food": 1, "crystal": 0}),
        ("Forest Spirit", {"wood": 3, "food": 0, "crystal": 0}),
        ("Miner", {"wood": 0, "food": 0, "crystal": 1}),
        ("Treefolk", {"wood": 0, "food": 1, "crystal": 0}),
        ("Woodcutter", {"wood": 1, "food": 0, "crystal": 0}),
        ("Peddler", {"wood": 1, "food": 0, "crystal": 0}),
        ("Landlord", {"wood": 1, "food": 0, "crystal": 0}),
        ("Cave Spirit", {"wood": 0, "food": 0, "crystal": 1}),
    ],
)
def test_producers(name: str, expected: dict[str, int]) -> None:
    assert res([(name, "back")]) == expected


def test_adventurer_makes_one_crystal_per_age_token() -> None:
    assert res([("Adventurer", "front", 0)])["crystal"] == 0
    assert res([("Adventurer", "front", 2)])["crystal"] == 2


def test_hunter_food_only_in_front() -> None:
    assert res([("Hunter", "front")])["food"] == 1
    assert res([("Hunter", "back")])["food"] == 0


def test_knight_is_plain_strength_four() -> None:
    assert power(["Knight"]) == 4
    assert power([("Knight", "back")]) == 0


# Wars abilities ------------------------------------------------------------------------


def test_archer_fights_from_the_back() -> None:
    assert power([("Archer", "back")]) == 2


def test_cerberus_three_with_food() -> None:
    assert power(["Cerberus"]) == 2
    assert power(["Cerberus", ("Farmer", "back")]) == 3  # the Farmer in the back adds 0


def test_colossus_seven_with_a_token_and_lp_per_war() -> None:
    assert power(["Colossus"]) == 1
    assert power([("Colossus", "front", 1)]) == 7
    state, _ = table(2)
    kingdom(state, 0, [("Colossus", "front", 1)])
    assert war_rewards(state["players"][0], 2)[0] == 6 + 2


def test_commander_lp_per_war_won() -> None:
    state, _ = table(3)
    kingdom(state, 0, ["Commander 1", "Commander 2"])
    lp, _, _ = war_rewards(state["players"][0], 2)
    assert lp == 6 + 4


def test_dragon_seven_with_crystal() -> None:
    assert power(["Dragon"]) == 0
    assert power(["Dragon", ("Miner", "back")]) == 7


def test_giant_snake_strength_and_income() -> None:
    assert power(["Giant Snake"]) == 4
    assert power([("Giant Snake", "front", 1)]) == 0
    assert gold_income(["Giant Snake"]) == 2
    assert gold_income([("Giant Snake", "front", 1)]) == 5


def test_leviathan_food_strength_and_aged_food() -> None:
    assert power(["Leviathan", ("Farmer", "back")]) == 4 + 2
    aged = [("Leviathan", "front", 1), ("Farmer", "back")]
    assert power(aged) == 0  # with a token it cannot fight
    assert res(aged)["food"] == 3  # but its 2 Food count
    state, _ = table(2)
    kingdom(state, 0, aged)
    assert strong_units(state["players"][0]) == 0


def test_manticore_two_per_food() -> None:
    assert power(["Manticore", ("Treefolk", "back"), ("Farmer", "back")]) == 2 + 4


def test_militiaman_plus_one_per_token() -> None:
    assert power([("Militiaman", "front", 2)]) == 4


def test_ogre_counts_this_turns_income() -> None:
    # Base 2 + Blacksmith 1 + Temple 2 = 5 income: Ogre 2 + 5 = 7, Blacksmith 1.
    assert power(["Ogre", "Blacksmith"], {"Temple": 1}) == 8


def test_rogue_gold_per_war_won() -> None:
    state, _ = table(2)
    kingdom(state, 0, ["Rogue"], gold=0)
    kingdom(state, 1, ["Farmer"])
    resolve_wars(state)  # 3 against 1 is at least double: two wars
    assert state["players"][0]["gold"] == 2
    assert state["players"][0]["lp"] == 6


def test_salamander_token_strength_and_late_death() -> None:
    assert power([("Salamander", "front", 1)]) == 5
    state, _ = table(2)
    kingdom(state, 0, [("Salamander", "front", 1)])
    aging(state)
    assert age(state, 0, "Salamander") == 2
    aging(state)
    assert slot_of(state, 0, card("Salamander")) is None


def test_strategist_counts_all_tokens_from_the_back() -> None:
    assert power([("Strategist", "back", 1), ("Knight", "front", 2)]) == 1 + 3 + 4


def test_master_alchemist_wars_and_income() -> None:
    state, _ = table(2)
    kingdom(state, 0, ["Master Alchemist", ("Miner", "back"), ("Woodcutter", "back")])
    lp, _, _ = war_rewards(state["players"][0], 2)
    assert lp == 6 + 1 * 2  # 1 Crystal x 2 wars
    assert income(state["players"][0])[0] == 2 + 1  # 1 Wood


# Income abilities ----------------------------------------------------------------------


def test_blacksmith_peddler_and_cook_income() -> None:
    assert gold_income(["Blacksmith"]) == 3
    assert gold_income([("Peddler", "back")]) == 3
    assert gold_income(["Cook", ("Farmer", "back"), ("Treefolk", "back")]) == 4


# Deployment abilities ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Cave Spirit", "Veteran", "Demon"])
def test_reveal_puts_one_token_on_itself(name: str) -> None:
    state, rng = table(2)
    hand(state, 0, [name])
    kingdom(state, 0, gold=5)
    deploy_turn(state, rng, {0: [f"/deploy {name} front"]})
    assert age(state, 0, name) == 1


def test_necromancer_and_kraken_age_the_others() -> None:
    state, rng = table(2)
    kingdom(state, 0, ["Knight"], gold=9)
    hand(state, 0, ["Necromancer", "Kraken"])
    deploy_turn(state, rng, {0: ["/deploy Necromancer front", "/deploy Kraken back"]})
    assert age(state, 0, "Knight") == 2
    assert age(state, 0, "Necromancer") == 1  # from the Kraken
    assert age(state, 0, "Kraken") == 1  # from the Necromancer


def test_kraken_penalty_after_golem_and_floor_at_zero() -> None:
    state, rng = table(2)
    kingdom(state, 0, [], {"Town": 1, "Mine": 2}, gold=8, lp=4)
    kingdom(state, 1, ["Knight", "Knight 2"])  # 8 strength: player 0 loses the war
    hand(state, 0, ["Kraken", "Golem"])
    events = deploy_turn(state, rng, {0: ["/deploy Golem back", "/deploy Kraken back"]})
    assert state["players"][0]["buildings"] == {"Town": 2, "Mine": 2}
    assert "Kraken costs 4 LP (2 level-2 buildings)" in public_text(events)
    # Wars then add the Mine's 2 LP per Crystal (Town 2 and Mine make 2): 0 + 4.
    assert state["players"][0]["lp"] == 4


def test_golem_upgrades_but_no_fifth_spot_the_same_turn() -> None:
    state, rng = table(2)
    kingdom(state, 0, ["Knight", "Knight 2"], {"Barracks": 1}, gold=5)
    hand(state, 0, ["Golem", "Veteran"])
    to_deployment(state)
    act(state, rng, 0, "/deploy Golem back")
    with pytest.raises(RuleError, match="front row is full"):
        act(state, rng, 0, "/deploy Veteran front")
    ready_all(state, rng)
    assert state["players"][0]["buildings"] == {"Barracks": 2}
    # From the next Deployment the level-2 building opens the fifth spot.
    hand(state, 0, ["Veteran"])
    to_deployment(state)
    act(state, rng, 0, "/deploy Veteran front")
    assert state["players"][0]["plan"]["new"] == [{"card": card("Veteran"), "row": "front"}]


def test_time_master_asks_for_a_target() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Relic of Wisdom", "back")], gold=3)
    hand(state, 0, ["Time Master"])
    events = deploy_turn(state, rng, {0: ["/deploy Time Master front"]})
    assert state["phase"] == "time" and ENGINE.waiting(state) == [0]
    prompt = [e for e in events if e.to == 0 and e.choices]
    assert prompt and "2 age tokens" in prompt[-1].text
    with pytest.raises(RuleError):
        act(state, rng, 1, "/choose Relic of Wisdom")
    act(state, rng, 0, "/choose Relic of Wisdom")
    assert age(state, 0, "Relic of Wisdom") == 2
    assert state["phase"] == "build"  # then Alchemist (none), Wars, Income, Construction


def test_master_alchemist_puts_food_tokens_every_deployment() -> None:
    state, rng = table(2)
    kingdom(state, 0, ["Farmer", "Hunter", ("Knight", "back")], gold=3)
    hand(state, 0, ["Master Alchemist"])
    deploy_turn(state, rng, {0: ["/deploy Master Alchemist back"]})
    assert state["phase"] == "alch"
    act(state, rng, 0, "/choose Knight")
    assert age(state, 0, "Knight") == 2
    # Next Deployment it fires again, though it was revealed earlier.
    kingdom(state, 0, [("Master Alchemist", "back"), "Farmer", ("Knight", "back")])
    deploy_turn(state, rng, {})
    assert state["phase"] == "alch"
    act(state, rng, 0, "/choose Master Alchemist")
    assert age(state, 0, "Master Alchemist") == 1


def test_master_alchemist_without_food_does_nothing() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Master Alchemist", "back")])
    deploy_turn(state, rng, {})
    assert state["phase"] != "alch"
    assert age(state, 0, "Master Alchemist") == 0


def test_monkey_gold_pays_another_unit_the_same_turn() -> None:
    state, rng = table(2)
    kingdom(state, 0, gold=1)
    hand(state, 0, ["Demon", "Monkey"])
    events = deploy_turn(state, rng, {0: ["/deploy Demon front", "/deploy Monkey back"]})
    assert slot_of(state, 0, card("Demon")) is not None
    assert "Monkey 1 (back, gains 1 gold)" in public_text(events)


def test_unpaid_units_by_default_are_paid_in_the_order_deployed() -> None:
    state, rng = table(2)
    kingdom(state, 0, gold=2)
    hand(state, 0, ["Commander", "Dragon"])
    deploy_turn(state, rng, {0: ["/deploy Dragon front", "/deploy Commander front"]})
    # A bot (or a player who lets the default decide) pays in the order deployed: the Dragon (3)
    # cannot be paid, the Commander (2) can.
    move = ENGINE.bot_move(state, 0, rng.fork("bot"))
    events = act(state, rng, 0, move.text)
    assert slot_of(state, 0, card("Dragon")) is None
    assert card("Dragon") in state["discard"]
    assert slot_of(state, 0, card("Commander")) is not None
    assert "cannot pay for every new unit and discards Dragon" in public_text(events)


def test_a_player_short_of_gold_chooses_which_unit_to_discard() -> None:
    # "Jeśli gracz nie ma wystarczającej liczby Monet, musi odrzucić wybraną Jednostkę":
    # the player chooses; the engine does not discard by deployment order.
    state, rng = table(2)
    kingdom(state, 0, ["Knight"], gold=3)
    hand(state, 0, ["Commander", "Dragon"])
    events = deploy_turn(state, rng, {0: ["/deploy Commander front", "/deploy Dragon back"]})
    assert "Dragon (back, 3 gold)" in public_text(events)  # revealed, but not paid yet
    assert slot_of(state, 0, card("Dragon")) is None and card("Dragon") not in state["discard"]
    assert ENGINE.waiting(state) == [0]
    assert {m.text for m in ENGINE.legal(state, 0)} == {"/discard Commander 1", "/discard Dragon"}
    asked = [e for e in events if e.to == 0 and e.choices]
    assert asked and "/discard" in asked[-1].text
    assert ENGINE.bot_move(state, 0, rng.fork("bot")).text == "/discard Dragon"
    with pytest.raises(NotYourTurn):
        act(state, rng, 1, "/discard Commander")
    with pytest.raises(RuleError):
        act(state, rng, 0, "/discard Knight")  # a unit already paid for is not the question
    events = act(state, rng, 0, "/discard Commander")
    assert slot_of(state, 0, card("Dragon")) is not None
    assert card("Commander") in state["discard"]
    assert "pays for Dragon (back, 3 gold); 0 gold left" in public_text(events)
    assert state["phase"] == "build"  # the turn went on: Wars, Income, Construction


def test_still_short_after_one_discard_is_asked_again_and_choose_answers_too() -> None:
    state, rng = table(2)
    kingdom(state, 0, gold=1)
    hand(state, 0, ["Commander", "Dragon", "Veteran"])
    cmds = ["/deploy Commander front", "/deploy Dragon front", "/deploy Veteran back"]
    deploy_turn(state, rng, {0: cmds})
    act(state, rng, 0, "/choose Dragon")
    assert ENGINE.waiting(state) == [0]
    assert [m.text for m in ENGINE.legal(state, 0)] == ["/discard Commander 1"]
    act(state, rng, 0, "/discard Commander")
    assert slot_of(state, 0, card("Veteran")) is not None  # free, so never in question
    assert state["players"][0]["gold"] >= 1


def test_shapeshifter_becomes_the_first_cheap_card() -> None:
    state, rng = table(2)
    kingdom(state, 0, gold=0)
    hand(state, 0, ["Shapeshifter"])
    for c in (card("Veteran"), card("Kraken")):
        state["deck"].remove(c)
        state["deck"].append(c)  # Kraken on top, then Veteran
    events = deploy_turn(state, rng, {0: ["/deploy Shapeshifter front"]})
    assert card("Kraken") in state["discard"] and card("Shapeshifter") in state["discard"]
    # The new unit takes 1 token and uses its own reveal ability (+1): 2 tokens.
    assert age(state, 0, "Veteran") == 2
    assert "becomes Veteran 1" in public_text(events)


# Aging abilities -----------------------------------------------------------------------


def test_demon_loses_three_when_dying_with_one_token() -> None:
    state, _ = table(2)
    kingdom(state, 0, [("Demon", "front", 1)], lp=5)
    aging(state)
    assert state["players"][0]["lp"] == 2
    state, _ = table(2)
    kingdom(state, 0, [("Demon", "front", 2)], lp=5)  # two tokens: no penalty
    aging(state)
    assert state["players"][0]["lp"] == 5


def test_demon_penalty_stops_at_zero_lp() -> None:
    state, _ = table(2)
    kingdom(state, 0, [("Demon", "front", 1)], lp=1)
    aging(state)
    assert state["players"][0]["lp"] == 0


def test_monkey_death_gold_per_token() -> None:
    state, _ = table(2)
    kingdom(state, 0, [("Monkey", "back", 3)], gold=0)
    aging(state)
    assert state["players"][0]["gold"] == 3


def test_palm_reader_and_kraken_lp_per_dying_token() -> None:
    state, _ = table(2)
    kingdom(state, 0, [("Palm Reader", "back", 1), ("Knight", "front", 2), "Farmer"])
    aging(state)
    assert state["players"][0]["lp"] == 3
    state, _ = table(2)
    kingdom(state, 0, [("Kraken", "front", 2), ("Knight", "front", 1)])
    aging(state)
    assert state["players"][0]["lp"] == 3


def test_sculptor_three_lp_on_death() -> None:
    state, _ = table(2)
    kingdom(state, 0, [("Sculptor", "back", 1), ("Sculptor 2", "back", 0)])
    aging(state)
    assert state["players"][0]["lp"] == 3
    assert slot_of(state, 0, card("Sculptor", 2)) is not None


def test_relic_never_dies_and_scores_two_per_token() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Relic of Wisdom", "back", 3)], lp=0)
    state["turn"] = 4
    to_construction(state)
    act(state, rng, 0, "/pass")
    act(state, rng, 1, "/pass")
    assert state["phase"] == "over"
    assert state["players"][0]["lp"] == 2 * 4  # it took its turn-4 token first


def test_mystical_healer_saves_and_the_saved_unit_ages() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Mystical Healer", "back", 1), ("Demon", "front", 1), "Knight"], lp=3)
    to_construction(state)
    act(state, rng, 0, "/pass")
    act(state, rng, 1, "/pass")
    assert state["phase"] == "heal" and ENGINE.waiting(state) == [0]
    moves = {m.text for m in ENGINE.legal(state, 0)}
    assert moves == {"/choose Mystical Healer 1", "/choose Demon", "/choose none"}
    act(state, rng, 0, "/choose Demon")
    assert age(state, 0, "Demon") == 2
    assert slot_of(state, 0, card("Mystical Healer")) is None
    assert state["players"][0]["lp"] == 3  # the saved Demon did not cost 3 LP


def test_mystical_healer_can_decline() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Mystical Healer", "back", 1), ("Sculptor", "back", 1)])
    to_construction(state)
    act(state, rng, 0, "/pass")
    act(state, rng, 1, "/pass")
    act(state, rng, 0, "/choose none")
    assert state["players"][0]["units"] == []
    assert state["players"][0]["lp"] == 3


# Construction abilities ----------------------------------------------------------------


def test_landlord_waives_land_cost() -> None:
    state, rng = table(2)
    kingdom(state, 0, [("Landlord", "back")], {"Town": 1, "Temple": 1}, gold=0)
    to_construction(state)
    act(state, rng, 0, "/build Barracks")
    assert state["players"][0]["gold"] == 0


def test_wood_merchant_pays_gold_for_wood_only() -> None:
    state, rng = table(2)
    kingdom(state, 0, ["Wood Merchant"], gold=2)
    to_construction(state)
    with pytest.raises(RuleError, match="short of 1 Food"):
        act(state, rng, 0, "/build Tavern")
    act(state, rng, 0, "/build Town")
    assert state["players"][0]["gold"] == 1


def test_grand_architect_pays_any_missing_resource() -> None:
    state, rng = table(2)
    kingdom(state, 0, ["Grand Architect"], gold=3)
    to_construction(state)
    act(state, rng, 0, "/build Tavern 2")  # 2 Food + 1 Wood missing: 3 gold
    assert state["players"][0]["gold"] == 0
    assert state["players"][0]["buildings"] == {"Tavern": 2}
