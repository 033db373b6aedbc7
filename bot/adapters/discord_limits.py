"""What Discord says of each channel's edit rate limit, kept from its responses' headers: a board
edit that would wait for the limit is held instead (bot.delivery's Later) and a report is posted
anew, so a busy channel's board shows its latest state once the limit lets it and the channel's
next command does not wait behind a stale board (discord.py sleeps through a limit in the request
itself)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

import aiohttp

EDIT_PATH = re.compile(r"^/api/v\d+/channels/(\d+)/messages/\d+$")
LEFT_UNUSED = 1
"""A window's last edit is not taken: discord.py makes the request that takes it wait for the
window's reset before it returns, and the channel's next command would wait with it."""


@dataclass
class EditWindow:
    """A channel's edits left until Discord's window resets (at `resets`, the loop's clock)."""

    remaining: int
    resets: float


class EditLimits:
    """Each channel's edit limit as its last response stated it, less the edits sent since."""

    def __init__(self) -> None:
        self._channels: dict[str, EditWindow] = {}

    def take(self, channel_id: str) -> float:
        """0 when the channel may take an edit now (it is counted), else the seconds to wait."""
        window = self._channels.get(channel_id)
        now = asyncio.get_running_loop().time()
        if window is None:
            return 0.0
        if now >= window.resets:
            del self._channels[channel_id]  # its window is over: the next response says anew
            return 0.0
        if window.remaining <= LEFT_UNUSED:
            return window.resets - now
        window.remaining -= 1
        return 0.0

    def seen(self, channel_id: str, headers: Any) -> None:
        """A response to an edit in the channel: its X-RateLimit headers, when it has them."""
        try:
            remaining = int(headers["X-RateLimit-Remaining"])
            after = float(headers["X-RateLimit-Reset-After"])
        except (KeyError, ValueError):  # none, or not numbers: nothing is known of the window
            return
        resets = asyncio.get_running_loop().time() + after
        self._channels[channel_id] = EditWindow(remaining, resets)

    def trace(self, config: aiohttp.TraceConfig) -> None:
        """Keep what every edit's response says (discord.py's `http_trace`)."""

        async def ended(_: Any, __: Any, params: aiohttp.TraceRequestEndParams) -> None:
            found = EDIT_PATH.match(params.url.path)
            if params.method == "PATCH" and found is not None:
                self.seen(found.group(1), params.response.headers)

        config.on_request_end.append(ended)
