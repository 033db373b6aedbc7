"""Set-up: decks with their round-end cards low down, two cities offered each, hands and the row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Move, Rng, RuleError, State, private, seat_by_name
from games.skylines.catalog import ROUND_END, TRACKS, load
from games.skylines.decks import deal_level, describe, refill_row
from games.skylines.parse import one_name
from games.skylines.table import Table
from games.skylines.turns import start_turn

GREETING = (
    "Welcome to Paper Skylines. The cards in play are an ORIGINAL SAMPLE set made up for this "
    "bot, NOT the published game's cards (which could not be found). Each player keeps one of "
    "two cities with /city NAME; then play begins."
)


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


def new_game(names: Sequence[str], options: Mapping[str, Any], rng: Rng) -> tuple[State, Table]:
    text = options.get("cards") or None
    cat = load(text)
    count = len(names)
    if len(cat.cities) < 2 * count:
        raise RuleError(
            f"The card file has {len(cat.cities)} cities; {2 * count} players need {2 * count}."
        )
    need = cat.deal * count + cat.row_size + 1
    if len(cat.level(1)) < need:
        raise RuleError(f"The card file has too few level 1 cards; {count} players need {need}.")
    wanted = str(options.get("first") or "").strip()
    first = seat_by_name(names, wanted) if wanted else rng.randbelow(count)
    decks = _decks([cat.level(level) for level in range(1, 5)], rng)
    cities = list(cat.cities)
    rng.shuffle(cities)
    chips = list(cat.chips)
    rng.shuffle(chips)
    state: State = {
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
            dict.fromkeys(("lines", "end", "stars", "chips", "awards"), 0) for _ in range(count)
        ],
        "claims": {a.name: [] for a in cat.achievements},
        "chips": {a.name: chips[i] for i, a in enumerate(cat.achievements)},
        "chip_owner": dict.fromkeys(a.name for a in cat.achievements),
        "turn": {"seat": first, "actions": 0, "once": [], "last_track": None},
        "turns": [0] * count,
        "program": None,
        "result": None,
    }
    t = Table(state, cat, rng)
    t.say(GREETING)
    t.say(f"{names[first]} plays first.")
    deal_level(t, first)
    refill_row(t)
    for seat in range(count):
        offers = state["offers"][seat]
        offered = " | ".join(
            f"{c} ({cat.cities[c].type}{', ' + str(cat.cities[c].site) if cat.cities[c].site else ''})"
            f": {cat.cities[c].text}"
            for c in offers
        )
        hand = " | ".join(describe(cat, c) for c in state["hands"][seat])
        choices = [Move("city", tuple(c.split())) for c in offers]
        text = f"Keep one city with /city NAME: {offered} Your hand: {hand}"
        t.out.append(private(seat, text, choices=choices))
    return state, t


def choose_city(t: Table, seat: int, parts: list[str]) -> None:
    """A simultaneous, private choice; when the last player has chosen, all cities are shown."""
    state = t.state
    if state["city"][seat] is not None:
        raise RuleError(f"You already kept {state['city'][seat]}; wait for the others to choose.")
    name = one_name(parts, state["offers"][seat], "one of your two cities")
    state["city"][seat] = name
    t.tell(seat, f"You keep {name}.", reveals=False)
    missing = [t.name(s) for s, c in enumerate(state["city"]) if c is None]
    if missing:
        t.say(f"{t.name(seat)} has chosen a city. Still choosing: {', '.join(missing)}.")
        return
    for s, name in enumerate(state["city"]):
        state["cities"][s] = [{"built": [name], "tucked": []}]
    shown = "; ".join(
        f"{t.name(s)}: {c} ({t.cat.cities[c].text})" for s, c in enumerate(state["city"])
    )
    t.say(f"Cities revealed: {shown}. Each mayor stands on their city.", reveal=True)
    state["phase"] = "play"
    start_turn(t, state["first"])
