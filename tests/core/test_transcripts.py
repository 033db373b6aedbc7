"""Transcripts through the real command line: `paperref console --script FILE --format jsonl`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    script = tmp_path / "papertown.txt"
    script.write_text(
        "Ann: /new papertown\nBob: /join\nAnn: /start\nAnn: /roll\nAnn: /board --image map.png\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--script", str(script), "--seed", "4"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, stdin=subprocess.DEVNULL,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).parents[2])},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    png = (tmp_path / "map.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    assert "(board written to map.png)" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line[:2] in ("A ", "B  ")]
    assert rows and all(len(line) > 20 for line in rows)
