"""Transcripts through the real command line: `paperref console --script FILE --format jsonl`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot.render.text import PHONE_COLUMNS, width

TRANSCRIPTS = Path(__file__).parent.parent / "transcripts"


def run_script(name: str, seed: str, tmp_path: Path) -> tuple[int, list[dict]]:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--script", str(TRANSCRIPTS / name),
         "--seed", seed, "--format", "jsonl"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, stdin=subprocess.DEVNULL,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).parents[2])},
    )  # fmt: skip
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]


def run_text(script: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """A script through `paperref console` in its text format (seed 4)."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--script", str(path), "--seed", "4"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, stdin=subprocess.DEVNULL,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).parents[2])},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done


def test_gotown_one_human_two_bots_plays_to_the_end(tmp_path: Path) -> None:
    status, records = run_script("gotown_one_human_two_bots.txt", "7", tmp_path)
    assert status == 0
    endings = [r for r in records if "outcome" in r]
    assert len(endings) == 1
    outcome = endings[0]["outcome"]
    assert len(outcome["winners"]) == 1
    assert outcome["scores"][outcome["winners"][0]] == 5
    assert endings[0]["to"] == "channel"
    hands = [r for r in records if r["to"] == "Ann" and "board" in r]
    assert hands and "Your hand:" in hands[0]["board"]


def test_the_same_seed_gives_the_same_transcript(tmp_path: Path) -> None:
    first = run_script("gotown_one_human_two_bots.txt", "11", tmp_path)
    second = run_script("gotown_one_human_two_bots.txt", "11", tmp_path)
    assert first == second


def test_board_image_writes_a_png_and_the_console_shows_the_emoji_map(tmp_path: Path) -> None:
    done = run_text(
        "Ann: /new papertown\nBob: /join\nAnn: /start\nAnn: /roll\nAnn: /board --image map.png\n",
        tmp_path,
    )
    png = (tmp_path / "map.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    assert "(board written to map.png)" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line[:2] in ("A ", "B ")]
    mapped = [line for line in rows if "⬛" in line or "🟩" in line or "🪨" in line]
    assert len(mapped) >= 4 and all(width(line) <= PHONE_COLUMNS for line in mapped)  # in bands


def test_turn_timer_reminds_times_out_hands_over_and_verifies(tmp_path: Path) -> None:
    status, records = run_script("gotown_turn_timer.txt", "3", tmp_path)
    assert status == 0
    said = [r["text"] for r in records if r["to"] == "channel" and r["text"]]
    assert any(t.startswith("GoTown starts: Ann, Bob.") for t in said)
    reminder = next(r for r in records if "waiting for you" in r["text"])
    assert reminder["mentions"] == ["Ann"]
    assert reminder["text"] == "Ann, GoTown is waiting for you; a bot moves for you in 1m."
    said = [line for text in said for line in text.split("\n")]
    timeouts = [t for t in said if "time is up" in t]
    assert timeouts == [
        "Ann's time is up; a bot moves for them.",
        "Ann's time is up again (2 turns in a row); a bot plays their seat for the rest of "
        "the game.",
        "Bob's time is up; a bot moves for them.",
        "Bob's time is up again (2 turns in a row); a bot plays their seat for the rest of "
        "the game.",
    ]
    first = said.index(timeouts[0])
    assert said[first + 1].startswith("Ann "), "the bot's move for Ann follows at once"
    at = said.index(next(t for t in said if t.startswith("GoTown, version")))
    assert said[at + 1 : at + 3] == ["1. Ann (bot)", "2. Bob <- to act"]
    assert any("outcome" in r for r in records)
    [exported] = [r["text"] for r in records if r["text"].startswith("{")]
    export = json.loads(exported)
    assert {a.get("cause") for a in export["actions"]} == {"timeout", "bot", None}
    # a bot that keeps a timed-out human's seat moves as "bot", never under the human's name
    path = tmp_path / "export.json"
    path.write_text(exported)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "verify", str(path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, stdin=subprocess.DEVNULL,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).parents[2])},
    )  # fmt: skip
    assert (done.returncode, done.stdout.strip()) == (0, "OK")


def test_twenty_moves_post_at_most_twenty_messages_and_edit_one_board(tmp_path: Path) -> None:
    status, records = run_script("gotown_two_players_20_moves.txt", "5", tmp_path)
    assert status == 0
    said = [r for r in records if r["to"] == "channel"]
    assert all(isinstance(r["message"], str) and isinstance(r["edit"], bool) for r in said)
    first_move = next(i for i, r in enumerate(said) if r["text"].startswith("Ann ends the turn"))
    posted = [r for r in said[first_move:] if not r["edit"]]
    assert len(posted) <= 20, [r["text"] for r in posted]
    boards = [r for r in said if "board" in r]
    [board_id] = {r["message"] for r in boards}
    assert boards[0]["edit"] is False and all(r["edit"] for r in boards[1:])
    assert len(boards) == 3 + 20, "the board was edited after every command"
    assert boards[-1]["board"].startswith("GoTown: Ann to play.")
    assert not any(r["message"] == board_id for r in posted), "moves never repost the board"


def test_the_text_format_prints_a_board_edit_as_an_edit(tmp_path: Path) -> None:
    done = run_text("Ann: /new gotown\nBob: /join\n", tmp_path)
    lines = done.stdout.splitlines()
    edit = lines.index("[message 1 edited]")
    assert lines[edit - 1] == "Bob joins (2 seated)."
    assert lines[edit + 1 :] == ["GoTown: waiting for players.", "1. Ann", "2. Bob"]
