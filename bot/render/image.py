"""View -> PNG with Pillow: maps as real hexagons or squares, then text panels, phone-legible."""

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
from games.base import Grid, Meter, TableBlock, Track, View
from games.i18n import _

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore  # the type getmask2 returns

WIDTH = 1400
MARGIN = 28
GAP = 22
BACKGROUND = (250, 249, 245)
INK = (28, 28, 30)
SOFT_INK = (90, 90, 96)
RULE = (190, 190, 196)
HEADER_FILL = (228, 228, 234)
MARK_FILL = (255, 255, 255)
FALLBACK_FILL = (220, 220, 220)
HP_FILL = (196, 60, 60)
TITLE_SIZE = 44
LINE_SIZE = 26
TABLE_SIZE = 22
LABEL_SIZE = 22
MAX_HEX = 46.0
MAX_SQUARE = 90.0
MAX_BOXES = 40
BOX_SIZE = 40
SQRT3 = math.sqrt(3)
EMOJI_START = 0x2000

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Painter = Callable[[ImageDraw.ImageDraw, int], None]


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
    """Pillow's built-in scalable font (Pillow >= 10.1), so nothing is fetched from anywhere."""
    default = ImageFont.load_default(size=size)
    if not isinstance(default, ImageFont.FreeTypeFont):
        return default
    return StampFont(BytesIO(default.font_bytes), size, layout_engine=default.layout_engine)


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
    """Word-wrap to a pixel width (a single overlong word is cut by characters)."""
    out: list[str] = []
    for paragraph in text.split("\n"):
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


def grid_shape(grid: Grid, width: int = WIDTH - 2 * MARGIN) -> GridShape:
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
        body = size * (1.5 * rows + 0.5)
    else:
        size = min(room / cols, MAX_SQUARE)
        body = size * rows
    return GridShape(grid.hexagonal, size, label_width, label_height, int(label_height + body) + 2)


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
    return x, y


def _hexagon(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    angles = (-90, -30, 30, 90, 150, 210)
    return [
        (cx + s * math.cos(math.radians(a)), cy + s * math.sin(math.radians(a))) for a in angles
    ]


def _centred(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int, fill: tuple[int, int, int]
) -> None:
    draw.text((x, y), text, font=font(size), fill=fill, anchor="mm")


def _draw_cell_text(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    s: float,
    fill: tuple[int, int, int],
    mark: str | None,
    label: str | None,
) -> None:
    if mark:
        r = 0.5 * s
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MARK_FILL, outline=INK, width=2)
        _centred(draw, cx, cy, mark, max(int(0.6 * s), 10), INK)
    if label:
        size = max(int(0.34 * s), 10)
        lines = _wrap(label, size, 1.5 * s)
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
        _centred(draw, MARGIN + shape.label_width / 2 - 4, y, label, LABEL_SIZE, SOFT_INK)
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
                _draw_cell_text(
                    draw, MARGIN + x, top + y, shape.size, _rgb(cell.colour), cell.mark, cell.label
                )

    return tile, paint


def _legend_text(grid: Grid, lang: str = "en") -> str | None:
    """Legend entries whose symbol the built-in font can show (emoji keys are for text boards)."""
    parts = []
    for symbol, meaning in grid.legend.items():
        if symbol.strip() and all(ord(ch) < EMOJI_START for ch in symbol):
            parts.append(f"{symbol} = {meaning}")
    return say(_("Legend: {entries}", entries=", ".join(parts)), lang) if parts else None


class Canvas:
    """A vertical stack of painters; heights are known first so the image is made once."""

    def __init__(self) -> None:
        self.items: list[tuple[int, Painter]] = []
        self.tiles: list[tuple[int, Callable[[], Image.Image]]] = []
        self.height = MARGIN

    def add(
        self, height: int, painter: Painter, tile: Callable[[], Image.Image] | None = None
    ) -> int:
        """Reserve height pixels (a cached tile is pasted there first); returns the block's top."""
        top = self.height
        self.items.append((top, painter))
        if tile is not None:
            self.tiles.append((top, tile))
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
        for top, tile in self.tiles:
            image.paste(tile(), (0, top))
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


def _column_widths(rows: list[list[str]], size: int, room: float, pad: float) -> list[float]:
    """Natural widths, squeezing the widest columns (which then wrap) when they do not fit."""
    count = max(len(row) for row in rows)
    natural = [
        max((_text_width(row[i], size) if i < len(row) else 0) for row in rows) + 2 * pad
        for i in range(count)
    ]
    if sum(natural) <= room:
        return natural
    fair = room / count
    narrow = sum(w for w in natural if w <= fair)
    share = (room - narrow) / max(sum(1 for w in natural if w > fair), 1)
    return [w if w <= fair else max(min(w, share), 4 * pad) for w in natural]


def _table(canvas: Canvas, block: TableBlock) -> None:
    size, pad = TABLE_SIZE, 8.0
    rows = [[str(v) for v in block.header], *([str(v) for v in row] for row in block.rows)]
    rows = [row for row in rows if row]
    if block.title:
        canvas.paragraph(block.title, LINE_SIZE)
    if not rows:
        return
    widths = _column_widths(rows, size, WIDTH - 2 * MARGIN, pad)
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


def short_tags(names: list[str]) -> dict[str, str]:
    """The shortest prefixes (two characters at least) that tell the names apart."""
    tags = {}
    for name in names:
        size = 2
        while size < len(name) and any(
            other != name and other[:size].casefold() == name[:size].casefold() for other in names
        ):
            size += 1
        tags[name] = name[:size]
    return tags


def _track(canvas: Canvas, track: Track) -> None:
    tokens = ", ".join(f"{who} {pos}" for who, pos in track.positions.items())
    parts = [f"{track.ticked} of {track.length} crossed"] if track.ticked else []
    parts += [tokens] if tokens else []
    canvas.paragraph(f"{track.name}: {'; '.join(parts)}" if parts else track.name, LINE_SIZE)
    boxes_only = bool(track.ticked) or not track.positions
    first = 1 if boxes_only else 0  # a time track's boxes are 1..length, a score's spaces 0..length
    count = max(track.length if boxes_only else track.length + 1, 1)
    tags = short_tags(list(track.positions))
    room = WIDTH - 2 * MARGIN
    if count <= MAX_BOXES:
        box = min(BOX_SIZE, room / count - 4)

        def paint_boxes(draw: ImageDraw.ImageDraw, top: int) -> None:
            for i in range(count):
                x = MARGIN + i * (box + 4)
                draw.rectangle((x, top, x + box, top + box), fill=MARK_FILL, outline=INK, width=2)
                if i < track.ticked:
                    draw.line((x + 5, top + 5, x + box - 5, top + box - 5), fill=INK, width=4)
                    draw.line((x + 5, top + box - 5, x + box - 5, top + 5), fill=INK, width=4)
                here = [tags[who] for who, pos in track.positions.items() if pos == first + i]
                for k, tag in enumerate(here):  # level tokens stack below the box, none hidden
                    y = top + box / 2 if k == 0 else top + box + k * _line_height(TABLE_SIZE) - 8
                    _centred(draw, x + box / 2, y, tag, int(box * 0.45), INK)

        stacked = max(
            (list(track.positions.values()).count(p) for p in track.positions.values()), default=1
        )
        canvas.add(int(box) + max(stacked - 1, 0) * _line_height(TABLE_SIZE), paint_boxes)
        return

    level: dict[int, list[str]] = {}
    for who, pos in track.positions.items():
        level.setdefault(pos, []).append(who)

    def paint_bar(draw: ImageDraw.ImageDraw, top: int) -> None:
        draw.rectangle((MARGIN, top + 14, MARGIN + room, top + 26), fill=HEADER_FILL, outline=INK)
        done = room * min(track.ticked, count) / count
        draw.rectangle((MARGIN, top + 14, MARGIN + done, top + 26), fill=SOFT_INK)
        for k, (pos, names) in enumerate(sorted(level.items())):
            x = MARGIN + room * min(max(pos, 0), track.length) / max(track.length, 1)
            draw.polygon(((x, top + 14), (x - 8, top), (x + 8, top)), fill=INK)
            row = top + 28 + (k % 2) * _line_height(TABLE_SIZE)  # neighbours alternate rows
            draw.text((x + 10, row), ", ".join(names), font=font(TABLE_SIZE), fill=INK)

    canvas.add(28 + 2 * _line_height(TABLE_SIZE), paint_bar)


def _meter(canvas: Canvas, meter: Meter) -> None:
    note = f" {meter.note}" if meter.note else ""
    canvas.paragraph(f"{meter.name}: {meter.value}/{meter.maximum}{note}", LINE_SIZE)
    room = WIDTH - 2 * MARGIN
    part = 0.0 if meter.maximum <= 0 else min(max(meter.value, 0) / meter.maximum, 1.0)

    def paint(draw: ImageDraw.ImageDraw, top: int) -> None:
        draw.rectangle((MARGIN, top, MARGIN + room, top + 20), fill=HEADER_FILL, outline=INK)
        draw.rectangle((MARGIN, top, MARGIN + room * part, top + 20), fill=HP_FILL)

    canvas.add(20, paint)


def _compose(view: View) -> tuple[Canvas, list[int]]:
    """Lay the view out top to bottom; also returns each grid's top, for cell_centre."""
    canvas = Canvas()
    if view.title:
        canvas.paragraph(view.title, TITLE_SIZE)
    for line in view.lines:
        canvas.paragraph(line, LINE_SIZE)
    tops = []
    for grid in view.grids:
        shape = grid_shape(grid)
        tile, paint = _grid_layers(grid, shape)
        tops.append(canvas.add(shape.height, paint, tile))
        legend = _legend_text(grid, view.lang)
        if legend:
            canvas.paragraph(legend, TABLE_SIZE, SOFT_INK)
    for block in view.tables:
        _table(canvas, block)
    for track in view.tracks:
        _track(canvas, track)
    for meter in view.meters:
        _meter(canvas, meter)
    if view.hand is not None:
        canvas.paragraph(hand_line(view), LINE_SIZE)
    return canvas, tops


DRAWING = threading.Lock()
"""One PNG at a time: boards are drawn in worker threads and the helper thread, and FreeType's
font objects (shared through the caches above) are not safe to use from two threads at once."""


def cell_centres(view: View, grid: int = 0) -> dict[tuple[int, int], tuple[int, int]]:
    """Pixel centre of every cell of one grid in render_png(view), for tests and click maps."""
    with DRAWING:
        _, tops = _compose(view)
    chosen = view.grids[grid]
    shape = grid_shape(chosen)
    centres = {}
    for cell in chosen.cells:
        x, y = hex_centre(shape, cell.row, cell.col)
        centres[(cell.row, cell.col)] = (round(MARGIN + x), round(tops[grid] + y))
    return centres


def render_png(view: View) -> bytes:
    """The whole view as one PNG, WIDTH pixels wide and as tall as it needs."""
    with DRAWING:
        canvas, _ = _compose(view)
        colours = {cell.colour for grid in view.grids for cell in grid.cells}
        return canvas.render({_rgb(colour) for colour in colours})
