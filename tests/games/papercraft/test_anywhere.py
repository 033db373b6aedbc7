"""Papercraft outside a managed game: /attack and /units in any chat, free play, a chat's units."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.console import Console
from bot.cli import main
from games.base import NotYourTurn, Rng, RuleError
from games.papercraft import ENGINE
from games.papercraft.custom import MAX_UNITS
from games.papercraft.state import PapercraftState as State
from tests.core.transcript import channel, outcome, run_lines, to
from tests.games.papercraft.helpers import act, options, piece, start, turn

WORKED = "Ann: /attack Longbowmen Banner Captain --range 12 --dice 4,2,5,3"
HIT = (
    "Ann: Longbowmen 4+2=6 vs Banner Captain 2+1=3: hit. 2d6 [5,3]=8, Pierce vs Heavy -3: "
    "5 damage. Banner Captain 22 -> 17 HP."
)


async def test_the_rules_worked_example_in_a_chat_with_no_table(console: Console) -> None:
    records = await run_lines(console, WORKED)
    assert channel(records) == [HIT]
    records = await run_lines(
        console, "Bob: /attack Longbowmen Banner Captain --range 12 --hp 5\nBob: /history"
    )
    rolled, history = channel(records)
    assert rolled.startswith("Bob: Longbowmen ") and " vs Banner Captain " in rolled
    assert HIT in history and rolled in history  # rolled on the chat's generator, logged


async def test_attack_anywhere_refuses_with_a_reason_and_keeps_private_results(
    console: Console,
) -> None:
    records = await run_lines(
        console,
        "Ann: /attack Longbowmen Banner Captain --range 30\n"
        "Ann: /attack Longbowmen Nobody\n"
        "Ann: /attack Longbowmen Banner Captain --range 12 --hp 99\n"
        "Ann: /attack Longbowmen Banner Captain --range 12 --dice 6,1,6,6 --private\n"
        "Ann: /history",
    )
    assert not channel(records)[:-2]
    refusals = to(records, "Ann")
    assert 'reaches only 18"' in refusals[0]
    assert "'Nobody' is not a unit this chat knows; /units lists them." in refusals[1]
    assert "a whole number from 1 to 22" in refusals[2]
    assert "Banner Captain 22 -> 13 HP." in refusals[3]  # 12 - 3, only to Ann
    assert channel(records)[-2] == "Ann rolled dice privately."
    assert "22 -> 13" not in channel(records)[-1]


async def test_ability_anywhere_rolls_what_it_needs(console: Console) -> None:
    records = await run_lines(
        console,
        "Ann: /ability Tinker Engineer Field Repair Steam Ram --dice 4 --hp 30\n"
        "Ann: /ability Longbowmen Rally Cry Steam Ram",
    )
    [repaired] = channel(records)
    assert repaired == (
        "Ann: Tinker Engineer uses Field Repair: 1d6+2 [4]+2=6. Steam Ram regains 6 HP "
        "(Field Repair): 30 -> 36 HP."
    )
    assert "Longbowmen has no ability 'Rally Cry'; its abilities: none." in to(records, "Ann")[0]


async def test_units_and_unit_show_outside_a_table_in_english_and_polish(
    console: Console,
) -> None:
    records = await run_lines(console, "Ann: /units\nAnn: /unit show Banner Captain")
    listing, shown = channel(records)
    assert listing.startswith("17 units this chat knows")
    assert "Banner Captain (40 pts, HP 22, Heavy)" in listing
    assert shown.splitlines()[:2] == [
        "Banner Captain: 40 pts (original sample, Ashford March)",
        'Living Character; HP 22, move 6", dodge +1, armor Heavy',
    ]
    assert "Rally Cry: In place of attacking" in shown
    records = await run_lines(
        console, "Ann: /settings language pl\nAnn: /units\nAnn: /unit show Banner Captain"
    )
    listing, shown = channel(records)[1:]
    assert listing.startswith("17 jednostek znanych w tym czacie")
    assert "pkt, PŻ 22" in listing and "Heavy" not in listing
    assert "pts" not in shown and "Rally Cry" not in shown and "PŻ 22" in shown


STAT = '{name}\n{points} Points\nLiving, Infantry\nHP = 20\nMovement = 4"\nDodge Bonus = +0\n'
STAT += "Armor = Light\nSpears\nType = Pierce\nRange = Melee\nHit Bonus = +1\nDamage = 1D6"


async def test_a_file_of_several_stat_blocks_adds_each_or_names_the_block_at_fault(
    console: Console,
) -> None:
    good = "\n".join(STAT.format(name=f"Spear {n}", points=10 + n) for n in range(3))
    records = await run_lines(console, "Ann: /unit add " + good.replace("\n", " | "))
    [added] = channel(records)
    assert added.startswith("Added 3 units for this chat")
    assert "Spear 2 (12 pts, HP 20, Light)" in added
    bad = good + "\n" + STAT.format(name="Broken", points=10).replace("HP = 20", "HP = lots")
    records = await run_lines(console, "Ann: /unit add " + bad.replace("\n", " | "))
    [refused] = to(records, "Ann")
    assert refused.startswith("Stat block 4 of 4 (Broken): Stat block line")


def test_a_chat_keeps_at_most_300_units() -> None:
    data: dict[str, Any] = {}
    blocks = "\n".join(STAT.format(name=f"Spear {n}", points=10) for n in range(MAX_UNITS))
    assert ENGINE.chat_act(data, "unit", "add " + blocks).startswith("Added 300 units")
    one_more = STAT.format(name="Spear extra", points=10)
    with pytest.raises(RuleError, match="at most 300 units of its own and this would make 301"):
        ENGINE.chat_act(data, "unit", "add " + one_more)
    assert ENGINE.chat_act(data, "unit", "add " + STAT.format(name="Spear 7", points=12))
    assert "12 Points" in data["units"]["Spear 7"]  # replacing one keeps the count


def test_a_table_keeps_only_the_units_its_armies_use() -> None:
    data: dict[str, object] = {}
    blocks = "\n".join(STAT.format(name=f"Spear {n}", points=10) for n in range(50))
    ENGINE.chat_act(data, "unit", "add " + blocks)
    options = {o.name: o.default for o in ENGINE.options} | {"custom": data}
    state, _ = ENGINE.setup(["Ann", "Bob"], options, Rng("t"))
    assert len(state["extra_units"]) == 50
    ENGINE.act(state, 0, "army", ["add", "Spear", "7"], Rng("t"))
    ENGINE.act(state, 1, "army", ["add", "Longbowmen"], Rng("t"))
    ENGINE.act(state, 0, "ready", [], Rng("t"))
    ENGINE.act(state, 1, "ready", [], Rng("t"))
    assert list(state["extra_units"]) == ["Spear 7"]


FREE = """
Ann: /new papercraft --free --points 150
Bob: /join
Ann: /start
Ann: /army add Longbowmen
Ann: /army add Banner Captain
Ann: /army add Tinker Engineer
Bob: /army add Grave Legion
Bob: /army add Marsh Lantern
Bob: /army add Steam Ram
Ann: /ready
Bob: /ready
Bob: /attack Steam Ram Banner Captain --dice 6,1,6,6,6
Ann: /attack Longbowmen Marsh Lantern --range 5 --dice 6,1,6,6
Ann: /attack Banner Captain Steam Ram --dice 6,1,6,6
Bob: /attack Grave Legion Tinker Engineer --dice 6,1,6,6
Ann: /attack Banner Captain Grave Legion --dice 6,1,6,6
Bob: /card Steam Ram
"""


async def test_a_free_play_table_to_the_winner_and_verify(console: Console, tmp_path: Path) -> None:
    records = await run_lines(console, FREE)
    said = "\n".join(channel(records))
    assert "Every army is on the table. Free play" in said
    assert "Banner Captain 22 -> 6 HP." in said  # Bob first: no turn order
    assert "Marsh Lantern is dead: removed from the battlefield (Magic)." in said
    assert "Steam Ram 45 -> 38 HP." in said and "Tinker Engineer 14 -> 2 HP." in said
    assert "Banner Captain already attacked this turn" in to(records, "Ann")[-1]
    assert "/round starts the next round" in to(records, "Ann")[-1]
    card = to(records, "Bob")[-1]  # /card: the whole stat block, to the asker only
    assert (
        card.startswith("Steam Ram: 50 pts") and "Attack Ram Head: Siege, melee, +1, 3d6+2" in card
    )
    hp = {"Steam Ram": 38, "Grave Legion": 30}
    for _round in range(10):
        lines = "Ann: /round\n"
        for target in [t for t, left in hp.items() if left > 0]:
            lines += f"Ann: /attack Longbowmen {target} --range 5 --dice 6,1,6,6\n"
        records = await run_lines(console, lines)
        said = "\n".join(channel(records))
        for target in hp:
            for line in said.splitlines():
                if f"{target} {hp[target]} -> " in line:
                    hp[target] = int(line.split(f"{target} {hp[target]} -> ")[1].split()[0])
        if "Game over" in said:
            break
    assert hp == {"Steam Ram": 0, "Grave Legion": 0}
    assert outcome(records)["outcome"]["winners"] == ["Ann"]
    records = await run_lines(console, "Ann: /export")
    export = tmp_path / "free.json"
    export.write_text(records[-1]["text"])
    document = json.loads(records[-1]["text"])
    assert document["options"]["free"] is True
    assert main(["verify", str(export)]) == 0


def free_table(ann: str, bob: str) -> State:
    state, _ = ENGINE.setup(["Ann", "Bob"], options(free=True, points=200), Rng("free"))
    act(state, 0, f"/army add {ann}")
    act(state, 1, f"/army add {bob}")
    act(state, 0, "/ready")
    act(state, 1, "/ready")
    return state


def test_free_play_bear_hug_escapes_once_a_round_and_has_no_turns_to_end() -> None:
    state = free_table("Trained Black Bear Guard", "Banner Captain")
    assert ENGINE.waiting(state) == [] and state["phase"] == "battle"
    assert "instead of damage" in act(
        state, 0, "/attack Trained Black Bear Guard Banner Captain --hug --dice 6,1"
    )
    assert ENGINE.legal(state, 1)[0].text == "/escape"
    assert "still held" in act(state, 1, "/escape --dice 1")
    with pytest.raises(RuleError, match="None of your units may roll to escape"):
        act(state, 1, "/escape --dice 6")
    with pytest.raises(RuleError, match="no turns to end: /round starts the next round"):
        act(state, 0, "/done")
    act(state, 0, "/round")
    assert "escapes" in act(state, 1, "/escape --dice 6")
    assert piece(state, "Banner Captain")["hugged_by"] is None


def test_a_managed_table_keeps_its_turns_and_refuses_the_outside_flags() -> None:
    state = start([{"Longbowmen": 1}, {"Grave Legion": 1}])
    waiting = ENGINE.waiting(state)[0]
    other = 1 - waiting
    with pytest.raises(NotYourTurn):
        act(state, other, "/move Grave Legion 2" if other else "/move Longbowmen 2")
    turn(state, 0)
    with pytest.raises(RuleError, match="--hp is for /attack and /ability outside a table"):
        act(state, 0, "/attack Longbowmen Grave Legion --range 5 --hp 3")
    with pytest.raises(RuleError, match="free play"):
        act(state, 0, "/round")


async def test_attack_in_a_papercraft_lobby_is_worked_out_as_anywhere(console: Console) -> None:
    records = await run_lines(console, "Ann: /new papercraft\n" + WORKED)
    assert channel(records)[-1] == HIT


async def test_garbage_outside_a_table_is_refused_in_one_short_sentence(console: Console) -> None:
    records = await run_lines(
        console,
        "Ann: /attack\nAnn: /attack " + "Nobody " * 400 + "\nAnn: /ability Nobody Rally Cry",
    )
    refusals = to(records, "Ann")
    assert refusals[0] == "Name a unit here; /units lists them."
    assert len(refusals[1]) < 120 and refusals[1].startswith("'Nobody Nobody")
    assert refusals[2] == "'Nobody Rally Cry' is not a unit this chat knows; /units lists them."
    assert not channel(records)
