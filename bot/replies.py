"""What the referee hands an adapter to deliver: channel messages and messages for one player."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.base import View


class Refusal(enum.Enum):
    """Why a command was refused, so adapters need not read the English sentence."""

    STALE = "stale"  # a button made for an older version of the table
    TURN = "turn"  # the game waits on someone else
    RULE = "rule"  # the rules (or the table's state) forbid it
    ERROR = "error"  # the bot failed; nothing changed, the log has the traceback
    SECRET = "secret"  # a hidden choice typed where the whole chat reads it: made in private


@dataclass(frozen=True)
class Button:
    """A press sends `command` as if the presser typed it; `version` lets the referee refuse stale ones."""

    label: str
    command: str


@dataclass(frozen=True)
class LiveBoard:
    """Marks a Public as the table's board: one message per table in its chat, edited in place.
    `message_id` is where the chat has it now (None: not posted yet); `repost` asks for a new
    message at the bottom (the old one scrolled away, or /board asked), the old one then points
    at it. bot.delivery tells the referee the new id (`Referee.board_posted`)."""

    table_id: int
    message_id: str | None = None
    repost: bool = False
    pin: bool = True

    @property
    def anew(self) -> bool:
        """The adapter will post it as a new message rather than edit one."""
        return self.message_id is None or self.repost


Mention = tuple[str, str]
"""(platform user id, name): the adapter turns the name's first occurrence in the text into a
ping (Discord `<@id>`, a Telegram user link); the console prints the plain name."""


@dataclass
class Public:
    text: str
    board: View | None = None
    buttons: tuple[Button, ...] = ()
    outcome: dict[str, Any] | None = None
    file: tuple[str, bytes] | None = None
    version: int | None = None
    image: bool = False  # the table asked for boards as PNG (/new ... --board image)
    mentions: tuple[Mention, ...] = ()
    html: bool = False  # the text is Telegram HTML, escaped already (a roll in Telegram style)
    live: LiveBoard | None = None  # this is the table's board message (edited, not posted)
    lang: str = "en"  # the language the referee said it in (adapters say their own notes in it)
    turn: int | None = None
    """The table whose turn this report tells of: bot.delivery adds it to that turn's message
    (edited) unless it pings someone, which takes a new message to notify."""
    drawing: Callable[[], View] | None = None
    """The board still to be drawn: `board` holds only its title until the reply is said in its
    reader's language (bot.i18n.localise_reply), which draws it; adapters never see this set."""


@dataclass
class Private:
    """For one person: a hand, a pick, a refusal (`refusal` says why a command they sent failed)."""

    user_id: str
    name: str
    text: str
    board: View | None = None
    buttons: tuple[Button, ...] = ()
    refusal: Refusal | None = None
    version: int | None = None
    file: tuple[str, bytes] | None = None
    error_ref: str | None = None  # set when the bot itself failed; the log has the traceback
    image: bool = False
    html: bool = False  # the text is Telegram HTML, escaped already (a roll in Telegram style)
    shareable: bool = False  # nothing secret (/help, /rules): where no private channel reaches
    # the player, it may be answered in the chat instead
    lang: str = "en"  # the language the referee said it in (adapters say their own notes in it)
    hand: int | None = None
    """The table whose hand (or choice with buttons) this is: one message per player and table
    in their private chat carries live buttons (bot.delivery)."""
    asked: bool = False
    """The player asked for it (/hand): their hand message is edited in place; news of the game
    (a new packet) is posted anew, so it notifies, and the old one loses its buttons."""


Reply = Public | Private


@dataclass
class Unmade(Public):
    """Replies a command left to make: `make` reads only what the command has finished with, so
    the referee has them made while its commit syncs. bot.i18n.localise_replies makes them
    first; adapters never see one."""

    make: Callable[[], list[Reply]] = field(kw_only=True)


@dataclass(frozen=True)
class Notice:
    """Replies nobody asked for (reminders, timeouts) and the chat they belong to."""

    platform: str
    chat_id: str
    replies: list[Reply]
