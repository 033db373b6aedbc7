"""One command = one transaction: claim the update, lock the chat, load its table, route."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.commands.parse import Invocation
from bot.context import Context, SharedHandler, seat_of
from bot.delivery import Delivery
from bot.i18n import Audience, localise_replies, say, supported
from bot.pipeline import begin, bots_owe_a_move, resume_bots
from bot.port import ChatFacts, StoredButtons
from bot.replies import Button, Notice, Private, Public, Refusal, Reply
from bot.timers import TIMEOUTS_TO_BOT, fire, reschedule
from bot.verbs import SHARED, SHARED_NAMES, route
from bot.verbs.dice import inline_title
from bot.verbs.play import game_verb
from games.base import NotYourTurn, Rng, RuleError, copy_state, find_verb
from games.i18n import _
from games.registry import engine_for
from storage.db import read_sessions, sessions
from storage.hot import (
    Deferred,
    HotWriter,
    Recorder,
    Redelivered,
    Stale,
    TableCache,
    UndoneOnError,
    Writes,
    prepare_spare,
)
from storage.models import Chat, GameTable, TableStatus, utcnow
from storage.repository import Repository

log = logging.getLogger(__name__)

STALE_TEXT = _("That button is out of date; the game has moved on, use /status or /hand.")
SWEEP_BATCH = 50
SWEEP_ROUNDS = 100
LEASE = timedelta(minutes=2)
"""How long a sweeper holds a claimed deadline; one that died is picked up after this."""
UPDATES_KEPT = timedelta(days=2)
"""How long a processed update id is kept against redelivery: Telegram holds an unconfirmed update
for 24 hours, a Discord interaction lives 15 minutes."""
BUTTONS_KEPT = timedelta(days=30)
"""How long a set of buttons kept server-side outlives its last posting (a press after that is
told the buttons are gone)."""
TIDY_STEP = 5_000
"""Update ids one sweep walks to forget the old ones: under 10 ms of the database here, and at a
sweep every 5 s, 3.6 million ids an hour: what 1,000 commands a second claim."""
BOTS_PER_COMMAND_SECONDS = 30.0
BOTS_STILL_THINKING = _("The bots are still thinking; any command to this table lets them go on.")


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
    return Private(inv.user_id, inv.user_name, error.message, refusal=reason)


def audience(inv: Invocation, chat: Chat, table: GameTable | None) -> Audience:
    """Who reads this command's replies in which language (see bot.i18n.Audience)."""
    settings = table.settings if table is not None else {}
    options = table.options if table is not None else {}
    return Audience.of_chat(settings, options, chat.settings, inv.user_id, inv.locale)


def failed(inv: Invocation, readers: Audience, *, written: bool) -> list[Reply]:
    """The bot's own failure, called where its error is caught: logged with a reference the
    sender is given. Before the command was written nothing changed (a refusal); once it was
    (a view or a translation failed making its replies) it is done, and the sender hears so."""
    ref = secrets.token_hex(3)
    what = "replies of a written command" if written else "command"
    log.exception("%s failed (ref %s): %s /%s", what, ref, inv.platform, inv.verb)
    if written:
        text = _(
            "Done, but I could not show the result (ref {ref}); /status shows the table.", ref=ref
        )
        reply = Private(inv.user_id, inv.user_name, text, error_ref=ref)
    else:
        text = _(
            "Something went wrong on my side (ref {ref}); nothing was changed. "
            "Please try again or tell the bot's admin the reference.",
            ref=ref,
        )
        reply = Private(inv.user_id, inv.user_name, text, refusal=Refusal.ERROR, error_ref=ref)
    return localise_replies([reply], readers)


def remember_locale(repo: Repository, table: GameTable | None, inv: Invocation) -> None:
    """A seated player's platform locale, kept with the table so that what others' commands
    tell them privately is in their language too."""
    lang = supported(inv.locale)
    if table is None or lang is None or seat_of(table, inv.user_id) is None:
        return
    known = dict(table.settings.get("locales") or {})
    if known.get(inv.user_id) != lang:
        repo.update_settings(table, locales={**known, inv.user_id: lang})


class Referee:
    def __init__(
        self,
        engine: AsyncEngine,
        seeds: Callable[[], str] = Rng.new_seed,
        *,
        board_default: str = "text",
        turn_time: int = 0,
        timeouts_to_bot: int = TIMEOUTS_TO_BOT,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self._engine = engine
        self._sessions = sessions(engine)
        self._reads = read_sessions(engine)
        self.new_seed = seeds
        self.board_default = board_default
        self.turn_time = turn_time  # seconds; the config's default, 0 = no timer
        self.timeouts_to_bot = timeouts_to_bot
        self.clock = clock  # naive UTC; the console swaps in its simulated clock
        self._cache = TableCache()
        self._write = HotWriter(engine)
        self._tidy_after: tuple[str, str] | None = None
        """Where the walk over processed update ids goes on (see `tidy`)."""

    async def close(self) -> None:
        await self._write.close()
        await self._engine.dispose()

    async def handle(self, inv: Invocation) -> list[Reply]:
        """Never raises for a user's input: refusals and failures become replies to the sender.
        Bots that paused at their budget go on in further short transactions."""
        replies, table = await self._command(inv)
        if not bots_owe_a_move(table):  # as at nearly every command: no coroutine for nothing
            return replies
        return replies + await self._bots_go_on(inv, table)

    async def _bots_go_on(self, inv: Invocation, table: GameTable | None) -> list[Reply]:
        replies: list[Reply] = []
        deadline = time.monotonic() + BOTS_PER_COMMAND_SECONDS
        while bots_owe_a_move(table):
            if time.monotonic() > deadline:
                assert table is not None  # bots owe moves only at a table
                readers = Audience.of_chat(
                    table.settings, table.options, {}, inv.user_id, inv.locale
                )
                replies += localise_replies([Public(BOTS_STILL_THINKING)], readers)
                break
            more, table = await self._command(inv, resume=True)
            replies += more
        return replies

    async def _command(
        self, inv: Invocation, *, resume: bool = False
    ) -> tuple[list[Reply], GameTable | None]:
        """One transaction; also the table as it stands after it, to see whether bots owe moves.
        With `resume` it only lets paused bots go on. Every reply leaves in its reader's language."""
        if not resume:
            hot = await self._hot(inv)
            if hot is not None:
                return hot
        heard = [Audience(sender_id=inv.user_id, sender=supported(inv.locale))]
        try:
            async with self._sessions() as session, session.begin():
                repo = Repository(session)
                replies, chat, table = await self._in_transaction(repo, inv, resume, heard)
        except RuleError as error:
            return localise_replies([refusal(inv, error)], heard[-1]), None
        except Exception:
            return failed(inv, heard[-1], written=False), None
        if chat is not None:
            self._cache.keep(chat, table)
        try:
            return localise_replies(replies, heard[-1]), table
        except Exception:
            return failed(inv, heard[-1], written=True), table

    async def _in_transaction(
        self, repo: Repository, inv: Invocation, resume: bool, heard: list[Audience]
    ) -> tuple[list[Reply], Chat | None, GameTable | None]:
        """The slow path's work inside its transaction: the replies, the chat and the table as the
        command leaves them (no chat for a redelivered update); who reads the replies, refusals
        included, is appended to `heard` as soon as it is known."""
        if (
            not resume
            and inv.update_id is not None
            and not await repo.claim_update(inv.platform, inv.update_id)
        ):
            log.info("update %s:%s already processed", inv.platform, inv.update_id)
            return [], None, None
        chat = await repo.lock_chat(inv.platform, inv.chat_id, self.new_seed())
        table = await repo.open_table(inv.platform, inv.chat_id)
        heard.append(audience(inv, chat, table))
        board = chat.settings.get("board") or self.board_default
        if resume:
            if table is None or not bots_owe_a_move(table):
                return [], chat, table
            replies = await resume_bots(begin(repo, table, board))
            await reschedule(repo, table, self.clock(), None)
            return replies, chat, table
        if inv.version is not None and not button_still_good(table, inv):
            raise StaleButton(STALE_TEXT)
        turn_time = chat.settings.get("turn_time", self.turn_time)
        ctx = Context(inv, repo, chat, table, self.new_seed, board, SHARED, turn_time=turn_time)
        replies = await self._route(ctx)
        heard.append(audience(inv, chat, ctx.table or table))
        return replies, chat, ctx.table

    async def _route(self, ctx: Context, to: SharedHandler = route) -> list[Reply]:
        """Route the command (`to` a handler known already); the table's deadlines follow it (a
        new lobby has none), and a seated player's platform language is remembered."""
        table = ctx.table
        version = table.version if table is not None else None
        replies = await to(ctx)
        if table is not None:
            moved = table.version != version
            active = seat_of(table, ctx.inv.user_id) if moved else None
            await reschedule(ctx.repo, table, self.clock(), active)
        remember_locale(ctx.repo, ctx.table, ctx.inv)
        return replies

    async def _hot(self, inv: Invocation) -> tuple[list[Reply], GameTable] | None:
        """A game move at a cached running table, written in one short transaction: its replies
        and the table after it; None when the slow path must take the command (not a game move,
        a refusal, a query needed, the cache stale). A redelivered update gets no replies, as on
        the slow path."""
        entry = self._cache.get(inv.platform, inv.chat_id)
        if entry is None:
            return None
        lock = entry.lock
        await lock.acquire()  # not `async with`: its two coroutines cost more than the lock
        try:
            chat, table = entry.chat, entry.table
            if not self._cache.holds(entry) or not self._hot_move(table, inv):
                return None
            revision = table.revision
            recorder = Recorder(self._write.ratings)
            board = chat.settings.get("board") or self.board_default
            turn_time = chat.settings.get("turn_time", self.turn_time)
            ctx = Context(
                inv, recorder, chat, table, self.new_seed, board, SHARED, turn_time=turn_time
            )
            try:
                with UndoneOnError(table):
                    replies = await self._route(ctx, game_verb)  # as route() would, see _hot_move
                    if ctx.table is not table:
                        raise Deferred("the table closed")
                    writes = Writes(
                        inv.platform,
                        inv.update_id,
                        table,
                        revision,
                        recorder,
                        partial(self._say, replies, inv, chat, table),
                        ahead=partial(prepare_spare, table, copy_state),
                    )
                    if not await self._write(writes):
                        raise Redelivered(inv.update_id)
            except Redelivered:
                log.info("update %s:%s already processed", inv.platform, inv.update_id)
                return [], table
            except Stale:
                self._cache.forget(inv.platform, inv.chat_id)
                return None
            except Exception as error:  # a refusal, a query, a failure: the slow path answers
                log.debug("slow path for /%s: %r", inv.verb, error)
                return None
            table.revision = revision + 1
            self._cache.keep(chat, table)
            assert writes.made is not None  # the move was written: its replies were said
            try:
                said: list[Reply] = writes.made.result()
            except Exception:
                said = failed(inv, audience(inv, chat, table), written=True)
            return said, table
        finally:
            lock.release()

    @staticmethod
    def _say(replies: list[Reply], inv: Invocation, chat: Chat, table: GameTable) -> list[Reply]:
        """A hot move's replies in their readers' words (boards drawn), made while its commit
        syncs, maybe in another thread: it only reads the move's finished objects."""
        return localise_replies(replies, audience(inv, chat, table))

    @staticmethod
    def _hot_move(table: GameTable, inv: Invocation) -> bool:
        """A move of the table's game by its own verb, with no file, no bots owing a move, and a
        button (if any) made for this version: what bot.verbs.route hands to game_verb."""
        game_roll = inv.verb == "roll" and not inv.args  # a bare /roll is the game's own roll
        shared = inv.verb in SHARED_NAMES and not game_roll
        if shared or inv.attachment is not None or bots_owe_a_move(table):
            return False
        if inv.version is not None and inv.version != table.version:
            return False
        declared = find_verb(engine_for(table.game).verbs, inv.verb)
        return declared is not None and not declared.chat

    async def sweep(
        self, platforms: Collection[str] | None = None, *, batch: int = SWEEP_BATCH
    ) -> list[Notice]:
        """Fire every due deadline (of these platforms), each exactly once across processes:
        claim a batch (SKIP LOCKED, with a lease), then fire each under its chat's lock."""
        notices: list[Notice] = []
        for _round in range(SWEEP_ROUNDS):
            now = self.clock()
            async with self._sessions() as session, session.begin():
                claimed = await Repository(session).claim_deadlines(
                    now, now + LEASE, platforms, batch
                )
            if not claimed:
                break
            for deadline_id, platform, chat_id in claimed:
                self._cache.forget(platform, chat_id)
                replies, table = await self._fire(deadline_id, platform, chat_id, now)
                resume = Invocation(platform, chat_id, "", "referee", "timeout")
                replies += await self._bots_go_on(resume, table)
                if replies:
                    notices.append(Notice(platform, chat_id, replies))
        await self.tidy()
        return notices

    async def tidy(self) -> None:
        """Keep the bookkeeping tables bounded: one step of the walk that forgets old update ids,
        and old button sets whenever the walk starts over. By the real clock, which stored them."""
        now = utcnow()
        try:
            async with self._sessions() as session, session.begin():
                repo = Repository(session)
                if self._tidy_after is None:
                    await repo.prune_buttons(now - BUTTONS_KEPT)
                self._tidy_after = await repo.forget_updates(
                    now - UPDATES_KEPT, self._tidy_after, TIDY_STEP
                )
        except Exception:
            log.warning("tidying the database failed; the next sweep tries again", exc_info=True)

    async def _fire(
        self, deadline_id: int, platform: str, chat_id: str, now: datetime
    ) -> tuple[list[Reply], GameTable | None]:
        """One deadline in one transaction under the chat's lock, which makes it exactly once:
        a second process that claimed it too finds it gone or moved."""
        try:
            async with self._sessions() as session, session.begin():
                repo = Repository(session)
                chat = await repo.lock_chat(platform, chat_id, self.new_seed())
                table = await repo.open_table(platform, chat_id)
                row = await repo.deadline(deadline_id)
                if row is None or row.fire_at > now:
                    return [], None  # fired or moved by another process or a command
                if table is None or table.id != row.table_id:
                    await repo.delete_deadlines(row.table_id)
                    return [], None
                board = chat.settings.get("board") or self.board_default
                replies = await fire(
                    repo, table, row, now, board_default=board, timeouts_to_bot=self.timeouts_to_bot
                )
                await reschedule(repo, table, now, None)
                readers = Audience.of_chat(table.settings, table.options, chat.settings)
                return localise_replies(replies, readers), table
        except Exception:
            log.exception(
                "deadline %s of %s:%s failed; retried later", deadline_id, platform, chat_id
            )
            return [], None

    async def seated_humans(self, platform: str, chat_id: str) -> list[tuple[str, str]]:
        """(user id, name) of the humans at the chat's open table (bench/fuzz.py asks)."""
        async with self._reads() as session:
            table = await Repository(session).open_table(platform, chat_id, lock=False)
            if table is None:
                return []
            return [(s.user_id, s.name) for s in table.seats if not s.is_bot and s.user_id]

    async def legal_moves(self, platform: str, chat_id: str, user_id: str) -> list[str]:
        """The commands a seated player may send now (autocomplete); read-only: on SQLite it
        takes no write lock, and a busy database gives no suggestions rather than an error."""
        offered = await self.offered_moves(platform, chat_id, user_id)
        return [command for _shown, command in offered]

    async def offered_moves(
        self, platform: str, chat_id: str, user_id: str, locale: str | None = None
    ) -> list[tuple[str, str]]:
        """(the move as the player reads it, the command it sends) for every legal move, in the
        player's language (the table's, the chat's, else their platform `locale`)."""
        try:
            cached = self._fresh_cached(platform, chat_id)
            if cached is not None:
                return self._offers(*cached, user_id, locale)
            async with self._reads() as session:
                repo = Repository(session)
                table = await repo.open_table(platform, chat_id, lock=False)
                if table is None:
                    return []
                chat = await repo.chat(platform, chat_id)
                return self._offers(chat, table, user_id, locale)
        except Exception:
            log.warning("legal moves unavailable for %s:%s", platform, chat_id, exc_info=True)
            return []

    def _fresh_cached(self, platform: str, chat_id: str) -> tuple[Chat, GameTable] | None:
        """The chat's cached table when the stored row is still its revision (one indexed read on
        SQLite, no thread hop) and no command is changing it now; else None."""
        entry = self._cache.get(platform, chat_id)
        if entry is None or entry.lock.locked():
            return None
        if self._write.stored_revision(entry.table.id) != entry.table.revision:
            return None
        return entry.chat, entry.table

    @staticmethod
    def _offers(
        chat: Chat | None, table: GameTable, user_id: str, locale: str | None
    ) -> list[tuple[str, str]]:
        if table.status != TableStatus.ACTIVE or table.state is None:
            return []
        seat = seat_of(table, user_id)
        if seat is None:
            return []
        readers = Audience.of_chat(
            table.settings,
            table.options,
            chat.settings if chat is not None else {},
            user_id,
            locale,
        )
        lang = readers.of(user_id)
        moves = engine_for(table.game).legal(table.state, seat)
        return [(say(move.shown, lang), move.text) for move in moves]

    async def roll_title(self, platform: str, user_id: str, text: str) -> str:
        """What an inline `@bot TEXT` would roll (a saved name resolved), read-only and without
        rolling; a RuleError says why it cannot be rolled."""
        async with self._reads() as session:
            return await inline_title(Repository(session), platform, user_id, text)

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

    async def board_posted(self, table_id: int, message_id: str | None) -> None:
        """An adapter posted the table's live board anew: later boards edit this message."""
        async with self._sessions() as session, session.begin():
            await Repository(session).set_board_message(table_id, message_id)
        self._cache.forget_table(table_id)

    async def store_buttons(
        self, platform: str, chat_id: str, version: int | None, buttons: Sequence[Sequence[str]]
    ) -> str:
        """Keep buttons too big for the platform server-side; the token names them."""
        async with self._sessions() as session, session.begin():
            return await Repository(session).store_buttons(platform, chat_id, version, buttons)

    async def stored_buttons(
        self, token: str
    ) -> tuple[str, str, int | None, list[tuple[str, str]]] | None:
        """(platform, chat, version, [(label, command)]) of a stored set, None if unknown."""
        async with self._reads() as session:
            found = await Repository(session).button_set(token)
            if found is None:
                return None
            pairs = [(str(label), str(command)) for label, command in found.buttons]
            return found.platform, found.chat_id, found.version, pairs

    async def first_notice(self, platform: str, chat_id: str, key: str) -> bool:
        """True the first time `key` (e.g. a player's closed DMs) is noticed at the chat's open
        table, so the chat is told once per player and game; always True with no table."""
        async with self._sessions() as session, session.begin():
            repo = Repository(session)
            await repo.lock_chat(platform, chat_id, self.new_seed())
            table = await repo.open_table(platform, chat_id)
            if table is None:
                return True
            noticed = list(table.settings.get("noticed") or [])
            if key in noticed:
                return False
            repo.update_settings(table, noticed=[*noticed, key])
            return True

    async def board_message(self, platform: str, chat_id: str) -> str | None:
        """The id of the board message of the chat's latest table (for tests)."""
        async with self._reads() as session:
            table = await Repository(session).last_table(platform, chat_id)
            return table.board_message if table is not None else None

    async def press(self, token: str) -> StoredButtons | None:
        """The stored set a pressed key (or a page turn) names; None once it is gone."""
        found = await self.stored_buttons(token)
        if found is None:
            return None
        platform, chat_id, version, pairs = found
        buttons = tuple(Button(label, command) for label, command in pairs)
        return StoredButtons(platform, chat_id, version, buttons)

    async def chat_facts(self, platform: str, chat_id: str) -> ChatFacts:
        """What an adapter may read of a chat (bot.port.ChatFacts), in one read transaction."""
        async with self._reads() as session:
            repo = Repository(session)
            chat = await repo.chat(platform, chat_id)
            table = await repo.open_table(platform, chat_id, lock=False)
            last = await repo.last_table(platform, chat_id)
            return ChatFacts(
                data=dict(chat.data) if chat is not None else {},
                seats=tuple((s.user_id, s.name, s.is_bot) for s in table.seats) if table else (),
                hidden_information=table is not None and engine_for(table.game).hidden_information,
                board_message=last.board_message if last is not None else None,
                next_deadline=await repo.next_deadline([platform]),
            )

    def delivery(self, platform: str) -> Delivery:
        """The delivery policy for one platform, keeping its facts here."""
        return Delivery(self, platform)
