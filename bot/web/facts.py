"""What one page shows of a table, read by the referee for the web: the public view (or one
seat's), whose turn, the logged moves and the outcome. Kept free of aiohttp so the referee can
build it without loading the web server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.commands.parse import Invocation
from bot.i18n import Audience, localise_view, say
from bot.replies import Reply
from bot.upgrades import behind
from bot.web.standings import LeaderboardPage
from games.base import Outcome, View
from games.registry import engine_for
from storage.models import ActionRow, TableStatus
from storage.rows import Chat, Table

LOG_LINES = 30
"""Moves shown under a live board (the newest last)."""


@dataclass(frozen=True)
class TablePage:
    """One reader's picture of a table: `seat` None is a spectator, whose `view` is the public
    one and who is offered no moves."""

    table_id: int
    platform: str
    chat_id: str
    game: str
    title: str
    status: str
    revision: int
    version: int
    """The table's version the page was drawn at: a move tapped on it is a button pressed on
    that board (bot.referee: a stale one is refused, a double tap made once)."""
    seats: tuple[tuple[str, bool], ...]
    """(name, is a bot) of each seat, in order."""
    waiting: tuple[int, ...]
    view: View | None
    seat: int | None
    moves: tuple[tuple[str, str], ...]
    """(the move as the player reads it, its command) for the reader's seat."""
    log: tuple[str, ...]
    outcome: Outcome | None
    lang: str

    @property
    def active(self) -> bool:
        return self.status == TableStatus.ACTIVE


def seat_of_user(table: Table, user_id: str | None) -> int | None:
    """The reader's seat; a bot's seat is nobody's to play from a page."""
    for seat in table.seats:
        if user_id is not None and seat.user_id == user_id and not seat.is_bot:
            return seat.position
    return None


def table_page(
    chat: Chat | None, table: Table, actions: Sequence[ActionRow], user_id: str | None
) -> TablePage:
    """The page's facts for `user_id` (None or not seated: the public's)."""
    readers = Audience.of_chat(
        table.settings, table.options, chat.settings if chat is not None else {}, user_id or ""
    )
    lang = readers.of(user_id) if user_id else readers.public()
    engine = engine_for(table.game)
    seat = seat_of_user(table, user_id)
    state = table.state if table.state is not None and not behind(table) else None
    view = outcome = None
    waiting: list[int] = []
    moves: list[tuple[str, str]] = []
    if state is not None:
        view = localise_view(engine.view(state, seat, figures=True), lang)
        outcome = engine.outcome(state)
        if table.status == TableStatus.ACTIVE:
            waiting = engine.waiting(state)
            if seat is not None:
                moves = [(say(m.shown, lang), m.text) for m in engine.legal(state, seat)]
    return TablePage(
        table_id=table.id,
        platform=table.platform,
        chat_id=table.chat_id,
        game=table.game,
        title=engine.title,
        status=str(table.status),
        revision=int(table.revision or 0),
        version=table.version,
        seats=tuple((s.name, s.is_bot) for s in table.seats),
        waiting=tuple(waiting),
        view=view,
        seat=seat,
        moves=tuple(moves),
        log=tuple(a.summary for a in actions[-LOG_LINES:]),
        outcome=outcome,
        lang=lang,
    )


class WebPort(Protocol):
    """The referee's operations the web pages use: a command as any adapter sends it, the
    read-only picture of a table and its revision (which live updates follow), and a chat's
    leaderboard."""

    async def handle(self, inv: Invocation) -> list[Reply]: ...

    async def table_page(self, table_id: int, user_id: str | None = None) -> TablePage | None: ...

    async def revision(self, table_id: int) -> int | None: ...

    async def export(self, table_id: int) -> dict[str, Any] | None: ...

    async def leaderboard_page(self, platform: str, chat_id: str) -> LeaderboardPage: ...
