"""Telegram's primitives in one chat and topic (bot.delivery.Platform): HTML messages, photos
and files, a board edited in place, pins, an old board pointing at the new one, DMs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
    ReplyParameters,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, RetryAfter, TelegramError
from telegram.ext import ContextTypes
from telegram.helpers import create_deep_linked_url

from bot.adapters.base import split_chat, table_chat
from bot.adapters.telegram.keyboards import below, markup, mini_app_key, with_open_board
from bot.adapters.telegram.messages import (
    CAPTION_LIMIT,
    MESSAGE_LIMIT,
    as_picture,
    caption_of,
    escape,
    fit_lines,
    fits_one,
    html_messages,
    html_parts,
    html_text,
)
from bot.adapters.telegram.pacing import retry_seconds
from bot.delivery import Delivery, Later
from bot.i18n import say
from bot.replies import Button, Private, Public, Reply
from games.base import View
from games.i18n import _

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE
BOARD_MOVED = _("The board moved below.")
OPEN_BOARD = _("Open board")
MY_BOARD = _("My board")
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


PICTURE = "p"
"""A board message kept as `p123` is a picture (edited with editMessageMedia, its words in the
caption); `123` is a text message."""


def board_id(message_id: int, picture: bool) -> str:
    """A board message's id as the referee keeps it: its form goes with it."""
    return f"{PICTURE if picture else ''}{message_id}"


def read_board_id(stored: str) -> tuple[int, bool]:
    """(message id, whether it is a picture) of a kept board id."""
    picture = stored.startswith(PICTURE)
    return int(stored.removeprefix(PICTURE)), picture


HAND, OWN_BOARD = "g", "w"
"""Deep links' kinds: `g` shows the player's hand at the table's chat, `w` their own web board."""


def start_payload(chat: str, kind: str = HAND) -> str:
    """The deep link's start parameter for a table's chat (letters, digits, _ and - only)."""
    return kind + chat.replace(":", "_")


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
                labels = (say(OPEN_BOARD, lang), say(MY_BOARD, lang))
                own = None if self.origin.chat_id > 0 else self.deep_link(OWN_BOARD)
                keys = with_open_board(keys, pages, reply.live.table_id, labels, own)
            self._markup = (reply, keys)
        return self._markup[1]

    # ---- bot.delivery.Platform ----

    async def post(self, reply: Public) -> str | None:
        picture = as_picture(reply)
        laid_out = replace(reply, image=picture)
        message = await self.send(laid_out, await self.board_markup(reply))
        return None if message is None else board_id(message.message_id, picture)

    def fits(self, reply: Public) -> bool:
        return fits_one(reply)

    async def say(self, reply: Public) -> None:
        await self.send(reply, await self.markup(reply.buttons, reply.version))

    async def edit(self, message_id: str, reply: Public) -> bool:
        """The board's message with the new state; Later when Telegram (or ChatRateLimiter,
        first) says the chat must wait."""
        return await self.edit_shown(message_id, reply, await self.board_markup(reply))

    async def edit_shown(
        self, message_id: str, reply: Reply, keys: InlineKeyboardMarkup | None
    ) -> bool:
        """A board's (or hand's) message with the new state, by the method of its form: its
        text, or its picture and caption. One that changes form is not edited (it is posted
        anew)."""
        message, picture = read_board_id(message_id)
        if picture != as_picture(reply):
            return False
        try:
            if picture:
                await self.edit_picture(message, reply, keys)
            else:
                text = html_messages(reply)
                if len(text) != 1:
                    return False  # its words would not ride on it: posted anew
                await self.bot.edit_message_text(
                    text[0],
                    self.origin.chat_id,
                    message,
                    parse_mode=ParseMode.HTML,
                    reply_markup=keys,
                )
        except RetryAfter as error:
            raise Later(retry_seconds(error)) from error
        except BadRequest as error:
            if "not modified" in error.message:
                return True
            log.info("telegram: board %s not edited: %s", message_id, error)
            return False
        return True

    async def edit_picture(
        self, message: int, reply: Reply, keys: InlineKeyboardMarkup | None
    ) -> None:
        from bot.render.image import render_png

        assert reply.board is not None
        png = await asyncio.to_thread(render_png, reply.board)
        caption = fit_lines(caption_of(reply), CAPTION_LIMIT)
        media = InputMediaPhoto(png, caption=caption, parse_mode=ParseMode.HTML)
        await self.bot.edit_message_media(media, self.origin.chat_id, message, reply_markup=keys)

    async def post_report(self, reply: Public) -> str | None:
        sent = await self.send(reply, await self.markup(reply.buttons, reply.version))
        return None if sent is None else str(sent.message_id)

    async def edit_report(self, message_id: str, reply: Public) -> bool:
        text = html_messages(reply)
        if len(text) != 1:
            return False
        try:
            await self.bot.edit_message_text(
                text[0], self.origin.chat_id, int(message_id), parse_mode=ParseMode.HTML
            )
        except TelegramError as error:  # deleted, or the chat must wait: posted anew
            log.info("telegram: report %s not edited: %s", message_id, error)
            return False
        return True

    async def pin(self, message_id: str) -> None:
        try:
            await self.bot.pin_chat_message(
                self.origin.chat_id, read_board_id(message_id)[0], disable_notification=True
            )
        except TelegramError as error:
            log.info("telegram: the board is not pinned in %s: %s", self.origin.chat, error)

    async def unpin(self, message_id: str) -> None:
        with contextlib.suppress(TelegramError):
            await self.bot.unpin_chat_message(self.origin.chat_id, read_board_id(message_id)[0])

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        """The old board says the board moved: its text, or a picture's caption."""
        message, picture = read_board_id(old_id)
        moved = escape(say(BOARD_MOVED, lang))
        chat = self.origin.chat_id
        with contextlib.suppress(TelegramError):
            if picture:
                await self.bot.edit_message_caption(
                    chat, message, caption=moved, parse_mode=ParseMode.HTML, reply_markup=None
                )
            else:
                await self.bot.edit_message_text(
                    moved, chat, message, parse_mode=ParseMode.HTML, reply_markup=None
                )

    def private_chat(self, user_id: str) -> TelegramChat:
        user = int(user_id)
        return self.elsewhere(Origin(user, user))

    async def private_markup(self, reply: Private) -> InlineKeyboardMarkup | None:
        """A DM's buttons name the table's chat (unless the table's chat is that DM); a hand's
        carry the Mini App too, the player's own board, when the pages are served."""
        here = int(reply.user_id) == self.origin.chat_id
        keys = await self.markup(reply.buttons, reply.version, "" if here else self.origin.chat)
        pages = self.context.bot_data.get(PAGES)
        if not pages or reply.hand is None or here:  # a private table's board carries it
            return keys
        return below(keys, [mini_app_key(pages, reply.hand, say(MY_BOARD, reply.lang))])

    async def send_private(self, reply: Private) -> str | None:
        """A DM (a hand as one message: its text, or a picture); the id of its last message.
        None when the user blocked the bot or never started it (403)."""
        picture = reply.hand is not None and as_picture(reply)
        try:
            keys = await self.private_markup(reply)
            there = self.private_chat(reply.user_id)
            sent = await there.send(replace(reply, image=reply.image or picture), keys)
        except Forbidden:
            return None
        return "" if sent is None else board_id(sent.message_id, picture)

    async def edit_private(self, message_id: str, reply: Private) -> bool:
        there = self.private_chat(reply.user_id)
        return await there.edit_shown(message_id, reply, await self.private_markup(reply))

    async def drop_keys(self, user_id: str, message_id: str) -> None:
        with contextlib.suppress(TelegramError):
            await self.bot.edit_message_reply_markup(
                int(user_id), read_board_id(message_id)[0], reply_markup=None
            )

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

    def deep_link(self, kind: str = HAND) -> str:
        """A link into the user's private chat with the bot, naming this chat's table."""
        return create_deep_linked_url(self.bot.username, start_payload(self.origin.chat, kind))

    def start_link(self, lang: str = "en") -> InlineKeyboardMarkup:
        url = self.deep_link()
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
                caption=caption if fit_lines(caption, CAPTION_LIMIT) == caption else None,
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
        title = escape(board.title)
        caption = text or title
        if fit_lines(caption, CAPTION_LIMIT) != caption:
            await self.send_text(html_parts(caption, MESSAGE_LIMIT), None)
            caption = fit_lines(title, CAPTION_LIMIT)
        sent: Message = await self.bot.send_photo(
            self.origin.chat_id,
            png,
            caption=caption or None,
            reply_markup=keys,
            parse_mode=ParseMode.HTML,
            message_thread_id=self.origin.thread_id,
        )
        return sent
