"""The PNG renderer: real hexagons in the cells' colours, marks, and text panels for any View."""

from __future__ import annotations

import copy
import math
from io import BytesIO
from typing import Any

from PIL import Image

from bot.render.image import WIDTH, cell_centres, grid_shape, hex_centre, render_png
from games.base import Cell, Grid, Meter, Rng, TableBlock, Track, View
from games.papertown import ENGINE
from tests.support import random_play

WHITE = (255, 255, 255)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def picture(view: View) -> Image.Image:
    data = render_png(view)
    assert data.startswith(b"\x89PNG")
    return Image.open(BytesIO(data)).convert("RGB")


def check_cells(view: View, image: Image.Image) -> tuple[int, int]:
    """Every cell's rim shows its colour; every marked cell has a white disc in the middle."""
    grid = view.grids[0]
    size = grid_shape(grid).size
    centres = cell_centres(view)
    marked = plain = 0
    for cell in grid.cells:
        x, y = centres[(cell.row, cell.col)]
        # Inside the hexagon (or square) but outside the mark's disc of radius size / 2.
        rim = (x, round(y - 0.72 * size)) if grid.hexagonal else (x - 0.42 * size, y - 0.42 * size)
        assert image.getpixel((round(rim[0]), round(rim[1]))) == rgb(cell.colour)
        if cell.mark:
            assert image.getpixel((x, round(y + 0.4 * size))) == WHITE
            marked += 1
        elif not cell.label:
            assert image.getpixel((x, y)) == rgb(cell.colour)
            plain += 1
    return marked, plain


def papertown_states() -> list[dict[str, Any]]:
    """Opening, mid-game (after 40 moves) and final states of one random game."""
    opening, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("png"))
    seen: list[dict[str, Any]] = []

    def keep(state: dict[str, Any], _events: Any) -> None:
        seen.append(copy.deepcopy(state))

    play = random_play(ENGINE, 2, "png", on_step=keep)
    return [opening, seen[40], play.state]


def test_papertown_pngs_show_the_sheet_at_every_stage() -> None:
    marks = []
    for state in papertown_states():
        view = ENGINE.view(state, None)
        image = picture(view)
        assert image.width == WIDTH and 1000 < image.height < 3000
        marked, plain = check_cells(view, image)
        assert plain > 0
        marks.append(marked)
    assert marks[0] == 0 < marks[1] < marks[2]


def test_hex_map_is_big_enough_for_a_phone_and_odd_rows_are_shifted() -> None:
    state, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("png"))
    shape = grid_shape(ENGINE.view(state, None).grids[0])
    assert shape.size * math.sqrt(3) >= WIDTH / 23  # the 20 columns take the picture's width
    (x0, y0), (x1, y1), (x2, _) = (hex_centre(shape, r, c) for r, c in ((0, 0), (1, 0), (0, 1)))
    assert math.isclose(x1 - x0, math.sqrt(3) * shape.size / 2)
    assert math.isclose(x2 - x0, math.sqrt(3) * shape.size)
    assert math.isclose(y1 - y0, 1.5 * shape.size)


def test_any_view_renders_square_grids_and_panels() -> None:
    cells = [
        Cell(r, c, "#3366cc" if (r + c) % 2 else "#ffcc00", mark="A" if (r, c) == (1, 1) else None)
        for r in range(3)
        for c in range(4)
    ]
    view = View(
        title="Some game",
        lines=["A line of text " * 12],
        grids=[
            Grid(
                3,
                4,
                cells,
                row_labels=["1", "2", "3"],
                col_labels=list("abcd"),
                legend={"A": "Ann"},
            )
        ],
        tables=[TableBlock("Scores", ["Name", "Points"], [["Ann", "3"], ["Bob", "12"]])],
        tracks=[Track("Time", 8, {}, ticked=3), Track("Score", 100, {"Ann": 40, "Bob": 7})],
        meters=[Meter("Hit points", 7, 10, "wounded")],
        hand=["Card one", "Card two"],
    )
    image = picture(view)
    assert image.width == WIDTH
    marked, plain = check_cells(view, image)
    assert (marked, plain) == (1, 11)


def test_a_view_without_grids_still_renders() -> None:
    image = picture(View(title="Empty", lines=["Nothing to draw."]))
    assert image.width == WIDTH and image.height > 50


def test_score_tracks_draw_every_space_from_zero_to_the_end_with_distinct_tags() -> None:
    from bot.render.image import token_centres

    def png(positions: dict[str, int]) -> bytes:
        return render_png(View("T", tracks=[Track("Profit", 20, positions)]))

    empty = png({"Zed": 99})  # a token off the track is drawn nowhere
    assert png({"Zed": 0}) != empty, "space 0 must be drawn"
    assert png({"Zed": 20}) != empty, "the last space is 20"
    crowded = Track("Score", 60, {"Bob": 60, "Bot 1": 60, "Ann": 60, "Anna": 60})
    centres = token_centres(crowded)
    assert len(centres) == 4 and len(set(centres.values())) == 4  # four tags, none on another
    assert all(0 < x < WIDTH for x, _ in centres.values())
