"""The six objectives, the Bank, the tie-break and the solo win rule, on hand-made sheets."""

from __future__ import annotations

from games.papertown import ENGINE
from games.papertown.scoring import breakdown, objective_score

from .helpers import act, cell, give, new_game

# A1, A3 and B3 are water, A5 and C4 old town. Rows B and D are shifted right.
SCORE = [
    "WGWGK",
    "GGWGG",
    "GGGKG",
    "GGGGG",
]
OWN = ("A2", "B2", "C1", "D4", "D5")


def money(state: dict, objective: str, names: tuple[str, ...] = OWN) -> int:
    return objective_score(state["sheet"], objective, {cell(state, n) for n in names})


def test_harbor_counts_blocks_touching_water_once_each() -> None:
    # A2 touches A1 and A3 (two waters, counted once); B2 touches A3 and B3; the rest none.
    assert money(new_game(SCORE), "harbor") == 2


def test_old_town_counts_blocks_touching_black() -> None:
    # D4 (odd row) touches C4 and C5 above it; C4 is old town. D5 touches only C5 and D4.
    assert money(new_game(SCORE), "old-town") == 1


def test_east_to_west_counts_rows() -> None:
    assert money(new_game(SCORE), "horizontal") == 4


def test_north_to_south_counts_printed_columns() -> None:
    # A2 and B2 share column 2 although row B is shifted: columns 1, 2, 4, 5.
    assert money(new_game(SCORE), "vertical") == 4


def test_biggest_district_pays_half_the_largest_group_rounded_down() -> None:
    state = new_game(SCORE)
    # Groups: A2-B2, C1 alone, D4-D5: largest 2, pays 1.
    assert money(state, "bigger") == 1
    # C2 (even row) touches C1 and B2 above-right, joining A2 B2 C2 C1: 4 blocks pay 2.
    assert money(state, "bigger", (*OWN, "C2")) == 2
    # Five in a group still pay 2.
    assert money(state, "bigger", (*OWN, "C2", "B1")) == 2


def test_broadway_pays_two_per_block_in_the_fullest_row() -> None:
    state = new_game(SCORE)
    assert money(state, "broadway") == 4  # row D holds D4 and D5
    assert money(state, "broadway", (*OWN, "D1", "D2")) == 8


def test_nothing_marked_scores_nothing() -> None:
    state = new_game(SCORE)
    for objective in ("harbor", "old-town", "horizontal", "vertical", "bigger", "broadway"):
        assert money(state, objective, ()) == 0


def test_breakdown_follows_the_sheets_objectives() -> None:
    state = new_game(SCORE, objectives="harbor old-town bigger")
    give(state, 0, *OWN)
    assert breakdown(state, 0) == [2, 1, 1, 0]


# A2 and B4 are Banks. A2 (even row) touches A1 A3 B1 B2; B4 (odd row) touches B3 and A4.
BANKS = ["G*GG", "GGG*"]


def banks_game(**options: bool) -> dict:
    state = new_game(BANKS, specials="A2 bank, B4 bank", **options)
    give(state, 0, "A1")
    give(state, 1, "B2", "B3")
    state["claims"] = [0, 1]
    return state


def test_bank_pays_three_per_bank_touching_your_blocks_whoever_claimed_it() -> None:
    state = banks_game()
    assert breakdown(state, 0)[-1] == 3  # A2 touches A1
    assert breakdown(state, 1)[-1] == 6  # A2 touches B2 and B4 touches B3


def test_own_banks_variant_pays_only_the_claimer() -> None:
    state = banks_game(**{"own-banks": True})
    assert breakdown(state, 0)[-1] == 3
    assert breakdown(state, 1)[-1] == 3  # A2 belongs to Ann


def test_banks_claimed_by_marking_then_scored() -> None:
    state = new_game(BANKS, specials="A2 bank, B4 bank")
    state["rolled"] = "G"
    act(state, 0, "mark", "B2", "B3", "A4")
    assert state["claims"] == [0, 0]
    assert breakdown(state, 0)[-1] == 6


# Each player's one block is worth 1 row + 1 column + 2 (broadway) = 4.
TIES = ["GGG*", "GGGG", "*GGG"]


def finished(claims: list[int | None]) -> dict:
    state = new_game(TIES, specials="A4 bakery, C1 bakery")
    give(state, 0, "B2")
    give(state, 1, "B3")
    state["claims"] = claims
    state["turn"] = state["turns"]
    return state


def test_more_money_wins() -> None:
    state = finished([None, None])
    give(state, 0, "A1")  # rows A B, columns 1 2, broadway 2: 6
    result = ENGINE.outcome(state)
    assert result is not None
    assert result.winners == [0] and result.scores == {0: 6.0, 1: 4.0}


def test_tie_goes_to_more_special_powers() -> None:
    result = ENGINE.outcome(finished([None, 1]))
    assert result is not None and result.winners == [1]
    assert any("Tied at 4" in line for line in result.detail)


def test_tie_with_equal_powers_is_shared() -> None:
    result = ENGINE.outcome(finished([0, 1]))
    assert result is not None and result.winners == [0, 1]


def test_outcome_detail_breaks_money_down_per_objective() -> None:
    result = ENGINE.outcome(finished([None, 1]))
    assert result is not None
    assert result.detail[0].startswith("Ann (X): East to West 1 + North to South 1 + A broadway 2")
    assert "= 4 Million" in result.detail[0]


def solo_finished(*human: str) -> dict:
    state = new_game(["GGGG", "GGGG", "GGGG"], players=1, solo=True)
    give(state, 0, *human)
    give(state, 1, "B4")  # 1 + 1 + 2 = 4
    give(state, 2, "C4")  # 4
    state["turn"] = state["turns"]
    return state


def test_solo_needs_more_than_the_virtual_players_together() -> None:
    # A1 B2 C3: 3 rows + 3 columns + 2 = 8, equal to 4 + 4: not a win.
    result = ENGINE.outcome(solo_finished("A1", "B2", "C3"))
    assert result is not None and result.winners == [] and result.scores == {0: 8.0}
    # Adding B3: row B holds 2, broadway pays 4: 10 > 8 wins.
    result = ENGINE.outcome(solo_finished("A1", "B2", "C3", "B3"))
    assert result is not None and result.winners == [0]
    assert any("needs more than 8" in line for line in result.detail)
