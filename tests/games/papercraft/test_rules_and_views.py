"""The rules text lists every ruling; views show the roster, HP bars and positions, nothing private."""

from __future__ import annotations

from bot.render.text import render_text
from games.base import Rng
from games.papercraft import ENGINE
from tests.games.papercraft.helpers import act, options, piece, start, turn


def test_rules_list_all_thirteen_rulings_and_labels() -> None:
    text = ENGINE.rules(None)
    for number in range(1, 14):
        assert f"\n{number}. " in text
    assert "published, in testing" in text and "original sample" in text
    assert "CC BY-NC-ND 3.0" in text
    assert "Pierce: -3 +3 +0 +3 -8" in ENGINE.rules("armor")
    assert ENGINE.rules("nonsense").startswith("Unknown topic 'nonsense', try:")


def test_army_phase_view_and_listing() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], options(), Rng("v"))
    act(state, 0, "/army add Grave Legion x2")
    view = ENGINE.view(state, None)
    armies = view.tables[0]
    assert armies.title == "Armies"
    assert armies.rows[0][2] == "70"
    assert "2x Grave Legion (35 pts, HP 30, None) = 70 of 400 points" in act(state, 1, "/army")


def test_roster_with_hp_bars_and_positions_table() -> None:
    state = start([{"Longbowmen": 1}, {"Grave Legion": 2}], positions=True)
    turn(state, 0)
    piece(state, "Grave Legion 1")["hp"] = 15
    view = ENGINE.view(state, None)
    roster = next(t for t in view.tables if t.title == "Roster")
    row = next(r for r in roster.rows if r[0] == "Grave Legion 1")
    assert row[2] == "15/30"
    meter = next(m for m in view.meters if m.name == "Grave Legion 1 (Bob)")
    assert (meter.value, meter.maximum) == (15, 30)
    assert "Grave Legion 1 (Bob):\n  █████░░░░░ 15/30" in render_text(view)  # 40 columns a line
    field = view.grids[0]
    assert (field.rows, field.cols, field.in_text) == (36, 36, False)
    bob = {c.colour for c in field.cells if c.label == "GL1"}
    assert bob and bob != {"#efe9d8"}
    positions = next(t for t in view.tables if t.title == "Positions")
    assert positions.header == ["Unit", "Player", "Seat", "X", "Y", "W", "H", "Facing", "Status"]
    bows = next(r for r in positions.rows if r[0] == "Longbowmen")
    assert (bows[5], bows[6], bows[7]) == ("4", "3", "N")
    assert {m.name for m in view.meters} >= {"Longbowmen (Ann)", "Grave Legion 1 (Bob)"}
    assert view.hand is None
