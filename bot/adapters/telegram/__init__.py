"""Telegram: commands and button presses in, the referee's replies out as group messages and DMs.

Split by concept, as python-telegram-bot splits its own `ext/`: `application` (the Application,
its handlers and the sweep), `commands` (typed commands), `presses` (button presses),
`inline` (inline rolls), `menus` (the command menu, per group once a table opens),
`private` (private chats), `outbox` (where each reply goes), `chat`
(the primitives bot.delivery drives), `keyboards` (inline keyboards) and `messages` (HTML)."""

from bot.adapters.base import decode_press, encode_press
from bot.adapters.telegram.application import (
    ADAPTER,
    ALLOWED_UPDATES,
    TelegramAdapter,
    build_application,
    run,
    serve,
)
from bot.adapters.telegram.chat import Origin
from bot.adapters.telegram.inline import INLINE_ROLLING
from bot.adapters.telegram.keyboards import CALLBACK_LIMIT, keyboard
from bot.adapters.telegram.menus import bot_commands
from bot.adapters.telegram.messages import MESSAGE_LIMIT, coalesce
from bot.delivery import user_key

__all__ = [
    "ADAPTER",
    "ALLOWED_UPDATES",
    "CALLBACK_LIMIT",
    "INLINE_ROLLING",
    "MESSAGE_LIMIT",
    "Origin",
    "TelegramAdapter",
    "bot_commands",
    "build_application",
    "coalesce",
    "decode_press",
    "encode_press",
    "keyboard",
    "run",
    "serve",
    "user_key",
]
