"""The web pages' routes on the bot's own aiohttp application: a table's page and its live
updates (server-sent events that follow the table's revision in the database, so any worker
serves any page), a player's page whose buttons make moves through the referee, and Telegram
Mini App sign-in."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from aiohttp import BodyPartReader, web

from bot.commands.parse import Invocation, parse_command
from bot.i18n import say
from bot.port import Deliver
from bot.replies import Private, Reply
from bot.verify import MALFORMED, verify_document
from bot.web import links
from bot.web.facts import TablePage, WebPort
from bot.web.leaderboard import leaderboard_document
from bot.web.pages import live_html, message_document, table_document
from bot.web.replay import replay_document, upload_document
from games.i18n import _

log = logging.getLogger(__name__)
POLL_SECONDS = 0.2
"""How often a followed table's revision is read (one read per table and process, however many
pages watch it)."""
NUMBER_DIGITS = 18
"""The most digits a number in an address or a form may have: any id or version the database
holds (its integers stop at 19 digits); a longer one names nothing here."""
KEEPALIVE_SECONDS = 15.0
MOVES_PER_WINDOW, WINDOW_SECONDS = 10, 10.0
"""A player's page may make this many moves in this many seconds."""

MAX_EXPORT = 8 * 1024 * 1024
"""The largest export file the replay page loads (bytes)."""
UPLOADS_KEPT = 64
SPECTATED_KEPT = 1024
"""Tables whose public live part is kept drawn."""
MOVERS_KEPT = 1024
"""Users whose recent moves are kept for the rate limit before those idle a window are let go."""


@dataclass
class _Follow:
    revision: int | None = None
    read: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the poll has read the revision (or given up on it, the server stopping)."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    readers: int = 0
    task: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Watch:
    """Each followed table's revision, read by one task per table while any page watches it."""

    referee: WebPort
    follows: dict[int, _Follow] = field(default_factory=dict)
    closed: bool = False

    async def _poll(self, table_id: int, follow: _Follow) -> None:
        while True:
            try:
                revision = await self.referee.revision(table_id)
            except Exception:
                log.warning(
                    "web: table %s's revision unreadable; tried again", table_id, exc_info=True
                )
                revision = follow.revision
            if revision != follow.revision:
                follow.revision = revision
                follow.changed.set()
                follow.changed = asyncio.Event()
            follow.read.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(follow.wake.wait(), POLL_SECONDS)
            follow.wake.clear()

    def poke(self, table_id: int) -> None:
        """A move made in this process: read the revision now rather than at the next poll."""
        follow = self.follows.get(table_id)
        if follow is not None:
            follow.wake.set()

    async def revisions(self, table_id: int) -> AsyncIterator[int | None]:
        """The table's revision now, then each new one; None after KEEPALIVE_SECONDS of none."""
        follow = self.follows.setdefault(table_id, _Follow())
        follow.readers += 1
        try:
            if self.closed:
                follow.read.set()  # no poll starts: the table as it is now is None
            elif follow.task is None:  # kept before any wait: one poll per table
                follow.task = asyncio.create_task(self._poll(table_id, follow))
            await follow.read.wait()
            seen = follow.revision
            yield seen
            while True:
                changed = follow.changed
                if follow.revision == seen:
                    try:
                        await asyncio.wait_for(changed.wait(), KEEPALIVE_SECONDS)
                    except TimeoutError:
                        yield None
                        continue
                seen = follow.revision
                yield seen
        finally:
            follow.readers -= 1
            if follow.readers == 0 and follow.task is not None:
                follow.task.cancel()
                self.follows.pop(table_id, None)

    async def close(self, _app: web.Application | None = None) -> None:
        """Stop following every table, and start no more (the server stops)."""
        self.closed = True
        for follow in self.follows.values():
            follow.read.set()
        tasks = [follow.task for follow in self.follows.values() if follow.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.follows.clear()


async def _export_upload(request: web.Request) -> bytes:
    """The form's `export` file, read as it streams in and cut past MAX_EXPORT (too big): not
    through `post()`, which refuses a body past the app's 1 MiB; b"" when there is none."""
    try:
        reader = await request.multipart()
        async for part in reader:
            if isinstance(part, BodyPartReader) and part.name == "export":
                raw = bytearray()
                while len(raw) <= MAX_EXPORT and (chunk := await part.read_chunk()):
                    raw += chunk
                return bytes(raw)
    except (AssertionError, ValueError):  # aiohttp's words for a body that is not multipart
        pass
    return b""


def _origin(url: str) -> str:
    """An address's origin as a browser's Origin header says it: scheme://host[:port]."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def number(text: str) -> int | None:
    """A number as an address, a query or a form gives it: ASCII digits only (`isdigit` also
    takes "²", which `int` refuses), at most NUMBER_DIGITS; else None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= NUMBER_DIGITS else None


def _shown(request: web.Request) -> int | None:
    """The revision the page already shows: the last event's id when the browser reconnects,
    else the one the page was drawn at; None sends the table as it is now."""
    return number(request.headers.get("Last-Event-ID") or request.query.get("since", ""))


@dataclass
class Web:
    """The pages of one process: where they are reached, how links are signed, and how each
    platform delivers a move made from a page."""

    referee: WebPort
    public_url: str = ""
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    link_seconds: float = 12 * 3600.0
    telegram_token: str | None = None
    deliverers: dict[str, Deliver] = field(default_factory=dict)
    moves_per_window: int = MOVES_PER_WINDOW
    watch: Watch = field(init=False)
    recent: dict[str, deque[float]] = field(default_factory=dict)
    uploads: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Exports given to the replay page, by their digest (the newest UPLOADS_KEPT)."""
    verified: dict[str, tuple[bool, str]] = field(default_factory=dict)
    """Each replayed export's check (`paperref verify`'s), by its page: made once, not per step."""
    spectators: dict[int, tuple[int | None, asyncio.Future[str]]] = field(default_factory=dict)
    """Each table's public live part at its newest revision: drawn once for all spectators."""

    def __post_init__(self) -> None:
        self.watch = Watch(self.referee)

    def replay_url(self, table_id: int) -> str:
        return f"{self.public_url}/r/{table_id}"

    def table_url(self, table_id: int) -> str:
        return f"{self.public_url}/t/{table_id}"

    def leaderboard_url(self, platform: str, chat_id: str) -> str:
        """A chat's leaderboard page, signed: a private chat's cannot be guessed."""
        return f"{self.public_url}/l/{links.sign_chat(self.secret, platform, chat_id)}"

    def player_url(self, table_id: int, user_id: str, name: str) -> str:
        """A link that signs `user_id` in at this table only, until it expires."""
        expires = int(time.time() + self.link_seconds)
        token = links.sign(self.secret, links.Player(table_id, user_id, name, expires))
        return f"{self.public_url}/p/{token}"

    def csrf(self, token: str) -> str:
        """The form field a player's page posts with: only a page served to them holds it."""
        return links.sign(self.secret, links.Player(0, "csrf", token, 0)).rpartition(".")[2]

    def allowed(self, user_id: str) -> bool:
        """The per-user rate limit of moves from pages."""
        now = time.monotonic()
        if len(self.recent) > MOVERS_KEPT:  # forget who has not moved within the window
            since = now - WINDOW_SECONDS
            self.recent = {u: t for u, t in self.recent.items() if t and t[-1] >= since}
        times = self.recent.setdefault(user_id, deque())
        while times and times[0] < now - WINDOW_SECONDS:
            times.popleft()
        if len(times) >= self.moves_per_window:
            return False
        times.append(now)
        return True

    def install(self, app: web.Application) -> None:
        app.on_shutdown.append(self.watch.close)
        app.on_cleanup.append(self.watch.close)
        app.router.add_get("/t/{table}", self.spectate)
        app.router.add_get("/t/{table}/events", self.spectator_events)
        app.router.add_get("/p/{token}", self.play)
        app.router.add_get("/p/{token}/events", self.player_events)
        app.router.add_post("/p/{token}/move", self.move)
        app.router.add_get("/l/{token}", self.leaderboard)
        app.router.add_get("/r/{table}", self.replay)
        app.router.add_get("/r/x/{digest}", self.replay_upload)
        app.router.add_get("/replay", self.replay_form)
        app.router.add_post("/replay", self.replay_load)
        app.router.add_get("/tg/{table}", self.mini_app)
        app.router.add_post("/tg/{table}", self.mini_app_sign_in)

    async def _page(self, table_id: str, user_id: str | None = None) -> TablePage:
        found = number(table_id)
        page = None if found is None else await self.referee.table_page(found, user_id)
        if page is None:
            raise web.HTTPNotFound(text="no such table\n")
        return page

    def _player(self, request: web.Request) -> links.Player:
        player = links.signed_player(self.secret, request.match_info["token"], time.time())
        if player is None:
            text = say(_("This link is not valid or has expired; ask for a new one."), "en")
            raise web.HTTPForbidden(text=message_document(text, "en"), content_type="text/html")
        return player

    async def spectate(self, request: web.Request) -> web.Response:
        page = await self._page(request.match_info["table"])
        events = f"/t/{page.table_id}/events"
        return web.Response(text=table_document(page, events), content_type="text/html")

    async def play(self, request: web.Request) -> web.Response:
        player = self._player(request)
        page = await self._page(str(player.table_id), player.user_id)
        token = request.match_info["token"]
        html = table_document(page, f"/p/{token}/events", f"/p/{token}/move", self.csrf(token))
        return web.Response(text=html, content_type="text/html")

    async def _public_live(self, table_id: int, revision: int | None) -> str:
        """The spectators' live part at a revision, drawn once however many pages ask at once."""
        kept = self.spectators.get(table_id)
        if kept is None or kept[0] != revision:
            kept = (revision, asyncio.ensure_future(self._draw_public(table_id)))
            self.spectators[table_id] = kept
            while len(self.spectators) > SPECTATED_KEPT:
                del self.spectators[next(iter(self.spectators))]
        try:
            return await asyncio.shield(kept[1])
        except Exception:
            if self.spectators.get(table_id) is kept:  # a failed draw is drawn anew next time
                del self.spectators[table_id]
            raise

    async def _draw_public(self, table_id: int) -> str:
        return live_html(await self._page(str(table_id)))

    async def spectator_events(self, request: web.Request) -> web.StreamResponse:
        table = number(request.match_info["table"])
        if table is None or await self.referee.revision(table) is None:
            raise web.HTTPNotFound(text="no such table\n")
        return await self._stream(request, table, partial(self._public_live, table))

    async def player_events(self, request: web.Request) -> web.StreamResponse:
        player = self._player(request)
        token = request.match_info["token"]

        async def draw(_revision: int | None) -> str:
            page = await self._page(str(player.table_id), player.user_id)
            return live_html(page, f"/p/{token}/move", self.csrf(token))

        return await self._stream(request, player.table_id, draw)

    async def _stream(
        self, request: web.Request, table_id: int, draw: Callable[[int | None], Awaitable[str]]
    ) -> web.StreamResponse:
        """Server-sent events: the live part anew at each revision, a comment to keep it open."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        await response.prepare(request)
        shown = _shown(request)
        try:
            async for revision in self.watch.revisions(table_id):
                if revision is None:
                    await response.write(b": keepalive\n\n")
                    continue
                if revision == shown:
                    continue
                shown = revision
                html = await draw(revision)
                data = "".join(f"data: {line}\n" for line in html.split("\n"))
                await response.write(f"event: board\nid: {revision}\n{data}\n".encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        return response

    def _same_site(self, request: web.Request) -> bool:
        """A POST from a page of another site is refused (Origin, else Sec-Fetch-Site)."""
        origin = request.headers.get("Origin")
        if origin is not None:
            return origin == f"{request.scheme}://{request.host}" or (
                bool(self.public_url) and origin == _origin(self.public_url)
            )
        return request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")

    async def move(self, request: web.Request) -> web.Response:
        """A tapped move: made through the referee as the signed player, exactly as typed, and
        its replies delivered to the chat; the player's own private replies are the answer."""
        player = self._player(request)
        form = await request.post()
        token = request.match_info["token"]
        if not self._same_site(request) or form.get("csrf") != self.csrf(token):
            raise web.HTTPForbidden(text="cross-site request refused\n")
        page = await self._page(str(player.table_id), player.user_id)
        if not self.allowed(player.user_id):
            text = say(_("Too many moves at once; wait a few seconds."), page.lang)
            return self._answer(request, token, text, status=429)
        command = str(form.get("command", ""))
        if command not in {c for _shown, c in page.moves}:
            text = say(
                _("That move is not offered to you now; the board shows what is."), page.lang
            )
            return self._answer(request, token, text, status=409)
        drawn_at = number(str(form.get("version", "")))
        replies = await self._make(page, player, command, drawn_at)
        said = [r.text for r in replies if isinstance(r, Private) and r.user_id == player.user_id]
        return self._answer(request, token, "\n".join(said) or say(_("Done."), page.lang))

    async def _make(
        self, page: TablePage, player: links.Player, command: str, version: int | None
    ) -> list[Reply]:
        parsed = parse_command(command)
        assert parsed is not None  # an offered move is a command
        inv = Invocation(
            page.platform,
            page.chat_id,
            player.user_id,
            player.name,
            parsed.verb,
            parsed.args,
            text=parsed.text,
            version=version,
        )
        replies = await self.referee.handle(inv)
        self.watch.poke(page.table_id)
        deliver = self.deliverers.get(page.platform)
        try:
            if deliver is not None:
                await deliver(page.chat_id, replies)
        except Exception:  # the move stands; the page still answers the player
            log.exception("web: a move at table %s was made but not delivered", page.table_id)
        return replies

    @staticmethod
    def _answer(request: web.Request, token: str, text: str, status: int = 200) -> web.Response:
        """Text for the page's script; a form posted without scripts goes back to the page."""
        if "text/plain" in request.headers.get("Accept", ""):
            return web.Response(text=text, status=status)
        raise web.HTTPSeeOther(f"/p/{token}")

    async def leaderboard(self, request: web.Request) -> web.Response:
        chat = links.signed_chat(self.secret, request.match_info["token"])
        if chat is None:
            text = say(_("This link is not valid or has expired; ask for a new one."), "en")
            html = message_document(text, "en")
            return web.Response(text=html, status=403, content_type="text/html")
        page = await self.referee.leaderboard_page(*chat)
        return web.Response(text=leaderboard_document(page), content_type="text/html")

    async def replay(self, request: web.Request) -> web.Response:
        table = request.match_info["table"]
        found = number(table)
        doc = None if found is None else await self.referee.export(found)
        if doc is None:
            text = say(_("There is a replay once the game is over."), "en")
            return web.Response(
                text=message_document(text, "en"), status=404, content_type="text/html"
            )
        return await self._replay(request, doc, f"/r/{table}")

    async def replay_upload(self, request: web.Request) -> web.Response:
        digest = request.match_info["digest"]
        doc = self.uploads.get(digest)
        if doc is None:
            return web.Response(text=upload_document(), status=404, content_type="text/html")
        return await self._replay(request, doc, f"/r/x/{digest}")

    async def _replay(self, request: web.Request, doc: dict[str, Any], base: str) -> web.Response:
        """A replay's step, played from the seed off the event loop (a long game's last step
        takes a fifth of a second: the chats' commands must not wait behind it)."""
        step = number(request.query.get("step", "0")) or 0
        try:
            if base not in self.verified:
                self.verified[base] = await asyncio.to_thread(verify_document, doc)
                while len(self.verified) > UPLOADS_KEPT:
                    del self.verified[next(iter(self.verified))]
            verified = self.verified[base]
            html = await asyncio.to_thread(replay_document, doc, step, base, verified)
        except MALFORMED:
            log.info("web: %s does not replay", base, exc_info=True)
            html = upload_document(
                refused=say(_("This file does not replay as a paperref export."), "en")
            )
        return web.Response(text=html, content_type="text/html")

    async def replay_form(self, _request: web.Request) -> web.Response:
        return web.Response(text=upload_document(), content_type="text/html")

    async def replay_load(self, request: web.Request) -> web.Response:
        """An /export file given to the page: kept (bounded) and stepped through like a table's."""
        raw = await _export_upload(request)
        try:
            doc = json.loads(raw) if 0 < len(raw) <= MAX_EXPORT else None
        except (ValueError, RecursionError):  # not JSON; nested past the parser's depth
            doc = None
        if not isinstance(doc, dict):
            html = upload_document(
                refused=say(_("This file does not replay as a paperref export."), "en")
            )
            return web.Response(text=html, status=400, content_type="text/html")
        digest = hashlib.sha256(raw).hexdigest()[:32]
        self.uploads[digest] = doc
        while len(self.uploads) > UPLOADS_KEPT:
            del self.uploads[next(iter(self.uploads))]
        raise web.HTTPSeeOther(f"/r/x/{digest}")

    async def mini_app(self, request: web.Request) -> web.Response:
        """The Mini App's page: Telegram puts `initData` in the address's fragment; the page
        posts it back to be checked, and goes on to the player's page."""
        table = request.match_info["table"]
        script = (
            "const p=new URLSearchParams(location.hash.slice(1));"
            "const d=p.get('tgWebAppData')||(window.Telegram&&Telegram.WebApp.initData)||'';"
            f"fetch('/tg/{table}',{{method:'POST',body:new URLSearchParams({{initData:d}})}})"
            ".then(async r=>{const t=await r.text();if(r.ok)location.replace(t);"
            "else document.getElementById('said').textContent=t;});"
        )
        body = f'<p id="said" role="status">…</p><script>{script}</script>'
        html = f'<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body>{body}</body></html>'
        return web.Response(text=html, content_type="text/html")

    async def mini_app_sign_in(self, request: web.Request) -> web.Response:
        """`initData` checked with the bot token (Telegram's spec, with an age limit): the
        player's signed link, for the user Telegram vouches for at this table."""
        form = await request.post()
        user = None
        if self.telegram_token and self._same_site(request):
            user = links.telegram_user(
                self.telegram_token, str(form.get("initData", "")), time.time()
            )
        if user is None:
            text = say(
                _("Telegram did not vouch for this sign-in; open the board from the chat again."),
                "en",
            )
            return web.Response(text=text, status=403)
        page = await self._page(request.match_info["table"])
        name = " ".join(str(user.get(k, "")) for k in ("first_name", "last_name")).strip()
        return web.Response(
            text=self.player_url(page.table_id, str(user["id"]), name or str(user["id"]))
        )
