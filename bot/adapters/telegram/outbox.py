"""Where each reply of a command goes on Telegram: the table's chat and topic (its board through
bot.delivery's live-board policy), a player's DMs, or a reply to the typed command."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram.error import TelegramError

from bot.adapters.telegram.chat import Context, Origin, TelegramChat
from bot.adapters.telegram.menus import ChatMenus
from bot.adapters.telegram.messages import coalesce
from bot.adapters.telegram.private import PrivateChats
from bot.delivery import Delivery
from bot.replies import Public, Reply

log = logging.getLogger(__name__)


class Outbox:
    """Delivers replies, consecutive ones to one audience joined into one message."""

    def __init__(self, delivery: Delivery, private: PrivateChats) -> None:
        self.delivery, self.private = delivery, private
        self.menus = ChatMenus(private.referee)

    async def deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        """Public replies to the table's chat and topic (its board edited in place), private ones
        by DM, a typed command's refusal in place."""
        chat = TelegramChat(context, origin, self.delivery)
        for reply in coalesce(replies):
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
