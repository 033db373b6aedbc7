"""`paperref`: run the bot (console when no platform token is set), a console transcript, or verify."""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import logging
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.adapters.console import Console
    from bot.config import Settings
    from bot.referee import Referee

log = logging.getLogger("paperref")


def seeded(seed: str) -> Callable[[], str]:
    """Deterministic seeds for reproducible transcripts (--seed)."""
    counter = iter(range(1 << 62))
    return lambda: hashlib.sha256(f"{seed}:{next(counter)}".encode()).hexdigest()[:32]


async def make_referee(
    url: str, seed: str | None = None, board: str = "text", **timers: Any
) -> Referee:
    """`timers`: the config's turn_time (seconds) and timeouts_to_bot; the console has none."""
    from bot.referee import Referee
    from games.base import Rng
    from storage.db import create_engine, migrate

    engine = create_engine(url)
    await migrate(engine)
    seeds = seeded(seed) if seed is not None else Rng.new_seed
    return Referee(engine, seeds, board_default=board, **timers)


@contextmanager
def starting() -> Iterator[None]:
    """What a start makes (SQLAlchemy, models, verbs, engine) lives till exit: collecting it while it
    is made and again at exit was ~0.15 s of a console start, so it is frozen out, once a process."""
    if "bot.referee" in sys.modules or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


async def run_console(url: str | None, script: Path | None, seed: str | None, fmt: str) -> int:
    """`url` None: the default database (paperref.db in the working directory)."""
    with starting():
        from bot.adapters.console import Console
        from storage.db import DEFAULT_URL

        referee = await make_referee(url or DEFAULT_URL, seed)
    try:
        return await _console(Console(referee, fmt=fmt), script)
    finally:
        await referee.close()  # the writer thread's last moves, then the connections


async def _console(console: Console, script: Path | None) -> int:
    if script is not None:
        await console.run(script.read_text(encoding="utf-8").splitlines())
        return 1 if console.failures else 0
    print(
        "paperref console: type `NAME: /command`, or /as NAME then commands; /help; "
        "/wait 5m moves the clock (turn timers); Ctrl-D quits."
    )
    loop = asyncio.get_running_loop()
    while True:
        raw = await loop.run_in_executor(None, sys.stdin.readline)
        if not raw:
            return 0
        await console.line(raw)


async def platform_referee(settings: Settings) -> Referee:
    """The referee of the platform bots, every game's engine built: they list every game's verbs
    at start anyway, and built inside `starting()` the engines and their data (about 6,300
    objects) are frozen with the rest, not walked by each full collection (0.5 to 1.7 ms here)."""
    from games.registry import all_engines

    bot = settings.bot
    referee = await make_referee(
        settings.database.url,
        board=bot.board,
        turn_time=bot.turn_seconds,
        timeouts_to_bot=bot.timeouts_to_bot,
    )
    all_engines()
    return referee


async def run_platforms(settings: Settings) -> int:
    from bot.config import ConfigError

    with starting():
        referee = await platform_referee(settings)
        tasks = []
        if settings.discord.token and settings.discord.token.get_secret_value():
            from bot.adapters import discord as discord_adapter

            tasks.append(discord_adapter.run(referee, settings))
        if settings.telegram.token and settings.telegram.token.get_secret_value():
            from bot.adapters import telegram as telegram_adapter

            tasks.append(telegram_adapter.run(referee, settings))
    try:
        await asyncio.gather(*tasks)
    except ConfigError as error:  # a value only an adapter can check (Discord's shards)
        print(error, file=sys.stderr)
        return 2
    return 0


SETTING_SECTIONS = ("database", "bot", "discord", "telegram")
"""The sections of bot.config.Settings (a test holds them equal): PAPERREF_SECTION_KEY sets one
of their keys; another PAPERREF_ name, such as the tests' PAPERREF_TEST_POSTGRES_URL, sets none."""


def configured(path: Path | None, env: Mapping[str, str]) -> bool:
    """Whether there is anything to read and validate: the config file load_settings would read,
    or a variable that sets a setting. Without either the settings are the defaults, so a console
    starts without reading them (and without importing pydantic, ~0.1-0.2 s here)."""
    path = path or Path(env.get("PAPERREF_CONFIG", "config.toml"))
    setting = tuple(f"PAPERREF_{section.upper()}_" for section in SETTING_SECTIONS)
    return path.is_file() or any(key.startswith(setting) for key in env)


def has_platform(settings: Settings) -> bool:
    tokens = (settings.discord.token, settings.telegram.token)
    return any(t is not None and t.get_secret_value() for t in tokens)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paperref", description=__doc__)
    parser.add_argument("--config", type=Path, help="configuration file (default config.toml)")
    sub = parser.add_subparsers(dest="command")
    console = sub.add_parser("console", help="play in the terminal, or run a transcript")
    console.add_argument("--script", type=Path, help="transcript: one `NAME: /verb args` per line")
    console.add_argument("--seed", help="make every seed deterministic (reproducible transcripts)")
    console.add_argument(
        "--db", help="database URL (default: config; a temporary file for --script)"
    )
    console.add_argument("--format", choices=("text", "jsonl"), default="text")
    verify = sub.add_parser("verify", help="replay an /export and check every action")
    verify.add_argument("file", type=Path)
    sub.add_parser("run", help="run the configured platforms (the default without a command)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "verify":
        from bot.verify import verify_file

        ok, message = verify_file(args.file)
        print(message)
        return 0 if ok else 1
    settings: Settings | None = None
    if args.command == "run" or configured(args.config, os.environ):
        from bot.config import ConfigError, load_settings

        try:
            settings = load_settings(args.config)
        except ConfigError as error:
            print(error, file=sys.stderr)
            return 2
    logging.basicConfig(
        level=settings.bot.log_level if settings is not None else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)
    if settings is not None:
        from bot import redact

        redact.install(settings)  # before any adapter or library logs a token (issue 18)
    if (
        settings is None
        or args.command == "console"
        or (args.command is None and not has_platform(settings))
    ):
        script = getattr(args, "script", None)
        url = getattr(args, "db", None)
        fmt = getattr(args, "format", "text")
        seed = getattr(args, "seed", None)
        if url is None and script is not None:
            import tempfile  # with shutil, bz2 and lzma: only for a transcript's own database

            with tempfile.TemporaryDirectory() as tmp:
                url = f"sqlite+aiosqlite:///{tmp}/transcript.db"
                return asyncio.run(run_console(url, script, seed, fmt))
        configured_url = settings.database.url if settings is not None else None
        return asyncio.run(run_console(url or configured_url, script, seed, fmt))
    return asyncio.run(run_platforms(settings))


if __name__ == "__main__":
    sys.exit(main())
