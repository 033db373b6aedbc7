"""Telegram's primitives in one chat and topic (bot.delivery.Platform): HTML messages, photos
and files, a board edited in place, pins, an old board pointing at the new one, DMs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
    ReplyParameters,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ContextTypes
from telegram.helpers import create_deep_linked_url

from bot.adapters.base import split_chat, split_message, table_chat
from bot.adapters.telegram.keyboards import markup, with_open_board
from bot.adapters.telegram.messages import (
    CAPTION_LIMIT,
    MESSAGE_LIMIT,
    escape,
    fit_lines,
    html_messages,
    html_text,
)
from bot.delivery import Delivery
from bot.i18n import say
from bot.replies import Button, Private, Public, Reply
from games.base import View
from games.i18n import _

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE
BOARD_MOVED = _("The board moved below.")
OPEN_BOARD = _("Open board")
PAGES = "paperref.pages"
"""bot_data's key of the web pages' public address (boards then carry "Open board")."""


@dataclass(frozen=True)
class Origin:
    """Where a command came from: the table's chat (and forum topic), who sent it, and the
    typed message (if any). Every reply goes back to that chat and topic."""

    chat_id: int
    user_id: int
    message_id: int | None = None
    thread_id: int | None = None

    @property
    def chat(self) -> str:
        """The table's chat as the referee knows it (a topic is a chat of its own)."""
        return table_chat(self.chat_id, self.thread_id)

    @classmethod
    def of_chat(cls, chat: str, user_id: int = 0, message_id: int | None = None) -> Origin:
        chat_id, thread = split_chat(chat)
        return cls(chat_id, user_id, message_id, thread)


def thread_of(message: Message) -> int | None:
    """The forum topic a message is in (None for General and for chats without topics)."""
    return message.message_thread_id if message.is_topic_message else None


def start_payload(chat: str) -> str:
    """The deep link's start parameter for a table's chat (letters, digits, _ and - only)."""
    return "g" + chat.replace(":", "_")


class TelegramChat:
    """One chat and topic of one update: what bot.delivery's policy drives, and the sends the
    adapter makes there itself."""

    def __init__(self, context: Context, origin: Origin, delivery: Delivery) -> None:
        self.context, self.origin, self.delivery = context, origin, delivery
        self._markup: tuple[Public, InlineKeyboardMarkup | None] | None = None

    @property
    def bot(self) -> Bot:
        return self.context.bot

    def elsewhere(self, origin: Origin) -> TelegramChat:
        return TelegramChat(self.context, origin, self.delivery)

    async def markup(
        self, buttons: Sequence[Button], version: int | None, chat_ref: str = ""
    ) -> InlineKeyboardMarkup | None:
        return await markup(self.delivery, buttons, version, chat_ref)

    async def board_markup(self, reply: Public) -> InlineKeyboardMarkup | None:
        """The board's buttons, stored at most once however many tries the board takes."""
        if self._markup is None or self._markup[0] is not reply:
            keys = await self.markup(reply.buttons, reply.version)
            pages = self.context.bot_data.get(PAGES)
            if pages and reply.live is not None:
                lang = reply.board.lang if reply.board is not None else "en"
                private = self.origin.chat_id > 0
                label = say(OPEN_BOARD, lang)
                keys = with_open_board(keys, pages, reply.live.table_id, private, label)
            self._markup = (reply, keys)
        return self._markup[1]

    # ---- bot.delivery.Platform ----

    async def post(self, reply: Public) -> str | None:
        message = await self.send(reply, await self.board_markup(reply))
        return None if message is None else str(message.message_id)

    async def edit(self, message_id: str, reply: Public) -> bool:
        """The board's message with the new state: its text, or its picture and caption."""
        keys = await self.board_markup(reply)
        chat_id, message = self.origin.chat_id, int(message_id)
        try:
            if reply.board is not None and reply.image:
                from bot.render.image import render_png

                png = await asyncio.to_thread(render_png, reply.board)
                caption = html_text(reply) or escape(reply.board.title)
                media = InputMediaPhoto(
                    png, caption=fit_lines(caption, CAPTION_LIMIT), parse_mode=ParseMode.HTML
                )
                await self.bot.edit_message_media(media, chat_id, message, reply_markup=keys)
            else:
                text = fit_lines("\n".join(html_messages(reply)), MESSAGE_LIMIT)
                await self.bot.edit_message_text(
                    text, chat_id, message, parse_mode=ParseMode.HTML, reply_markup=keys
                )
        except BadRequest as error:
            if "not modified" in error.message:
                return True
            log.info("telegram: board %s not edited: %s", message_id, error)
            return False
        return True

    async def pin(self, message_id: str) -> None:
        try:
            await self.bot.pin_chat_message(
                self.origin.chat_id, int(message_id), disable_notification=True
            )
        except TelegramError as error:
            log.info("telegram: the board is not pinned in %s: %s", self.origin.chat, error)

    async def unpin(self, message_id: str) -> None:
        with contextlib.suppress(TelegramError):
            await self.bot.unpin_chat_message(self.origin.chat_id, int(message_id))

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        with contextlib.suppress(TelegramError):
            await self.bot.edit_message_text(
                say(BOARD_MOVED, lang), self.origin.chat_id, int(old_id), reply_markup=None
            )

    async def send_private(self, reply: Private) -> bool:
        """A DM; buttons in it name the table's chat. False when the user blocked the bot or
        never started it (403)."""
        user_chat = int(reply.user_id)
        chat_ref = "" if user_chat == self.origin.chat_id else self.origin.chat
        try:
            keys = await self.markup(reply.buttons, reply.version, chat_ref)
            await self.elsewhere(Origin(user_chat, user_chat)).send(reply, keys)
        except Forbidden:
            return False
        return True

    async def tell_unreachable(self, reply: Private) -> None:
        if int(reply.user_id) == self.origin.chat_id:
            return  # the table's chat is the private chat that failed
        text = _(
            "{name}, I cannot send you private messages yet: open a chat with me with "
            "the button below and press Start.",
            name=reply.name,
        )
        await self.notify(say(text, reply.lang), self.start_link(reply.lang))

    # ---- sending ----

    def start_link(self, lang: str = "en") -> InlineKeyboardMarkup:
        url = create_deep_linked_url(self.bot.username, start_payload(self.origin.chat))
        label = say(_("Start the bot privately"), lang)
        return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=url)]])

    async def notify(
        self, text: str, keys: InlineKeyboardMarkup | None = None, *, quote: bool = False
    ) -> None:
        """A plain note to the origin's chat and topic (escaped), quoting the command if asked."""
        reply_to = self.origin.message_id if quote else None
        await self.send_text([escape(text)], keys, reply_to)

    async def send(
        self, reply: Reply, keys: InlineKeyboardMarkup | None, reply_to: int | None = None
    ) -> Message | None:
        """A reply as HTML messages to the origin's chat and topic; the last message sent."""
        if reply.file is not None:
            name, data = reply.file
            caption = html_text(reply)
            sent: Message = await self.bot.send_document(
                self.origin.chat_id,
                data,
                filename=name,
                caption=caption if len(caption) <= CAPTION_LIMIT else None,
                parse_mode=ParseMode.HTML,
                message_thread_id=self.origin.thread_id,
                reply_markup=keys,
            )
            return sent
        if reply.board is not None and reply.image:
            return await self.send_photo(html_text(reply), reply.board, keys)
        return await self.send_text(html_messages(reply), keys, reply_to)

    async def send_text(
        self,
        parts: Sequence[str],
        keys: InlineKeyboardMarkup | None,
        reply_to: int | None = None,
    ) -> Message | None:
        """HTML messages, each within 4,096 characters; the buttons ride on the last part."""
        quote = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        sent = None
        for i, part in enumerate(parts):
            if not part:
                continue
            sent = await self.bot.send_message(
                self.origin.chat_id,
                part,
                reply_markup=keys if i == len(parts) - 1 else None,
                reply_parameters=quote if i == 0 else None,
                parse_mode=ParseMode.HTML,
                message_thread_id=self.origin.thread_id,
            )
        return sent

    async def send_photo(
        self, text: str, board: View, keys: InlineKeyboardMarkup | None
    ) -> Message:
        """The board as a PNG; its text as the caption when it fits, else as messages before it."""
        from bot.render.image import render_png

        png = await asyncio.to_thread(render_png, board)
        caption = text or escape(board.title)
        if len(caption) > CAPTION_LIMIT:
            await self.send_text(split_message(caption, MESSAGE_LIMIT), None)
            caption = escape(board.title)[:CAPTION_LIMIT]
        sent: Message = await self.bot.send_photo(
            self.origin.chat_id,
            png,
            caption=caption or None,
            reply_markup=keys,
            parse_mode=ParseMode.HTML,
            message_thread_id=self.origin.thread_id,
        )
        return sent
