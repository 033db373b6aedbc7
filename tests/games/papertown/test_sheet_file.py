"""The --sheet file format: the shipped example, round trips, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.base import Rng, RuleError
from games.papertown import ENGINE
from games.papertown.catalog import example_sheet
from games.papertown.generator import generate_sheet
from games.papertown.sheet_file import format_sheet, parse_sheet

from .helpers import act, sheet_text

EXAMPLE = Path(__file__).with_name("example_sheet.txt").read_text("utf-8")


def test_the_example_sheet_is_a_full_printed_sheet() -> None:
    sheet = parse_sheet(EXAMPLE)
    assert (sheet["rows"], sheet["cols"]) == (10, 20)
    assert len(sheet["specials"]) == 6 and len(sheet["powers"]) == 3
    assert parse_sheet(example_sheet()) == sheet


def test_a_game_on_a_given_sheet_uses_it_and_no_randomness() -> None:
    rng = Rng("seed")
    state, _ = ENGINE.setup(["Ann", "Bob"], {"sheet": EXAMPLE}, rng)
    assert rng.position == 0
    assert state["sheet"] == parse_sheet(EXAMPLE)
    assert state["sheet"]["colours"][:20] == "LLLLLYYYLRRRRRGGKKKK"  # row A of the file


def test_generated_sheets_round_trip_through_the_format() -> None:
    for k in range(20):
        sheet = generate_sheet(Rng(f"round-{k}"))
        assert parse_sheet(format_sheet(sheet)) == sheet


def test_the_sheet_verb_prints_the_file_privately_without_changing_anything() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], {"sheet": EXAMPLE}, Rng("seed"))
    before = dict(state)
    events = act(state, 1, "sheet")
    assert state == before
    assert events[0].to == 1 and not events[0].reveals_hidden
    assert parse_sheet(events[0].text) == state["sheet"]


def test_letters_spaces_case_and_comments_are_forgiving() -> None:
    text = (
        "# my sheet\nObjectives: harbour, bigger, arround-old-town\n"
        "specials: A2=bank\ng * y\nw k r\n"
    )
    sheet = parse_sheet(text)
    assert sheet["colours"] == "G*YWKR"
    assert sheet["objectives"] == ["harbor", "bigger", "old-town"]
    assert sheet["specials"] == [{"cell": 1, "power": "bank"}]


@pytest.mark.parametrize(
    ("rows", "objectives", "specials", "complaint", "line"),
    [
        (["GGG", "GG"], "harbor bigger vertical", "", "row B has 2", 3),
        (["GGX", "GGG"], "harbor bigger vertical", "", "unknown block letters X", 2),
        (["GG*", "GGG"], "harbor bigger vertical", "", "need a power", None),
        (["GG*", "GGG"], "harbor bigger vertical", "A1 bank", "not *", 2),
        (["GG*", "GGG"], "harbor bigger vertical", "A3 magic", "no power 'magic'", 2),
        (["GG*", "GGG"], "harbor bigger vertical", "D9 bank", "no cell D9", 2),
        (["GGG", "GGG"], "harbor bigger", "", "exactly 3", 1),
        (["GGG", "GGG"], "harbor harbor bigger", "", "exactly 3", 1),
        (["GGG", "GGG"], "harbor bigger moon", "", "no objective 'moon'", 1),
        (["GGG"], "harbor bigger vertical", "", "2 to 26 map rows", None),
        (["G", "G"], "harbor bigger vertical", "", "2 to 30 blocks", 2),
    ],
)
def test_bad_sheets_are_refused_with_the_reason_and_the_line(
    rows: list[str], objectives: str, specials: str, complaint: str, line: int | None
) -> None:
    with pytest.raises(RuleError) as error:
        parse_sheet(sheet_text(rows, objectives, specials))
    assert complaint in str(error.value)
    if line is not None:
        assert f"line {line}" in str(error.value)


def test_a_special_named_twice_is_refused_not_overwritten() -> None:
    with pytest.raises(RuleError) as error:
        parse_sheet(sheet_text(["GG*", "GGG"], "harbor bigger vertical", "A3 bank, a3 bakery"))
    assert "A3" in str(error.value) and "line 2" in str(error.value)
    split = "objectives: harbor bigger vertical\nspecials: A3 bank\nspecials: A3 bakery\nGG*\nGGG\n"
    with pytest.raises(RuleError, match=r"line 3.*A3.*line 2"):
        parse_sheet(split)


def test_specials_may_be_split_over_several_lines() -> None:
    text = "objectives: harbor bigger vertical\nspecials: A3 bank\nspecials: B1 bakery\nGG*\n*GG\n"
    assert parse_sheet(text)["specials"] == [
        {"cell": 2, "power": "bank"},
        {"cell": 3, "power": "bakery"},
    ]


def test_a_second_objectives_line_or_an_unknown_heading_is_refused() -> None:
    twice = "objectives: harbor bigger vertical\nobjectives: broadway bigger vertical\nGG\nGG\n"
    with pytest.raises(RuleError, match=r"line 2.*second 'objectives:'"):
        parse_sheet(twice)
    typo = "objectives: harbor bigger vertical\nspecial: A1 bank\nGG\nGG\n"
    with pytest.raises(RuleError, match=r"line 2.*headings"):
        parse_sheet(typo)


def test_huge_files_are_refused_at_the_first_line_past_a_limit() -> None:
    many_rows = sheet_text(["GG"] * 100_000)
    with pytest.raises(RuleError, match="line 28 would be map row 27"):
        parse_sheet(many_rows)
    long_row = sheet_text(["G" * 1_000_000, "GG"])
    with pytest.raises(RuleError, match="line 2 has 1000000 blocks"):
        parse_sheet(long_row)


@pytest.mark.parametrize("cell", ["A" + "9" * 5000, "A²", "A" + "1" * 40])
def test_huge_or_strange_column_numbers_are_refused_not_crashed_on(cell: str) -> None:
    with pytest.raises(RuleError, match="line 2"):
        parse_sheet(sheet_text(["GG*", "GGG"], "harbor bigger vertical", f"{cell} bank"))
    state, _ = ENGINE.setup(["Ann", "Bob"], {"sheet": EXAMPLE}, Rng("seed"))
    state["rolled"] = "Y"
    with pytest.raises(RuleError):
        act(state, 0, "mark", cell)


def test_check_options_refuses_a_bad_sheet_at_new_naming_the_line() -> None:
    ENGINE.check_options({"sheet": EXAMPLE, "solo": False, "difficulty": "normal"})
    ENGINE.check_options({})
    bad = EXAMPLE.replace("MLLWYYLWRGRRRGLKKRKK", "MLLWYYLWRGRRRGLKKRK")  # row B, line 11
    with pytest.raises(RuleError, match="Sheet line 11: row B has 19 blocks"):
        ENGINE.check_options({"sheet": bad})
    with pytest.raises(RuleError, match="--solo"):
        ENGINE.check_options({"solo-16": True})
    with pytest.raises(RuleError, match="--difficulty"):
        ENGINE.check_options({"solo": True, "difficulty": "nightmare"})
