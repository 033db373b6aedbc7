"""What an adapter sees of the referee: six operations (the Referee implements them), so a
platform can change without knowing the referee's insides, and the referee without the platform's;
and what it sees of the web pages (PagesPort)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from bot.commands.parse import Invocation
from bot.replies import Button, Notice, Reply

if TYPE_CHECKING:
    from bot.delivery import Delivery

Deliver = Callable[[str, Sequence[Reply]], Awaitable[None]]
"""How a platform puts a command's replies in the table's chat (a move made on a web page)."""


@dataclass(frozen=True)
class StoredButtons:
    """A set of buttons kept server-side (too big for the platform): a pressed key names the set
    by its token and the button by its index; the set names the table's chat and version."""

    platform: str
    chat_id: str
    version: int | None
    buttons: tuple[Button, ...]


@dataclass(frozen=True)
class ChatFacts:
    """What an adapter may read of a chat: its kept facts, who sits at its open table, whether
    that table's game hides information, where its latest table's board is, and when the
    platform's next turn timer fires (the console moves its simulated clock to it); the open
    table's id."""

    data: Mapping[str, Any]
    seats: tuple[tuple[str | None, str, bool], ...]
    """(user id, name, is a bot) of each seat at the chat's open table."""
    hidden_information: bool
    board_message: str | None
    next_deadline: datetime | None
    game: str | None = None
    """The game of the chat's open table."""
    seated_at: tuple[str, ...] = ()
    """A private chat's user: the chats whose running table seats them (read only for a chat
    with no table of its own)."""
    table_id: int | None = None
    """The chat's open table, which its web page is named by."""

    @property
    def humans(self) -> list[tuple[str, str]]:
        """(user id, name) of the seated humans."""
        return [(user, name) for user, name, bot in self.seats if user and not bot]


class RefereePort(Protocol):
    """The referee's operations an adapter may call; everything else it needs (the live board,
    private messages, stored buttons) is the delivery policy's (`delivery`)."""

    clock: Callable[[], datetime]
    """The time the referee reads (naive UTC); the console sets its simulated clock here."""

    async def handle(self, inv: Invocation) -> list[Reply]:
        """A command, typed or pressed: its replies (never raises for a user's input)."""
        ...

    async def press(self, token: str) -> StoredButtons | None:
        """The stored set a pressed key (or a page turn) names; None once it is gone."""
        ...

    async def offered_moves(
        self, platform: str, chat_id: str, user_id: str, locale: str | None = None
    ) -> list[tuple[str, str]]:
        """(the move as the player reads it, its command) for autocomplete."""
        ...

    async def sweep(self, platforms: Collection[str] | None = None) -> list[Notice]:
        """Due reminders and timeouts, as replies to deliver to their chats."""
        ...

    async def chat_facts(self, platform: str, chat_id: str) -> ChatFacts:
        """The chat's facts (see ChatFacts), read without a lock."""
        ...

    def delivery(self, platform: str) -> Delivery:
        """What to deliver and how, for one platform: the one delivery policy."""
        ...


class PagesPort(Protocol):
    """What an adapter may use of the web pages (bot.web.server.Web): a table's public page, a
    player's own signed link, and where it registers how its platform delivers a page's move."""

    deliverers: dict[str, Deliver]
    """By platform: a move made on a page is delivered to its table's chat by this."""

    def table_url(self, table_id: int) -> str: ...

    def player_url(self, table_id: int, user_id: str, name: str) -> str:
        """A link that signs `user_id` in at this table only, until it expires."""
        ...
