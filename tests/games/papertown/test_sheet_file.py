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
    ("rows", "objectives", "specials", "complaint"),
    [
        (["GGG", "GG"], "harbor bigger vertical", "", "row B has 2"),
        (["GGX", "GGG"], "harbor bigger vertical", "", "unknown block letters X"),
        (["GG*", "GGG"], "harbor bigger vertical", "", "need a power"),
        (["GG*", "GGG"], "harbor bigger vertical", "A1 bank", "not *"),
        (["GG*", "GGG"], "harbor bigger vertical", "A3 magic", "no power 'magic'"),
        (["GGG", "GGG"], "harbor bigger", "", "exactly 3"),
        (["GGG", "GGG"], "harbor harbor bigger", "", "exactly 3"),
        (["GGG", "GGG"], "harbor bigger moon", "", "no objective 'moon'"),
        (["GGG"], "harbor bigger vertical", "", "2 to 26 map rows"),
    ],
)
def test_bad_sheets_are_refused_with_the_reason(
    rows: list[str], objectives: str, specials: str, complaint: str
) -> None:
    with pytest.raises(RuleError) as error:
        parse_sheet(sheet_text(rows, objectives, specials))
    assert complaint in str(error.value)
