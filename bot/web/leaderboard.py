"""A chat's leaderboard page: per game, the ranking `/leaderboard` gives and each player's rating
over time, as an SVG line chart (colours safe for colour-blind readers, each player also told by
marker and dash) with a table saying the same in words."""

from __future__ import annotations

from html import escape

from bot.i18n import say
from bot.web.colours import PALETTE
from bot.web.pages import document
from bot.web.standings import GameStandings, LeaderboardPage
from games.i18n import _

DASHES = ("", "6 3", "2 2", "8 3 2 3", "4 4", "1 3", "10 2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "plus", "down")
WIDTH, HEIGHT = 360.0, 200.0
LEFT, RIGHT, TOP, BOTTOM = 34.0, 10.0, 10.0, 26.0
"""The chart's size in SVG units (it scales to the page) and the room for its axes' labels."""


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    r = 3.2
    paint = f'fill="{colour}" stroke="{colour}"'
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {paint}/>'
    if kind == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" {paint}/>'
    shapes = {
        "triangle": ((0, -r - 0.6), (r, r), (-r, r)),
        "down": ((0, r + 0.6), (r, -r), (-r, -r)),
        "diamond": ((0, -r - 0.8), (r + 0.8, 0), (0, r + 0.8), (-r - 0.8, 0)),
    }
    if kind in shapes:
        points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in shapes[kind])
        return f'<polygon points="{points}" {paint}/>'
    ends = ((-r, -r, r, r), (-r, r, r, -r)) if kind == "cross" else ((-r, 0, r, 0), (0, -r, 0, r))
    return "".join(
        f'<line x1="{x + a:.1f}" y1="{y + b:.1f}" x2="{x + c:.1f}" y2="{y + d:.1f}"'
        f' stroke="{colour}" stroke-width="1.6"/>'
        for a, b, c, d in ends
    )


def look(place: int) -> tuple[str, str, str]:
    """A player's colour, dash and marker: no two of the first 49 alike in all three."""
    turn = place // len(PALETTE)
    return (
        PALETTE[place % len(PALETTE)],
        DASHES[(place + 2 * turn) % len(DASHES)],
        MARKERS[(place + turn) % len(MARKERS)],
    )


def _scale(board: GameStandings) -> tuple[float, float]:
    values = [mu for s in board.standings for _n, mu, _s in s.points] or [0.0]
    low, high = min(values), max(values)
    pad = max(1.0, (high - low) * 0.1)
    return low - pad, high + pad


def chart_svg(board: GameStandings, lang: str) -> str:
    """Each player's rating after each rated game as a line; every point is named in words."""
    low, high = _scale(board)
    span_x = max(1, board.games - 1)

    def at(number: int, mu: float) -> tuple[float, float]:
        x = LEFT + (WIDTH - LEFT - RIGHT) * ((number - 1) / span_x if board.games > 1 else 0.5)
        y = TOP + (HEIGHT - TOP - BOTTOM) * (high - mu) / (high - low)
        return x, y

    axes = (
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}"'
        f' stroke="#333"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"'
        ' stroke="#333"/>'
    )
    ticks = []
    for step in range(4):
        mu = low + (high - low) * step / 3
        _x, y = at(1, mu)
        ticks.append(
            f'<text x="{LEFT - 3}" y="{y + 3:.1f}" text-anchor="end">{mu:.0f}</text>'
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>'
        )
    for number in range(1, board.games + 1) if board.games <= 12 else (1, board.games):
        x, _y = at(number, low)
        ticks.append(f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 12}">{number}</text>')
    axis = say(_("rated games"), lang)
    ticks.append(f'<text x="{WIDTH / 2}" y="{HEIGHT - 3}">{escape(axis)}</text>')
    lines = []
    for place, standing in enumerate(board.standings):
        colour, dash, marker = look(place)
        where = [at(number, mu) for number, mu, _s in standing.points]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in where)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        marks = "".join(
            f"<g><title>{escape(_point_words(standing.name, number, mu, sigma, lang))}</title>"
            f"{_marker(marker, x, y, colour)}</g>"
            for (x, y), (number, mu, sigma) in zip(where, standing.points, strict=True)
        )
        lines.append(
            f'<g><polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.6"'
            f"{dashes}/>{marks}</g>"
        )
    label = say(_("{game}: each player's rating after each rated game", game=board.title), lang)
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" role="img"'
        f' aria-label="{escape(label)}">{axes}{"".join(ticks)}{"".join(lines)}</svg>'
    )


def _point_words(name: str, number: int, mu: float, sigma: float, lang: str) -> str:
    return say(
        _(
            "{name} after game {number}: {mu} ±{sigma}",
            name=name,
            number=number,
            mu=f"{mu:.1f}",
            sigma=f"{sigma:.1f}",
        ),
        lang,
    )


def legend_html(board: GameStandings) -> str:
    items = []
    for place, standing in enumerate(board.standings):
        colour, dash, marker = look(place)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        swatch = (
            '<svg class="key" viewBox="0 0 40 10" aria-hidden="true">'
            f'<line x1="2" y1="5" x2="38" y2="5" stroke="{colour}" stroke-width="1.6"{dashes}/>'
            f"{_marker(marker, 20, 5, colour)}</svg>"
        )
        items.append(f"<li>{swatch} {escape(standing.name)}</li>")
    return f'<ul class="legend">{"".join(items)}</ul>'


def ranking_html(board: GameStandings, lang: str) -> str:
    """The ranking as `/leaderboard` says it: place, name, rating ±uncertainty, rated games."""
    head = "".join(
        f'<th scope="col">{escape(say(text, lang))}</th>'
        for text in (_("Rank"), _("Name"), _("Rating"), _("Rated games"))
    )
    rows = "".join(
        f'<tr><td>{place}</td><th scope="row">{escape(s.name)}</th>'
        f"<td>{s.mu:.1f} ±{s.sigma:.1f}</td><td>{s.rated}</td></tr>"
        for place, s in enumerate(board.standings, start=1)
    )
    caption = escape(say(_("Ranking"), lang))
    return (
        f'<div class="scroll"><table class="ranking"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
    )


def points_html(board: GameStandings, lang: str) -> str:
    """The chart in words: a row per rated game, each player's rating after it (if they played)."""
    after_game = escape(say(_("After game"), lang))
    head = f'<th scope="col">{after_game}</th>' + "".join(
        f'<th scope="col">{escape(s.name)}</th>' for s in board.standings
    )
    after = [{n: (mu, sigma) for n, mu, sigma in s.points} for s in board.standings]
    rows = []
    for number in range(1, board.games + 1):
        cells = "".join(
            f"<td>{kept[number][0]:.1f} ±{kept[number][1]:.1f}</td>"
            if number in kept
            else "<td>-</td>"
            for kept in after
        )
        rows.append(f'<tr><th scope="row">{number}</th>{cells}</tr>')
    caption = escape(say(_("Ratings after each rated game"), lang))
    return (
        f'<details><summary>{caption}</summary><div class="scroll"><table class="points">'
        f'<caption class="sr">{caption}</caption><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div></details>"
    )


def leaderboard_document(page: LeaderboardPage) -> str:
    """The chat's page: a section per game, its ranking, then its ratings over time."""
    lang = page.lang
    title = say(_("Leaderboard"), lang)
    parts = [f"<header><h1>{escape(title)}</h1></header>"]
    if not page.boards:
        text = _("No rated games in this chat yet (games with bots do not count).")
        parts.append(f"<p>{escape(say(text, lang))}</p>")
    for board in page.boards:
        parts.append(
            f'<section aria-labelledby="g-{escape(board.game)}">'
            f'<h2 id="g-{escape(board.game)}">{escape(board.title)}</h2>'
            f"{ranking_html(board, lang)}"
            f'<figure class="over-time">{chart_svg(board, lang)}'
            f"<figcaption>{legend_html(board)}</figcaption></figure>"
            f"{points_html(board, lang)}</section>"
        )
    note = say(_("Sorted by rating minus three times its uncertainty."), lang)
    parts.append(f"<p>{escape(note)}</p>")
    return document(title, "".join(parts), lang, script=False)
