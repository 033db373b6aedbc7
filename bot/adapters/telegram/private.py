"""Private chats: who has started the bot (so it can DM them), deep links to start it, the
game's /start held until every seated human can get DMs, and refusals that may name a
player's cards kept out of the group."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram.error import Forbidden, TelegramError

from bot.adapters.base import split_chat
from bot.adapters.telegram.chat import HAND, Origin, TelegramChat
from bot.commands.parse import Invocation
from bot.delivery import Delivery
from bot.i18n import say
from bot.port import RefereePort
from bot.replies import Private, Refusal, Reply
from games.i18n import _

log = logging.getLogger(__name__)

PLATFORM = "telegram"
HAND_SENT = _("Sent to our private chat.")
HAND_NOT_SENT = _("Start a private chat with me first: see the button in the group.")


def chat_of_start(payload: str, kind: str = HAND) -> str | None:
    """The table's chat a deep link of this kind (chat.start_payload) names, or None."""
    if not payload.startswith(kind):
        return None
    chat = payload[len(kind) :].replace("_", ":")
    try:
        split_chat(chat)
    except ValueError:
        return None
    return chat


class PrivateChats:
    """What the adapter knows of players' private chats, kept by bot.delivery."""

    def __init__(self, referee: RefereePort, delivery: Delivery) -> None:
        self.referee, self.delivery = referee, delivery

    async def reachable(self, user_id: str) -> bool:
        return await self.delivery.can_reach(user_id)

    async def keeps_secrets(self, chat: str, user_id: str) -> bool:
        """Whether the player sits at a table of a game with hidden cards (whose refusals may
        name them); a game without (Papercraft) never speaks of hidden cards."""
        facts = await self.referee.chat_facts(PLATFORM, chat)
        seated = any(seat == user_id for seat, _ in facts.humans)
        return seated and facts.hidden_information

    async def missing_players(self, inv: Invocation) -> list[str]:
        """Names of seated humans who never started the bot, when this is a group's /start of a
        game with hidden information (Papercraft needs no DMs)."""
        if inv.verb != "start" or inv.private:
            return []
        facts = await self.referee.chat_facts(PLATFORM, inv.chat_id)
        if not facts.hidden_information:
            return []
        return [name for user_id, name in facts.humans if not await self.reachable(user_id)]

    async def ask_to_start(
        self, chat: TelegramChat, names: Sequence[str], lang: str = "en"
    ) -> None:
        text = _(
            "Before the game starts I must be able to send private cards to {names}: open a chat "
            "with me with the button below and press Start, then /start here again.",
            names=", ".join(names),
        )
        await chat.notify(say(text, lang), chat.start_link(lang))

    async def ask_to_start_for_roll(self, chat: TelegramChat, name: str, lang: str = "en") -> None:
        """A private roll goes by DM; one who never started the bot rolls nothing yet."""
        text = _(
            "{name}, a private roll comes to you in a private chat with me: press Start below, "
            "then roll again. Nothing was rolled.",
            name=name,
        )
        await chat.notify(say(text, lang), chat.start_link(lang), quote=True)

    async def where_it_went(self, inv: Invocation, replies: Sequence[Reply]) -> str | None:
        """Pressed in a group, an answer meant only for the presser goes to their DMs: say so."""
        mine = [r for r in replies if isinstance(r, Private) and r.user_id == inv.user_id]
        if inv.private or not mine:
            return None
        return say(HAND_SENT if await self.reachable(inv.user_id) else HAND_NOT_SENT, mine[0].lang)

    async def send_refusal(self, chat: TelegramChat, reply: Private) -> None:
        """A typed command's refusal. A game's rule refusal may name the sender's hidden cards,
        so in a group it goes by DM; a player the bot cannot DM gets a short reply without it."""
        origin = chat.origin
        if reply.refusal is Refusal.SECRET:
            await self.hide_secret(chat, reply)
            return
        in_group = int(reply.user_id) != origin.chat_id
        safe = reply.refusal in (Refusal.TURN, Refusal.STALE, Refusal.ERROR)
        if not in_group or safe or not await self.keeps_secrets(origin.chat, reply.user_id):
            await chat.send(reply, None, origin.message_id)
            return
        if await self.reachable(reply.user_id):
            await self.delivery.send_private(chat, reply, origin.chat)
            return
        text = _(
            "{name}, that was refused; the reason may name your cards, so I can only tell you "
            "privately: press Start below, then try again.",
            name=reply.name,
        )
        await chat.notify(say(text, reply.lang), chat.start_link(reply.lang), quote=True)

    async def hide_secret(self, chat: TelegramChat, reply: Private) -> None:
        """A secret pick typed in the group: its message deleted where the bot may (the right to
        delete messages), and the player pointed at the private chat's buttons."""
        origin = chat.origin
        if origin.message_id is not None:
            try:
                await chat.bot.delete_message(origin.chat_id, origin.message_id)
            except TelegramError as error:
                log.info("telegram: a typed secret pick stays in %s: %s", origin.chat, error)
        await chat.notify(reply.text, chat.start_link(reply.lang))

    async def send_shareable(self, chat: TelegramChat, reply: Private) -> None:
        """Help and rules asked for in a group: privately when the player has started the bot,
        else as a reply in the group (nothing in them is secret)."""
        origin = chat.origin
        if await self.reachable(reply.user_id):
            user = int(reply.user_id)
            try:
                keys = await chat.markup(reply.buttons, reply.version, origin.chat)
                await chat.elsewhere(Origin(user, user)).send(reply, keys)
                return
            except Forbidden:
                await self.delivery.reachable(user, False)
        await chat.send(reply, None, origin.message_id)
