"""python-telegram-bot's HTTP requests over aiohttp (already the Discord library's client, and
about half the CPU of httpx's layers per call, which a busy bot pays twice a move), each counted
for the meter by Bot API method and status (getUpdates and retries after a 429 included)."""

from __future__ import annotations

from typing import Any

import aiohttp
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.ops.meter import meter

TELEGRAM_POOLS = {"calls": 256, "updates": 1}
"""Connections at once for the API calls, and for getUpdates (python-telegram-bot's own sizes)."""
TIMEOUTS = {"read": 5.0, "connect": 5.0}
"""Seconds, python-telegram-bot's defaults; a call may pass its own (getUpdates' long poll does).
aiohttp has no write timeout: a request's read timeout starts once it is sent."""


class AiohttpRequest(BaseRequest):
    """BaseRequest on one aiohttp session: form fields url-encoded, or multipart with files."""

    def __init__(self, connection_pool_size: int) -> None:
        self._pool = connection_pool_size
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return TIMEOUTS["read"]

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self._pool)
            self._session = aiohttp.ClientSession(connector=connector)

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()

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
        if self._session is None or self._session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data.multipart_data if request_data else {}
        fields = request_data.json_parameters if request_data else {}
        body: Any = fields
        if files:
            body = aiohttp.FormData(fields)
            for name, (filename, content, mime) in files.items():
                body.add_field(name, content, filename=filename, content_type=mime)
        timeout = aiohttp.ClientTimeout(
            total=None,
            sock_connect=_seconds(connect_timeout, TIMEOUTS["connect"]),
            sock_read=_seconds(read_timeout, TIMEOUTS["read"]),
        )
        headers = {"User-Agent": self.USER_AGENT}
        try:
            async with self._session.request(
                method, url, data=body, headers=headers, timeout=timeout
            ) as response:
                return response.status, await response.read()
        except TimeoutError as error:
            raise TimedOut from error
        except aiohttp.ClientError as error:
            raise NetworkError(f"aiohttp.{error.__class__.__name__}: {error}") from error


def _seconds(value: Any, default: float | None) -> float | None:
    """A timeout as python-telegram-bot passes it: DEFAULT_NONE for the default, None for none."""
    return default if isinstance(value, type(BaseRequest.DEFAULT_NONE)) else value


class MeteredRequest(AiohttpRequest):
    """Each request counted by its Bot API method and status."""

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
        MeteredRequest(TELEGRAM_POOLS["calls"]),
        MeteredRequest(TELEGRAM_POOLS["updates"]),
    )
