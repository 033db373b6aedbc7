"""Parse `/verb@bot args` lines into verb and argument words."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

_COMMAND = re.compile(
    r"^/(?P<verb>[A-Za-z][\w-]{0,31})(?:@(?P<bot>\w+))?(?:\s+(?P<rest>.*))?$", re.S
)
MAX_LINE = 2000


@dataclass
class Invocation:
    """One command from one person in one chat, whatever platform it came from."""

    platform: str
    chat_id: str
    user_id: str
    user_name: str
    verb: str
    args: list[str] = field(default_factory=list)
    update_id: str | None = None
    private: bool = False
    version: int | None = None  # the table version a button was made for
    allow_files: bool = False  # only the console may name files on disk
    text: str = ""  # the arguments as typed, line breaks kept (for multi-line input)


@dataclass(frozen=True)
class ParsedCommand:
    verb: str
    args: list[str]
    addressee: str | None
    text: str = ""


def split_args(text: str) -> list[str]:
    """Words, keeping "quoted phrases" together; unbalanced quotes fall back to plain words."""
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def parse_command(line: str) -> ParsedCommand | None:
    """None for ordinary chat (not a command); verbs are case-insensitive."""
    text = line.strip()[:MAX_LINE]
    match = _COMMAND.match(text)
    if not match:
        return None
    rest = match.group("rest") or ""
    return ParsedCommand(match.group("verb").lower(), split_args(rest), match.group("bot"), rest)
