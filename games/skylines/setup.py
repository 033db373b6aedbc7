"""Set-up: decks with their round-end cards low down, two cities offered each, hands, the row,
and the greeting that says whose cards these are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event, Move, Rng, RuleError, private, seat_by_name
from games.i18n import _, joined
from games.skylines.cards import ROUND_END, TRACKS, Catalog
from games.skylines.catalog import load
from games.skylines.context import Context
from games.skylines.decks import deal_level, refill_row
from games.skylines.state import SkylinesState

SAMPLE = _(
    "The cards in play are an ORIGINAL SAMPLE set made up for this bot, NOT the published "
    "game's cards (which could not be found)."
)


def provenance(cat: Catalog) -> str:
    """Whose cards these are, said in the greeting and on the board."""
    if not cat.custom:
        return SAMPLE
    buildings = sum(1 for c in cat.cards.values() if c.level > 0)
    counts = {"buildings": buildings, "cities": len(cat.cities)}
    if cat.borrowed:
        return _(
            "The cards in play come from this group's own card file ({buildings} buildings, "
            "{cities} cities); what it leaves out ({sections}) comes from the bot's ORIGINAL "
            "SAMPLE set, NOT the published game's cards.",
            sections=", ".join(cat.borrowed),
            **counts,
        )
    return _(
        "The cards in play come from this group's own card file ({buildings} buildings, "
        "{cities} cities).",
        **counts,
    )


def greeting(cat: Catalog) -> str:
    return _(
        "Welcome to Paper Skylines. {provenance} Each player keeps one of two cities "
        "with /city NAME; then play begins.",
        provenance=provenance(cat),
    )


def card_set(options: Mapping[str, Any]) -> str | None:
    """The card file's text, or None for the sample."""
    text = options.get("cards") or None
    return str(text) if text is not None else None


def check_players(cat: Catalog, players: int, most: int) -> None:
    """Refuse a card set too thin for this many players, saying how many it can seat; at /new
    `players` is the most a table may seat, at the start the players seated."""
    short = cat.shortfall(players)
    if short is None:
        return
    seats = cat.most_players(most)
    if seats >= 2:
        can = _("it seats at most {seats} players", seats=seats)
    else:
        can = _("it cannot seat even 2 players")
    if players == most:
        can = _("{can}, and a table may seat {most}", can=can, most=most)
    raise RuleError(_("The card file has {short}: {can}.", short=short, can=can))


def _decks(names: list[list[str]], rng: Rng) -> dict[str, list[str]]:
    """Shuffle each level and put its round-end card among the bottom five."""
    decks: dict[str, list[str]] = {}
    for level, cards in enumerate(names, start=1):
        deck = list(cards)
        rng.shuffle(deck)
        below = rng.randbelow(min(5, len(deck) + 1))
        deck.insert(len(deck) - below, ROUND_END)
        decks[str(level)] = deck
    return decks


def new_game(
    names: Sequence[str], options: Mapping[str, Any], rng: Rng, most: int
) -> tuple[SkylinesState, list[Event]]:
    text = card_set(options)
    cat = load(text)
    count = len(names)
    check_players(cat, count, most)
    wanted = str(options.get("first") or "").strip()
    first = seat_by_name(names, wanted) if wanted else rng.randbelow(count)
    decks = _decks([cat.level(level) for level in range(1, 5)], rng)
    cities = list(cat.cities)
    rng.shuffle(cities)
    chips = list(cat.chips)
    rng.shuffle(chips)
    state: SkylinesState = {
        "names": list(names),
        "cards_file": text,
        "phase": "city",
        "offers": [cities[2 * s : 2 * s + 2] for s in range(count)],
        "city": [None] * count,
        "first": first,
        "level": 1,
        "decks": decks,
        "seen_end": [],
        "row": [],
        "discard": [],
        "set_aside": [],
        "hands": [[] for _ in range(count)],
        "cities": [[] for _ in range(count)],
        "mayor": [0] * count,
        "tracks": [dict.fromkeys(TRACKS, 0) for _ in range(count)],
        "lines": [{tr: [] for tr in TRACKS} for _ in range(count)],
        "end_bonus": dict.fromkeys(TRACKS),
        "score": [0] * count,
        "points": [
            {"lines": 0, "end": 0, "stars": 0, "chips": 0, "awards": 0} for _ in range(count)
        ],
        "claims": {a.name: [] for a in cat.achievements},
        "chips": {a.name: chips[i] for i, a in enumerate(cat.achievements)},
        "chip_owner": dict.fromkeys(a.name for a in cat.achievements),
        "turn": {"seat": first, "actions": 0, "once": [], "last_track": None},
        "turns": [0] * count,
        "program": None,
        "result": None,
    }
    t = Context(state, cat, rng)
    t.say(greeting(cat))
    t.say(_("{player} plays first.", player=names[first]))
    deal_level(t, first)
    refill_row(t)
    for seat in range(count):
        offers = state["offers"][seat]
        offered = joined((cat.describe_city(c) for c in offers), " | ")
        hand = joined((cat.describe(c) for c in state["hands"][seat]), " | ")
        choices = [Move("city", (cat.label(c),)) for c in offers]
        text = _(
            "Keep one city with /city NAME: {offered} Your hand: {hand}", offered=offered, hand=hand
        )
        t.out.append(private(seat, text, choices=choices))
    return state, t.out
