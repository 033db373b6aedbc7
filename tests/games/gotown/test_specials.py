"""/play: dogs, bones, jack-hammers, the wrecking ball, thieves, milkshakes and the donut truck."""

from __future__ import annotations

import pytest

from games.base import Rng
from games.gotown import ENGINE
from tests.games.gotown.helpers import arrange, assert_conserved, kinds, refused


def test_dog_guards_the_top_floor_by_default() -> None:
    state = arrange(hands={0: ["dog"]}, towers={0: [("1", "8"), ("2", "7")]})
    events = ENGINE.act(state, 0, "play", ["dog"], Rng("x"))
    assert [bool(level["dog"]) for level in state["towers"][0]] == [False, True]
    assert events[0].text == "Ann puts a guard dog on floor 2 (2+7)."
    assert_conserved(state)


@pytest.mark.parametrize("args", [["guard", "dog", "1"], ["dog", "floor", "1"]])
def test_dog_on_a_named_floor(args: list[str]) -> None:
    state = arrange(hands={0: ["dog"]}, towers={0: [("1", "8"), ("2", "7")]})
    ENGINE.act(state, 0, "play", args, Rng("x"))
    assert [bool(level["dog"]) for level in state["towers"][0]] == [True, False]


def test_dog_needs_a_floor_that_exists() -> None:
    refused(arrange(hands={0: ["dog"]}), 0, "play", ["dog"], "no floor to guard")
    state = arrange(hands={0: ["dog"]}, towers={0: [("1", "8")]})
    refused(state, 0, "play", ["dog", "3"], "no floor 3")


def test_bone_lures_a_dog_away_and_both_are_discarded() -> None:
    state = arrange(hands={0: ["bone"]}, towers={1: [("1", "8", "dog")]})
    events = ENGINE.act(state, 0, "play", ["bone", "Bob"], Rng("x"))
    assert state["towers"][1][0]["dog"] is None
    assert kinds(state["discard"][-2:]) == ["bone", "dog"]
    assert "dog on Bob's floor 1 is lured away" in events[0].text
    assert_conserved(state)


def test_bone_without_a_name_goes_to_the_only_dog_owner() -> None:
    state = arrange(players=3, hands={0: ["bone"]}, towers={2: [("1", "8", "dog")]})
    ENGINE.act(state, 0, "play", ["bone"], Rng("x"))
    assert state["towers"][2][0]["dog"] is None


def test_bone_picks_the_named_guarded_floor() -> None:
    towers = {1: [("1", "8", "dog"), ("2", "7", "dog")]}
    state = arrange(hands={0: ["bone"]}, towers=towers)
    ENGINE.act(state, 0, "play", ["bone", "Bob", "floor", "1"], Rng("x"))
    assert [bool(level["dog"]) for level in state["towers"][1]] == [False, True]
    state = arrange(hands={0: ["bone"]}, towers=towers)
    ENGINE.act(state, 0, "play", ["bone", "Bob"], Rng("x"))
    assert [bool(level["dog"]) for level in state["towers"][1]] == [True, False]


def test_bone_refuses_a_player_or_floor_without_a_dog() -> None:
    state = arrange(players=3, hands={0: ["bone"]}, towers={1: [("1", "8"), ("2", "7", "dog")]})
    refused(state, 0, "play", ["bone", "Cid"], "Cid has no guard dog")
    refused(state, 0, "play", ["bone", "Bob", "floor", "1"], "floor 1 has no dog")


def test_jack_hammer_destroys_an_unguarded_top_floor() -> None:
    state = arrange(hands={0: ["hammer"]}, towers={1: [("1", "8"), ("2", "7")]})
    events = ENGINE.act(state, 0, "play", ["jack-hammer", "Bob"], Rng("x"))
    assert [level["values"] for level in state["towers"][1]] == [[1, 8]]
    assert kinds(state["discard"][-3:]) == ["2", "7", "hammer"]
    assert events[0].text == (
        "Ann plays a jack-hammer on Bob's floor 2 (2+7): its two cards go to the discard pile."
    )
    assert_conserved(state)


def test_jack_hammer_refuses_a_guarded_floor() -> None:
    state = arrange(hands={0: ["hammer"]}, towers={1: [("2", "7", "dog")]})
    refused(state, 0, "play", ["hammer", "Bob"], "guarded by a dog")


def test_jack_hammer_only_hits_a_top_floor_of_an_opponent() -> None:
    state = arrange(hands={0: ["hammer"]}, towers={0: [("3", "6")], 1: [("1", "8"), ("2", "7")]})
    refused(state, 0, "play", ["hammer", "Bob", "floor", "1"], "top floor is floor 2")
    refused(state, 0, "play", ["jackhammer", "Ann"], "not your own")
    refused(arrange(hands={0: ["hammer"]}), 0, "play", ["hammer", "Bob"], "no floor to destroy")


def test_wrecking_ball_destroys_a_guarded_top_floor_and_its_dog() -> None:
    state = arrange(hands={0: ["wreck"]}, towers={1: [("1", "8"), ("2", "7", "dog")]})
    events = ENGINE.act(state, 0, "play", ["wrecking", "ball", "Bob"], Rng("x"))
    assert len(state["towers"][1]) == 1
    assert kinds(state["discard"][-4:]) == ["2", "7", "dog", "wreck"]
    assert "and its guard dog go to the discard pile" in events[0].text
    assert_conserved(state)


def test_thief_takes_a_random_card_and_only_the_two_players_learn_it() -> None:
    state = arrange(hands={0: ["thief"], 1: ["4"]})
    events = ENGINE.act(state, 0, "play", ["thief", "Bob"], Rng("x"))
    assert kinds(state["hands"][0]) == ["4"] and state["hands"][1] == []
    assert kinds(state["discard"][-1:]) == ["thief"]
    public = [event.text for event in events if event.to is None]
    assert public == ["Ann plays a thief and takes a card from Bob's hand."]
    assert [event.text for event in events if event.to == 0] == [
        "You take a 4 from Bob. Your hand: 4."
    ]
    assert [event.text for event in events if event.to == 1] == [
        "Ann takes your 4. Your hand: empty."
    ]
    assert_conserved(state)


def test_thief_refuses_an_opponent_with_an_empty_hand() -> None:
    state = arrange(players=3, hands={0: ["thief"], 2: ["5"]})
    refused(
        state, 0, "play", ["thief", "Bob"], "Bob holds no cards; rob a player who holds some: Cid"
    )
    refused(state, 0, "play", ["thief", "Ann"], "not yourself")


def test_super_thief_takes_one_card_from_each_opponent() -> None:
    state = arrange(players=4, hands={0: ["superthief"], 1: ["1"], 2: ["2", "2"], 3: ["3"]})
    events = ENGINE.act(state, 0, "play", ["super-thief"], Rng("x"))
    assert kinds(state["hands"][0]) == ["1", "2", "3"]
    assert [len(hand) for hand in state["hands"][1:]] == [0, 1, 0]
    public = [event.text for event in events if event.to is None]
    assert public == ["Ann plays the super-thief and takes a card from Bob, Cid and Dee."]
    assert sorted(event.to for event in events if event.to is not None) == [0, 1, 2, 3]


def test_milkshake_makes_the_opponent_sit_out_their_next_turn() -> None:
    state = arrange(hands={0: ["milkshake", "1", "2"], 1: ["4", "5"]})
    ENGINE.act(state, 0, "play", ["milk-shake", "Bob"], Rng("x"))
    assert kinds(state["skips"][1]) == ["milkshake"]
    hand_before = list(state["hands"][1])
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert state["turn"] == 1 and state["hands"][1] == hand_before
    assert [move.text for move in ENGINE.legal(state, 1)] == ["/done"]
    ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["skips"][1] == [] and kinds(state["discard"][-1:]) == ["milkshake"]
    assert state["turn"] == 0
    assert_conserved(state)


def test_acting_during_a_milkshake_turn_is_refused() -> None:
    state = arrange(hands={1: ["4", "5", "donut"]}, turn=1)
    state["skips"][1] = ["milkshake#1"]
    state["draw"].remove("milkshake#1")
    refused(state, 1, "build", ["4", "5"], "only move is /done")
    refused(state, 1, "play", ["donut"], "only move is /done")


def test_donut_truck_skips_every_opponent_and_the_owner_plays_on() -> None:
    state = arrange(players=3, hands={0: ["donut", "4", "5"], 1: ["1"], 2: ["2"]})
    ENGINE.act(state, 0, "play", ["donut", "truck"], Rng("x"))
    assert state["skips"] == [[], ["donut-truck"], ["donut-truck"]]
    ENGINE.act(state, 0, "build", ["4", "5"], Rng("x"))
    assert len(state["towers"][0]) == 1 and state["turn"] == 0
    assert_conserved(state)


def test_play_refuses_floor_cards_and_missing_cards() -> None:
    state = arrange(hands={0: ["4", "?"]}, towers={1: [("1", "8")]})
    refused(state, 0, "play", ["4"], "use it with /build or /steal")
    refused(state, 0, "play", ["hammer", "Bob"], "You hold no jack-hammer")
    refused(state, 0, "play", [], "/play needs more words; /help play shows")
