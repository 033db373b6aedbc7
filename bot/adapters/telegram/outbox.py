"""Where each reply of a command goes on Telegram: the table's chat and topic (its board through
bot.delivery's live-board policy), a player's DMs, or a reply to the typed command; each
destination chat's deliveries in order, in a line of its own (a group held by its flood limit
holds back no update, and no player's private messages)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Hashable, Sequence
from functools import partial

from telegram.error import TelegramError

from bot.adapters.base import drain
from bot.adapters.telegram.chat import Context, Origin, TelegramChat
from bot.adapters.telegram.menus import ChatMenus
from bot.adapters.telegram.messages import coalesce
from bot.adapters.telegram.pacing import chat_key_of
from bot.adapters.telegram.private import PrivateChats
from bot.delivery import Delivery
from bot.replies import Private, Public, Reply

log = logging.getLogger(__name__)

HOLD_SECONDS = 0.5
"""How long an update waits for its own replies to go out. Past it (the chat at its flood limit,
or behind its earlier replies) the update is done: the move is applied and its replies follow in
the chat's line. Polling confirms, and a webhook answers, only updates that are done, so one
group past its 20 messages a minute would otherwise hold back every chat's updates."""


class Outbox:
    """Delivers replies, consecutive ones to one audience joined into one message."""

    def __init__(self, delivery: Delivery, private: PrivateChats) -> None:
        self.delivery, self.private = delivery, private
        self.menus = ChatMenus(private.referee)
        self.lines: dict[Hashable, asyncio.Task[None]] = {}
        """Each destination chat's latest delivery; the next one starts when it is done."""

    async def deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        """The replies in their destinations' lines (the chat's; each player's private chat's),
        awaited at most HOLD_SECONDS (not at all behind earlier replies still going out)."""
        first: list[asyncio.Task[None]] = []
        for key, part in self._by_line(replies, origin).items():
            before = self.lines.get(key)
            line = asyncio.create_task(self._after(before, context, part, origin))
            self.lines[key] = line
            line.add_done_callback(partial(self._left, key))
            if before is None:
                first.append(line)
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

    def _left(self, key: Hashable, line: asyncio.Task[None]) -> None:
        if self.lines.get(key) is line:
            del self.lines[key]
        if not line.cancelled() and line.exception() is not None:
            log.error("telegram: replies to %s failed", key, exc_info=line.exception())

    async def _after(
        self,
        before: asyncio.Task[None] | None,
        context: Context,
        replies: Sequence[Reply],
        origin: Origin,
    ) -> None:
        if before is not None:
            await asyncio.wait({before})
        await self._deliver(context, replies, origin)

    async def flush(self, seconds: float) -> int:
        """At a stop: let the replies in every line go out, at most `seconds`; how many lines
        were cut short (their replies lost; the moves stand)."""
        _finished, cut = await drain(set(self.lines.values()), seconds)
        return cut

    async def _deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        """Public replies to the table's chat and topic (its board edited in place), private ones
        by DM, a typed command's refusal in place."""
        chat = TelegramChat(context, origin, self.delivery)
        for reply in replies:
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
                log.warning(
                    "telegram: a reply to chat %s was not delivered: %s", origin.chat, error
                )
