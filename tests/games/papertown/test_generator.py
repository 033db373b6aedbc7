"""The seeded sheet generator: the author's copy rule, specials on singles, powers and goals."""

from __future__ import annotations

from collections import Counter

from games.base import Rng
from games.papertown import ENGINE
from games.papertown.catalog import OBJECTIVES, POWERS
from games.papertown.generator import fill_colours, generate_sheet, singles
from games.papertown.sheet import GENERATOR_ORDER, SPECIAL, neighbours

SEEDS = 1000
EXPECTED_MEAN = 200 / 7  # the facts file: about 28.6 of 200 per colour


class Scripted(Rng):
    """An Rng whose randbelow answers come from a list, to pin the copy rule down."""

    def __init__(self, answers: list[int]) -> None:
        super().__init__("scripted")
        self.answers = answers

    def randbelow(self, n: int) -> int:
        value = self.answers.pop(0)
        assert 0 <= value < n
        return value


def test_cells_copy_the_above_right_cell_else_the_left_one() -> None:
    # A1: type 1 (grey). A2 copies A1 (draw 0). A3: draw 15 = second colour other than grey (M).
    # B1 (shifted row) copies A2, its above-right (draw 13 < 14). B2 copies A3 (M).
    # B3 has no above-right cell, so it refers to B2 (M): draw 19 = sixth other colour (R).
    rng = Scripted([1, 0, 15, 13, 0, 19])
    assert fill_colours(rng, rows=2, cols=3) == "GGM" + "GMR"


def test_same_seed_same_sheet_and_setup_uses_the_table_rng() -> None:
    assert generate_sheet(Rng("abc")) == generate_sheet(Rng("abc"))
    assert generate_sheet(Rng("abc")) != generate_sheet(Rng("abd"))
    one, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("abc"))
    two, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("abc"))
    assert one == two and one["sheet"] == generate_sheet(Rng("abc"))


def test_a_thousand_sheets_follow_the_facts_file() -> None:
    table = neighbours(10, 20)
    totals: Counter[str] = Counter()
    for k in range(SEEDS):
        colours = fill_colours(Rng(f"sheet-{k}"))
        totals.update(colours)
        sheet = generate_sheet(Rng(f"sheet-{k}"))
        assert (sheet["rows"], sheet["cols"]) == (10, 20)
        cells = [special["cell"] for special in sheet["specials"]]
        assert len(cells) == 6 and sheet["colours"].count(SPECIAL) == 6
        kinds = Counter(special["power"] for special in sheet["specials"])
        assert len(kinds) == 3 and set(kinds.values()) == {2} and set(kinds) <= set(POWERS)
        assert sorted(sheet["powers"]) == sorted(kinds)
        assert len(set(sheet["objectives"])) == 3 and set(sheet["objectives"]) <= set(OBJECTIVES)
        if len(singles(colours, 10, 20)) >= 6:  # the first filling was kept
            for cell in cells:
                assert all(colours[n] != colours[cell] for n in table[cell])
            assert all(
                a == b
                for i, (a, b) in enumerate(zip(colours, sheet["colours"], strict=True))
                if i not in cells
            )
    for colour in GENERATOR_ORDER:
        mean = totals[colour] / SEEDS
        assert abs(mean - EXPECTED_MEAN) < 2.5, (colour, mean)


class Flat(Rng):
    """Every draw is 0: every filling is one colour (old town), so no cell is a single."""

    def __init__(self) -> None:
        super().__init__("flat")
        self.draws = 0

    def randbelow(self, n: int) -> int:
        self.draws += 1
        assert self.draws < 100_000, "the generator does not stop refilling"
        return 0


def test_the_generator_gives_up_refilling_and_still_places_six_specials() -> None:
    rng = Flat()
    sheet = generate_sheet(rng)
    assert len(sheet["specials"]) == 6 and sheet["colours"].count(SPECIAL) == 6
    assert rng.draws < 100_000
