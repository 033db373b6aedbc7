"""Replies as Telegram HTML: escaped text, mentions as user links, boards in <pre>, split to
fit a message, and consecutive replies to one audience joined into one message."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace

from bot.adapters.base import column_runs, pack_pieces, split_message, with_mentions
from bot.render.text import render_text
from bot.replies import Private, Public, Reply
from games.base import View

MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024
PRE = ("<pre>", "</pre>")


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


def pre(text: str) -> list[str]:
    """Escaped text in <pre> blocks that each fit a message."""
    room = MESSAGE_LIMIT - len(PRE[0]) - len(PRE[1])
    return [f"{PRE[0]}{part}{PRE[1]}" for part in split_message(text, room) if part]


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
        pieces += pre(run) if table and not reply.html else split_message(run, MESSAGE_LIMIT)
    if reply.board is not None and not reply.image:
        pieces += board_html(reply.board)
    return pack_pieces(pieces, MESSAGE_LIMIT)


def fit_lines(text: str, limit: int) -> str:
    """Whole lines within `limit` (no tag of a roll spans lines), then an ellipsis."""
    if len(text) <= limit:
        return text
    return split_message(text, limit - 2)[0] + "\n…"


def _same_audience(a: Reply, b: Reply) -> bool:
    if a.file is not None or b.file is not None:
        return False
    if any(isinstance(r, Public) and r.live is not None for r in (a, b)):
        return False
    if isinstance(a, Public) and isinstance(b, Public):
        return True
    if isinstance(a, Private) and isinstance(b, Private):
        return (a.user_id, a.refusal, a.error_ref) == (b.user_id, b.refusal, b.error_ref)
    return False


def _join(a: Reply, b: Reply) -> Reply:
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


def coalesce(replies: Sequence[Reply]) -> list[Reply]:
    """Consecutive replies to one audience become one message: fewer sends under flood limits."""
    out: list[Reply] = []
    for reply in replies:
        if out and _same_audience(out[-1], reply):
            out[-1] = _join(out[-1], reply)
        else:
            out.append(reply)
    return out
