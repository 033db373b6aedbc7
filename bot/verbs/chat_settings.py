"""/settings: a chat's own board mode, language, turn time and games, over the config file's."""

from __future__ import annotations

from typing import Any

from bot.context import Context, SharedVerb
from bot.durations import format_duration, parse_duration
from bot.i18n import LANGUAGES
from bot.options import BOARD_MODES
from bot.replies import Public, Reply
from games.args import fold, forms
from games.base import Arg, RuleError
from games.i18n import Joined, Name, _, joined
from games.registry import GAMES

KEY_NAMES = {
    "board": Name({"en": "board", "pl": "plansza"}),
    "language": Name({"en": "language", "pl": "język"}),
    "turn-time": Name({"en": "turn-time", "pl": "czas-tury"}),
    "games": Name({"en": "games", "pl": "gry"}),
}
"""Each setting as its reader sees and types it (either language reads back)."""
WORDS = {
    "text": Name({"en": "text", "pl": "tekst"}),
    "image": Name({"en": "image", "pl": "obraz"}),
    "auto": Name({"en": "auto", "pl": "automatyczna"}),
    "default": Name({"en": "default", "pl": "domyślne"}),
    "all": Name({"en": "all", "pl": "wszystkie"}),
}
"""The settings' values that are words, as said and typed in each language."""
DEFAULT = WORDS["default"]
EXAMPLE = Joined(("/settings", KEY_NAMES["board"], WORDS["image"]), " ")


def read_word(typed: str, names: dict[str, Name]) -> str | None:
    """The key of the name typed in either language, with or without diacritics."""
    folded = fold(typed.strip())
    return next((k for k, n in names.items() if folded in {fold(f) for f in forms(n)}), None)


def said(value: str) -> str:
    """A stored value as its reader says it (`image` is `obraz` in Polish)."""
    return WORDS.get(value) or value


ADMIN_ONLY = _(
    "Only an admin of this chat can change its settings (on Discord: Manage Server or Manage "
    "Channels; on Telegram: a group administrator). /settings shows them."
)


def _value(key: str, words: list[str]) -> tuple[str, Any]:
    """The stored key and value for `/settings KEY VALUE`; None (`default`) clears it."""
    raw = " ".join(words).strip().lower()
    name = KEY_NAMES[key]
    if not raw:
        raise RuleError(
            _("Give a value: /settings {key} VALUE (or {default}).", key=name, default=DEFAULT)
        )
    if read_word(raw, WORDS) == "default":
        return key.replace("-", "_"), None
    if key == "board":
        mode = read_word(raw, {m: WORDS[m] for m in BOARD_MODES})
        if mode is None:
            modes = joined([WORDS[m] for m in BOARD_MODES])
            raise RuleError(_("{key} must be one of: {modes}.", key=name, modes=modes))
        return "board", mode
    if key == "language":
        if raw not in LANGUAGES:
            raise RuleError(
                _("{key} must be one of: {modes}.", key=name, modes=", ".join(LANGUAGES))
            )
        return "language", raw
    if key == "turn-time":
        return "turn_time", parse_duration(raw)
    chosen = [g for g in raw.replace(",", " ").split() if g]
    if len(chosen) == 1 and read_word(chosen[0], WORDS) == "all":
        return "games", None
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        raise RuleError(
            _(
                "No game {names}; choose from: {games} or {all}.",
                names=", ".join(unknown),
                games=", ".join(GAMES),
                all=WORDS["all"],
            )
        )
    return "games", sorted(set(chosen))


def line(key: str, value: str) -> str:
    return Joined(("  ", KEY_NAMES[key], ": ", value), "")


def describe(settings: dict[str, Any], defaults: dict[str, str]) -> str:
    def shown(key: str, text: str) -> str:
        return text if key in settings else _("{value} (default)", value=defaults[key])

    turn = settings.get("turn_time")
    games = ", ".join(settings["games"]) if settings.get("games") else WORDS["all"]
    lines = [
        _("Settings of this chat:"),
        line("board", shown("board", said(str(settings.get("board"))))),
        line("language", shown("language", str(settings.get("language")))),
        line("turn-time", shown("turn_time", format_duration(turn or 0))),
        line("games", games),
        _(
            "Admins change them with /settings KEY VALUE (or {default}), e.g. {example}.",
            default=DEFAULT,
            example=EXAMPLE,
        ),
    ]
    return joined(lines, "\n")


async def settings(ctx: Context) -> list[Reply]:
    chat, args = ctx.chat, ctx.inv.args
    defaults = {
        "board": said(ctx.board_default),
        "language": "en",
        "turn_time": format_duration(ctx.turn_time),
    }
    if not args:
        return [Public(describe(chat.settings, defaults))]
    key = read_word(args[0].replace("_", "-"), KEY_NAMES)
    if key is None:
        raise RuleError(
            _(
                "There is no setting {key}; the settings are {keys}.",
                key=args[0],
                keys=joined(KEY_NAMES.values()),
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
        else said(value)
        if isinstance(value, str)
        else ", ".join(value)
    )
    text = _(
        "{name} set {key} to {value} for this chat.",
        name=ctx.inv.user_name,
        key=KEY_NAMES[key],
        value=shown,
    )
    return [Public(text)]


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "settings",
        _("Show this chat's settings; admins change board, language, turn-time and games."),
        settings,
        args=(
            Arg(
                "KEY",
                "choice",
                _("The setting."),
                required=False,
                choices=tuple(KEY_NAMES.values()),
            ),
            Arg("VALUE", "text", _("The new value, or default."), required=False),
        ),
        examples=("/settings", EXAMPLE, Joined(("/settings", KEY_NAMES["turn-time"], "1h"), " ")),
    ),
)
