"""Start-up: Alembic runs only for a database behind the code, and a console start on an
up-to-date database answers without importing the heavy libraries it does not need (issue 16).
What is imported is checked here, never how long it takes."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from games.registry import GAMES, engine_for
from storage.db import (
    MIGRATION_LOCK,
    alembic_config,
    create_engine,
    head_revisions,
    migrate,
    stored_revisions,
)
from tests.core.test_storage import POSTGRES
from tests.core.test_storage import url as url  # SQLite, and PostgreSQL when it is set

ROOT = Path(__file__).resolve().parents[2]
HEAVY = (
    "alembic",
    "d20",
    "lark",
    "PIL",
    "discord",
    "telegram",
    "babel",
    "mako",
    "pydantic",
    "openskill",
    "prometheus_client",
    "aiohttp",
)
"""Libraries a console start answering /games must not import (pydantic: when nothing is
configured, the settings are the defaults and are not validated; openskill: only a game's end
rates; prometheus_client and aiohttp: only the endpoint, when `[web] port` is set, serves them)."""


def previous_revision() -> str:
    """The revision before the head: a database one migration behind the code."""
    (head,) = head_revisions()
    previous = ScriptDirectory.from_config(alembic_config()).get_revision(head).down_revision
    assert isinstance(previous, str)
    return previous


def test_head_revisions_are_alembics() -> None:
    """The head read from the migration files' text is the one Alembic finds."""
    script = ScriptDirectory.from_config(alembic_config())
    assert head_revisions() == frozenset(script.get_heads())
    assert len(head_revisions()) == 1


async def test_an_empty_or_older_database_is_migrated(url: str) -> None:
    from alembic import command

    (head,), previous = head_revisions(), previous_revision()
    engine = create_engine(url)
    await migrate(engine)  # empty (SQLite), or whatever an earlier test left (PostgreSQL)
    assert await stored_revisions(engine) == {head}
    async with engine.begin() as connection:
        await connection.run_sync(lambda c: command.downgrade(alembic_config(c), previous))
    assert await stored_revisions(engine) == {previous}
    await migrate(engine)
    assert await stored_revisions(engine) == {head}
    await engine.dispose()


async def test_postgresql_migrates_under_the_lock_and_skips_it_when_up_to_date() -> None:
    """An older schema waits for the advisory lock (another worker migrating); an up-to-date one
    is only read, so it does not wait."""
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    from alembic import command

    (head,), previous = head_revisions(), previous_revision()
    engine = create_engine(POSTGRES)
    await migrate(engine)
    async with engine.connect() as holder:
        await holder.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        await holder.commit()
        await migrate(engine)  # up to date: no lock needed
        async with engine.begin() as connection:
            await connection.run_sync(lambda c: command.downgrade(alembic_config(c), previous))
        migrating = asyncio.create_task(migrate(engine))
        waiting = text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            " AND objid::bigint = :objid"
        )
        for _ in range(200):
            async with engine.connect() as probe:
                if (
                    await probe.execute(waiting, {"objid": MIGRATION_LOCK & 0xFFFFFFFF})
                ).scalar_one():
                    break
            await asyncio.sleep(0.05)
        else:
            pytest.fail("migrate() did not wait for the advisory lock")
        assert not migrating.done()
        await holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
        await holder.commit()
        await migrating
    assert await stored_revisions(engine) == {head}
    await engine.dispose()


CLEAN = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONDONTWRITEBYTECODE")}
"""The environment of a start: no PAPERREF_ variable, so nothing is configured."""
PROBE = """
import gc, json, sys
from bot.cli import main
by_cli = sorted(sys.modules)
code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules), "by_cli": by_cli,
                  "frozen": gc.get_freeze_count(), "tracked": len(gc.get_objects())}))
"""


def probe_start(tmp_path: Path, url: str, **env: str) -> tuple[str, str, dict[str, Any]]:
    """`paperref console --script` answering `Ann: /games` in a fresh interpreter, in a directory
    with no config.toml: its output, errors and what PROBE saw."""
    script = tmp_path / "s.txt"
    script.write_text("Ann: /games\n")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "console", "--script", str(script), "--db", url],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        env={**CLEAN, "PYTHONPATH": str(ROOT), **env},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    *output, last = done.stdout.strip().splitlines()
    return "\n".join(output), done.stderr, json.loads(last)


def console_start(tmp_path: Path, url: str, **env: str) -> tuple[int, str, str, set[str]]:
    """A probed start's exit code, output, errors and the modules imported by the end."""
    output, errors, probe = probe_start(tmp_path, url, **env)
    return probe["code"], output, errors, set(probe["modules"])


def test_a_console_start_imports_alembic_only_to_migrate(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/s.db"
    code, output, _, modules = console_start(tmp_path, url)  # empty database: migrated
    assert code == 0 and "Games:" in output
    assert "alembic" in modules
    code, output, _, modules = console_start(tmp_path, url)  # up to date: only read
    assert code == 0 and "Games:" in output
    packages = {m.split(".")[0] for m in modules}
    assert packages.isdisjoint(HEAVY), sorted(packages & set(HEAVY))


def test_listing_the_games_builds_no_engine(tmp_path: Path) -> None:
    """/games names every game from its package's ABOUT; no engine (nor its data) is loaded."""
    code, output, _, modules = console_start(tmp_path, f"sqlite+aiosqlite:///{tmp_path}/g.db")
    assert code == 0
    for key in [k for k, package in GAMES.items() if package.startswith("games.")]:
        game = engine_for(key)  # (the tests' own games are not in the fresh interpreter's list)
        line = f"  {key}: {game.title}, {game.min_players}-{game.max_players} players"
        assert line in output.splitlines(), (line, output)
        assert f"games.{key}" in modules and f"games.{key}.engine" not in modules


def test_configuration_is_still_validated_when_there_is_some(tmp_path: Path) -> None:
    """A PAPERREF_ variable (as a config file, tests/core/test_config.py) is read and checked."""
    url = f"sqlite+aiosqlite:///{tmp_path}/s.db"
    code, _, error, _ = console_start(tmp_path, url, PAPERREF_TELEGRAM_PORT="x")
    assert code == 2 and error.startswith("config: telegram.port:")
    code, output, _, modules = console_start(tmp_path, url, PAPERREF_BOT_LOG_LEVEL="WARNING")
    assert code == 0 and "Games:" in output and "pydantic" in modules


def test_a_variable_that_sets_no_setting_is_not_configuration(tmp_path: Path) -> None:
    """The tests' own PAPERREF_TEST_POSTGRES_URL (set in CI and by the bench) is no setting: a
    start with it reads no settings, as with nothing set (it used to validate the defaults)."""
    url = f"sqlite+aiosqlite:///{tmp_path}/s.db"
    test_url = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
    code, output, _, modules = console_start(tmp_path, url, PAPERREF_TEST_POSTGRES_URL=test_url)
    assert code == 0 and "Games:" in output and "pydantic" not in modules


def test_a_start_makes_its_objects_with_the_collector_waiting(tmp_path: Path) -> None:
    """Importing bot.cli imports neither SQLAlchemy nor the referee, so the start imports them inside
    cli.starting(), with the collector paused, and freezes them: most objects are out of its reach."""
    url = f"sqlite+aiosqlite:///{tmp_path}/f.db"
    for _ in ("empty: migrated", "up to date"):
        output, _, probe = probe_start(tmp_path, url)
        assert "Games:" in output
        early = {m.split(".")[0] for m in probe["by_cli"]} | set(probe["by_cli"])
        assert early.isdisjoint({"sqlalchemy", "storage", "aiosqlite", "bot.referee"})
        assert probe["frozen"] > probe["tracked"], probe


PLATFORM_PROBE = """
import asyncio, gc, json, sys
from bot.cli import platform_referee, starting
from bot.config import load_settings

async def start():
    settings = load_settings(None, {"PAPERREF_DATABASE_URL": sys.argv[1]})
    with starting():
        referee = await platform_referee(settings)
    gc.collect()
    print(json.dumps({"modules": sorted(sys.modules), "tracked": len(gc.get_objects())}))
    await referee.close()

asyncio.run(start())
"""


def test_a_platform_start_builds_every_engine_before_the_freeze(tmp_path: Path) -> None:
    """The platform bots list every game's verbs at start: the engines are built inside
    cli.starting(), so what they hold is frozen with the rest and no full collection walks it."""
    url = f"sqlite+aiosqlite:///{tmp_path}/p.db"
    done = subprocess.run(
        [sys.executable, "-c", PLATFORM_PROBE, url],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        env={**CLEAN, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    for key, package in GAMES.items():
        if package.startswith("games."):
            assert f"{package}.engine" in probe["modules"], key
    assert probe["tracked"] < 500, probe["tracked"]  # the engines alone are about 6,300


def test_a_console_run_closes_the_database(tmp_path: Path) -> None:
    """The console closes the referee at the end: SQLite's last connection folds the WAL back into
    the file and removes it, so nothing of the run is left only in the WAL."""
    url = f"sqlite+aiosqlite:///{tmp_path}/c.db"
    script = tmp_path / "game.txt"
    script.write_text("Ann: /new gotown\nBob: /join\nAnn: /start\n")
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--script", str(script), "--db", url],
        capture_output=True, text=True, cwd=tmp_path, env=CLEAN, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "c.db").exists() and not (tmp_path / "c.db-wal").exists()
