"""`paperref`: run the bot (console when no platform token is set), a console transcript, verify an
export, migrate the database or check the configuration."""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Coroutine, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.ops.problems import ENV_PREFIX, TEST_VARIABLES, StartError

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

    from bot.adapters.console import Console
    from bot.config import Settings, WebSettings
    from bot.ops.endpoint import Endpoint
    from bot.port import PagesPort
    from bot.referee import Referee
    from bot.web.server import Web

log = logging.getLogger("paperref")
Run = Callable[
    ["Referee", "Settings", asyncio.Event, "PagesPort | None"], Coroutine[Any, Any, None]
]
"""A platform adapter's `run`: served until the stop, with the web pages when they are served."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def seeded(seed: str) -> Callable[[], str]:
    """Deterministic seeds for reproducible transcripts (--seed)."""
    counter = iter(range(1 << 62))
    return lambda: hashlib.sha256(f"{seed}:{next(counter)}".encode()).hexdigest()[:32]


async def make_referee(
    url: str, seed: str | None = None, board: str = "auto", **timers: Any
) -> Referee:
    """`timers`: the config's turn_time (seconds) and timeouts_to_bot; the console has none."""
    from bot.referee import Referee
    from games.base import Rng

    engine = await open_database(url)
    seeds = seeded(seed) if seed is not None else Rng.new_seed
    return Referee(engine, seeds, board_default=board, **timers)


async def open_database(url: str, *, migrating: bool = True) -> AsyncEngine:
    """The database, migrated to this release's schema (or only read: `migrating` False); any
    failure to open, reach or use it is a StartError of one line (its traceback at DEBUG)."""
    from bot.ops.problems import database_problem, masked, url_problem
    from storage.db import create_engine, migrate, stored_revisions

    problem = url_problem(url)
    if problem is not None:
        raise StartError(f"database: {masked(url)}: {problem}")
    try:
        engine = create_engine(url)
    except Exception as error:
        raise StartError(database_problem(error, url)) from None
    try:
        await (migrate(engine) if migrating else stored_revisions(engine))
    except Exception as error:
        log.debug("the database failed at start", exc_info=True)
        await engine.dispose()
        raise StartError(database_problem(error, url)) from None
    return engine


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


async def run_console(
    url: str | None,
    script: Path | None,
    seed: str | None,
    fmt: str,
    web: WebSettings | None = None,
) -> int:
    """`url` None: the default database (paperref.db in the working directory); `web`: serve the
    pages (at the configured port, else a free one) and name them in the console."""
    with starting():
        from bot.adapters.console import Console
        from storage.db import DEFAULT_URL

        referee = await make_referee(url or DEFAULT_URL, seed)
    endpoint = pages = None
    try:
        if web is not None:
            endpoint, pages = await serve_pages(web, referee, metrics=False)
            print(f"paperref web pages: {pages.public_url}", flush=True)
        return await _console(Console(referee, fmt=fmt, pages=pages), script)
    finally:
        if endpoint is not None:
            await endpoint.close()
        await referee.close()  # the writer thread's last moves, then the connections


async def serve_pages(
    web: WebSettings, referee: Referee, *, metrics: bool, telegram: str | None = None
) -> tuple[Endpoint, Web]:
    """The endpoint with the web pages, at the configured port (else a free one)."""
    from bot.ops.endpoint import serve
    from bot.web.server import Web

    secret = web.secret.get_secret_value().encode() if web.secret is not None else None
    pages = Web(referee, public_url=(web.public_url or "").rstrip("/"))
    pages.link_seconds = web.link_hours * 3600
    pages.telegram_token = telegram
    if secret:
        pages.secret = secret
    port = web.port if web.port is not None else 0
    return await serve(web, referee.store.engine, pages, metrics=metrics, port=port), pages


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
    """Serve every platform with a token (and the endpoint, if configured) until SIGTERM or
    SIGINT, then drain: each adapter takes no more updates and finishes the ones it took. A token
    a platform refuses stops the start with one line (a value only an adapter can check)."""
    stop = asyncio.Event()
    with stopped_by_signals(stop):
        await _serve_platforms(settings, stop)
    log.info("paperref: drained; exiting")
    return 0


async def _serve_platforms(settings: Settings, stop: asyncio.Event) -> None:
    refused: dict[type[BaseException], str] = {}
    runs: list[Run] = []
    with starting():
        referee = await platform_referee(settings)
        if settings.discord.token and settings.discord.token.get_secret_value():
            from discord import LoginFailure

            from bot.adapters import discord as discord_adapter

            runs.append(discord_adapter.run)
            refused[LoginFailure] = "config: discord.token: Discord refused the token"
        if settings.telegram.token and settings.telegram.token.get_secret_value():
            from telegram.error import InvalidToken

            from bot.adapters import telegram as telegram_adapter

            runs.append(telegram_adapter.run)
            refused[InvalidToken] = "config: telegram.token: Telegram refused the token"
    endpoint = pages = None
    if settings.web.port is not None:
        token = settings.telegram.token
        telegram = token.get_secret_value() if token is not None else None
        endpoint, pages = await serve_pages(settings.web, referee, metrics=True, telegram=telegram)
        referee.leaderboard_url = pages.leaderboard_url
    try:
        # each adapter registers with the pages how a move made on one reaches its chats
        await _together([run(referee, settings, stop, pages) for run in runs], stop)
    except tuple(refused) as error:
        log.debug("the platform refused the token", exc_info=True)
        (line,) = [line for kind, line in refused.items() if isinstance(error, kind)]
        raise StartError(line) from None
    finally:
        if endpoint is not None:
            await endpoint.close()
        await referee.close()  # the writer thread's last commits, then the connections


async def _together(adapters: list[Coroutine[Any, Any, None]], stop: asyncio.Event) -> None:
    """Run the adapters until each returns; one that fails stops the others (they drain), then
    its error is raised."""

    async def watched(adapter: Coroutine[Any, Any, None]) -> None:
        try:
            await adapter
        except BaseException:
            stop.set()
            raise

    outcomes = await asyncio.gather(*map(watched, adapters), return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome


@contextmanager
def stopped_by_signals(stop: asyncio.Event) -> Iterator[None]:
    """SIGTERM and SIGINT set `stop` (no KeyboardInterrupt): the adapters drain and return."""
    loop = asyncio.get_running_loop()

    def on_signal(signum: signal.Signals) -> None:
        if stop.is_set():
            log.info("paperref: %s while draining; still draining", signum.name)
            return
        log.info("paperref: %s: taking no more updates, finishing the ones taken", signum.name)
        stop.set()

    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, on_signal, signum)
    try:
        yield
    finally:
        for signum in STOP_SIGNALS:
            loop.remove_signal_handler(signum)


async def migrate_database(url: str) -> int:
    """`paperref migrate`: bring the schema to this release's, and say from where to where."""
    from bot.ops.problems import masked
    from storage.db import stored_revisions

    engine = await open_database(url, migrating=False)
    try:
        before = await stored_revisions(engine)
    finally:
        await engine.dispose()
    engine = await open_database(url)
    try:
        after = await stored_revisions(engine)
    finally:
        await engine.dispose()
    moved = "up to date" if before == after else f"migrated from {_revisions(before)}"
    print(f"database: {masked(url)}: schema {_revisions(after)}, {moved}")
    return 0


def _revisions(revisions: set[str]) -> str:
    return ", ".join(sorted(revisions)) or "empty"


async def check_config(settings: Settings) -> int:
    """`paperref check-config`: the settings are valid (else ConfigError) and the database answers
    with a schema this release can use; one line says what would run. Nothing is written."""
    from bot.ops.problems import database_problem, masked
    from storage.db import SchemaTooNew, head_revisions, refuse_newer, stored_revisions

    url = settings.database.url
    engine = await open_database(url, migrating=False)
    try:
        stored = await stored_revisions(engine)
    finally:
        await engine.dispose()
    try:
        refuse_newer(stored)
    except SchemaTooNew as error:
        raise StartError(database_problem(error, url)) from None
    schema = "up to date" if stored == head_revisions() else "to be migrated at start"
    platforms = [
        f"telegram ({settings.telegram.mode})" if settings.telegram.token else "",
        "discord" if settings.discord.token else "",
    ]
    web = settings.web
    endpoint = "off" if web.port is None else f"http://{web.listen}:{web.port}"
    print(
        f"config: ok; database {masked(url)} (schema {_revisions(stored)}, {schema});"
        f" platforms: {', '.join(filter(None, platforms)) or 'none (the console only)'};"
        f" /healthz and /metrics: {endpoint}"
    )
    return 0


def configured(path: Path | None, env: Mapping[str, str]) -> bool:
    """Whether there is anything to read and validate: a config file (named, or config.toml if
    it exists) or a PAPERREF_ variable (a misspelt one too: it is reported). Without either the
    settings are the defaults, so a console starts without reading them (and without importing
    pydantic, ~0.1-0.2 s here)."""
    if path is not None or Path("config.toml").is_file():
        return True
    return any(key.startswith(ENV_PREFIX) and not key.startswith(TEST_VARIABLES) for key in env)


def has_platform(settings: Settings) -> bool:
    tokens = (settings.discord.token, settings.telegram.token)
    return any(t is not None and t.get_secret_value() for t in tokens)


class _Version(argparse.Action):
    """`--version`: the installed package's version, looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, **_: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        from importlib.metadata import version

        print(f"paperref {version('paperref')}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paperref", description=__doc__)
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--config", type=Path, help="configuration file (default config.toml)")
    parser.add_argument(
        "--log-format", choices=("text", "json"), help="log lines as text or JSON (bot.log_format)"
    )
    sub = parser.add_subparsers(dest="command")
    console = sub.add_parser("console", help="play in the terminal, or run a transcript")
    console.add_argument("--script", type=Path, help="transcript: one `NAME: /verb args` per line")
    console.add_argument("--seed", help="make every seed deterministic (reproducible transcripts)")
    console.add_argument(
        "--db", help="database URL (default: config; a temporary file for --script)"
    )
    console.add_argument("--format", choices=("text", "jsonl"), default="text")
    console.add_argument(
        "--web",
        action=argparse.BooleanOptionalAction,
        help="serve the web pages (default: on, off for --script)",
    )
    verify = sub.add_parser("verify", help="replay an /export and check every action")
    verify.add_argument("file", type=Path)
    sub.add_parser("run", help="run the configured platforms (the default without a command)")
    sub.add_parser("migrate", help="bring the database's schema to this release's and exit")
    sub.add_parser("check-config", help="check the configuration and the database, change nothing")
    return parser


NEEDS_SETTINGS = ("run", "migrate", "check-config")
NO_PLATFORM = (
    "paperref run: no platform configured; set discord.token or telegram.token"
    " (PAPERREF_DISCORD_TOKEN, PAPERREF_TELEGRAM_TOKEN), or start `paperref console`"
)


def main(argv: list[str] | None = None) -> int:
    """Exit 0, 1 (a transcript or an export that failed) or 2 (a start stopped: one line said why)."""
    args = build_parser().parse_args(argv)
    if args.command == "verify":
        from bot.verify import verify_file

        ok, message = verify_file(args.file)
        print(message)
        return 0 if ok else 1
    try:
        return _start(args)
    except StartError as error:
        print(error, file=sys.stderr)
        return 2


def console_web(
    settings: Settings | None, interactive: bool, asked: bool | None
) -> WebSettings | None:
    """The console's pages: on by default at 127.0.0.1 when typed at, off for a transcript
    (`--web` / `--no-web` say otherwise)."""
    if not (interactive if asked is None else asked):
        return None
    from bot.config import WebSettings

    return settings.web if settings is not None else WebSettings()


def _start(args: argparse.Namespace) -> int:
    from bot.ops import logs

    settings: Settings | None = None
    if args.command in NEEDS_SETTINGS or configured(args.config, os.environ):
        from bot.config import load_settings

        settings = load_settings(args.config)
    if settings is None:
        logs.setup(fmt=args.log_format or "text")
    else:
        bot = settings.bot
        logs.setup(bot.log_level, args.log_format or bot.log_format, bot.library_log_level)
        from bot import redact

        redact.install(settings)  # before any adapter or library logs a token (issue 18)
    if settings is not None and args.command == "migrate":
        return asyncio.run(migrate_database(settings.database.url))
    if settings is not None and args.command == "check-config":
        return asyncio.run(check_config(settings))
    if settings is not None and args.command == "run" and not has_platform(settings):
        raise StartError(NO_PLATFORM)
    if (
        settings is None
        or args.command == "console"
        or (args.command is None and not has_platform(settings))
    ):
        script = getattr(args, "script", None)
        url = getattr(args, "db", None)
        fmt = getattr(args, "format", "text")
        seed = getattr(args, "seed", None)
        web = console_web(settings, script is None, getattr(args, "web", None))
        if url is None and script is not None:
            import tempfile  # with shutil, bz2 and lzma: only for a transcript's own database

            with tempfile.TemporaryDirectory() as tmp:
                url = f"sqlite+aiosqlite:///{tmp}/transcript.db"
                return asyncio.run(run_console(url, script, seed, fmt, web))
        configured_url = settings.database.url if settings is not None else None
        return asyncio.run(run_console(url or configured_url, script, seed, fmt, web))
    return asyncio.run(run_platforms(settings))


if __name__ == "__main__":
    sys.exit(main())
