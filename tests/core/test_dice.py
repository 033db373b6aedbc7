"""/roll: d20 notation on the table's or chat's seeded generator, limits, history, verify."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.adapters.console import Console
from bot.cli import main
from games.base import Rng, RuleError
from games.dice import MAX_DICE, roll
from tests.core.transcript import channel, run_lines, to


@pytest.mark.parametrize(
    ("expression", "dice_shown", "check"),
    [
        ("2d6+3", 2, lambda total, faces: total == sum(faces) + 3),
        ("4d6kh3", 4, lambda total, faces: total == sum(sorted(faces)[1:])),
        ("4d6kl1", 4, lambda total, faces: total == min(faces)),
        ("4d6dh1", 4, lambda total, faces: total == sum(sorted(faces)[:3])),
        ("4d6dl1", 4, lambda total, faces: total == sum(sorted(faces)[1:])),
        ("10d6>3", 10, lambda total, faces: total == int(sum(faces) > 3)),
        ("2d20*2-1", 2, lambda total, faces: total == 2 * sum(faces) - 1),
        ("(1d4+1)*3", 1, lambda total, faces: total == (faces[0] + 1) * 3),
    ],
)
def test_notation_totals_match_the_dice_shown(expression, dice_shown, check) -> None:
    for n in range(30):
        result = roll(expression, Rng(f"notation{n}"))
        faces = [int(f) for f in re.findall(r"\(([\d, ]+)\)", result.detail)[0].split(", ")]
        assert len(faces) == dice_shown
        assert check(result.total, faces), result.detail


def test_rerolls_explosions_and_comments() -> None:
    results = [roll("6d6ro1", Rng(f"r{n}")) for n in range(40)]
    assert any(len(re.findall(r"\d+", r.detail.split("(")[1])) > 6 for r in results)
    exploded = [roll("3d6e6", Rng(f"e{n}")) for n in range(60)]
    assert any(r.total > 18 or r.detail.count(",") > 2 for r in exploded)
    commented = roll("1d20+5 sneak attack", Rng("c"))
    assert commented.comment == "sneak attack"
    assert commented.describe("Ann").startswith("Ann rolls (sneak attack): 1d20 (")


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("1001d6", "At most 1,000 dice per roll"),
        ("600d6+600d6", "At most 1,000 dice per roll"),
        ("1d1000001", "at most 1,000,000 sides"),
        ("1" + "+1" * 150, "at most 200 characters"),
        ("1000d6e1", "more than 1,000 dice"),
        ("hello", "I cannot read 'hello' as dice"),
        ("", "Say what to roll"),
        ("1d0", "cannot be made"),
    ],
)
def test_limits_and_garbage_are_refused(expression: str, message: str) -> None:
    rng = Rng("limits")
    with pytest.raises(RuleError, match=re.escape(message)):
        roll(expression, rng)


def test_allowed_extremes_roll() -> None:
    assert 1000 <= roll("1000d6", Rng("a")).total <= 6000
    assert 1 <= roll("1d1000000", Rng("b")).total <= 1_000_000


def test_a_seeded_generator_reproduces_its_rolls() -> None:
    first = [roll("3d6+1", Rng("same", 5)).detail for _ in range(3)]
    rng_a, rng_b = Rng("same"), Rng("same")
    assert [roll("4d6kh3", rng_a).detail for _ in range(20)] == [
        roll("4d6kh3", rng_b).detail for _ in range(20)
    ]
    assert len(set(first)) == 1
    assert rng_a.position == rng_b.position > 0


def test_rng_is_uniform_enough_and_never_out_of_range() -> None:
    rng = Rng("uniform")
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.roll(6) - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts
    assert MAX_DICE == 1000


async def test_chat_rolls_are_seeded_and_listed_in_history(console: Console) -> None:
    records = await run_lines(
        console, "Ann: /roll 2d6+1\nBob: /roll 1d20 init\nAnn: /roll 1d6000000"
    )
    assert channel(records)[0].startswith("Ann rolls: 2d6 (")
    assert channel(records)[1].startswith("Bob rolls (init): 1d20 (")
    assert to(records, "Ann") == ["A die may have at most 1,000,000 sides; try /roll 1d100."]
    history = await run_lines(console, "Cid: /history")
    assert history[0]["text"].splitlines()[1:] == channel(records)


async def test_same_seed_same_rolls_across_referees(tmp_path: Path) -> None:
    from io import StringIO

    from bot.cli import make_referee

    async def rolls(db: str) -> list[str]:
        console = Console(await make_referee(db, seed="42"), out=StringIO(), fmt="jsonl")
        return channel(await run_lines(console, "Ann: /roll 4d6kh3\nAnn: /roll 2d10"))

    assert await rolls(f"sqlite+aiosqlite:///{tmp_path}/a.db") == await rolls(
        f"sqlite+aiosqlite:///{tmp_path}/b.db"
    )


GAME = """
Ann: /new race --goal 6
Bob: /join
Ann: /start
Ann: /roll 3d6
Ann: /step 3
Bob: /draw
Ann: /step 3
Ann: /export
"""


async def test_verify_ok_for_an_untouched_export_and_points_at_a_tampered_action(
    console: Console, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = await run_lines(console, GAME)
    document = json.loads(records[-1]["text"])
    assert document["seed"] and len(document["actions"]) == 4
    good = tmp_path / "good.json"
    good.write_text(json.dumps(document))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.strip() == "OK"

    document["actions"][2]["seat"] = 0  # Bob's draw claimed by Ann
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    assert main(["verify", str(bad)]) == 1
    assert "action #3 (Ann: /draw )" in capsys.readouterr().out

    document = json.loads(good.read_text())
    document["actions"][0]["digest"] = "0" * 64  # the recorded dice result was altered
    bad.write_text(json.dumps(document))
    assert main(["verify", str(bad)]) == 1
    assert "diverges at action #1 (Ann: /dice 3d6)" in capsys.readouterr().out

    document = json.loads(good.read_text())
    document["seed"] = "not-the-seed"
    bad.write_text(json.dumps(document))
    assert main(["verify", str(bad)]) == 1
    assert "does not match the commitment" in capsys.readouterr().out


async def test_export_waits_for_the_end_of_the_game(console: Console) -> None:
    records = await run_lines(console, "\n".join(GAME.strip().splitlines()[:5]) + "\nBob: /export")
    assert to(records, "Bob") == [
        "The export is given when the game is over, so it cannot reveal hidden choices."
    ]
