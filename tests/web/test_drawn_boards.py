"""The web pages draw each board as its game is: Papercraft's units where they stand at their
bases' size, Skylines' cities card by card with the tracks' tokens on their spaces, PaperTown's
sheet cell by cell as it is printed; no hidden city shown, and nothing wider than a phone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

from bot.i18n import localise_view
from bot.web import draw_battlefield, draw_track
from bot.web.draw import view_html
from bot.web.pages import document
from games.base import Action, Rng, State, View
from games.papercraft.board import kind
from games.papercraft.catalog import templates
from games.papercraft.geometry import footprint
from games.registry import engine_for
from games.replay import apply
from games.skylines.cards import TRACKS
from games.skylines.catalog import catalog_of
from tests.games.papertown.helpers import act as papertown_act
from tests.games.papertown.helpers import new_game, rolled

NAMES = ["Ann", "Bob"]


def played(game: str, options: dict[str, Any], done: Callable[[State], bool]) -> State:
    """A game of bots, stopped as soon as `done` holds."""
    engine = engine_for(game)
    rng = Rng(f"boards-{game}")
    state, _events = engine.setup(NAMES, options, rng)
    for step in range(600):
        if done(state):
            return state
        assert engine.outcome(state) is None, "the game ended first"
        seat = engine.waiting(state)[0]
        move = engine.bot_move(state, seat, rng.fork(f"bot{step}"))
        apply(engine, state, Action(seat, move.verb, move.args), rng, NAMES[seat])
    raise AssertionError("never reached")


def public_html(game: str, state: State) -> str:
    return view_html(localise_view(engine_for(game).view(state, None, figures=True), "en"))


def figures(html: str, css: str) -> list[ET.Element]:
    """Each <figure class="css ..."> of the page, read as XML (so each is well formed)."""
    found = re.findall(rf'<figure class="{css}[^"]*">.*?</figure>', html)
    return [ET.fromstring(part) for part in found]


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter() if css in (e.get("class") or "").split()]


def test_each_unit_stands_where_the_state_has_it_at_its_bases_size() -> None:
    state = played(
        "papercraft",
        {"positions": True, "points": 200, "rounds": 2},
        lambda s: (
            s["phase"] == "battle" and s["round"] == 1 and any(p["moved"] for p in s["units"])
        ),
    )
    (field,) = figures(public_html("papercraft", state), "battlefield")
    drawn = {int(g.get("data-number", 0)): g for g in by_class(field, "unit")}
    depth = state["options"]["table"][1]
    scale = draw_battlefield.SCALE
    sizes = set()
    for number, piece in enumerate(state["units"], start=1):
        wide, deep = footprint(templates()[kind(state, piece)["template"]], piece["facing"])
        sizes.add((wide, deep))
        left, top = piece["x"] - wide / 2, depth - piece["y"] - deep / 2
        box = [float(v) for v in drawn[number].get("data-box", "").split()]
        assert box == pytest.approx(
            [left * scale, top * scale, wide * scale, deep * scale], abs=0.06
        )
        assert int(drawn[number].get("data-seat", -1)) == piece["owner"]
        title = drawn[number].findtext("title") or ""
        assert f"{piece['hp']}/{piece['max_hp']} HP" in title and NAMES[piece["owner"]] in title
    assert len(sizes) > 1, "units of more than one base size, each drawn at its own"
    said = [li for li in by_class(field, "units")[0]]
    assert len(said) == len(state["units"])


def test_without_positions_every_base_is_drawn_to_scale_side_by_side() -> None:
    state = played("papercraft", {"points": 200}, lambda s: s["phase"] == "battle")
    (field,) = figures(public_html("papercraft", state), "battlefield")
    boxes = [[float(v) for v in g.get("data-box", "").split()] for g in by_class(field, "unit")]
    assert len(boxes) == len(state["units"])
    for box, piece in zip(boxes, state["units"], strict=True):
        wide, deep = footprint(templates()[kind(state, piece)["template"]], piece["facing"])
        assert box[2:] == pytest.approx([wide * 10, deep * 10])
    for n, a in enumerate(boxes):  # side by side: no base drawn over another
        for b in boxes[n + 1 :]:
            apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
            assert apart or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]


def test_each_city_lot_shows_its_buildings_cards_bottom_to_top() -> None:
    state = played(
        "skylines",
        {},
        lambda s: s["phase"] != "city" and len(s["cities"][0]) >= 2 and s["level"] >= 2,
    )
    cat = catalog_of(state)
    cities = figures(public_html("skylines", state), "city")
    assert len(cities) == len(NAMES)
    for seat, figure in enumerate(cities):
        lots = by_class(figure, "lot")
        spots = state["cities"][seat]
        assert len(lots) == len(spots)
        for col, (lot, stack) in enumerate(zip(lots, spots, strict=True)):
            floors = by_class(lot, "floor")
            built = [] if stack is None else stack["built"]
            assert [int(f.get("data-level", 0)) for f in floors] == list(range(1, len(built) + 1))
            for floor, name in zip(floors, built, strict=True):
                text = "".join(floor.itertext())
                assert cat.label(name) in text and cat.label(cat.card(name).type) in text
            ground = "".join(by_class(lot, "ground")[0].itertext())
            assert ("★" in ground) == (state["mayor"][seat] == col)


def test_no_chosen_city_is_drawn_before_every_player_has_chosen() -> None:
    state = played("skylines", {}, lambda s: sum(c is not None for c in s["city"]) == 1)
    cat = catalog_of(state)
    html = public_html("skylines", state)
    offered = {cat.label(city) for offers in state["offers"] for city in offers}
    assert not [city for city in offered if city in html]
    for figure in figures(html, "city"):
        assert not by_class(figure, "lot") and "not revealed yet" in (figure.findtext(".//b") or "")


def test_each_token_is_on_its_players_space() -> None:
    state = played("skylines", {}, lambda s: s["phase"] != "city" and max(s["score"]) >= 3)
    html = public_html("skylines", state)
    tracks = figures(html, "track")
    assert len(tracks) == len(TRACKS) + 1  # and the score
    view = engine_for("skylines").view(state, None, figures=True)
    for figure, track in zip(tracks, view.tracks, strict=True):
        tokens = by_class(figure, "token")
        assert {int(t.get("data-seat", -1)): int(t.get("data-space", -1)) for t in tokens} == {
            seat: track.positions[name] for seat, name in enumerate(NAMES)
        }
        assert (
            len([r for r in figure.iter("rect") if r.get("fill") == "#ffffff"]) >= track.length + 1
        )
        height = draw_track._box_height(track)
        for who, (space, x, y) in draw_track.token_spots(track).items():
            row, col = divmod(space, draw_track.PER_ROW)
            left, top = col * (draw_track.BOX + draw_track.GAP), row * (height + draw_track.GAP)
            assert left < x < left + draw_track.BOX and top < y < top + height, who


def test_the_sheet_is_the_printed_one_every_cell_named_marked_and_lettered() -> None:
    state = new_game(["YY*GK", "GMLWR", "RGGGY"], specials="A3 bakery")
    rolled(state, "Y")
    papertown_act(state, 0, "mark", "A2")
    html = public_html("papertown", state)
    (sheet,) = figures(html, "map sheet")
    svg = sheet.find("svg")
    assert svg is not None
    cells = {g.get("data-cell"): g for g in by_class(svg, "cell")}
    assert len(cells) == 15 and all(c.find("polygon") is not None for c in cells.values())
    names = {key: (g.findtext("title") or "") for key, g in cells.items()}
    assert names["0,1"].startswith("A2: yellow") and "X Ann" in names["0,1"]
    assert names["0,2"].startswith("A3: Bakery (claimed)") and names["0,2"].endswith(", X")
    assert names["1,3"] == "B4: water (blue)"
    written = [written_on(g) for g in by_class(svg, "cell")]
    assert "X" in written[1] and written[2].startswith("Bak") and "X" in written[2]
    rulers = [t.text for t in svg.findall("text")]
    assert rulers == ["1", "2", "3", "4", "5", "A", "B", "C"]
    letters: dict[str, str] = {}
    for key, g in cells.items():
        polygon = g.find("polygon")
        if len(list(g)) == 3 and polygon is not None:  # a plain cell: title, hexagon, letter
            colour = polygon.get("fill", "")
            assert letters.setdefault(colour, written_on(g)) == written_on(g), key
    assert len(set(letters.values())) == len(letters) >= 6, "one letter per colour"
    centre_a1, centre_b1 = (float(p.split(",")[0]) for p in _first_points(cells, "0,0", "1,0"))
    assert centre_b1 > centre_a1, "the second row is printed shifted right"


def written_on(cell: ET.Element) -> str:
    """The words drawn on a cell (not its name for screen readers)."""
    return "".join(t.text or "" for t in cell.findall("text"))


def _first_points(cells: dict[str | None, ET.Element], *keys: str) -> list[str]:
    """Each cell's hexagon's first corner (the same corner of every hexagon)."""
    points = []
    for key in keys:
        polygon = cells[key].find("polygon")
        assert polygon is not None
        points.append(polygon.get("points", "").split()[0])
    return points


def page_of(views: list[View]) -> str:
    return document("boards", "".join(view_html(v) for v in views), "en", script=False)


def test_the_boards_fit_a_phone_without_scrolling_sideways(phone: Any) -> None:
    craft = played(
        "papercraft", {"positions": True, "points": 200}, lambda s: s["phase"] == "battle"
    )
    sky = played("skylines", {}, lambda s: s["phase"] != "city" and s["level"] >= 2)
    town = played("papertown", {}, lambda s: s["turn"] >= 2)
    views = [
        localise_view(engine_for(game).view(state, None, figures=True), "en")
        for game, state in (("papercraft", craft), ("skylines", sky), ("papertown", town))
    ]
    page = phone.new_page()
    page.set_content(page_of(views))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wide = page.evaluate(
        "[...document.querySelectorAll('figure')].map(f => f.getBoundingClientRect().right)"
    )
    assert wide and max(wide) <= 390
    sizes = page.evaluate(
        "[...document.querySelectorAll('figure.battlefield g.unit rect')]"
        ".map(r => r.getBoundingClientRect().width)"
    )
    assert min(sizes) >= 8, "a 1-inch base is still a mark a finger can find"


def test_the_empty_battlefield_is_drawn_before_any_army_stands_on_it() -> None:
    state, _events = engine_for("papercraft").setup(NAMES, {"positions": True}, Rng("empty"))
    (field,) = figures(public_html("papercraft", state), "battlefield")
    assert not by_class(field, "unit") and field.find("svg") is not None
    assert "Battlefield 36x36" in "".join(field.itertext())


def test_the_drawings_say_themselves_in_the_readers_language() -> None:
    state = played(
        "papercraft", {"positions": True, "points": 200}, lambda s: s["phase"] == "battle"
    )
    html = view_html(localise_view(engine_for("papercraft").view(state, None, figures=True), "pl"))
    (field,) = figures(html, "battlefield")
    words = "".join(field.itertext())
    assert "Pole bitwy 36x36" in words and " PŻ, " in words and "szablon" in words
    assert " HP" not in words and "alive" not in words
    sky = played("skylines", {}, lambda s: s["phase"] != "city")
    html = view_html(localise_view(engine_for("skylines").view(sky, None, figures=True), "pl"))
    words = "".join(figures(html, "city")[0].itertext())
    assert any(
        f"({kind})" in words for kind in ("Mieszkania", "Handel", "Przemysł", "Zieleń", "Urzędy")
    )
    assert not [
        en for en in ("Residential", "Commercial", "Industrial", "Park", "Civic") if en in words
    ]
