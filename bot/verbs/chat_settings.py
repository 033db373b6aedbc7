"""/settings: a chat's own board mode, language, turn time and games, over the config file's."""

from __future__ import annotations

from typing import Any

from bot.context import Context, SharedVerb
from bot.durations import format_duration, parse_duration
from bot.options import BOARD_MODES
from bot.replies import Public, Reply
from games.base import Arg, RuleError
from games.registry import GAMES

LANGUAGES = ("en", "pl")
KEYS = ("board", "language", "turn-time", "games")
DEFAULT = "default"
ADMIN_ONLY = (
    "Only an admin of this chat can change its settings (on Discord: Manage Server or Manage "
    "Channels; on Telegram: a group administrator). /settings shows them."
)


def _value(key: str, words: list[str]) -> tuple[str, Any]:
    """The stored key and value for `/settings KEY VALUE`; None (`default`) clears it."""
    raw = " ".join(words).strip().lower()
    if not raw:
        raise RuleError(f"Give a value: /settings {key} VALUE (or {DEFAULT}).")
    if raw == DEFAULT:
        return key.replace("-", "_"), None
    if key == "board":
        if raw not in BOARD_MODES:
            raise RuleError(f"board must be one of: {', '.join(BOARD_MODES)}.")
        return "board", raw
    if key == "language":
        if raw not in LANGUAGES:
            raise RuleError(f"language must be one of: {', '.join(LANGUAGES)}.")
        return "language", raw
    if key == "turn-time":
        return "turn_time", parse_duration(raw)
    chosen = [g for g in raw.replace(",", " ").split() if g]
    if chosen == ["all"]:
        return "games", None
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        raise RuleError(f"No game {', '.join(unknown)}; choose from: {', '.join(GAMES)} or all.")
    return "games", sorted(set(chosen))


def describe(settings: dict[str, Any], defaults: dict[str, str]) -> str:
    def shown(key: str, text: str) -> str:
        return text if key in settings else f"{defaults[key]} (default)"

    turn = settings.get("turn_time")
    lines = [
        "Settings of this chat:",
        f"  board: {shown('board', str(settings.get('board')))}",
        f"  language: {shown('language', str(settings.get('language')))}",
        f"  turn-time: {shown('turn_time', format_duration(turn or 0))}",
        f"  games: {', '.join(settings['games']) if settings.get('games') else 'all'}",
        "Admins change them with /settings KEY VALUE (or default), e.g. /settings board image.",
    ]
    return "\n".join(lines)


async def settings(ctx: Context) -> list[Reply]:
    chat, args = ctx.chat, ctx.inv.args
    defaults = {
        "board": ctx.board_default,
        "language": "en",
        "turn_time": format_duration(ctx.turn_time),
    }
    if not args:
        return [Public(describe(chat.settings, defaults))]
    key = args[0].lower().replace("_", "-")
    if key not in KEYS:
        raise RuleError(f"There is no setting {args[0]}; the settings are {', '.join(KEYS)}.")
    if not ctx.inv.admin:
        raise RuleError(ADMIN_ONLY)
    stored, value = _value(key, list(args[1:]))
    ctx.repo.update_chat_settings(chat, **{stored: value})
    shown = (
        "the default"
        if value is None
        else format_duration(value)
        if stored == "turn_time"
        else value
    )
    if isinstance(shown, list):
        shown = ", ".join(shown)
    return [Public(f"{ctx.inv.user_name} set {key} to {shown} for this chat.")]


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "settings",
        "Show this chat's settings; admins change board, language, turn-time and games.",
        settings,
        args=(
            Arg("KEY", "choice", "The setting.", required=False, choices=KEYS),
            Arg("VALUE", "text", "The new value, or default.", required=False),
        ),
        examples=("/settings", "/settings board image", "/settings turn-time 1h"),
    ),
)
