"""One live board per table: the message that shows a table's state, edited in place after every
command, and the short lines that report the moves (a command's lines folded into one message).

The referee marks the board reply with `Public.live` (the table and where its message is);
bot.delivery has the adapter edit that message, or post a new one when it cannot (and then tells
the referee the new id, which is kept in `tables.board_message`). `tables.board_after` counts the messages posted
since, so a board that scrolled far away is posted anew at the bottom."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bot.replies import Button, LiveBoard, Mention, Public, Reply
from games.base import Engine, View, evolve
from games.i18n import Joined, _, _n, joined
from storage.models import TableStatus
from storage.rows import Table

SCROLL_AFTER = 25
"""Messages the table may post after its board before the board is posted anew below them."""
REPORT_LINES = 40
"""Lines of one command's report at most (a long run of bots' moves is shortened)."""


def live_of(table: Table, *, repost: bool = False) -> LiveBoard:
    """Where the table's board message is, and whether to post it anew."""
    scrolled = table.board_message is not None and table.board_after >= SCROLL_AFTER
    return LiveBoard(table.id, table.board_message, repost=repost or scrolled)


def seat_list(table: Table, waiting: Sequence[int] = ()) -> str:
    parts = []
    for seat in table.seats:
        tag = _(" (bot)") if seat.is_bot else ""
        mark = _(" <- to act") if seat.position in waiting else ""
        parts.append(joined((f"{seat.position + 1}. {seat.name}", tag, mark), ""))
    return joined(parts, "\n")


def lobby_board(table: Table, title: str, buttons: tuple[Button, ...]) -> Public:
    """The board of a table that waits for players: who sits, and Join / Add a bot / Start."""
    header = _("{game}: waiting for players.", game=title)
    view = View(title=header, lines=[seat_list(table)])
    return Public("", board=view, buttons=buttons, version=table.version, live=live_of(table))


def game_board(
    table: Table,
    engine: Engine[Any],
    view: View | None,
    buttons: tuple[Button, ...],
    *,
    image: bool,
    waiting: Sequence[int] = (),
    repost: bool = False,
    header: str | None = None,
    draw: Callable[[], View] | None = None,
    live: LiveBoard | None = None,
) -> Public:
    """The board of a running or finished table: its title says whose turn it is (or that the
    game is over), then the public view; the control row while the game runs. With `draw` for
    the view, it is drawn when the reply leaves (see Public.drawing); `live`: where the board is,
    read from the table earlier."""
    title = header if header is not None else _header(table, engine, waiting)
    shown = evolve(view, title=title) if view is not None else View(title=title)
    return Public(
        "",
        board=shown,
        buttons=buttons if table.status == TableStatus.ACTIVE else (),
        version=table.version,
        image=image and (view is not None or draw is not None),
        live=live if live is not None else live_of(table, repost=repost),
        drawing=None if draw is None else partial(_titled, draw, title),
    )


def _titled(draw: Callable[[], View], title: str) -> View:
    return evolve(draw(), title=title)


def posting_anew(reply: Reply) -> bool:
    """A board the adapter will post as a new message rather than edit."""
    return isinstance(reply, Public) and reply.live is not None and reply.live.anew


def into_new_board(replies: list[Reply]) -> list[Reply]:
    """When the board is posted anew anyway, the command's report rides on it (its text above
    the board, its pings with it): one new message instead of two."""
    board = next((i for i, r in enumerate(replies) if posting_anew(r)), None)
    if board is None:
        return replies
    reports = [i for i, r in enumerate(replies) if _foldable(r)]
    if len(reports) != 1:
        return replies
    report, live = replies[reports[0]], replies[board]
    assert isinstance(report, Public) and isinstance(live, Public)
    merged = evolve(live, text=report.text, mentions=report.mentions)
    return [merged if i == board else r for i, r in enumerate(replies) if i != reports[0]]


def _header(table: Table, engine: Engine[Any], waiting: Sequence[int]) -> str:
    if table.status != TableStatus.ACTIVE:
        return _("{game}: the game is over.", game=engine.title)
    if not waiting:
        return _("{game}: playing.", game=engine.title)
    names = ", ".join(table.seats[s].name for s in waiting)
    return _("{game}: {names} to play.", game=engine.title, names=names)


def _foldable(reply: Reply) -> bool:
    return (
        isinstance(reply, Public)
        and reply.live is None
        and reply.file is None
        and not reply.html
        and not reply.buttons
        and reply.outcome is None
    )


def _lines(text: str) -> tuple[str, ...]:
    if isinstance(text, Joined) and text.sep == "\n":
        return text.items
    return (text,) if text else ()


def _fold(report: Public, reply: Public) -> Public:
    return evolve(
        report,
        text=joined([*_lines(report.text), *_lines(reply.text)], "\n"),
        mentions=report.mentions + reply.mentions,
        version=reply.version if reply.version is not None else report.version,
        buttons=reply.buttons,
        outcome=reply.outcome,
    )


def _groups(replies: Sequence[Reply]) -> list[list[int]]:
    """How `fold_report` folds: for each message it makes, the replies it is made of, in order.
    An empty public line is dropped; every public line after the first joins it, and so does a
    game-over message; anything else is a message of its own."""
    groups: list[list[int]] = []
    report: int | None = None
    for i, reply in enumerate(replies):
        if (
            isinstance(reply, Public)
            and reply.live is None
            and not reply.text
            and not reply.buttons
            and reply.file is None
        ):
            continue
        last_word = isinstance(reply, Public) and reply.outcome is not None and not reply.file
        if report is not None and (_foldable(reply) or last_word):
            groups[report].append(i)
            continue
        if _foldable(reply):
            report = len(groups)
        groups.append([i])
    return groups


def _unboarded(reply: Reply) -> Reply:
    if isinstance(reply, Public) and reply.live is None and reply.board is not None:
        return evolve(reply, board=None)
    return reply


def fold_report(replies: Sequence[Reply]) -> list[Reply]:
    """A command's public lines as one message (a bot's run of moves included), in the place of
    the first; the game-over message joins it at the end with its buttons. Boards are dropped
    from them: the table's board is its live message."""
    out: list[Reply] = []
    for group in _groups(replies):
        message = _unboarded(replies[group[0]])
        if len(group) > 1 or _foldable(message):  # the report
            for i in group[1:]:
                joining = replies[i]
                assert isinstance(message, Public) and isinstance(joining, Public)
                message = _fold(message, joining)
            assert isinstance(message, Public)
            shortened = _shorten(message.text)
            if shortened is not message.text:  # a report of more than REPORT_LINES lines
                message = evolve(message, text=shortened)
        out.append(message)
    return out


def posts(replies: Sequence[Reply], mentions: tuple[Mention, ...], live: LiveBoard) -> int:
    """How many new messages besides the board (at `live`) `present` makes of a command's
    replies, counted without making them (the table keeps the count, written before they are
    made). The turn's report that pings nobody is its turn's message edited: no new one."""
    shown: list[bool] = []  # for each message below the board: whether it is the report kind
    for group in _groups(replies):
        first, last = replies[group[0]], replies[group[-1]]
        if isinstance(first, Public) and first.live is None:
            shown.append(_foldable(first) and _foldable(last))  # joined: the last one's buttons
    if mentions and not shown:  # the turn line is a message of its own
        shown = [True]
    if live.anew and sum(shown) == 1:
        return len(shown) - 1  # the report rides on a board posted anew
    pinged = bool(mentions) and shown[0]  # the pings go on the first message, here the report
    return len(shown) - (any(shown) and not pinged)


def present(
    replies: Sequence[Reply], mentions: tuple[Mention, ...], version: int, board: Public
) -> list[Reply]:
    """A command's replies as messages: its report (pinging whoever's turn has just come), the
    rest, and the live board last, which carries the report when it is posted anew."""
    shown = fold_report(replies)
    with_turn_line(shown, mentions, version)
    made = into_new_board([*shown, board])
    report = next((i for i, r in enumerate(made) if _foldable(r)), None)
    if report is not None and board.live is not None:
        made[report] = evolve(made[report], turn=board.live.table_id)
    return made


def _shorten(text: str) -> str:
    """A long run of moves (bots playing on) keeps its first and last lines; /history has all."""
    lines = _lines(text)
    if len(lines) <= REPORT_LINES:
        return text
    head, tail = lines[: REPORT_LINES // 4], lines[-(REPORT_LINES - REPORT_LINES // 4) :]
    skipped = len(lines) - len(head) - len(tail)
    gap = _n(
        "… {n} more line; /history lists every move.",
        "… {n} more lines; /history lists every move.",
        skipped,
    )
    return joined([*head, gap, *tail], "\n")


def turn_mentions(
    table: Table, waiting: Sequence[int], over: bool
) -> tuple[tuple[Mention, ...], list[int]]:
    """The humans whose turn has just come (waited on now, not at the last command): each is
    pinged once per turn. Also the seats to remember as waited on."""
    if over or table.status != TableStatus.ACTIVE:
        return (), []
    before = set(table.settings.get("waited") or [])
    now = [s for s in waiting if 0 <= s < len(table.seats)]
    fresh = tuple(
        (seat.user_id, seat.name)
        for seat in (table.seats[s] for s in now if s not in before)
        if not seat.is_bot and seat.user_id
    )
    return fresh, now


def with_turn_line(replies: list[Reply], mentions: tuple[Mention, ...], version: int) -> None:
    """Put the pings on the command's report, naming the players when it does not already."""
    if not mentions:
        return
    report = next(
        (i for i, r in enumerate(replies) if isinstance(r, Public) and r.live is None), None
    )
    names = [name for _, name in mentions]
    line = _("Your turn: {names}.", names=", ".join(names))
    if report is None:
        replies.append(Public(line, mentions=mentions, version=version))
        return
    found = replies[report]
    assert isinstance(found, Public)
    text = found.text
    if not all(name in str(text) for name in names):
        text = joined([text, line], "\n")
    replies[report] = evolve(found, text=text, mentions=found.mentions + mentions)
