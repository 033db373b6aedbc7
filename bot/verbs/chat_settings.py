"""/settings: a chat's own board mode, language, turn time and games, over the config file's."""

from __future__ import annotations

from typing import Any

from bot.context import Context, SharedVerb
from bot.durations import format_duration, parse_duration
from bot.i18n import LANGUAGES
from bot.options import BOARD_MODES
from bot.replies import Public, Reply
from games.base import Arg, RuleError
from games.i18n import _, joined
from games.registry import GAMES

KEYS = ("board", "language", "turn-time", "games")
DEFAULT = "default"
ADMIN_ONLY = _(
    "Only an admin of this chat can change its settings (on Discord: Manage Server or Manage "
    "Channels; on Telegram: a group administrator). /settings shows them."
)


def _value(key: str, words: list[str]) -> tuple[str, Any]:
    """The stored key and value for `/settings KEY VALUE`; None (`default`) clears it."""
    raw = " ".join(words).strip().lower()
    if not raw:
        raise RuleError(
            _("Give a value: /settings {key} VALUE (or {default}).", key=key, default=DEFAULT)
        )
    if raw == DEFAULT:
        return key.replace("-", "_"), None
    if key == "board":
        if raw not in BOARD_MODES:
            raise RuleError(_("board must be one of: {modes}.", modes=", ".join(BOARD_MODES)))
        return "board", raw
    if key == "language":
        if raw not in LANGUAGES:
            raise RuleError(_("language must be one of: {langs}.", langs=", ".join(LANGUAGES)))
        return "language", raw
    if key == "turn-time":
        return "turn_time", parse_duration(raw)
    chosen = [g for g in raw.replace(",", " ").split() if g]
    if chosen == ["all"]:
        return "games", None
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        raise RuleError(
            _(
                "No game {names}; choose from: {games} or all.",
                names=", ".join(unknown),
                games=", ".join(GAMES),
            )
        )
    return "games", sorted(set(chosen))


def describe(settings: dict[str, Any], defaults: dict[str, str]) -> str:
    def shown(key: str, text: str) -> str:
        return text if key in settings else _("{value} (default)", value=defaults[key])

    turn = settings.get("turn_time")
    lines = [
        _("Settings of this chat:"),
        joined(("  board: ", shown("board", str(settings.get("board")))), ""),
        joined(("  language: ", shown("language", str(settings.get("language")))), ""),
        joined(("  turn-time: ", shown("turn_time", format_duration(turn or 0))), ""),
        joined(
            ("  games: ", ", ".join(settings["games"]) if settings.get("games") else _("all")), ""
        ),
        _("Admins change them with /settings KEY VALUE (or default), e.g. /settings board image."),
    ]
    return joined(lines, "\n")


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
        raise RuleError(
            _(
                "There is no setting {key}; the settings are {keys}.",
                key=args[0],
                keys=", ".join(KEYS),
            )
        )
    if not ctx.inv.admin:
        raise RuleError(ADMIN_ONLY)
    stored, value = _value(key, list(args[1:]))
    ctx.repo.update_chat_settings(chat, **{stored: value})
    if ctx.table is not None:  # a process that cached the table reads the chat again
        ctx.repo.touch(ctx.table)
    shown = (
        _("the default")
        if value is None
        else format_duration(value)
        if stored == "turn_time"
        else value
    )
    if isinstance(shown, list):
        shown = ", ".join(shown)
    text = _(
        "{name} set {key} to {value} for this chat.", name=ctx.inv.user_name, key=key, value=shown
    )
    return [Public(text)]


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "settings",
        _("Show this chat's settings; admins change board, language, turn-time and games."),
        settings,
        args=(
            Arg("KEY", "choice", _("The setting."), required=False, choices=KEYS),
            Arg("VALUE", "text", _("The new value, or default."), required=False),
        ),
        examples=("/settings", "/settings board image", "/settings turn-time 1h"),
    ),
)
