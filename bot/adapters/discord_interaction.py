"""One interaction's replies on Discord: the channel's through the interaction, the invoker's
only to them (ephemeral), other players' by DM, the table's board by bot.delivery's policy; a
deferred interaction's answer is settled, and one that got no message acknowledged."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from enum import Enum
from typing import Any

import discord

from bot.adapters.discord_delivery import (
    DiscordChannel,
    Outgoing,
    board_message,
    compose,
    privately,
    send_kwargs,
)
from bot.adapters.discord_limits import EditLimits
from bot.delivery import Delivery
from bot.i18n import platform_language, say
from bot.replies import Private, Public, Reply
from games.i18n import _

log = logging.getLogger(__name__)

DONE_NOTE = _("Done.")


class Target(Enum):
    """Where one reply goes: the channel, only the person who invoked, or another player's DMs."""

    CHANNEL = "channel"
    INVOKER = "invoker"
    DIRECT = "direct"


def locale_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the user's Discord client, for notes with no reply to go by."""
    return platform_language(str(interaction.locale))


class InteractionReplies(DiscordChannel):
    """Delivers one interaction's replies: to the table's channel, to the invoker only, or by DM;
    the table's board is its own message, edited in place."""

    def __init__(
        self,
        interaction: discord.Interaction[Any],
        chat: str,
        deferred: bool,
        delivery: Delivery,
        edits: EditLimits,
    ) -> None:
        super().__init__(interaction.client, chat, delivery, edits)
        self.interaction = interaction
        self.away = chat != str(interaction.channel_id)  # a button pressed in a DM
        self.origin = chat if self.away else None  # buttons answered there must name the table
        self.deferred = deferred
        self.invoker = str(interaction.user.id)
        self.lang: str = locale_language(interaction)  # the replies' own, once there are some

    def target(self, reply: Reply) -> Target:
        if not isinstance(reply, Private):
            return Target.CHANNEL
        return Target.INVOKER if reply.user_id == self.invoker else Target.DIRECT

    async def deliver(self, replies: Sequence[Reply]) -> None:
        self.lang = next((r.lang for r in replies), self.lang)
        plan: list[tuple[Target, Reply, Outgoing | None]] = []
        boards = [r for r in replies if isinstance(r, Public) and r.live is not None]
        for board in [b for b in boards if self.pressed_on(b)]:
            await self.delivery.show_board(self, board)  # first: the press's own response
            boards.remove(board)
        for reply in replies:
            target = self.target(reply)
            if target is Target.DIRECT or (isinstance(reply, Public) and reply.turn is not None):
                plan.append((target, reply, None))  # by the policy: DMs, a turn's message
            elif not (isinstance(reply, Public) and reply.live is not None):
                plan += [(target, reply, out) for out in await compose(reply)]
        if self.deferred:
            await self._settle_original(plan)
        else:
            await self._answer_first(plan)
        dms = [r for target, r, _out in plan if target is Target.DIRECT and isinstance(r, Private)]
        here = [step for step in plan if step[0] is not Target.DIRECT]
        await asyncio.gather(self._in_order(here, boards), privately(self, dms))

    async def _in_order(
        self, plan: list[tuple[Target, Reply, Outgoing | None]], boards: list[Public]
    ) -> None:
        """The channel's and the invoker's replies in order, then the board."""
        for target, reply, out in plan:
            if out is None:
                assert isinstance(reply, Public), "a turn's report"
                await self.delivery.show_report(self, reply)
            elif target is Target.CHANNEL:
                await self.send_channel(out)
            else:
                await self.here(out, ephemeral=True)
        for board in boards:
            await self.delivery.show_board(self, board)
        await self.acknowledge()

    def answers(self, target: Target, out: Outgoing | None) -> bool:
        """Whether this step of the plan is a message through the interaction itself."""
        return out is not None and (
            target is Target.INVOKER or (target is Target.CHANNEL and not self.away)
        )

    async def _answer_first(self, plan: list[tuple[Target, Reply, Outgoing | None]]) -> None:
        """Discord waits three seconds for an interaction's answer, and the channel's calls
        before it (a report, DMs, the board) may take longer under its rate limits: a message
        only the invoker sees goes first, and with no message to answer with, the
        acknowledgement does."""
        if self.interaction.response.is_done():
            return
        answering = [i for i, (target, _r, out) in enumerate(plan) if self.answers(target, out)]
        if not answering:
            await self.acknowledge()
        elif plan[answering[0]][0] is Target.INVOKER:
            plan.insert(0, plan.pop(answering[0]))

    def pressed_on(self, board: Public) -> bool:
        """Whether this is a press on the board's own message, not yet answered: the board is
        then edited through the press's response (bot.delivery's `edit` below)."""
        live, message = board.live, self.interaction.message
        return (
            self.interaction.type == discord.InteractionType.component
            and live is not None
            and not live.anew
            and message is not None
            and str(message.id) == live.message_id
            and not self.interaction.response.is_done()
        )

    async def edit(self, message_id: str, reply: Public) -> bool:
        """The board pressed on is edited by the press's own response (an update of the pressed
        message: an interaction callback, outside the bot's global rate limit, and no other
        request); any other board through the channel."""
        if self.pressed_on(reply):
            try:
                await self.interaction.response.edit_message(**await board_message(reply))
                return True
            except discord.HTTPException as error:
                log.info("Discord: the pressed board was not updated in place: %s", error)
        return await super().edit(message_id, reply)

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

    async def _settle_original(self, plan: list[tuple[Target, Reply, Outgoing | None]]) -> None:
        """The deferred answer is ephemeral: it takes the invoker's first private message, or a note."""
        mine = next((i for i, step in enumerate(plan) if step[0] is Target.INVOKER), None)
        found = None if mine is None else plan.pop(mine)[2]
        out = found or Outgoing(say(DONE_NOTE, self.lang))
        kwargs = await send_kwargs(out, self.origin, self.delivery)
        files = kwargs.pop("files", [])
        try:
            await self.interaction.edit_original_response(attachments=files, **kwargs)
        except discord.HTTPException as error:
            log.warning("Discord refused the deferred answer: %s", error)

    async def send_channel(self, out: Outgoing) -> None:
        """The table's channel: through the interaction, or posted there when pressed in a DM."""
        if not self.away:
            await self.here(out, ephemeral=False)
            return
        channel = self.interaction.client.get_partial_messageable(int(self.chat))
        try:
            await channel.send(**await send_kwargs(out, None, self.delivery))
        except discord.HTTPException as error:
            log.warning("Discord refused a channel message: %s", error)

    async def here(self, out: Outgoing, ephemeral: bool) -> None:
        """The first message answers the interaction; the rest are follow-ups with their own flags."""
        response = self.interaction.response
        try:
            kwargs = await send_kwargs(out, self.origin, self.delivery)
            if response.is_done():
                await self.interaction.followup.send(ephemeral=ephemeral, **kwargs)
            else:
                await response.send_message(ephemeral=ephemeral, **kwargs)
        except discord.HTTPException as error:
            log.warning("Discord refused a message: %s", error)
