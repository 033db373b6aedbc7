"""The renderer's caches (text stamps, map tiles) are keyed on all they depend on: a warm render
is byte for byte the cold one, whatever was drawn before it."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.render.image import _grid_tile, _stamp, font, render_png
from games.base import Cell, Grid, TableBlock, Track, View


def board(name: str, mark: str, colour: str) -> View:
    """Views that share texts at other sub-pixel offsets and sizes, and cells of other marks."""
    cells = [
        Cell(r, c, colour if (r + c) % 2 else "#ffcc00", mark=mark if (r, c) == (1, 1) else None)
        for r in range(3)
        for c in range(4)
    ]
    return View(
        title=f"Game of {name}",
        lines=["3 points", name],
        grids=[Grid(3, 4, cells, row_labels=["1", "2", "3"], col_labels=list("abcd"))],
        tables=[TableBlock("Scores", ["Name", "Points"], [[name, "3"], ["Bob", "12"]])],
        tracks=[Track("Score", 20, {name: 3, "Bob": 12})],
    )


def cold(view: View) -> bytes:
    for cache in (_stamp, font, _grid_tile):
        cache.cache_clear()
    return render_png(view)


def test_warm_renders_of_different_views_match_their_cold_renders() -> None:
    views = [
        board("Ann", "A", "#3366cc"),
        board("Annabelle Longname", "B", "#cc3366"),
        board("Ann", "B", "#3366cc"),
    ]
    expected = [cold(view) for view in views]
    assert len(set(expected)) == len(views)
    for _ in range(2):
        assert [render_png(view) for view in views] == expected


def test_stamped_text_is_pillows_own_text() -> None:
    def drawn(chosen: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> Image.Image:
        image = Image.new("RGB", (200, 80), (250, 249, 245))
        draw = ImageDraw.Draw(image)
        for x, y in ((10.3, 5.7), (10.3, 5.7), (100.5, 50.25), (60.0, 40.0)):  # again: stamped
            draw.text((x, y), "Ann 12", font=chosen, fill=(28, 28, 30))
            draw.text((x, y), "Ann 12", font=chosen, fill=(255, 255, 255), anchor="mm")
        return image

    chosen = font(22)
    assert isinstance(chosen, ImageFont.FreeTypeFont)
    own = isinstance(chosen.path, str)  # the OS's font, else Pillow's built-in one
    plain = ImageFont.truetype(chosen.path, 22) if own else ImageFont.load_default(size=22)
    assert ImageChops.difference(drawn(font(22)), drawn(plain)).getbbox() is None
