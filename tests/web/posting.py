"""A move posted to a player's page as the page's own form posts it (same-site Origin, its
CSRF field), without a browser: what the platform tests tap with."""

from __future__ import annotations

import time

import aiohttp

from bot.web import links
from bot.web.server import Web


async def post_move(pages: Web, link: str, command: str | None = None) -> tuple[int, str]:
    """POST `command` (else the first move the page offers) from the player's link `link`: the
    status and the text the page's script would show."""
    token = link.rsplit("/", 1)[1]
    player = pages_player(pages, link)
    if command is None and player is not None:
        page = await pages.referee.table_page(player[0], player[1])
        assert page is not None and page.moves, "the page offers a move"
        command = page.moves[0][1]
    form = {"command": command or "/pass", "csrf": pages.csrf(token)}
    headers = {"Origin": pages.public_url, "Accept": "text/plain"}
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{link}/move", data=form, headers=headers, allow_redirects=False) as answer,
    ):
        return answer.status, await answer.text()


def pages_player(pages: Web, link: str) -> tuple[int, str] | None:
    """(table id, user id) a link signs in, or None for a forged or expired one."""
    player = links.signed_player(pages.secret, link.rsplit("/", 1)[1], time.time())
    return None if player is None else (player.table_id, player.user_id)
