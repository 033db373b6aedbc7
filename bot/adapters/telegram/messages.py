"""Replies as Telegram HTML: escaped text, mentions as user links, boards in <pre>, split to
fit a message, and consecutive replies to one audience joined into one message."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import replace

from bot.adapters.base import column_runs, pack_pieces, split_message, with_mentions
from bot.render.text import render_text
from bot.replies import Private, Public, Refusal, Reply
from games.base import View

MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024
PRE = ("<pre>", "</pre>")
_TAG = re.compile(r"<[^>]*>")


def units(text: str) -> int:
    """A text's length as Telegram counts it: UTF-16 code units (an emoji counts two)."""
    return len(text.encode("utf-16-le")) // 2


def shown_length(markup: str) -> int:
    """The length of an HTML text after entity parsing, the one Telegram's limits apply to."""
    return units(html.unescape(_TAG.sub("", markup)))


def escape(text: str) -> str:
    return html.escape(text, quote=False)


def as_html(reply: Reply) -> str:
    """The reply's text as HTML, without mentions (a roll's text is HTML already)."""
    return reply.text if reply.html else escape(reply.text)


def user_link(user_id: str, name: str) -> str:
    return f'<a href="tg://user?id={user_id}">{name}</a>'


def html_text(reply: Reply) -> str:
    """The reply's text as Telegram HTML: escaped (a roll's text is HTML already), each
    mentioned player's name a user link."""
    mentions = reply.mentions if isinstance(reply, Public) else ()
    if reply.html:
        escaped = tuple((user_id, escape(name)) for user_id, name in mentions)
        return with_mentions(reply.text, escaped, user_link)
    return with_mentions(reply.text, mentions, user_link, escape)


def html_parts(markup: str, limit: int) -> list[str]:
    """HTML split at line breaks within `limit` as Telegram counts it (after entity parsing);
    a line too long on its own goes as plain text cut where it must be, so no entity or tag
    is ever cut (a cut `&lt` makes Telegram refuse the whole message)."""
    lines: list[str] = []
    for line in markup.split("\n"):
        if shown_length(line) <= limit:
            lines.append(line)
        else:
            plain = html.unescape(_TAG.sub("", line))
            lines += [escape(part) for part in split_message(plain, limit, units)]
    return split_message("\n".join(lines), limit, shown_length)


def pre(text: str) -> list[str]:
    """Escaped text in <pre> blocks that each fit a message."""
    return [f"{PRE[0]}{part}{PRE[1]}" for part in html_parts(text, MESSAGE_LIMIT) if part]


def board_html(view: View) -> list[str]:
    """A board in HTML: its title in bold, the rest in <pre> so columns align in Telegram's
    fixed-width font; in pieces that each fit a message."""
    pieces = [f"<b>{escape(view.title)}</b>"] if view.title else []
    return pieces + pre(escape(render_text(replace(view, title=""))))


def html_messages(reply: Reply) -> list[str]:
    """The reply as HTML messages within Telegram's 4,096 characters: text split at line
    breaks (no tag spans lines), the text board in <pre> blocks, as few messages as fit."""
    pieces: list[str] = []
    for table, run in column_runs(html_text(reply)) if reply.text else []:
        columns = table and not reply.html
        pieces += pre(run) if columns else html_parts(run, MESSAGE_LIMIT)
    if reply.board is not None and not reply.image:
        pieces += board_html(reply.board)
    return pack_pieces(pieces, MESSAGE_LIMIT, shown_length)


def fit_lines(text: str, limit: int) -> str:
    """Whole lines within `limit` after entity parsing (no tag spans lines in the texts this
    is given), then an ellipsis; a first line too long on its own is cut as plain text, so
    markup is never cut."""
    if shown_length(text) <= limit:
        return text
    kept: list[str] = []
    for line in text.split("\n"):
        if shown_length("\n".join([*kept, line, "…"])) > limit:
            break
        kept.append(line)
    if kept:
        return "\n".join([*kept, "…"])
    plain = html.unescape(_TAG.sub("", text))
    return escape(split_message(plain, limit - 1, units)[0]) + "…"


def as_picture(reply: Reply) -> bool:
    """Whether the board goes as a picture: the table asked for pictures, or it would not fit
    one message as text (a live board alone: a report too long goes apart; a hand with its
    words). A board or hand is one message, never cut."""
    if reply.board is None:
        return False
    shown = replace(reply, text="") if isinstance(reply, Public) else reply
    return reply.image or len(html_messages(shown)) > 1


def caption_of(reply: Reply) -> str:
    """A picture's caption: the reply's text, else the board's title."""
    title = escape(reply.board.title) if reply.board is not None else ""
    return html_text(reply) or title


def fits_one(reply: Public) -> bool:
    """Whether the board with the text riding on it fits one message in the board's form."""
    if as_picture(reply):
        return shown_length(caption_of(reply)) <= CAPTION_LIMIT
    return len(html_messages(reply)) == 1


def _same_audience(a: Reply, b: Reply) -> bool:
    if a.file is not None or b.file is not None:
        return False
    if any(isinstance(r, Private) and r.hand is not None for r in (a, b)):
        return False  # a hand is a message of its own, edited in place
    if any(isinstance(r, Public) and (r.live or r.turn) is not None for r in (a, b)):
        return False  # the board, a turn's report: each its own message, edited in place
    if isinstance(a, Public) and isinstance(b, Public):
        return True
    if isinstance(a, Private) and isinstance(b, Private):
        return (a.user_id, a.refusal, a.error_ref) == (b.user_id, b.refusal, b.error_ref)
    return False


def join(a: Reply, b: Reply) -> Reply:
    """One message for both: texts in order, the latest board, the latest buttons with their version;
    HTML if either is (the plain one escaped)."""
    marked = a.html or b.html
    texts = (as_html(a), as_html(b)) if marked else (a.text, b.text)
    text = "\n".join(part for part in texts if part)
    keep = b if b.buttons or not a.buttons else a
    merged = replace(
        a,
        text=text,
        board=b.board or a.board,
        buttons=keep.buttons,
        version=keep.version,
        html=marked,
    )
    if isinstance(merged, Public) and isinstance(b, Public):
        merged = replace(
            merged, outcome=b.outcome or merged.outcome, mentions=merged.mentions + b.mentions
        )
    return merged


def join_later(a: Reply, b: Reply) -> Reply | None:
    """A message still waiting to go out with a later command's, as one message (None: they stay
    apart): plain messages to the chat, the earlier without buttons (the joined message keeps
    the later's); a table's turn reports, pinging whom the later pings (earlier pings are of
    turns gone by); a player's refusals for the same reason, each sentence once (but a secret
    pick's, whose typed message is deleted)."""
    if not (isinstance(a, Public) and isinstance(b, Public)):
        if not (isinstance(a, Private) and isinstance(b, Private)):
            return None
        if a.refusal in (None, Refusal.SECRET) or not _same_audience(a, b):
            return None
        return a if b.text in a.text.split("\n") else join(a, b)
    if a.turn is not None or b.turn is not None:
        boards_or_files = (a.live, b.live, a.file, b.file)
        if a.turn != b.turn or a.buttons or any(x is not None for x in boards_or_files):
            return None
        report = join(a, b)
        assert isinstance(report, Public)
        return replace(report, mentions=b.mentions)
    return None if a.buttons or not _same_audience(a, b) else join(a, b)


def coalesce(replies: Sequence[Reply]) -> list[Reply]:
    """Consecutive replies to one audience become one message: fewer sends under flood limits."""
    out: list[Reply] = []
    for reply in replies:
        if out and _same_audience(out[-1], reply):
            out[-1] = join(out[-1], reply)
        else:
            out.append(reply)
    return out
