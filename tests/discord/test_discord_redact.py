"""Issue 18 on Discord: at DEBUG, nothing any logger writes holds the bot token, nor does the
traceback of a token Discord rejects."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import pytest
from aiohttp import web

from bot.adapters import discord as adapter
from bot.config import Settings
from bot.redact import REDACTED
from bot.referee import Referee
from tests.core.test_redact import all_logs, run_cli
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.test_discord import ANN, WAIT, Handled, Players, fake, handled

TOKEN = "MTAxMDEwMQ.GhIjKl.discord-SECRET-token_value"
ROOT = Path(__file__).parents[2]
__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord


class RejectingDiscord(FakeDiscord):
    """Answers the login request with a 401 whose message echoes the token it was given."""

    async def _me(self, call: Call) -> web.Response:
        body = {"message": f"401: Unauthorized, token {TOKEN}", "code": 0}
        return web.Response(
            body=json.dumps(body).encode(), status=401, headers={"Content-Type": "application/json"}
        )


def config() -> Settings:
    return Settings.model_validate({"discord": {"token": TOKEN}})


async def test_a_debug_session_logs_no_token(
    fake: FakeDiscord, referee: Referee, handled: Handled, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = config()
    with all_logs(settings, monkeypatch) as logs:
        running = asyncio.create_task(adapter.run(referee, settings))
        await fake.wait_identified(1)
        players = Players(fake, handled)
        [answer] = await players.slash(ANN, "roll", expression="1d6")
        monkeypatch.setattr(referee, "handle", leak)
        await players.slash(ANN, "roll", expression="1d6")  # discord.py logs the traceback
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(running, WAIT)
    assert answer["content"].startswith("Ann rolls: 1d6")
    assert TOKEN in logs.raw.getvalue(), "the witness saw the token: the test is not vacuous"
    assert TOKEN.lower() not in logs.text.lower()
    assert "discord.client" in logs.text and "discord.gateway" in logs.text
    assert f"RuntimeError: handler saw {REDACTED}" in logs.text


async def leak(*args: object) -> list[object]:
    raise RuntimeError(f"handler saw {TOKEN}")


async def test_a_rejected_token_stops_the_cli_without_printing_it(tmp_path: Path) -> None:
    """`paperref run` at DEBUG whose login answers 401 (echoing the token): it stops with one
    line (exit 2); discord.py's LoginFailure and the HTTPException it chains, logged at DEBUG,
    reach stderr only redacted."""
    server = RejectingDiscord()
    await server.start()
    setup = (
        f"import discord.http\ndiscord.http.Route.BASE = 'http://127.0.0.1:{server.port}/api/v10'\n"
    )
    try:
        code, printed = await run_cli(setup, {"PAPERREF_DISCORD_TOKEN": TOKEN}, tmp_path)
    finally:
        await server.close()
    assert code == 2, printed
    assert printed.endswith("\nconfig: discord.token: Discord refused the token\n"), printed
    assert any(c.path == "/users/@me" for c in server.calls), f"no login:\n{printed}"
    assert TOKEN.lower() not in printed.lower()
    assert "LoginFailure: Improper token has been passed." in printed
    assert f"401: Unauthorized, token {REDACTED}" in printed
