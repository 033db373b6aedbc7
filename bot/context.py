"""What one command's handler works with: its transaction, the chat, the table, the sender."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.commands.parse import Invocation
from bot.i18n import Audience
from bot.replies import Reply
from games.base import RuleError, Verb
from games.i18n import _
from games.registry import engine_for
from storage.models import TableStatus
from storage.rows import Chat, Table
from storage.work import Work

SharedHandler = Callable[["Context"], Awaitable[list[Reply]]]


@dataclass(frozen=True)
class SharedVerb(Verb[SharedHandler]):
    """A table verb every chat understands (/new, /join, /roll, /help, ...), declared once.
    `aliases` are other names for it (/r for /roll): each gets an entry of its own in SHARED
    (`alias_entries`), so /help, the Telegram menu and the Discord tree list it."""

    aliases: tuple[str, ...] = ()
    alias_of: str = ""  # on an alias's entry: the verb it stands for

    def alias_entries(self) -> tuple[SharedVerb, ...]:
        return tuple(
            replace(
                self,
                name=alias,
                help=_("Short for /{verb}: {help}", verb=self.name, help=self.help),
                aliases=(),
                alias_of=self.name,
            )
            for alias in self.aliases
        )


@dataclass
class Context:
    inv: Invocation
    repo: Work
    chat: Chat
    table: Table | None
    new_seed: Callable[[], str]
    board_default: str  # "auto", "text" or "image": the chat's or config's, a table may override
    shared: Sequence[SharedVerb]  # every shared verb, for /help
    turn_time: int = 0  # seconds per turn unless /new says otherwise: the chat's or config's
    leaderboard_url: Callable[[str, str], str] | None = None
    """A chat's leaderboard page, when a platform bot serves the pages (the console names it
    on its record instead)."""

    @property
    def lang(self) -> str:
        """The language of this command's channel replies (for texts a verb renders itself)."""
        table = self.table
        settings = table.settings if table is not None else {}
        options = table.options if table is not None else {}
        readers = Audience.of_chat(
            settings, options, self.chat.settings, self.inv.user_id, self.inv.locale
        )
        return readers.public()

    def need_table(self, status: TableStatus | None = None) -> Table:
        table = self.table
        if table is None:
            raise RuleError(
                _("There is no table in this chat; open one with /new GAME (see /games).")
            )
        if status is TableStatus.LOBBY and table.status != TableStatus.LOBBY:
            raise RuleError(_("The game has already started; this works only before /start."))
        if status is TableStatus.ACTIVE and table.status != TableStatus.ACTIVE:
            raise RuleError(
                _("The game has not started yet; seat players with /join, then /start.")
            )
        return table

    def need_seat(self, table: Table) -> int:
        seat = seat_of(table, self.inv.user_id)
        if seat is None:
            raise RuleError(
                _("You are not seated at this table; players join with /join before /start.")
            )
        return seat


def seat_of(table: Table, user_id: str) -> int | None:
    for seat in table.seats:
        if seat.user_id == user_id and not seat.is_bot:
            return seat.position
    return None


PICTURE_PLATFORMS = ("discord", "telegram")
"""Platforms read on phones: there a game whose map is the point shows it as a picture."""


def wants_image(table: Table, default: str) -> bool:
    """The table's own `--board` choice, else the chat's or config's default; `auto` is the
    game's own form on the table's platform (a picture of its map on a chat platform)."""
    mode = table.settings.get("board") or default
    if mode == "auto":
        picture = engine_for(table.game).picture(table.options)
        return picture and table.platform in PICTURE_PLATFORMS
    return mode == "image"
