"""/build and /steal: sums of 9, jokers, top floors only, guards, the rulebook's stolen-joker example."""

from __future__ import annotations

import pytest

from games.base import Rng
from games.gotown import ENGINE
from tests.games.gotown.helpers import arrange, assert_conserved, kinds, refused


def test_build_two_cards_adding_up_to_nine() -> None:
    state = arrange(hands={0: ["4", "5", "1"]}, towers={0: [("2", "7")]})
    events = ENGINE.act(state, 0, "build", ["4", "5"], Rng("x"))
    assert [level["values"] for level in state["towers"][0]] == [[2, 7], [4, 5]]
    assert kinds(state["hands"][0]) == ["1"]
    assert [event.text for event in events] == ["Ann builds floor 2 with 4+5."]
    assert_conserved(state)


@pytest.mark.parametrize("args", [["4+5"], ["4,", "5"], ["5", "4"]])
def test_build_accepts_plus_comma_and_either_order(args: list[str]) -> None:
    state = arrange(hands={0: ["4", "5"]})
    ENGINE.act(state, 0, "build", args, Rng("x"))
    assert sorted(state["towers"][0][0]["values"]) == [4, 5]


def test_several_floors_in_one_turn() -> None:
    state = arrange(hands={0: ["1", "8", "2", "7", "3", "6"]})
    for pair in (["1", "8"], ["2", "7"], ["3", "6"]):
        ENGINE.act(state, 0, "build", pair, Rng("x"))
    assert len(state["towers"][0]) == 3 and state["turn"] == 0


def test_build_refuses_a_sum_other_than_nine() -> None:
    state = arrange(hands={0: ["3", "5", "4", "4"]})
    refused(state, 0, "build", ["3", "5"], "makes 8, not 9")
    refused(state, 0, "build", ["4", "4"], "makes 8, not 9")


def test_build_refuses_a_card_not_in_hand() -> None:
    state = arrange(hands={0: ["4", "?"]})
    refused(state, 0, "build", ["4", "5"], "You hold no 5")
    refused(state, 0, "build", ["?", "3"], "You hold no 3")


def test_build_refuses_two_jokers() -> None:
    state = arrange(hands={0: ["?", "?"]})
    refused(state, 0, "build", ["?", "joker"], "Two jokers cannot pair")


def test_build_refuses_special_cards_and_a_wrong_count() -> None:
    state = arrange(hands={0: ["dog", "4", "5", "1"]})
    refused(state, 0, "build", ["dog", "4"], "not a floor card")
    refused(state, 0, "build", ["4"], "/build needs more words; /help build shows")
    refused(state, 0, "build", ["4", "5", "1"], "/build has words left over that it does not read")


def test_joker_takes_nine_minus_its_partner() -> None:
    state = arrange(hands={0: ["?", "3"]})
    events = ENGINE.act(state, 0, "build", ["joker", "3"], Rng("x"))
    assert state["towers"][0][0]["values"] == [6, 3]
    assert events[0].text == "Ann builds floor 1 with ?=6+3."


def test_rulebook_example_steal_the_joker_from_three_plus_joker() -> None:
    """Facts 2.3: opponent's floor 3+? (the ? is 6); play a 3 to take the ?, their 3 is discarded."""
    state = arrange(hands={0: ["3"]}, towers={1: [("1", "8"), ("3", "?")]})
    events = ENGINE.act(state, 0, "steal", ["3", "from", "Bob"], Rng("x"))
    assert len(state["towers"][1]) == 1
    mine = state["towers"][0][0]
    assert kinds(mine["cards"]) == ["3", "?"] and mine["values"] == [3, 6]
    assert kinds(state["discard"][-1:]) == ["3"]
    assert state["hands"][0] == []
    assert events[0].text == (
        "Ann plays a 3 and steals the ?=6 from Bob's floor 2; Bob's 3 is discarded."
    )
    assert events[1].text == "Ann builds floor 1 with 3+?=6."
    assert_conserved(state)


def test_steal_the_number_card_of_a_joker_floor() -> None:
    state = arrange(hands={0: ["6"]}, towers={1: [("3", "?")]})
    ENGINE.act(state, 0, "steal", ["6", "Bob"], Rng("x"))
    assert state["towers"][0][0]["values"] == [6, 3]
    assert kinds(state["discard"][-1:]) == ["?"]


def test_steal_refuses_a_joker() -> None:
    state = arrange(hands={0: ["?"]}, towers={1: [("4", "5")]})
    refused(state, 0, "steal", ["?", "from", "Bob"], "joker cannot be played to steal")


def test_steal_refuses_a_card_not_in_hand_or_not_matching() -> None:
    state = arrange(hands={0: ["3"]}, towers={1: [("4", "5")]})
    refused(state, 0, "steal", ["4", "from", "Bob"], "You hold no 4")
    refused(state, 0, "steal", ["3", "from", "Bob"], "steal from it with a 4 or a 5")
    refused(state, 0, "steal", ["dog", "from", "Bob"], "number card")


def test_steal_refuses_a_guarded_top_floor() -> None:
    state = arrange(hands={0: ["4"]}, towers={1: [("4", "5", "dog")]})
    refused(state, 0, "steal", ["4", "from", "Bob"], "guarded by a dog")


def test_only_the_top_floor_can_be_robbed() -> None:
    """The player may name the floor with 'floor N'; any floor but the top one is refused."""
    state = arrange(hands={0: ["4"]}, towers={1: [("4", "5"), ("2", "7")]})
    refused(state, 0, "steal", ["4", "from", "Bob", "floor", "1"], "top floor is floor 2")
    state = arrange(hands={0: ["2"]}, towers={1: [("4", "5"), ("2", "7")]})
    ENGINE.act(state, 0, "steal", ["2", "from", "Bob", "floor", "2"], Rng("x"))
    assert [level["values"] for level in state["towers"][1]] == [[4, 5]]


def test_steal_needs_an_opponent_with_a_floor() -> None:
    state = arrange(hands={0: ["4"]}, towers={0: [("4", "5")]})
    refused(state, 0, "steal", ["4", "from", "Bob"], "Bob has no floor")
    refused(state, 0, "steal", ["4", "from", "Ann"], "your own tower")
    refused(state, 0, "steal", ["4", "from", "Zed"], "no player 'Zed'")


def test_steal_with_an_eight_reads_well() -> None:
    state = arrange(hands={0: ["8"]}, towers={1: [("1", "8")]})
    events = ENGINE.act(state, 0, "steal", ["8", "from", "Bob"], Rng("x"))
    assert (
        events[0].text
        == "Ann plays an 8 and steals the 1 from Bob's floor 1; Bob's 8 is discarded."
    )
