"""The marking rules of the facts file, rule by rule, on a small hand-made sheet."""

from __future__ import annotations

import copy

import pytest

from games.base import NotYourTurn, Rng, RuleError
from games.papertown import ENGINE

from .helpers import act, give, new_game, owners, rolled, sheet_text

# Yellow (Y) blocks: A1 A2 B2 C3 E1 E6. Rows B and D are shifted right by half a hex.
SMALL = [
    "YYGGMM",
    "GYGMMK",
    "WGYGRR",
    "LLLGRR",
    "YGGGGY",
]


def refused(state: dict, seat: int, verb: str, *args: str) -> str:
    """The refusal text; also checks that the state did not change."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as error:
        act(state, seat, verb, *args)
    assert state == before
    return str(error.value)


def test_first_turn_may_mark_any_block_of_the_rolled_colour() -> None:
    state = new_game(SMALL)
    rolled(state, "Y")
    act(state, 0, "mark", "E6")
    assert owners(state) == {"E6": 0}


def test_only_the_rolled_colour_may_be_marked() -> None:
    state = new_game(SMALL)
    rolled(state, "Y")
    assert "rolled yellow" in refused(state, 0, "mark", "A3")


def test_marks_chain_off_marks_made_earlier_in_the_same_turn() -> None:
    # A1 touches only A2 (yellow) and B1; after A2, B2 is the one yellow block next to them.
    state = new_game(SMALL)
    rolled(state, "Y")
    act(state, 0, "mark", "A1", "A2", "B2")
    assert owners(state) == {"A1": 0, "A2": 0, "B2": 0}


def test_a_mark_away_from_your_group_is_refused_when_an_adjacent_one_exists() -> None:
    # After A1, B2 does not touch A1 while A2 does: the whole command is refused, and what it
    # suggests is open now (nothing was marked: any yellow block on the first turn).
    state = new_game(SMALL)
    rolled(state, "Y")
    text = refused(state, 0, "mark", "A1", "B2", "A2")
    assert "B2 does not fit after A1" in text and text.endswith("e.g. A1, A2, B2.")
    assert owners(state) == {}


def test_adjacency_counts_earlier_turns() -> None:
    # D3 (odd row) touches C3 and C4 above it; C3 is yellow, so E6 is refused.
    state = new_game(SMALL)
    give(state, 0, "D3")
    rolled(state, "Y")
    assert "C3" in refused(state, 0, "mark", "E6")
    act(state, 0, "mark", "C3")
    assert owners(state)["C3"] == 0


def test_any_block_of_the_colour_when_none_touches_your_blocks() -> None:
    # A5 (even row) touches A4, A6, B4, B5: no yellow, so a far yellow block is allowed.
    state = new_game(SMALL)
    give(state, 0, "A5")
    rolled(state, "Y")
    act(state, 0, "mark", "E6", "A1")
    assert owners(state) == {"A5": 0, "E6": 0, "A1": 0}


def test_fallback_colours_only_once_the_rolled_colour_is_gone() -> None:
    state = new_game(SMALL)
    give(state, 1, "A1", "A2", "B2", "C3", "E6")
    give(state, 0, "D1")
    rolled(state, "Y")
    # E1 is the last free yellow block: it must come first.
    assert "rolled yellow" in refused(state, 0, "mark", "D2")
    act(state, 0, "mark", "E1")
    # Now no yellow is free: other colours, next to D1/E1 when possible, never water or black.
    assert "water" in refused(state, 0, "mark", "C1")
    assert "does not touch" in refused(state, 0, "mark", "A3")
    act(state, 0, "mark", "D2", "E2")
    assert owners(state)["D2"] == 0 and owners(state)["E2"] == 0


def test_water_variant_allows_water_in_the_fallback() -> None:
    state = new_game(SMALL, water=True)
    give(state, 1, "A1", "A2", "B2", "C3", "E6", "E1")
    give(state, 0, "D1")
    rolled(state, "Y")
    act(state, 0, "mark", "C1")
    assert owners(state)["C1"] == 0


def test_old_town_is_never_marked() -> None:
    state = new_game(SMALL)
    give(state, 1, "A1", "A2", "B2", "C3", "E6", "E1")
    give(state, 0, "A6")
    rolled(state, "Y")
    assert "old town" in refused(state, 0, "mark", "B6")


def test_a_block_holds_one_mark() -> None:
    state = new_game(SMALL)
    give(state, 1, "A1")
    rolled(state, "Y")
    assert "already marked" in refused(state, 0, "mark", "A1")
    assert "already marked" in refused(state, 0, "mark", "E6", "E6")


def test_exactly_three_marks_and_done() -> None:
    state = new_game(SMALL)
    assert "Roll first" in refused(state, 0, "mark", "A1")
    assert "Roll first" in refused(state, 0, "done")
    rolled(state, "Y")
    act(state, 0, "mark", "A1")
    assert "owe 2" in refused(state, 0, "done")
    act(state, 0, "mark", "A2", "B2")
    assert "already marked your 3" in refused(state, 0, "mark", "C3")
    act(state, 0, "done")
    assert state["turn"] == 1 and state["rolled"] is None


def test_marks_that_cannot_be_placed_are_forfeited() -> None:
    # B2 is the only yellow; then B4 is the only other markable block; the third is forfeited.
    state = new_game(["KKKK", "KYKG"])
    rolled(state, "Y")
    act(state, 0, "mark", "B2", "B4")
    assert any(m.verb == "done" for m in ENGINE.legal(state, 0))
    events = act(state, 0, "done")
    assert "1 mark is forfeited" in events[0].text


def test_nothing_markable_forfeits_the_whole_turn() -> None:
    state = new_game(["KKK", "KWK"])
    act(state, 0, "roll")
    assert [m.verb for m in ENGINE.legal(state, 0)] == ["done"]
    events = act(state, 0, "done")
    assert "3 marks are forfeited" in events[0].text


def test_only_the_player_to_move_may_act() -> None:
    state = new_game(SMALL)
    with pytest.raises(NotYourTurn):
        act(state, 1, "roll")
    assert "Ann" in refused(state, 1, "roll")
    assert ENGINE.waiting(state) == [0]
    assert ENGINE.legal(state, 1) == []


def test_special_blocks_are_claimed_not_marked() -> None:
    state = new_game(["YY*G", "GGGG"], specials="A3 bakery")
    rolled(state, "Y")
    assert "special block" in refused(state, 0, "mark", "A3")


def test_unknown_words_and_cells_are_refused() -> None:
    state = new_game(SMALL)
    rolled(state, "Y")
    assert "no cell F1" in refused(state, 0, "mark", "F1")
    assert "not a cell" in refused(state, 0, "mark", "here")
    assert "/mark needs more words" in refused(state, 0, "mark")


def test_a_batch_past_the_quota_keeps_the_marks_that_fit() -> None:
    state = new_game(["YYYYY", "GGGGG"])
    rolled(state, "Y")
    act(state, 0, "mark", "A1", "A2")
    events = act(state, 0, "mark", "A3", "A4")
    assert owners(state) == {"A1": 0, "A2": 0, "A3": 0}
    assert "Kept A3" in events[0].text and "A4 not marked" in events[0].text
    assert state["base"] == 3
    assert "already marked your 3" in refused(state, 0, "mark", "A4")
    act(state, 0, "done")
    assert state["turn"] == 1


def test_a_power_batch_past_its_uses_keeps_the_marks_that_fit() -> None:
    state = new_game(["G*G*G", "YGGGG"], specials="A2 bakery, A4 bakery")
    state["claims"] = [0, 0]
    rolled(state, "Y")
    act(state, 0, "mark", "B1")
    events = act(state, 0, "power", "bakery", "B2", "B3", "B4")
    assert owners(state) == {"B1": 0, "B2": 0, "B3": 0}
    assert "Kept B2, B3" in events[0].text and "B4 not marked" in events[0].text


def roll_colour(state: dict, colour: str) -> str:
    """Roll with the deck holding one card, so the roll is known."""
    state["deck"] = [colour]
    return act(state, 0, "roll")[0].text


def test_roll_says_when_nothing_at_all_can_be_marked() -> None:
    text = roll_colour(new_game(["KKK", "KWK"]), "L")
    assert "so mark" not in text
    assert "no block of any colour can be marked" in text and "forfeited" in text


def test_roll_counts_free_blocks_in_good_grammar() -> None:
    # One yellow block (B2) and one other markable block (B4): the third mark is forfeited.
    text = roll_colour(new_game(["KKKK", "KYKG"]), "Y")
    assert "1 are" not in text
    assert "only 1 block of yellow is free" in text and "1 block of your 3 is forfeited" in text
    text = roll_colour(new_game(["KKKK", "KGKG"]), "Y")
    assert "no yellow block is free, so mark 2 blocks of any other colour" in text
    text = roll_colour(new_game(SMALL), "Y")
    assert "mark 3 yellow blocks (6 are free)" in text


def test_a_sheet_without_specials_does_not_announce_powers() -> None:
    _, events = ENGINE.setup(["Ann", "Bob"], {"sheet": sheet_text(SMALL)}, Rng("s"))
    assert "Special powers" not in events[0].text
    state = new_game(SMALL)
    assert [t.title for t in ENGINE.view(state, None).tables] == ["The mayor pays (so far)"]
    _, events = ENGINE.setup(
        ["Ann", "Bob"], {"sheet": sheet_text(["YY*G", "GGGG"], specials="A3 bakery")}, Rng("s")
    )
    assert "Special powers on this sheet: Bakery." in events[0].text
