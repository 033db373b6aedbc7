"""Dice that cannot be fished: a roll whose total depends on dice that make it impossible (a
division by zero) spends and logs those dice like any roll, so the roll after it is a fresh draw;
and no command draws more than 1,000 dice, however its sets, rerolls and explosions add up."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from bot.adapters.console import Console
from bot.cli import main
from games.base import Action, Rng
from games.dice import MAX_DICE, roll
from games.registry import engine_for
from games.replay import DICE_VERB, apply
from tests.core.transcript import channel, run_lines, to

ATTACK = "1/(1d20-20)"
ATTACKS = 1000
CHI_SQUARE_19_AT_001 = 36.191
"""The chi-square value that 19 degrees of freedom (a d20) exceed with probability 0.01."""


def chi_square(faces: list[int], sides: int = 20) -> float:
    counts = Counter(faces)
    expected = len(faces) / sides
    return sum((counts[face] - expected) ** 2 / expected for face in range(1, sides + 1))


def test_chi_square_tells_a_loaded_die_from_a_fair_one() -> None:
    assert chi_square([face for face in range(1, 21) for _ in range(50)]) == 0
    assert chi_square([20] * 1000) > CHI_SQUARE_19_AT_001


def test_the_oracle_attack_on_a_chats_generator_learns_nothing() -> None:
    """The chat's generator as /roll keeps it: one Rng whose position each roll moves."""
    rng = Rng("chat seed")
    after: list[int] = []
    for _ in range(ATTACKS):
        while (refused := roll(ATTACK, rng)).sets[0].undefined is None:
            pass
        shown = refused.describe("Ann")
        assert shown.startswith("Ann rolls: 1 / (1d20 (*20*) - 20) = no total: it divides by zero")
        after.append(roll("1d20", rng).total)
    assert chi_square(after) < CHI_SQUARE_19_AT_001, Counter(after)
    assert after.count(20) < ATTACKS / 10


def test_the_oracle_attack_on_a_tables_generator_learns_nothing() -> None:
    """A seated player's /roll is a logged action applied on the table's generator."""
    engine = engine_for("papercraft")
    rng, state, seat = Rng("table seed"), {}, 0
    after: list[int] = []
    for _ in range(ATTACKS):
        while True:
            position = rng.position
            [event] = apply(engine, state, Action(seat, DICE_VERB, (ATTACK,)), rng, "Ann")
            assert rng.position > position, "every roll spends its dice"
            if "no total" in event.text:
                break
        assert "1d20 (*20*) - 20) = no total" in event.text
        [event] = apply(engine, state, Action(seat, DICE_VERB, ("1d20",)), rng, "Ann")
        after.append(int(event.text.rsplit("= ", 1)[1]))
    assert chi_square(after) < CHI_SQUARE_19_AT_001, Counter(after)


def roll_lines(records: list[dict[str, object]]) -> list[str]:
    return [t for t in channel(records) if t.startswith("Ann rolls")]


async def test_a_refused_private_roll_in_a_chat_is_spent_and_logged(
    console: Console, db_url: str
) -> None:
    refusals, after = 0, []
    for _ in range(400):
        records = await run_lines(console, f"Ann: /roll {ATTACK} --private")
        [answer] = to(records, "Ann")
        if "no total" in answer:
            refusals += 1
            assert answer.startswith("Ann rolls: 1 / (1d20 (*20*) - 20) = no total")
            records = await run_lines(console, "Ann: /roll 1d20")
            after.append(int(roll_lines(records)[0].rsplit("= ", 1)[1]))
            if refusals == 5:
                break
    assert refusals == 5 and after.count(20) < 5, after
    database = sqlite3.connect(db_url.split("///", 1)[1])
    secrets = [row[0] for row in database.execute("select secret from rolls") if row[0]]
    database.close()
    spent = [s for s in secrets if "1d20 (*20*) - 20) = no total: it divides by zero" in s]
    assert len(spent) == 5  # the refused rolls' dice are in the chat's roll log


async def test_a_refused_roll_at_a_table_is_a_logged_action_that_verify_replays(
    console: Console, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await run_lines(console, "Ann: /new race --goal 6\nBob: /join\nAnn: /start")
    refusals, after = 0, []
    for _ in range(400):
        [answer] = roll_lines(await run_lines(console, f"Ann: /roll {ATTACK}"))
        if "no total" in answer:
            refusals += 1
            [answer] = roll_lines(await run_lines(console, "Ann: /roll 1d20"))
            after.append(int(answer.rsplit("= ", 1)[1]))
            if refusals == 3:
                break
    assert refusals == 3 and after.count(20) < 3, after
    history = (await run_lines(console, "Ann: /history"))[0]["text"]
    assert "Ann rolls: 1 / (1d20 (*20*) - 20) = no total: it divides by zero" in history

    await run_lines(console, "Ann: /step 3\nBob: /draw\nAnn: /step 3")
    document = json.loads((await run_lines(console, "Ann: /export"))[0]["text"])
    assert [a["args"] for a in document["actions"]].count([ATTACK]) >= 3
    export = tmp_path / "game.json"
    export.write_text(json.dumps(document))
    assert main(["verify", str(export)]) == 0
    assert capsys.readouterr().out.strip() == "OK"


def test_a_roll_that_always_divides_by_zero_is_refused_before_it_draws() -> None:
    rng = Rng("zero")
    with pytest.raises(Exception, match="it divides by zero"):
        roll("1d20/(2-2)", rng)
    assert rng.position == 0


# expression, where the answer says the limit stopped it (None: it may not stop)
LIMITS: list[tuple[str, str | None]] = [
    ("20#50d6rr<6", "rerolls stopped at the 1,000-dice limit in set 1 (50d6rr<6)"),
    ("2#500d6rr<6", "rerolls stopped at the 1,000-dice limit in set 1 (500d6rr<6)"),
    ("1d20rr<20+999d6", "rerolls stopped at the 1,000-dice limit in 1d20rr<20"),
    ("999d6+1d6e6", None),
    ("1000d6e1", "explosions stopped at the 1,000-dice limit in 1000d6e1"),
    ("10#99d6!", None),
    ("20#49d6rr<6", "rerolls stopped at the 1,000-dice limit in set "),
    ("4#250d6 ie6", "explosions stopped at the 1,000-dice limit in set 1 (250d6e6)"),
    ("500d6e6+500d6rr<6", "explosions stopped at the 1,000-dice limit in 500d6e6"),
    ("20#1d20rr<20 adv+47d6", "rerolls stopped at the 1,000-dice limit in set "),
    ("998d2ro1+1d6ra6", None),
    ("(999d6, 1d6rr<6)kh1", None),
]


@pytest.mark.parametrize(("expression", "stopped"), LIMITS)
def test_no_command_draws_more_than_a_thousand_dice(expression: str, stopped: str | None) -> None:
    for seed in range(8):
        rng = Rng(f"limit{seed}")
        result = roll(expression, rng)
        drawn = sum(len(s.dice) for s in result.sets)
        assert drawn <= MAX_DICE, (expression, seed, drawn)
        assert rng.position >= drawn
        if stopped is not None:
            assert len(result.notes) == 1 and result.notes[0].startswith(stopped), result.notes
            assert stopped in result.describe("Ann")
