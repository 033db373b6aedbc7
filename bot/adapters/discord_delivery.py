"""Discord's primitives for one channel (bot.delivery.Platform): replies composed as messages
of at most 2,000 characters, the live board as one message of embeds (or a picture) edited in place, pins, DMs; and the
delivery of replies that no interaction waits for (the sweep's)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.adapters.base import pack_pieces, set_columns, split_message, with_mentions
from bot.adapters.discord_components import component_view, make_view
from bot.adapters.discord_limits import EditLimits
from bot.commands.help import fit
from bot.delivery import Delivery, Later
from bot.i18n import say
from bot.render.image import render_png
from bot.render.text import render_text
from bot.replies import Button, Private, Public, Reply
from games.i18n import N_, Text, _

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
EMBED_LIMIT = 4096
EMBED_TOTAL = 6000
MAX_EMBEDS = 10
TITLE_LIMIT = 256
FENCE = "```"
PIN_LINE_WITHIN = 5
"""The latest messages searched for the line a pin makes (it follows the board at once)."""
BOARD_MOVED = N_("The board moved below: {url}")
DM_CLOSED = N_(
    "{mention}, I cannot send you direct messages; use /hand here to see your cards privately."
)


@dataclass(frozen=True)
class Outgoing:
    """One Discord message: at most 2,000 characters, with files and buttons on a reply's last part."""

    content: str
    files: tuple[tuple[str, bytes], ...] = ()
    buttons: tuple[Button, ...] = ()
    version: int | None = None


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


async def send_kwargs(
    out: Outgoing, chat: str | None = None, delivery: Delivery | None = None
) -> dict[str, Any]:
    """The message's arguments to `send`; buttons sent away from the table name its `chat`."""
    kwargs: dict[str, Any] = {"content": out.content or None}
    files = [discord.File(io.BytesIO(data), filename=name) for name, data in out.files]
    if files:
        kwargs["files"] = files
    view = await make_view(out.buttons, out.version, chat, delivery)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def board_pages(text: str, title: str) -> list[str] | None:
    """A text board as code blocks, one per embed, within what one message's embeds may hold
    (4,096 characters a description, 6,000 in all, 10 embeds); None when it would not fit,
    and the board is then a picture."""
    room = EMBED_LIMIT - 2 * len(FENCE) - 2
    pages = [f"{FENCE}\n{part}\n{FENCE}" for part in split_message(text, room)]
    if len(pages) > MAX_EMBEDS or len(title) + sum(map(len, pages)) > EMBED_TOTAL:
        return None
    return pages


def board_content(reply: Public) -> str | None:
    """The text riding on the board's message (a report, its pings)."""
    return with_mentions(reply.text, reply.mentions, ping) if reply.text else None


async def board_message(reply: Public) -> dict[str, Any]:
    """The live board as one message: embeds titled with whose turn it is, the board in code
    blocks (or as a PNG image: asked for, or too long as text), the control row under it."""
    title = reply.board.title if reply.board is not None else ""
    title = fit(title or say(_("Board"), reply.lang), TITLE_LIMIT)
    embeds = [discord.Embed(title=title)]
    files: list[discord.File] = []
    text = render_text(replace(reply.board, title="")) if reply.board is not None else ""
    pages = None if reply.image else board_pages(text, title)
    if reply.board is not None and pages is None:
        png = await asyncio.to_thread(render_png, reply.board)
        files.append(discord.File(io.BytesIO(png), filename="board.png"))
        embeds[0].set_image(url="attachment://board.png")
    elif pages:
        embeds[0].description = pages[0]
        embeds += [discord.Embed(description=page) for page in pages[1:]]
    view = component_view(reply.buttons, reply.version)
    return {"content": board_content(reply), "embeds": embeds, "attachments": files, "view": view}


class DiscordChannel:
    """The table's channel and its players' DMs, as bot.delivery's policy drives them."""

    def __init__(
        self, client: discord.Client, chat: str, delivery: Delivery, edits: EditLimits
    ) -> None:
        self.client, self.chat, self.delivery, self.edits = client, chat, delivery, edits
        cached = client.get_channel(int(chat))  # knows its guild, so links to the board work
        self.channel: discord.TextChannel | discord.Thread | discord.PartialMessageable = (
            cached
            if isinstance(cached, discord.TextChannel | discord.Thread)
            else client.get_partial_messageable(int(chat))
        )
        self.posted: dict[str, discord.Message] = {}
        self.dm_closed: set[str] = set()
        self.lang: str | None = None  # the channel's language, once replies tell it

    def message(self, message_id: str) -> discord.PartialMessage:
        return self.channel.get_partial_message(int(message_id))

    async def post(self, reply: Public) -> str | None:
        payload = await board_message(reply)
        payload["files"] = payload.pop("attachments")
        payload = {k: v for k, v in payload.items() if v is not None}
        try:
            message = await self.channel.send(**payload)
        except discord.HTTPException as error:
            log.warning("Discord refused the board: %s", error)
            return None
        self.posted[str(message.id)] = message
        return str(message.id)

    def fits(self, reply: Public) -> bool:
        return len(board_content(reply) or "") <= MESSAGE_LIMIT

    async def say(self, reply: Public) -> None:
        for out in await compose(reply):
            await self.send_channel(out)

    async def edit(self, message_id: str, reply: Public) -> bool:
        """Later when the channel's edits are at Discord's limit: the policy holds the board and
        edits it with its latest state once the limit lets it."""
        wait = self.edits.take(self.chat)
        if wait:
            raise Later(wait)
        try:
            await self.message(message_id).edit(**await board_message(reply))
        except discord.HTTPException as error:
            log.info("Discord: the board %s cannot be edited (%s)", message_id, error)
            return False
        return True

    async def post_report(self, reply: Public) -> str | None:
        """The report in the channel itself, not as an interaction's answer: only the bot's own
        channel messages can be edited later by the channel's id."""
        sent = None
        for out in await compose(reply):
            try:
                message = await self.channel.send(**await send_kwargs(out, None, self.delivery))
            except discord.HTTPException as error:
                log.warning("Discord refused a report: %s", error)
                return None
            sent = str(message.id)
        return sent

    async def edit_report(self, message_id: str, reply: Public) -> bool:
        """Not while the channel's edits are at Discord's limit: the report is posted anew."""
        outs = await compose(reply)
        if len(outs) != 1 or outs[0].files or outs[0].buttons:
            return False
        if self.edits.take(self.chat):
            return False
        try:
            await self.message(message_id).edit(content=outs[0].content)
        except discord.HTTPException as error:
            log.info("Discord: the report %s cannot be edited (%s)", message_id, error)
            return False
        return True

    async def pin(self, message_id: str) -> None:
        try:
            await self.message(message_id).pin()
        except discord.HTTPException as error:
            log.info("Discord: the board is not pinned in %s: %s", self.chat, error)
            return
        await self.drop_pin_line(message_id)

    async def drop_pin_line(self, message_id: str) -> None:
        """Discord's line "PaperRef pinned a message" below the board is deleted where the bot
        has Manage Messages; without it the line stays."""
        try:
            async for line in self.channel.history(limit=PIN_LINE_WITHIN):
                if line.type is discord.MessageType.pins_add and (
                    line.reference is not None and str(line.reference.message_id) == message_id
                ):
                    await line.delete()
                    return
        except discord.HTTPException as error:
            log.info("Discord: the pin's line stays in %s: %s", self.chat, error)

    async def unpin(self, message_id: str) -> None:
        try:
            await self.message(message_id).unpin()
        except discord.HTTPException as error:
            log.info("Discord: the old board is not unpinned in %s: %s", self.chat, error)

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        new = self.posted.get(new_id) or self.message(new_id)
        moved = say(Text(BOARD_MOVED, {"url": new.jump_url}), lang)
        # deleted, or never ours: then nothing points at the new board, which is fine
        with contextlib.suppress(discord.HTTPException):
            await self.message(old_id).edit(content=moved, embeds=[], attachments=[], view=None)

    async def send_private(self, reply: Private) -> str | None:
        """The reply by DM (its buttons naming the table's channel); the id of its last
        message. None when the player's DMs are closed."""
        if reply.user_id in self.dm_closed:
            return None
        sent = ""
        try:
            dm = await self.client.create_dm(discord.Object(int(reply.user_id)))
            for out in await compose(reply):
                message = await dm.send(**await send_kwargs(out, self.chat, self.delivery))
                sent = str(message.id)
        except discord.Forbidden:
            self.dm_closed.add(reply.user_id)
            return None
        except discord.HTTPException as error:
            log.warning("Discord refused a direct message: %s", error)
        return sent

    async def edit_private(self, message_id: str, reply: Private) -> bool:
        """A hand DM edited in place when it is one message without files."""
        outs = await compose(reply)
        if len(outs) != 1 or outs[0].files:
            return False
        dm = await self.client.create_dm(discord.Object(int(reply.user_id)))
        kwargs = await send_kwargs(outs[0], self.chat, self.delivery)
        try:
            await dm.get_partial_message(int(message_id)).edit(**kwargs)
        except discord.HTTPException as error:
            log.info("Discord: the hand %s cannot be edited (%s)", message_id, error)
            return False
        return True

    async def drop_keys(self, user_id: str, message_id: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            dm = await self.client.create_dm(discord.Object(int(user_id)))
            await dm.get_partial_message(int(message_id)).edit(view=None)

    async def tell_unreachable(self, reply: Private) -> None:
        closed = Text(DM_CLOSED, {"mention": f"<@{reply.user_id}>"})
        await self.send_channel(Outgoing(say(closed, self.lang or reply.lang)))

    async def send_channel(self, out: Outgoing) -> None:
        """A message to the table's channel."""
        try:
            await self.channel.send(**await send_kwargs(out, None, self.delivery))
        except discord.HTTPException as error:
            log.warning("Discord refused a channel message: %s", error)


async def privately(to: DiscordChannel, replies: Sequence[Private]) -> None:
    """Each player's private replies in order, the players' at once: a DM channel has its own
    rate limit, so no player waits for another's DMs or for the table's channel."""
    by_player: dict[str, list[Private]] = {}
    for reply in replies:
        by_player.setdefault(reply.user_id, []).append(reply)

    async def one_player(theirs: list[Private]) -> None:
        for reply in theirs:
            await to.delivery.send_private(to, reply, to.chat)

    await asyncio.gather(*map(one_player, by_player.values()))


async def deliver_background(
    client: discord.Client,
    chat: str,
    replies: Sequence[Reply],
    delivery: Delivery,
    edits: EditLimits,
) -> None:
    """Replies without an interaction: channel messages to the table's channel, the board edited
    in place, and beside them DMs to players."""
    channel = DiscordChannel(client, chat, delivery, edits)
    dms = [reply for reply in replies if isinstance(reply, Private)]
    public = [reply for reply in replies if isinstance(reply, Public)]
    await asyncio.gather(_in_channel(channel, public), privately(channel, dms))


async def _in_channel(channel: DiscordChannel, replies: Sequence[Public]) -> None:
    delivery = channel.delivery
    for reply in replies:
        if reply.live is not None:
            await delivery.show_board(channel, reply)
        elif reply.turn is not None:
            await delivery.show_report(channel, reply)
        else:
            await channel.say(reply)
