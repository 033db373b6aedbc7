"""Setup, the 54-card deck, the start-of-turn draw, /done with its refill, reshuffles, turn checks."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from games.base import Action, Engine, NotYourTurn, Rng, RuleError
from games.gotown import ENGINE
from games.gotown.catalog import full_deck, kind
from games.gotown.grammar import CARDS, context
from games.replay import apply
from tests.games.gotown.helpers import arrange, assert_conserved, kinds


def test_engine_satisfies_the_contract() -> None:
    assert isinstance(ENGINE, Engine)
    assert (ENGINE.key, ENGINE.min_players, ENGINE.max_players) == ("gotown", 2, 4)
    assert {verb.name for verb in ENGINE.verbs} == {"build", "steal", "play", "done"}


def test_deck_has_the_54_cards_of_the_box() -> None:
    counts = Counter(kind(card) for card in full_deck())
    assert len(full_deck()) == len(set(full_deck())) == 54
    assert all(counts[str(value)] == 4 for value in range(1, 9))
    assert counts["?"] == 4
    specials = {"dog": 4, "bone": 2, "hammer": 3, "wreck": 1, "milkshake": 3, "donut": 1}
    assert {key: counts[key] for key in specials} == specials
    assert (counts["thief"], counts["superthief"]) == (3, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_and_the_first_player_draws(players: int) -> None:
    state, events = ENGINE.setup(["Ann", "Bob", "Cid", "Dee"][:players], {"short": False}, Rng("a"))
    assert [len(hand) for hand in state["hands"]] == [6] + [5] * (players - 1)
    assert len(state["draw"]) == 54 - 5 * players - 1
    assert state["turn"] == 0 and state["goal"] == 5
    assert_conserved(state)
    opening = [event for event in events if event.to is not None and "opening" in event.text]
    assert sorted(event.to for event in opening) == list(range(players))


def test_setup_refuses_one_or_five_players() -> None:
    for names in (["Ann"], ["Ann", "Bob", "Cid", "Dee", "Eve"]):
        with pytest.raises(RuleError):
            ENGINE.setup(names, {"short": False}, Rng("a"))


def test_done_refills_to_three_and_the_next_player_draws_one() -> None:
    state = arrange(hands={0: ["4"], 1: ["1", "2", "3"]}, draw=["6", "7", "8"], rest="discard")
    events = ENGINE.act(state, 0, "done", [], Rng("x"))
    assert kinds(state["hands"][0]) == ["4", "7", "8"]
    assert kinds(state["hands"][1]) == ["1", "2", "3", "6"]
    assert state["turn"] == 1
    assert [event.text for event in events if event.to == 0] == [
        "You draw 7 and 8. Your hand: 4, 7, 8."
    ]
    assert any(event.to == 1 and "6" in event.text for event in events)
    assert_conserved(state)


def test_done_with_three_or_more_cards_draws_nothing() -> None:
    state = arrange(hands={0: ["1", "2", "3", "4"], 1: ["5"]})
    before = len(state["draw"])
    ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][0]) == 4
    assert len(state["draw"]) == before - 1  # only the next player's start draw


def test_empty_draw_pile_is_the_shuffled_discard_pile() -> None:
    state = arrange(hands={0: ["1", "2", "3"], 1: ["5"]}, draw=[], rest="discard")
    discard = Counter(state["discard"])
    events = ENGINE.act(state, 0, "done", [], Rng("x"))
    assert len(state["hands"][1]) == 2 and state["discard"] == []
    assert Counter(state["draw"] + state["hands"][1][1:]) == discard
    assert any("shuffled" in event.text for event in events if event.to is None)
    assert_conserved(state)


def test_turns_go_clockwise_and_wrap() -> None:
    state = arrange(players=3, hands={0: ["1"] * 3, 1: ["2"] * 3, 2: ["3"] * 3})
    for expected in (1, 2, 0):
        ENGINE.act(state, state["turn"], "done", [], Rng("x"))
        assert state["turn"] == expected


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = arrange(hands={0: ["4"], 1: ["4", "5"]})
    before = repr(state)
    for verb, args in (("build", ["4", "5"]), ("done", []), ("play", ["donut"])):
        with pytest.raises(NotYourTurn, match="Ann's turn"):
            apply(ENGINE, state, Action(1, verb, tuple(args)), Rng("x"), "Bob")
    assert repr(state) == before
    assert ENGINE.legal(state, 1) == [] and ENGINE.waiting(state) == [0]


def test_legal_always_offers_done_to_the_player_to_move() -> None:
    state = arrange(hands={0: []})
    assert [move.text for move in ENGINE.legal(state, 0)] == ["/done"]


def test_unknown_card_names_are_refused() -> None:
    state = arrange(hands={0: ["4", "5"]})
    with pytest.raises(RuleError, match="not a card"):
        ENGINE.act(state, 0, "build", ["4", "banana"], Rng("x"))
    with pytest.raises(RuleError, match="not a card"):
        ENGINE.act(state, 0, "play", ["9"], Rng("x"))


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["joker"], "?"),
        (["?"], "?"),
        (["Jack", "Hammer"], "hammer"),
        (["jackhammer"], "hammer"),
        (["wrecking", "ball"], "wreck"),
        (["WreckingBall"], "wreck"),
        (["super-thief"], "superthief"),
        (["super", "thief"], "superthief"),
        (["milk", "shake"], "milkshake"),
        (["donut", "food", "truck"], "donut"),
        (["guard", "dog"], "dog"),
    ],
)
def test_friendly_card_aliases(words: list[str], expected: str) -> None:
    state = arrange()
    first = next(CARDS.readings([*words, "Bob"], context(state)))
    assert (first.value, first.used) == (expected, len(words))


def test_every_legal_move_is_accepted() -> None:
    for index in range(8):
        rng = Rng(f"legal-{index}")
        state, _ = ENGINE.setup(["Ann", "Bob", "Cid"][: 2 + index % 2], {"short": False}, rng)
        chooser = Rng(f"legal-{index}/chooser")
        while ENGINE.outcome(state) is None:
            moves = ENGINE.legal(state, state["turn"])
            for move in moves:
                trial = copy.deepcopy(state)
                ENGINE.act(
                    trial, state["turn"], move.verb, list(move.args), Rng(rng.seed, rng.position)
                )
            move = chooser.choice(moves)
            ENGINE.act(state, state["turn"], move.verb, list(move.args), rng)
