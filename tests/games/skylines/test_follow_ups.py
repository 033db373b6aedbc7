"""Rules follow-ups on the referee's surface: a card file is accepted when it seats the table's
players (4 cities at a 2-player table), the lobby takes only as many as it seats, and a file
saved with a UTF-8 byte-order mark is read."""

from __future__ import annotations

import json

from bot.referee import Referee
from bot.replies import Reply
from games.skylines.catalog import sample_data
from tests.support import refusals, send_as


async def send(
    referee: Referee, user: str, line: str, attachment: tuple[str, str] | None = None
) -> list[Reply]:
    return await send_as(referee, "sky-follow", user, line, attachment)


async def test_a_four_city_file_with_a_byte_order_mark_seats_a_two_player_table(
    referee: Referee,
) -> None:
    data = dict(sample_data())
    data["cities"] = data["cities"][:4]
    text = "\ufeff" + json.dumps(data)
    opened = await send(referee, "ann", "/new skylines", ("cards.json", text))
    assert not refusals(opened), refusals(opened)
    assert "(2-2 players; --cards (a file))" in opened[0].text, opened[0].text
    assert not refusals(await send(referee, "bob", "/join"))
    full = refusals(await send(referee, "cid", "/join"))
    assert full == ["Paper Skylines seats at most 2 players; the table is full."]
    assert refusals(await send(referee, "ann", "/addbot")) == full
    started = await send(referee, "ann", "/start")
    assert not refusals(started) and any("Paper Skylines starts" in r.text for r in started)


async def test_a_file_that_cannot_seat_two_is_refused_at_new(referee: Referee) -> None:
    data = dict(sample_data())
    data["cities"] = data["cities"][:3]
    refused = refusals(await send(referee, "ann", "/new skylines", ("c.json", json.dumps(data))))
    assert refused == [
        "The card file has 3 cities, and 2 players need 4: it cannot seat even 2 players."
    ]
