"""Typed commands: a message (or a file's caption) naming this bot becomes an Invocation;
/start in a private chat opens the player's DMs, and a deep link's shows their hand."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import TelegramError

from bot.adapters.telegram.chat import (
    MY_BOARD,
    OWN_BOARD,
    PAGES,
    Context,
    Origin,
    TelegramChat,
    thread_of,
)
from bot.adapters.telegram.keyboards import below, mini_app_key
from bot.adapters.telegram.messages import escape
from bot.adapters.telegram.outbox import Outbox
from bot.adapters.telegram.private import PrivateChats, chat_of_start
from bot.commands.parse import Invocation, parse_command
from bot.i18n import platform_language, say
from bot.options import MAX_FILE_BYTES
from bot.port import RefereePort
from bot.replies import Private
from bot.verbs.dice import is_private_roll
from games.i18n import _

log = logging.getLogger(__name__)

PLATFORM = "telegram"
ADMINS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


def for_me(addressee: str | None, username: str | None) -> bool:
    """`/verb@name` is for this bot only when the name is its own (a caption is not filtered
    by CommandHandler, which does this for typed commands)."""
    return addressee is None or addressee.casefold() == (username or "").casefold()


async def is_admin(context: Context, chat_id: int, user_id: int, private: bool) -> bool:
    """A group's administrators and owner (getChatMember); a private chat is its own admin."""
    if private:
        return True
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.warning("telegram: getChatMember failed in %s: %s", chat_id, error)
        return False
    return member.status in ADMINS


class TypedCommands:
    """Messages and captions that are commands, run by the referee and delivered."""

    def __init__(self, referee: RefereePort, private: PrivateChats, outbox: Outbox) -> None:
        self.referee, self.private, self.outbox = referee, private, outbox

    def chat(self, context: Context, origin: Origin) -> TelegramChat:
        return TelegramChat(context, origin, self.outbox.delivery)

    async def on_command(self, update: Update, context: Context) -> None:
        message = update.message
        if message is not None and message.text:
            await self.run_typed(update, context, message.text)

    async def on_document(self, update: Update, context: Context) -> None:
        """A file sent with a command as its caption (`/new papertown` with a sheet, `/unit add`
        with stat blocks): its text goes with the command; files past the limit are refused
        before they are downloaded."""
        message = update.message
        if message is None or message.document is None or not message.caption:
            return
        parsed = parse_command(message.caption)
        if parsed is None or not for_me(parsed.addressee, context.bot.username):
            return
        document = message.document
        name = document.file_name or "file.txt"
        if (document.file_size or 0) > MAX_FILE_BYTES:
            origin = Origin(message.chat.id, 0, message.message_id, thread_of(message))
            limit = f"{MAX_FILE_BYTES:,}"
            lang = platform_language(message.from_user.language_code if message.from_user else None)
            too_big = _(
                "{name} is larger than {limit} bytes; nothing was done.", name=name, limit=limit
            )
            await self.chat(context, origin).notify(say(too_big, lang), quote=True)
            return
        data = await (await context.bot.get_file(document.file_id)).download_as_bytearray()
        text = bytes(data).decode("utf-8", errors="replace")
        await self.run_typed(update, context, message.caption, (name, text))

    async def run_typed(
        self,
        update: Update,
        context: Context,
        typed: str,
        attachment: tuple[str, str] | None = None,
    ) -> None:
        message, user, chat = update.message, update.effective_user, update.effective_chat
        if message is None or user is None or chat is None:
            return
        parsed = parse_command(typed)
        if parsed is None or not for_me(parsed.addressee, context.bot.username):
            return
        private = chat.type == ChatType.PRIVATE
        if (
            parsed.verb == "start"
            and private
            and not await self.on_private_start(context, update, parsed.args)
        ):
            return
        origin = Origin(chat.id, user.id, message.message_id, thread_of(message))
        changes_settings = parsed.verb == "settings" and bool(parsed.args)
        inv = Invocation(
            PLATFORM,
            origin.chat,
            str(user.id),
            user.full_name,
            parsed.verb,
            parsed.args,
            update_id=str(update.update_id),
            private=private,
            in_the_open=not private,
            text=parsed.text,
            admin=changes_settings and await is_admin(context, chat.id, user.id, private),
            attachment=attachment,
            locale=user.language_code,
        )
        lang = platform_language(inv.locale)
        missing = await self.private.missing_players(inv)
        if missing:
            await self.private.ask_to_start(self.chat(context, origin), missing, lang)
            return
        if (
            is_private_roll(inv.verb, inv.args)
            and not private
            and not await self.private.reachable(inv.user_id)
        ):
            roller = self.chat(context, origin)
            await self.private.ask_to_start_for_roll(roller, inv.user_name, lang)
            return
        replies = await self.referee.handle(inv)
        await self.outbox.deliver(context, replies, origin)
        await self.outbox.menus.follow(context.bot, inv, origin.chat_id)

    async def on_private_start(self, context: Context, update: Update, args: list[str]) -> bool:
        """/start in a DM: the user can now get private messages; True if a DM table should start."""
        user, chat = update.effective_user, update.effective_chat
        assert user is not None and chat is not None
        await self.outbox.delivery.reachable(user.id, True)
        payload = args[0] if args else ""
        if not payload and (await self.referee.chat_facts(PLATFORM, str(chat.id))).humans:
            return True
        await context.bot.send_message(
            chat.id,
            escape(
                say(
                    _(
                        "Hello {name}! I will send your cards and choices here. Play in your "
                        "group; /help lists the commands.",
                        name=user.first_name,
                    ),
                    platform_language(user.language_code),
                )
            ),
            parse_mode=ParseMode.HTML,
        )
        group = chat_of_start(payload)
        if group is not None:
            await self.send_hand(context, update, group)
        board = chat_of_start(payload, OWN_BOARD)
        if board is not None:
            await self.send_own_board(
                context, chat.id, board, platform_language(user.language_code)
            )
        return False

    async def send_own_board(self, context: Context, chat_id: int, group: str, lang: str) -> None:
        """After the board's "My board" link: the Mini App's key, which signs the player in at
        that group's table (Telegram vouches for who opens it)."""
        pages = context.bot_data.get(PAGES)
        table = (await self.referee.chat_facts(PLATFORM, group)).table_id
        if not pages or table is None:
            return
        text = escape(say(_("Your own board at the table in your group:"), lang))
        keys = below(None, [mini_app_key(pages, table, say(MY_BOARD, lang))])
        await context.bot.send_message(chat_id, text, parse_mode=ParseMode.HTML, reply_markup=keys)

    async def send_hand(self, context: Context, update: Update, group: str) -> None:
        """After a deep-link start, show the player's hand at that group's table right away."""
        user = update.effective_user
        assert user is not None
        inv = Invocation(
            PLATFORM,
            group,
            str(user.id),
            user.full_name,
            "hand",
            update_id=f"{update.update_id}:hand",
            private=True,
            locale=user.language_code,
        )
        replies = await self.referee.handle(inv)
        shown = [r for r in replies if not (isinstance(r, Private) and r.refusal)]
        await self.outbox.deliver(context, shown, Origin.of_chat(group, user.id))
