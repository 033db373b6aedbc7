"""`/new GAME --name value` options, checked against the engine's declared options."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.i18n import LANGUAGES
from games.base import Engine, Option, RuleError
from games.i18n import _

MAX_FILE_BYTES = 1_000_000
BOARD_MODES = ("auto", "text", "image")
TABLE_SETTINGS = (
    Option(
        "board",
        "choice",
        _("Show boards as text, as PNG images, or auto (each game's own form on each platform)."),
        None,
        BOARD_MODES,
    ),
    Option("turn-time", "str", _("Time for each turn, e.g. 10m, 2h or off."), None),
    Option("lang", "choice", _("The table's language: en or pl (Polish)."), None, LANGUAGES),
)


def _value(option: Option, raw: str, allow_files: bool) -> Any:
    if option.kind == "int":
        try:
            number = int(raw)
        except ValueError:
            raise RuleError(
                _("--{option} needs a whole number, not '{raw}'.", option=option.name, raw=raw)
            ) from None
        if option.minimum is not None and number < option.minimum:
            raise RuleError(
                _("--{option} must be at least {n}.", option=option.name, n=option.minimum)
            )
        if option.maximum is not None and number > option.maximum:
            raise RuleError(
                _("--{option} must be at most {n}.", option=option.name, n=option.maximum)
            )
        return number
    if option.kind == "choice":
        if raw.lower() not in option.choices:
            raise RuleError(
                _(
                    "--{option} must be one of: {choices}.",
                    option=option.name,
                    choices=", ".join(option.choices),
                )
            )
        return raw.lower()
    if option.kind == "file":
        if not allow_files:
            raise RuleError(
                _("--{option} reads a file, which only the console can do.", option=option.name)
            )
        path = Path(raw).expanduser()
        if not path.is_file():
            raise RuleError(_("--{option}: there is no file '{raw}'.", option=option.name, raw=raw))
        if path.stat().st_size > MAX_FILE_BYTES:
            raise RuleError(
                _(
                    "--{option}: the file is larger than {limit} bytes.",
                    option=option.name,
                    limit=f"{MAX_FILE_BYTES:,}",
                )
            )
        return path.read_text(encoding="utf-8", errors="replace")
    return raw


def parse_options(
    engine: Engine[Any],
    words: Sequence[str],
    *,
    allow_files: bool,
    attachment: tuple[str, str] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Game options (every declared one, defaults filled in) and table settings such as --board;
    a file sent with the command fills the game's file option (a PaperTown sheet, Skylines
    cards, Papercraft units)."""
    declared = {o.name: o for o in engine.options if o.kind != "chat"}
    settings_declared = {o.name: o for o in TABLE_SETTINGS}
    options = {o.name: o.default for o in engine.options if o.kind != "chat"}
    settings = {o.name: o.default for o in TABLE_SETTINGS}
    i = 0
    while i < len(words):
        word = words[i]
        if not word.startswith("--") or len(word) < 3:
            raise RuleError(_("Options look like --name value; '{word}' is not one.", word=word))
        name, _eq, inline = word[2:].partition("=")
        name = name.lower()
        option = declared.get(name) or settings_declared.get(name)
        if option is None:
            known = ", ".join(f"--{n}" for n in [*declared, *settings_declared])
            raise RuleError(
                _(
                    "{game} has no option --{name}; its options are: {known}.",
                    game=engine.title,
                    name=name,
                    known=known,
                )
            )
        target = options if name in declared else settings
        if option.kind == "flag":
            target[name] = True
            i += 1
            continue
        if inline:
            raw = inline
            i += 1
        elif i + 1 < len(words):
            raw = words[i + 1]
            i += 2
        else:
            raise RuleError(_("--{name} needs a value: {help}", name=name, help=option.help))
        target[name] = _value(option, raw, allow_files)
    if attachment is not None:
        attach(engine, options, attachment)
    return options, settings


def attach(engine: Engine[Any], options: dict[str, Any], attachment: tuple[str, str]) -> None:
    """The attached file's text as the game's one file option."""
    name, text = attachment
    files = [o for o in engine.options if o.kind == "file"]
    if not files:
        raise RuleError(_("{game} takes no file; send /new without one.", game=engine.title))
    if len(text.encode()) > MAX_FILE_BYTES:
        raise RuleError(
            _("{name} is larger than {limit} bytes.", name=name, limit=f"{MAX_FILE_BYTES:,}")
        )
    option = files[0]
    if options.get(option.name):
        raise RuleError(_("Send --{option} as a file or name it, not both.", option=option.name))
    options[option.name] = text
