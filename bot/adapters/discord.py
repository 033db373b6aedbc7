"""Discord: slash commands and buttons in; channel messages, ephemeral replies and DMs out."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import tasks

from bot.adapters.base import SWEEP_SECONDS, drain
from bot.adapters.discord_commands import (
    chat_verbs,
    described,
    new_command,
    play_command,
    typed_command,
)
from bot.adapters.discord_components import (
    CommandButton,
    CommandSelect,
    PageButton,
    adapter_of,
    button_style,
    component_view,
)
from bot.adapters.discord_delivery import Outgoing, compose, deliver_background
from bot.adapters.discord_interaction import InteractionReplies, locale_language
from bot.adapters.discord_limits import EditLimits
from bot.adapters.discord_pages import deliver_pages, page_command
from bot.chat_order import ChatOrder, Turn
from bot.commands.help import fit, placeholders
from bot.commands.parse import Invocation, ParsedCommand, parse_command
from bot.config import ConfigError, DiscordSettings, Settings
from bot.context import SharedVerb
from bot.i18n import say, supported
from bot.ops.discord_calls import discord_trace
from bot.port import PagesPort, RefereePort
from bot.replies import Reply
from bot.verbs import SHARED, SHARED_NAMES
from bot.verbs.dice import PRIVATE_FLAG
from games.base import Verb
from games.i18n import N_, Text, _

log = logging.getLogger(__name__)

PLATFORM = "discord"
DEFER_AFTER = 2.0
"""Seconds the referee may take before the interaction is deferred (Discord allows three); 0
defers every interaction at once."""
NOT_A_MOVE = N_(
    "'{text}' is not a move: a move starts with its verb, e.g. build 4 5 (pick one as you type)."
)
PLAIN_VERBS = frozenset({"board"})
"""Shared verbs whose only option is the console's (writing a file), so Discord offers none."""
__all__ = [
    "Adapter",
    "Outgoing",
    "PaperrefClient",
    "build_client",
    "button_style",
    "component_view",
    "compose",
    "run",
]


class Adapter:
    """Turns interactions into Invocations for the referee and its replies into Discord messages."""

    def __init__(
        self,
        referee: RefereePort,
        settings: Settings,
        defer_after: float = DEFER_AFTER,
        pages: PagesPort | None = None,
    ) -> None:
        self.referee, self.pages = referee, pages
        self.delivery = referee.delivery(PLATFORM)
        self.edits = EditLimits()  # the channels' edit limits, as Discord's responses state them
        self.defer_after = defer_after
        self.order = ChatOrder()  # every channel at once, each in the order its commands came
        self.taking = True
        self.answering: set[asyncio.Task[Any]] = set()
        """The interactions taken and not yet answered (a stop waits for them)."""

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
            await deliver_background(
                client, notice.chat_id, notice.replies, self.delivery, self.edits
            )

    async def command(
        self,
        interaction: discord.Interaction[Any],
        line: str,
        version: int | None = None,
        chat: str | None = None,
        *,
        attachment: tuple[str, str] | None = None,
    ) -> None:
        """Run one command (typed or pressed) in its channel's turn (after the channel's earlier
        commands are answered); defer first if the referee, or the turn, is slow to come. After
        a stop, an interaction is neither applied nor answered (the user sees it fail)."""
        parsed = parse_command(line)
        if not self.taking:
            return
        if parsed is None:
            await self._not_a_move(interaction, line)
            return
        task = asyncio.current_task()
        assert task is not None
        self.answering.add(task)
        try:
            await self._command(interaction, parsed, version, chat, attachment)
        finally:
            self.answering.discard(task)

    @staticmethod
    async def _not_a_move(interaction: discord.Interaction[Any], line: str) -> None:
        """Text typed into /play that reads as no command is answered, only to its sender."""
        typed = fit(line.lstrip("/"), 100)
        text = say(Text(NOT_A_MOVE, {"text": typed}), locale_language(interaction))
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as error:
            log.warning("Discord refused an answer to %r: %s", line, error)

    async def drain(self) -> tuple[int, int]:
        """Take no more interactions and let the ones taken be answered (see `base.drain`), then
        the board edits a rate limit held back go out."""
        self.taking = False
        answered = await drain(set(self.answering))
        await drain(self.delivery.held())
        return answered

    async def _command(
        self,
        interaction: discord.Interaction[Any],
        parsed: ParsedCommand,
        version: int | None,
        chat: str | None,
        attachment: tuple[str, str] | None,
    ) -> None:
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
        turn = self.order.turn(chat)
        work = asyncio.ensure_future(self._in_turn(turn, inv))
        try:
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
                    # the command counts; only the interaction's answer is lost: the channel,
                    # the board and the players' DMs still hear of it, as of the sweep's
                    replies = await work
                    await deliver_background(
                        interaction.client, chat, replies, self.delivery, self.edits
                    )
                    return
            replies = await work
            if replies:
                answer = InteractionReplies(interaction, chat, not done, self.delivery, self.edits)
                await answer.deliver(replies)
        finally:  # the channel's next command goes once this one is delivered (or given up)
            if work.done():
                turn.release()
            else:
                work.add_done_callback(lambda _: turn.release())

    async def _in_turn(self, turn: Turn, inv: Invocation) -> list[Reply]:
        await turn.wait()
        return await self.referee.handle(inv)

    async def turn_page(self, interaction: discord.Interaction[Any], token: str, page: int) -> None:
        """Show another page of a long select menu on the same message."""
        stored = await self.referee.press(token)
        if stored is None:
            gone = say(_("These choices are out of date; use /hand."), locale_language(interaction))
            await interaction.response.send_message(gone, ephemeral=True)
            return
        chat = stored.chat_id or None
        view = component_view(stored.buttons, stored.version, chat, token, page)
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


def _verb(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return command.name if command is not None else ""


async def _plain_command(interaction: discord.Interaction[Any]) -> None:
    await adapter_of(interaction).command(interaction, f"/{_verb(interaction)}")


async def _args_command(interaction: discord.Interaction[Any], args: str = "") -> None:
    await adapter_of(interaction).command(interaction, f"/{_verb(interaction)} {args}")


async def _roll_command(
    interaction: discord.Interaction[Any], expression: str = "", private: bool = False
) -> None:
    flag = f" {PRIVATE_FLAG}" if private else ""
    await adapter_of(interaction).command(interaction, f"/{_verb(interaction)} {expression}{flag}")


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
        trace = discord_trace()
        adapter.edits.trace(trace)
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here
        super().__init__(
            intents=discord.Intents.default(),
            shard_count=settings.shard_count,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            http_trace=trace,
            **shards,
        )
        self.adapter = adapter
        self.guild_ids = list(settings.guild_ids)
        self.tree: app_commands.CommandTree[PaperrefClient] = app_commands.CommandTree(self)
        for verb in [*SHARED, *chat_verbs()]:
            self.tree.add_command(slash_command(verb))
        self.tree.add_command(play_command())
        if adapter.pages is not None:
            self.tree.add_command(page_command())
            deliver_pages(adapter.pages, self, adapter.order, adapter.delivery, adapter.edits)

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


def build_client(referee: RefereePort, settings: Settings, **adapter: Any) -> PaperrefClient:
    """The client `run` starts; shard settings are checked here so a bad pair stops start-up."""
    discord_settings = settings.discord
    if discord_settings.shard_ids and discord_settings.shard_count is None:
        raise ConfigError("config: discord.shard_count: required when discord.shard_ids is set")
    count = discord_settings.shard_count
    if count is not None and any(not 0 <= i < count for i in discord_settings.shard_ids):
        raise ConfigError(f"config: discord.shard_ids: each must be from 0 to {count - 1}")
    return PaperrefClient(Adapter(referee, settings, **adapter), discord_settings)


async def run(
    referee: RefereePort,
    settings: Settings,
    stop: asyncio.Event | None = None,
    pages: PagesPort | None = None,
) -> None:
    """Serve Discord until `stop` (or cancelled); then take no more interactions, answer the
    ones taken, and only then close the gateway. With `pages`: /page, and moves made there."""
    token = settings.discord.token
    if token is None or not token.get_secret_value():
        raise ConfigError("config: discord.token: not set")
    client = build_client(referee, settings, pages=pages)
    async with client:
        serving = asyncio.create_task(client.start(token.get_secret_value()))
        stopped = asyncio.create_task((stop or asyncio.Event()).wait())
        try:
            await asyncio.wait({serving, stopped}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # cancelled: the gateway goes with it
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            raise
        finally:
            stopped.cancel()
        if serving.done():
            serving.result()  # a refused token or a lost gateway: raised here
            return
        finished, cancelled = await client.adapter.drain()
        await client.close()
        await serving
        log.info(
            "discord: drained: no more interactions taken; %d in flight answered, %d cancelled",
            finished,
            cancelled,
        )
