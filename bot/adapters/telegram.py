"""Telegram: commands and button presses in, the referee's replies out as group messages and DMs."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast
from urllib.parse import urlsplit

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputMediaPhoto,
    InputTextMessageContent,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    Updater,
    filters,
)
from telegram.helpers import create_deep_linked_url

from bot.adapters.base import (
    PAGE,
    STORED,
    SWEEP_SECONDS,
    Press,
    column_runs,
    decode_press,
    encode_press,
    is_stale,
    pack_pieces,
    page_of,
    read_stored,
    split_chat,
    split_message,
    stored_data,
    table_chat,
    with_mentions,
)
from bot.commands.help import every_verb
from bot.commands.parse import Invocation, parse_command, split_args
from bot.config import ConfigError, Settings, TelegramSettings
from bot.i18n import LANGUAGES, platform_language, say
from bot.ops.meter import meter
from bot.ops.telegram_calls import telegram_requests
from bot.options import MAX_FILE_BYTES
from bot.referee import Referee
from bot.render.text import render_text
from bot.replies import Button, Private, Public, Refusal, Reply
from bot.verbs import SHARED
from bot.verbs.dice import inline_chat, is_private_roll
from games.base import RuleError, View
from games.i18n import N_, Text, _

log = logging.getLogger(__name__)

PLATFORM = "telegram"
MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024
CALLBACK_LIMIT = 64
ALERT_LIMIT = 200
ANSWER_WITHIN = 5.0
"""Seconds a press may wait for the referee before it is answered anyway (Telegram wants it soon)."""
MAX_RETRIES = 3
ROW_CHARS = 30
PAGE_SIZE = 8
"""Moves on one page of a keyboard; more are paged with Previous / Next."""
PREVIOUS, NEXT = "◀ Previous", "Next ▶"
BOARD_MOVED = _("The board moved below.")
HAND_SENT = _("Sent to our private chat.")
HAND_NOT_SENT = _("Start a private chat with me first: see the button in the group.")
BUTTON_GONE = _("This button no longer works; use /status or /hand.")
PRE = ("<pre>", "</pre>")
ALLOWED_UPDATES = [
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.INLINE_QUERY,
    Update.CHOSEN_INLINE_RESULT,
]
INLINE_ROLLING = N_("🎲 {name} is rolling…")
"""An inline roll's message until it is chosen: no number, for none is decided yet."""
INLINE_HINT = N_("Type dice after my name, e.g. 2d6+1")
INLINE_BUTTON_LIMIT = 64
Context = ContextTypes.DEFAULT_TYPE
App = Application[Any, Any, Any, Any, Any, Any]


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


def pack(keys: Sequence[tuple[str, str]]) -> list[list[InlineKeyboardButton]]:
    """(label, callback data) as rows: short labels share a row, up to three."""
    rows: list[list[InlineKeyboardButton]] = []
    width = ROW_CHARS
    for label, data in keys:
        key = InlineKeyboardButton(label[:64], callback_data=data)
        if rows and len(rows[-1]) < 3 and width + len(label) <= ROW_CHARS:
            rows[-1].append(key)
            width += len(label)
        else:
            rows.append([key])
            width = len(label)
    return rows


def keyboard(
    buttons: Sequence[Button], version: int | None, chat_ref: str = ""
) -> InlineKeyboardMarkup | None:
    """The buttons with their payload in the callback data; None when one does not fit the
    64 bytes or there are more than a page (then they are stored: TelegramAdapter.markup)."""
    datas = [encode_press(b.command, version, chat_ref, CALLBACK_LIMIT) for b in buttons]
    if not buttons or len(buttons) > PAGE_SIZE or any(d is None for d in datas):
        return None
    return InlineKeyboardMarkup(
        pack([(b.label, d or "") for b, d in zip(buttons, datas, strict=True)])
    )


def paged_keyboard(token: str, labels: Sequence[str], page: int) -> InlineKeyboardMarkup:
    """One page of a stored set: each key carries only the token and its index."""
    shown, page, pages = page_of(labels, page, PAGE_SIZE)
    rows = pack([(label, stored_data(STORED, token, i)) for i, label in shown])
    turn = []
    if page > 0:
        turn.append(
            InlineKeyboardButton(PREVIOUS, callback_data=stored_data(PAGE, token, page - 1))
        )
    if page < pages - 1:
        label = f"{NEXT} ({page + 2}/{pages})"
        turn.append(InlineKeyboardButton(label, callback_data=stored_data(PAGE, token, page + 1)))
    return InlineKeyboardMarkup([*rows, turn] if turn else rows)


def _as_html(reply: Reply) -> str:
    return reply.text if reply.html else _escape(reply.text)


def _same_audience(a: Reply, b: Reply) -> bool:
    if a.file is not None or b.file is not None:
        return False
    if any(isinstance(r, Public) and r.live is not None for r in (a, b)):
        return False
    if isinstance(a, Public) and isinstance(b, Public):
        return True
    if isinstance(a, Private) and isinstance(b, Private):
        return (a.user_id, a.refusal, a.error_ref) == (b.user_id, b.refusal, b.error_ref)
    return False


def _join(a: Reply, b: Reply) -> Reply:
    """One message for both: texts in order, the latest board, the latest buttons with their version;
    HTML if either is (the plain one escaped)."""
    marked = a.html or b.html
    texts = (_as_html(a), _as_html(b)) if marked else (a.text, b.text)
    text = "\n".join(part for part in texts if part)
    keep = b if b.buttons or not a.buttons else a
    merged = replace(
        a,
        text=text,
        board=b.board or a.board,
        buttons=keep.buttons,
        version=keep.version,
        html=marked,
    )
    if isinstance(merged, Public) and isinstance(b, Public):
        merged = replace(
            merged, outcome=b.outcome or merged.outcome, mentions=merged.mentions + b.mentions
        )
    return merged


def coalesce(replies: Sequence[Reply]) -> list[Reply]:
    """Consecutive replies to one audience become one message: fewer sends under flood limits."""
    out: list[Reply] = []
    for reply in replies:
        if out and _same_audience(out[-1], reply):
            out[-1] = _join(out[-1], reply)
        else:
            out.append(reply)
    return out


async def answer(query: CallbackQuery, text: str | None = None, alert: bool = False) -> None:
    """Answer a press; a failed answer (too old) must not stop the move from being delivered."""
    try:
        await query.answer(text[:ALERT_LIMIT] if text else None, show_alert=alert or None)
    except TelegramError as error:
        log.warning("telegram: a button press could not be answered: %s", error)


def user_key(user_id: int | str) -> str:
    """The chat-data key of one user's facts (started the bot or not)."""
    return f"user:{user_id}"


def user_link(user_id: str, name: str) -> str:
    return f'<a href="tg://user?id={user_id}">{name}</a>'


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def html_text(reply: Reply) -> str:
    """The reply's text as Telegram HTML: escaped (a roll's text is HTML already), each
    mentioned player's name a user link."""
    mentions = reply.mentions if isinstance(reply, Public) else ()
    if reply.html:
        escaped = tuple((user_id, _escape(name)) for user_id, name in mentions)
        return with_mentions(reply.text, escaped, user_link)
    return with_mentions(reply.text, mentions, user_link, _escape)


def pre(text: str) -> list[str]:
    """Escaped text in <pre> blocks that each fit a message."""
    room = MESSAGE_LIMIT - len(PRE[0]) - len(PRE[1])
    return [f"{PRE[0]}{part}{PRE[1]}" for part in split_message(text, room) if part]


def board_html(view: View) -> list[str]:
    """A board in HTML: its title in bold, the rest in <pre> so columns align in Telegram's
    fixed-width font; in pieces that each fit a message."""
    pieces = [f"<b>{_escape(view.title)}</b>"] if view.title else []
    return pieces + pre(_escape(render_text(replace(view, title=""))))


def html_messages(reply: Reply) -> list[str]:
    """The reply as HTML messages within Telegram's 4,096 characters: text split at line
    breaks (no tag spans lines), the text board in <pre> blocks, as few messages as fit."""
    pieces: list[str] = []
    for table, run in column_runs(html_text(reply)) if reply.text else []:
        pieces += pre(run) if table and not reply.html else split_message(run, MESSAGE_LIMIT)
    if reply.board is not None and not reply.image:
        pieces += board_html(reply.board)
    return pack_pieces(pieces, MESSAGE_LIMIT)


def inline_result_id(text: str) -> str:
    """At most 64 bytes, as Telegram requires, whatever was typed."""
    return "roll:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def roll_again(text: str, lang: str = "en") -> InlineKeyboardMarkup:
    """Inline messages need a keyboard for Telegram to report their id when chosen."""
    label = say(_("🎲 Roll again"), lang)
    key = InlineKeyboardButton(label, switch_inline_query_current_chat=text)
    return InlineKeyboardMarkup([[key]])


def fit_lines(text: str, limit: int) -> str:
    """Whole lines within `limit` (no tag of a roll spans lines), then an ellipsis."""
    if len(text) <= limit:
        return text
    return split_message(text, limit - 2)[0] + "\n…"


def start_payload(chat: str) -> str:
    """The deep link's start parameter for a table's chat (letters, digits, _ and - only)."""
    return "g" + chat.replace(":", "_")


def chat_of_start(payload: str) -> str | None:
    """The table's chat a deep link names, or None."""
    if not payload.startswith("g"):
        return None
    chat = payload[1:].replace("_", ":")
    try:
        split_chat(chat)
    except ValueError:
        return None
    return chat


def for_me(addressee: str | None, username: str | None) -> bool:
    """`/verb@name` is for this bot only when the name is its own (a caption is not filtered
    by CommandHandler, which does this for typed commands)."""
    return addressee is None or addressee.casefold() == (username or "").casefold()


ADMINS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
ADAPTER = "paperref.adapter"
"""Where the application keeps its adapter (bot_data), for the sweep job and tests."""


def bot_commands(lang: str = "en") -> list[BotCommand]:
    """The command menu in one language (Telegram shows it by the user's language_code)."""
    return [BotCommand(verb.name, say(verb.help, lang)[:256]) for verb in every_verb(SHARED)]


class TelegramAdapter:
    """Translates updates into Invocations and delivers the referee's replies; holds no game state."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee

    def install(self, application: App) -> None:
        names = [verb.name for verb in every_verb(SHARED)]
        application.add_handler(
            CommandHandler(names, self.on_command, filters=filters.UpdateType.MESSAGE)
        )
        documents = filters.Document.ALL & filters.CaptionRegex(r"^/")
        application.add_handler(MessageHandler(documents, self.on_document))
        application.add_handler(CallbackQueryHandler(self.on_press))
        application.add_handler(InlineQueryHandler(self.on_inline_query))
        application.add_handler(ChosenInlineResultHandler(self.on_inline_chosen))
        application.bot_data[ADAPTER] = self
        if application.job_queue is not None:
            application.job_queue.run_repeating(self.sweep, interval=SWEEP_SECONDS, first=1.0)

    async def sweep(self, context: Context) -> None:
        """The turn timers' clock (JobQueue): due reminders and timeouts, delivered like replies."""
        try:
            notices = await self.referee.sweep([PLATFORM])
        except Exception:
            log.exception("telegram: the deadline sweep failed; it runs again shortly")
            return
        for notice in notices:
            await self.deliver(context, notice.replies, Origin.of_chat(notice.chat_id))

    async def is_admin(self, context: Context, chat_id: int, user_id: int, private: bool) -> bool:
        """A group's administrators and owner (getChatMember); a private chat is its own admin."""
        if private:
            return True
        try:
            member = await context.bot.get_chat_member(chat_id, user_id)
        except TelegramError as error:
            log.warning("telegram: getChatMember failed in %s: %s", chat_id, error)
            return False
        return member.status in ADMINS

    # ---- typed commands ----

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
            await self.notify(context, origin, say(too_big, lang), quote=True)
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
            text=parsed.text,
            admin=changes_settings and await self.is_admin(context, chat.id, user.id, private),
            attachment=attachment,
            locale=user.language_code,
        )
        missing = await self.missing_players(inv)
        if missing:
            await self.ask_to_start(context, origin, missing, platform_language(inv.locale))
            return
        if (
            is_private_roll(inv.verb, inv.args)
            and not private
            and not await self.reachable(inv.user_id)
        ):
            lang = platform_language(inv.locale)
            await self.ask_to_start_for_roll(context, origin, inv.user_name, lang)
            return
        replies = await self.referee.handle(inv)
        await self.deliver(context, replies, origin)

    async def ask_to_start_for_roll(
        self, context: Context, origin: Origin, name: str, lang: str = "en"
    ) -> None:
        """A private roll goes by DM; one who never started the bot rolls nothing yet."""
        text = _(
            "{name}, a private roll comes to you in a private chat with me: press Start below, "
            "then roll again. Nothing was rolled.",
            name=name,
        )
        link = self.start_link(context, origin, lang)
        await self.notify(context, origin, say(text, lang), link, quote=True)

    async def notify(
        self,
        context: Context,
        origin: Origin,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        quote: bool = False,
    ) -> None:
        """A plain note to the origin's chat and topic (escaped), quoting the command if asked."""
        reply_to = origin.message_id if quote else None
        await self.send_text(context, origin, [_escape(text)], markup, reply_to)

    async def on_private_start(self, context: Context, update: Update, args: list[str]) -> bool:
        """/start in a DM: the user can now get private messages; True if a DM table should start."""
        user, chat = update.effective_user, update.effective_chat
        assert user is not None and chat is not None
        await self.referee.update_chat_data(PLATFORM, user_key(user.id), started=True)
        payload = args[0] if args else ""
        if not payload and await self.referee.seated_humans(PLATFORM, str(chat.id)):
            return True
        await context.bot.send_message(
            chat.id,
            _escape(
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
        return False

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
        await self.deliver(context, shown, Origin.of_chat(group, user.id))

    # ---- the game's /start waits until every seated human can get DMs ----

    async def reachable(self, user_id: str) -> bool:
        return bool((await self.referee.chat_data(PLATFORM, user_key(user_id))).get("started"))

    async def missing_players(self, inv: Invocation) -> list[str]:
        """Names of seated humans who never started the bot, when this is a group's /start of a
        game with hidden information (Papercraft needs no DMs)."""
        if inv.verb != "start" or inv.private:
            return []
        if not await self.referee.needs_private_messages(PLATFORM, inv.chat_id):
            return []
        seated = await self.referee.seated_humans(PLATFORM, inv.chat_id)
        return [name for user_id, name in seated if not await self.reachable(user_id)]

    async def ask_to_start(
        self, context: Context, origin: Origin, names: Sequence[str], lang: str = "en"
    ) -> None:
        text = _(
            "Before the game starts I must be able to send private cards to {names}: open a chat "
            "with me with the button below and press Start, then /start here again.",
            names=", ".join(names),
        )
        await self.notify(context, origin, say(text, lang), self.start_link(context, origin, lang))

    def start_link(
        self, context: Context, origin: Origin, lang: str = "en"
    ) -> InlineKeyboardMarkup:
        url = create_deep_linked_url(context.bot.username, start_payload(origin.chat))
        label = say(_("Start the bot privately"), lang)
        return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=url)]])

    # ---- inline mode: `@bot 1d20+5` in any chat ----

    async def on_inline_query(self, update: Update, context: Context) -> None:
        """Offer the roll without rolling it, so retyping the query cannot reroll: the number
        is decided when the result is chosen (on_inline_chosen)."""
        query = update.inline_query
        if query is None:
            return
        text = query.query.strip()
        lang = platform_language(query.from_user.language_code)
        if not text:
            await self.answer_inline(query, [], say(Text(INLINE_HINT), lang))
            return
        try:
            title = await self.referee.roll_title(PLATFORM, str(query.from_user.id), text)
        except RuleError as error:
            await self.answer_inline(query, [], say(error.message, lang))
            return
        rolling = Text(INLINE_ROLLING, {"name": query.from_user.full_name})
        article = InlineQueryResultArticle(
            id=inline_result_id(text),
            title=say(_("Roll {title}", title=title), lang)[:256],
            description=say(_("The dice are rolled when you send this, not before."), lang),
            input_message_content=InputTextMessageContent(say(rolling, lang)),
            reply_markup=roll_again(text, lang),
        )
        await self.answer_inline(query, [article])

    async def answer_inline(
        self, query: InlineQuery, results: list[InlineQueryResultArticle], note: str = ""
    ) -> None:
        """Personal and never cached, as each result names its roller; `note` when none."""
        button = None
        if note:
            if len(note) > INLINE_BUTTON_LIMIT:
                note = note[: INLINE_BUTTON_LIMIT - 1] + "…"
            button = InlineQueryResultsButton(note, start_parameter="dice")
        try:
            await query.answer(results, cache_time=0, is_personal=True, button=button)
        except TelegramError as error:
            log.warning("telegram: an inline query could not be answered: %s", error)

    async def on_inline_chosen(self, update: Update, context: Context) -> None:
        """The result was sent: roll now on the user's inline generator and edit the message."""
        chosen = update.chosen_inline_result
        if chosen is None:
            return
        if chosen.inline_message_id is None:
            log.warning("telegram: a chosen inline roll has no message id (inline feedback off?)")
            return
        user = chosen.from_user
        inv = Invocation(
            PLATFORM,
            inline_chat(user.id),
            str(user.id),
            user.full_name,
            "roll",
            split_args(chosen.query),
            update_id=str(update.update_id),
            text=chosen.query,
            locale=user.language_code,
        )
        replies = await self.referee.handle(inv)
        shown = next((r for r in replies if isinstance(r, Public)), replies[0] if replies else None)
        if shown is None:
            return  # a redelivery: the message was edited the first time
        try:
            await context.bot.edit_message_text(
                fit_lines(_as_html(shown), MESSAGE_LIMIT),
                inline_message_id=chosen.inline_message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=roll_again(chosen.query, platform_language(user.language_code)),
            )
        except TelegramError as error:
            log.warning("telegram: an inline roll could not be shown: %s", error)

    # ---- button presses ----

    async def on_press(self, update: Update, context: Context) -> None:
        query, user = update.callback_query, update.effective_user
        if query is None or user is None:
            return
        data = query.data or ""
        if data.startswith(PAGE):
            await self.turn_page(query, data)
            return
        press = await self.stored_press(data) if data.startswith(STORED) else decode_press(data)
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
        missing = await self.missing_players(inv)
        if missing:
            await answer(query)
            await self.ask_to_start(context, origin, missing, platform_language(inv.locale))
            return
        replies = await self.answer_press(query, inv)
        await self.deliver(context, replies, origin)

    async def stored_press(self, data: str) -> Press | None:
        """A button whose payload is kept server-side: `t:TOKEN:INDEX`."""
        found = read_stored(data, STORED)
        stored = await self.referee.stored_buttons(found[0]) if found else None
        if found is None or stored is None or not 0 <= found[1] < len(stored[3]):
            return None
        _, chat, version, pairs = stored
        return Press(version, chat, pairs[found[1]][1])

    async def turn_page(self, query: CallbackQuery, data: str) -> None:
        """Previous / Next on a paged keyboard: the same message shows the other page."""
        found = read_stored(data, PAGE)
        stored = await self.referee.stored_buttons(found[0]) if found else None
        if found is None or stored is None:
            lang = platform_language(query.from_user.language_code)
            await answer(query, say(BUTTON_GONE, lang))
            return
        labels = [label for label, _ in stored[3]]
        await answer(query)
        with contextlib.suppress(TelegramError):
            await query.edit_message_reply_markup(paged_keyboard(found[0], labels, found[1]))

    async def answer_press(self, query: CallbackQuery, inv: Invocation) -> list[Reply]:
        """Run the command and answer the press before any delivery; a refusal becomes an alert,
        a hand asked for in a group says where it went."""
        handling = asyncio.ensure_future(self.referee.handle(inv))
        done, _ = await asyncio.wait({handling}, timeout=ANSWER_WITHIN)
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
            await answer(query, await self.where_it_went(inv, replies))
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
        board = await self.referee.board_message(PLATFORM, inv.chat_id)
        return isinstance(message, Message) and board == str(message.message_id)

    async def where_it_went(self, inv: Invocation, replies: Sequence[Reply]) -> str | None:
        """Pressed in a group, an answer meant only for the presser goes to their DMs: say so."""
        mine = [r for r in replies if isinstance(r, Private) and r.user_id == inv.user_id]
        if inv.private or not mine:
            return None
        return say(HAND_SENT if await self.reachable(inv.user_id) else HAND_NOT_SENT, mine[0].lang)

    async def mark_chosen(self, query: CallbackQuery, inv: Invocation) -> None:
        """In a DM the pressed choice is spent: show what was chosen and drop the buttons."""
        message = query.message
        if not isinstance(message, Message) or message.chat.type != ChatType.PRIVATE:
            return
        chosen = " ".join(("/" + inv.verb, *inv.args))
        with contextlib.suppress(TelegramError):
            if message.text and len(message.text) + len(chosen) + 4 <= MESSAGE_LIMIT:
                await query.edit_message_text(
                    _escape(f"{message.text}\n\n✔ {chosen}"),
                    reply_markup=None,
                    parse_mode=ParseMode.HTML,
                )
            else:
                await query.edit_message_reply_markup(reply_markup=None)

    # ---- delivery ----

    async def deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        """Public replies to the table's chat and topic (its board edited in place), private ones
        by DM, a typed command's refusal in place."""
        for reply in coalesce(replies):
            try:
                if isinstance(reply, Public) and reply.live is not None:
                    await self.show_board(context, reply, origin)
                elif isinstance(reply, Public):
                    markup = await self.markup(reply.buttons, reply.version)
                    await self.send(context, origin, reply, markup)
                elif reply.refusal and origin.message_id is not None:
                    await self.send_refusal(context, reply, origin)
                elif reply.shareable and int(reply.user_id) != origin.chat_id:
                    await self.send_shareable(context, reply, origin)
                else:
                    await self.send_private(context, reply, origin)
            except TelegramError as error:
                log.warning(
                    "telegram: a reply to chat %s was not delivered: %s", origin.chat, error
                )

    async def markup(
        self, buttons: Sequence[Button], version: int | None, chat_ref: str = ""
    ) -> InlineKeyboardMarkup | None:
        """Buttons that carry their payload when it fits; otherwise (or past a page) the set is
        stored server-side and the keys carry a short token, paged with Previous / Next."""
        if not buttons:
            return None
        plain = keyboard(buttons, version, chat_ref)
        if plain is not None:
            return plain
        pairs = [(b.label, b.command) for b in buttons]
        token = await self.referee.store_buttons(PLATFORM, chat_ref, version, pairs)
        return paged_keyboard(token, [b.label for b in buttons], 0)

    async def show_board(self, context: Context, reply: Public, origin: Origin) -> None:
        """Edit the table's board message in place; post it anew (pinned where the bot may pin,
        the old one pointing at it) when there is none, it is gone, or it scrolled away."""
        live = reply.live
        assert live is not None
        markup = await self.markup(reply.buttons, reply.version)
        if live.message_id is not None and not live.repost:
            try:
                await self.edit_board(context, origin, int(live.message_id), reply, markup)
                return
            except BadRequest as error:
                if "not modified" in error.message:
                    return
                log.info("telegram: board %s not edited (%s); posting anew", live.message_id, error)
        message = await self.send(context, origin, reply, markup)
        if message is None:
            return
        if live.pin:
            try:
                await context.bot.pin_chat_message(
                    origin.chat_id, message.message_id, disable_notification=True
                )
            except TelegramError as error:
                log.info("telegram: the board is not pinned in %s: %s", origin.chat, error)
        if live.message_id is not None:
            with contextlib.suppress(TelegramError):
                await context.bot.edit_message_text(
                    say(BOARD_MOVED, reply.lang),
                    origin.chat_id,
                    int(live.message_id),
                    reply_markup=None,
                )
        await self.referee.board_posted(live.table_id, str(message.message_id))

    async def edit_board(
        self,
        context: Context,
        origin: Origin,
        message_id: int,
        reply: Public,
        markup: InlineKeyboardMarkup | None,
    ) -> None:
        """The board's message with the new state: its text, or its picture and caption."""
        if reply.board is not None and reply.image:
            from bot.render.image import render_png

            png = await asyncio.to_thread(render_png, reply.board)
            caption = html_text(reply) or _escape(reply.board.title)
            media = InputMediaPhoto(
                png, caption=fit_lines(caption, CAPTION_LIMIT), parse_mode=ParseMode.HTML
            )
            await context.bot.edit_message_media(
                media, origin.chat_id, message_id, reply_markup=markup
            )
            return
        text = fit_lines("\n".join(html_messages(reply)), MESSAGE_LIMIT)
        await context.bot.edit_message_text(
            text, origin.chat_id, message_id, parse_mode=ParseMode.HTML, reply_markup=markup
        )

    async def send_refusal(self, context: Context, reply: Private, origin: Origin) -> None:
        """A typed command's refusal. A game's rule refusal may name the sender's hidden cards,
        so in a group it goes by DM; a player the bot cannot DM gets a short reply without it."""
        in_group = int(reply.user_id) != origin.chat_id
        safe = reply.refusal in (Refusal.TURN, Refusal.STALE, Refusal.ERROR)
        if not in_group or safe or not await self.seated(origin.chat, reply.user_id):
            await self.send(context, origin, reply, None, origin.message_id)
            return
        if await self.reachable(reply.user_id):
            await self.send_private(context, reply, origin)
            return
        text = _(
            "{name}, that was refused; the reason may name your cards, so I can only tell you "
            "privately: press Start below, then try again.",
            name=reply.name,
        )
        link = self.start_link(context, origin, reply.lang)
        await self.notify(context, origin, say(text, reply.lang), link, quote=True)

    async def send_shareable(self, context: Context, reply: Private, origin: Origin) -> None:
        """Help and rules asked for in a group: privately when the player has started the bot,
        else as a reply in the group (nothing in them is secret)."""
        if await self.reachable(reply.user_id):
            try:
                markup = await self.markup(reply.buttons, reply.version, origin.chat)
                await self.send(
                    context, Origin(int(reply.user_id), int(reply.user_id)), reply, markup
                )
                return
            except Forbidden:
                await self.referee.update_chat_data(
                    PLATFORM, user_key(reply.user_id), started=False
                )
        await self.send(context, origin, reply, None, origin.message_id)

    async def seated(self, chat: str, user_id: str) -> bool:
        return any(seat == user_id for seat, _ in await self.referee.seated_humans(PLATFORM, chat))

    async def send_private(self, context: Context, reply: Private, origin: Origin) -> None:
        """A DM; buttons in it name the table's chat. A 403 marks the user unreachable, and the
        table's chat hears of it once per player and game."""
        user_chat = int(reply.user_id)
        here = user_chat == origin.chat_id
        chat_ref = "" if here else origin.chat
        try:
            markup = await self.markup(reply.buttons, reply.version, chat_ref)
            await self.send(context, Origin(user_chat, user_chat), reply, markup)
        except Forbidden:
            await self.referee.update_chat_data(PLATFORM, user_key(user_chat), started=False)
            if here or not await self.referee.first_notice(
                PLATFORM, origin.chat, f"dm:{user_chat}"
            ):
                return
            text = _(
                "{name}, I cannot send you private messages yet: open a chat with me with "
                "the button below and press Start.",
                name=reply.name,
            )
            link = self.start_link(context, origin, reply.lang)
            await self.notify(context, origin, say(text, reply.lang), link)

    async def send(
        self,
        context: Context,
        origin: Origin,
        reply: Reply,
        markup: InlineKeyboardMarkup | None,
        reply_to: int | None = None,
    ) -> Message | None:
        """A reply as HTML messages to the origin's chat and topic; the last message sent."""
        if reply.file is not None:
            name, data = reply.file
            caption = html_text(reply)
            return await context.bot.send_document(
                origin.chat_id,
                data,
                filename=name,
                caption=caption if len(caption) <= CAPTION_LIMIT else None,
                parse_mode=ParseMode.HTML,
                message_thread_id=origin.thread_id,
                reply_markup=markup,
            )
        if reply.board is not None and reply.image:
            return await self.send_photo(context, origin, html_text(reply), reply.board, markup)
        return await self.send_text(context, origin, html_messages(reply), markup, reply_to)

    async def send_text(
        self,
        context: Context,
        origin: Origin,
        parts: Sequence[str],
        markup: InlineKeyboardMarkup | None,
        reply_to: int | None = None,
    ) -> Message | None:
        """HTML messages, each within 4,096 characters; the buttons ride on the last part."""
        quote = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        sent = None
        for i, part in enumerate(parts):
            if not part:
                continue
            sent = await context.bot.send_message(
                origin.chat_id,
                part,
                reply_markup=markup if i == len(parts) - 1 else None,
                reply_parameters=quote if i == 0 else None,
                parse_mode=ParseMode.HTML,
                message_thread_id=origin.thread_id,
            )
        return sent

    async def send_photo(
        self,
        context: Context,
        origin: Origin,
        text: str,
        board: View,
        markup: InlineKeyboardMarkup | None,
    ) -> Message:
        """The board as a PNG; its text as the caption when it fits, else as messages before it."""
        from bot.render.image import render_png

        png = await asyncio.to_thread(render_png, board)
        caption = text or _escape(board.title)
        if len(caption) > CAPTION_LIMIT:
            await self.send_text(context, origin, split_message(caption, MESSAGE_LIMIT), None)
            caption = _escape(board.title)[:CAPTION_LIMIT]
        return await context.bot.send_photo(
            origin.chat_id,
            png,
            caption=caption or None,
            reply_markup=markup,
            parse_mode=ParseMode.HTML,
            message_thread_id=origin.thread_id,
        )


def build_application(
    referee: Referee,
    settings: Settings,
    *,
    base_url: str | None = None,
    base_file_url: str | None = None,
    rate_limiter: BaseRateLimiter[Any] | None = None,
) -> App:
    """The python-telegram-bot Application with our handlers; the URLs point tests at a fake API."""
    token = settings.telegram.token
    if token is None or not token.get_secret_value():
        raise ConfigError("config: telegram.token: required to run on Telegram")
    calls, updates = telegram_requests()  # each request counted for the metrics
    builder = ApplicationBuilder().token(token.get_secret_value())
    builder = builder.request(calls).get_updates_request(updates)
    if base_url is not None:
        builder = builder.base_url(base_url)
    if base_file_url is not None:
        builder = builder.base_file_url(base_file_url)
    limiter = rate_limiter or AIORateLimiter(max_retries=MAX_RETRIES)
    builder = builder.rate_limiter(cast("BaseRateLimiter[None]", limiter))
    application = builder.build()
    TelegramAdapter(referee).install(application)
    meter().queue("telegram_updates", application.update_queue.qsize)
    return application


async def serve(application: App, settings: Settings) -> None:
    """Run until cancelled: long polling by default, or a webhook (any number of workers)."""
    config = settings.telegram
    if config.mode == "webhook" and not config.webhook_url:
        raise ConfigError("config: telegram.webhook_url: required when mode is webhook")
    async with application:
        await application.bot.set_my_commands(bot_commands())
        for lang in LANGUAGES[1:]:
            await application.bot.set_my_commands(bot_commands(lang), language_code=lang)
        await application.start()
        updater = application.updater
        assert updater is not None
        await _receive_updates(updater, config)
        try:
            await asyncio.Event().wait()
        finally:
            await updater.stop()
            await application.stop()


async def _receive_updates(updater: Updater, config: TelegramSettings) -> None:
    """Workers behind a balancer all register the same webhook URL; that is harmless."""
    if config.mode == "polling" or config.webhook_url is None:
        await updater.start_polling(allowed_updates=ALLOWED_UPDATES)
        return
    secret = config.secret_token.get_secret_value() if config.secret_token else None
    await updater.start_webhook(
        listen=config.listen,
        port=config.port,
        url_path=urlsplit(config.webhook_url).path.lstrip("/"),
        webhook_url=config.webhook_url,
        allowed_updates=ALLOWED_UPDATES,
        secret_token=secret,
    )


async def run(referee: Referee, settings: Settings) -> None:
    """Entry point for bot/cli.py; httpx would log request URLs, which contain the token."""
    logging.getLogger("httpx").setLevel(logging.WARNING)
    await serve(build_application(referee, settings), settings)
