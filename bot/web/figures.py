"""The parts of a View the web page draws as the game's own pictures rather than as generic
maps: a battlefield to scale, players' cities as buildings, score tracks with tokens."""

from __future__ import annotations

from collections.abc import Iterator

from bot.web.draw_battlefield import battlefield_svg
from bot.web.draw_city import city_html
from bot.web.draw_track import track_svg
from games.base import Track, View


def figures_html(view: View) -> Iterator[str]:
    """The battlefield and the cities (drawn where the maps they stand for would be)."""
    if view.battlefield is not None:
        yield battlefield_svg(view.battlefield, view.lang)
    yield from (city_html(city, view.lang) for city in view.cities)


def scored(track: Track) -> bool:
    """A track of players' tokens (not one of boxes crossed off): drawn as spaces and tokens."""
    return bool(track.positions) and not track.ticked


def tracks_html(view: View) -> Iterator[str]:
    yield from (track_svg(track) for track in view.tracks if scored(track))
