"""Issue 30, the operator's part: each start that cannot serve says why in ONE line (the key, the
variable or the database URL's problem, its password masked) and exits 2, instead of exiting 0
silently or printing a traceback; `--version`, `migrate` and `check-config` answer in one line."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from storage.db import head_revisions
from tests.core.test_storage import POSTGRES
from tests.discord.fake_discord import TEST_WINDOW, FakeDiscord
from tests.telegram.fake_botapi import TOKEN, FakeBotApi

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "pa55-word"
NO_PLATFORM = "paperref run: no platform configured"
TELEGRAM_AT = (
    "import telegram.ext as ext\n"
    "token = ext.ApplicationBuilder.token\n"
    "ext.ApplicationBuilder.token = lambda b, t: token(b, t).base_url({base_url!r})\n"
)
"""Lines run before `main`: point python-telegram-bot at the fake Bot API."""
DISCORD_AT = "import discord.http\ndiscord.http.Route.BASE = {base!r}\n"


async def spawn(
    tmp_path: Path, *args: str, setup: str = "", **env: str
) -> asyncio.subprocess.Process:
    """`paperref ARGS` started in a fresh interpreter in `tmp_path` (no config.toml there), after
    `setup` (lines that point a library at a fake server), at WARNING unless the variables say
    otherwise. Asynchronous, so a fake server in this test's loop answers it."""
    program = f"import sys\n{setup}from bot.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    return await asyncio.create_subprocess_exec(
        sys.executable, "-c", program, *args, cwd=tmp_path,
        env={
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "PAPERREF_BOT_LOG_LEVEL": "WARNING",
            "PAPERREF_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/bot.db",
            **env,
        },
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def paperref(
    tmp_path: Path, *args: str, setup: str = "", **env: str
) -> tuple[int | None, str, str]:
    """A `spawn`ed start run to its end: its exit code, output and errors."""
    process = await spawn(tmp_path, *args, setup=setup, **env)
    out, err = await asyncio.wait_for(process.communicate(), 90)
    return process.returncode, out.decode(), err.decode()


async def one_line(tmp_path: Path, *args: str, setup: str = "", **env: str) -> str:
    """The one line a stopped start prints (on stderr, nothing on stdout), exit code 2."""
    code, out, err = await paperref(tmp_path, *args, setup=setup, **env)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert PASSWORD not in err
    return err.strip()


async def test_version(tmp_path: Path) -> None:
    code, out, err = await paperref(tmp_path, "--version")
    assert (code, err) == (0, "") and out == "paperref 0.1.0\n"


async def test_run_with_no_platform_says_so(tmp_path: Path) -> None:
    line = await one_line(tmp_path, "run")
    assert line.startswith(NO_PLATFORM) and "PAPERREF_TELEGRAM_TOKEN" in line


@pytest.mark.parametrize("command", [(), ("run",), ("console",)])
async def test_a_misspelt_variable_is_named_with_the_one_meant(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    line = await one_line(tmp_path, *command, PAPERREF_DISCORD_TOKN="x")
    assert line == (
        "config: PAPERREF_DISCORD_TOKN: no such setting (did you mean PAPERREF_DISCORD_TOKEN?)"
    )
    line = await one_line(tmp_path, *command, PAPERREF_DISOCRD_TOKEN="x")
    assert line.startswith("config: PAPERREF_DISOCRD_TOKEN: no such setting")


async def test_a_missing_config_file(tmp_path: Path) -> None:
    line = await one_line(tmp_path, "--config", "paperref.toml", "run")
    assert line == "config: paperref.toml: no such file"
    missing = str(tmp_path / "gone.toml")
    assert await one_line(tmp_path, PAPERREF_CONFIG=missing) == f"config: {missing}: no such file"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        (
            f"postgresql://postgres:{PASSWORD}@127.0.0.1/paperref",
            "config: database.url: postgresql:// cannot be used:"
            " write postgresql+asyncpg:// (the asyncio driver)",
        ),
        ("paperref.db", "config: database.url: not a database URL; write one such as"),
        (f"mysql+aiomysql://u:{PASSWORD}@h/db", "config: database.url: mysql is not supported"),
    ],
)
async def test_a_wrong_database_url_names_its_problem(tmp_path: Path, url: str, says: str) -> None:
    line = await one_line(tmp_path, "run", PAPERREF_DATABASE_URL=url, PAPERREF_TELEGRAM_TOKEN=TOKEN)
    assert line.startswith(says), line


async def test_an_unreachable_database_is_one_line_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql+asyncpg://postgres:{PASSWORD}@127.0.0.1:1/paperref"
    line = await one_line(tmp_path, "run", PAPERREF_DATABASE_URL=url, PAPERREF_TELEGRAM_TOKEN=TOKEN)
    assert line.startswith("database: postgresql+asyncpg://postgres:***@127.0.0.1:1/paperref: ")
    assert "ConnectionRefusedError" in line


async def test_a_database_that_does_not_exist(tmp_path: Path) -> None:
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    base = POSTGRES.rsplit("/", 1)[0]
    line = await one_line(
        tmp_path, "run", PAPERREF_DATABASE_URL=f"{base}/no_such_paperref_db",
        PAPERREF_TELEGRAM_TOKEN=TOKEN,
    )  # fmt: skip
    assert line.endswith('database "no_such_paperref_db" does not exist (InvalidCatalogNameError)')


async def test_a_database_newer_than_the_code_is_left_alone(tmp_path: Path) -> None:
    code, out, _ = await paperref(tmp_path, "migrate")
    (head,) = head_revisions()
    assert (
        code == 0
        and out
        == f"database: sqlite+aiosqlite:///{tmp_path}/bot.db: schema {head}, migrated from empty\n"
    )
    with sqlite3.connect(tmp_path / "bot.db") as db:
        db.execute("UPDATE alembic_version SET version_num = '9999_future'")
    for command in (("run",), ("console",), ("migrate",), ("check-config",)):
        line = await one_line(tmp_path, *command, PAPERREF_TELEGRAM_TOKEN=TOKEN)
        assert "schema revision 9999_future is newer than this release knows" in line, line
    with sqlite3.connect(tmp_path / "bot.db") as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("9999_future",)
        ]


async def test_migrate_and_check_config(tmp_path: Path) -> None:
    (head,) = head_revisions()
    url = f"sqlite+aiosqlite:///{tmp_path}/bot.db"
    code, out, _ = await paperref(tmp_path, "check-config", PAPERREF_TELEGRAM_TOKEN=TOKEN)
    assert code == 0 and out == (
        f"config: ok; database {url} (schema empty, to be migrated at start);"
        " platforms: telegram (polling); /healthz and /metrics: off\n"
    )
    assert (await paperref(tmp_path, "migrate"))[:2] == (
        0,
        f"database: {url}: schema {head}, migrated from empty\n",
    )
    assert (await paperref(tmp_path, "migrate"))[:2] == (
        0,
        f"database: {url}: schema {head}, up to date\n",
    )
    code, out, _ = await paperref(tmp_path, "check-config", PAPERREF_WEB_PORT="9100")
    assert code == 0 and out == (
        f"config: ok; database {url} (schema {head}, up to date);"
        " platforms: none (the console only); /healthz and /metrics: http://127.0.0.1:9100\n"
    )


async def test_a_token_telegram_refuses(tmp_path: Path) -> None:
    api = FakeBotApi()
    api.token = TOKEN
    await api.start()
    try:
        setup = TELEGRAM_AT.format(base_url=api.base_url)
        line = await one_line(tmp_path, "run", setup=setup, PAPERREF_TELEGRAM_TOKEN="123:garbage")
    finally:
        await api.close()
    assert [call.status for call in api.of("getMe")] == [401]
    assert line == "config: telegram.token: Telegram refused the token"


async def test_a_token_discord_refuses(tmp_path: Path) -> None:
    fake = FakeDiscord(window=TEST_WINDOW)
    fake.token = "the-bot-token"
    await fake.start()
    try:
        setup = DISCORD_AT.format(base=f"http://127.0.0.1:{fake.port}/api/v10")
        line = await one_line(tmp_path, "run", setup=setup, PAPERREF_DISCORD_TOKEN="garbage")
    finally:
        await fake.close()
    assert [call.path for call in fake.calls] == ["/users/@me"]
    assert line == "config: discord.token: Discord refused the token"
