"""Discord: slash commands and buttons in; channel messages, ephemeral replies and DMs out."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import tasks

from bot.adapters.base import (
    SWEEP_SECONDS,
    pack_pieces,
    set_columns,
    split_message,
    with_mentions,
)
from bot.adapters.discord_commands import (
    chat_verbs,
    described,
    new_command,
    play_command,
    typed_command,
)
from bot.commands.help import fit, placeholders
from bot.commands.parse import Invocation, parse_command
from bot.config import ConfigError, DiscordSettings, Settings
from bot.context import SharedVerb
from bot.i18n import platform_language, say, supported
from bot.ops.discord_calls import discord_trace
from bot.referee import Referee
from bot.render.image import render_png
from bot.render.text import render_text
from bot.replies import Button, Private, Public, Reply
from bot.verbs import SHARED, SHARED_NAMES
from bot.verbs.dice import PRIVATE_FLAG
from games.base import Verb
from games.i18n import N_, Text, _
from games.registry import all_engines

log = logging.getLogger(__name__)

PLATFORM = "discord"
MESSAGE_LIMIT = 2000
DEFER_AFTER = 2.0
"""Seconds the referee may take before the interaction is deferred (Discord allows three)."""
MAX_BUTTONS = 5
"""More choices than one row of buttons become a select menu."""
MAX_OPTIONS = 25
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
FENCE = "```"
PLAIN_VERBS = frozenset({"board"})
"""Shared verbs whose only option is the console's (writing a file), so Discord offers none."""
DONE_NOTE = _("Done.")
DM_CLOSED = N_(
    "{mention}, I cannot send you direct messages; use /hand here to see your cards privately."
)
EMBED_LIMIT = 4096
TITLE_LIMIT = 256
BOARD_MOVED = N_("The board moved below: {url}")
PREVIOUS, NEXT = "◀ Previous", "Next ▶"
DANGER_VERBS = frozenset({"leave", "end", "kick"})


class Target(Enum):
    """Where one reply goes: the channel, only the person who invoked, or another player's DMs."""

    CHANNEL = "channel"
    INVOKER = "invoker"
    DIRECT = "direct"


@dataclass(frozen=True)
class Outgoing:
    """One Discord message: at most 2,000 characters, with files and buttons on a reply's last part."""

    content: str
    files: tuple[tuple[str, bytes], ...] = ()
    buttons: tuple[Button, ...] = ()
    version: int | None = None


def custom_id(version: int | None, command: str, chat: str | None = None) -> str:
    """Everything a press needs lives in the id, so buttons keep working after a restart.

    Buttons sent by DM also name the channel whose table they act on (`pr@CHANNEL:...`).
    """
    origin = "" if chat is None else f"@{chat}"
    return f"pr{origin}:{'-' if version is None else version}:{command}"


def _version(raw: str) -> int | None:
    return None if raw == "-" else int(raw)


def _fenced(text: str) -> list[str]:
    """A board in code blocks keeps its columns; each part is fenced on its own."""
    room = MESSAGE_LIMIT - 2 * len(FENCE) - 2
    return [f"{FENCE}\n{part}\n{FENCE}" for part in split_message(text, room)]


def ping(user_id: str, name: str) -> str:
    return f"<@{user_id}>"


async def compose(reply: Reply) -> list[Outgoing]:
    """A reply as messages: text split at the limit, the board as text or PNG, buttons last."""
    text = set_columns(reply.text, lambda run: f"{FENCE}\n{run}\n{FENCE}")
    if isinstance(reply, Public) and reply.mentions:
        text = with_mentions(text, reply.mentions, ping)
    pieces = split_message(text, MESSAGE_LIMIT) if text else []
    files: list[tuple[str, bytes]] = []
    if reply.file is not None:
        files.append(reply.file)
        if len(reply.text) > MESSAGE_LIMIT:
            pieces = [say(_("{file} is attached.", file=reply.file[0]), reply.lang)]
    if reply.board is not None:
        if reply.image:
            files.append(("board.png", await asyncio.to_thread(render_png, reply.board)))
        else:
            pieces += _fenced(render_text(reply.board))
    parts = pack_pieces(pieces, MESSAGE_LIMIT) or [""]
    if not parts[-1] and not files and not reply.buttons:
        return []
    last = Outgoing(parts[-1], tuple(files), reply.buttons, reply.version)
    return [Outgoing(part) for part in parts[:-1]] + [last]


class CommandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pr(?:@(?P<chat>\d+))?:(?P<version>\d+|-):(?P<command>/.+)",
):
    """A button that sends its command as the presser, with the table version it was made for."""

    def __init__(self, command: str, version: int | None, label: str, chat: str | None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_LIMIT],
                custom_id=custom_id(version, command, chat),
                style=button_style(command),
            )
        )
        self.command, self.version, self.chat = command, version, chat

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CommandButton:
        label = getattr(item, "label", None) or match["command"]
        return cls(match["command"], _version(match["version"]), label, match["chat"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _adapter(interaction).command(interaction, self.command, self.version, self.chat)


class CommandSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pr(?:@(?P<chat>\d+))?:(?P<version>\d+|-):choose",
):
    """A select menu of commands, for when there are more choices than fit in a row of buttons."""

    def __init__(
        self, version: int | None, buttons: Sequence[Button], chat: str | None, note: str = ""
    ) -> None:
        options = [discord.SelectOption(label=b.label[:100], value=b.command) for b in buttons]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(version, "choose", chat),
                placeholder=f"Choose…{note}",
                options=options[:MAX_OPTIONS],
            )
        )
        self.version, self.chat = version, chat

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CommandSelect:
        options = getattr(item, "options", [])
        buttons = [Button(option.label, option.value) for option in options]
        return cls(_version(match["version"]), buttons, match["chat"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.item.values:
            command = self.item.values[0]
            await _adapter(interaction).command(interaction, command, self.version, self.chat)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pr:page:(?P<token>[\w-]+):(?P<page>\d+)",
):
    """Turns the page of a select menu with more choices than Discord's 25 options; the choices
    are kept server-side under `token` (so the button works after a restart)."""

    def __init__(self, token: str, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=f"pr:page:{token}:{page}",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.token, self.page = token, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PageButton:
        label = getattr(item, "label", None) or NEXT
        return cls(match["token"], int(match["page"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _adapter(interaction).turn_page(interaction, self.token, self.page)


def button_style(command: str) -> discord.ButtonStyle:
    """Danger for leaving and ending; primary for the move the game expects (its roll or end of
    turn, or joining and starting a table); the rest secondary."""
    verb = command.split()[0].lstrip("/") if command.strip() else ""
    if verb in DANGER_VERBS:
        return discord.ButtonStyle.danger
    if verb in PRIMARY_VERBS:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


PRIMARY_VERBS = frozenset(
    {"join", "start", "rematch"}
    | {v.name for e in all_engines() for v in e.verbs if v.role in ("roll", "end_turn")}
)


def usable_buttons(
    buttons: Sequence[Button], version: int | None, chat: str | None
) -> list[Button]:
    """The buttons whose id fits Discord's 100 characters (a select value fits 100 too)."""
    return [b for b in buttons if len(custom_id(version, b.command, chat)) <= CUSTOM_ID_LIMIT]


def component_view(
    buttons: Sequence[Button],
    version: int | None,
    chat: str | None = None,
    token: str | None = None,
    page: int = 0,
) -> discord.ui.View | None:
    """Buttons for a few choices, a select menu for more; past 25 options the menu is paged with
    Previous / Next (the choices stored under `token`)."""
    usable = usable_buttons(buttons, version, chat)
    if not usable:
        return None
    view = discord.ui.View(timeout=None)
    if len(usable) <= MAX_BUTTONS:
        for button in usable:
            view.add_item(CommandButton(button.command, version, button.label, chat))
        return view
    pages = max(1, -(-len(usable) // MAX_OPTIONS)) if token is not None else 1
    page = min(max(page, 0), pages - 1)
    shown = usable[page * MAX_OPTIONS : (page + 1) * MAX_OPTIONS]
    note = f" (page {page + 1} of {pages})" if pages > 1 else ""
    view.add_item(CommandSelect(version, shown, chat, note))
    if token is not None and pages > 1:
        if page > 0:
            view.add_item(PageButton(token, page - 1, PREVIOUS))
        if page < pages - 1:
            view.add_item(PageButton(token, page + 1, NEXT))
    return view


def _files(out: Outgoing) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in out.files]


async def _send_kwargs(
    out: Outgoing, chat: str | None = None, referee: Referee | None = None
) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"content": out.content or None}
    files = _files(out)
    if files:
        kwargs["files"] = files
    view = await make_view(out.buttons, out.version, chat, referee)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def make_view(
    buttons: Sequence[Button], version: int | None, chat: str | None, referee: Referee | None
) -> discord.ui.View | None:
    """The components for a reply's buttons; more choices than one menu holds are stored
    server-side so the menu can be paged."""
    token = None
    usable = usable_buttons(buttons, version, chat)
    if len(usable) > MAX_OPTIONS and referee is not None:
        pairs = [(b.label, b.command) for b in usable]
        token = await referee.store_buttons(PLATFORM, chat or "", version, pairs)
    return component_view(usable, version, chat, token)


async def board_message(reply: Public) -> dict[str, Any]:
    """The live board as one message: an embed titled with whose turn it is, the board in a code
    block (or as a PNG image), the control row under it."""
    title = reply.board.title if reply.board is not None else ""
    embed = discord.Embed(title=fit(title or say(_("Board"), reply.lang), TITLE_LIMIT))
    files: list[discord.File] = []
    if reply.board is not None and reply.image:
        png = await asyncio.to_thread(render_png, reply.board)
        files.append(discord.File(io.BytesIO(png), filename="board.png"))
        embed.set_image(url="attachment://board.png")
    elif reply.board is not None:
        text = render_text(replace(reply.board, title=""))
        room = EMBED_LIMIT - 2 * len(FENCE) - 2
        if len(text) > room:
            text = text[: room - 1] + "…"
        embed.description = f"{FENCE}\n{text}\n{FENCE}"
    view = component_view(reply.buttons, reply.version)
    content = with_mentions(reply.text, reply.mentions, ping) if reply.text else None
    return {"content": content, "embed": embed, "attachments": files, "view": view}


async def show_board(
    client: discord.Client, chat: str, reply: Public, referee: Referee
) -> discord.Message | None:
    """Edit the table's board message in place; post it anew (pinned where the bot may pin,
    the old one pointing at it) when there is none, it is gone, or it scrolled away."""
    live = reply.live
    assert live is not None
    cached = client.get_channel(int(chat))  # knows its guild, so links to the board work
    channel = (
        cached
        if isinstance(cached, discord.TextChannel | discord.Thread)
        else client.get_partial_messageable(int(chat))
    )
    if live.message_id is not None and not live.repost:
        try:
            await channel.get_partial_message(int(live.message_id)).edit(
                **await board_message(reply)
            )
            return None
        except discord.HTTPException as error:
            log.info(
                "Discord: the board %s cannot be edited (%s); posting it anew",
                live.message_id,
                error,
            )
    payload = await board_message(reply)
    payload["files"] = payload.pop("attachments")
    payload = {k: v for k, v in payload.items() if v is not None}
    try:
        message = await channel.send(**payload)
    except discord.HTTPException as error:
        log.warning("Discord refused the board: %s", error)
        return None
    if live.pin:
        try:
            await message.pin()
        except discord.HTTPException as error:
            log.info("Discord: the board is not pinned in %s: %s", chat, error)
    if live.message_id is not None:
        old = channel.get_partial_message(int(live.message_id))
        try:
            moved = say(Text(BOARD_MOVED, {"url": message.jump_url}), reply.lang)
            await old.edit(content=moved, embed=None, attachments=[], view=None)
        except discord.HTTPException:
            pass  # deleted, or never ours: nothing points at the new board, which is fine
    await referee.board_posted(live.table_id, str(message.id))
    return message


def is_board(reply: Reply) -> bool:
    return isinstance(reply, Public) and reply.live is not None


class Delivery:
    """Delivers one interaction's replies: to the table's channel, to the invoker only, or by DM;
    the table's board is its own message, edited in place."""

    def __init__(
        self, interaction: discord.Interaction[Any], chat: str, deferred: bool, referee: Referee
    ) -> None:
        self.interaction = interaction
        self.chat = chat
        self.away = chat != str(interaction.channel_id)  # a button pressed in a DM
        self.origin = chat if self.away else None  # buttons answered there must name the table
        self.deferred = deferred
        self.referee = referee
        self.invoker = str(interaction.user.id)
        self.dm_closed: set[str] = set()
        self.lang = locale_language(interaction)  # the replies' own, once there are some

    def target(self, reply: Reply) -> Target:
        if not isinstance(reply, Private):
            return Target.CHANNEL
        return Target.INVOKER if reply.user_id == self.invoker else Target.DIRECT

    async def deliver(self, replies: Sequence[Reply]) -> None:
        self.lang = next((r.lang for r in replies), self.lang)
        plan: list[tuple[Target, str, Outgoing]] = []
        boards = [r for r in replies if isinstance(r, Public) and r.live is not None]
        for reply in replies:
            if is_board(reply):
                continue
            user = reply.user_id if isinstance(reply, Private) else ""
            plan += [(self.target(reply), user, out) for out in await compose(reply)]
        if self.deferred:
            await self._settle_original(plan)
        for target, user, out in plan:
            if target is Target.DIRECT:
                await self.direct(user, out)
            elif target is Target.CHANNEL:
                await self.channel(out)
            else:
                await self.here(out, ephemeral=True)
        for board in boards:
            await show_board(self.interaction.client, self.chat, board, self.referee)
        await self.acknowledge()

    async def acknowledge(self) -> None:
        """An interaction that got no message: a press is taken quietly (its board was edited),
        a typed command gets a note only its sender sees."""
        response = self.interaction.response
        if response.is_done():
            return
        try:
            if self.interaction.type == discord.InteractionType.component:
                await response.defer()
            else:
                await response.send_message(say(DONE_NOTE, self.lang), ephemeral=True)
        except discord.HTTPException as error:
            log.warning("Discord refused an acknowledgement: %s", error)

    async def _settle_original(self, plan: list[tuple[Target, str, Outgoing]]) -> None:
        """The deferred answer is ephemeral: it takes the invoker's first private message, or a note."""
        mine = next((i for i, step in enumerate(plan) if step[0] is Target.INVOKER), None)
        out = Outgoing(say(DONE_NOTE, self.lang)) if mine is None else plan.pop(mine)[2]
        kwargs = await _send_kwargs(out, self.origin, self.referee)
        files = kwargs.pop("files", [])
        try:
            await self.interaction.edit_original_response(attachments=files, **kwargs)
        except discord.HTTPException as error:
            log.warning("Discord refused the deferred answer: %s", error)

    async def channel(self, out: Outgoing) -> None:
        """The table's channel: through the interaction, or posted there when pressed in a DM."""
        if not self.away:
            await self.here(out, ephemeral=False)
            return
        channel = self.interaction.client.get_partial_messageable(int(self.chat))
        try:
            await channel.send(**await _send_kwargs(out, None, self.referee))
        except discord.HTTPException as error:
            log.warning("Discord refused a channel message: %s", error)

    async def here(self, out: Outgoing, ephemeral: bool) -> None:
        """The first message answers the interaction; the rest are follow-ups with their own flags."""
        response = self.interaction.response
        try:
            kwargs = await _send_kwargs(out, self.origin, self.referee)
            if response.is_done():
                await self.interaction.followup.send(ephemeral=ephemeral, **kwargs)
            else:
                await response.send_message(ephemeral=ephemeral, **kwargs)
        except discord.HTTPException as error:
            log.warning("Discord refused a message: %s", error)

    async def direct(self, user_id: str, out: Outgoing) -> None:
        """Tell a player something they did not ask for; closed DMs get a pointer to /hand, once
        per player and game."""
        if user_id in self.dm_closed:
            return
        try:
            channel = await self.interaction.client.create_dm(discord.Object(int(user_id)))
            await channel.send(**await _send_kwargs(out, self.chat, self.referee))
        except discord.Forbidden:
            self.dm_closed.add(user_id)
            if await self.referee.first_notice(PLATFORM, self.chat, f"dm:{user_id}"):
                closed = Text(DM_CLOSED, {"mention": f"<@{user_id}>"})
                await self.channel(Outgoing(say(closed, self.lang)))
        except discord.HTTPException as error:
            log.warning("Discord refused a direct message: %s", error)


class Adapter:
    """Turns interactions into Invocations for the referee and its replies into Discord messages."""

    def __init__(self, referee: Referee, settings: Settings, defer_after: float = DEFER_AFTER):
        self.referee = referee
        self.defer_after = defer_after

    def invocation(
        self,
        interaction: discord.Interaction[Any],
        verb: str,
        args: list[str],
        chat_id: str | None = None,
        **extra: Any,
    ) -> Invocation:
        chat = chat_id or str(interaction.channel_id)
        return Invocation(
            PLATFORM,
            chat,
            str(interaction.user.id),
            interaction.user.display_name,
            verb,
            args,
            private=interaction.guild_id is None,
            admin=is_admin(interaction, chat),
            locale=str(interaction.locale),
            **extra,
        )

    async def sweep(self, client: discord.Client) -> None:
        """Due reminders and timeouts of Discord tables, posted to their channels and DMs."""
        for notice in await self.referee.sweep([PLATFORM]):
            await deliver_background(client, notice.chat_id, notice.replies, self.referee)

    async def command(
        self,
        interaction: discord.Interaction[Any],
        line: str,
        version: int | None = None,
        chat: str | None = None,
        *,
        attachment: tuple[str, str] | None = None,
    ) -> None:
        """Run one command (typed or pressed); defer first if the referee is slow to answer."""
        parsed = parse_command(line)
        if parsed is None:
            return
        chat = chat or str(interaction.channel_id)
        inv = self.invocation(
            interaction,
            parsed.verb,
            parsed.args,
            chat_id=chat,
            update_id=str(interaction.id),
            version=version,
            attachment=attachment,
        )
        work = asyncio.ensure_future(self.referee.handle(inv))
        # a command answered within `defer_after` needs no "thinking..."; 0 defers every one
        done = (
            set()
            if self.defer_after <= 0
            else (await asyncio.wait({work}, timeout=self.defer_after))[0]
        )
        if not done:
            try:
                await interaction.response.defer(ephemeral=True, thinking=True)
            except discord.HTTPException as error:
                log.warning("could not defer interaction %s: %s", interaction.id, error)
                await work  # the command still counts; only its answer is lost
                return
        replies = await work
        if replies:
            delivery = Delivery(interaction, chat, not done, self.referee)
            await delivery.deliver(replies)

    async def turn_page(self, interaction: discord.Interaction[Any], token: str, page: int) -> None:
        """Show another page of a long select menu on the same message."""
        stored = await self.referee.stored_buttons(token)
        if stored is None:
            gone = say(_("These choices are out of date; use /hand."), locale_language(interaction))
            await interaction.response.send_message(gone, ephemeral=True)
            return
        _platform, chat, version, pairs = stored
        buttons = [Button(label, command) for label, command in pairs]
        view = component_view(buttons, version, chat or None, token, page)
        try:
            await interaction.response.edit_message(view=view)
        except discord.HTTPException as error:
            log.warning("Discord refused a page of choices: %s", error)


def is_admin(interaction: discord.Interaction[Any], chat: str) -> bool:
    """Manage Server or Manage Channels where the command was sent; a DM is its own admin.
    A press from elsewhere (a DM button acting on a channel) never counts."""
    if chat != str(interaction.channel_id):
        return False
    if interaction.guild_id is None:
        return True
    permissions = interaction.permissions
    return bool(
        permissions.administrator or permissions.manage_guild or permissions.manage_channels
    )


async def deliver_background(
    client: discord.Client, chat: str, replies: Sequence[Reply], referee: Referee
) -> None:
    """Replies without an interaction: channel messages to the table's channel, DMs to players,
    the board edited in place."""
    channel = client.get_partial_messageable(int(chat))
    for reply in replies:
        if isinstance(reply, Public) and reply.live is not None:
            await show_board(client, chat, reply, referee)
            continue
        for out in await compose(reply):
            try:
                if isinstance(reply, Private):
                    dm = await client.create_dm(discord.Object(int(reply.user_id)))
                    await dm.send(**await _send_kwargs(out, chat, referee))
                else:
                    await channel.send(**await _send_kwargs(out, None, referee))
            except discord.HTTPException as error:
                log.warning("Discord refused a background message: %s", error)


def locale_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the user's Discord client, for notes with no reply to go by."""
    return platform_language(str(interaction.locale))


def _adapter(interaction: discord.Interaction[Any]) -> Adapter:
    return cast(PaperrefClient, interaction.client).adapter


def _verb(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return command.name if command is not None else ""


async def _plain_command(interaction: discord.Interaction[Any]) -> None:
    await _adapter(interaction).command(interaction, f"/{_verb(interaction)}")


async def _args_command(interaction: discord.Interaction[Any], args: str = "") -> None:
    await _adapter(interaction).command(interaction, f"/{_verb(interaction)} {args}")


async def _roll_command(
    interaction: discord.Interaction[Any], expression: str = "", private: bool = False
) -> None:
    flag = f" {PRIVATE_FLAG}" if private else ""
    await _adapter(interaction).command(interaction, f"/{_verb(interaction)} {expression}{flag}")


class CatalogueTranslator(app_commands.Translator):
    """Command and option descriptions in each Discord locale the catalogue has (Polish): a
    description carries its marked text in `extras` (`text`, or `usage` for a usage line)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = supported(str(locale))
        if lang is None or lang == "en":
            return None
        if "text" in string.extras:
            return fit(say(string.extras["text"], lang))
        if "usage" in string.extras:
            return fit(placeholders(string.extras["usage"], lang))
        return None


def _roll_slash(
    name: str, description: app_commands.locale_str
) -> app_commands.Command[Any, Any, None]:
    """/roll and its aliases (/r): dice, and `private` for an answer only the roller sees."""
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=name, description=description, callback=_roll_command
    )
    app_commands.describe(
        expression=described(
            _("Dice such as 2d6+3, or a saved roll's name; empty for the game's own roll")
        ),
        private=described(_("Only you see the result; the channel sees that you rolled")),
    )(command)
    return command


def slash_command(verb: Verb[Any]) -> app_commands.Command[Any, Any, None]:
    """One slash command per shared or chat-scoped verb, described from its help (in Polish
    too), its options typed from the declaration (see bot.adapters.discord_commands)."""
    description = described(verb.help or verb.name)
    if verb.name == "new":
        return new_command(description)
    if verb.chat:
        return typed_command(verb, description, with_file=True)
    if verb.anywhere:
        return typed_command(verb, description)
    if verb.name == "roll" or (isinstance(verb, SharedVerb) and verb.alias_of == "roll"):
        return _roll_slash(verb.name, description)
    if verb.name in SHARED_NAMES and (not verb.usage or verb.name in PLAIN_VERBS):
        return app_commands.Command(
            name=verb.name, description=description, callback=_plain_command
        )
    if verb.name in SHARED_NAMES and not verb.grammar:
        return typed_command(verb, description)
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=verb.name, description=description, callback=_args_command
    )
    usage = verb.usage or verb.name
    app_commands.describe(args=app_commands.locale_str(fit(usage), usage=usage))(command)
    return command


class PaperrefClient(discord.AutoShardedClient):
    """The sharded gateway client with one slash command per verb and restart-proof buttons."""

    def __init__(self, adapter: Adapter, settings: DiscordSettings) -> None:
        shards: dict[str, Any] = {"shard_ids": settings.shard_ids} if settings.shard_ids else {}
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here
        super().__init__(
            intents=discord.Intents.default(),
            shard_count=settings.shard_count,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            http_trace=discord_trace(),
            **shards,
        )
        self.adapter = adapter
        self.guild_ids = list(settings.guild_ids)
        self.tree: app_commands.CommandTree[PaperrefClient] = app_commands.CommandTree(self)
        for verb in [*SHARED, *chat_verbs()]:
            self.tree.add_command(slash_command(verb))
        self.tree.add_command(play_command())

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweeper(self) -> None:
        """The turn timers' clock: deadlines live in SQL, so a restart loses none."""
        try:
            await self.adapter.sweep(self)
        except Exception:
            log.exception("Discord: the deadline sweep failed; it runs again shortly")

    async def close(self) -> None:
        """The sweep is cancelled and waited for, so it never outlives the client mid-query (it
        would then unwind against a database already closed)."""
        running = self.sweeper.get_task()
        self.sweeper.cancel()
        if running is not None and running is not asyncio.current_task():
            with contextlib.suppress(asyncio.CancelledError):
                await running
        await super().close()

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(CommandButton, CommandSelect, PageButton)
        self.sweeper.start()
        if not self.guild_ids:
            synced = await self.tree.sync()
            log.info("Discord: %d slash commands synced globally", len(synced))
            return
        for guild_id in self.guild_ids:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Discord: %d slash commands synced to guild %s", len(synced), guild_id)
        self.tree.clear_commands(guild=None)
        await self.tree.sync()  # global commands of an earlier run would show twice: gone
        log.info("Discord: stale global commands removed")


def build_client(referee: Referee, settings: Settings, **adapter: Any) -> PaperrefClient:
    """The client `run` starts; shard settings are checked here so a bad pair stops start-up."""
    discord_settings = settings.discord
    if discord_settings.shard_ids and discord_settings.shard_count is None:
        raise ConfigError("config: discord.shard_count: required when discord.shard_ids is set")
    count = discord_settings.shard_count
    if count is not None and any(not 0 <= i < count for i in discord_settings.shard_ids):
        raise ConfigError(f"config: discord.shard_ids: each must be from 0 to {count - 1}")
    return PaperrefClient(Adapter(referee, settings, **adapter), discord_settings)


async def run(referee: Referee, settings: Settings) -> None:
    """Serve Discord until cancelled."""
    token = settings.discord.token
    if token is None or not token.get_secret_value():
        raise ConfigError("config: discord.token: not set")
    client = build_client(referee, settings)
    async with client:
        await client.start(token.get_secret_value())
