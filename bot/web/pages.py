"""The pages as HTML: one document shape (phone first, semantic, keyboard playable, colours safe
for colour-blind readers), the live part that server-sent events replace, replays and
leaderboards."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bot.i18n import say
from bot.web.draw import view_html
from bot.web.facts import TablePage
from games.base import Outcome
from games.i18n import _

STYLE = """
:root{--blue:#0072B2;--orange:#E69F00;--vermilion:#D55E00;--green:#009E73;--ink:#111;--paper:#fff}
*{box-sizing:border-box}body{margin:0 auto;max-width:64rem;padding:.5rem;font:16px/1.4 system-ui,sans-serif;color:var(--ink);background:var(--paper)}
h1{font-size:1.3rem;margin:.2rem 0}h2{font-size:1.1rem;margin:.6rem 0 .3rem}
svg{width:100%;height:auto;font:9px sans-serif;text-anchor:middle}svg polygon,svg rect{stroke:#333;stroke-width:.6}
figure{margin:0}.scroll{overflow-x:auto}table{border-collapse:collapse;margin:.3rem 0}
td,th{border:1px solid #999;padding:.15rem .35rem;text-align:left}caption{text-align:left;font-weight:bold}
.turn{font-weight:bold;border-left:.4rem solid var(--blue);padding-left:.4rem}
.seats li.to-act{font-weight:bold}.seats li.to-act::after{content:" \\25C0";color:var(--blue)}
.moves{display:flex;flex-wrap:wrap;gap:.4rem;padding:0;list-style:none}
.moves button,.step a,.step button{min-height:44px;min-width:44px;padding:.4rem .7rem;font-size:1rem;border:2px solid var(--blue);background:var(--blue);color:#fff;border-radius:.4rem;text-decoration:none;display:inline-block}
button:focus-visible,a:focus-visible{outline:3px solid var(--orange);outline-offset:2px}
#said{min-height:1.4em;color:var(--vermilion);font-weight:bold}.verified{color:var(--green);font-weight:bold}.failed{color:var(--vermilion);font-weight:bold}
.sr{position:absolute;left:-9999px}.log{font-size:.9rem;max-height:16rem;overflow-y:auto}ul.bars,ul.legend{padding-left:1rem}ul.legend{list-style:none}svg.swatch{width:1em;height:1em;vertical-align:middle;stroke:#333}
svg.key{width:2.5em;height:.7em;vertical-align:middle}svg.chart{max-width:40rem;font-size:8px}
.holding{border-left:.4rem solid;padding-left:.5rem;margin:.5rem 0}.holding h3{font-size:1rem;margin:.2rem 0}.row{margin:.2rem 0}.row h4{display:inline;font-size:.9rem;margin:0 .3rem 0 0}
.cards{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;padding:0;margin:0}.card{border:1px solid #333;border-radius:.3rem;padding:.2rem .4rem;background:#f6f6f6;display:flex;flex-direction:column;min-width:6.5rem;font-size:.9rem}
"""

WINNER = _("winner")

SCRIPT = """
const live=document.getElementById('live');
function bind(){for(const f of document.querySelectorAll('form.move')){f.onsubmit=async e=>{
 e.preventDefault();const said=document.getElementById('said');
 const r=await fetch(f.action,{method:'POST',body:new FormData(f),headers:{'Accept':'text/plain'}});
 said.textContent=await r.text();};}}
bind();
if(live&&live.dataset.events){const es=new EventSource(live.dataset.events);
 es.addEventListener('board',e=>{live.innerHTML=e.data;bind();});}
"""


def document(title: str, body: str, lang: str, *, script: bool = True) -> str:
    """One page: the same head, style and (when live) script everywhere."""
    js = f"<script>{SCRIPT}</script>" if script else ""
    return (
        f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main>{body}</main>{js}</body></html>"
    )


def turn_line(page: TablePage) -> str:
    if page.status == "lobby":
        return say(_("{game}: waiting for players.", game=page.title), page.lang)
    if not page.active:
        return say(_("{game}: the game is over.", game=page.title), page.lang)
    names = ", ".join(page.seats[s][0] for s in page.waiting)
    return say(_("{game}: {names} to play.", game=page.title, names=names), page.lang)


def seats_html(page: TablePage) -> str:
    items = []
    for position, (name, bot) in enumerate(page.seats):
        tag = say(_(" (bot)"), page.lang) if bot else ""
        you = say(_(" (you)"), page.lang) if position == page.seat else ""
        acting = position in page.waiting
        mark = say(_(" <- to act"), page.lang) if acting else ""
        css = ' class="to-act"' if acting else ""
        items.append(
            f"<li{css}>{escape(name + tag + you)}<span class='sr'>{escape(mark)}</span></li>"
        )
    return f'<ol class="seats">{"".join(items)}</ol>'


def outcome_html(outcome: Outcome, seats: Sequence[tuple[str, bool]], lang: str) -> str:
    rows = "".join(
        f"<tr><td>{escape(seats[seat][0])}</td><td>{score:g}</td>"
        f"<td>{'&#9733; ' + escape(say(WINNER, lang)) if seat in outcome.winners else ''}</td></tr>"
        for seat, score in sorted(outcome.scores.items(), key=lambda item: -item[1])
    )
    head = escape(say(_("Final scores"), lang))
    detail = "".join(f"<li>{escape(line)}</li>" for line in outcome.detail)
    return (
        f'<section class="outcome"><h2>{head}</h2><table><tbody>{rows}</tbody></table>'
        f"<ul>{detail}</ul></section>"
    )


def moves_html(page: TablePage, action: str, csrf: str) -> str:
    """The player's legal moves as buttons: each a form, so it works by keyboard and without
    scripts; with scripts the answer is shown in place."""
    if not page.moves:
        return ""
    head = escape(say(_("Your moves"), page.lang))
    forms = "".join(
        f'<li><form class="move" method="post" action="{escape(action)}">'
        f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
        f'<input type="hidden" name="version" value="{page.version}">'
        f'<input type="hidden" name="command" value="{escape(command)}">'
        f'<button type="submit" title="{escape(command)}">{escape(shown)}</button></form></li>'
        for shown, command in page.moves
    )
    return f'<section aria-labelledby="moves-h"><h2 id="moves-h">{head}</h2><ul class="moves">{forms}</ul></section>'


def live_html(page: TablePage, action: str = "", csrf: str = "") -> str:
    """The part of a table's page that each update replaces."""
    parts = [f'<p class="turn" data-revision="{page.revision}">{escape(turn_line(page))}</p>']
    if page.outcome is not None and not page.active:
        parts.append(outcome_html(page.outcome, page.seats, page.lang))
    if action:
        parts.append(moves_html(page, action, csrf))
    if page.view is not None:
        parts.append(f'<section class="board">{view_html(page.view)}</section>')
    parts.append(seats_html(page))
    if page.log:
        head = escape(say(_("Moves so far"), page.lang))
        lines = "".join(f"<li>{escape(line)}</li>" for line in page.log)
        parts.append(f'<section><h2>{head}</h2><ol class="log">{lines}</ol></section>')
    return "".join(parts)


def table_document(page: TablePage, events: str, action: str = "", csrf: str = "") -> str:
    """A table's page: the spectators' (no `action`) or a player's, live through `events`."""
    who = (
        say(_("{name}'s board", name=page.seats[page.seat][0]), page.lang)
        if page.seat is not None
        else say(_("Watching"), page.lang)
    )
    said = '<p id="said" role="status" aria-live="polite"></p>' if action else ""
    body = (
        f"<header><h1>{escape(page.title)} #{page.table_id}</h1><p>{escape(who)}</p></header>"
        f"{said}"
        f'<div id="live" aria-live="polite" data-events="{escape(events)}?since={page.revision}">'
        f"{live_html(page, action, csrf)}</div>"
    )
    return document(f"{page.title} #{page.table_id}", body, page.lang)


def message_document(text: str, lang: str, status: str = "") -> str:
    """A page that only says one thing (a refused link, a table that is gone)."""
    return document(
        text, f'<p class="{status}" role="alert">{escape(text)}</p>', lang, script=False
    )
