"""One delivery policy, one narrow referee interface: the live board is driven the same way on
the console, Discord and Telegram, and adapters call no more than the port's six operations."""

from __future__ import annotations

import ast
import asyncio
import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.console import ConsoleChat
from bot.adapters.discord_delivery import DiscordChannel
from bot.adapters.telegram.chat import TelegramChat
from bot.cli import make_referee
from bot.delivery import Delivery, Later, Platform
from bot.port import RefereePort
from bot.referee import Referee
from bot.replies import Button, LiveBoard, Private, Public
from tests.discord import test_discord as discord_test
from tests.discord.fake_discord import TEST_WINDOW, FakeDiscord
from tests.discord.test_discord import Handled, Players, handled
from tests.telegram import test_telegram as telegram_test
from tests.telegram.fake_botapi import FakeBotApi

__all__ = ["handled"]  # the fixture, shared with tests/discord
ADAPTERS = Path(__file__).resolve().parents[2] / "bot" / "adapters"
BOARD_PRIMITIVES = ("post", "edit", "pin", "unpin", "point")
ONE_GAME = (
    ("Ann", "/new race"),  # the board is posted and pinned
    ("Bob", "/join"),  # edited in place
    ("Ann", "/start"),  # edited in place
    ("Ann", "/board"),  # posted anew: the new one pinned, the old unpinned and pointing at it
    ("Ann", "/step 1"),  # the new one edited in place
)
EXPECTED = [
    ("post", True),
    ("pin", None),
    ("edit", True),
    ("edit", True),
    ("post", True),
    ("pin", None),
    ("unpin", None),
    ("point", None),
    ("edit", True),
]
Calls = list[tuple[str, Any]]


def _spy(monkeypatch: pytest.MonkeyPatch, primitives: type[Any], calls: Calls) -> None:
    """Record each board primitive the policy calls on this platform, with what it returned
    (a posted message's id as True)."""
    for name in BOARD_PRIMITIVES:
        real: Callable[..., Awaitable[Any]] = getattr(primitives, name)

        async def spied(self: Any, *args: Any, _name: str = name, _real: Any = real) -> Any:
            result = await _real(self, *args)
            calls.append((_name, True if isinstance(result, str) else result))
            return result

        monkeypatch.setattr(primitives, name, spied)


async def _console(referee: Referee) -> None:
    import io

    from bot.adapters.console import Console

    console = Console(referee, out=io.StringIO(), fmt="jsonl")
    for name, line in ONE_GAME:
        await console.line(f"{name}: {line}")


async def _discord(referee: Referee, handled: Handled) -> None:
    fake = FakeDiscord(window=TEST_WINDOW)
    await fake.start()
    fake.can_pin = True
    users = {"Ann": discord_test.ANN, "Bob": discord_test.BOB}
    try:
        players = Players(fake, handled)
        async with discord_test.running(fake, referee, discord_test.settings()):
            for name, line in ONE_GAME:
                verb, _, args = line[1:].partition(" ")
                if verb == "new":
                    await players.slash(users[name], verb, game=args)
                elif verb == "step":  # a game's verb: through /play
                    await players.slash(users[name], "play", move=line)
                else:
                    await players.slash(users[name], verb)
        assert fake.unpins == fake.pins[:1], "the first board unpinned when the second was pinned"
        assert not fake.unlimited()
    finally:
        await fake.close()


async def _telegram(db_url: str) -> None:
    fake = FakeBotApi()
    await fake.start()
    fake.pinners.add(telegram_test.GROUP)
    users = {"Ann": telegram_test.ANN, "Bob": telegram_test.BOB}
    harness = telegram_test.Harness(fake, db_url, telegram_test.settings())
    await harness.start()
    try:
        await harness.start_privately(*users.values())
        for name, line in ONE_GAME:
            await harness.say(users[name], line)
        pins = fake.pins[telegram_test.GROUP]
        assert fake.unpins[telegram_test.GROUP] == pins[:1]
    finally:
        await harness.stop()
        await fake.close()


async def test_the_live_board_policy_drives_every_platform_the_same_way(
    referee: Referee, handled: Handled, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Calls] = {}
    for platform, primitives in (
        ("console", ConsoleChat),
        ("discord", DiscordChannel),
        ("telegram", TelegramChat),
    ):
        calls: Calls = []
        seen[platform] = calls
        with monkeypatch.context() as patched:
            _spy(patched, primitives, calls)
            if platform == "console":
                await _console(referee)
            elif platform == "discord":
                await _discord(referee, handled)
            else:
                await _telegram(f"sqlite+aiosqlite:///{tmp_path}/telegram.db")
    assert seen == {"console": EXPECTED, "discord": EXPECTED, "telegram": EXPECTED}


def test_every_platform_implements_the_primitives() -> None:
    wanted = {
        name for name, member in inspect.getmembers(Platform) if inspect.iscoroutinefunction(member)
    }
    assert set(BOARD_PRIMITIVES) <= wanted
    for primitives in (ConsoleChat, DiscordChannel, TelegramChat):
        assert all(inspect.iscoroutinefunction(getattr(primitives, n)) for n in wanted), primitives


def _used_on_referee(path: Path) -> set[str]:
    """Every attribute an adapter module reads on a referee: `referee.x`, `self.referee.x`."""
    used = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "referee") or (
            isinstance(owner, ast.Attribute) and owner.attr == "referee"
        ):
            used.add(node.attr)
    return used


def test_adapters_call_at_most_six_referee_operations() -> None:
    operations = {
        name
        for name, member in inspect.getmembers(RefereePort)
        if inspect.isfunction(member) and not name.startswith("_")
    }
    assert len(operations) == 6, operations
    used: set[str] = set()
    for path in ADAPTERS.rglob("*.py"):
        used |= _used_on_referee(path)
        source = path.read_text(encoding="utf-8")
        assert "bot.referee" not in source, f"{path} sees the Referee itself, not bot.port"
    assert "handle" in used and "sweep" in used, "the scan finds the calls"
    assert used <= operations | {"clock"}, used - operations
    assert len(used & operations) <= 6


async def test_a_console_referee_is_a_port(db_url: str) -> None:
    referee = await make_referee(db_url, seed="fixed")
    try:
        facts = await referee.chat_facts("console", "nowhere")
        assert facts.seats == () and facts.board_message is None and not facts.data
        assert await referee.press("no-such-token") is None
    finally:
        await referee.close()


class Recording:
    """A platform whose edits and DMs fail as told, and the referee's bookkeeping, recorded."""

    def __init__(
        self, *, editable: bool = True, postable: bool = True, dms: bool = True, room: int = 99
    ) -> None:
        self.editable, self.postable, self.dms, self.room = editable, postable, dms, room
        self.calls: list[tuple[str, ...]] = []
        self.noticed: set[str] = set()
        self.data: dict[str, dict[str, Any]] = {}

    async def post(self, reply: Public) -> str | None:
        self.calls.append(("post",))
        return "new" if self.postable else None

    async def edit(self, message_id: str, reply: Public) -> bool:
        self.calls.append(("edit", message_id))
        return self.editable

    def fits(self, reply: Public) -> bool:
        return len(reply.text) <= self.room

    async def say(self, reply: Public) -> None:
        self.calls.append(("say", reply.text))

    async def post_report(self, reply: Public) -> str | None:
        self.calls.append(("post report", reply.text))
        return f"r{len(self.calls)}" if self.postable else None

    async def edit_report(self, message_id: str, reply: Public) -> bool:
        fits = self.editable and len(reply.text) <= self.room
        self.calls.append(("edit report", message_id, reply.text) if fits else ("too long",))
        return fits

    async def pin(self, message_id: str) -> None:
        self.calls.append(("pin", message_id))

    async def unpin(self, message_id: str) -> None:
        self.calls.append(("unpin", message_id))

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        self.calls.append(("point", old_id, new_id))

    async def send_private(self, reply: Private) -> str | None:
        self.calls.append(("dm", reply.user_id))
        return f"dm{len(self.calls)}" if self.dms else None

    async def edit_private(self, message_id: str, reply: Private) -> bool:
        self.calls.append(("edit dm", message_id))
        return self.editable

    async def drop_keys(self, user_id: str, message_id: str) -> None:
        self.calls.append(("drop keys", message_id))

    async def tell_unreachable(self, reply: Private) -> None:
        self.calls.append(("unreachable", reply.user_id))

    async def board_posted(self, table_id: int, message_id: str | None) -> None:
        self.calls.append(("posted", str(table_id), str(message_id)))

    async def posted_below(self, table_id: int) -> None:
        self.calls.append(("below", str(table_id)))

    async def store_buttons(
        self, platform: str, chat_id: str, version: int | None, buttons: Sequence[Sequence[str]]
    ) -> str:
        return "token"

    async def first_notice(self, platform: str, chat_id: str, key: str) -> bool:
        fresh = key not in self.noticed
        self.noticed.add(key)
        return fresh

    async def chat_data(self, platform: str, chat_id: str) -> dict[str, Any]:
        return self.data.get(chat_id, {})

    async def update_chat_data(self, platform: str, chat_id: str, **values: Any) -> None:
        self.data.setdefault(chat_id, {}).update(values)

    async def roll_title(self, platform: str, user_id: str, text: str) -> str:
        return text


def _board(message_id: str | None, *, repost: bool = False, pin: bool = True) -> Public:
    return Public("", live=LiveBoard(7, message_id, repost=repost, pin=pin))


async def test_a_board_that_cannot_be_edited_is_posted_anew_and_the_old_one_points_at_it() -> None:
    both = Recording(editable=False)
    assert await Delivery(both, "test").show_board(both, _board("old")) == "new"
    assert both.calls == [
        ("edit", "old"),
        ("post",),
        ("pin", "new"),
        ("unpin", "old"),
        ("point", "old", "new"),
        ("posted", "7", "new"),
    ]


async def test_a_board_edited_in_place_or_refused_is_not_recorded() -> None:
    edited = Recording()
    assert await Delivery(edited, "test").show_board(edited, _board("old")) is None
    assert edited.calls == [("edit", "old")]
    refused = Recording(postable=False)
    assert await Delivery(refused, "test").show_board(refused, _board("old", repost=True)) is None
    assert refused.calls == [("post",)], "nothing pinned, pointed at or stored"
    first = Recording()
    await Delivery(first, "test").show_board(first, _board(None, pin=False))
    assert first.calls == [("post",), ("posted", "7", "new")]


def _report(text: str, *, ping: bool = False, table: int = 7) -> Public:
    return Public(text, mentions=(("2", "Bob"),) if ping else (), turn=table)


async def test_a_turn_is_one_message_edited_and_a_ping_starts_the_next() -> None:
    """Moves that keep the turn grow its message; the ping of the next player is a new message
    (an edit would not notify), which the next moves grow."""
    both = Recording(room=40)
    delivery = Delivery(both, "test")
    await delivery.show_report(both, _report("Ann draws."))
    await delivery.show_report(both, _report("Ann builds."))
    await delivery.show_report(both, _report("Bot 2 builds.", table=8))  # another table's
    await delivery.show_report(both, _report("Ann ends. Bob's turn.", ping=True))
    await delivery.show_report(both, _report("Bob draws."))
    await delivery.show_report(both, _report("Bob builds floor 2 with 4+5."))  # past 40
    await delivery.show_report(both, _report("Bob ends."))
    assert both.calls == [
        ("post report", "Ann draws."),  # none kept yet (a restart forgets them too)
        ("below", "7"),  # counted as an edit below the board: the count takes it in
        ("edit report", "r1", "Ann draws.\nAnn builds."),
        ("post report", "Bot 2 builds."),
        ("below", "8"),
        ("post report", "Ann ends. Bob's turn."),
        ("edit report", "r6", "Ann ends. Bob's turn.\nBob draws."),
        ("too long",),
        ("post report", "Bob builds floor 2 with 4+5."),
        ("below", "7"),
        ("edit report", "r9", "Bob builds floor 2 with 4+5.\nBob ends."),
    ]


async def test_after_a_board_posted_anew_the_next_report_goes_below_it() -> None:
    both = Recording()
    delivery = Delivery(both, "test")
    await delivery.show_report(both, _report("Ann draws."))
    await delivery.show_board(both, _board("old", repost=True))
    await delivery.show_report(both, _report("Ann builds."))
    reports = [c for c in both.calls if c[0].endswith("report")]
    assert reports == [("post report", "Ann draws."), ("post report", "Ann builds.")]


async def test_a_player_out_of_reach_is_remembered_and_the_chat_told_once() -> None:
    both = Recording(dms=False)
    delivery = Delivery(both, "test")
    both.data["user:5"] = {"started": True}
    assert await delivery.can_reach("5")
    for _time in range(2):
        await delivery.send_private(both, Private("5", "Eve", "Your hand"), "chat")
    assert both.calls == [("dm", "5"), ("unreachable", "5"), ("dm", "5")]
    assert not await delivery.can_reach("5")
    reached = Recording()
    await Delivery(reached, "test").send_private(reached, Private("6", "Fay", "hi"), "chat")
    assert reached.calls == [("dm", "6")] and not reached.data


class Limited(Recording):
    """A platform that asks to wait (Later) before its first `waits` edits; each edit it makes
    records the reply's text."""

    def __init__(self, waits: int) -> None:
        super().__init__()
        self.waits = waits
        self.edited = asyncio.Event()

    async def edit(self, message_id: str, reply: Public) -> bool:
        if self.waits:
            self.waits -= 1
            self.calls.append(("later", str(reply.text)))
            raise Later(0.01)
        self.calls.append(("edit", str(reply.text)))
        self.edited.set()
        return True


def _state(text: str, message_id: str | None = "old", *, repost: bool = False) -> Public:
    return Public(text, live=LiveBoard(7, message_id, repost=repost))


async def test_board_edits_told_to_wait_coalesce_and_the_latest_state_wins() -> None:
    limited = Limited(waits=2)
    delivery = Delivery(limited, "test")
    for text in ("move 1", "move 2", "move 3"):
        assert await delivery.show_board(limited, _state(text)) is None
    await asyncio.wait_for(limited.edited.wait(), 5)
    assert limited.calls == [("later", "move 1"), ("later", "move 3"), ("edit", "move 3")]
    await delivery.show_board(limited, _state("move 4"))
    assert limited.calls[-1] == ("edit", "move 4"), "nothing held: edited at once"


async def test_a_board_posted_anew_drops_the_held_edit() -> None:
    limited = Limited(waits=1)
    delivery = Delivery(limited, "test")
    await delivery.show_board(limited, _state("move 1"))
    assert await delivery.show_board(limited, _state("move 2", repost=True)) == "new"
    await asyncio.sleep(0.05)  # past the held edit's wait: it was dropped, not made
    assert [c[0] for c in limited.calls] == ["later", "post", "pin", "unpin", "point", "posted"]


async def test_a_report_too_long_for_the_board_goes_before_it_with_its_pings() -> None:
    short = Recording(editable=False, room=10)
    riding = replace(_board("old"), text="Ann builds.", mentions=(("1", "Ann"),))
    await Delivery(short, "test").show_board(short, riding)
    assert short.calls[:2] == [("say", "Ann builds."), ("edit", "old")]
    roomy = Recording(editable=False)
    await Delivery(roomy, "test").show_board(roomy, riding)
    assert ("say", "Ann builds.") not in roomy.calls, "a report that fits rides on the board"


async def test_one_hand_message_per_player_and_table_keeps_buttons() -> None:
    dms = Recording()
    delivery = Delivery(dms, "test")
    hand = Private("5", "Eve", "You can: /done", buttons=(Button("Done", "/done"),), hand=3)
    await delivery.send_private(dms, replace(hand, asked=True), "chat")
    await delivery.send_private(dms, replace(hand, asked=True), "chat")  # edited in place
    await delivery.send_private(dms, replace(hand, text="Your new packet"), "chat")  # news
    await delivery.send_private(dms, replace(hand, asked=True, hand=4), "chat")  # another table
    assert dms.calls == [
        ("dm", "5"),
        ("edit dm", "dm1"),
        ("dm", "5"),
        ("drop keys", "dm1"),
        ("dm", "5"),
    ]
    assert dms.data["user:5"]["hands"] == {"3": "dm3", "4": "dm5"}
    stuck = Recording(editable=False)
    stuck.data["user:5"] = {"hands": {"3": "old"}}
    await Delivery(stuck, "test").send_private(stuck, replace(hand, asked=True), "chat")
    assert stuck.calls == [("edit dm", "old"), ("dm", "5"), ("drop keys", "old")]
