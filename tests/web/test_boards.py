"""GoTown's towers and Paper Tales' kingdoms as the web draws them: every floor a block of its
owner's colour named in words, every unit a card with its cost and strength in its row; what
is drawn is public (the same for every reader)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.i18n import localise_view
from bot.web.colours import seat_colour
from bot.web.draw import view_html
from games.base import Action, Rng
from games.gotown.towers import floor_text
from games.papertales.catalog import card_name, unit
from games.registry import engine_for
from games.replay import apply

NAMES = ["Ann", "Bob", "Cid"]


def played(game: str, moves: int) -> Any:
    """A table of bots after some moves: towers built, kingdoms recruited."""
    engine = engine_for(game)
    rng = Rng(f"boards-{game}")
    state, _events = engine.setup(NAMES, {}, rng)
    for _ in range(moves):
        if engine.outcome(state) is not None:
            break
        seat = engine.waiting(state)[0]
        move = engine.bot_move(state, seat, rng.fork("bot"))
        apply(engine, state, Action(seat, move.verb, move.args), rng, NAMES[seat])
    return state


def test_each_tower_is_drawn_floor_by_floor_in_its_owners_colour() -> None:
    engine = engine_for("gotown")
    state = played("gotown", 80)
    view = engine.view(state, None, figures=True)
    assert view.holdings == engine.view(state, 1, figures=True).holdings, "a tower is public"
    html = view_html(view)
    assert html.count('<figure class="towers">') == 1
    for seat, tower in enumerate(state["towers"]):
        blocks = re.findall(rf'<rect [^>]*fill="{seat_colour(seat)}"/>', html)
        assert len(blocks) == len(tower), NAMES[seat]
        for number, floor in enumerate(tower, start=1):
            guard = " (dog)" if floor["dog"] else ""
            assert f"<title>Floor {number}: {floor_text(floor)}{guard}</title>" in html
        said = f"{NAMES[seat]}: {len(tower)} of {state['goal']} floors, from the ground up"
        assert said in html or (not tower and f"{NAMES[seat]}: not built yet." in html)
    assert sum(map(len, state["towers"])) > 3, "the game built towers to draw"


def test_each_kingdom_shows_its_units_as_cards_in_their_rows() -> None:
    engine = engine_for("papertales")
    state = played("papertales", 150)
    view = engine.view(state, None, figures=True)
    assert view.holdings == engine.view(state, 0, figures=True).holdings, "a kingdom is public"
    html = view_html(view)
    sections = html.split('<section class="holding"')[1:]
    assert len(sections) == len(NAMES)
    units = 0
    for seat, (player, section) in enumerate(zip(state["players"], sections, strict=True)):
        assert f"<h3>{NAMES[seat]}&#x27;s kingdom</h3>" in section
        assert f"border-left-color:{seat_colour(seat)}" in section
        rows = dict(re.findall(r"<h4>(\w+)</h4>(.*?)</div>", section))
        for slot in player["units"]:
            card = unit(slot["card"])
            drawn = (
                f'<li class="card"><b>{card_name(slot["card"])}</b>'
                f"<span>cost {card.cost}</span><span>strength {card.strength}</span>"
            )
            assert drawn in rows["Front" if slot["row"] == "front" else "Back"]
            units += 1
        for building, level in player["buildings"].items():
            assert f"<span>level {level}</span>" in rows["Buildings"], building
    assert units >= 3, "the game recruited units to draw"


def test_the_drawn_boards_speak_polish() -> None:
    for game, moves, words in (("gotown", 80, "Wieże"), ("papertales", 150, "Królestwo: Ann")):
        view = localise_view(engine_for(game).view(played(game, moves), None, figures=True), "pl")
        html = view_html(view)
        assert words in html
        assert "floors, from the ground up" not in html and "strength " not in html


def test_only_a_page_gets_the_figures() -> None:
    """A chat board (made at every move) has no figures; a page's view is the same view with
    its figures added."""
    for game, moves in (("gotown", 40), ("papertales", 60), ("skylines", 40), ("papercraft", 60)):
        engine = engine_for(game)
        state = played(game, moves)
        for seat in (None, 0):
            chat = engine.view(state, seat)
            page = engine.view(state, seat, figures=True)
            assert not chat.holdings and not chat.cities and chat.battlefield is None, game
            assert page.holdings or page.cities or page.battlefield is not None, game
            assert replace(page, holdings=[], cities=[], battlefield=None) == chat, game
