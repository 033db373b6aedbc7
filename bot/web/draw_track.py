"""A score track for the web: its numbered spaces in rows that fit a phone, each player's token
(their shape, colour and two letters) on its space, and the same in words below."""

from __future__ import annotations

from html import escape

from bot.web.colours import ink_on, seat_colour
from bot.web.marks import seat_swatch, seat_token
from games.base import Track, token_labels

PER_ROW = 8
BOX = 44.0
GAP = 3.0
TOP = 14.0
"""Room above a space's tokens for its number."""
STEP = 18.0
"""A row of two tokens' height inside a space."""
RADIUS = 8.0


def token_spots(track: Track) -> dict[str, tuple[int, float, float]]:
    """Each player on the track: their space and their token's centre in the drawing's units
    (a player off the track is drawn nowhere)."""
    height = _box_height(track)
    spots: dict[str, tuple[int, float, float]] = {}
    taken: dict[int, int] = {}
    for who, space in track.positions.items():
        if not 0 <= space <= track.length:
            continue
        k = taken[space] = taken.get(space, -1) + 1
        row, col = divmod(space, PER_ROW)
        left, top = col * (BOX + GAP), row * (height + GAP)
        down, across = divmod(k, 2)
        spots[who] = (space, left + BOX * (0.28 + 0.44 * across), top + TOP + STEP * (down + 0.5))
    return spots


def _stacked(track: Track) -> int:
    """The most tokens that share one space."""
    spaces = list(track.positions.values())
    return max((spaces.count(space) for space in spaces), default=0)


def _box_height(track: Track) -> float:
    return TOP + STEP * max(1, -(-_stacked(track) // 2)) + 2


def track_svg(track: Track) -> str:
    """The track as a figure: the drawing (each space named for screen readers) and its players'
    spaces in words."""
    height = _box_height(track)
    rows = track.length // PER_ROW + 1
    boxes = []
    for space in range(track.length + 1):
        row, col = divmod(space, PER_ROW)
        left, top = col * (BOX + GAP), row * (height + GAP)
        boxes.append(
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{BOX}" height="{height:.1f}"'
            f' fill="#ffffff"/><text x="{left + 3:.1f}" y="{top + 10:.1f}" fill="#444444"'
            f' text-anchor="start">{space}</text>'
        )
    seats = list(track.positions)
    tags = token_labels(seats)
    tokens = []
    for who, (space, x, y) in token_spots(track).items():
        seat = seats.index(who)
        tokens.append(
            f'<g class="token" data-seat="{seat}" data-space="{space}">'
            f"<title>{escape(who)} {space}</title>{seat_token(seat, x, y, RADIUS)}"
            f'<text x="{x:.1f}" y="{y + 3:.1f}" fill="{ink_on(seat_colour(seat))}" font-weight="bold">'
            f"{escape(tags[seat])}</text></g>"
        )
    width = PER_ROW * (BOX + GAP) - GAP
    tall = rows * (height + GAP) - GAP
    said = ", ".join(f"{who} {space}" for who, space in track.positions.items())
    words = "".join(
        f"<li>{seat_swatch(seat)} {escape(who)} ({escape(tags[seat])}): {track.positions[who]}</li>"
        for seat, who in enumerate(seats)
    )
    return (
        f'<figure class="track"><figcaption><b>{escape(track.name)}</b></figcaption>'
        f'<svg viewBox="-1 -1 {width + 2:.0f} {tall + 2:.0f}" role="img"'
        f' aria-label="{escape(f"{track.name}: {said}")}">{"".join(boxes)}{"".join(tokens)}</svg>'
        f'<ul class="legend">{words}</ul></figure>'
    )
