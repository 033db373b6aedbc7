"""Replays of every game's export, a chat move on the table's page within a second, and the
player's page refusing what is not theirs."""

from __future__ import annotations

import hashlib
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bot.pipeline import state_digest
from bot.web import links
from bot.web.server import MOVES_PER_WINDOW
from games.base import Action, Rng
from games.registry import engine_for
from games.replay import apply
from games.versions import current
from tests.web.conftest import Bot
from tests.web.test_play import GAMES, revision
from tests.web.test_play import links as page_links

SHORT = {"gotown": {"short": True}, "papercraft": {"rounds": 1, "points": 100}}
STEPPED = 4
"""Steps walked by keyboard before jumping to the last (every step is also fetched)."""


def exported(game: str) -> dict[str, Any]:
    """A finished game of bots as /export writes it: seed, commitment, every action's digest."""
    engine = engine_for(game)
    seed, names = f"replay-{game}", ["Ann", "Bob"]
    rng = Rng(seed)
    options = SHORT.get(game, {})
    state, _events = engine.setup(names, options, rng)
    actions = []
    while engine.outcome(state) is None:
        seat = engine.waiting(state)[0]
        move = engine.bot_move(state, seat, rng.fork(f"bot{len(actions)}"))
        apply(engine, state, Action(seat, move.verb, move.args), rng, names[seat])
        digest = state_digest(state, rng.position)
        actions.append(
            {
                "seq": len(actions) + 1,
                "seat": seat,
                "verb": move.verb,
                "args": list(move.args),
                "digest": digest,
            }
        )
    return {
        "format": "paperref-export/1",
        "game": game,
        "engine_version": current(engine.versions),
        "options": options,
        "seats": [{"position": i, "name": n, "bot": True} for i, n in enumerate(names)],
        "commitment": hashlib.sha256(seed.encode()).hexdigest(),
        "actions": actions,
        "seed": seed,
    }


def opened(bot: Bot, game: str) -> tuple[str, dict[str, str]]:
    """Ann and Bob at a started table of `game` (its options after its name): its page's links."""
    bot.say(f"Ann: /new {game}")
    bot.say("Bob: /join")
    bot.say("Ann: /start")
    return page_links(bot)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_export_given_to_the_replay_page_steps_to_the_end_verified(
    bot: Bot, phone: Any, tmp_path: Path, game: str
) -> None:
    doc = exported(game)
    upload = tmp_path / f"paperref-{game}.json"
    upload.write_text(json.dumps(doc))
    page = phone.new_page()
    page.goto(f"{bot.web.public_url}/replay")
    page.set_input_files("#export", str(upload))
    page.click("form button")
    page.wait_for_selector(".verified")
    assert page.locator("h2[aria-live]").inner_text() == f"Action 0 of {len(doc['actions'])}"
    for number in range(1, STEPPED + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            f"document.querySelector('h2[aria-live]').innerText.startsWith('Action {number} ')"
        )
    base = page.url.split("?")[0]
    for number in range(len(doc["actions"]) + 1):
        status, html = fetch(f"{base}?step={number}")
        assert status == 200 and "verified" in html, number
    page.keyboard.press("End")
    page.wait_for_selector(".outcome")
    assert "Final scores" in page.content() and "verified" in page.content()
    doc["actions"][-1]["digest"] = "0" * 64
    upload.write_text(json.dumps(doc))
    page.goto(f"{bot.web.public_url}/replay")
    page.set_input_files("#export", str(upload))
    page.click("form button")
    assert "not verified" in page.locator(".failed").inner_text()


def test_a_move_in_the_chat_shows_on_the_page_within_a_second(bot: Bot, phone: Any) -> None:
    table_url, _own = opened(bot, "gotown --first Ann")
    page = phone.new_page()
    page.goto(table_url)
    before = revision(page)
    table = bot.call(bot.referee.store.queries.table(int(table_url.rsplit("/", 1)[1])))
    assert table is not None
    move = engine_for("gotown").legal(table.state, 0)[0]
    bot.say(f"Ann: {move.text}")
    page.wait_for_function(
        f"document.querySelector('.turn').dataset.revision !== '{before}'", timeout=1_000
    )
    [action] = bot.call(bot.referee.store.queries.actions(table.id))
    assert page.locator(".log li").last.inner_text() == action.summary


def first_board_event(url: str, headers: dict[str, str] | None = None) -> tuple[str, str]:
    """The first board an event stream sends: its id and its first data line."""
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as stream:
        fields: dict[str, str] = {}
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if not line:
                if fields.get("event") == "board":
                    return fields["id"], fields["data"]
                fields = {}
            elif not line.startswith(":"):
                name, _colon, value = line.partition(": ")
                fields.setdefault(name, value)
    raise AssertionError("the stream ended without a board")


def test_a_move_made_before_the_page_listens_still_reaches_it(bot: Bot) -> None:
    table_url, _own = opened(bot, "gotown --first Ann")
    _status, html = fetch(table_url)
    drawn = html.split('data-revision="', 1)[1].split('"', 1)[0]
    events = html.split('data-events="', 1)[1].split('"', 1)[0]
    assert events.endswith(f"?since={drawn}")
    table = bot.call(bot.referee.store.queries.table(int(table_url.rsplit("/", 1)[1])))
    assert table is not None
    bot.say(f"Ann: {engine_for('gotown').legal(table.state, 0)[0].text}")
    now = str(table.revision + 1)
    event_id, data = first_board_event(bot.web.public_url + events)
    assert event_id == now and f'data-revision="{now}"' in data
    table = bot.call(bot.referee.store.queries.table(table.id))
    assert table is not None
    seat = engine_for("gotown").waiting(table.state)[0]
    [name] = [s.name for s in table.seats if s.position == seat]
    bot.say(f"{name}: {engine_for('gotown').legal(table.state, seat)[0].text}")
    event_id, _data = first_board_event(bot.web.public_url + events, {"Last-Event-ID": now})
    assert event_id == str(table.revision + 1), "a reconnect resumes after its last event"


def test_a_move_tapped_twice_on_one_board_is_made_once(bot: Bot) -> None:
    table_url, own = opened(bot, "papercraft")
    _status, html = fetch(own["Ann"])
    version = html.split('name="version" value="', 1)[1].split('"', 1)[0]
    command = "/army add Warmachine Otoro"
    assert f'value="{command}"' in html
    token = own["Ann"].rsplit("/", 1)[1]
    form = urllib.parse.urlencode(
        {"command": command, "csrf": bot.web.csrf(token), "version": version}
    ).encode()
    answers = []
    for _tap in range(2):  # the same form, sent again before the page is drawn anew
        request = urllib.request.Request(
            own["Ann"] + "/move", data=form, headers={"Accept": "text/plain"}
        )
        with urllib.request.urlopen(request) as answer:
            answers.append(answer.read().decode())
    assert answers[1].startswith("You pressed that already and its move was made once"), answers
    table = bot.call(bot.referee.store.queries.table(int(table_url.rsplit("/", 1)[1])))
    assert table is not None
    actions = bot.call(bot.referee.store.queries.actions(table.id))
    assert len([a for a in actions if a.summary.startswith("Ann adds 1x Warmachine Otoro.")]) == 1
    for forged in (str(table.version + 5), "9" * 40):
        form = urllib.parse.urlencode(
            {"command": command, "csrf": bot.web.csrf(token), "version": forged}
        ).encode()
        request = urllib.request.Request(
            own["Ann"] + "/move", data=form, headers={"Accept": "text/plain"}
        )
        with urllib.request.urlopen(request) as answer:
            said = answer.read().decode()
        # no version it could have drawn: a version to come is refused, a word is none (typed)
        expected = "That button is out of date" if forged == str(table.version + 5) else "Done."
        assert said.startswith(expected), (forged, said)


def test_a_player_posting_faster_than_the_limit_is_told_to_wait_and_nothing_moves(
    bot: Bot,
) -> None:
    table, own = opened(bot, "gotown --first Ann")
    token = own["Ann"].rsplit("/", 1)[1]
    form = f"command=%2Fpass&csrf={bot.web.csrf(token)}".encode()
    answers = []
    for _ in range(MOVES_PER_WINDOW + 1):
        request = urllib.request.Request(
            own["Ann"] + "/move", data=form, headers={"Accept": "text/plain"}
        )
        try:
            with urllib.request.urlopen(request) as answer:
                answers.append((answer.status, answer.read().decode()))
        except urllib.error.HTTPError as error:
            answers.append((error.code, error.read().decode()))
    codes = [code for code, _text in answers]
    assert codes == [409] * MOVES_PER_WINDOW + [429], answers
    assert "wait a few seconds" in answers[-1][1]
    assert bot.call(bot.referee.store.queries.actions(int(table.rsplit("/", 1)[1]))) == []


def test_a_players_link_is_theirs_only_and_expires(bot: Bot) -> None:
    _table, own = opened(bot, "gotown --first Ann")
    status, html = fetch(own["Ann"])
    assert status == 200 and 'class="move"' in html
    status, html = fetch(own["Bob"])
    assert status == 200 and 'class="move"' not in html, "not Bob's turn: no moves offered"
    token = own["Ann"].rsplit("/", 1)[1]
    body, _, mac = token.partition(".")
    forged = own["Ann"].replace(token, f"{body}.{mac[::-1]}")
    expired = links.sign(
        bot.web.secret, links.Player(1, "console:ann", "Ann", int(time.time()) - 1)
    )
    for refused in (forged, f"{bot.web.public_url}/p/{expired}"):
        assert fetch(refused)[0] == 403
    request = urllib.request.Request(
        own["Ann"] + "/move",
        data=b"command=%2Fpass&csrf=x",
        headers={"Origin": "https://elsewhere.example"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused_post:
        urllib.request.urlopen(request)
    assert refused_post.value.code == 403, "a cross-site post is refused"
