"""What every adapter shares: button payloads, message splitting, reading a refusal's reason."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.replies import Mention, Private, Refusal, Reply

T = TypeVar("T")
SWEEP_SECONDS = 5.0
"""How often a platform adapter asks the referee for due deadlines (reminders, timeouts)."""
DRAIN_SECONDS = 15.0
"""How long the updates an adapter took may take to finish at a stop (the process exits within
30 s); any still running then is cancelled."""


async def drain(
    tasks: Collection[asyncio.Task[Any]], seconds: float = DRAIN_SECONDS
) -> tuple[int, int]:
    """Wait for the work taken (updates, replies going out), at most `seconds`, then cancel what
    still runs: the counts finished and cancelled."""
    if not tasks:
        return 0, 0
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return len(done), len(pending)


@dataclass(frozen=True)
class Press:
    """What a button carries: the table version it was made for, the table's chat, the command."""

    version: int | None
    chat_ref: str
    command: str


def encode_press(
    command: str, version: int | None, chat_ref: str = "", limit: int = 64
) -> str | None:
    """`v12|CHAT|/build 4 5`; None when it does not fit the platform's `limit` in bytes."""
    data = f"v{'' if version is None else version}|{chat_ref}|{command}"
    return data if len(data.encode()) <= limit else None


def decode_press(data: str) -> Press | None:
    parts = data.split("|", 2)
    if len(parts) != 3 or not parts[0].startswith("v") or not parts[2].startswith("/"):
        return None
    version, chat_ref, command = parts
    try:
        number = int(version[1:]) if version[1:] else None
        if chat_ref:
            split_chat(chat_ref)
    except ValueError:
        return None
    return Press(number, chat_ref, command)


def table_chat(chat_id: int | str, thread: int | None = None) -> str:
    """The chat a table lives in: a chat, or one topic of a forum (`CHAT:THREAD`)."""
    return f"{chat_id}:{thread}" if thread else str(chat_id)


def split_chat(chat: str) -> tuple[int, int | None]:
    """`CHAT` or `CHAT:THREAD` as numbers; ValueError for anything else."""
    head, _, thread = chat.partition(":")
    return int(head), (int(thread) if thread else None)


STORED = "t:"
"""Callback data of a stored button: `t:TOKEN:INDEX` (the set's chat, version and commands
are kept server-side); `k:TOKEN:PAGE` turns a stored keyboard's page."""
PAGE = "k:"


def stored_data(prefix: str, token: str, number: int) -> str:
    return f"{prefix}{token}:{number}"


def read_stored(data: str, prefix: str) -> tuple[str, int] | None:
    """(token, number) of `t:TOKEN:N` or `k:TOKEN:N`; None for anything else."""
    if not data.startswith(prefix):
        return None
    token, _, number = data[len(prefix) :].rpartition(":")
    if not token or not (number.isascii() and number.isdigit()):
        return None
    return token, int(number)


def page_of(items: Sequence[T], page: int, size: int) -> tuple[list[tuple[int, T]], int, int]:
    """The items of one page with their indices, the page actually shown, and the page count."""
    pages = max(1, -(-len(items) // size))
    page = min(max(page, 0), pages - 1)
    start = page * size
    return list(enumerate(items))[start : start + size], page, pages


def is_stale(reply: Reply) -> bool:
    """A refusal of a button made for an older version of the table."""
    return isinstance(reply, Private) and reply.refusal is Refusal.STALE


def split_message(text: str, limit: int, measure: Callable[[str], int] = len) -> list[str]:
    """Split at line breaks so each part fits a platform's limit as `measure` counts it;
    overlong lines are cut hard."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while measure(line) > limit:
            if current:
                parts.append(current)
                current = ""
            cut = _within(line, limit, measure)
            parts.append(line[:cut])
            line = line[cut:]
        candidate = f"{current}\n{line}" if current else line
        if measure(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current or not parts:
        parts.append(current)
    return parts


def _within(line: str, limit: int, measure: Callable[[str], int]) -> int:
    """How many characters of the line's start fit `limit` (at least one)."""
    cut = min(len(line), limit)
    while cut > 1 and measure(line[:cut]) > limit:
        cut -= 1
    return cut


_COLUMNS = re.compile(r"\S {2,}\S|^\s*-{3,}(\s+-{3,})+\s*$")


def column_runs(text: str) -> list[tuple[bool, str]]:
    """The text as runs of lines: (True, a table whose columns line up: words two or more
    spaces apart), (False, other lines; a line with a link is never a table)."""
    runs: list[tuple[bool, list[str]]] = []
    for line in text.split("\n"):
        table = bool(_COLUMNS.search(line)) and "<a " not in line
        if runs and runs[-1][0] == table:
            runs[-1][1].append(line)
        else:
            runs.append((table, [line]))
    return [(table, "\n".join(lines)) for table, lines in runs]


def set_columns(text: str, wrap: Callable[[str], str]) -> str:
    """Tables wrapped by `wrap` (a code block, <pre>) so a proportional font does not scramble
    their columns; other lines as they are."""
    return "\n".join(wrap(run) if table else run for table, run in column_runs(text))


def pack_pieces(
    pieces: Sequence[str], limit: int, measure: Callable[[str], int] = len
) -> list[str]:
    """Consecutive pieces joined by line breaks into as few messages as the limit allows."""
    parts: list[str] = []
    for piece in pieces:
        if parts and measure(f"{parts[-1]}\n{piece}") <= limit:
            parts[-1] = f"{parts[-1]}\n{piece}"
        else:
            parts.append(piece)
    return parts


def with_mentions(
    text: str,
    mentions: tuple[Mention, ...],
    render: Callable[[str, str], str],
    escape: Callable[[str], str] = lambda part: part,
) -> str:
    """The text (escaped for the platform) with each mentioned name's first whole-word
    occurrence as the platform's ping, `render(id, escaped name)`; a missing name goes in front."""
    text = escape(text)
    for user_id, name in mentions:
        shown = escape(name)
        found = re.search(rf"(?<!\w){re.escape(shown)}(?!\w)", text)
        ping = render(user_id, shown)
        if found is None:
            text = f"{ping} {text}"
        else:
            text = text[: found.start()] + ping + text[found.end() :]
    return text
