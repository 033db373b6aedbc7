"""Issue 18, probing faults: dice within /roll's limits everywhere, options bounded by the data,
no table waiting on a seat with no move, and unit names with apostrophes and digits."""

from __future__ import annotations

from typing import Any

import pytest

from games.base import Rng, RuleError
from games.dice import MAX_DICE, MAX_SIDES
from games.papercraft import ENGINE
from games.papercraft.options import MAX_POINTS, MAX_TABLE, MAX_UNITS, MIN_TABLE
from games.papercraft.statblock import parse_stat_block
from tests.games.papercraft.helpers import act, options, piece, start, turn
from tests.support import random_play


def block(name: str = "Pike Wall", points: int = 40, damage: str = "2d6+1", **lines: str) -> str:
    fields = {"HP": "28", "Movement": '4"', "Range": "Melee"} | lines
    return (
        f"{name} | {points} points | living, infantry | HP = {fields['HP']} | "
        f"Movement = {fields['Movement']} | Dodge Bonus = +1 | Armor Type = Heavy | Pikes | "
        f"Type = Piercing | Range = {fields['Range']} | Hit Bonus = +2 | Damage = {damage}"
    )


def add(data: dict[str, Any], text: str) -> str:
    return ENGINE.chat_act(data, "unit", f"add {text}")


def lines(text: str) -> str:
    return text.replace(" | ", "\n")


# Dice obey the /roll limits everywhere -------------------------------------------------------


@pytest.mark.parametrize(
    "damage",
    ["1d99999999999999999999999", f"1d{MAX_SIDES + 1}", f"{MAX_DICE + 1}d6", "99999999999d6"],
)
def test_unit_add_refuses_dice_beyond_the_roll_limits(damage: str) -> None:
    data: dict[str, Any] = {}
    with pytest.raises(RuleError, match=r"line 12 \('Damage = .*'\): Damage .*as in /roll"):
        add(data, block(damage=damage))
    assert data == {}


def test_dice_at_the_roll_limits_are_accepted() -> None:
    data: dict[str, Any] = {}
    add(data, block(damage=f"{MAX_DICE}d{MAX_SIDES}"))
    assert (
        f"Damage = {MAX_DICE}D{MAX_SIDES}" in data["units"]["Pike Wall"]
    )  # kept as its stat block


def test_units_file_with_huge_dice_is_refused_at_new_naming_the_line() -> None:
    text = "\n\n".join(
        [lines(block("Good Wall")), lines(block(damage="1d99999999999999999999999"))]
    )
    with pytest.raises(RuleError, match=r"Stat block line 25 \('Damage = 1d9+"):
        ENGINE.check_options(options(units=text))


def test_a_stored_chat_unit_with_huge_dice_is_refused_at_new() -> None:
    unit = parse_stat_block(lines(block()))
    unit["attacks"][0]["damage"] = "1d99999999999"  # stored before the limits were checked
    with pytest.raises(
        RuleError, match=r"This chat.s unit Pike Wall breaks a rule: .*/unit remove"
    ):
        ENGINE.check_options(options(custom={"units": {"Pike Wall": unit}}))


# Options are bounded by the data --------------------------------------------------------------


def test_points_below_the_cheapest_unit_are_refused() -> None:
    with pytest.raises(
        RuleError, match=r"--points 20 buys no unit: the cheapest, Stefano's Foot Soldier, costs 21"
    ):
        ENGINE.check_options(options(points=20))
    ENGINE.check_options(options(points=21))


def test_cheaper_custom_and_file_units_lower_the_minimum() -> None:
    data: dict[str, Any] = {}
    add(data, block("Pebble", points=10))
    ENGINE.check_options(options(points=10, custom=data))
    with pytest.raises(RuleError, match="the cheapest, Pebble, costs 10"):
        ENGINE.check_options(options(points=9, custom=data))
    ENGINE.check_options(options(points=5, units=lines(block("Grain", points=5))))


def test_points_and_table_sizes_are_capped() -> None:
    with pytest.raises(RuleError, match=f"--points must be 1 to {MAX_POINTS}"):
        ENGINE.check_options(options(points=MAX_POINTS + 1))
    ENGINE.check_options(options(points=MAX_POINTS, table=f"{MAX_TABLE}x{MAX_TABLE}"))
    ENGINE.check_options(options(table=f"{MIN_TABLE}x{MIN_TABLE}"))
    for table in (f"{MAX_TABLE + 1}x36", f"36x{MIN_TABLE - 1}", "99999999x36", "36by36"):
        with pytest.raises(RuleError, match="--table"):
            ENGINE.check_options(options(table=table))
    with pytest.raises(RuleError, match="--teams"):
        ENGINE.check_options(options(teams="3v3"))


def test_an_army_has_at_most_max_units() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], options(points=MAX_POINTS), Rng("cap"))
    act(state, 0, f"/army add Stefano's Foot Soldier x{MAX_UNITS}")
    with pytest.raises(RuleError, match=f"at most {MAX_UNITS} units"):
        act(state, 0, "/army add Stefano's Foot Soldier")
    with pytest.raises(RuleError, match=f"at most {MAX_UNITS} units"):
        act(state, 1, "/army add Grave Legion x99999999")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_start_and_finish_at_the_minimum_points(players: int) -> None:
    """--points 20 used to pass and the bot's army builder crashed (IndexError) at /start."""
    for seed in range(3):
        play = random_play(ENGINE, players, f"min{seed}", options(points=21), bots=True)
        assert ENGINE.outcome(play.state) is not None


def test_a_team_player_with_no_points_left_may_ready_with_no_units() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob", "Cid", "Dee"], options(points=21, teams="2v2"), Rng("t"))
    act(state, 0, "/army add Stefano's Foot Soldier")
    assert [m.text for m in ENGINE.legal(state, 1)] == ["/ready"]
    assert "ready with no units of their own" in act(state, 1, "/ready")
    with pytest.raises(RuleError, match="Your army is empty"):
        act(state, 2, "/ready")  # nobody on that side fields a unit yet


EXTREMES = [
    # players, options
    (2, {"points": 21, "table": f"{MIN_TABLE}x{MIN_TABLE}", "positions": True}),
    (4, {"points": 21, "table": f"{MIN_TABLE}x{MIN_TABLE}", "positions": True}),
    (4, {"points": 21, "table": f"{MAX_TABLE}x{MIN_TABLE}", "positions": True, "teams": "2v2"}),
    (3, {"points": 21, "teams": "2v1"}),
    (4, {"points": MAX_POINTS, "table": f"{MIN_TABLE}x{MIN_TABLE}", "positions": True}),
    (3, {"points": MAX_POINTS, "table": f"{MIN_TABLE}x{MAX_TABLE}", "positions": True}),
    (4, {"points": MAX_POINTS, "table": f"{MAX_TABLE}x{MAX_TABLE}", "positions": True}),
    (4, {"points": MAX_POINTS, "teams": "1v3"}),
    (2, {"points": MAX_POINTS}),
]


@pytest.mark.parametrize(("players", "changes"), EXTREMES)
def test_random_play_at_the_option_extremes_never_waits_on_a_seat_without_a_move(
    players: int, changes: dict[str, Any]
) -> None:
    """random_play fails when a waited-on seat has no legal move; rounds keep games short."""
    for seed in range(2):
        opts = options(rounds=2, **changes)
        random_play(ENGINE, players, f"x{seed}", opts)
        random_play(ENGINE, players, f"y{seed}", opts, bots=True)


def test_units_that_fit_nowhere_in_their_zone_sit_the_battle_out() -> None:
    state, _ = ENGINE.setup(
        ["Ann", "Bob"], options(points=MAX_POINTS, table="20x20", positions=True), Rng("z")
    )
    act(state, 0, "/army add Iron Colossus x7")  # 7 titans of 6x6 in a 20x10 zone: 3 fit
    act(state, 1, "/army add Grave Legion")
    act(state, 0, "/ready")
    act(state, 1, "/ready")
    while state["phase"] == "place":
        seat = ENGINE.waiting(state)[0]
        move = ENGINE.legal(state, seat)[0]
        act(state, seat, move.text)
    titans = [p for p in state["units"] if p["kind"] == "Iron Colossus"]
    assert sum(p["placed"] for p in titans) == 3
    assert sum(p["reserve"] for p in titans) == 4


# Names with apostrophes and digits ------------------------------------------------------------


def test_attack_between_numbered_units_with_apostrophes_as_plain_words() -> None:
    state = start([{"Stefano's Foot Soldier": 1}, {"Stefano's Foot Soldier": 1}])
    turn(state, 0)
    text = act(state, 0, "/attack Stefano's Foot Soldier 1 Stefano's Foot Soldier 2 --dice 6,1,4")
    assert "Stefano's Foot Soldier 1 6+2=8 vs Stefano's Foot Soldier 2 1+2=3: hit." in text
    assert piece(state, "Stefano's Foot Soldier 2")["hp"] == 3  # 4 Pierce vs Light +3 = 7
    turn(state, 1)
    text = act(
        state, 1, "/attack Stefano\u2019s Foot Soldier 2 Stefano\u2019s Foot Soldier 1 --dice 1,6"
    )
    assert ": miss." in text


def test_unit_names_ending_in_digits_are_read_by_longest_match() -> None:
    squads = "\n\n".join(
        lines(block(name, points=30)) for name in ("Squad", "Squad 2", "Squad 2 Elite")
    )
    state, _ = ENGINE.setup(["Ann", "Bob"], options(units=squads), Rng("sq"))
    assert "1x Squad 2." in act(state, 0, "/army add Squad 2")  # the unit, not 2x Squad
    assert "3x Squad 2." in act(state, 0, "/army add Squad 2 3")
    act(state, 0, "/army remove Squad 2 x4")
    act(state, 0, "/army add Squad x2")
    act(state, 1, "/army add Squad 2")
    act(state, 1, "/army add Squad 2 Elite")
    act(state, 0, "/ready")
    act(state, 1, "/ready")
    names = sorted(p["name"] for p in state["units"])
    assert names == ["Squad 1", "Squad 2", "Squad 2 Elite", "Squad 3"]  # no second "Squad 2"
    while state["phase"] == "place":
        seat = ENGINE.waiting(state)[0]
        act(state, seat, ENGINE.legal(state, seat)[0].text)
    turn(state, 0)
    text = act(state, 0, "/attack Squad 3 Squad 2 Elite --dice 1,6")
    assert "Squad 3 1+2=3 vs Squad 2 Elite 6+1=7: miss." in text
    text = act(state, 0, "/attack Squad 1 Squad 2 --dice 1,6")
    assert "Squad 1 1+2=3 vs Squad 2 6+1=7: miss." in text
