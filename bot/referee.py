"""One command = one transaction: claim the update, lock the chat, load its table, route."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.commands.parse import Invocation
from bot.context import Context, seat_of
from bot.pipeline import begin, bots_owe_a_move, resume_bots
from bot.replies import Private, Public, Refusal, Reply
from bot.verbs import SHARED, route
from games.base import NotYourTurn, Rng, RuleError
from games.registry import engine_for
from storage.db import read_sessions, sessions
from storage.models import GameTable, TableStatus
from storage.repository import Repository

log = logging.getLogger(__name__)

STALE_TEXT = "That button is out of date; the game has moved on, use /status or /hand."
BOTS_PER_COMMAND_SECONDS = 30.0
BOTS_STILL_THINKING = "The bots are still thinking; any command to this table lets them go on."


class StaleButton(RuleError):
    """A press of a button made for an older version of the table."""


def button_still_good(table: GameTable | None, inv: Invocation) -> bool:
    """A button from an older version still works if its move is still legal for the presser:
    in a simultaneous phase one player's pick must not void everyone else's buttons."""
    if table is None:
        return False
    if table.version == inv.version:
        return True
    seat = seat_of(table, inv.user_id)
    if table.status != TableStatus.ACTIVE or seat is None or table.state is None:
        return False
    command = " ".join(("/" + inv.verb, *inv.args))
    return any(m.text == command for m in engine_for(table.game).legal(table.state, seat))


def refusal(inv: Invocation, error: RuleError) -> Private:
    if isinstance(error, StaleButton):
        reason = Refusal.STALE
    elif isinstance(error, NotYourTurn):
        reason = Refusal.TURN
    else:
        reason = Refusal.RULE
    return Private(inv.user_id, inv.user_name, str(error), refusal=reason)


class Referee:
    def __init__(
        self,
        engine: AsyncEngine,
        seeds: Callable[[], str] = Rng.new_seed,
        *,
        board_default: str = "text",
    ) -> None:
        self._engine = engine
        self._sessions = sessions(engine)
        self._reads = read_sessions(engine)
        self.new_seed = seeds
        self.board_default = board_default

    async def close(self) -> None:
        await self._engine.dispose()

    async def handle(self, inv: Invocation) -> list[Reply]:
        """Never raises for a user's input: refusals and failures become replies to the sender.
        Bots that paused at their budget go on in further short transactions."""
        replies, table = await self._command(inv)
        deadline = time.monotonic() + BOTS_PER_COMMAND_SECONDS
        while bots_owe_a_move(table):
            if time.monotonic() > deadline:
                replies.append(Public(BOTS_STILL_THINKING))
                break
            more, table = await self._command(inv, resume=True)
            replies += more
        return replies

    async def _command(
        self, inv: Invocation, *, resume: bool = False
    ) -> tuple[list[Reply], GameTable | None]:
        """One transaction; also the table as it stands after it, to see whether bots owe moves.
        With `resume` it only lets paused bots go on."""
        try:
            async with self._sessions() as session, session.begin():
                repo = Repository(session)
                if (
                    not resume
                    and inv.update_id is not None
                    and not await repo.claim_update(inv.platform, inv.update_id)
                ):
                    log.info("update %s:%s already processed", inv.platform, inv.update_id)
                    return [], None
                chat = await repo.lock_chat(inv.platform, inv.chat_id, self.new_seed())
                table = await repo.open_table(inv.platform, inv.chat_id)
                if resume:
                    if table is None or not bots_owe_a_move(table):
                        return [], None
                    return await resume_bots(begin(repo, table, self.board_default)), table
                if inv.version is not None and not button_still_good(table, inv):
                    raise StaleButton(STALE_TEXT)
                ctx = Context(inv, repo, chat, table, self.new_seed, self.board_default, SHARED)
                return await route(ctx), ctx.table
        except RuleError as error:
            return [refusal(inv, error)], None
        except Exception:
            ref = secrets.token_hex(3)
            log.exception("command failed (ref %s): %s /%s", ref, inv.platform, inv.verb)
            text = (
                f"Something went wrong on my side (ref {ref}); nothing was changed. "
                "Please try again or tell the bot's admin the reference."
            )
            reply = Private(inv.user_id, inv.user_name, text, refusal=Refusal.ERROR, error_ref=ref)
            return [reply], None

    async def seated_humans(self, platform: str, chat_id: str) -> list[tuple[str, str]]:
        """(user id, name) of the humans at the chat's open table, for adapters that must reach them."""
        async with self._reads() as session:
            table = await Repository(session).open_table(platform, chat_id, lock=False)
            if table is None:
                return []
            return [(s.user_id, s.name) for s in table.seats if not s.is_bot and s.user_id]

    async def legal_moves(self, platform: str, chat_id: str, user_id: str) -> list[str]:
        """The commands a seated player may send now (autocomplete); read-only: on SQLite it
        takes no write lock, and a busy database gives no suggestions rather than an error."""
        try:
            async with self._reads() as session:
                table = await Repository(session).open_table(platform, chat_id, lock=False)
                if table is None or table.status != TableStatus.ACTIVE or table.state is None:
                    return []
                seat = seat_of(table, user_id)
                if seat is None:
                    return []
                moves = engine_for(table.game).legal(table.state, seat)
                return [move.text for move in moves]
        except Exception:
            log.warning("legal moves unavailable for %s:%s", platform, chat_id, exc_info=True)
            return []

    async def chat_data(self, platform: str, chat_id: str) -> dict[str, Any]:
        async with self._reads() as session:
            chat = await Repository(session).chat(platform, chat_id)
            return dict(chat.data) if chat is not None else {}

    async def update_chat_data(self, platform: str, chat_id: str, **values: Any) -> None:
        """Adapters keep small per-chat facts here (e.g. that a user has started the bot)."""
        async with self._sessions() as session, session.begin():
            repo = Repository(session)
            repo.update_chat_data(
                await repo.lock_chat(platform, chat_id, self.new_seed()), **values
            )
