"""Arbitrary text through the console: a reply or silence, never a traceback, and refusals change nothing."""

from __future__ import annotations

import asyncio
import io
import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.adapters.console import Console, read_line
from bot.cli import make_referee
from bot.replies import Private

VERBS = [
    "new", "join", "leave", "addbot", "start", "status", "board", "hand", "undo", "end",
    "history", "export", "help", "rules", "games", "roll", "step", "draw", "pick", "build", "x",
    "steal", "play", "done", "mark", "power", "draft", "deploy", "ready", "army", "place",
    "attack", "move", "tuck", "advance", "mayor", "city", "unit", "keep", "choose",
]  # fmt: skip
words = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)
command_lines = st.builds(
    lambda speaker, verb, args: f"{speaker}: /{verb} {' '.join(args)}",
    st.sampled_from(["Ann", "Bob", "Zed"]),
    st.sampled_from(VERBS),
    st.lists(
        st.one_of(
            words,
            st.sampled_from(["race", "2", "--goal", "1d6", "9999d9", "4", "5", "Bob", "A1", "add"]),
        ),
        max_size=4,
    ),
)
lines = st.one_of(words, command_lines)


@pytest.mark.parametrize(
    ("game", "examples"),
    [("race", 120), ("gotown", 40), ("papertown", 40), ("papertales", 40), ("papercraft", 40),
     ("skylines", 40)],
)  # fmt: skip
def test_any_line_gets_a_reply_or_is_chat_and_refusals_change_nothing(
    tmp_path: Path, game: str, examples: int
) -> None:
    loop = asyncio.new_event_loop()
    referee = loop.run_until_complete(make_referee(f"sqlite+aiosqlite:///{tmp_path}/f.db", "f"))
    chats = itertools.count()

    @settings(max_examples=examples, deadline=None, derandomize=True)
    @given(batch=st.lists(lines, min_size=1, max_size=6))
    def check(batch: list[str]) -> None:
        console = Console(referee, out=io.StringIO(), chat_id=f"fuzz{next(chats)}")
        loop.run_until_complete(_check(console, game, batch))

    try:
        check()
    finally:
        loop.close()


def _is_command(line: str) -> bool:
    _, parsed = read_line(line, "Ann")
    return parsed is not None and parsed.verb != "as"


async def _check(console: Console, game: str, batch: list[str]) -> None:
    for setup in (f"Ann: /new {game}", "Bob: /join", "Ann: /start"):
        await console.line(setup)
    for line in batch:
        before = await console.line("Ann: /status")
        replies = await console.line(line)
        after = await console.line("Ann: /status")
        if _is_command(line):
            assert replies, f"no reply to {line!r}"
        assert not any(isinstance(r, Private) and r.error_ref for r in replies), line
        refused = replies and all(isinstance(r, Private) and r.refusal for r in replies)
        if refused:
            assert [r.text for r in before] == [r.text for r in after], line
    assert console.failures == 0
