"""The Papercraft battlefield PNG: unit templates in their owners' colours where positions are tracked."""

from __future__ import annotations

from io import BytesIO

from PIL import Image

from bot.render.image import cell_centres, grid_shape, render_png
from games.papercraft import ENGINE
from games.papercraft.view import GROUND, SEAT_COLOURS
from tests.games.papercraft.helpers import piece, start, turn


def rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def test_battlefield_png_shows_each_unit_in_its_owners_colour() -> None:
    state = start([{"Longbowmen": 1}, {"Grave Legion": 2}], positions=True)
    turn(state, 0)
    view = ENGINE.view(state, None)
    image = Image.open(BytesIO(render_png(view))).convert("RGB")
    grid = view.grids[0]
    offset = grid_shape(grid).size * 0.3
    centres = cell_centres(view)
    for name, seat in (("Longbowmen", 0), ("Grave Legion 1", 1), ("Grave Legion 2", 1)):
        unit = piece(state, name)
        row, col = grid.rows - 1 - int(unit["y"]), int(unit["x"])
        x, y = centres[(row, col)]
        assert image.getpixel((round(x - offset), round(y - offset))) == rgb(SEAT_COLOURS[seat])
    x, y = centres[(grid.rows // 2, 0)]  # the middle of the left edge is empty ground
    assert image.getpixel((round(x), round(y))) == rgb(GROUND)
