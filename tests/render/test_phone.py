"""Boards on a phone: every game's default board on each platform is a picture, or text with no
line wider than 40 display columns, across whole games with hostile names, in both languages;
pictures are pictures (a map, a sane size, every token inside)."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from bot.context import wants_image
from bot.i18n import localise_view
from bot.render.image import MARGIN, WIDTH, render_png, token_centres, track_shape
from bot.render.text import PHONE_COLUMNS, render_text, width
from games.base import Rng, TableBlock, View
from games.registry import engine_for
from storage.rows import Table
from tests.contract.games import REAL_GAMES

HOSTILE = ["Zoë 🌸", "Bob & <Co>", "Ann", "Dee the Destroyer of Worlds"]
PLATFORMS = ("console", "discord", "telegram")
TRACKED = {"positions": True}
"""Papercraft with positions tracked: its board is the battlefield."""


def views(game: str, options: dict[str, Any], seed: str) -> list[tuple[View, ...]]:
    """Each step of a bots' game with hostile names: the public view and every seat's."""
    engine = engine_for(game)
    players = 2 if game == "papercraft" else min(3, engine.max_players)
    rng, chooser = Rng(seed), Rng(seed + "/chooser")
    state, _ = engine.setup(HOSTILE[:players], options, rng)
    seen = []
    for _step in range(2000):
        seats = range(players)
        seen.append((engine.view(state, None), *(engine.view(state, s) for s in seats)))
        if engine.outcome(state) is not None:
            return seen
        seat = chooser.choice(engine.waiting(state))
        move = engine.bot_move(state, seat, chooser.fork("bot"))
        engine.act(state, seat, move.verb, list(move.args), rng)
    raise AssertionError("the game did not end")


def default_is_picture(game: str, platform: str, options: dict[str, Any]) -> bool:
    table = Table(id=1, platform=platform, chat_id="1", game=game, creator_id="1", options=options)
    return wants_image(table, "auto")


def check_text(view: View, lang: str) -> None:
    text = render_text(localise_view(view, lang))
    for line in text.split("\n"):
        assert width(line) <= PHONE_COLUMNS, (lang, line)


def check_picture(view: View) -> None:
    assert view.grids, "a picture board is a map, not a table of text"
    image = Image.open(BytesIO(render_png(view)))
    assert image.width == WIDTH and 200 < image.height < 6 * WIDTH
    for track in view.tracks:
        shape = track_shape(track)
        for x, y in token_centres(track).values():
            assert MARGIN <= x <= WIDTH - MARGIN and 0 <= y <= shape.height, track.name


def test_the_defaults_are_pictures_only_where_a_map_is_the_point() -> None:
    pictures = {
        (game, platform)
        for game in REAL_GAMES
        for platform in PLATFORMS
        if default_is_picture(game, platform, {})
    }
    chat = {"discord", "telegram"}
    assert pictures == {(g, p) for g in ("papertown", "skylines") for p in chat}
    assert all(default_is_picture("papercraft", p, TRACKED) for p in chat)
    assert not default_is_picture("papercraft", "console", TRACKED)
    chosen = Table(id=1, platform="discord", chat_id="1", game="skylines", creator_id="1")
    assert not wants_image(chosen, "text")  # a chat's /settings board text
    chosen.settings = {"board": "image"}
    assert wants_image(chosen, "text")  # the table's own --board wins


@pytest.mark.parametrize(
    ("game", "options"), [(g, {}) for g in REAL_GAMES] + [("papercraft", TRACKED)]
)
def test_every_default_board_fits_a_phone_across_a_whole_game(
    game: str, options: dict[str, Any]
) -> None:
    steps = views(game, options, f"phone-{game}")
    pictures = {p for p in PLATFORMS if default_is_picture(game, p, options)}
    for k, seen in enumerate(steps):
        for view in seen:
            check_text(view, "en")  # the text form fits wherever it is chosen
            if k % 7 == 0:
                check_text(view, "pl")
    if pictures:
        for k in (0, len(steps) // 2, len(steps) - 1):
            check_picture(steps[k][0])


def test_wide_characters_keep_columns_in_line() -> None:
    block = TableBlock("", ["Player", "Floors"], [["> Zoë 🌸", "5"], ["Bob & <Co>", "12"]])
    rows = render_text(View("", tables=[block])).split("\n")[2:]
    starts = {width(line[: line.rindex("  ") + 2]) for line in rows}
    assert len(rows) == 2 and len(starts) == 1, rows  # the numbers start in one column


def test_a_polish_board_leaves_out_what_the_english_one_does() -> None:
    view = views("skylines", {}, "phone-pl")[40][0]
    said = localise_view(view, "pl")
    kept = [(b.in_image, b.in_text) for b in view.tables]
    assert [(b.in_image, b.in_text) for b in said.tables] == kept and (False, True) in kept
    assert [g.title for g in said.grids] != [g.title for g in view.grids]
    assert all(g.title.startswith("Miasto gracza") for g in said.grids), said.grids[0].title
