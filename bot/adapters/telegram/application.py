"""The python-telegram-bot Application: handlers for commands, files, presses and inline rolls,
the turn timers' sweep, the command menu in every language, polling or a webhook."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

from telegram import InlineKeyboardMarkup, Message, Update
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.adapters.base import SWEEP_SECONDS, Press, drain
from bot.adapters.telegram.chat import PAGES, Context, Origin, TelegramChat
from bot.adapters.telegram.commands import TypedCommands
from bot.adapters.telegram.inline import InlineRolls
from bot.adapters.telegram.intake import Intake, confirm, poll
from bot.adapters.telegram.keyboards import markup, stored_press
from bot.adapters.telegram.menus import bot_commands
from bot.adapters.telegram.outbox import Outbox
from bot.adapters.telegram.pacing import ChatRateLimiter, ChatUpdates, chat_key_of
from bot.adapters.telegram.presses import Presses
from bot.adapters.telegram.private import PLATFORM, PrivateChats
from bot.commands.help import every_verb
from bot.config import ConfigError, Settings, TelegramSettings
from bot.i18n import LANGUAGES
from bot.ops.meter import meter
from bot.ops.telegram_calls import telegram_requests
from bot.port import PagesPort, RefereePort
from bot.replies import Button, Reply
from bot.verbs import SHARED

if TYPE_CHECKING:
    from bot.adapters.telegram.webhook import Webhook

log = logging.getLogger(__name__)

ALLOWED_UPDATES = [
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.INLINE_QUERY,
    Update.CHOSEN_INLINE_RESULT,
]
FLUSH_SECONDS = 10.0
"""At a stop, how long the replies still going out may take after the updates are done (the
process exits within 30 s: see bot.adapters.base.DRAIN_SECONDS)."""
ADAPTER = "paperref.adapter"
"""Where the application keeps its adapter (bot_data), for the sweep job and tests."""
App = Application[Any, Any, Any, Any, Any, Any]


class TelegramAdapter:
    """Translates updates into Invocations and delivers the referee's replies; holds no game state."""

    def __init__(self, referee: RefereePort) -> None:
        self.referee = referee
        self.delivery = referee.delivery(PLATFORM)
        self.private = PrivateChats(referee, self.delivery)
        self.outbox = Outbox(self.delivery, self.private)
        self.commands = TypedCommands(referee, self.private, self.outbox)
        self.presses = Presses(referee, self.private, self.outbox)
        self.inline = InlineRolls(referee, self.delivery, self.outbox)
        self.sweeping = asyncio.Lock()

    def install(self, application: App, pages: PagesPort | None = None) -> None:
        """Its handlers and the sweep; with `pages`, how a move made on a web page is delivered."""
        names = [verb.name for verb in every_verb(SHARED)]
        application.add_handler(
            CommandHandler(names, self.commands.on_command, filters=filters.UpdateType.MESSAGE)
        )
        documents = filters.Document.ALL & filters.CaptionRegex(r"^/")
        application.add_handler(MessageHandler(documents, self.commands.on_document))
        application.add_handler(CallbackQueryHandler(self.presses.on_press))
        application.add_handler(MessageHandler(filters.StatusUpdate.PINNED_MESSAGE, self.on_pinned))
        application.add_handler(InlineQueryHandler(self.inline.on_inline_query))
        application.add_handler(ChosenInlineResultHandler(self.inline.on_inline_chosen))
        application.bot_data[ADAPTER] = self
        if pages is not None:
            pages.deliverers[PLATFORM] = partial(self.from_page, application)
        if application.job_queue is not None:
            application.job_queue.run_repeating(self.sweep, interval=SWEEP_SECONDS, first=1.0)

    async def on_pinned(self, update: Update, context: Context) -> None:
        """Telegram's line "PaperRef pinned a message" under a board the bot pinned is deleted
        where the bot may delete messages; without that right the line stays."""
        line = update.effective_message
        if line is None or line.from_user is None or line.from_user.id != context.bot.id:
            return  # a person's pin is theirs
        try:
            await line.delete()
        except TelegramError as error:
            log.info("telegram: the pin's line stays in %s: %s", line.chat_id, error)

    async def sweep(self, context: Context) -> None:
        """The turn timers' clock (JobQueue): due reminders and timeouts, delivered like replies."""
        async with self.sweeping:
            try:
                notices = await self.referee.sweep([PLATFORM])
            except Exception:
                log.exception("telegram: the deadline sweep failed; it runs again shortly")
                return
            for notice in notices:
                await self.deliver(context, notice.replies, Origin.of_chat(notice.chat_id))

    async def stop_sweeping(self, application: App) -> None:
        """Start no sweep and let a running one deliver what it fired: stopping the JobQueue
        cancels a running job, and its timeouts' notices would be lost."""
        if application.job_queue is not None and application.job_queue.scheduler.running:
            application.job_queue.scheduler.pause()
        async with self.sweeping:
            return

    async def deliver(self, context: Context, replies: Sequence[Reply], origin: Origin) -> None:
        await self.outbox.deliver(context, replies, origin)

    async def from_page(self, application: App, chat: str, replies: Sequence[Reply]) -> None:
        """A move made on a web page: its replies delivered to the table's chat and topic as a
        typed command's are, in that chat's turn among its updates, paced by the same limiter."""
        origin = Origin.of_chat(chat)
        work = self.deliver(Context(application), replies, origin)
        processor = application.update_processor
        if isinstance(processor, ChatUpdates):
            await processor.order.run(chat_key_of(origin.chat_id), work)
        else:
            await work

    async def send(
        self,
        context: Context,
        origin: Origin,
        reply: Reply,
        keys: InlineKeyboardMarkup | None,
        reply_to: int | None = None,
    ) -> Message | None:
        """A reply as HTML messages to the origin's chat and topic; the last message sent."""
        return await TelegramChat(context, origin, self.delivery).send(reply, keys, reply_to)

    async def markup(
        self, buttons: Sequence[Button], version: int | None, chat_ref: str = ""
    ) -> InlineKeyboardMarkup | None:
        return await markup(self.delivery, buttons, version, chat_ref)

    async def stored_press(self, data: str) -> Press | None:
        return await stored_press(self.referee, data)


def build_application(
    referee: RefereePort,
    settings: Settings,
    *,
    base_url: str | None = None,
    base_file_url: str | None = None,
    rate_limiter: BaseRateLimiter[Any] | None = None,
    pages: PagesPort | None = None,
) -> App:
    """The python-telegram-bot Application with our handlers, serving every chat at once and each
    in order, paced per chat (bot.adapters.telegram.pacing); the URLs point tests at a fake API."""
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
    limiter = rate_limiter or ChatRateLimiter()
    builder = builder.rate_limiter(cast("BaseRateLimiter[None]", limiter))
    builder = builder.updater(None)  # updates come in through bot.adapters.telegram.intake
    processor = ChatUpdates()
    application = builder.concurrent_updates(processor).build()
    TelegramAdapter(referee).install(application, pages)
    if settings.web.port is not None and settings.web.public_url:
        application.bot_data[PAGES] = settings.web.public_url.rstrip("/")
    meter().queue("telegram_updates", application.update_queue.qsize)
    meter().queue("telegram_chats", processor.waiting)
    return application


async def serve(application: App, settings: Settings, stop: asyncio.Event | None = None) -> None:
    """Run until `stop` is set (or cancelled): long polling by default, or a webhook (any number
    of workers); then take no more updates, let the ones taken finish, and log the drain."""
    config = settings.telegram
    webhook = config.mode == "webhook"
    if webhook and not config.webhook_url:
        raise ConfigError("config: telegram.webhook_url: required when mode is webhook")
    stop = stop or asyncio.Event()
    async with application:
        await application.bot.set_my_commands(bot_commands())
        for lang in LANGUAGES[1:]:
            await application.bot.set_my_commands(bot_commands(lang), language_code=lang)
        await application.start()
        intake = Intake(application)
        meter().queue("telegram_updates", lambda: len(intake.running))
        hook: Webhook | None = None
        try:
            if webhook:
                hook = await _webhook(intake, config)
                await stop.wait()
            else:
                await poll(intake, stop, ALLOWED_UPDATES)
        finally:
            adapter: TelegramAdapter = application.bot_data[ADAPTER]
            if hook is not None:
                await hook.close()
            finished, cancelled = await intake.drain()
            await adapter.stop_sweeping(application)
            cut = await adapter.outbox.flush(FLUSH_SECONDS)
            await drain(adapter.delivery.held(), FLUSH_SECONDS)  # boards a limit held back
            if hook is not None:
                await hook.cleanup()
            elif not webhook:
                await confirm(intake)
            log.info(
                "telegram: drained: no more updates taken; %d in flight finished, %d cancelled"
                " (sent again by Telegram); offset %d; %d chats' replies cut short",
                finished,
                cancelled,
                intake.offset(),
                cut,
            )
            await application.stop()


async def _webhook(intake: Intake, config: TelegramSettings) -> Webhook:
    """Workers behind a balancer all register the same webhook URL; that is harmless."""
    from bot.adapters.telegram.webhook import Webhook

    assert config.webhook_url is not None
    secret = config.secret_token.get_secret_value() if config.secret_token else None
    hook = Webhook(intake, urlsplit(config.webhook_url).path, secret)
    await hook.start(config.listen, config.port)
    await intake.application.bot.set_webhook(
        url=config.webhook_url, allowed_updates=ALLOWED_UPDATES, secret_token=secret
    )
    return hook


async def run(
    referee: RefereePort,
    settings: Settings,
    stop: asyncio.Event | None = None,
    pages: PagesPort | None = None,
) -> None:
    """Entry point for bot/cli.py, until `stop` (or cancelled); httpx would log request URLs,
    which contain the token."""
    logging.getLogger("httpx").setLevel(logging.WARNING)
    await serve(build_application(referee, settings, pages=pages), settings, stop)
