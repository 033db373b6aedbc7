"""Issue 30: SIGTERM or SIGINT at a random moment while updates arrive, to `paperref run` on
Telegram (polling and webhook) and on Discord, on SQLite and PostgreSQL. Each process exits 0
within 30 s, its drain logged and no traceback; after the restart every update acknowledged to
the platform is applied exactly once, none twice, and nothing was answered that was not applied."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import signal
import uuid
from collections import Counter
from pathlib import Path

import aiohttp
import pytest
from sqlalchemy import text

from storage.db import create_engine
from tests.core.test_bad_starts import TELEGRAM_AT, spawn
from tests.core.test_endpoint import free_port
from tests.core.test_storage import POSTGRES
from tests.discord import fake_discord
from tests.discord.fake_discord import TEST_WINDOW, FakeDiscord
from tests.telegram.fake_botapi import TOKEN, FakeBotApi, User

SIGNALS = {"polling": 4, "webhook": 3, "discord": 3}
"""Signals per database: ten on SQLite and ten on PostgreSQL, twenty in all."""
EXIT_SECONDS = 30.0
START_SECONDS = 180.0
"""A start's limit: generous, as starts are slow on a loaded machine (this tests the stop)."""
PACE = 0.01
"""Seconds between two updates offered (each a `/roll 1d6` by its own user)."""
MOST = 50
"""Updates offered to one process at most."""
DISCORD_TOKEN = "discord-drain-token"
DISCORD_AT = (
    "import discord.http, discord.gateway, yarl\n"
    "discord.http.Route.BASE = {base!r}\n"
    "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({gateway!r})\n"
)
SECRET = "drain-secret"
CHATS = 12
"""Telegram groups the updates are spread over (a few to each, within a group's rate limit)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/drain.db"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


class Platform:
    """One platform's fake and what it saw: which updates (by their user's name) were
    acknowledged to it and which were answered. Subclasses offer updates their own way."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.offered = 0
        self.sends: list[asyncio.Task[None]] = []

    def name(self, n: int) -> str:
        return f"{self.tag}{n}"

    async def start(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def setup(self) -> tuple[str, dict[str, str]]:
        """The lines run before `main` and the variables of a `paperref run` on this fake."""
        raise NotImplementedError

    def ready(self) -> bool:
        raise NotImplementedError

    async def offer(self) -> None:
        raise NotImplementedError

    async def redeliver(self) -> None:
        """What the platform sends again to a new process (nothing, unless overridden)."""

    def acknowledged(self) -> set[str]:
        raise NotImplementedError

    def answered(self) -> set[str]:
        raise NotImplementedError


class Telegram(Platform):
    ROLLED = re.compile(r"^(\w+) rolls")

    def __init__(self, tag: str) -> None:
        super().__init__(tag)
        self.api = FakeBotApi(first_update=random.randrange(10**12))
        self.chats = [-(10**9) - random.randrange(10**6) for _ in range(CHATS)]
        self.names: dict[int, str] = {}  # update id -> its user's name
        self.mark = 0

    async def start(self) -> None:
        await self.api.start()

    async def close(self) -> None:
        await self.api.close()

    def update(self) -> dict[str, object]:
        n = self.offered
        self.offered += 1
        user = User(10_000 + n, self.name(n))
        update = self.api.command(user, self.chats[n % len(self.chats)], "/roll 1d6")
        self.names[int(str(update["update_id"]))] = user.name
        return update

    def answered(self) -> set[str]:
        rolled = (self.ROLLED.match(c.text) for c in self.api.of("sendMessage"))
        return {m.group(1) for m in rolled if m is not None}


class Polling(Telegram):
    """Acknowledged: every update below the highest offset a getUpdates sent."""

    def setup(self) -> tuple[str, dict[str, str]]:
        self.mark = len(self.api.of("getUpdates"))
        return TELEGRAM_AT.format(base_url=self.api.base_url), {"PAPERREF_TELEGRAM_TOKEN": TOKEN}

    def ready(self) -> bool:
        return len(self.api.of("getUpdates")) > self.mark

    async def offer(self) -> None:
        self.api.inject(self.update())

    def acknowledged(self) -> set[str]:
        offsets = [int(c.params.get("offset") or 0) for c in self.api.of("getUpdates")]
        confirmed = max(offsets, default=0)
        return {name for update_id, name in self.names.items() if update_id < confirmed}


class Webhook(Telegram):
    """Acknowledged: every POST answered 200. A new process is sent again what was not, and a
    few that were (an answer lost on the way), as Telegram does."""

    def __init__(self, tag: str) -> None:
        super().__init__(tag)
        self.port = free_port()
        self.posted: dict[str, int] = {}  # name -> the last status (0: no answer)
        self.bodies: dict[str, dict[str, object]] = {}
        self.http: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        await super().start()
        self.http = aiohttp.ClientSession()

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()
        await super().close()

    def setup(self) -> tuple[str, dict[str, str]]:
        self.mark = len(self.api.of("setWebhook"))
        return TELEGRAM_AT.format(base_url=self.api.base_url), {
            "PAPERREF_TELEGRAM_TOKEN": TOKEN,
            "PAPERREF_TELEGRAM_MODE": "webhook",
            "PAPERREF_TELEGRAM_WEBHOOK_URL": f"http://127.0.0.1:{self.port}/tg",
            "PAPERREF_TELEGRAM_LISTEN": "127.0.0.1",
            "PAPERREF_TELEGRAM_PORT": str(self.port),
            "PAPERREF_TELEGRAM_SECRET_TOKEN": SECRET,
        }

    def ready(self) -> bool:
        return len(self.api.of("setWebhook")) > self.mark

    async def offer(self) -> None:
        update = self.update()
        name = self.names[int(str(update["update_id"]))]
        self.bodies[name] = update
        self.sends.append(asyncio.create_task(self.post(name)))

    async def post(self, name: str) -> None:
        assert self.http is not None
        status = 0
        with contextlib.suppress(aiohttp.ClientError):
            async with self.http.post(
                f"http://127.0.0.1:{self.port}/tg",
                json=self.bodies[name],
                headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
            ) as response:
                status = response.status
        self.posted[name] = max(self.posted.get(name, 0), status if status == 200 else 0)

    async def redeliver(self) -> None:
        again = [name for name, status in self.posted.items() if status != 200]
        again += random.sample(sorted(self.acknowledged()), min(2, len(self.acknowledged())))
        for name in again:
            self.sends.append(asyncio.create_task(self.post(name)))

    def acknowledged(self) -> set[str]:
        return {name for name, status in self.posted.items() if status == 200}


class Discord(Platform):
    """Acknowledged: an interaction that got its callback (Discord sends none again)."""

    def __init__(self, tag: str) -> None:
        super().__init__(tag)
        self.fake = FakeDiscord(first_id=random.randrange(10**18, 9 * 10**18), window=TEST_WINDOW)
        self.users: dict[str, str] = {}  # user id -> name
        self.sessions = 0

    async def start(self) -> None:
        await self.fake.start()

    async def close(self) -> None:
        await self.fake.close()

    def setup(self) -> tuple[str, dict[str, str]]:
        self.sessions = len(self.fake.identifies)
        base = f"http://127.0.0.1:{self.fake.port}/api/v10"
        lines = DISCORD_AT.format(base=base, gateway=self.fake.gateway_url)
        return lines, {"PAPERREF_DISCORD_TOKEN": DISCORD_TOKEN}

    def ready(self) -> bool:
        return len(self.fake.identifies) > self.sessions and bool(self.fake.commands)

    async def offer(self) -> None:
        n = self.offered
        self.offered += 1
        user = fake_discord.User(20_000 + n, self.name(n))
        self.users[str(user.id)] = user.name
        with contextlib.suppress(ConnectionError, RuntimeError):  # the gateway is gone
            await self.fake.slash(user, "roll", expression="1d6")

    def acknowledged(self) -> set[str]:
        return {
            self.users[m["user_id"]]
            for m in self.fake.messages
            if m["via"] == "callback" and m["user_id"] in self.users
        }

    def answered(self) -> set[str]:
        return self.acknowledged()


PLATFORMS: dict[str, type[Platform]] = {"polling": Polling, "webhook": Webhook, "discord": Discord}


async def signalled(
    platform: Platform, tmp_path: Path, url: str, signum: signal.Signals, rng: random.Random
) -> None:
    """One `paperref run`: updates offered from when it is ready, the signal at a random moment
    among them, updates still offered while it drains; it exits 0 within EXIT_SECONDS, its
    drain logged, no traceback."""
    setup, env = platform.setup()
    process = await spawn(
        tmp_path, "run", setup=setup, PAPERREF_DATABASE_URL=url, PAPERREF_BOT_LOG_LEVEL="INFO",
        **env,
    )  # fmt: skip
    assert process.stderr is not None
    errors = asyncio.ensure_future(process.stderr.read())
    try:
        async with asyncio.timeout(START_SECONDS):
            while not platform.ready():
                assert process.returncode is None, await errors
                await asyncio.sleep(0.02)
        await platform.redeliver()
        moment = asyncio.get_running_loop().time() + rng.uniform(0.0, 0.3)
        sent = False
        for _ in range(MOST):
            if not sent and asyncio.get_running_loop().time() >= moment:
                process.send_signal(signum)
                sent = True
                exited = asyncio.ensure_future(asyncio.wait_for(process.wait(), EXIT_SECONDS))
            if sent and exited.done():
                break
            await platform.offer()
            await asyncio.sleep(PACE)
        if not sent:
            process.send_signal(signum)
            exited = asyncio.ensure_future(asyncio.wait_for(process.wait(), EXIT_SECONDS))
        code = await exited  # a TimeoutError here: it did not exit within EXIT_SECONDS
        await asyncio.gather(*platform.sends)
    finally:
        if process.returncode is None:
            process.kill()
    printed = (await errors).decode()
    assert code == 0, printed
    assert "drained" in printed and f"paperref: {signum.name}:" in printed, printed
    assert "Traceback" not in printed, printed


async def applied(url: str, tag: str) -> Counter[str]:
    """How many times each of this run's updates was applied: its user's roll rows."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT user_name FROM rolls WHERE user_name LIKE :tag"), {"tag": f"{tag}%"}
            )
            return Counter(row[0] for row in rows)
    finally:
        await engine.dispose()


async def chain(kind: str, url: str, tmp_path: Path) -> None:
    """SIGNALS[kind] processes one after another on one database, each signalled (SIGTERM and
    SIGINT in turn); then what the platform saw is checked against what the database holds."""
    rng = random.Random()
    tag = "d" + uuid.uuid4().hex[:8]
    platform = PLATFORMS[kind](tag)
    await platform.start()
    try:
        for round_ in range(SIGNALS[kind]):
            signum = (signal.SIGTERM, signal.SIGINT)[round_ % 2]
            await signalled(platform, tmp_path, url, signum, rng)
    finally:
        await platform.close()
    counts = await applied(url, tag)
    acknowledged = platform.acknowledged()
    assert acknowledged, f"{kind}: nothing was acknowledged: the test would prove nothing"
    assert len(acknowledged) < platform.offered, f"{kind}: no update came after a signal"
    assert {name for name, count in counts.items() if count > 1} == set(), kind  # none twice
    assert acknowledged - set(counts) == set(), kind  # every acknowledged update applied
    assert platform.answered() - set(counts) == set(), kind  # nothing answered not applied
    if kind == "discord":  # every interaction taken was answered before the gateway closed
        assert set(counts) == acknowledged


async def test_acknowledged_updates_survive_signals(url: str, tmp_path: Path) -> None:
    """The three platforms' chains at once (each its own process at a time, its own fake)."""
    places = {kind: tmp_path / kind for kind in SIGNALS}
    for place in places.values():
        place.mkdir()
    urls = {kind: url.replace("drain.db", f"{kind}/drain.db") for kind in SIGNALS}
    await asyncio.gather(*(chain(kind, urls[kind], places[kind]) for kind in SIGNALS))
