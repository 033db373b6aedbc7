"""One delivery policy for every platform: the live board (edit it in place; post it anew when
it is gone or scrolled away, pin it, unpin and point the old one at it), private messages (a
player out of reach is remembered, and the chat told once per player and game) and buttons too
big for a platform. Adapters implement the primitives (`Platform`); the policy decides when."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.replies import Button, Private, Public

log = logging.getLogger(__name__)
KEPT_HANDS = 20
"""Hand messages remembered per player (the latest tables'), each edited in place."""
KEPT_TURNS = 2000
"""Turn messages remembered (the latest tables'): an older table's next report is posted anew."""


class Later(Exception):
    """The platform asks to wait before this request (a rate limit): `seconds`."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"wait {seconds:.1f}s")
        self.seconds = seconds


class Platform(Protocol):
    """What one platform can do in one chat. A primitive reports what the platform refused
    (False, None) and logs what it may ignore (a pin without the right); any other error goes
    up to the adapter, which logs the reply as undelivered."""

    async def post(self, reply: Public) -> str | None:
        """A new message at the bottom of the chat; its id, or None when the platform refused."""
        ...

    async def edit(self, message_id: str, reply: Public) -> bool:
        """That message shows the reply now (unchanged counts); False when it cannot be edited,
        or not by the method its form needs (a text board that must be a picture now). Raises
        Later when the chat must wait first: the policy edits the latest state then."""
        ...

    def fits(self, reply: Public) -> bool:
        """Whether the board and the text riding on it fit one message within the platform's
        limits (the board laid out to fit: a picture where its text would not)."""
        ...

    async def say(self, reply: Public) -> None:
        """An ordinary message (no board) at the bottom of the chat, split as the platform must."""
        ...

    async def post_report(self, reply: Public) -> str | None:
        """A turn's report as a new message at the bottom of the chat (split as the platform
        must); the id of its last message, None when the platform refused it."""
        ...

    async def edit_report(self, message_id: str, reply: Public) -> bool:
        """That report message shows the reply now; False when it would not fit one message or
        cannot be edited (the policy posts it anew)."""
        ...

    async def pin(self, message_id: str) -> None: ...

    async def unpin(self, message_id: str) -> None: ...

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        """The old board's message says where the board went."""
        ...

    async def send_private(self, reply: Private) -> str | None:
        """The reply in the player's private chat: the id of its (last) message, "" when none was
        needed; None when the player cannot be reached there."""
        ...

    async def edit_private(self, message_id: str, reply: Private) -> bool:
        """That private message shows the reply now; False when it cannot be edited so."""
        ...

    async def drop_keys(self, user_id: str, message_id: str) -> None:
        """An old private message loses its buttons (a newer one has the live ones)."""
        ...

    async def tell_unreachable(self, reply: Private) -> None:
        """Tell the table's chat that the player cannot get private messages yet."""
        ...


class Bookkeeping(Protocol):
    """The referee's own methods the policy keeps its facts with (bot.referee.Referee)."""

    async def board_posted(self, table_id: int, message_id: str | None) -> None: ...

    async def posted_below(self, table_id: int) -> None: ...

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


@dataclass
class HeldBoard:
    """A board edit the platform held back (Later): only the latest state waits, so under a rate
    limit the board's edits coalesce while every report still goes out; a board posted anew
    drops it (the new message shows the latest state)."""

    latest: tuple[Platform, Public] | None
    task: asyncio.Task[None] | None = None

    async def drop(self) -> None:
        self.latest = None
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


class Delivery:
    """The policy for one platform, keeping its facts with the referee."""

    def __init__(self, referee: Bookkeeping, platform: str) -> None:
        self._referee = referee
        self.platform = platform
        self._held: dict[int, HeldBoard] = {}
        self._turns: dict[int, tuple[str, Public]] = {}
        """Each table's turn message in this process: its id and what it shows. A restart
        forgets them; the next report is then a new message, which the next ones join."""

    def held(self) -> set[asyncio.Task[None]]:
        """The board edits a limit holds back, still to go out: a stop lets them finish."""
        return {h.task for h in self._held.values() if h.task is not None and not h.task.done()}

    async def show_board(self, to: Platform, reply: Public) -> str | None:
        """Edit the table's board message in place; post it anew (pinned where the bot may pin,
        the old one unpinned and pointing at it) when there is none, it is gone, or it scrolled
        away. The id of a message posted anew (the referee keeps it), else None. An edit the
        platform holds back (Later) is kept, and a newer state replaces it (see HeldBoard)."""
        live = reply.live
        assert live is not None, "a live board"
        reply = await self._report_apart(to, reply)
        old = live.message_id
        held = self._held.get(live.table_id)
        if old is not None and not live.repost:
            if held is not None:
                held.latest = (to, reply)
                return None
            try:
                if await to.edit(old, reply):
                    return None
            except Later as later:
                self._hold(live.table_id, to, reply, later.seconds)
                return None
            log.info("%s: board %s not edited; posting it anew", self.platform, old)
        elif held is not None:
            await held.drop()
        return await self._post(to, reply)

    async def _post(self, to: Platform, reply: Public) -> str | None:
        live = reply.live
        assert live is not None, "a live board"
        old = live.message_id
        posted = await to.post(reply)
        if posted is None:
            return None
        if live.pin:
            await to.pin(posted)
        if old is not None:
            if live.pin:
                await to.unpin(old)
            await to.point(old, posted, reply.lang)
        self._turns.pop(live.table_id, None)  # the next report goes below the new board
        await self._referee.board_posted(live.table_id, posted)
        return posted

    async def show_report(self, to: Platform, reply: Public) -> None:
        """A turn told as one message: a report that pings nobody is added to its turn's
        message (edited) while it fits; one that pings (the turn passes) is a new message, since
        only a new message notifies, and the next reports join it."""
        assert reply.turn is not None, "a turn's report"
        kept = self._turns.pop(reply.turn, None)
        if kept is not None and not reply.mentions:
            message, shown = kept
            grown = replace(shown, text=f"{shown.text}\n{reply.text}", version=reply.version)
            if await to.edit_report(message, grown):
                self._turns[reply.turn] = (message, grown)
                return
        posted = await to.post_report(reply)
        if posted is None:
            return
        self._turns[reply.turn] = (posted, reply)
        if len(self._turns) > KEPT_TURNS:
            del self._turns[next(iter(self._turns))]  # the longest untouched
        if (
            not reply.mentions
        ):  # counted as an edit (bot.board.posts): the board's count is one short
            await self._referee.posted_below(reply.turn)

    def _hold(self, table_id: int, to: Platform, reply: Public, seconds: float) -> None:
        held = HeldBoard((to, reply))
        held.task = asyncio.create_task(self._edit_later(table_id, held, seconds))
        self._held[table_id] = held

    async def _edit_later(self, table_id: int, held: HeldBoard, seconds: float) -> None:
        """Edit the board with the latest state held, once the platform lets it (again and
        again while it says wait and newer states come); if it cannot be edited, post it anew."""
        try:
            while held.latest is not None:
                await asyncio.sleep(seconds)
                to, reply = held.latest
                held.latest = None
                live = reply.live
                assert live is not None and live.message_id is not None
                try:
                    if not await to.edit(live.message_id, reply):
                        await self._post(to, reply)
                except Later as later:
                    held.latest = held.latest or (to, reply)
                    seconds = later.seconds
                else:
                    seconds = 0.0
        except Exception:
            log.exception("%s: a held board edit failed", self.platform)
        finally:
            if self._held.get(table_id) is held:
                del self._held[table_id]

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
        if reply.hand is not None:
            sent = await self._show_hand(to, reply)
        else:
            sent = await to.send_private(reply)
        if sent is not None:
            return
        await self.reachable(reply.user_id, False)
        if await self._referee.first_notice(self.platform, chat_id, f"dm:{reply.user_id}"):
            await to.tell_unreachable(reply)

    async def _show_hand(self, to: Platform, reply: Private) -> str | None:
        """One private message per player and table carries live buttons: a hand asked for is
        that message edited in place; news of the game, or a hand that cannot be edited, is
        posted anew and the old message loses its buttons."""
        assert reply.hand is not None
        facts = await self._referee.chat_data(self.platform, user_key(reply.user_id))
        hands: dict[str, str] = dict(facts.get("hands") or {})
        table = str(reply.hand)
        old = hands.get(table)
        if old and reply.asked and await to.edit_private(old, reply):
            return old
        sent = await to.send_private(reply)
        if sent is None:
            return None
        if old:
            await to.drop_keys(reply.user_id, old)
        hands.pop(table, None)
        kept = dict([*list(hands.items())[-(KEPT_HANDS - 1) :], (table, sent)])
        await self._referee.update_chat_data(self.platform, user_key(reply.user_id), hands=kept)
        return sent

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
