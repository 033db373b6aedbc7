"""The web pages on Discord: /page answers only the user who asks (ephemeral) with their own
signed link to the channel's table (a spectator: the table's public page), and a move made on
a page is delivered to its channel as the sweep's replies are."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.adapters.discord_commands import described
from bot.adapters.discord_components import adapter_of
from bot.adapters.discord_delivery import deliver_background
from bot.adapters.discord_interaction import locale_language
from bot.adapters.discord_limits import EditLimits
from bot.chat_order import ChatOrder
from bot.delivery import Delivery
from bot.i18n import say
from bot.port import PagesPort
from bot.replies import Reply
from games.i18n import _

log = logging.getLogger(__name__)

PLATFORM = "discord"
NO_TABLE = _("There is no table in this chat; open one with /new GAME (see /games).")


async def _page(interaction: discord.Interaction[Any]) -> None:
    """The invoker's own board if they sit at the channel's table, else its public page; only
    they see the answer (a player's link signs them in, so it is never posted)."""
    adapter = adapter_of(interaction)
    lang = locale_language(interaction)
    facts = await adapter.referee.chat_facts(PLATFORM, str(interaction.channel_id))
    pages, user = adapter.pages, str(interaction.user.id)
    if pages is None or facts.table_id is None:
        text = say(NO_TABLE, lang)
    elif user in {seated for seated, _name in facts.humans}:
        url = pages.player_url(facts.table_id, user, interaction.user.display_name)
        text = say(_("Your own board: {url}", url=url), lang)
    else:
        text = say(_("The table's board: {url}", url=pages.table_url(facts.table_id)), lang)
    try:
        await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        log.warning("Discord: /page was not answered: %s", error)


def page_command() -> app_commands.Command[Any, Any, None]:
    return app_commands.Command(
        name="page",
        description=described(_("Your own board on the web: a link only you see")),
        callback=_page,
    )


def deliver_pages(
    pages: PagesPort,
    client: discord.Client,
    order: ChatOrder,
    delivery: Delivery,
    edits: EditLimits,
) -> None:
    """Register with the pages how a move made on one reaches its channel: in the channel's
    turn (after the commands before it are answered), its board edited, its players' DMs sent."""

    async def deliver(chat: str, replies: Sequence[Reply]) -> None:
        await order.run(chat, deliver_background(client, chat, replies, delivery, edits))

    pages.deliverers[PLATFORM] = deliver
