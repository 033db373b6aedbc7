"""What the referee hands an adapter to deliver: channel messages and messages for one player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import View


@dataclass(frozen=True)
class Button:
    """A press sends `command` as if the presser typed it; `version` lets the referee refuse stale ones."""

    label: str
    command: str


@dataclass
class Public:
    text: str
    board: View | None = None
    buttons: tuple[Button, ...] = ()
    outcome: dict[str, Any] | None = None
    file: tuple[str, bytes] | None = None
    version: int | None = None
    image: bool = False  # the table asked for boards as PNG (/new ... --board image)


@dataclass
class Private:
    """For one person: a hand, a pick, a refusal. `refusal` marks an answer to a command they sent."""

    user_id: str
    name: str
    text: str
    board: View | None = None
    buttons: tuple[Button, ...] = ()
    refusal: bool = False
    version: int | None = None
    file: tuple[str, bytes] | None = None
    error_ref: str | None = None
    image: bool = False  # set when the bot itself failed; the log has the traceback


Reply = Public | Private
