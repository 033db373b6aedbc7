"""The bot: builds first, steals from the leader, hits the leader, guards its top, robs, else passes."""

from __future__ import annotations

from games.base import Rng
from games.gotown import ENGINE
from games.gotown.state import GoTownState
from tests.games.gotown.helpers import arrange


def bot(state: GoTownState) -> str:
    return ENGINE.bot_move(state, 0, Rng("bot")).text


def test_bot_builds_and_saves_its_joker() -> None:
    state = arrange(hands={0: ["?", "4", "5", "hammer"]}, towers={1: [("1", "8")]})
    assert bot(state) == "/build 4 5"
    state = arrange(hands={0: ["?", "4"]})
    assert bot(state) == "/build ? 4"


def test_bot_steals_from_the_leader() -> None:
    towers = {1: [("4", "5")], 2: [("1", "8"), ("4", "5")]}
    state = arrange(players=3, hands={0: ["4"]}, towers=towers)
    assert bot(state) == "/steal 4 from Cid"


def test_bot_hammers_the_leader_and_bones_its_dog_first() -> None:
    towers = {1: [("4", "5")], 2: [("1", "8"), ("2", "7")]}
    state = arrange(players=3, hands={0: ["hammer", "dog"]}, towers=towers)
    assert bot(state) == "/play hammer Cid"
    towers = {1: [("4", "5")], 2: [("1", "8"), ("2", "7", "dog")]}
    state = arrange(players=3, hands={0: ["hammer", "bone"]}, towers=towers)
    assert bot(state) == "/play bone Cid floor 2"


def test_bot_guards_its_top_floor_then_robs_then_passes() -> None:
    state = arrange(hands={0: ["dog", "thief"], 1: ["1"]}, towers={0: [("3", "6")]})
    assert bot(state) == "/play dog 1"
    state = arrange(hands={0: ["thief"], 1: ["1"]})
    assert bot(state) == "/play thief Bob"
    state = arrange(hands={0: ["thief", "7"], 1: []})
    assert bot(state) == "/done"


def test_bot_with_a_full_hand_plays_a_card_rather_than_stall() -> None:
    """Issue 17: a card it could play keeps the 8-card limit in force, so a full-handed bot that
    would pass plays it (here a dog on the free lower floor) instead of stalling the table."""
    full = ["1", "1", "2", "2", "3", "3", "4", "dog"]
    towers = {0: [("4", "5"), ("2", "7", "dog")]}
    assert bot(arrange(hands={0: full}, towers=towers)) == "/play dog 1"
    assert bot(arrange(hands={0: full[1:]}, towers=towers)) == "/done"
    state = arrange(hands={0: [*full[:7], "bone"]}, towers=towers)
    assert bot(state) == "/play bone Ann floor 2"
