"""Button presses: the command a key carries (or its stored set names) runs as the presser;
the press is answered before delivery, a refusal as an alert; keyboards turn their pages."""

from __future__ import annotations

import asyncio
import contextlib

from telegram import CallbackQuery, Message, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError

from bot.adapters.base import PAGE, STORED, decode_press, is_stale, read_stored
from bot.adapters.telegram.chat import Context, Origin, TelegramChat, thread_of
from bot.adapters.telegram.keyboards import answer, paged_keyboard, stored_press
from bot.adapters.telegram.messages import MESSAGE_LIMIT, escape
from bot.adapters.telegram.outbox import Outbox
from bot.adapters.telegram.private import PrivateChats
from bot.commands.parse import Invocation, parse_command
from bot.i18n import platform_language, say
from bot.port import RefereePort
from bot.replies import Private, Reply
from games.i18n import _

PLATFORM = "telegram"
ANSWER_WITHIN = 5.0
"""Seconds a press may wait for the referee before it is answered anyway (Telegram wants it soon)."""
BUTTON_GONE = _("This button no longer works; use /status or /hand.")


class Presses:
    """Callback queries: a command run as the presser, or a page of a stored keyboard."""

    def __init__(self, referee: RefereePort, private: PrivateChats, outbox: Outbox) -> None:
        self.referee, self.private, self.outbox = referee, private, outbox

    async def on_press(self, update: Update, context: Context) -> None:
        query, user = update.callback_query, update.effective_user
        if query is None or user is None:
            return
        data = query.data or ""
        if data.startswith(PAGE):
            await self.turn_page(query, data)
            return
        stored = data.startswith(STORED)
        press = await stored_press(self.referee, data) if stored else decode_press(data)
        parsed = parse_command(press.command) if press is not None else None
        message = query.message
        if press is None or parsed is None or not isinstance(message, Message):
            await answer(query, say(BUTTON_GONE, platform_language(user.language_code)))
            return
        here = Origin(message.chat.id, user.id, None, thread_of(message))
        origin = Origin.of_chat(press.chat_ref, user.id) if press.chat_ref else here
        inv = Invocation(
            PLATFORM,
            origin.chat,
            str(user.id),
            user.full_name,
            parsed.verb,
            parsed.args,
            update_id=str(update.update_id),
            private=origin == here and message.chat.type == ChatType.PRIVATE,
            version=press.version,
            locale=user.language_code,
        )
        missing = await self.private.missing_players(inv)
        if missing:
            await answer(query)
            chat = TelegramChat(context, origin, self.outbox.delivery)
            await self.private.ask_to_start(chat, missing, platform_language(inv.locale))
            return
        replies = await self.answer_press(query, inv)
        await self.outbox.deliver(context, replies, origin)
        await self.outbox.menus.follow(context.bot, inv, origin.chat_id)

    async def turn_page(self, query: CallbackQuery, data: str) -> None:
        """Previous / Next on a paged keyboard: the same message shows the other page."""
        found = read_stored(data, PAGE)
        stored = await self.referee.press(found[0]) if found else None
        if found is None or stored is None:
            lang = platform_language(query.from_user.language_code)
            await answer(query, say(BUTTON_GONE, lang))
            return
        labels = [button.label for button in stored.buttons]
        await answer(query)
        with contextlib.suppress(TelegramError):
            await query.edit_message_reply_markup(paged_keyboard(found[0], labels, found[1]))

    async def answer_press(self, query: CallbackQuery, inv: Invocation) -> list[Reply]:
        """Run the command and answer the press before any delivery; a refusal becomes an alert,
        a hand asked for in a group says where it went."""
        handling = asyncio.ensure_future(self.referee.handle(inv))
        done, _pending = await asyncio.wait({handling}, timeout=ANSWER_WITHIN)
        if not done:
            await answer(query)
            return await handling
        replies = handling.result()
        alert = next(
            (
                r
                for r in replies
                if isinstance(r, Private) and r.refusal and r.user_id == inv.user_id
            ),
            None,
        )
        if alert is None:
            await answer(query, await self.private.where_it_went(inv, replies))
            await self.mark_chosen(query, inv)
            return replies
        await answer(query, alert.text, alert=True)
        if is_stale(alert) and not await self.is_board(query, inv):
            with contextlib.suppress(TelegramError):
                await query.edit_message_reply_markup(reply_markup=None)
        return [r for r in replies if r is not alert]

    async def is_board(self, query: CallbackQuery, inv: Invocation) -> bool:
        """Whether the pressed message is the table's live board (its buttons are kept: the
        next edit brings them up to date)."""
        message = query.message
        board = (await self.referee.chat_facts(PLATFORM, inv.chat_id)).board_message
        return isinstance(message, Message) and board == str(message.message_id)

    async def mark_chosen(self, query: CallbackQuery, inv: Invocation) -> None:
        """In a DM the pressed choice is spent: show what was chosen and drop the buttons."""
        message = query.message
        if not isinstance(message, Message) or message.chat.type != ChatType.PRIVATE:
            return
        chosen = " ".join(("/" + inv.verb, *inv.args))
        with contextlib.suppress(TelegramError):
            if message.text and len(message.text) + len(chosen) + 4 <= MESSAGE_LIMIT:
                await query.edit_message_text(
                    escape(f"{message.text}\n\n✔ {chosen}"),
                    reply_markup=None,
                    parse_mode=ParseMode.HTML,
                )
            else:
                await query.edit_message_reply_markup(reply_markup=None)
