"""View -> PNG with Pillow: maps as real hexagons or squares, tracks as rows of boxes with the
players' tokens, HP as bars; narrow, with type big enough to read on a phone."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from bot.i18n import say
from bot.render.text import hand_line
from games.base import Grid, Meter, TableBlock, Track, View, token_labels
from games.i18n import _

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore  # the type getmask2 returns

WIDTH = 900
"""A phone shows a picture about 1,000 pixels across: 900 keeps text near its drawn size."""
MARGIN = 20
GAP = 18
BACKGROUND = (250, 249, 245)
INK = (28, 28, 30)
SOFT_INK = (90, 90, 96)
RULE = (190, 190, 196)
HEADER_FILL = (228, 228, 234)
MARK_FILL = (255, 255, 255)
FALLBACK_FILL = (220, 220, 220)
HP_FILL = (196, 60, 60)
TITLE_SIZE = 40
LINE_SIZE = 28
TABLE_SIZE = 24
LABEL_SIZE = 22
MAX_HEX = 46.0
MAX_SQUARE = 84.0
BOX_SIZE = 56
MIN_BOX = 36
SQRT3 = math.sqrt(3)
FONT_FILES = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf")
"""Fonts the OS usually has that draw Polish letters (Pillow's own font does not)."""
MISSING = "\U000f0000"
"""A private-use character no font draws: its mask is the font's 'no glyph' box."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Painter = Callable[[ImageDraw.ImageDraw, int], None]
Tile = tuple[Callable[[], Image.Image], tuple[int, int]]
"""A cached image under a block, and the span of the width it covers."""


class StampFont(ImageFont.FreeTypeFont):
    """A font that keeps the bitmaps of the texts it drew: boards redraw mostly the same labels
    at the same sub-pixel offsets, and FreeType rendering was most of a board's drawing time."""

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[ImagingCore, tuple[int, int]]:
        plain = (direction, features, language, stroke_width, args) == (None, None, None, 0, ())
        if mode == "L" and isinstance(text, str) and plain:  # ink only colours RGBA renders
            return _stamp(self, text, anchor, start or (0.0, 0.0))
        return super().getmask2(
            text,
            mode,
            direction,
            features,
            language,
            stroke_width,
            anchor,
            ink,
            start,
            *args,
            **kwargs,
        )


@lru_cache(maxsize=1024)
def _stamp(
    font: StampFont, text: str, anchor: str | None, start: tuple[float, float]
) -> tuple[ImagingCore, tuple[int, int]]:
    """One text's anti-aliased mask and offset, only ever read by ImageDraw: about 4 KB each,
    so a few boards' worth (a large Papercraft board draws about 200) stay a few MB."""
    return ImageFont.FreeTypeFont.getmask2(font, text, "L", anchor=anchor, start=start)


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """The OS's DejaVu Sans (or Liberation Sans), else Pillow's built-in scalable font (Pillow
    >= 10.1): nothing is fetched from anywhere."""
    for name in FONT_FILES:
        try:
            found = ImageFont.truetype(name, size)  # searches the OS's font folders
        except OSError:
            continue
        return StampFont(found.path, size)
    default = ImageFont.load_default(size=size)
    if not isinstance(default, ImageFont.FreeTypeFont):
        return default
    return StampFont(BytesIO(default.font_bytes), size, layout_engine=default.layout_engine)


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    """Whether the font draws this character (an emoji in a name it does not)."""
    face = font(LINE_SIZE)
    if ch.isspace() or ch == MISSING:
        return True
    return bool(face.getmask(ch).getbbox()) and _mask(ch) != _mask(MISSING)


def _mask(ch: str) -> tuple[bytes, tuple[int, int]]:
    mask = font(LINE_SIZE).getmask(ch)
    return bytes(mask), mask.size


@lru_cache(maxsize=8192)
def drawable(text: str) -> str:
    """The text without the characters the font cannot draw (no boxes where emoji were)."""
    if text.isascii():
        return text
    kept = ""
    for ch in text:
        if _has_glyph(ch):
            kept += "" if ch == " " and kept.endswith(" ") else ch
        else:
            kept = kept.rstrip(" ")  # "Zoë 🌸's" reads "Zoë's"
    return kept.strip(" ")


def _rgb(colour: str) -> tuple[int, int, int]:
    try:
        red, green, blue = ImageColor.getrgb(colour)[:3]
    except ValueError:
        return FALLBACK_FILL
    return red, green, blue


def _contrast(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    red, green, blue = fill
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else (255, 255, 255)


@lru_cache(maxsize=16384)
def _text_width(text: str, size: int) -> float:
    return float(font(size).getlength(text))


def _wrap(text: str, size: int, width: float) -> list[str]:
    return list(_wrapped(text, size, width))


@lru_cache(maxsize=4096)
def _wrapped(text: str, size: int, width: float) -> tuple[str, ...]:
    """Word-wrap to a pixel width (a single overlong word is cut by characters), without the
    characters the font cannot draw."""
    out: list[str] = []
    for paragraph in drawable(text).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if _text_width(candidate, size) <= width or not line:
                line = candidate
            else:
                out.append(line)
                line = word
            while _text_width(line, size) > width and len(line) > 1:
                cut = max(1, int(len(line) * width / _text_width(line, size)))
                out.append(line[:cut])
                line = line[cut:]
        out.append(line)
    return tuple(out)


def _line_height(size: int) -> int:
    return int(size * 1.3)


@dataclass(frozen=True)
class GridShape:
    """Where a grid's cells go: cell size (hex radius or square side) and the first centre."""

    hexagonal: bool
    size: float
    label_width: float
    label_height: float
    height: int
    width: float = 0.0  # of the map block, labels included
    left: float = 0.0  # where the block starts, right of the margin (maps side by side)


def grid_shape(grid: Grid, width: int = WIDTH - 2 * MARGIN, left: float = 0.0) -> GridShape:
    """Fit the map to the content width; hex radius s gives cells sqrt(3)*s wide, rows 1.5*s."""
    label_width = (
        max((_text_width(label, LABEL_SIZE) for label in grid.row_labels), default=0) + 12
        if grid.row_labels
        else 0.0
    )
    label_height = _line_height(LABEL_SIZE) + 4 if grid.col_labels else 0.0
    room = width - label_width
    cols, rows = max(grid.cols, 1), max(grid.rows, 1)
    if grid.hexagonal:
        size = min(room / ((cols + 0.5) * SQRT3), MAX_HEX)
        body, across = size * (1.5 * rows + 0.5), (cols + 0.5) * SQRT3 * size
    else:
        size = min(room / cols, MAX_SQUARE)
        body, across = size * rows, size * cols
    height = int(label_height + body) + 2
    return GridShape(
        grid.hexagonal, size, label_width, label_height, height, label_width + across, left
    )


def hex_centre(shape: GridShape, row: int, col: int) -> tuple[float, float]:
    """Centre of a cell relative to the grid block's top-left corner (odd-r rows shifted right)."""
    s = shape.size
    if shape.hexagonal:
        w = SQRT3 * s
        x = shape.label_width + w / 2 + col * w + (w / 2 if row % 2 else 0)
        y = shape.label_height + s + row * 1.5 * s
    else:
        x = shape.label_width + s * (col + 0.5)
        y = shape.label_height + s * (row + 0.5)
    return shape.left + x, y


def _hexagon(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    angles = (-90, -30, 30, 90, 150, 210)
    return [
        (cx + s * math.cos(math.radians(a)), cy + s * math.sin(math.radians(a))) for a in angles
    ]


def _centred(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int, fill: tuple[int, int, int]
) -> None:
    draw.text((x, y), drawable(text), font=font(size), fill=fill, anchor="mm")


def _draw_cell_text(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    s: float,
    fill: tuple[int, int, int],
    mark: str | None,
    label: str | None,
    *,
    hexagonal: bool = True,
) -> None:
    if mark:
        r = 0.5 * s
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MARK_FILL, outline=INK, width=2)
        _centred(draw, cx, cy, mark, max(int(0.6 * s), 10), INK)
    if label:
        size = max(int((0.34 if hexagonal else 0.19) * s), 10)
        lines = _wrap(label, size, (1.5 if hexagonal else 0.92) * s)
        step = _line_height(size)
        top = cy + (0.62 * s if mark else 0) - step * (len(lines) - 1) / 2
        for k, line in enumerate(lines):
            _centred(draw, cx, top + k * step, line, size, _contrast(fill))


def _cell_outline(
    draw: ImageDraw.ImageDraw, shape: GridShape, cx: float, cy: float, fill: tuple[int, int, int]
) -> None:
    s = shape.size
    if shape.hexagonal:
        draw.polygon(_hexagon(cx, cy, s), fill=fill, outline=SOFT_INK, width=2)
    else:
        h = s / 2
        draw.rectangle((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=SOFT_INK, width=2)


@lru_cache(maxsize=32)
def _grid_tile(
    shape: GridShape,
    cells: tuple[tuple[int, int, str], ...],
    col_labels: tuple[str, ...],
    row_labels: tuple[str, ...],
) -> Image.Image:
    """The part of a map that does not change between moves (cells, colours, labels), drawn
    once per map and pasted under each render's marks."""
    tile = Image.new("RGB", (WIDTH, shape.height), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    for k, label in enumerate(col_labels):
        x, _ = hex_centre(shape, 0, k)
        _centred(draw, MARGIN + x, shape.label_height / 2, label, LABEL_SIZE, SOFT_INK)
    for r, label in enumerate(row_labels):
        _, y = hex_centre(shape, r, 0)
        x = MARGIN + shape.left + shape.label_width / 2 - 4
        _centred(draw, x, y, label, LABEL_SIZE, SOFT_INK)
    for row, col, colour in cells:
        x, y = hex_centre(shape, row, col)
        _cell_outline(draw, shape, MARGIN + x, y, _rgb(colour))
    return tile


def _grid_layers(grid: Grid, shape: GridShape) -> tuple[Callable[[], Image.Image], Painter]:
    def tile() -> Image.Image:
        cells = tuple((c.row, c.col, c.colour) for c in grid.cells)
        return _grid_tile(
            shape, cells, tuple(grid.col_labels[: grid.cols]), tuple(grid.row_labels[: grid.rows])
        )

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        for cell in grid.cells:
            if cell.mark or cell.label:
                x, y = hex_centre(shape, cell.row, cell.col)
                fill = _rgb(cell.colour)
                mark, label, hexagonal = cell.mark, cell.label, grid.hexagonal
                _draw_cell_text(
                    draw, MARGIN + x, top + y, shape.size, fill, mark, label, hexagonal=hexagonal
                )

    return tile, paint


def _legend_text(grid: Grid, lang: str = "en") -> str | None:
    """Legend entries whose symbol the built-in font can show (emoji keys are for text boards)."""
    parts = []
    for symbol, meaning in grid.legend.items():
        if symbol.strip() and all(_has_glyph(ch) for ch in symbol):
            parts.append(f"{symbol} = {meaning}")
    return say(_("Legend: {entries}", entries=", ".join(parts)), lang) if parts else None


class Canvas:
    """A vertical stack of painters; heights are known first so the image is made once."""

    def __init__(self) -> None:
        self.items: list[tuple[int, Painter]] = []
        self.tiles: list[tuple[int, Callable[[], Image.Image], tuple[int, int]]] = []
        self.height = MARGIN

    def add(self, height: int, painter: Painter, *tiles: Tile) -> int:
        """Reserve height pixels (cached tiles are pasted there first, each over its span of
        the width); returns the block's top."""
        top = self.height
        self.items.append((top, painter))
        self.tiles += [(top, tile, span) for tile, span in tiles]
        self.height += height + GAP
        return top

    def paragraph(self, text: str, size: int, fill: tuple[int, int, int] = INK) -> None:
        lines = _wrap(text, size, WIDTH - 2 * MARGIN)
        step = _line_height(size)

        def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
            for k, line in enumerate(lines):
                draw.text((MARGIN, top + k * step), line, font=font(size), fill=fill)

        self.add(step * len(lines), paint)

    def render(self, colours: set[tuple[int, int, int]]) -> bytes:
        """Drawn in RGB (anti-aliased text), stored as a palette PNG of the view's own colours."""
        image = Image.new("RGB", (WIDTH, self.height - GAP + MARGIN), BACKGROUND)
        for top, tile, (left, right) in self.tiles:
            drawn = tile()
            image.paste(drawn.crop((left, 0, right, drawn.height)), (left, top))
        draw = ImageDraw.Draw(image)
        for top, painter in self.items:
            painter(draw, top)
        indexed = image.quantize(palette=_palette(frozenset(colours)), dither=Image.Dither.NONE)
        out = BytesIO()
        indexed.save(out, format="PNG", compress_level=PNG_COMPRESSION)
        return out.getvalue()


BLEND_STEPS = (1, 2, 3)
BLEND_GAP = 24
PNG_COMPRESSION = 3
"""zlib level: 3 keeps the file near its smallest at a third of level 6's time."""


@lru_cache(maxsize=64)
def _palette(fills: frozenset[tuple[int, int, int]]) -> Image.Image:
    """The renderer's fixed colours, the view's fills, and the anti-aliasing blends of ink on
    each fill: every solid pixel keeps its exact colour, edges the nearest blend."""
    base = [BACKGROUND, INK, SOFT_INK, RULE, HEADER_FILL, MARK_FILL, FALLBACK_FILL, HP_FILL]
    solid = list(dict.fromkeys([*base, *sorted(fills)]))
    colours = list(solid)
    for fill in solid:
        for ink in (INK, SOFT_INK, MARK_FILL):
            colours += [
                (
                    round(fill[0] + (ink[0] - fill[0]) * k / 4),
                    round(fill[1] + (ink[1] - fill[1]) * k / 4),
                    round(fill[2] + (ink[2] - fill[2]) * k / 4),
                )
                for k in BLEND_STEPS
            ]
    # Pillow maps pixels through a coarse colour cache, so a blend too near a solid colour
    # could capture that colour's pixels: keep blends well apart from every solid.
    blends = [
        c
        for c in dict.fromkeys(colours[len(solid) :])
        if all(max(abs(c[i] - f[i]) for i in range(3)) >= BLEND_GAP for f in solid)
    ]
    unique = (solid + blends)[:256]
    flat = [channel for colour in unique for channel in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return palette


def _column_widths(rows: list[list[str]], size: int, pad: float) -> list[float]:
    """Each column as wide as its widest cell."""
    count = max(len(row) for row in rows)
    return [
        max((_text_width(drawable(row[i]), size) if i < len(row) else 0) for row in rows) + 2 * pad
        for i in range(count)
    ]


def _stacked(canvas: Canvas, block: TableBlock) -> None:
    """A table too wide for the picture, row by row (as the text board does): its first cell,
    then the others as `header: value`."""
    header, size, indent = block.header, TABLE_SIZE, 24
    room = WIDTH - 2 * MARGIN
    step = _line_height(size)
    records: list[tuple[list[str], list[str]]] = []
    for row in block.rows:
        parts = [
            f"{header[i]}: {value}" if i < len(header) and header[i] else str(value)
            for i, value in enumerate(row[1:], start=1)
            if value
        ]
        first = _wrap(str(row[0]) if row else "", size, room)
        records.append((first, _wrap(" · ".join(parts), size, room - indent) if parts else []))

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        y = top
        for first, rest in records:
            for line in first:
                draw.text((MARGIN, y), line, font=font(size), fill=INK)
                y += step
            for line in rest:
                draw.text((MARGIN + indent, y), line, font=font(size), fill=SOFT_INK)
                y += step
            y += GAP // 2

    lines = sum(len(first) + len(rest) for first, rest in records)
    canvas.add(lines * step + (GAP // 2) * max(len(records) - 1, 0), paint)


def _table(canvas: Canvas, block: TableBlock) -> None:
    size, pad = TABLE_SIZE, 8.0
    rows = [[str(v) for v in block.header], *([str(v) for v in row] for row in block.rows)]
    rows = [row for row in rows if row]
    if block.title:
        canvas.paragraph(block.title, LINE_SIZE)
    if not rows:
        return
    widths = _column_widths(rows, size, pad)
    if sum(widths) > WIDTH - 2 * MARGIN:
        _stacked(canvas, block)
        return
    step = _line_height(size)
    wrapped = [
        [
            _wrap(row[i] if i < len(row) else "", size, widths[i] - 2 * pad)
            for i in range(len(widths))
        ]
        for row in rows
    ]
    heights = [int(max(len(cell) for cell in row) * step + pad) for row in wrapped]

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        y = float(top)
        for n, (row, height) in enumerate(zip(wrapped, heights, strict=True)):
            x = float(MARGIN)
            if n == 0 and block.header:
                draw.rectangle((x, y, x + sum(widths), y + height), fill=HEADER_FILL)
            for cell, width in zip(row, widths, strict=True):
                for k, line in enumerate(cell):
                    draw.text((x + pad, y + pad / 2 + k * step), line, font=font(size), fill=INK)
                x += width
            y += height
            draw.line((MARGIN, y, MARGIN + sum(widths), y), fill=RULE, width=1)

    canvas.add(sum(heights) + 2, paint)


@dataclass(frozen=True)
class TrackShape:
    """How a track's spaces are laid out: boxes in rows that fit the width, each tall enough
    for its number and every token that may share it."""

    first: int  # the number of the first space: 1 for a time track's boxes, 0 for a score's
    count: int
    per_row: int
    box: float
    number: int  # the spaces' numbers' type size
    tag: int  # the tokens' type size
    cell: int  # a box's height

    def corner(self, i: int, top: int) -> tuple[float, float]:
        row, col = divmod(i, self.per_row)
        return MARGIN + col * (self.box + 4), top + row * (self.cell + 6)

    @property
    def height(self) -> int:
        rows = -(-self.count // self.per_row)
        return rows * (self.cell + 6) - 6


def track_shape(track: Track) -> TrackShape:
    boxes_only = bool(track.ticked) or not track.positions
    count = max(track.length if boxes_only else track.length + 1, 1)
    room = WIDTH - 2 * MARGIN
    per_row = max(min(count, int((room + 4) // (MIN_BOX + 4))), 1)
    rows = -(-count // per_row)
    per_row = -(-count // rows)  # rows as even as they can be
    box = min(BOX_SIZE, (room + 4) / per_row - 4)
    number, tag = max(int(box * 0.3), 10), max(int(box * 0.42), 11)
    here = list(track.positions.values())
    stacked = max((here.count(p) for p in here), default=0)
    cell = int(max(box, _line_height(number) + stacked * _line_height(tag) + 4))
    return TrackShape(1 if boxes_only else 0, count, per_row, box, number, tag, cell)


def token_centres(track: Track) -> dict[str, tuple[float, float]]:
    """Where each token's tag is drawn, relative to the track's boxes' top-left corner (a token
    off the track is drawn nowhere): for tests, which check every token is inside the image."""
    shape = track_shape(track)
    tags = token_labels(list(track.positions))
    centres: dict[str, tuple[float, float]] = {}
    taken: dict[int, int] = {}
    for who, pos in track.positions.items():
        i = pos - shape.first
        if not 0 <= i < shape.count:
            continue
        k = taken[i] = taken.get(i, -1) + 1
        x, y = shape.corner(i, 0)
        step = _line_height(shape.tag)
        centres[tags[list(track.positions).index(who)]] = (
            x + shape.box / 2,
            y + _line_height(shape.number) + step * (k + 0.5),
        )
    return centres


def _track(canvas: Canvas, track: Track, lang: str) -> None:
    """The track's name and tokens in words, then its spaces as numbered boxes (crossed up to
    `ticked`), each token's two-letter tag inside its space, stacked when several share it."""
    tags = token_labels(list(track.positions))
    named = [f"{drawable(who)} ({tag})" for tag, who in zip(tags, track.positions, strict=True)]
    tokens = ", ".join(
        f"{tag} {pos}" for tag, pos in zip(named, track.positions.values(), strict=True)
    )
    crossed = _("{ticked} of {length} crossed", ticked=track.ticked, length=track.length)
    parts = [say(crossed, lang)] if track.ticked else []
    parts += [tokens] if tokens else []
    canvas.paragraph(f"{track.name}: {'; '.join(parts)}" if parts else track.name, LINE_SIZE)
    shape = track_shape(track)
    centres = token_centres(track)

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        box = shape.box
        for i in range(shape.count):
            x, y = shape.corner(i, top)
            draw.rectangle((x, y, x + box, y + shape.cell), fill=MARK_FILL, outline=INK, width=2)
            if i < track.ticked:
                draw.line((x + 5, y + 5, x + box - 5, y + shape.cell - 5), fill=INK, width=4)
                draw.line((x + 5, y + shape.cell - 5, x + box - 5, y + 5), fill=INK, width=4)
            label = str(shape.first + i)
            draw.text((x + 4, y + 2), label, font=font(shape.number), fill=SOFT_INK)
        for tag, (x, y) in centres.items():
            _centred(draw, x, top + y, tag, shape.tag, INK)

    canvas.add(shape.height, paint)


def _meters(canvas: Canvas, meters: list[Meter]) -> None:
    """One row per meter: its name and value on the left, its bar on the right."""
    size = TABLE_SIZE
    room = WIDTH - 2 * MARGIN
    text_room = room * 0.58
    rows = [
        _wrap(
            f"{m.name}: {m.value}/{m.maximum}" + (f" {m.note}" if m.note else ""), size, text_room
        )
        for m in meters
    ]
    step = _line_height(size)
    heights = [max(len(lines) * step, 28) + 8 for lines in rows]

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        y = float(top)
        left = MARGIN + text_room + 12
        for meter, lines, height in zip(meters, rows, heights, strict=True):
            for k, line in enumerate(lines):
                draw.text((MARGIN, y + k * step), line, font=font(size), fill=INK)
            part = 0.0 if meter.maximum <= 0 else min(max(meter.value, 0) / meter.maximum, 1.0)
            bar = (left, y + 4, MARGIN + room, y + 4 + 22)
            draw.rectangle(bar, fill=HEADER_FILL, outline=INK)
            draw.rectangle((left, y + 4, left + (bar[2] - left) * part, y + 26), fill=HP_FILL)
            y += height

    canvas.add(sum(heights), paint)


def _rows_of(grids: list[Grid]) -> list[list[Grid]]:
    """Maps side by side while they fit the width at their own size (players' cities)."""
    room = WIDTH - 2 * MARGIN
    rows: list[list[Grid]] = []
    used = 0.0
    for grid in grids:
        across = grid_shape(grid).width
        if rows and used + GAP + across <= room:
            rows[-1].append(grid)
            used += GAP + across
        else:
            rows.append([grid])
            used = across
    return rows


def _grid_row(
    canvas: Canvas, grids: list[Grid], lang: str, said: set[str]
) -> list[tuple[int, GridShape]]:
    """A row of maps: their titles, the maps, then each legend not said yet."""
    shapes: list[GridShape] = []
    left = 0.0
    for grid in grids:
        shapes.append(grid_shape(grid, left=left))
        left += shapes[-1].width + GAP
    step = _line_height(LINE_SIZE)
    titles = [
        _wrap(grid.title, LINE_SIZE, shape.width) if grid.title else []
        for grid, shape in zip(grids, shapes, strict=True)
    ]
    if any(titles):

        def paint_titles(draw: ImageDraw.ImageDraw, top: int) -> None:
            for lines, shape in zip(titles, shapes, strict=True):
                for k, line in enumerate(lines):
                    draw.text(
                        (MARGIN + shape.left, top + k * step), line, font=font(LINE_SIZE), fill=INK
                    )

        canvas.add(step * max(len(lines) for lines in titles), paint_titles)
    layers = [_grid_layers(grid, shape) for grid, shape in zip(grids, shapes, strict=True)]

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        for _tile, painter in layers:
            painter(draw, top)

    spans = [(int(MARGIN + s.left), int(MARGIN + s.left + s.width) + 2) for s in shapes]
    tiles = [(tile, span) for (tile, _paint), span in zip(layers, spans, strict=True)]
    top = canvas.add(max(shape.height for shape in shapes), paint, *tiles)
    for grid in grids:
        legend = _legend_text(grid, lang)
        if legend and legend not in said:
            said.add(legend)
            canvas.paragraph(legend, TABLE_SIZE, SOFT_INK)
    return [(top, shape) for shape in shapes]


def _compose(view: View) -> tuple[Canvas, list[tuple[int, GridShape]]]:
    """Lay the view out top to bottom; also returns each grid's top and shape, for
    cell_centres."""
    canvas = Canvas()
    if view.title:
        canvas.paragraph(view.title, TITLE_SIZE)
    for line in view.lines:
        canvas.paragraph(line, LINE_SIZE)
    placed: list[tuple[int, GridShape]] = []
    said: set[str] = set()
    for row in _rows_of(view.grids):
        placed += _grid_row(canvas, row, view.lang, said)
    for block in view.tables:
        if block.in_image:
            _table(canvas, block)
    for track in view.tracks:
        _track(canvas, track, view.lang)
    if view.meters:
        _meters(canvas, view.meters)
    if view.hand is not None:
        canvas.paragraph(hand_line(view), LINE_SIZE)
    return canvas, placed


DRAWING = threading.Lock()
"""One PNG at a time: boards are drawn in worker threads and the helper thread, and FreeType's
font objects (shared through the caches above) are not safe to use from two threads at once."""


def cell_centres(view: View, grid: int = 0) -> dict[tuple[int, int], tuple[int, int]]:
    """Pixel centre of every cell of one grid in render_png(view), for tests and click maps."""
    with DRAWING:
        _, placed = _compose(view)
    top, shape = placed[grid]
    centres = {}
    for cell in view.grids[grid].cells:
        x, y = hex_centre(shape, cell.row, cell.col)
        centres[(cell.row, cell.col)] = (round(MARGIN + x), round(top + y))
    return centres


def render_png(view: View) -> bytes:
    """The whole view as one PNG, WIDTH pixels wide and as tall as it needs."""
    with DRAWING:
        canvas, _ = _compose(view)
        colours = {cell.colour for grid in view.grids for cell in grid.cells}
        return canvas.render({_rgb(colour) for colour in colours})
