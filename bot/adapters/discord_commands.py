"""The Discord command surface, typed from the verb declarations.

Shared verbs become slash commands whose options are their declared arguments and flags: a
choice is a Discord choice, a number an integer, a player autocompletes the seats, a flag without
a value a boolean; a verb that takes nothing has no option. Every game's own verbs are reached
through one command, `/play move:...`, whose `move` autocompletes the invoker's legal moves in
their language: the games' verbs share names with different arguments (GoTown's `/build` takes
two cards, Skylines' one card and a district), so one typed command per verb name would be wrong
for all but one game, and one entry keeps the global command list short. Chat-scoped game verbs
(Papercraft's `/unit`) need no table and keep a command of their own; `/new` and `/unit` take
an attached file.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands

from bot.adapters.discord_components import adapter_of
from bot.commands.help import fit
from bot.i18n import say, supported
from bot.options import MAX_FILE_BYTES
from games.base import Arg, Flag, Verb
from games.i18n import N_, Text, _
from games.registry import all_engines

MAX_CHOICES = 25
VALUE_LIMIT = 100
PLAY = "play"
FILE = "file"
PLAY_HELP = _("Make a move in the table's game; your legal moves are offered.")
FILE_TOO_BIG = N_("{name} is larger than {limit} bytes; nothing was done.")
Callback = Callable[..., Awaitable[None]]
_P = inspect.Parameter


def described(text: str) -> app_commands.locale_str:
    """A description of at most 100 characters that the command tree's translator can say in
    another language (its marked text rides in `extras`)."""
    return app_commands.locale_str(fit(text), text=text)


def option_name(arg: Arg) -> str:
    """An argument's option name: lower case, words joined by _ ("STAT BLOCK" -> stat_block)."""
    return re.sub(r"\W+", "_", (arg.name or "action").lower()).strip("_")[:32] or "value"


def _quoted(value: str) -> str:
    return f'"{value}"' if " " in value and '"' not in value else value


def command_line(verb: Verb[Any], values: dict[str, Any]) -> str:
    """The typed command a set of option values stands for: arguments in declared order (a
    name with spaces in quotes, free text as it is), then flags."""
    words = [f"/{verb.name}"]
    for arg in verb.args:
        value = values.get(option_name(arg))
        if value is None or value == "":
            continue
        text = str(value)
        words.append(text if arg.kind == "text" else _quoted(text))
    for flag in verb.flags:
        value = values.get(flag.name.replace("-", "_"))
        if flag.kind is None and value:
            words.append(f"--{flag.name}")
        elif flag.kind is not None and value not in (None, ""):
            words.append(f"--{flag.name} {_quoted(str(value))}")
    return " ".join(words)


async def read_attachment(
    interaction: discord.Interaction[Any], file: discord.Attachment | None
) -> tuple[str, str] | Literal[False] | None:
    """The attached file's (name, text); False (and the sender told) when it is too large."""
    if file is None:
        return None
    if file.size > MAX_FILE_BYTES:
        limit = f"{MAX_FILE_BYTES:,}"
        note = Text(FILE_TOO_BIG, {"name": file.filename, "limit": limit})
        lang = supported(str(interaction.locale)) or "en"
        await interaction.response.send_message(say(note, lang), ephemeral=True)
        return False
    data = await file.read()
    return file.filename, data.decode("utf-8", errors="replace")


def _signature(parameters: list[inspect.Parameter]) -> inspect.Signature:
    first = _P("interaction", _P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    required = [p for p in parameters if p.default is _P.empty]
    optional = [p for p in parameters if p.default is not _P.empty]
    return inspect.Signature([first, *required, *optional])  # Discord wants required first


def _annotation(kind: str, required: bool) -> Any:
    base: Any = int if kind == "number" else str
    return base if required else base | None


async def suggest_seats(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """A player option offers the names seated at the channel's table."""
    facts = await adapter_of(interaction).referee.chat_facts("discord", str(interaction.channel_id))
    names = [name for _user, name, _bot in facts.seats]
    wanted = current.casefold()
    found = [n for n in names if wanted in n.casefold()]
    return [app_commands.Choice(name=n[:VALUE_LIMIT], value=n[:VALUE_LIMIT]) for n in found][
        :MAX_CHOICES
    ]


async def suggest_moves(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The invoker's legal moves, as they read them, each sending its command."""
    adapter = adapter_of(interaction)
    chat, user = str(interaction.channel_id), str(interaction.user.id)
    moves = await adapter.referee.offered_moves("discord", chat, user, str(interaction.locale))
    wanted = current.casefold().strip().lstrip("/")
    choices = []
    for shown, command in moves:
        if len(command) > VALUE_LIMIT:
            continue  # too long for a choice's value; the buttons of /hand carry it
        if wanted in shown.casefold() or wanted in command.casefold():
            choices.append(app_commands.Choice(name=fit(shown, VALUE_LIMIT), value=command))
    return choices[:MAX_CHOICES]


async def suggest_units(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """A unit option offers every unit the channel knows (built-in and its own), in the
    reader's language, each sending its English name."""
    adapter = adapter_of(interaction)
    data = (await adapter.referee.chat_facts("discord", str(interaction.channel_id))).data
    lang = supported(str(interaction.locale)) or "en"
    wanted = current.casefold().strip()
    choices = []
    for engine in all_engines():
        for name in engine.chat_names(data.get(engine.key, {})):
            shown = say(name, lang)
            if wanted in shown.casefold() or wanted in name.casefold():
                value = str(name)[:VALUE_LIMIT]
                choices.append(app_commands.Choice(name=fit(shown, VALUE_LIMIT), value=value))
    return choices[:MAX_CHOICES]


def typed_command(
    verb: Verb[Any], description: app_commands.locale_str, *, with_file: bool = False
) -> app_commands.Command[Any, Any, None]:
    """A slash command whose options are the verb's arguments and flags, as declared."""
    parameters: list[inspect.Parameter] = []
    describe: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for arg in verb.args:
        name = option_name(arg)
        default = _P.empty if arg.required else None
        annotation = _annotation(arg.kind, arg.required)
        parameters.append(_P(name, _P.KEYWORD_ONLY, annotation=annotation, default=default))
        describe[name] = described(arg.help or arg.name or name)
        if arg.choices and len(arg.choices) <= MAX_CHOICES:
            choices[name] = [app_commands.Choice(name=c, value=c) for c in arg.choices]
    for flag in verb.flags:
        parameters.append(_flag_parameter(flag))
        describe[flag.name.replace("-", "_")] = described(flag.help)
    if with_file:
        annotation = discord.Attachment | None
        parameters.append(_P(FILE, _P.KEYWORD_ONLY, annotation=annotation, default=None))
        describe[FILE] = described(_("A text file to go with the command (1 MB at most)."))

    async def callback(interaction: discord.Interaction[Any], /, **values: Any) -> None:
        attachment = await read_attachment(interaction, values.pop(FILE, None))
        if attachment is False:
            return
        line = command_line(verb, values)
        await adapter_of(interaction).command(interaction, line, attachment=attachment)

    callback.__signature__ = _signature(parameters)  # type: ignore[attr-defined]
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=verb.name, description=description, callback=callback
    )
    if describe:
        app_commands.describe(**describe)(command)
    if choices:
        app_commands.choices(**choices)(command)
    _autocomplete(verb, command)
    return command


def _autocomplete(verb: Verb[Any], command: app_commands.Command[Any, Any, None]) -> None:
    """A player option suggests the seats; a unit option of a verb usable anywhere, the units."""
    for arg in verb.args:
        if arg.kind == "player":
            app_commands.autocomplete(**{option_name(arg): suggest_seats})(command)
        elif arg.kind == "unit" and verb.anywhere:
            app_commands.autocomplete(**{option_name(arg): suggest_units})(command)


def _flag_parameter(flag: Flag) -> inspect.Parameter:
    name = flag.name.replace("-", "_")
    if flag.kind is None:
        return _P(name, _P.KEYWORD_ONLY, annotation=bool, default=False)
    return _P(name, _P.KEYWORD_ONLY, annotation=str | None, default=None)


def play_command() -> app_commands.Command[Any, Any, None]:
    """`/play move:...`: any move of the table's game, the invoker's legal moves suggested."""

    async def callback(interaction: discord.Interaction[Any], move: str) -> None:
        line = move.strip()
        await adapter_of(interaction).command(
            interaction, line if line.startswith("/") else "/" + line
        )

    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=PLAY,
        description=described(PLAY_HELP),
        callback=callback,
    )
    app_commands.describe(move=described(_("The move, e.g. build 4 5 (pick one as you type).")))(
        command
    )
    app_commands.autocomplete(move=suggest_moves)(command)
    return command


def new_command(description: app_commands.locale_str) -> app_commands.Command[Any, Any, None]:
    """`/new game:... options:... file:...`: the games as choices, options as typed."""

    async def callback(
        interaction: discord.Interaction[Any],
        game: str,
        options: str = "",
        file: discord.Attachment | None = None,
    ) -> None:
        attachment = await read_attachment(interaction, file)
        if attachment is False:
            return
        line = f"/new {game} {options}".strip()
        await adapter_of(interaction).command(interaction, line, attachment=attachment)

    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="new", description=description, callback=callback
    )
    games = [app_commands.Choice(name=e.title, value=e.key) for e in all_engines()]
    app_commands.choices(game=games[:MAX_CHOICES])(command)
    app_commands.describe(
        game=described(_("The game to play.")),
        options=described(_("e.g. --short --board image --lang pl")),
        file=described(_("A sheet, card or units file for the game (1 MB at most).")),
    )(command)
    return command


def chat_verbs() -> list[Verb[Any]]:
    """Game verbs that need no table (Papercraft's /unit, /attack, /units), each name once."""
    found: dict[str, Verb[Any]] = {}
    for engine in all_engines():
        for verb in engine.verbs:
            if verb.chat or verb.anywhere:
                found.setdefault(verb.name, verb)
    return list(found.values())
