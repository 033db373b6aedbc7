"""One command = one unit of work: load the chat's table, route once, run, commit, say."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.commands.parse import Invocation
from bot.context import Context, seat_of
from bot.delivery import Delivery
from bot.i18n import Audience, localise_replies, say, supported
from bot.ops.meter import measured, meter
from bot.pipeline import begin, bots_owe_a_move, resume_bots
from bot.port import ChatFacts, StoredButtons
from bot.presenting import Helper, Presenting
from bot.replies import Button, Notice, Private, Public, Refusal, Reply
from bot.timers import TIMEOUTS_TO_BOT, fire, reschedule
from bot.upgrades import behind, refuse_behind, upgraded
from bot.verbs import SHARED, route
from bot.verbs.dice import inline_title
from bot.verbs.info import export_document
from bot.verbs.play import InTheOpen
from bot.web.facts import LOG_LINES, TablePage, table_page
from bot.web.standings import LeaderboardPage, leaderboard_page
from games.base import NotYourTurn, Rng, RuleError
from games.i18n import _
from games.registry import engine_for
from storage.models import TableStatus, utcnow
from storage.rows import Chat, Table
from storage.store import Commit, Loaded, Store
from storage.upkeep import Upkeep
from storage.work import Work
from storage.writing import Stale

log = logging.getLogger(__name__)

STALE_TEXT = _("That button is out of date; the game has moved on, use /status or /hand.")
PRESSED_TWICE_TEXT = _(
    "You pressed that already and its move was made once; to make it again, press it on the "
    "updated board."
)
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
ATTEMPTS = 5
"""Runs of one command whose commit found a row it read moved on (another process wrote it)."""
BOTS_PER_COMMAND_SECONDS = 30.0
BOTS_STILL_THINKING = _("The bots are still thinking; any command to this table lets them go on.")


class StaleButton(RuleError):
    """A press of a button made for an older version of the table."""


class PressedTwice(StaleButton):
    """The presser's last press again, on the board it was made on (a double tap)."""


def pressed(inv: Invocation) -> list[Any]:
    """A press as a table's settings keep it (JSON): the version its button was made for and
    its command."""
    return [inv.version, " ".join(("/" + inv.verb, *inv.args))]


def button_still_good(table: Table | None, inv: Invocation) -> bool:
    """A button from an older version still works if its move is still legal for the presser:
    in a simultaneous phase one player's pick must not void everyone else's buttons."""
    if table is None:
        return False
    if table.version == inv.version:
        return True
    if inv.version is None or inv.version < int(table.settings.get("first_version") or 0):
        return False  # made for an earlier table of this chat
    if inv.version > table.version:
        return False  # no button is made for a version to come: a forged one
    seat = seat_of(table, inv.user_id)
    if table.status != TableStatus.ACTIVE or seat is None or table.state is None:
        return False
    command = pressed(inv)[1]
    return any(m.text == command for m in engine_for(table.game).legal(table.state, seat))


def pressed_twice(table: Table, inv: Invocation) -> bool:
    """Whether the presser's last press that moved the table was this one: the same button of
    the same board, pressed again before the board changed (a move still legal is made once)."""
    last = (table.settings.get("pressed") or {}).get(inv.user_id)
    return table.version != inv.version and last == pressed(inv)


def refusal(inv: Invocation, error: RuleError) -> Private:
    if isinstance(error, StaleButton):
        reason = Refusal.STALE
    elif isinstance(error, InTheOpen):
        reason = Refusal.SECRET
    elif isinstance(error, NotYourTurn):
        reason = Refusal.TURN
    else:
        reason = Refusal.RULE
    return Private(inv.user_id, inv.user_name, error.message, refusal=reason)


def audience(inv: Invocation, chat: Chat, table: Table | None) -> Audience:
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


def remember_locale(repo: Work, table: Table | None, inv: Invocation) -> None:
    """A seated player's platform locale, kept with the table so that what others' commands
    tell them privately is in their language too."""
    lang = supported(inv.locale)
    if table is None or lang is None or seat_of(table, inv.user_id) is None:
        return
    known = dict(table.settings.get("locales") or {})
    if known.get(inv.user_id) != lang:
        repo.update_settings(table, locales={**known, inv.user_id: lang})


Run = Callable[[Work, Loaded], Awaitable[tuple[list[Reply], Table | None]]]
"""A unit's work on the chat's rows as loaded: its replies and the table it leaves."""


class Referee:
    """Every command takes one path: load the chat's table (the cache in front, else the rows),
    route once, run, commit the unit of work (checked against the revisions read; a stale read
    runs it again), say the replies."""

    def __init__(
        self,
        engine: AsyncEngine,
        seeds: Callable[[], str] = Rng.new_seed,
        *,
        board_default: str = "auto",
        turn_time: int = 0,
        timeouts_to_bot: int = TIMEOUTS_TO_BOT,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.store = Store(engine)
        self.helper = Helper()
        """Replies made while a commit syncs."""
        self.new_seed = seeds
        self.board_default = board_default
        self.turn_time = turn_time  # seconds; the config's default, 0 = no timer
        self.timeouts_to_bot = timeouts_to_bot
        self.clock = clock  # naive UTC; the console swaps in its simulated clock
        self.leaderboard_url: Callable[[str, str], str] | None = None
        """Set where platform bots serve the web pages: /leaderboard links the chat's page."""
        self._tidy_after: tuple[str, str] | None = None
        """Where the walk over processed update ids goes on (see `tidy`)."""

    async def close(self) -> None:
        await self.store.close()
        self.helper.close()

    @measured
    async def handle(self, inv: Invocation) -> list[Reply]:
        """Never raises for a user's input: refusals and failures become replies to the sender.
        Bots that paused at their budget go on in further short units."""
        replies, table = await self._command(inv)
        if not bots_owe_a_move(table):  # as at nearly every command: no coroutine for nothing
            return replies
        return replies + await self._bots_go_on(inv, table)

    async def _bots_go_on(self, inv: Invocation, table: Table | None) -> list[Reply]:
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
    ) -> tuple[list[Reply], Table | None]:
        """One command (with `resume`: only paused bots going on) as one unit; also the table as
        it stands after it, to see whether bots owe moves."""
        update = None if resume or inv.update_id is None else (inv.platform, inv.update_id)
        run = partial(self._resume if resume else self._route, inv)
        return await self._unit(inv, run, update)

    async def _unit(
        self, inv: Invocation, run: Run, update: tuple[str, str] | None = None
    ) -> tuple[list[Reply], Table | None]:
        """Load, run, commit, say: the one path. A refusal is judged once and writes nothing;
        a stale read runs the unit again from fresh rows. Every reply leaves in its reader's
        language (refusals too, once the readers are known)."""
        key = (inv.platform, inv.chat_id)
        heard = Audience(sender_id=inv.user_id, sender=supported(inv.locale))
        for _attempt in range(ATTEMPTS):
            await self.store.locks.acquire(key)
            try:
                loaded = await self.store.load(inv.platform, inv.chat_id, self.new_seed)
                work = self.store.work(loaded)
                if not loaded.cached:  # after the work watches the table: an upgrade is written
                    await upgraded(loaded.table, self.store.queries.actions)
                work.update = update
                try:
                    replies, table = await run(work, loaded)
                except RuleError as error:
                    if not await self.store.fresh(loaded):
                        continue  # judged on a copy another process has moved past
                    if update is not None and not await self.store.commit(
                        Commit(Work.claim(self.store.queries, loaded.chat, update))
                    ):
                        return [], None  # a redelivery is answered once, whatever it was
                    heard = audience(inv, loaded.chat, loaded.table)
                    return localise_replies([refusal(inv, error)], heard), None
                heard = audience(inv, loaded.chat, table or loaded.table)
                presenting = Presenting(self.helper, partial(localise_replies, replies, heard))
                commit = Commit(work, presenting.while_syncing)
                if not work.touches_a_table() and not await self.store.fresh(loaded):
                    continue  # a read of a copy another process has moved past
                if work.empty() and update is None:
                    written = True  # nothing to write: said on the loop
                else:
                    written = await self.store.commit(commit)
            except Stale:
                log.info("%s:%s moved on meanwhile; /%s runs again", *key, inv.verb)
                continue
            except Exception:
                return failed(inv, heard, written=False), None
            finally:
                self.store.locks.release(key)
            if not written:
                log.info("update %s:%s already processed", inv.platform, inv.update_id)
                return [], None
            self.store.keep(loaded.chat, table)
            return await _said(presenting, inv, heard), table
        log.warning("%s:%s kept moving; /%s gave up", *key, inv.verb)
        return failed(inv, heard, written=False), None

    async def _route(
        self, inv: Invocation, work: Work, loaded: Loaded
    ) -> tuple[list[Reply], Table | None]:
        """The command routed once; the table's deadlines follow it (a new lobby has none), and
        a seated player's platform language is remembered."""
        chat, table = loaded.chat, loaded.table
        refuse_behind(table, inv.verb)
        if inv.version is not None and table is not None and pressed_twice(table, inv):
            raise PressedTwice(PRESSED_TWICE_TEXT)
        if inv.version is not None and not button_still_good(table, inv):
            raise StaleButton(STALE_TEXT)
        board = chat.settings.get("board") or self.board_default
        turn_time = chat.settings.get("turn_time", self.turn_time)
        ctx = Context(
            inv,
            work,
            chat,
            table,
            self.new_seed,
            board,
            SHARED,
            turn_time=turn_time,
            leaderboard_url=self.leaderboard_url,
        )
        version = table.version if table is not None else None
        replies = await route(ctx)
        if table is not None:
            moved = table.version != version
            active = seat_of(table, inv.user_id) if moved else None
            await reschedule(work, table, self.clock(), active)
            if moved and inv.version is not None:
                presses = table.settings.get("pressed") or {}
                work.update_settings(table, pressed={**presses, inv.user_id: pressed(inv)})
        remember_locale(work, ctx.table, inv)
        return replies, ctx.table

    async def _resume(
        self, inv: Invocation, work: Work, loaded: Loaded
    ) -> tuple[list[Reply], Table | None]:
        table = loaded.table
        if table is None or not bots_owe_a_move(table):
            return [], table
        board = loaded.chat.settings.get("board") or self.board_default
        replies = await resume_bots(begin(work, table, board))
        await reschedule(work, table, self.clock(), None)
        return replies, table

    async def sweep(
        self, platforms: Collection[str] | None = None, *, batch: int = SWEEP_BATCH
    ) -> list[Notice]:
        """Fire every due deadline (of these platforms), each exactly once across processes:
        claim a batch (SKIP LOCKED, with a lease), then fire each as a unit of its chat."""
        notices: list[Notice] = []
        due = 0
        for _round in range(SWEEP_ROUNDS):
            now = self.clock()
            earliest = await self.store.queries.next_deadline(platforms)
            if earliest is None or earliest > now:
                break  # nothing due: no write transaction (on SQLite no write lock) at all
            async with self.store.upkeep() as session, session.begin():
                claimed = await Upkeep(session).claim_deadlines(now, now + LEASE, platforms, batch)
            if not claimed:
                break
            due += len(claimed)
            for deadline_id, platform, chat_id in claimed:
                resume = Invocation(platform, chat_id, "", "referee", "timeout")
                replies, table = await self._unit(resume, partial(self._fire, deadline_id, now))
                replies += await self._bots_go_on(resume, table)
                replies = [r for r in replies if not (isinstance(r, Private) and not r.user_id)]
                # a failure (logged, retried at the next sweep) is nobody's to read
                if replies:
                    notices.append(Notice(platform, chat_id, replies))
        meter().timers_due(due)
        await self.tidy()
        return notices

    async def tidy(self) -> None:
        """Keep the bookkeeping tables bounded: one step of the walk that forgets old update ids,
        and old button sets whenever the walk starts over. By the real clock, which stored them."""
        now = utcnow()
        try:
            async with self.store.upkeep() as session, session.begin():
                upkeep = Upkeep(session)
                if self._tidy_after is None:
                    await upkeep.prune_buttons(now - BUTTONS_KEPT)
                self._tidy_after = await upkeep.forget_updates(
                    now - UPDATES_KEPT, self._tidy_after, TIDY_STEP
                )
        except Exception:
            log.warning("tidying the database failed; the next sweep tries again", exc_info=True)

    async def _fire(
        self, deadline_id: int, now: datetime, work: Work, loaded: Loaded
    ) -> tuple[list[Reply], Table | None]:
        """One deadline as a unit of its chat: it touches the table, so of two processes that
        claimed it, the second finds the row moved, runs again and finds the deadline gone."""
        table = loaded.table
        row = await self.store.queries.deadline(deadline_id)
        if row is None or row.fire_at > now:
            return [], table  # fired or moved by another process or a command
        if table is None or table.id != row.table_id or behind(table):
            await work.delete_deadlines(row.table_id)  # no turn to time: only /end is left
            return [], table
        board = loaded.chat.settings.get("board") or self.board_default
        replies = await fire(
            work, table, row, now, board_default=board, timeouts_to_bot=self.timeouts_to_bot
        )
        await reschedule(work, table, now, None)
        work.touch(table)
        return replies, table

    async def next_deadline(self, platforms: Collection[str] | None = None) -> datetime | None:
        """When the earliest deadline fires (tests; the console reads it in chat_facts)."""
        return await self.store.queries.next_deadline(platforms)

    async def _open_table(self, platform: str, chat_id: str) -> Table | None:
        cached = self.store.cached(platform, chat_id)
        if cached is not None:
            return cached.table
        table = await self.store.queries.open_table(platform, chat_id)
        await upgraded(table, self.store.queries.actions)
        return table

    async def seated_humans(self, platform: str, chat_id: str) -> list[tuple[str, str]]:
        """(user id, name) of the humans at the chat's open table (bench/fuzz.py asks)."""
        table = await self._open_table(platform, chat_id)
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
            cached = self.store.cached(platform, chat_id)
            if cached is not None:
                return self._offers(cached.chat, cached.table, user_id, locale)
            table = await self._open_table(platform, chat_id)
            if table is None:
                return []
            chat = await self.store.queries.chat(platform, chat_id)
            return self._offers(chat, table, user_id, locale)
        except Exception:
            log.warning("legal moves unavailable for %s:%s", platform, chat_id, exc_info=True)
            return []

    @staticmethod
    def _offers(
        chat: Chat | None, table: Table, user_id: str, locale: str | None
    ) -> list[tuple[str, str]]:
        if table.status != TableStatus.ACTIVE or table.state is None or behind(table):
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
        return await inline_title(self.store.queries, platform, user_id, text)

    async def chat_data(self, platform: str, chat_id: str) -> dict[str, Any]:
        chat = await self.store.queries.chat(platform, chat_id)
        return dict(chat.data) if chat is not None else {}

    async def update_chat_data(self, platform: str, chat_id: str, **values: Any) -> None:
        """Adapters keep small per-chat facts here (e.g. that a user has started the bot)."""

        async def run(work: Work, loaded: Loaded) -> tuple[list[Reply], Table | None]:
            work.update_chat_data(loaded.chat, **values)
            return [], loaded.table

        await self._unit(Invocation(platform, chat_id, "", "referee", "data"), run)

    async def board_posted(self, table_id: int, message_id: str | None) -> None:
        """An adapter posted the table's live board anew: later boards edit this message."""
        await self.store.set_board_message(table_id, message_id)

    async def posted_below(self, table_id: int) -> None:
        """An adapter posted a report its command counted as an edit (its turn's message was
        forgotten, or full): the board's count of messages below it takes it in."""
        await self.store.count_below_board(table_id)

    async def store_buttons(
        self, platform: str, chat_id: str, version: int | None, buttons: Sequence[Sequence[str]]
    ) -> str:
        """Keep buttons too big for the platform server-side; the token names them."""
        rows = [list(button) for button in buttons]
        return await self.store.store_buttons(platform, chat_id, version, rows)

    async def stored_buttons(
        self, token: str
    ) -> tuple[str, str, int | None, list[tuple[str, str]]] | None:
        """(platform, chat, version, [(label, command)]) of a stored set, None if unknown."""
        found = await self.store.queries.button_set(token)
        if found is None:
            return None
        pairs = [(str(label), str(command)) for label, command in found.buttons]
        return found.platform, found.chat_id, found.version, pairs

    async def first_notice(self, platform: str, chat_id: str, key: str) -> bool:
        """True the first time `key` (e.g. a player's closed DMs) is noticed at the chat's open
        table, so the chat is told once per player and game; always True with no table."""
        first = [True]

        async def run(work: Work, loaded: Loaded) -> tuple[list[Reply], Table | None]:
            table = loaded.table
            first[0] = True
            if table is not None:
                noticed = list(table.settings.get("noticed") or [])
                first[0] = key not in noticed
                if first[0]:
                    work.update_settings(table, noticed=[*noticed, key])
            return [], table

        await self._unit(Invocation(platform, chat_id, "", "referee", "notice"), run)
        return first[0]

    async def board_message(self, platform: str, chat_id: str) -> str | None:
        """The id of the board message of the chat's latest table (for tests)."""
        table = await self.store.queries.last_table(platform, chat_id)
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
        """What an adapter may read of a chat (bot.port.ChatFacts), without a lock."""
        queries = self.store.queries
        chat = await queries.chat(platform, chat_id)
        table = await self._open_table(platform, chat_id)
        last = await queries.last_table(platform, chat_id)
        return ChatFacts(
            data=dict(chat.data) if chat is not None else {},
            seats=tuple((s.user_id, s.name, s.is_bot) for s in table.seats) if table else (),
            hidden_information=table is not None and engine_for(table.game).hidden_information,
            board_message=last.board_message if last is not None else None,
            next_deadline=await queries.next_deadline([platform]),
            game=table.game if table is not None else None,
            seated_at=()
            if table is not None
            else tuple(await queries.seated_at(platform, chat_id)),
            table_id=table.id if table is not None else None,
        )

    async def table_page(self, table_id: int, user_id: str | None = None) -> TablePage | None:
        """What a web page shows of a table to `user_id` (None: a spectator), read without a
        lock; None for no such table."""
        table = await self.store.queries.table(table_id)
        if table is None:
            return None
        await upgraded(table, self.store.queries.actions)
        chat = await self.store.queries.chat(table.platform, table.chat_id)
        recent = await self.store.queries.actions(table.id, max(0, table.next_seq - LOG_LINES - 1))
        return table_page(chat, table, recent, user_id)

    async def export(self, table_id: int) -> dict[str, Any] | None:
        """A finished table's export, as /export gives it (a replay page steps through it)."""
        table = await self.store.queries.table(table_id)
        if table is None or table.status != TableStatus.FINISHED or table.seed is None:
            return None
        return export_document(table, await self.store.queries.actions(table_id))

    async def leaderboard_page(self, platform: str, chat_id: str) -> LeaderboardPage:
        """What a chat's leaderboard page shows, read without a lock."""
        queries = self.store.queries
        chat = await queries.chat(platform, chat_id)
        rows = await queries.chat_ratings(platform, chat_id)
        return leaderboard_page(chat, rows, await queries.chat_results(platform, chat_id))

    async def revision(self, table_id: int) -> int | None:
        """A table's stored revision: a web page's live updates follow it (any worker moved it)."""
        return await self.store.queries.revision(table_id)

    def delivery(self, platform: str) -> Delivery:
        """The delivery policy for one platform, keeping its facts here."""
        return Delivery(self, platform)


async def _said(presenting: Presenting, inv: Invocation, heard: Audience) -> list[Reply]:
    """The replies made while the commit synced (or now): a failure to make them is the bot's,
    after a written command."""
    try:
        said: list[Reply] = await presenting.replies()
    except Exception:
        return failed(inv, heard, written=True)
    return said
