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
    InputTextMessageContent,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import Forbidden, TelegramError
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
    Updater,
    filters,
)
from telegram.helpers import create_deep_linked_url

from bot.adapters.base import (
    SWEEP_SECONDS,
    decode_press,
    encode_press,
    is_stale,
    split_message,
    with_mentions,
)
from bot.commands.help import every_verb
from bot.commands.parse import Invocation, parse_command, split_args
from bot.config import ConfigError, Settings, TelegramSettings
from bot.referee import Referee
from bot.render.text import render_text
from bot.replies import Button, Private, Public, Refusal, Reply
from bot.verbs import SHARED
from bot.verbs.dice import is_private_roll
from games.base import RuleError, View

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
ALLOWED_UPDATES = [
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.INLINE_QUERY,
    Update.CHOSEN_INLINE_RESULT,
]
INLINE_ROLLING = "🎲 {name} is rolling…"
"""An inline roll's message until it is chosen: no number, for none is decided yet."""
INLINE_HINT = "Type dice after my name, e.g. 2d6+1"
INLINE_BUTTON_LIMIT = 64
Context = ContextTypes.DEFAULT_TYPE
App = Application[Any, Any, Any, Any, Any, Any]


@dataclass(frozen=True)
class Origin:
    """Where a command came from: the table's chat, who sent it, and the typed message (if any)."""

    chat_id: int
    user_id: int
    message_id: int | None = None


def keyboard(
    buttons: Sequence[Button], version: int | None, chat_ref: str = ""
) -> InlineKeyboardMarkup | None:
    """Short labels share a row; a command too long for callback data gets no button."""
    rows: list[list[InlineKeyboardButton]] = []
    width = ROW_CHARS
    for button in buttons:
        data = encode_press(button.command, version, chat_ref, CALLBACK_LIMIT)
        if data is None:
            log.debug("telegram: button %r does not fit callback data", button.command)
            continue
        key = InlineKeyboardButton(button.label[:64], callback_data=data)
        if rows and len(rows[-1]) < 3 and width + len(button.label) <= ROW_CHARS:
            rows[-1].append(key)
            width += len(button.label)
        else:
            rows.append([key])
            width = len(button.label)
    return InlineKeyboardMarkup(rows) if rows else None


def _as_html(reply: Reply) -> str:
    return reply.text if reply.html else _escape(reply.text)


def _same_audience(a: Reply, b: Reply) -> bool:
    if a.file is not None or b.file is not None:
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


def html_text(reply: Reply) -> str | None:
    """The reply as HTML: a roll's text is HTML already, mentions become user links; None for
    plain text that mentions nobody."""
    mentions = reply.mentions if isinstance(reply, Public) else ()
    if reply.html:
        escaped = tuple((user_id, _escape(name)) for user_id, name in mentions)
        return with_mentions(reply.text, escaped, user_link)
    if not mentions:
        return None
    return with_mentions(reply.text, mentions, user_link, _escape)


def inline_chat(user_id: int | str) -> str:
    """The chat whose generator rolls one user's inline rolls (seeded and logged like any chat)."""
    return f"inline:{user_id}"


def inline_result_id(text: str) -> str:
    """At most 64 bytes, as Telegram requires, whatever was typed."""
    return "roll:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def roll_again(text: str) -> InlineKeyboardMarkup:
    """Inline messages need a keyboard for Telegram to report their id when chosen."""
    key = InlineKeyboardButton("🎲 Roll again", switch_inline_query_current_chat=text)
    return InlineKeyboardMarkup([[key]])


def fit_lines(text: str, limit: int) -> str:
    """Whole lines within `limit` (no tag of a roll spans lines), then an ellipsis."""
    if len(text) <= limit:
        return text
    return split_message(text, limit - 2)[0] + "\n…"


ADMINS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
ADAPTER = "paperref.adapter"
"""Where the application keeps its adapter (bot_data), for the sweep job and tests."""


def bot_commands() -> list[BotCommand]:
    return [BotCommand(verb.name, verb.help[:256]) for verb in every_verb(SHARED)]


class TelegramAdapter:
    """Translates updates into Invocations and delivers the referee's replies; holds no game state."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee

    def install(self, application: App) -> None:
        names = [verb.name for verb in every_verb(SHARED)]
        application.add_handler(
            CommandHandler(names, self.on_command, filters=filters.UpdateType.MESSAGE)
        )
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
            await self.deliver(context, notice.replies, Origin(int(notice.chat_id), 0))

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
        message, user, chat = update.message, update.effective_user, update.effective_chat
        if message is None or user is None or chat is None or not message.text:
            return
        parsed = parse_command(message.text)
        if parsed is None:
            return
        private = chat.type == ChatType.PRIVATE
        if (
            parsed.verb == "start"
            and private
            and not await self.on_private_start(context, update, parsed.args)
        ):
            return
        changes_settings = parsed.verb == "settings" and bool(parsed.args)
        inv = Invocation(
            PLATFORM,
            str(chat.id),
            str(user.id),
            user.full_name,
            parsed.verb,
            parsed.args,
            update_id=str(update.update_id),
            private=private,
            text=parsed.text,
            admin=changes_settings and await self.is_admin(context, chat.id, user.id, private),
        )
        missing = await self.missing_players(inv)
        if missing:
            await self.ask_to_start(context, chat.id, missing)
            return
        if (
            is_private_roll(inv.verb, inv.args)
            and not private
            and not await self.reachable(inv.user_id)
        ):
            await self.ask_to_start_for_roll(context, chat.id, inv.user_name, message.message_id)
            return
        replies = await self.referee.handle(inv)
        await self.deliver(context, replies, Origin(chat.id, user.id, message.message_id))

    async def ask_to_start_for_roll(
        self, context: Context, chat_id: int, name: str, message_id: int
    ) -> None:
        """A private roll goes by DM; one who never started the bot rolls nothing yet."""
        text = (
            f"{name}, a private roll comes to you in a private chat with me: press Start below, "
            "then roll again. Nothing was rolled."
        )
        await context.bot.send_message(
            chat_id,
            text,
            reply_markup=self.start_link(context, chat_id),
            reply_parameters=ReplyParameters(message_id, allow_sending_without_reply=True),
        )

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
            f"Hello {user.first_name}! I will send your cards and choices here. "
            "Play in your group; /help lists the commands.",
        )
        if payload.startswith("g") and payload[1:].lstrip("-").isdigit():
            await self.send_hand(context, update, int(payload[1:]))
        return False

    async def send_hand(self, context: Context, update: Update, group: int) -> None:
        """After a deep-link start, show the player's hand at that group's table right away."""
        user = update.effective_user
        assert user is not None
        inv = Invocation(
            PLATFORM,
            str(group),
            str(user.id),
            user.full_name,
            "hand",
            update_id=f"{update.update_id}:hand",
            private=True,
        )
        replies = await self.referee.handle(inv)
        shown = [r for r in replies if not (isinstance(r, Private) and r.refusal)]
        await self.deliver(context, shown, Origin(group, user.id))

    # ---- the game's /start waits until every seated human can get DMs ----

    async def reachable(self, user_id: str) -> bool:
        return bool((await self.referee.chat_data(PLATFORM, user_key(user_id))).get("started"))

    async def missing_players(self, inv: Invocation) -> list[str]:
        """Names of seated humans who never started the bot, when this is a group's /start."""
        if inv.verb != "start" or inv.private:
            return []
        seated = await self.referee.seated_humans(PLATFORM, inv.chat_id)
        return [name for user_id, name in seated if not await self.reachable(user_id)]

    async def ask_to_start(self, context: Context, chat_id: int, names: Sequence[str]) -> None:
        text = (
            f"Before the game starts I must be able to send private cards to {', '.join(names)}: "
            "open a chat with me with the button below and press Start, then /start here again."
        )
        await context.bot.send_message(
            chat_id, text, reply_markup=self.start_link(context, chat_id)
        )

    def start_link(self, context: Context, chat_id: int) -> InlineKeyboardMarkup:
        url = create_deep_linked_url(context.bot.username, f"g{chat_id}")
        return InlineKeyboardMarkup([[InlineKeyboardButton("Start the bot privately", url=url)]])

    # ---- inline mode: `@bot 1d20+5` in any chat ----

    async def on_inline_query(self, update: Update, context: Context) -> None:
        """Offer the roll without rolling it, so retyping the query cannot reroll: the number
        is decided when the result is chosen (on_inline_chosen)."""
        query = update.inline_query
        if query is None:
            return
        text = query.query.strip()
        if not text:
            await self.answer_inline(query, [], INLINE_HINT)
            return
        try:
            title = await self.referee.roll_title(PLATFORM, str(query.from_user.id), text)
        except RuleError as error:
            await self.answer_inline(query, [], str(error))
            return
        article = InlineQueryResultArticle(
            id=inline_result_id(text),
            title=f"Roll {title}"[:256],
            description="The dice are rolled when you send this, not before.",
            input_message_content=InputTextMessageContent(
                INLINE_ROLLING.format(name=query.from_user.full_name)
            ),
            reply_markup=roll_again(text),
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
                reply_markup=roll_again(chosen.query),
            )
        except TelegramError as error:
            log.warning("telegram: an inline roll could not be shown: %s", error)

    # ---- button presses ----

    async def on_press(self, update: Update, context: Context) -> None:
        query, user = update.callback_query, update.effective_user
        if query is None or user is None:
            return
        press = decode_press(query.data or "")
        parsed = parse_command(press.command) if press is not None else None
        message = query.message
        if press is None or parsed is None or not isinstance(message, Message):
            await answer(query, "This button no longer works; use /status or /hand.")
            return
        chat_id = int(press.chat_ref) if press.chat_ref else message.chat.id
        inv = Invocation(
            PLATFORM,
            str(chat_id),
            str(user.id),
            user.full_name,
            parsed.verb,
            parsed.args,
            update_id=str(update.update_id),
            private=chat_id == message.chat.id and message.chat.type == ChatType.PRIVATE,
            version=press.version,
        )
        missing = await self.missing_players(inv)
        if missing:
            await answer(query)
            await self.ask_to_start(context, chat_id, missing)
            return
        replies = await self.answer_press(query, inv)
        await self.deliver(context, replies, Origin(chat_id, user.id))

    async def answer_press(self, query: CallbackQuery, inv: Invocation) -> list[Reply]:
        """Run the command and answer the press before any delivery; a refusal becomes an alert."""
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
            await answer(query)
            await self.mark_chosen(query, inv)
            return replies
        await answer(query, alert.text, alert=True)
        if is_stale(alert):
            with contextlib.suppress(TelegramError):
                await query.edit_message_reply_markup(reply_markup=None)
        return [r for r in replies if r is not alert]

    async def mark_chosen(self, query: CallbackQuery, inv: Invocation) -> None:
        """In a DM the pressed choice is spent: show what was chosen and drop the buttons."""
        message = query.message
        if not isinstance(message, Message) or message.chat.type != ChatType.PRIVATE:
            return
        chosen = " ".join(("/" + inv.verb, *inv.args))
        with contextlib.suppress(TelegramError):
            if message.text and len(message.text) + len(chosen) + 4 <= MESSAGE_LIMIT:
                await query.edit_message_text(f"{message.text}\n\n✔ {chosen}", reply_markup=None)
            else:
                await query.edit_message_reply_markup(reply_markup=None)

    # ---- delivery ----

    async def deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        """Public replies to the table's chat, private ones by DM, a typed command's refusal in place."""
        for reply in coalesce(replies):
            try:
                if isinstance(reply, Public):
                    markup = keyboard(reply.buttons, reply.version)
                    await self.send(context, origin.chat_id, reply, markup)
                elif reply.refusal and origin.message_id is not None:
                    await self.send_refusal(context, reply, origin)
                else:
                    await self.send_private(context, reply, origin)
            except TelegramError as error:
                log.warning(
                    "telegram: a reply to chat %s was not delivered: %s", origin.chat_id, error
                )

    async def send_refusal(self, context: Context, reply: Private, origin: Origin) -> None:
        """A typed command's refusal. A game's rule refusal may name the sender's hidden cards,
        so in a group it goes by DM; a player the bot cannot DM gets a short reply without it."""
        in_group = int(reply.user_id) != origin.chat_id
        safe = reply.refusal in (Refusal.TURN, Refusal.STALE, Refusal.ERROR)
        if not in_group or safe or not await self.seated(origin.chat_id, reply.user_id):
            await self.send(context, origin.chat_id, reply, None, origin.message_id)
            return
        if await self.reachable(reply.user_id):
            await self.send_private(context, reply, origin)
            return
        text = (
            f"{reply.name}, that was refused; the reason may name your cards, so I can only "
            "tell you privately: press Start below, then try again."
        )
        await context.bot.send_message(
            origin.chat_id,
            text,
            reply_markup=self.start_link(context, origin.chat_id),
            reply_parameters=ReplyParameters(
                origin.message_id or 0, allow_sending_without_reply=True
            ),
        )

    async def seated(self, chat_id: int, user_id: str) -> bool:
        return any(
            seat == user_id for seat, _ in await self.referee.seated_humans(PLATFORM, str(chat_id))
        )

    async def send_private(self, context: Context, reply: Private, origin: Origin) -> None:
        """A DM; buttons in it name the table's chat. A 403 marks the user unreachable."""
        user_chat = int(reply.user_id)
        chat_ref = "" if user_chat == origin.chat_id else str(origin.chat_id)
        try:
            await self.send(
                context, user_chat, reply, keyboard(reply.buttons, reply.version, chat_ref)
            )
        except Forbidden:
            await self.referee.update_chat_data(PLATFORM, user_key(user_chat), started=False)
            if user_chat == origin.chat_id:
                return
            text = (
                f"{reply.name}, I cannot send you private messages yet: open a chat with me with "
                "the button below and press Start."
            )
            markup = self.start_link(context, origin.chat_id)
            await context.bot.send_message(origin.chat_id, text, reply_markup=markup)

    async def send(
        self,
        context: Context,
        chat_id: int,
        reply: Reply,
        markup: InlineKeyboardMarkup | None,
        reply_to: int | None = None,
    ) -> None:
        if reply.file is not None:
            name, data = reply.file
            caption = reply.text if len(reply.text) <= CAPTION_LIMIT else None
            await context.bot.send_document(chat_id, data, filename=name, caption=caption)
            return
        linked = html_text(reply)
        if reply.board is not None and reply.image:
            if reply.html and linked is not None:
                await self.send_photo(context, chat_id, linked, reply.board, markup, ParseMode.HTML)
            else:
                await self.send_photo(context, chat_id, reply.text, reply.board, markup)
            return
        board = render_text(reply.board) if reply.board is not None else ""
        if reply.html and linked is not None:  # a roll: HTML at any length
            text = "\n".join(p for p in (linked, _escape(board)) if p)
            await self.send_text(context, chat_id, text, markup, reply_to, ParseMode.HTML)
            return
        text = "\n".join(p for p in (reply.text, board) if p)
        if linked is not None and reply.board is None and len(linked) <= MESSAGE_LIMIT:
            await context.bot.send_message(
                chat_id, linked, parse_mode=ParseMode.HTML, reply_markup=markup
            )
            return
        await self.send_text(context, chat_id, text, markup, reply_to)

    async def send_text(
        self,
        context: Context,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None,
        reply_to: int | None = None,
        parse_mode: str | None = None,
    ) -> None:
        """Split at Telegram's 4,096 characters (HTML at line breaks, which no tag of a roll
        spans); the buttons ride on the last part."""
        if not text:
            return
        parts = split_message(text, MESSAGE_LIMIT)
        quote = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            await context.bot.send_message(
                chat_id,
                part,
                reply_markup=markup if last else None,
                reply_parameters=quote if i == 0 else None,
                parse_mode=parse_mode,
            )

    async def send_photo(
        self,
        context: Context,
        chat_id: int,
        text: str,
        board: View,
        markup: InlineKeyboardMarkup | None,
        parse_mode: str | None = None,
    ) -> None:
        """The board as a PNG; its text as the caption when it fits, else as messages before it."""
        from bot.render.image import render_png

        png = await asyncio.to_thread(render_png, board)
        caption = text if text and len(text) <= CAPTION_LIMIT else None
        if text and caption is None:
            await self.send_text(context, chat_id, text, None, parse_mode=parse_mode)
        await context.bot.send_photo(
            chat_id,
            png,
            caption=caption,
            reply_markup=markup,
            parse_mode=parse_mode if caption else None,
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
    builder = ApplicationBuilder().token(token.get_secret_value())
    if base_url is not None:
        builder = builder.base_url(base_url)
    if base_file_url is not None:
        builder = builder.base_file_url(base_file_url)
    limiter = rate_limiter or AIORateLimiter(max_retries=MAX_RETRIES)
    builder = builder.rate_limiter(cast("BaseRateLimiter[None]", limiter))
    application = builder.build()
    TelegramAdapter(referee).install(application)
    return application


async def serve(application: App, settings: Settings) -> None:
    """Run until cancelled: long polling by default, or a webhook (any number of workers)."""
    config = settings.telegram
    if config.mode == "webhook" and not config.webhook_url:
        raise ConfigError("config: telegram.webhook_url: required when mode is webhook")
    async with application:
        await application.bot.set_my_commands(bot_commands())
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
