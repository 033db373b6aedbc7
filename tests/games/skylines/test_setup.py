"""Set-up: private city offers and the simultaneous choice, decks, hands, row, the sample notice."""

from __future__ import annotations

import pytest

from games.base import Action, Event, Rng, RuleError, State
from games.replay import apply
from games.skylines import ENGINE
from tests.games.skylines.helpers import CAT


def fresh(players: int = 3, first: str = "") -> tuple[State, list[Event], Rng]:
    rng = Rng("setup")
    state, events = ENGINE.setup(
        ["Ann", "Bob", "Cid", "Dee"][:players], {"cards": None, "first": first}, rng
    )
    return state, events, rng


def test_setup_deals_cities_hands_and_the_row() -> None:
    state, events, _ = fresh(4)
    offered = [c for offer in state["offers"] for c in offer]
    assert all(len(offer) == 2 for offer in state["offers"]) and len(set(offered)) == 8
    assert all(len(hand) == 2 for hand in state["hands"])
    assert all(CAT.card(c).level == 1 for hand in state["hands"] for c in hand)
    assert len(state["row"]) == 3
    for seat in range(4):
        mine = [e for e in events if e.to == seat]
        assert len(mine) == 3  # two cards and the city offer
        assert all(c in mine[-1].text for c in state["offers"][seat])
    assert ENGINE.waiting(state) == [0, 1, 2, 3]


def test_greeting_says_the_cards_are_an_original_sample() -> None:
    _, events, _ = fresh()
    assert "ORIGINAL SAMPLE" in events[0].text and events[0].to is None
    assert "not the published" in ENGINE.view(fresh()[0], None).lines[0]


def test_city_choice_is_simultaneous_and_private() -> None:
    state, _, rng = fresh(2)
    keep = state["offers"][1][1]
    events = ENGINE.act(state, 1, "city", keep.split(), rng)
    assert ENGINE.waiting(state) == [0]
    assert all(keep not in e.text for e in events if e.to is None)
    assert keep not in str(ENGINE.view(state, None).to_json())
    with pytest.raises(RuleError, match="already kept"):
        ENGINE.act(state, 1, "city", keep.split(), rng)
    with pytest.raises(RuleError, match="not one of your two cities"):
        ENGINE.act(state, 0, "city", keep.split(), rng)
    with pytest.raises(RuleError, match="First keep"):
        ENGINE.act(state, 0, "draw", ["deck"], rng)
    events = ENGINE.act(state, 0, "city", state["offers"][0][0].split(), rng)
    reveal = [e for e in events if e.to is None and keep in e.text]
    assert reveal and reveal[0].reveals_hidden
    assert state["cities"][1] == [{"built": [keep], "tucked": []}]
    assert state["phase"] == "play" and ENGINE.waiting(state) == [state["first"]]


def test_first_player_option() -> None:
    state, events, _ = fresh(3, first="cid")
    assert state["first"] == 2 and "Cid plays first" in events[1].text
    with pytest.raises(RuleError, match="no player"):
        fresh(3, first="Zed")


def test_only_the_player_to_move_acts() -> None:
    state, _, rng = fresh(2, first="Ann")
    for seat in (0, 1):
        ENGINE.act(state, seat, "city", state["offers"][seat][0].split(), rng)
    with pytest.raises(RuleError, match="Ann's turn"):
        apply(ENGINE, state, Action(1, "done", ()), rng, "Bob")
    assert ENGINE.legal(state, 1) == []
