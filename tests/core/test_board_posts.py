"""The live board's count of messages below it is worked out before a command's messages are
made (it is written with the table, the messages are made while the commit syncs): the count
must be what making them gives, whatever the replies."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.board import posts, present
from bot.replies import Button, LiveBoard, Private, Public, Reply
from games.base import View

BUTTON = (Button("Done", "/done"),)


@st.composite
def reply(draw: st.DrawFn) -> Reply:
    if draw(st.booleans()) and draw(st.booleans()):
        return Private("111222333", "Ann", draw(st.sampled_from(["", "Your hand: 3 cards."])))
    return Public(
        draw(st.sampled_from(["", "Ann builds a Tower.", "Bob rolls 5."])),
        board=draw(st.sampled_from([None, View(title="Ann's sheet")])),
        buttons=draw(st.sampled_from([(), BUTTON])),
        outcome=draw(st.sampled_from([None, {"winners": ["Ann"], "scores": {"Ann": 3}}])),
        file=draw(st.sampled_from([None, ("log.txt", b"moves")])),
        html=draw(st.booleans()),
        live=draw(st.sampled_from([None, None, None, LiveBoard(7, "42")])),
    )


def new_message(reply: Reply) -> bool:
    """A message posted below the board: not the board, nor a report that joins its turn's
    message (one that pings nobody)."""
    if not isinstance(reply, Public) or reply.live is not None:
        return False
    return reply.turn is None or bool(reply.mentions)


@settings(max_examples=600, deadline=None)
@given(
    replies=st.lists(reply(), max_size=7),
    mentioned=st.booleans(),
    message_id=st.sampled_from([None, "1234567890"]),
    repost=st.booleans(),
)
def test_the_count_below_the_board_is_what_making_the_messages_gives(
    replies: list[Reply], mentioned: bool, message_id: str | None, repost: bool
) -> None:
    live = LiveBoard(7, message_id, repost=repost)
    board = Public("", board=View(title="PaperTown: Ann to play."), live=live, version=3)
    mentions = (("222333444", "Bob"),) if mentioned else ()
    made = present(replies, mentions, 3, board)
    below = sum(1 for r in made if new_message(r))
    assert posts(replies, mentions, live) == below
    assert sum(1 for r in made if isinstance(r, Public) and r.turn is not None) <= 1
    assert made[-1].live is live  # the board comes last, carrying the report or not


def test_a_report_and_a_turn_line_ride_on_a_board_posted_anew() -> None:
    """The usual move: one report line, the next player pinged; on a board that is edited it is
    one message below it, on a board posted anew none (the report is the board's text)."""
    replies: list[Reply] = [Public("Ann builds a Tower."), Private("1", "Ann", "Your hand.")]
    mentions = (("2", "Bob"),)
    for message_id, expected in (("99", 1), (None, 0)):
        live = LiveBoard(7, message_id)
        board = Public("", live=live)
        made = present(replies, mentions, 5, board)
        assert posts(replies, mentions, live) == expected
        assert sum(1 for r in made if new_message(r)) == expected
        assert "Your turn: Bob." in str(next(r for r in made if isinstance(r, Public)).text)
