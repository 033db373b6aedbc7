"""GoTown's first player: the rules let the players decide, so `/new gotown --first NAME` names
them, and by default the table's seeded generator draws them, said at /start."""

from __future__ import annotations

from bot.referee import Referee
from bot.replies import Reply
from tests.support import refusals, send_as


def said(replies: list[Reply]) -> str:
    return "\n".join(r.text for r in replies)


async def open_table(referee: Referee, chat: str, options: str = "") -> list[Reply]:
    await send_as(referee, chat, "ann", f"/new gotown {options}".strip())
    await send_as(referee, chat, "bob", "/join")
    return await send_as(referee, chat, "ann", "/start")


async def test_first_names_who_plays_first(referee: Referee) -> None:
    started = await open_table(referee, "first-bob", "--first bob")
    assert "Bob plays first." in said(started)
    assert refusals(await send_as(referee, "first-bob", "ann", "/done")) == [
        "It is Bob's turn, not yours."
    ]
    assert not refusals(await send_as(referee, "first-bob", "bob", "/done"))


async def test_by_default_the_first_player_is_drawn_and_said_at_start(referee: Referee) -> None:
    drawn = set()
    for table in range(8):
        chat = f"first-random-{table}"
        opening = said(await send_as(referee, chat, "ann", "/new gotown"))
        assert "--first random" in opening
        await send_as(referee, chat, "bob", "/join")
        text = said(await send_as(referee, chat, "ann", "/start"))
        starter = next(n for n in ("Ann", "Bob") if f"{n} plays first, drawn at random." in text)
        other = "bob" if starter == "Ann" else "ann"
        assert refusals(await send_as(referee, chat, other, "/done"))
        assert not refusals(await send_as(referee, chat, starter.lower(), "/done"))
        drawn.add(starter)
    assert drawn == {"Ann", "Bob"}


async def test_an_unknown_first_player_is_refused_at_start(referee: Referee) -> None:
    refused = refusals(await open_table(referee, "first-nobody", "--first zed"))
    assert refused == ["There is no player 'zed' to choose; choose one of: Ann, Bob."]
