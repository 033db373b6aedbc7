"""One delivery policy for every platform: the live board (edit it in place; post it anew when
it is gone or scrolled away, pin it, unpin and point the old one at it), private messages (a
player out of reach is remembered, and the chat told once per player and game) and buttons too
big for a platform. Adapters implement the primitives (`Platform`); the policy decides when."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from bot.replies import Button, Private, Public

log = logging.getLogger(__name__)


class Platform(Protocol):
    """What one platform can do in one chat. A primitive reports what the platform refused
    (False, None) and logs what it may ignore (a pin without the right); any other error goes
    up to the adapter, which logs the reply as undelivered."""

    async def post(self, reply: Public) -> str | None:
        """A new message at the bottom of the chat; its id, or None when the platform refused."""
        ...

    async def edit(self, message_id: str, reply: Public) -> bool:
        """That message shows the reply now (unchanged counts); False when it cannot be edited,
        or not by the method its form needs (a text board that must be a picture now)."""
        ...

    def fits(self, reply: Public) -> bool:
        """Whether the board and the text riding on it fit one message within the platform's
        limits (the board laid out to fit: a picture where its text would not)."""
        ...

    async def say(self, reply: Public) -> None:
        """An ordinary message (no board) at the bottom of the chat, split as the platform must."""
        ...

    async def pin(self, message_id: str) -> None: ...

    async def unpin(self, message_id: str) -> None: ...

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        """The old board's message says where the board went."""
        ...

    async def send_private(self, reply: Private) -> bool:
        """The reply in the player's private chat; False when the player cannot be reached there."""
        ...

    async def tell_unreachable(self, reply: Private) -> None:
        """Tell the table's chat that the player cannot get private messages yet."""
        ...


class Bookkeeping(Protocol):
    """The referee's own methods the policy keeps its facts with (bot.referee.Referee)."""

    async def board_posted(self, table_id: int, message_id: str | None) -> None: ...

    async def store_buttons(
        self, platform: str, chat_id: str, version: int | None, buttons: Sequence[Sequence[str]]
    ) -> str: ...

    async def first_notice(self, platform: str, chat_id: str, key: str) -> bool: ...

    async def chat_data(self, platform: str, chat_id: str) -> dict[str, Any]: ...

    async def update_chat_data(self, platform: str, chat_id: str, **values: Any) -> None: ...

    async def roll_title(self, platform: str, user_id: str, text: str) -> str: ...


def user_key(user_id: int | str) -> str:
    """The chat-data key of one user's facts (whether they can get private messages)."""
    return f"user:{user_id}"


class Delivery:
    """The policy for one platform, keeping its facts with the referee."""

    def __init__(self, referee: Bookkeeping, platform: str) -> None:
        self._referee = referee
        self.platform = platform

    async def show_board(self, to: Platform, reply: Public) -> str | None:
        """Edit the table's board message in place; post it anew (pinned where the bot may pin,
        the old one unpinned and pointing at it) when there is none, it is gone, or it scrolled
        away. The id of a message posted anew (the referee keeps it), else None."""
        live = reply.live
        assert live is not None, "a live board"
        reply = await self._report_apart(to, reply)
        old = live.message_id
        if old is not None and not live.repost:
            if await to.edit(old, reply):
                return None
            log.info("%s: board %s not edited; posting it anew", self.platform, old)
        posted = await to.post(reply)
        if posted is None:
            return None
        if live.pin:
            await to.pin(posted)
        if old is not None:
            if live.pin:
                await to.unpin(old)
            await to.point(old, posted, reply.lang)
        await self._referee.board_posted(live.table_id, posted)
        return posted

    async def _report_apart(self, to: Platform, reply: Public) -> Public:
        """A report too long to ride on the board goes before it as a message of its own (with
        its pings): never lost to the board's size."""
        if not reply.text or to.fits(reply):
            return reply
        await to.say(replace(reply, board=None, buttons=(), live=None, image=False))
        return replace(reply, text="", mentions=(), html=False)

    async def send_private(self, to: Platform, reply: Private, chat_id: str) -> None:
        """A private message; a player it cannot reach is remembered so, and the table's chat
        hears of it once per player and game."""
        if await to.send_private(reply):
            return
        await self.reachable(reply.user_id, False)
        if await self._referee.first_notice(self.platform, chat_id, f"dm:{reply.user_id}"):
            await to.tell_unreachable(reply)

    async def can_reach(self, user_id: str) -> bool:
        """Whether the player opened a private chat with the bot (and has not closed it since)."""
        facts = await self._referee.chat_data(self.platform, user_key(user_id))
        return bool(facts.get("started"))

    async def reachable(self, user_id: int | str, started: bool) -> None:
        """Remember that the player opened (True) or closed (False) their private chat."""
        await self._referee.update_chat_data(self.platform, user_key(user_id), started=started)

    async def store_buttons(
        self, chat_id: str, version: int | None, buttons: Sequence[Button]
    ) -> str:
        """Keep buttons too big for the platform server-side; the token names them for a press."""
        pairs = [(b.label, b.command) for b in buttons]
        return await self._referee.store_buttons(self.platform, chat_id, version, pairs)

    async def roll_title(self, user_id: str, text: str) -> str:
        """What an inline roll of `text` shows before it is chosen (a saved name resolved);
        a RuleError says why it cannot be rolled."""
        return await self._referee.roll_title(self.platform, user_id, text)
