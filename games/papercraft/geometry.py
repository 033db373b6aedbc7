"""Axis-aligned templates on the table: overlap, edge-to-edge gaps, lines of sight and swept moves."""

from __future__ import annotations

import math

from games.papercraft.state import Facing

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in inches
Point = tuple[float, float]
EPS = 1e-6
FACING_WORDS: dict[str, Facing] = {
    "n": "N",
    "north": "N",
    "0": "N",
    "e": "E",
    "east": "E",
    "90": "E",
}
FACING_WORDS |= {"s": "S", "south": "S", "180": "S", "w": "W", "west": "W", "270": "W"}


def footprint(size: list[int], facing: str) -> tuple[float, float]:
    """Width and depth on the table: the first template number is the front (ruling 9)."""
    front, depth = size
    return (front, depth) if facing in ("N", "S") else (depth, front)


def rect_at(x: float, y: float, width: float, depth: float) -> Rect:
    return (x - width / 2, y - depth / 2, x + width / 2, y + depth / 2)


def overlaps(a: Rect, b: Rect) -> bool:
    """True when the interiors overlap (touching edges is allowed)."""
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def inside(a: Rect, outer: Rect) -> bool:
    return (
        a[0] >= outer[0] - EPS
        and a[1] >= outer[1] - EPS
        and a[2] <= outer[2] + EPS
        and a[3] <= outer[3] + EPS
    )


def gap(a: Rect, b: Rect) -> float:
    """Shortest edge-to-edge distance (0 when touching or overlapping)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


def segment_crosses(p: Point, q: Point, r: Rect) -> bool:
    """Whether segment p-q passes through the interior of r (Liang-Barsky clipping)."""
    box = (r[0] + EPS, r[1] + EPS, r[2] - EPS, r[3] - EPS)
    low, high = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for delta, start, lo, hi in ((dx, p[0], box[0], box[2]), (dy, p[1], box[1], box[3])):
        if abs(delta) < 1e-12:
            if not lo < start < hi:
                return False
            continue
        t0, t1 = (lo - start) / delta, (hi - start) / delta
        low, high = max(low, min(t0, t1)), min(high, max(t0, t1))
        if low >= high:
            return False
    return True


def swept_crosses(start: Point, end: Point, width: float, depth: float, r: Rect) -> bool:
    """Whether a template of this size sliding from start to end passes through r."""
    grown = (r[0] - width / 2, r[1] - depth / 2, r[2] + width / 2, r[3] + depth / 2)
    return segment_crosses(start, end, grown)


def _closest_pair(a: Rect, b: Rect) -> tuple[Point, Point]:
    def axis(a0: float, a1: float, b0: float, b1: float) -> tuple[float, float]:
        if a1 < b0:
            return a1, b0
        if b1 < a0:
            return a0, b1
        middle = (max(a0, b0) + min(a1, b1)) / 2
        return middle, middle

    ax, bx = axis(a[0], a[2], b[0], b[2])
    ay, by = axis(a[1], a[3], b[1], b[3])
    return (ax, ay), (bx, by)


def _outline(r: Rect) -> list[Point]:
    xs, ys = (r[0], (r[0] + r[2]) / 2, r[2]), (r[1], (r[1] + r[3]) / 2, r[3])
    return [(x, y) for x in xs for y in ys if (x, y) != (xs[1], ys[1])]


def line_of_fire(a: Rect, b: Rect, blockers: list[Rect]) -> float | None:
    """Length of the shortest edge-to-edge line from a to b crossing no blocker, or None."""
    pairs = [_closest_pair(a, b)]
    pairs += sorted(
        ((p, q) for p in _outline(a) for q in _outline(b)),
        key=lambda pq: math.dist(pq[0], pq[1]),
    )
    for p, q in pairs:
        if not any(segment_crosses(p, q, r) for r in blockers):
            return max(gap(a, b), math.dist(p, q)) if (p, q) != pairs[0] else gap(a, b)
    return None


class Buckets:
    """Rectangles (by id) bucketed by area, so a query looks only at the ones nearby."""

    def __init__(self, cell: float = 6.0) -> None:
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[int]] = {}
        self.rects: dict[int, Rect] = {}

    def _keys(self, r: Rect) -> list[tuple[int, int]]:
        c = self.cell
        xs = range(math.floor(r[0] / c), math.floor(r[2] / c) + 1)
        ys = range(math.floor(r[1] / c), math.floor(r[3] / c) + 1)
        return [(x, y) for x in xs for y in ys]

    def add(self, ident: int, r: Rect) -> None:
        self.rects[ident] = r
        c = self.cell
        for x in range(math.floor(r[0] / c), math.floor(r[2] / c) + 1):
            for y in range(math.floor(r[1] / c), math.floor(r[3] / c) + 1):
                bucket = self.buckets.get((x, y))
                if bucket is None:
                    self.buckets[(x, y)] = [ident]
                else:
                    bucket.append(ident)

    def near(self, r: Rect) -> list[int]:
        """Ids of the stored rectangles whose buckets meet r's (all that overlap r, and a few more)."""
        seen: set[int] = set()
        found: list[int] = []
        for key in self._keys(r):
            for ident in self.buckets.get(key, ()):
                if ident not in seen:
                    seen.add(ident)
                    found.append(ident)
        return sorted(found)

    def overlaps(self, r: Rect) -> bool:
        return any(overlaps(r, self.rects[ident]) for ident in self.near(r))
