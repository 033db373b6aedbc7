"""One test per referee DEFAULT of gotown.facts.md section 2.4 (and the hand-limit default of 2.2)."""

from __future__ import annotations

import pytest

from games.base import Rng
from games.gotown import ENGINE
from tests.games.gotown.helpers import arrange, assert_conserved, kinds, refused


def test_default_hand_limit_only_blocks_the_start_draw() -> None:
    """8 cards: no start draw, no forced discard; a thief may push a hand above 8."""
    eight = ["1", "1", "2", "2", "3", "3", "4", "4"]
    state = arrange(hands={0: ["1"], 1: eight})
    events = ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][1]) == 8
    assert "Bob holds 8 cards and draws none." in events[-1].text
    state = arrange(hands={0: [*eight[:7], "thief"], 1: ["5"]})
    ENGINE.act(state, 0, "play", ["thief", "Bob"], Rng("x"))
    assert len(state["hands"][0]) == 8
    state = arrange(hands={0: [*eight, "thief"], 1: ["5"]})
    ENGINE.act(state, 0, "play", ["thief", "Bob"], Rng("x"))
    assert len(state["hands"][0]) == 9
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][0]) == 9


def test_default_both_piles_empty_draw_what_exists_then_nothing() -> None:
    state = arrange(hands={0: []}, draw=["7"], rest=1)
    events = ENGINE.act(state, 0, "done", [], Rng("x"))
    assert kinds(state["hands"][0]) == ["7"]
    assert "draws 1 card (the draw and discard piles are empty)" in events[0].text
    bob_before = len(state["hands"][1])
    events = ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["turn"] == 0 and len(state["hands"][1]) == bob_before
    assert "Ann draws 0 cards (the draw and discard piles are empty)." in events[-1].text
    assert ENGINE.legal(state, 0)
    assert_conserved(state)


def test_default_thief_needs_an_opponent_holding_cards() -> None:
    state = arrange(players=3, hands={0: ["thief", "superthief"]}, rest="discard")
    refused(state, 0, "play", ["thief", "Bob"], "No opponent holds a card")
    refused(state, 0, "play", ["superthief"], "No opponent holds a card")
    assert all(move.verb != "play" for move in ENGINE.legal(state, 0))


def test_default_super_thief_takes_from_each_opponent_who_has_cards() -> None:
    state = arrange(players=3, hands={0: ["superthief"], 2: ["6"]})
    events = ENGINE.act(state, 0, "play", ["superthief"], Rng("x"))
    assert kinds(state["hands"][0]) == ["6"]
    assert [event.text for event in events if event.to is None] == [
        "Ann plays the super-thief and takes a card from Cid."
    ]


def test_default_milkshake_turn_has_no_draw_and_no_refill() -> None:
    state = arrange(hands={0: ["milkshake", "1", "2", "3"], 1: []})
    ENGINE.act(state, 0, "play", ["milkshake", "Bob"], Rng("x"))
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert state["hands"][1] == []
    ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["hands"][1] == []
    assert kinds(state["discard"]) == ["milkshake"]


def test_default_several_milkshakes_cost_separate_turns_in_queue_order() -> None:
    state = arrange(players=3, hands={0: ["milkshake", "milkshake", "5", "5"], 1: [], 2: ["1"] * 3})
    ENGINE.act(state, 0, "play", ["milkshake", "Bob"], Rng("x"))
    events = ENGINE.act(state, 0, "play", ["shake", "Bob"], Rng("x"))
    assert "Bob sits out the next 2 turns" in events[0].text
    first = state["skips"][1][0]
    ENGINE.act(state, 0, "done", [], Rng("x"))
    ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["discard"][-1] == first and len(state["skips"][1]) == 1
    ENGINE.act(state, 2, "done", [], Rng("x"))
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert state["turn"] == 1 and [m.text for m in ENGINE.legal(state, 1)] == ["/done"]
    ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["skips"][1] == []


def test_default_no_milkshake_or_donut_on_yourself() -> None:
    state = arrange(hands={0: ["milkshake", "donut"]})
    refused(state, 0, "play", ["milkshake", "Ann"], "opponent, not yourself")
    refused(state, 0, "play", ["donut", "Ann"], "every opponent at once")
    targets = [move.args for move in ENGINE.legal(state, 0) if move.verb == "play"]
    assert ("milkshake", "Ann") not in targets and ("milkshake", "Bob") in targets


def test_default_donut_skips_each_opponent_and_leaves_when_play_returns() -> None:
    state = arrange(players=3, hands={0: ["donut", "1", "2", "3"], 1: ["4"], 2: ["5"]})
    ENGINE.act(state, 0, "play", ["donut"], Rng("x"))
    ENGINE.act(state, 0, "done", [], Rng("x"))
    for seat in (1, 2):
        assert state["turn"] == seat and state["donut"] is not None
        assert len(state["hands"][seat]) == 1
        refused(state, seat, "play", ["donut"], "only move is /done")
        ENGINE.act(state, seat, "done", [], Rng("x"))
    assert state["turn"] == 0 and state["donut"] is None
    assert kinds(state["discard"]) == ["donut"]
    assert state["skips"] == [[], [], []]
    assert_conserved(state)


def test_default_donut_plus_milkshake_are_two_pending_skips() -> None:
    state = arrange(hands={0: ["donut", "milkshake", "1", "2", "3"], 1: ["4"]})
    ENGINE.act(state, 0, "play", ["milkshake", "Bob"], Rng("x"))
    ENGINE.act(state, 0, "play", ["donut"], Rng("x"))
    assert len(state["skips"][1]) == 2
    ENGINE.act(state, 0, "done", [], Rng("x"))
    ENGINE.act(state, 1, "done", [], Rng("x"))
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert state["turn"] == 1 and len(state["skips"][1]) == 1
    assert [m.text for m in ENGINE.legal(state, 1)] == ["/done"]
    ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["skips"][1] == [] and len(state["hands"][1]) == 1


def test_default_dogs_only_on_own_floors_one_per_floor() -> None:
    state = arrange(hands={0: ["dog"]}, towers={0: [("1", "8", "dog")], 1: [("2", "7")]})
    refused(state, 0, "play", ["dog", "Bob"], "one of your own floors")
    refused(state, 0, "play", ["dog", "1"], "already has a dog")


def test_default_dog_on_a_lower_floor_guards_it_once_it_is_the_top() -> None:
    state = arrange(
        hands={0: ["dog"], 1: ["hammer", "hammer", "4"]}, towers={0: [("4", "5"), ("2", "7")]}
    )
    ENGINE.act(state, 0, "play", ["dog", "1"], Rng("x"))
    ENGINE.act(state, 0, "done", [], Rng("x"))
    ENGINE.act(state, 1, "play", ["hammer", "Ann"], Rng("x"))
    assert len(state["towers"][0]) == 1
    refused(state, 1, "play", ["hammer", "Ann"], "guarded by a dog")
    refused(state, 1, "steal", ["4", "from", "Ann"], "guarded by a dog")


def test_default_bone_cannot_be_played_without_a_dog_in_play() -> None:
    state = arrange(hands={0: ["bone"]}, towers={1: [("1", "8")]})
    refused(state, 0, "play", ["bone", "Bob"], "no guard dog in play")
    assert all(move.verb != "play" for move in ENGINE.legal(state, 0))


def test_default_guarded_top_floor_needs_a_bone_first_unless_wrecked() -> None:
    state = arrange(hands={0: ["bone", "hammer", "4"]}, towers={1: [("1", "8"), ("4", "5", "dog")]})
    refused(state, 0, "steal", ["4", "from", "Bob"], "guarded by a dog")
    refused(state, 0, "play", ["hammer", "Bob"], "guarded by a dog")
    ENGINE.act(state, 0, "play", ["bone", "Bob"], Rng("x"))
    ENGINE.act(state, 0, "play", ["hammer", "Bob"], Rng("x"))
    assert [level["values"] for level in state["towers"][1]] == [[1, 8]]
    state = arrange(hands={0: ["wreck"]}, towers={1: [("4", "5", "dog")]})
    ENGINE.act(state, 0, "play", ["wreck", "Bob"], Rng("x"))
    assert state["towers"][1] == []


def test_default_two_jokers_never_pair() -> None:
    state = arrange(hands={0: ["?", "?", "2"]})
    refused(state, 0, "build", ["?", "?"], "Two jokers cannot pair")
    builds = [move.args for move in ENGINE.legal(state, 0) if move.verb == "build"]
    assert builds == [("?", "2")]


def test_default_joker_value_is_fixed_and_public() -> None:
    state = arrange(hands={0: ["?", "2", "7"], 1: ["2"]})
    ENGINE.act(state, 0, "build", ["?", "2"], Rng("x"))
    assert state["towers"][0][0]["values"] == [7, 2]
    public_rows = ENGINE.view(state, None).tables[1].rows
    assert public_rows == [["1", "?=7+2", ""]]


def test_default_reaching_the_goal_wins_at_once_mid_turn() -> None:
    floors = [("1", "8"), ("2", "7"), ("3", "6"), ("4", "5")]
    state = arrange(hands={0: ["1", "8", "milkshake", "donut"]}, towers={0: floors})
    events = ENGINE.act(state, 0, "build", ["1", "8"], Rng("x"))
    assert events[-1].text == "Ann completes floor 5 and wins GoTown!"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [0] and outcome.scores == {0: 5.0, 1: 0.0}
    assert ENGINE.waiting(state) == [] and ENGINE.legal(state, 0) == []
    refused(state, 0, "play", ["donut"], "The game is over")


def test_short_option_wins_at_four_floors_by_steal() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], {"short": True}, Rng("s"))
    assert state["goal"] == 4
    floors = [("1", "8"), ("2", "7"), ("3", "6")]
    state = arrange(hands={0: ["4"]}, towers={0: floors, 1: [("4", "5")]}, goal=4)
    ENGINE.act(state, 0, "steal", ["4", "Bob"], Rng("x"))
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [0]


def test_default_no_voluntary_discard() -> None:
    state = arrange(hands={0: ["4", "dog"]})
    refused(state, 0, "discard", ["4"], "GoTown has no /discard")
    assert {move.verb for move in ENGINE.legal(state, 0)} == {"done"}


def test_default_no_ties_the_first_to_complete_wins_alone() -> None:
    floors = [("1", "8"), ("2", "7"), ("3", "6"), ("4", "5")]
    state = arrange(hands={0: ["1", "8"]}, towers={0: floors, 1: [*floors[:3], ("?", "5")]})
    ENGINE.act(state, 0, "build", ["1", "8"], Rng("x"))
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [0]


def test_ruling_stalemate_lifts_the_eight_card_limit_after_a_quiet_round() -> None:
    """Ann and Bob hold 8 unbuildable cards: after two quiet turns Ann draws despite 8."""
    eight = ["1", "1", "2", "2", "3", "3", "4", "4"]
    state = arrange(hands={0: eight, 1: ["1", "1", "2", "2", "3", "3", "4", "4"]})
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][1]) == 8
    events = ENGINE.act(state, 1, "done", [], Rng("x"))
    assert len(state["hands"][0]) == 9
    assert "nobody played or drew a card for a full round" in events[-2].text
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][1]) == 8


STUCK = ["1", "1", "2", "2", "3", "3", "4", "4"]


@pytest.mark.parametrize(
    ("bob", "towers"),
    [
        ([*STUCK[:7], "5"], {}),
        ([*STUCK[:7], "milkshake"], {}),
        (STUCK, {0: [("6", "?")]}),
    ],
    ids=["a build 4+5", "a milkshake to play", "a steal from Ann's 6+?"],
)
def test_ruling_eight_cards_still_block_the_draw_while_someone_could_build_or_play(
    bob: list[str], towers: dict[int, list[tuple[str, str]]]
) -> None:
    """Issue 17: two players hold eight cards and Bob has a legal move on offer; a quiet round
    passes (both /done); Ann still draws nothing, because nothing is deadlocked."""
    state = arrange(hands={0: STUCK, 1: bob}, towers=towers)
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][1]) == 8
    events = ENGINE.act(state, 1, "done", [], Rng("x"))
    assert state["quiet_turns"] == 2
    assert len(state["hands"][0]) == 8
    assert "Ann holds 8 cards and draws none." in events[-1].text
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][1]) == 8
