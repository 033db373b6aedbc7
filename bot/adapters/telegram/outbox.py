"""Where each reply of a command goes on Telegram: the table's chat and topic (its board through
bot.delivery's live-board policy), a player's DMs, or a reply to the typed command; each
destination chat's deliveries in order, in a line of its own (a group held by its flood limit
holds back no update, and no player's private messages)."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace

from telegram.error import TelegramError

from bot.adapters.base import drain
from bot.adapters.telegram.chat import Context, Origin, TelegramChat
from bot.adapters.telegram.menus import ChatMenus
from bot.adapters.telegram.messages import coalesce, join_later
from bot.adapters.telegram.pacing import chat_key_of
from bot.adapters.telegram.private import PrivateChats
from bot.board import into_new_board, posting_anew
from bot.delivery import Delivery
from bot.replies import Private, Public, Reply

log = logging.getLogger(__name__)

HOLD_SECONDS = 0.5
"""How long an update waits for its own replies to go out. Past it (the chat at its flood limit,
or behind its earlier replies) the update is done: the move is applied and its replies follow in
the chat's line. Polling confirms, and a webhook answers, only updates that are done, so one
group past its 20 messages a minute would otherwise hold back every chat's updates."""


@dataclass
class Waiting:
    """One reply waiting in its line, with the update it answers."""

    context: Context
    origin: Origin
    reply: Reply


@dataclass
class Parcel:
    """One update's replies to one chat; `sent` is done once they went out."""

    replies: list[Waiting]
    sent: asyncio.Future[None]


@dataclass
class Line:
    """One destination chat's replies waiting to go out, and the task sending them in order."""

    parcels: list[Parcel] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


class Outbox:
    """Delivers replies, consecutive ones to one audience joined into one message, and what
    queued up in a chat held by its flood limit as few messages as it can (see `_joined`)."""

    def __init__(self, delivery: Delivery, private: PrivateChats) -> None:
        self.delivery, self.private = delivery, private
        self.menus = ChatMenus(private.referee)
        self.lines: dict[Hashable, Line] = {}
        """Each destination chat's replies still going out."""

    async def deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        """The replies in their destinations' lines (the chat's; each player's private chat's),
        awaited at most HOLD_SECONDS (not at all behind earlier replies still going out)."""
        first: list[asyncio.Future[None]] = []
        for key, part in self._by_line(replies, origin).items():
            line = self.lines.get(key)
            parcel = Parcel([Waiting(context, origin, r) for r in part], asyncio.Future())
            if line is None:
                line = self.lines[key] = Line()
                line.task = asyncio.create_task(self._send_line(key, line))
                first.append(parcel.sent)
            line.parcels.append(parcel)
        if first:
            await asyncio.wait(first, timeout=HOLD_SECONDS)

    @staticmethod
    def _by_line(replies: Sequence[Reply], origin: Origin) -> dict[Hashable, list[Reply]]:
        """The replies (consecutive ones to one audience joined) by the line they wait in: a
        player's private message in their private chat's, everything else in the chat's (a
        refusal or help answered in place may go to either: it keeps the chat's order)."""
        lines: dict[Hashable, list[Reply]] = {}
        for reply in coalesce(replies):
            key = chat_key_of(origin.chat_id)
            if isinstance(reply, Private) and not reply.refusal and not reply.shareable:
                key = chat_key_of(int(reply.user_id))
            lines.setdefault(key, []).append(reply)
        return lines

    async def _send_line(self, key: Hashable, line: Line) -> None:
        """Everything waiting in the line, again and again until none is left: what queued
        meanwhile goes out together."""
        try:
            while line.parcels:
                parcels, line.parcels = line.parcels, []
                for waiting in _joined([w for parcel in parcels for w in parcel.replies]):
                    await self._deliver(waiting.context, waiting.reply, waiting.origin)
                for parcel in parcels:
                    parcel.sent.set_result(None)
        finally:
            del self.lines[key]

    async def flush(self, seconds: float) -> int:
        """At a stop: let the replies in every line go out, at most `seconds`; how many lines
        were cut short (their replies lost; the moves stand)."""
        tasks = {line.task for line in self.lines.values() if line.task is not None}
        _finished, cut = await drain(tasks, seconds)
        return cut

    async def _deliver(self, context: Context, reply: Reply, origin: Origin) -> None:
        """A public reply to the table's chat and topic (its board edited in place), a private
        one by DM, a typed command's refusal in place. A failure is logged; the line goes on."""
        chat = TelegramChat(context, origin, self.delivery)
        try:
            if isinstance(reply, Public) and reply.live is not None:
                await self.delivery.show_board(chat, reply)
            elif isinstance(reply, Public) and reply.turn is not None:
                await self.delivery.show_report(chat, reply)
            elif isinstance(reply, Public):
                await chat.send(reply, await chat.markup(reply.buttons, reply.version))
            elif reply.refusal and origin.message_id is not None:
                await self.private.send_refusal(chat, reply)
            elif reply.shareable and int(reply.user_id) != origin.chat_id:
                await self.private.send_shareable(chat, reply)
            else:
                await self.delivery.send_private(chat, reply, origin.chat)
        except TelegramError as error:
            log.warning("telegram: a reply to chat %s was not delivered: %s", origin.chat, error)
        except Exception:
            log.exception("telegram: a reply to chat %s failed", origin.chat)


def _joined(waiting: list[Waiting]) -> list[Waiting]:
    """What queued up in a line as few messages: a table's boards as one (`_one_board`), then
    what follows one after another joined (see `join_later`) as one message, answering the
    latest command, and a report right before its table's board posted anew riding on it."""
    out: list[Waiting] = []
    for item in _one_board(waiting):
        last = out[-1] if out else None
        joined = None
        if last is not None and (last.origin.chat_id, last.origin.thread_id) == (
            item.origin.chat_id,
            item.origin.thread_id,
        ):
            joined = join_later(last.reply, item.reply) or _riding(last.reply, item.reply)
        if joined is None:
            out.append(item)
        else:
            out[-1] = replace(item, reply=joined)
    return out


def _one_board(waiting: list[Waiting]) -> list[Waiting]:
    """A table's boards queued up in a line as one, showing its latest state, last (posted anew
    if any of them was); what rode on each is said where it was, as its turn's report."""
    boards = Counter(_board_of(w.reply) for w in waiting)
    again = {table for table, count in boards.items() if table is not None and count > 1}
    if not again:
        return waiting
    out: list[Waiting] = []
    latest: dict[int, Waiting] = {}
    anew: set[int] = set()
    for item in waiting:
        table = _board_of(item.reply)
        if table not in again:
            out.append(item)
            continue
        board = item.reply
        assert table is not None and isinstance(board, Public) and board.live is not None
        if board.text:
            report = replace(board, live=None, board=None, buttons=(), turn=table, drawing=None)
            out.append(replace(item, reply=report))
        if board.live.anew:
            anew.add(table)
        latest[table] = replace(item, reply=replace(board, text="", mentions=()))
    for table, item in latest.items():
        board = item.reply
        assert isinstance(board, Public) and board.live is not None
        if table in anew and not board.live.anew:
            board = replace(board, live=replace(board.live, repost=True))
        out.append(replace(item, reply=board))
    return out


def _board_of(reply: Reply) -> int | None:
    """The table whose live board this reply is (None: not a board)."""
    return reply.live.table_id if isinstance(reply, Public) and reply.live is not None else None


def _riding(report: Reply, board: Reply) -> Reply | None:
    """A table's report right before its board posted anew, riding on it (bot.board's rule)."""
    if not (isinstance(report, Public) and posting_anew(board) and report.turn is not None):
        return None
    if report.turn != _board_of(board) or board.text:
        return None
    folded = into_new_board([report, board])
    return folded[0] if len(folded) == 1 else None
