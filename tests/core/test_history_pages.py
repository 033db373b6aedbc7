"""/history pages through every move of the game, as the folded report promises ("... N more
lines; /history lists every move"): page 1 the newest lines, /history 2 the ones before, each
line on exactly one page; past the oldest page and bad page numbers are refused."""

from __future__ import annotations

import re

from bot.referee import Referee
from tests.support import refusals, send_as

CHAT = "history-pages"


async def test_history_pages_list_every_move_once_newest_first(referee: Referee) -> None:
    await send_as(referee, CHAT, "ann", "/new gotown --first Ann")
    await send_as(referee, CHAT, "bob", "/join")
    await send_as(referee, CHAT, "ann", "/start")
    for turn in range(40):
        assert not refusals(await send_as(referee, CHAT, ("ann", "bob")[turn % 2], "/done"))
    pages: list[list[int]] = []
    for page in range(1, 10):
        [reply] = await send_as(referee, CHAT, "cid", f"/history {page}")
        assert not refusals([reply]), reply.text
        pages.append([int(n) for n in re.findall(r"\[gotown #(\d+)\]", reply.text)])
        if "Older: /history" not in reply.text:
            break
        assert reply.text.endswith(f"Older: /history {page + 1}.")
    assert [len(p) for p in pages] == [15, 15, 10]
    assert [n for page in reversed(pages) for n in page] == list(range(1, 41))
    [first] = await send_as(referee, CHAT, "cid", "/history")
    assert first.text.startswith("Recent moves and rolls:") and "[gotown #40]" in first.text
    assert refusals(await send_as(referee, CHAT, "cid", "/history 4")) == [
        "This chat's history has 3 pages; /history 3 is its oldest."
    ]
    for bad in ("0", "abc", "99999999999999999999"):
        [refused] = refusals(await send_as(referee, CHAT, "cid", f"/history {bad}"))
        assert refused.startswith("Write /history for the newest moves"), refused
