"""Discord: slash commands and buttons in; channel messages, ephemeral replies and DMs out."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import tasks

from bot.adapters.base import SWEEP_SECONDS, split_message, with_mentions
from bot.commands.help import every_verb, fit
from bot.commands.parse import Invocation, parse_command
from bot.config import ConfigError, DiscordSettings, Settings
from bot.context import SharedVerb
from bot.referee import Referee
from bot.render.image import render_png
from bot.render.text import render_text
from bot.replies import Button, Private, Public, Reply
from bot.verbs import SHARED, SHARED_NAMES
from bot.verbs.dice import PRIVATE_FLAG
from games.base import Verb
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
DONE_NOTE = "Done."
DM_CLOSED = (
    "{mention}, I cannot send you direct messages; use /hand here to see your cards privately."
)


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


def _pack(pieces: Sequence[str]) -> list[str]:
    """Join consecutive pieces into as few messages as the limit allows."""
    parts: list[str] = []
    for piece in pieces:
        if parts and len(parts[-1]) + 1 + len(piece) <= MESSAGE_LIMIT:
            parts[-1] = f"{parts[-1]}\n{piece}"
        else:
            parts.append(piece)
    return parts


def ping(user_id: str, name: str) -> str:
    return f"<@{user_id}>"


async def compose(reply: Reply) -> list[Outgoing]:
    """A reply as messages: text split at the limit, the board as text or PNG, buttons last."""
    text = reply.text
    if isinstance(reply, Public) and reply.mentions:
        text = with_mentions(text, reply.mentions, ping)
    pieces = split_message(text, MESSAGE_LIMIT) if text else []
    files: list[tuple[str, bytes]] = []
    if reply.file is not None:
        files.append(reply.file)
        if len(reply.text) > MESSAGE_LIMIT:
            pieces = [f"{reply.file[0]} is attached."]
    if reply.board is not None:
        if reply.image:
            files.append(("board.png", await asyncio.to_thread(render_png, reply.board)))
        else:
            pieces += _fenced(render_text(reply.board))
    parts = _pack(pieces) or [""]
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
                style=discord.ButtonStyle.secondary,
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

    def __init__(self, version: int | None, buttons: Sequence[Button], chat: str | None) -> None:
        options = [discord.SelectOption(label=b.label[:100], value=b.command) for b in buttons]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(version, "choose", chat),
                placeholder="Choose…",
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


def component_view(
    buttons: Sequence[Button], version: int | None, chat: str | None = None
) -> discord.ui.View | None:
    """Buttons for a few choices, a select menu for more; commands too long for an id are left out."""
    usable = [b for b in buttons if len(custom_id(version, b.command, chat)) <= CUSTOM_ID_LIMIT]
    if not usable:
        return None
    view = discord.ui.View(timeout=None)
    if len(usable) <= MAX_BUTTONS:
        for button in usable:
            view.add_item(CommandButton(button.command, version, button.label, chat))
    else:
        view.add_item(CommandSelect(version, usable, chat))
    return view


def _files(out: Outgoing) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in out.files]


def _send_kwargs(out: Outgoing, chat: str | None = None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"content": out.content or None}
    files = _files(out)
    if files:
        kwargs["files"] = files
    view = component_view(out.buttons, out.version, chat)
    if view is not None:
        kwargs["view"] = view
    return kwargs


class Delivery:
    """Delivers one interaction's replies: to the table's channel, to the invoker only, or by DM."""

    def __init__(self, interaction: discord.Interaction[Any], chat: str, deferred: bool) -> None:
        self.interaction = interaction
        self.chat = chat
        self.away = chat != str(interaction.channel_id)  # a button pressed in a DM
        self.origin = chat if self.away else None  # buttons answered there must name the table
        self.deferred = deferred
        self.invoker = str(interaction.user.id)
        self.dm_closed: set[str] = set()

    def target(self, reply: Reply) -> Target:
        if not isinstance(reply, Private):
            return Target.CHANNEL
        return Target.INVOKER if reply.user_id == self.invoker else Target.DIRECT

    async def deliver(self, replies: Sequence[Reply]) -> None:
        plan: list[tuple[Target, str, Outgoing]] = []
        for reply in replies:
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
        if not self.interaction.response.is_done():
            await self.here(Outgoing(DONE_NOTE), ephemeral=True)

    async def _settle_original(self, plan: list[tuple[Target, str, Outgoing]]) -> None:
        """The deferred answer is ephemeral: it takes the invoker's first private message, or a note."""
        mine = next((i for i, step in enumerate(plan) if step[0] is Target.INVOKER), None)
        out = Outgoing(DONE_NOTE) if mine is None else plan.pop(mine)[2]
        kwargs = _send_kwargs(out, self.origin)
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
            await channel.send(**_send_kwargs(out))
        except discord.HTTPException as error:
            log.warning("Discord refused a channel message: %s", error)

    async def here(self, out: Outgoing, ephemeral: bool) -> None:
        """The first message answers the interaction; the rest are follow-ups with their own flags."""
        response = self.interaction.response
        try:
            kwargs = _send_kwargs(out, self.origin)
            if response.is_done():
                await self.interaction.followup.send(ephemeral=ephemeral, **kwargs)
            else:
                await response.send_message(ephemeral=ephemeral, **kwargs)
        except discord.HTTPException as error:
            log.warning("Discord refused a message: %s", error)

    async def direct(self, user_id: str, out: Outgoing) -> None:
        """Tell a player something they did not ask for; closed DMs get a pointer to /hand."""
        if user_id in self.dm_closed:
            return
        try:
            channel = await self.interaction.client.create_dm(discord.Object(int(user_id)))
            await channel.send(**_send_kwargs(out, self.chat))
        except discord.Forbidden:
            self.dm_closed.add(user_id)
            await self.channel(Outgoing(DM_CLOSED.format(mention=f"<@{user_id}>")))
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
            **extra,
        )

    async def sweep(self, client: discord.Client) -> None:
        """Due reminders and timeouts of Discord tables, posted to their channels and DMs."""
        for notice in await self.referee.sweep([PLATFORM]):
            await deliver_background(client, notice.chat_id, notice.replies)

    async def command(
        self,
        interaction: discord.Interaction[Any],
        line: str,
        version: int | None = None,
        chat: str | None = None,
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
        )
        work = asyncio.ensure_future(self.referee.handle(inv))
        done, _ = await asyncio.wait({work}, timeout=self.defer_after)
        if not done:
            try:
                await interaction.response.defer(ephemeral=True, thinking=True)
            except discord.HTTPException as error:
                log.warning("could not defer interaction %s: %s", interaction.id, error)
                await work  # the command still counts; only its answer is lost
                return
        replies = await work
        if replies:
            delivery = Delivery(interaction, chat, deferred=not done)
            await delivery.deliver(replies)

    async def suggest(
        self, interaction: discord.Interaction[Any], verb: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Arguments of the invoker's legal moves for this verb, read without taking the table lock."""
        chat = str(interaction.channel_id)
        moves = await self.referee.legal_moves(PLATFORM, chat, str(interaction.user.id))
        prefix = f"/{verb} "
        wanted = current.casefold().strip()
        choices = []
        for command in moves:
            if not command.startswith(prefix):
                continue
            args = command[len(prefix) :]
            if wanted in args.casefold():
                choices.append(app_commands.Choice(name=args[:100], value=args[:100]))
        return choices[:MAX_OPTIONS]


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


async def deliver_background(client: discord.Client, chat: str, replies: Sequence[Reply]) -> None:
    """Replies without an interaction: channel messages to the table's channel, DMs to players."""
    channel = client.get_partial_messageable(int(chat))
    for reply in replies:
        for out in await compose(reply):
            try:
                if isinstance(reply, Private):
                    dm = await client.create_dm(discord.Object(int(reply.user_id)))
                    await dm.send(**_send_kwargs(out, chat))
                else:
                    await channel.send(**_send_kwargs(out))
            except discord.HTTPException as error:
                log.warning("Discord refused a background message: %s", error)


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


async def _new_command(interaction: discord.Interaction[Any], game: str, options: str = "") -> None:
    await _adapter(interaction).command(interaction, f"/new {game} {options}")


async def _suggest_args(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return await _adapter(interaction).suggest(interaction, _verb(interaction), current)


def _new_slash(description: str) -> app_commands.Command[Any, Any, None]:
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="new", description=description, callback=_new_command
    )
    games = [app_commands.Choice(name=e.title, value=e.key) for e in all_engines()]
    app_commands.choices(game=games[:MAX_OPTIONS])(command)
    app_commands.describe(game="The game to play", options="e.g. --short --board image")(command)
    return command


def _roll_slash(name: str, description: str) -> app_commands.Command[Any, Any, None]:
    """/roll and its aliases (/r): dice, and `private` for an answer only the roller sees."""
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=name, description=description, callback=_roll_command
    )
    app_commands.describe(
        expression="Dice such as 2d6+3, or a saved roll's name; empty for the game's own roll",
        private="Only you see the result; the channel sees that you rolled",
    )(command)
    return command


def slash_command(verb: Verb[Any]) -> app_commands.Command[Any, Any, None]:
    """One slash command per verb, described from its help; game arguments autocomplete."""
    description = fit(verb.help or verb.name)
    if verb.name == "new":
        return _new_slash(description)
    if verb.name == "roll" or (isinstance(verb, SharedVerb) and verb.alias_of == "roll"):
        return _roll_slash(verb.name, description)
    if verb.name in SHARED_NAMES and (not verb.usage or verb.name in PLAIN_VERBS):
        return app_commands.Command(
            name=verb.name, description=description, callback=_plain_command
        )
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=verb.name, description=description, callback=_args_command
    )
    app_commands.describe(args=fit(verb.usage or verb.name))(command)
    if verb.name not in SHARED_NAMES:
        app_commands.autocomplete(args=_suggest_args)(command)
    return command


class PaperrefClient(discord.AutoShardedClient):
    """The sharded gateway client with one slash command per verb and restart-proof buttons."""

    def __init__(self, adapter: Adapter, settings: DiscordSettings) -> None:
        shards: dict[str, Any] = {"shard_ids": settings.shard_ids} if settings.shard_ids else {}
        super().__init__(
            intents=discord.Intents.default(),
            shard_count=settings.shard_count,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **shards,
        )
        self.adapter = adapter
        self.guild_ids = list(settings.guild_ids)
        self.tree: app_commands.CommandTree[PaperrefClient] = app_commands.CommandTree(self)
        for verb in every_verb(SHARED):
            self.tree.add_command(slash_command(verb))

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweeper(self) -> None:
        """The turn timers' clock: deadlines live in SQL, so a restart loses none."""
        try:
            await self.adapter.sweep(self)
        except Exception:
            log.exception("Discord: the deadline sweep failed; it runs again shortly")

    async def close(self) -> None:
        self.sweeper.cancel()
        await super().close()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CommandButton, CommandSelect)
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
