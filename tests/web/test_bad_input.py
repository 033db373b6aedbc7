"""What the pages make of input nobody should send them: numbers `int` or the database cannot
take, export files nested past the parser or of the wrong shape, a large export, a database
hiccup while drawing the board, many pages opening one table's stream at once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest

from bot.web.server import MAX_EXPORT, MOVERS_KEPT, WINDOW_SECONDS, Watch
from tests.web.conftest import Bot
from tests.web.test_pages import exported, opened
from tests.web.test_play import links as page_links

SUPERSCRIPT_TWO = "%C2%B2"
"""'²': `str.isdigit` takes it, `int` refuses it."""
DIGITS_30 = "9" * 30
"""A number no integer column holds."""
DIGITS_5000 = "9" * 5000
"""More digits than `int` reads (4,300)."""


def fetch(
    url: str, data: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, str]:
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def upload(bot: Bot, raw: bytes) -> tuple[int, str]:
    """The file given to /replay's form, as a browser sends it."""
    head = (
        '--B\r\nContent-Disposition: form-data; name="export"; filename="x.json"\r\n'
        "Content-Type: application/json\r\n\r\n"
    )
    body = head.encode() + raw + b"\r\n--B--\r\n"
    headers = {"Content-Type": "multipart/form-data; boundary=B"}
    return fetch(bot.web.public_url + "/replay", body, headers)


def first_event(url: str) -> str:
    """What an event stream sends first: a board, else why there is none."""
    try:
        with urllib.request.urlopen(url, timeout=10) as stream:
            for raw in stream:
                if raw.startswith(b"event: board"):
                    return "board"
            return "ended without a board"
    except OSError as error:
        return f"failed: {error!r}"


@pytest.fixture
def started(bot: Bot) -> Bot:
    opened(bot, "gotown --first Ann")
    return bot


@pytest.mark.parametrize(
    "path",
    [
        f"/t/{SUPERSCRIPT_TWO}",
        f"/t/{DIGITS_30}",
        f"/t/{DIGITS_5000}",
        f"/r/{SUPERSCRIPT_TWO}",
        f"/r/{DIGITS_30}",
        f"/t/{DIGITS_30}/events",
        f"/t/{SUPERSCRIPT_TWO}/events",
    ],
)
def test_a_table_number_that_names_no_table_is_not_found(started: Bot, path: str) -> None:
    status, text = fetch(started.web.public_url + path)
    assert status == 404, (status, text[:80])


@pytest.mark.parametrize("step", [SUPERSCRIPT_TWO, DIGITS_5000])
def test_a_replay_step_that_is_no_number_shows_the_start(started: Bot, step: str) -> None:
    status, text = upload(started, json.dumps(exported("gotown")).encode())
    assert status == 200 and "Action 0 of" in text
    replay = started.web.public_url + "/r/x/" + next(iter(started.web.uploads))
    status, text = fetch(f"{replay}?step={step}")
    assert status == 200 and "Action 0 of" in text, (status, text[:80])


def test_the_revision_a_page_shows_that_is_no_number_still_streams(started: Bot) -> None:
    table_url, _own = page_links(started)
    assert first_event(f"{table_url}/events?since={SUPERSCRIPT_TWO}") == "board"


def test_a_moves_version_that_is_no_number_is_a_typed_move(started: Bot) -> None:
    _table, own = page_links(started)
    token = own["Ann"].rsplit("/", 1)[1]
    _status, html = fetch(own["Ann"])
    command = html.split('name="command" value="', 1)[1].split('"', 1)[0]
    form = {"command": command, "csrf": started.web.csrf(token), "version": "²"}
    status, text = fetch(
        own["Ann"] + "/move", urllib.parse.urlencode(form).encode(), {"Accept": "text/plain"}
    )
    assert status == 200, (status, text[:80])


@pytest.mark.parametrize("raw", [b"[" * 100_000, b'{"a":' * 100_000], ids=["array", "object"])
def test_an_export_nested_past_the_parser_is_refused(bot: Bot, raw: bytes) -> None:
    status, text = upload(bot, raw)
    assert status == 400 and "does not replay" in text, (status, text[:60])


@pytest.mark.parametrize("options", [None, [1], "x", 3])
def test_an_export_whose_options_are_no_object_is_refused(bot: Bot, options: Any) -> None:
    doc = exported("gotown")
    doc["options"] = options
    status, text = upload(bot, json.dumps(doc).encode())
    assert status == 200 and "does not replay" in text, (status, text[:60])


def test_an_export_past_the_apps_body_limit_but_within_its_own_replays(bot: Bot) -> None:
    doc = exported("gotown")
    doc["note"] = "x" * (2 * 1024 * 1024)  # aiohttp's own limit for a request body is 1 MiB
    raw = json.dumps(doc).encode()
    assert len(raw) < MAX_EXPORT
    status, text = upload(bot, raw)
    assert status == 200 and "Action 0 of" in text, (status, text[:80])
    status, text = upload(bot, b" " * (MAX_EXPORT + 1))
    assert status == 400 and "does not replay" in text


def test_a_board_that_failed_to_draw_is_drawn_anew_for_the_next_spectator(started: Bot) -> None:
    table_url, _own = page_links(started)
    real = started.referee.table_page
    calls: list[int] = []

    async def hiccup(table_id: int, user_id: str | None = None) -> Any:
        calls.append(table_id)
        if len(calls) == 1:
            raise ConnectionError("the database went away for a moment")
        return await real(table_id, user_id)

    started.referee.table_page = hiccup  # type: ignore[method-assign]
    first_event(table_url + "/events")
    assert first_event(table_url + "/events") == "board" and len(calls) == 2


class SlowRevisions:
    """A table's revision read as a database does: after a moment."""

    def __init__(self) -> None:
        self.reads = 0

    async def revision(self, table_id: int) -> int | None:
        self.reads += 1
        await asyncio.sleep(0.05)
        return 7


async def first_revision(watch: Watch) -> int | None:
    async with contextlib.aclosing(watch.revisions(1)) as revisions:
        async for revision in revisions:
            return revision
    return None


async def test_pages_opening_one_table_at_once_share_one_poll_that_ends_with_them() -> None:
    referee = SlowRevisions()
    watch = Watch(referee)  # type: ignore[arg-type]
    assert await asyncio.gather(*(first_revision(watch) for _ in range(8))) == [7] * 8
    await asyncio.sleep(0.1)
    polls = [t for t in asyncio.all_tasks() if "Watch._poll" in repr(t.get_coro())]
    reads = referee.reads
    await asyncio.sleep(0.5)
    assert (polls, watch.follows, referee.reads) == ([], {}, reads), "no poll left behind"
    assert reads == 1, "one read for the eight pages"


def test_a_post_from_an_origin_that_only_begins_like_the_sites_is_refused(started: Bot) -> None:
    _table, own = page_links(started)
    token = own["Ann"].rsplit("/", 1)[1]
    form = urllib.parse.urlencode({"command": "/done", "csrf": started.web.csrf(token)}).encode()
    site = started.web.public_url  # http://127.0.0.1:PORT
    for origin, status in ((site[:-1], 403), (site, 200)):
        answer, _text = fetch(
            own["Ann"] + "/move", form, {"Origin": origin, "Accept": "text/plain"}
        )
        assert answer == status, origin


def test_the_rate_limit_forgets_users_idle_past_its_window(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr("bot.web.server.time.monotonic", lambda: clock[0])
    for user in range(MOVERS_KEPT + 1):
        assert bot.web.allowed(f"user{user}")
    clock[0] += WINDOW_SECONDS + 1
    assert bot.web.allowed("late") and len(bot.web.recent) == 1


def test_a_replay_being_played_holds_up_no_other_request(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replay runs off the event loop: while one is held mid-way, the site still answers."""
    from bot.web import server

    assert upload(bot, json.dumps(exported("gotown")).encode())[0] == 200
    replay = bot.web.public_url + "/r/x/" + next(iter(bot.web.uploads))
    real, entered, release = server.replay_document, threading.Event(), threading.Event()

    def held(*args: Any) -> str:
        entered.set()
        release.wait(30)
        return real(*args)

    monkeypatch.setattr(server, "replay_document", held)
    answers: list[tuple[int, str]] = []
    stepping = threading.Thread(target=lambda: answers.append(fetch(replay + "?step=3")))
    stepping.start()
    try:
        assert entered.wait(10), "the step began"
        assert fetch(bot.web.public_url + "/replay")[0] == 200, "answered meanwhile"
    finally:
        release.set()
        stepping.join(30)
    assert answers and answers[0][0] == 200 and "Action 3 of" in answers[0][1]


@pytest.mark.parametrize("field", ["engine_version", "seat"])
def test_an_export_with_infinity_for_a_number_is_refused(bot: Bot, field: str) -> None:
    doc = exported("gotown")
    if field == "seat":
        doc["actions"][0]["seat"] = float("inf")
    else:
        doc[field] = float("inf")
    status, text = upload(bot, json.dumps(doc).encode())  # json writes it as Infinity
    assert status == 200 and "does not replay" in text, (status, text[:80])
