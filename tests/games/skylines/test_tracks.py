"""Hopping over meeples, line points scored once, and the first-to-end bonus."""

from __future__ import annotations

import pytest

from games.base import RuleError
from games.skylines.context import Context
from games.skylines.tracks import add_score, advance, hop
from tests.games.skylines.helpers import CAT, act, actions, new_game


def test_hop_forward_over_one_and_several_meeples() -> None:
    assert hop(2, 1, [3], 20) == 4
    assert hop(2, 1, [3, 4], 20) == 5
    # two steps with meeples on 3 and 5: 3 is skipped, 4 is step one, 5 skipped, 6 is step two
    assert hop(2, 2, [3, 5], 20) == 6


def test_hop_back_over_one_and_several_meeples() -> None:
    assert hop(5, -1, [4], 20) == 3
    assert hop(5, -1, [3, 4], 20) == 2
    # space 0 holds any number of meeples and a track never goes below it
    assert hop(2, -2, [1], 20) == 0
    assert hop(1, -3, [], 20) == 0


def test_end_space_is_never_skipped_and_stops_extra_steps() -> None:
    assert hop(18, 2, [19, 20], 20) == 20
    assert hop(19, 5, [], 20) == 20


def test_advance_action_hops_other_players() -> None:
    state, rng = new_game(3, ("Ironvale", "Harborview", "Foundry Flats"))
    state["tracks"][1]["profit"] = 1
    state["tracks"][2]["profit"] = 2
    act(state, 0, "/advance profit", rng)
    assert state["tracks"][0]["profit"] == 3


def test_line_points_score_once_even_after_moving_back() -> None:
    state, rng = new_game()
    state["tracks"][0]["prestige"] = 4
    table = Context(state, CAT, rng)
    advance(table, 0, "prestige", 1)
    assert state["score"][0] == 1
    advance(table, 0, "prestige", -1)
    assert state["tracks"][0]["prestige"] == 4
    assert state["score"][0] == 1  # nothing lost going back
    advance(table, 0, "prestige", 1)
    assert state["score"][0] == 1  # and the line is not scored again
    advance(table, 0, "prestige", 4)  # 5 -> 9 crosses the line after 8
    assert state["score"][0] == 2


def test_one_move_can_cross_several_lines() -> None:
    state, rng = new_game()
    advance(Context(state, CAT, rng), 0, "population", 9)
    assert state["lines"][0]["population"] == [4, 8]
    assert state["score"][0] == 2


def test_first_to_end_bonus_only_for_the_first() -> None:
    state, rng = new_game()
    table = Context(state, CAT, rng)
    for seat in (0, 1):
        state["tracks"][seat]["profit"] = 18
        state["lines"][seat]["profit"] = [4, 8, 12, 16]
    advance(table, 0, "profit", 3)
    assert state["tracks"][0]["profit"] == 20
    assert state["score"][0] == 1
    assert state["end_bonus"]["profit"] == 0
    advance(table, 1, "profit", 2)
    assert state["tracks"][1]["profit"] == 20
    assert state["score"][1] == 0


def test_cannot_advance_past_the_end() -> None:
    state, rng = new_game()
    state["tracks"][0]["profit"] = 20
    actions(state, 2)
    with pytest.raises(RuleError, match="end of profit"):
        act(state, 0, "/advance profit", rng)


def test_score_track_hops_too() -> None:
    state, rng = new_game()
    state["score"] = [3, 4]
    add_score(Context(state, CAT, rng), 0, 1, "a test")
    assert state["score"][0] == 5
