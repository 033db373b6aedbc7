"""The command menu: across every game by default; in a group, once a table opens there, the
commands of its game plus the table commands (Telegram's BotCommandScopeChat)."""

from __future__ import annotations

import logging

from telegram import Bot, BotCommand, BotCommandScopeChat
from telegram.error import TelegramError

from bot.commands.help import menu_verbs
from bot.commands.parse import Invocation
from bot.i18n import LANGUAGES, say
from bot.port import RefereePort
from bot.verbs import SHARED

log = logging.getLogger(__name__)

PLATFORM = "telegram"
OPENS_A_TABLE = frozenset({"new", "rematch"})
"""Commands after which a group's table (and so its menu's game) may have changed."""
DESCRIPTION_LIMIT = 256
"""A BotCommand's description, at most (the command itself: 1 to 32 of a-z, 0-9 and _)."""


def bot_commands(lang: str = "en", game: str | None = None) -> list[BotCommand]:
    """The menu in one language (Telegram shows it by the user's language_code)."""
    return [
        BotCommand(verb.name, say(verb.help, lang)[:DESCRIPTION_LIMIT])
        for verb in menu_verbs(SHARED, game)
    ]


class ChatMenus:
    """Sets a group's menu to its table's game when a table opens; remembers what it set."""

    def __init__(self, referee: RefereePort) -> None:
        self.referee = referee
        self._games: dict[int, str] = {}

    async def follow(self, bot: Bot, inv: Invocation, chat_id: int) -> None:
        if inv.verb not in OPENS_A_TABLE or inv.private:
            return
        game = (await self.referee.chat_facts(PLATFORM, inv.chat_id)).game
        if game is None or self._games.get(chat_id) == game:
            return
        scope = BotCommandScopeChat(chat_id)
        try:
            await bot.set_my_commands(bot_commands("en", game), scope=scope)
            for lang in LANGUAGES[1:]:
                commands = bot_commands(lang, game)
                await bot.set_my_commands(commands, scope=scope, language_code=lang)
        except TelegramError as error:
            log.warning("telegram: the menu of chat %s stays as it was: %s", chat_id, error)
            return
        self._games[chat_id] = game
