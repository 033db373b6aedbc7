"""Each request to the Telegram Bot API counted for the meter, in python-telegram-bot's HTTP
request class (every call passes it, getUpdates and retries after a 429 included)."""

from __future__ import annotations

from typing import Any

from telegram.request import BaseRequest, HTTPXRequest, RequestData

from bot.ops.meter import meter

TELEGRAM_POOLS = {"calls": 256, "updates": 1}
"""python-telegram-bot's own connection pool sizes, kept when the request class is ours."""


class MeteredRequest(HTTPXRequest):
    """python-telegram-bot's HTTP requests, each counted by its Bot API method and status."""

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        status, payload = await super().do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
        meter().api_call("telegram", url.rsplit("/", 1)[-1], status)
        return status, payload


def telegram_requests() -> tuple[MeteredRequest, MeteredRequest]:
    """The request objects for ApplicationBuilder's `request` and `get_updates_request`."""
    return (
        MeteredRequest(connection_pool_size=TELEGRAM_POOLS["calls"]),
        MeteredRequest(connection_pool_size=TELEGRAM_POOLS["updates"]),
    )
