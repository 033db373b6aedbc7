"""Player names with digits, spaces, apostrophes, emoji and near-duplicates: every offered move is
accepted as sent, and a trailing number is a floor only when it is not part of a seated name."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Action, Move, Rng, RuleError
from games.gotown import ENGINE
from games.gotown.state import GoTownState
from games.replay import apply
from tests.games.gotown.helpers import arrange, refused

TRICKY = ["Bot 1", "Bot 2", "Ann's 🐱", "Ann"]


def named(state: GoTownState, names: list[str]) -> GoTownState:
    state["names"] = names[: len(state["names"])]
    return state


def send(state: GoTownState, seat: int, line: str) -> None:
    """Apply a command as typed (words split on spaces), the way a chat line arrives."""
    verb, *args = line.split()
    apply(ENGINE, state, Action(seat, verb, tuple(args)), Rng("x"), state["names"][seat])


def test_a_bot_name_with_a_number_is_a_player_not_a_floor() -> None:
    """Issue 18: '/steal 5 from Bot 1' and '/play hammer Bot 1' read the 1 as a floor."""
    towers = {1: [("1", "8"), ("4", "5")], 2: [("2", "7")]}
    state = named(
        arrange(players=3, hands={0: ["5", "hammer"]}, towers=towers), ["Ann", *TRICKY[:2]]
    )
    send(state, 0, "/steal 5 from Bot 1")
    assert [level["values"] for level in state["towers"][1]] == [[1, 8]]
    send(state, 0, "/play hammer Bot 1")
    assert state["towers"][1] == [] and len(state["towers"][2]) == 1


def test_two_bots_are_told_apart_and_a_bare_prefix_is_still_ambiguous() -> None:
    towers = {1: [("1", "8")], 2: [("2", "7")]}
    state = named(arrange(players=3, hands={0: ["hammer"]}, towers=towers), ["Ann", *TRICKY[:2]])
    refused(state, 0, "play", ["hammer", "Bot"], "'Bot' matches several players")
    send(state, 0, "/play hammer bot 2")
    assert state["towers"][2] == [] and len(state["towers"][1]) == 1


def test_names_that_differ_by_a_suffix_the_longest_name_wins() -> None:
    """'Ann 2' is the player Ann 2; Ann's floor 2 is written 'Ann floor 2'."""
    towers = {1: [("1", "8"), ("2", "7", "dog")], 2: [("3", "6")]}
    hands = {0: ["3", "bone", "milkshake"], 1: ["4"], 2: ["5"]}
    state = named(arrange(players=3, hands=hands, towers=towers), ["Cid", "Ann", "Ann 2"])
    send(state, 0, "/steal 3 from Ann 2")
    assert state["towers"][2] == [] and len(state["towers"][1]) == 2
    refused(state, 0, "play", ["bone", "Ann", "floor", "1"], "Ann's floor 1 has no dog")
    send(state, 0, "/play bone Ann floor 2")
    assert state["towers"][1][1]["dog"] is None
    send(state, 0, "/play milkshake @ann 2")
    assert state["skips"][2] and not state["skips"][1]


def test_a_name_and_a_floor_number_together() -> None:
    towers = {1: [("1", "8"), ("2", "7")]}
    state = named(arrange(hands={0: ["7", "2"]}, towers=towers), ["Ann", "Bot 1"])
    refused(state, 0, "steal", ["7", "from", "Bot", "1", "1"], "top floor is floor 2, not floor 1")
    send(state, 0, "/steal 7 from Bot 1 2")
    assert [level["values"] for level in state["towers"][1]] == [[1, 8]]


def test_apostrophes_emoji_and_a_name_that_is_also_a_card_word() -> None:
    towers = {1: [("1", "8")], 2: [("2", "7")]}
    hands = {0: ["thief", "wreck"], 1: ["4"], 2: ["5"]}
    state = named(arrange(players=3, hands=hands, towers=towers), ["Ann", "Ann\u2019s 🐱", "Ball"])
    send(state, 0, "/play thief ann's 🐱")
    assert state["hands"][1] == []
    send(state, 0, "/play wreck Ball")
    assert state["towers"][2] == [] and len(state["towers"][1]) == 1


def test_thief_and_milkshake_aim_at_a_player_not_a_floor() -> None:
    state = arrange(hands={0: ["thief", "milkshake"], 1: ["4"]})
    refused(state, 0, "play", ["thief", "Bob", "2"], "aims at a player, not a floor")
    refused(state, 0, "play", ["milkshake", "Bob", "floor", "1"], "aims at a player, not a floor")


@pytest.mark.parametrize("word", ["²", "٣", "9" * 5000], ids=["superscript", "arabic", "huge"])
def test_odd_numbers_are_refused_not_crashed(word: str) -> None:
    state = arrange(hands={0: ["dog", "bone"]}, towers={0: [("1", "8")], 1: [("2", "7", "dog")]})
    with pytest.raises(RuleError):
        send(state, 0, f"/play dog {word}")
    with pytest.raises(RuleError):
        send(state, 0, f"/play bone Bob floor {word}")


def forms(move: Move) -> list[tuple[str, ...]]:
    """A move as offered (a name with spaces is one argument) and as typed (split into words)."""
    return [move.args, tuple(" ".join(move.args).split())]


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    names=st.permutations(TRICKY),
    players=st.integers(2, 4),
)
def test_every_offered_move_is_accepted_with_tricky_names(
    seed: int, names: list[str], players: int
) -> None:
    """Issue 18: every move legal() offers is accepted by apply(), as sent and as typed."""
    rng = Rng(f"names-{seed}")
    seats = list(names[:players])
    state, _ = ENGINE.setup(seats, {"short": seed % 2 == 0}, rng)
    chooser = Rng(f"names-{seed}/chooser")
    for _ in range(3000):
        if ENGINE.outcome(state) is not None:
            return
        seat = state["turn"]
        offers = ENGINE.legal(state, seat)
        for move in offers:
            for args in forms(move):
                trial = copy.deepcopy(state)
                try:
                    apply(ENGINE, trial, Action(seat, move.verb, args), rng.fork("t"), seats[seat])
                except RuleError as error:
                    raise AssertionError(f"{seats}: {move.text} refused: {error}") from error
        move = chooser.choice(offers)
        apply(ENGINE, state, Action(seat, move.verb, move.args), rng, seats[seat])
    raise AssertionError("the game did not finish")
