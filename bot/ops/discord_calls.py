"""Each request to Discord's REST API counted for the meter, through discord.py's `http_trace`."""

from __future__ import annotations

import re
from typing import Any

import aiohttp

from bot.ops.meter import meter

DISCORD_API = re.compile(r"^/api/v\d+(/.*)$")
TOKEN_AFTER = ("interactions", "webhooks")
"""Discord paths whose segment after the id is an interaction token (a secret, and unbounded)."""


def discord_route(method: str, path: str) -> str | None:
    """`PATCH /channels/{id}/messages/{id}`: a bounded label with no id or token in it; None for
    what is not the REST API (the gateway, attachments)."""
    found = DISCORD_API.match(path)
    if found is None:
        return None
    parts = found.group(1).split("/")
    words = [
        "{id}" if part.isdigit() else "{token}" if i >= 2 and parts[i - 2] in TOKEN_AFTER else part
        for i, part in enumerate(parts)
    ]
    return f"{method} {'/'.join(words)}"


def discord_trace() -> aiohttp.TraceConfig:
    """For discord.py's `http_trace`: every REST response, 429s included, is counted."""

    async def ended(_: Any, __: Any, params: aiohttp.TraceRequestEndParams) -> None:
        route = discord_route(params.method, params.url.path)
        if route is not None:
            meter().api_call("discord", route, params.response.status)

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(ended)
    return trace
