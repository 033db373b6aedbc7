"""Seating, the colour deck, the solo turn order, the view and the rules text."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.render.text import PHONE_COLUMNS, grid_lines, width
from games.base import Rng, RuleError
from games.papertown import ENGINE
from games.papertown.catalog import COLOURS
from games.papertown.participants import current
from games.papertown.sheet import ROLLABLE

from .helpers import act, give, new_game, rolled
from .test_marking import refused

OPEN = ["GGGGG", "GYYYG", "GGGGG"]


def test_seats_must_fit_the_solo_option() -> None:
    assert ENGINE.min_players == 1 and ENGINE.max_players == 2
    with pytest.raises(RuleError, match="--solo"):
        ENGINE.setup(["Ann"], {}, Rng("s"))
    with pytest.raises(RuleError, match="--solo"):
        ENGINE.setup(["Ann", "Bob"], {"solo": True}, Rng("s"))
    with pytest.raises(RuleError):
        ENGINE.setup(["Ann", "Bob", "Cid"], {}, Rng("s"))


def test_setup_greets_with_the_sheets_objectives() -> None:
    state, events = ENGINE.setup(["Ann", "Bob"], {}, Rng("s"))
    assert all(e.to is None for e in events)
    assert "Ann marks X" in events[0].text and "Bob marks O" in events[0].text
    assert state["turns"] == 16 and ENGINE.waiting(state) == [0]


def roll_many(state: dict, times: int) -> list[str]:
    drawn = []
    for _ in range(times):
        state["rolled"] = None
        act_rng = Rng(f"r{len(drawn)}")
        ENGINE.act(state, 0, "roll", [], act_rng)
        drawn.append(state["rolled"])
    return drawn


def test_the_deck_shows_each_colour_twice_in_ten_rolls_then_reshuffles() -> None:
    state = new_game(OPEN)
    drawn = roll_many(state, 10)
    assert Counter(drawn) == {colour: 2 for colour in ROLLABLE}
    assert state["deck"] == []
    roll_many(state, 1)
    assert len(state["deck"]) == 9


def test_the_die_variant_rolls_the_five_colours_independently() -> None:
    state = new_game(OPEN, die=True)
    drawn = roll_many(state, 100)
    assert set(drawn) == set(ROLLABLE) and state["deck"] == []
    balanced = {colour: 2 for colour in ROLLABLE}
    assert any(Counter(drawn[k : k + 10]) != balanced for k in range(0, 100, 10))


def test_roll_is_bare_and_once_per_turn() -> None:
    state = new_game(OPEN)
    assert "/roll takes nothing after it" in refused(state, 0, "roll", "2d6")
    events = act(state, 0, "roll")
    assert events[0].to is None and "rolls" in events[0].text
    assert "already rolled" in refused(state, 0, "roll")


def test_solo_turns_cycle_through_the_virtual_players_on_one_seat() -> None:
    state = new_game(OPEN, players=1, solo=True, difficulty="easy")
    assert [p["tag"] for p in state["players"]] == ["X", "I", "O"]
    assert state["turns"] == 24
    rolled(state, "Y")
    act(state, 0, "mark", "B2", "B3", "B4")
    act(state, 0, "done")
    assert current(state) == 1 and ENGINE.waiting(state) == [0]
    rolled(state, "G")
    act(state, 0, "mark", "A1", "A2")  # easy: 2 blocks per virtual turn
    assert "already marked your 2" in refused(state, 0, "mark", "A3")
    act(state, 0, "done")
    assert current(state) == 2
    assert state["owner"][0] == 1 and state["owner"][6] == 0


def test_hard_virtual_players_mark_four_and_solo_16_is_a_literal_track() -> None:
    state = new_game(OPEN, players=1, solo=True, difficulty="hard", **{"solo-16": True})
    assert [p["quota"] for p in state["players"]] == [3, 4, 4]
    assert state["turns"] == 16


def test_virtual_players_follow_adjacency_to_their_own_blocks() -> None:
    state = new_game(OPEN, players=1, solo=True)
    give(state, 0, "B2")
    give(state, 1, "C5")
    state["turn"] = 1
    rolled(state, "G")
    # C5 (even row) touches C4, B4 and B5: a grey block away from them is refused.
    assert "does not touch" in refused(state, 0, "mark", "A1")
    act(state, 0, "mark", "C4")


def test_the_view_shows_every_cell_of_the_hex_map() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("view"))
    view = ENGINE.view(state, None)
    grid = view.grids[0]
    assert grid.hexagonal and (grid.rows, grid.cols) == (10, 20) and len(grid.cells) == 200
    assert grid.row_labels == list("ABCDEFGHIJ")
    assert grid.col_labels == [str(c) for c in range(1, 21)]
    for cell in grid.cells:
        letter = state["sheet"]["colours"][cell.row * 20 + cell.col]
        assert cell.colour == COLOURS[letter].hex and cell.emoji
        assert (cell.label is not None) == (letter == "*")
    assert view.tracks[0].length == 16 and view.tracks[0].ticked == 0
    assert [t.title for t in view.tables] == ["The mayor pays (so far)", "Special powers"]
    assert len(view.tables[1].rows) == 3 and view.hand is None


def test_the_text_map_fits_one_discord_message() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("view"))
    text = "\n".join(grid_lines(ENGINE.view(state, None).grids[0]))
    assert len(text) < 2000 and len(text.encode("utf-16-le")) // 2 < 2000


def test_the_view_follows_marks_claims_and_the_turn() -> None:
    state = new_game(["YY*G", "GGGG"], specials="A3 bakery")
    rolled(state, "Y")
    act(state, 0, "mark", "A2")
    view = ENGINE.view(state, 0)
    cells = {(c.row, c.col): c for c in view.grids[0].cells}
    assert cells[(0, 1)].mark == "X"  # a claimed block: its power and its claimer's mark
    assert (cells[(0, 2)].label, cells[(0, 2)].mark) == ("Bakery", "X")
    assert "Rolled colour: yellow; 2 of 3 marks left." in view.lines
    bakery = view.tables[1].rows[0]
    assert bakery[2] == "[X] A3" and bakery[3] == "0 of 1 used"
    act(state, 0, "power", "bakery", "B2")
    assert ENGINE.view(state, 0).tables[1].rows[0][3] == "1 of 1 used"


def test_rules_list_the_defaults_and_answer_topics() -> None:
    text = ENGINE.rules(None)
    for needle in (
        "10-card",
        "whenever",
        "forfeited",
        "claims both",
        "twice per turn",
        "border",
        "Bribery",
        "whoever claimed it",
        "floor(size / 2)",
        "shared win",
        "8 rounds",
        "--die",
        "--water",
        "--own-banks",
        "--solo-16",
    ):
        assert needle in text, needle
    assert "objectives:" in ENGINE.rules("sheet")
    assert "exactly 3" in ENGINE.rules("mark")
    unknown = ENGINE.rules("teleport")
    assert unknown.startswith("Unknown topic") and "\n" not in unknown


def test_verbs_and_unknown_verbs() -> None:
    verbs = {v.name: v for v in ENGINE.verbs}
    assert verbs["roll"].usage == "" and verbs["done"].usage == ""
    assert verbs["mark"].usage == "CELL [CELL ...] [--power NAME]"
    assert verbs["power"].usage == "NAME CELL [CELL ...]"
    assert verbs["power"].args[0].choices == ("branch", "bakery", "building", "bribery")
    roles = {name: verb.role for name, verb in verbs.items()}
    assert roles == {
        "roll": "roll",
        "mark": "move",
        "power": "move",
        "done": "end_turn",
        "sheet": "info",
    }
    assert verbs["sheet"].readonly and verbs["sheet"].anytime
    for verb in ENGINE.verbs:
        assert verb.handler is not None and "\n" not in verb.help and len(verb.help) <= 100
    assert "act" not in type(ENGINE).__dict__  # the generic dispatch, no turn check of its own
    state = new_game(OPEN)
    assert "no /fly" in refused(state, 0, "fly")


def text_map(state: dict) -> list[str]:
    return list(grid_lines(ENGINE.view(state, None).grids[0]))


def test_the_text_map_fits_a_phone_in_bands_with_each_label_over_its_column() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("view"))
    lines = text_map(state)
    assert all(width(line) <= PHONE_COLUMNS for line in lines)
    rows_a = [k for k, line in enumerate(lines) if line.startswith("A ")]
    assert len(rows_a) == 2  # 20 columns of 2-column emoji: two bands of 10
    start = width("A ")  # cells begin after the row label; each emoji is 2 columns wide
    for band, k in enumerate(rows_a):
        labels = [(m.start(), int(m.group())) for m in re.finditer(r"\d+", lines[k - 1])]
        assert labels[0] == (start, band * 10 + 1) and len(labels) >= 5, lines[k - 1]
        for at, number in labels:  # each label over its own column
            assert at == start + 2 * (number - 1 - band * 10), lines[k - 1]


GREENS = {"🟩", "🟢", "💚", "✅", "❇️", "🍏"}
WHITES = {"⬜", "⚪", "◻️", "◽", "▫️", "🤍", "🏳️", "🔲", "🔳"}


def test_the_text_map_tells_the_colours_apart() -> None:
    state = new_game(["KGMWLYR", "GGGGGGG"])
    cells = {c.col: c.emoji for c in ENGINE.view(state, None).grids[0].cells if c.row == 0}
    emoji = dict(zip("KGMWLYR", (cells[k] for k in range(7)), strict=True))
    assert len(set(emoji.values())) == 7
    assert not {emoji["L"], emoji["M"]} <= GREENS  # lime and mint differ by more than shape
    assert emoji["G"] not in WHITES  # grey is not white
    legend = ENGINE.view(state, None).grids[0].legend
    assert "lime" in legend[emoji["L"]] and "mint" in legend[emoji["M"]]
    assert "grey" in legend[emoji["G"]]


def test_a_claimed_special_block_still_shows_its_power() -> None:
    state = new_game(["Y*Y*Y", "GGGGG", "*GGGG"], specials="A2 bakery, A4 bank, C1 bribery")
    free = {c.col: c.emoji for c in ENGINE.view(state, None).grids[0].cells if c.label}
    state["claims"] = [0, 1, 0]
    grid = ENGINE.view(state, None).grids[0]
    taken = {(c.row, c.col): c.emoji for c in grid.cells if c.label}
    assert len(set(taken.values())) == 3  # one per power, not one lock for all
    assert not set(taken.values()) & set(free.values())  # claimed looks unlike free
    for (row, col), emoji in taken.items():
        power = {(0, 1): "Bakery", (0, 3): "Bank", (2, 0): "Bribery"}[(row, col)]
        assert power in grid.legend[emoji] and "claimed" in grid.legend[emoji]
