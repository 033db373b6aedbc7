"""The phase machine: drafting and passing, deployment rules, wars pairing, end and tie-breaks."""

from __future__ import annotations

import copy

import pytest

from bot.i18n import localise_view, say
from games.base import NotYourTurn, Outcome, Rng, RuleError
from games.papertales import ENGINE
from games.papertales.catalog import DECK_SIZE, UNITS, label
from games.papertales.flow import conflict_order
from games.papertales.wars import resolve_wars, wars_won
from tests.games.papertales.helpers import act, card, hand, kingdom, table, take, to_deployment


def fresh(players: int, seed: str = "p", lang: str = "en") -> tuple[dict, Rng, list]:
    rng = Rng(seed)
    state, events = ENGINE.setup(["Ann", "Bob", "Cid", "Dee", "Eve"][:players], {"lang": lang}, rng)
    return state, rng, events


def test_deck_has_81_cards_of_42_units() -> None:
    assert len(UNITS) == 42
    assert sum(u.copies for u in UNITS) == DECK_SIZE == 81
    state, _, _ = fresh(5)
    assert len(state["deck"]) + sum(len(p["packet"]) for p in state["players"]) == 81


def test_setup_deals_private_packets_and_waits_for_everyone() -> None:
    state, _, events = fresh(4)
    assert [len(p["packet"]) for p in state["players"]] == [5, 5, 5, 5]
    assert ENGINE.waiting(state) == [0, 1, 2, 3]
    for seat, p in enumerate(state["players"]):
        mine = [e for e in events if e.to == seat]
        assert mine and all(label(c) in mine[-1].text for c in p["packet"])
        assert mine[-1].choices
    assert all(p["gold"] == 3 and p["lp"] == 0 for p in state["players"])


def test_picking_twice_is_refused_and_packets_pass_left_on_turn_one() -> None:
    state, rng, _ = fresh(3)
    rest = [p["packet"][1:] for p in state["players"]]
    for seat in (0, 1):
        act(state, rng, seat, "/draft " + label(state["players"][seat]["packet"][0]))
    before = copy.deepcopy(state)
    with pytest.raises(NotYourTurn):  # already picked from this packet
        act(state, rng, 0, "/draft " + label(state["players"][0]["packet"][0]))
    assert state == before
    assert ENGINE.waiting(state) == [2]
    events = act(state, rng, 2, "/draft " + label(state["players"][2]["packet"][0]))
    # Left = the next seat: Bob now holds what Ann passed, Cid what Bob passed.
    assert sorted(state["players"][1]["packet"]) == sorted(rest[0])
    assert sorted(state["players"][2]["packet"]) == sorted(rest[1])
    assert {e.to for e in events if e.choices} == {0, 1, 2}


def test_packets_pass_right_on_turn_two() -> None:
    state, rng, _ = fresh(3)
    state["turn"] = 2
    rest = []
    for seat in range(3):
        packet = state["players"][seat]["packet"]
        rest.append(packet[1:])
        act(state, rng, seat, "/draft " + label(packet[0]))
    assert sorted(state["players"][0]["packet"]) == sorted(rest[1])


def test_full_draft_gives_five_cards_and_the_kept_card_joins() -> None:
    state, rng, _ = fresh(4)
    state["players"][0]["kept"] = state["deck"].pop()
    kept = state["players"][0]["kept"]
    while state["phase"] == "recruit":
        for seat in ENGINE.waiting(state):
            move = ENGINE.legal(state, seat)[0]
            ENGINE.act(state, seat, move.verb, list(move.args), rng)
    assert state["phase"] == "deploy"
    assert [len(p["hand"]) for p in state["players"]] == [6, 5, 5, 5]
    assert kept in state["players"][0]["hand"]


def test_two_player_draft_discards_one_each_pick() -> None:
    state, rng, _ = fresh(2)
    assert [len(p["packet"]) for p in state["players"]] == [9, 9]
    packet = state["players"][0]["packet"]
    with pytest.raises(RuleError, match="also discard"):
        act(state, rng, 0, "/draft " + label(packet[0]))
    pick, drop = packet[0], packet[1]
    act(state, rng, 0, f"/draft {label(pick)} discard {label(drop)}")
    assert pick in state["players"][0]["hand"] and drop in state["discard"]
    assert len(state["players"][0]["packet"]) == 7
    while state["phase"] == "recruit":
        for seat in ENGINE.waiting(state):
            move = ENGINE.legal(state, seat)[-1]
            ENGINE.act(state, seat, move.verb, list(move.args), rng)
    assert [len(p["hand"]) for p in state["players"]] == [5, 5]
    assert len(state["discard"]) == 8


def test_discard_while_drafting_only_with_two_players() -> None:
    state, rng, _ = fresh(3)
    packet = state["players"][0]["packet"]
    with pytest.raises(RuleError, match="Only the 2-player game"):
        act(state, rng, 0, f"/draft {label(packet[0])} discard {label(packet[1])}")


def test_polish_names_shown_and_accepted() -> None:
    state, rng, events = fresh(3, lang="pl")
    prompt = say(next(e.text for e in events if e.to == 0 and e.choices), "pl")
    assert all(label(c, "pl") in prompt for c in state["players"][0]["packet"])
    knight = card("Knight")
    packet = state["players"][0]["packet"]
    if knight not in packet:
        take(state, knight)
        state["deck"].append(packet[0])
        packet[0] = knight
    act(state, rng, 0, "/draft rycerz 1")
    assert knight in state["players"][0]["hand"]
    assert localise_view(ENGINE.view(state, 0), "pl").hand == ["Rycerz 1 (koszt 1, siła 4)"]


def test_deployment_rules_capacity_keep_and_ready() -> None:
    state, rng = table(2)
    kingdom(state, 0, ["Knight", "Knight 2", ("Farmer", "back")], gold=5)
    hand(state, 0, ["Veteran", "Archer", "Miner"])
    to_deployment(state)
    with pytest.raises(RuleError, match="front row is full"):
        act(state, rng, 0, "/deploy Veteran front")
    with pytest.raises(RuleError, match="That is not one of: front, back"):
        act(state, rng, 0, "/deploy Veteran middle")
    act(state, rng, 0, "/deploy Veteran back")
    with pytest.raises(RuleError, match="back row is full"):
        act(state, rng, 0, "/move Knight 1 back")
    act(state, rng, 0, "/discard Knight 1")
    act(state, rng, 0, "/deploy Archer front")
    act(state, rng, 0, "/keep Miner")
    act(state, rng, 0, "/keep none")
    act(state, rng, 0, "/keep Miner")
    assert state["players"][0]["kept"] == card("Miner")
    act(state, rng, 0, "/ready")
    with pytest.raises(NotYourTurn):  # ready: no more deployment moves
        act(state, rng, 0, "/deploy Miner back")
    assert ENGINE.waiting(state) == [1]
    act(state, rng, 1, "/ready")
    units = {s["card"] for s in state["players"][0]["units"]}
    assert units == {card("Knight", 2), card("Farmer"), card("Veteran"), card("Archer")}
    assert state["players"][0]["kept"] == card("Miner")
    assert card("Knight", 1) in state["discard"]


def test_wrong_phase_and_unknown_verb_are_refused_untouched() -> None:
    state, rng, _ = fresh(3)
    before = copy.deepcopy(state)
    for command in ("/deploy Knight front", "/build Town", "/choose Knight", "/ready", "/fly"):
        with pytest.raises(RuleError):
            act(state, rng, 0, command)
    assert state == before


def test_wars_pairing_and_two_player_double() -> None:
    assert [wars_won([9, 5, 5, 3], s) for s in range(4)] == [2, 1, 2, 0]
    assert [wars_won([4, 4, 1], s) for s in range(3)] == [2, 2, 0]
    assert [wars_won([10, 5], s) for s in range(2)] == [2, 0]
    assert [wars_won([9, 5], s) for s in range(2)] == [1, 0]
    assert [wars_won([3, 3], s) for s in range(2)] == [1, 1]
    assert [wars_won([0, 0], s) for s in range(2)] == [1, 1]  # proposed default
    assert [wars_won([3, 0], s) for s in range(2)] == [2, 0]


def test_conflict_order_leader_then_less_gold_then_random() -> None:
    state, rng = table(4)
    for seat, (lp, gold) in enumerate([(5, 3), (9, 1), (5, 1), (5, 1)]):
        kingdom(state, seat, lp=lp, gold=gold)
    order = conflict_order(state, rng)
    assert order[0] == 1 and set(order[1:3]) == {2, 3} and order[3] == 0


def test_outcome_most_lp_then_gold_then_shared() -> None:
    state, _ = table(3)
    state["phase"] = "over"
    for seat, (lp, gold) in enumerate([(20, 1), (20, 4), (12, 9)]):
        kingdom(state, seat, lp=lp, gold=gold)
    result = ENGINE.outcome(state)
    assert isinstance(result, Outcome) and result.winners == [1]
    kingdom(state, 0, gold=4)
    assert ENGINE.outcome(state).winners == [0, 1]  # type: ignore[union-attr]
    state["phase"] = "build"
    assert ENGINE.outcome(state) is None


def test_rules_list_every_default_and_topics() -> None:
    text = ENGINE.rules(None)
    for needle in (
        "0 against 0",
        "Shapeshifter",
        "Master Alchemist",
        "Ogre",
        "Leviathan",
        "Hunter",
        "never drops below 0",
        "Kraken",
        "Healer",
        "fifth",
    ):
        assert needle in text
    assert "/draft" in ENGINE.rules("draft")
    assert ENGINE.rules("nonsense").startswith("Unknown topic")


def test_rules_state_the_two_player_war_rule_the_engine_applies() -> None:
    wars = next(line for line in ENGINE.rules(None).splitlines() if line.startswith("3 Wars"))
    assert "2 players" in wars and "twice" in wars and "two Wars" in wars
    assert "twice" in ENGINE.rules("wars") and "0 against 0" in ENGINE.rules("wars")
    # The engine does what the text says: at least twice the opponent's strength wins two Wars.
    state, _ = table(2)
    kingdom(state, 0, ["Knight", "Knight 2"])  # 8
    kingdom(state, 1, ["Knight 3"])  # 4
    resolve_wars(state)
    assert [p["lp"] for p in state["players"]] == [6, 0]
    kingdom(state, 1, ["Knight 3", ("Farmer", "front")], lp=0)  # 5: less than half of 8 no more
    kingdom(state, 0, lp=0)
    resolve_wars(state)
    assert [p["lp"] for p in state["players"]] == [3, 0]


def test_rules_say_a_short_player_chooses_what_to_discard() -> None:
    text = ENGINE.rules(None)
    assert "chooses which to discard" in text
    assert "/discard" in ENGINE.rules("discard") and "cannot pay" in ENGINE.rules("discard")


def test_public_view_shows_every_kingdom_and_own_view_the_secrets() -> None:
    state, _ = table(2)
    kingdom(state, 0, [("Demon", "front", 1), ("Farmer", "back")], {"Town": 2}, gold=4, lp=7)
    hand(state, 1, ["Kraken"])
    state["players"][1]["kept"] = take(state, card("Relic of Wisdom"))
    public = ENGINE.view(state, None)
    row = public.tables[0].rows[0]
    assert row[:6] == [
        "Gosia",
        "7",
        "4",
        "Demon (str 7, 1 age)",
        "Farmer 1 (str 1, 1 Food)",
        "Town 2",
    ]
    assert public.hand is None and public.tracks[0].positions["Gosia"] == 7
    text = str(public.to_json())
    assert "Kraken" not in text and "Relic" not in text
    own = ENGINE.view(state, 1)
    assert own.hand == ["Kraken (cost 6, str 9)"]
    assert any("Relic of Wisdom" in line for line in own.lines)
    assert "Kraken" not in str(ENGINE.view(state, 0).to_json())


def test_two_copies_of_one_name_draft_one_and_discard_the_other_in_polish() -> None:
    """'/draft Knight odrzuć Knight' keeps one Knight and discards the other copy."""
    state, rng, _ = fresh(2)
    packet = state["players"][0]["packet"]
    knights = [card("Knight", 1), card("Knight", 2)]
    for k in knights:
        take(state, k)
    state["deck"] += packet[:2]
    packet[:2] = knights
    act(state, rng, 0, "/draft Knight odrzuć Knight")
    assert knights[0] in state["players"][0]["hand"] and knights[1] in state["discard"]


def test_rows_read_by_their_first_letters_and_keep_reads_none_in_polish() -> None:
    state, rng = table(2)
    hand(state, 0, ["Veteran", "Archer"])
    to_deployment(state)
    act(state, rng, 0, "/deploy Veteran b")
    act(state, rng, 0, "/deploy Archer przód")
    plan = state["players"][0]["plan"]["new"]
    assert [(entry["card"], entry["row"]) for entry in plan] == [
        (card("Veteran"), "back"),
        (card("Archer"), "front"),
    ]
    hand(state, 0, ["Miner"])
    act(state, rng, 0, "/keep Miner")
    act(state, rng, 0, "/keep nic")
    assert state["players"][0]["kept"] is None and card("Miner") in state["players"][0]["hand"]
