"""Round-end cards (during an action, on a refill, at level 4), the deal, the late reshuffle."""

from __future__ import annotations

from games.skylines import ENGINE
from games.skylines.catalog import ROUND_END
from tests.games.skylines.helpers import (
    CAT,
    act,
    actions,
    new_game,
    on_top,
    public_text,
    set_hand,
    set_row,
)


def test_round_end_drawn_in_an_action_costs_no_action() -> None:
    state, rng = new_game()
    state["level"] = 2
    state["decks"]["2"].remove(ROUND_END)
    on_top(state, 2, ROUND_END, "Hotel")
    actions(state, 2)
    set_hand(state, 0)
    events = act(state, 0, "/draw deck", rng)
    assert state["hands"][0] == ["Hotel"]  # the round-end card was set off and drawing went on
    assert state["turn"]["actions"] == 1
    assert state["seen_end"] == [2]
    assert "level 2 round-end card is drawn" in public_text(events)


def test_the_level_ends_after_that_turn() -> None:
    state, rng = new_game()
    state["level"] = 2
    state["decks"]["2"].remove(ROUND_END)
    on_top(state, 2, ROUND_END, "Hotel")
    set_row(state, "Cinema", "Warehouse", "Shipyard")
    actions(state, 2)
    act(state, 0, "/draw deck", rng)
    leftover = list(state["decks"]["2"])
    hands_before = [len(h) for h in state["hands"]]
    act(state, 0, "/done", rng)
    assert state["level"] == 3
    assert {"Cinema", "Warehouse", "Shipyard"} <= set(state["discard"])
    assert state["set_aside"] == leftover and state["decks"]["2"] == []
    assert [len(h) for h in state["hands"]] == [n + 2 for n in hands_before]
    assert len(state["row"]) == 3 and all(CAT.card(c).level == 3 for c in state["row"])
    assert state["turn"]["seat"] == 1 and state["turn"]["actions"] == 3


def test_round_end_found_on_a_refill() -> None:
    state, rng = new_game()
    state["decks"]["1"].remove(ROUND_END)
    on_top(state, 1, ROUND_END, "Diner")
    set_row(state, "Bakery", "Dog Park", "Duplex")
    set_hand(state, 0)
    events = act(state, 0, "/draw row 1", rng)
    assert "The card row gets Diner" in public_text(events)
    # the refill passed over the round-end card; level 1 ended with Ann's only action
    assert 1 in state["seen_end"]
    assert state["level"] == 2
    assert state["hands"][0][0] == "Bakery"
    assert [CAT.card(c).level for c in state["hands"][0][1:]] == [2, 2]
    assert "Diner" in state["discard"]  # the refilled row was discarded at the level's end


def test_level_four_round_end_plays_on_until_turns_are_equal() -> None:
    state, rng = new_game(3, ("Ironvale", "Harborview", "Foundry Flats"))
    state["level"] = 4
    act(state, 0, "/done", rng)
    state["decks"]["4"].remove(ROUND_END)
    on_top(state, 4, ROUND_END, "Observatory")
    act(state, 1, "/draw deck", rng)  # Bob (seat 1) draws it in his turn
    act(state, 1, "/done", rng)
    assert ENGINE.outcome(state) is None  # Cid still plays
    assert ENGINE.waiting(state) == [2]
    act(state, 2, "/done", rng)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and ENGINE.waiting(state) == []
    assert state["turns"] == [1, 1, 1]


def test_level_four_round_end_in_the_last_seat_ends_at_once() -> None:
    state, rng = new_game(2)
    state["level"] = 4
    act(state, 0, "/done", rng)
    state["decks"]["4"].remove(ROUND_END)
    on_top(state, 4, ROUND_END, "Observatory")
    actions(state, 1)
    act(state, 1, "/draw deck", rng)
    assert ENGINE.outcome(state) is not None


def test_reshuffle_of_threes_and_fours_when_the_deck_runs_out() -> None:
    state, rng = new_game()
    state["level"] = 4
    state["seen_end"].append(4)
    set_hand(state, 0)
    state["decks"]["4"] = []
    state["discard"] = ["Diner", "Hotel", "Lofts", "Observatory", "Spaceport"]
    events = act(state, 0, "/draw deck", rng)
    assert state["discard"] == ["Diner", "Hotel"]
    assert len(state["hands"][0]) == 1
    assert sorted(state["hands"][0] + state["decks"]["4"]) == ["Lofts", "Observatory", "Spaceport"]
    assert "3 level 3 and 4 cards" in public_text(events)


def test_no_draw_from_an_empty_deck_without_threes_or_fours() -> None:
    state, _ = new_game()
    state["level"] = 4
    state["decks"]["4"] = []
    state["discard"] = ["Diner"]
    assert ("draw", ("deck",)) not in {(m.verb, m.args) for m in ENGINE.legal(state, 0)}


def test_round_end_card_sits_among_the_bottom_five() -> None:
    for seed in range(30):
        state, _ = new_game(seed=str(seed))
        for level in ("2", "3", "4"):
            deck = state["decks"][level]
            assert ROUND_END in deck[-5:]
