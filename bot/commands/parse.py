"""Parse `/verb@bot args` lines into verb and argument words; normalise what users send."""

from __future__ import annotations

import re
import shlex
import unicodedata
from dataclasses import dataclass, field

_COMMAND = re.compile(
    r"^/(?P<verb>[A-Za-z][\w-]{0,31})(?:@(?P<bot>\w+))?(?:\s+(?P<rest>.*))?$", re.S
)
MAX_LINE = 2000
MAX_NAME = 64
MAX_WORDS = 100
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"'})
_BLANKS = re.compile(r"[ \t\r\n]+")
"""What separates words for shlex (its `whitespace`), and nothing else: a no-break space is a letter."""


def clean_text(text: str, limit: int = MAX_LINE) -> str:
    """Drop NUL and other control characters (line breaks and tabs stay) and bound the length,
    so every database and every platform sees the same text."""
    if text.isprintable():  # nothing to drop: every control and surrogate is unprintable
        return text[:limit]
    kept = "".join(
        ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs")
    )
    return kept[:limit]


def clean_name(name: str) -> str:
    """A display name on one line, without control characters, at most MAX_NAME characters."""
    return " ".join(clean_text(name).split())[:MAX_NAME].strip() or "Player"


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
    in_the_open: bool = False  # typed where the whole chat reads it (a message in a group)
    version: int | None = None  # the table version a button was made for
    allow_files: bool = False  # only the console may name files on disk
    attachment: tuple[str, str] | None = None  # (name, text) of a file sent with the command
    text: str = ""  # the arguments as typed, line breaks kept (for multi-line input)
    admin: bool = False  # the platform says the sender administers this chat (for /settings)
    locale: str | None = (
        None  # the sender's platform locale (Discord locale, Telegram language_code)
    )

    def __post_init__(self) -> None:
        self.user_name = clean_name(self.user_name)
        self.verb = clean_text(self.verb, 32).lower()
        self.args = [a for a in (clean_text(w, MAX_LINE) for w in self.args[:MAX_WORDS]) if a]
        self.text = clean_text(self.text)


@dataclass(frozen=True)
class ParsedCommand:
    verb: str
    args: list[str]
    addressee: str | None
    text: str = ""


def split_args(text: str) -> list[str]:
    """Words, keeping "double-quoted phrases" together. Apostrophes are letters (Stefano's),
    `#` is not a comment, and an unbalanced quote falls back to plain words."""
    text = text.translate(_QUOTES)
    if '"' not in text:  # no phrase to keep together: shlex would split at its blanks only
        return [word for word in _BLANKS.split(text) if word]
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:
        return text.split()


def parse_command(line: str) -> ParsedCommand | None:
    """None for ordinary chat (not a command); verbs are case-insensitive."""
    text = clean_text(line.strip())
    match = _COMMAND.match(text)
    if not match:
        return None
    rest = match.group("rest") or ""
    return ParsedCommand(match.group("verb").lower(), split_args(rest), match.group("bot"), rest)
