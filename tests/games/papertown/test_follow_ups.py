"""Rules follow-ups on the referee's surface: a sheet file saved with a UTF-8 byte-order mark is
read, and a refused /mark batch suggests only blocks open now (the batch marked nothing)."""

from __future__ import annotations

from bot.referee import Referee
from bot.replies import Reply
from tests.support import refusals, send_as

ALL_YELLOW = "\ufeffobjectives: horizontal vertical broadway\n" + "YYYYYY\n" * 5


async def send(
    referee: Referee, user: str, line: str, attachment: tuple[str, str] | None = None
) -> list[Reply]:
    return await send_as(referee, "pt-follow", user, line, attachment)


def refusal(replies: list[Reply]) -> str:
    refused = refusals(replies)
    assert refused, [r.text for r in replies]
    return refused[0]


def accepted(replies: list[Reply]) -> None:
    assert not refusals(replies), refusals(replies)


async def test_a_sheet_with_a_byte_order_mark_is_read_and_a_refused_batch_suggests_what_is_open(
    referee: Referee,
) -> None:
    opened = await send(referee, "ann", "/new papertown", ("sheet.txt", ALL_YELLOW))
    accepted(opened)
    assert "--sheet (a file)" in opened[0].text
    for user, line in [
        ("bob", "/join"),
        ("ann", "/start"),
        ("ann", "/roll"),
        ("ann", "/mark E6 E5 D6"),
        ("ann", "/done"),
        ("bob", "/roll"),
        ("bob", "/mark A1 A2 A3"),
        ("bob", "/done"),
        ("ann", "/roll"),
    ]:
        accepted(await send(referee, user, line))
    # E4 and E3 would fit, B1 touches none of Ann's blocks: nothing is marked, and the blocks
    # suggested touch E6, E5 or D6 (D2 and D3 touch only E3 and E4, which stay unmarked).
    text = refusal(await send(referee, "ann", "/mark E4 E3 B1"))
    assert text.startswith("B1 does not touch your blocks"), text
    assert "e.g. C6, D4, D5" in text and "D3" not in text and "D2" not in text, text
    accepted(await send(referee, "ann", "/mark E4"))  # E4 was not marked by the refused batch


async def test_a_batch_refused_only_for_its_order_says_so(referee: Referee) -> None:
    await send(referee, "ann", "/new papertown", ("sheet.txt", ALL_YELLOW))
    for user, line in [("bob", "/join"), ("ann", "/start"), ("ann", "/roll")]:
        accepted(await send(referee, user, line))
    # On the first turn any block is open; E6 alone is fine but does not touch A1 or A2.
    text = refusal(await send(referee, "ann", "/mark A1 A2 E6"))
    assert text.startswith("Nothing was marked: E6 does not fit after A1, A2"), text
    assert text.endswith("Blocks open now: e.g. A1, A2, A3."), text
