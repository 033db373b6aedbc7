"""What a seat (or the public) sees: cities as stacks with their icons, the row, the tracks."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import orjson

from games.base import Cell, City, Grid, Lot, TableBlock, Track, View, token_labels
from games.i18n import _, _n, from_json, joined
from games.memo import Memo
from games.skylines import city
from games.skylines.cards import TRACK_TITLES, TRACKS, Achievement, Catalog
from games.skylines.catalog import catalog_of
from games.skylines.effects import registry
from games.skylines.program import current
from games.skylines.setup import provenance
from games.skylines.state import SkylinesState, Stack

SAMPLE_NOTE = _("Cards: an ORIGINAL SAMPLE set made up for this bot, not the published game.")


def _icons(cat: Catalog, stack: Stack) -> str:
    types = city.type_icons(cat, stack)
    marks = [
        _("{icon} x{n}", icon=cat.label(kind), n=n) if n > 1 else cat.label(kind)
        for kind, n in sorted(types.items())
    ]
    landmarks = sum(1 for name in city.stack_cards(stack) if cat.card(name).landmark)
    if landmarks:
        landmark = _("landmark")
        marks.append(_("{icon} x{n}", icon=landmark, n=landmarks))
    site = cat.card(stack["built"][-1]).site
    if site:
        marks.append(_("{site} (top)", site=cat.label(site)))
    return joined(marks)


MEMO_LIMIT = 4096
"""The most entries each of a card set's memos keeps."""


AchievementKey = tuple[str, tuple[str, ...], str | None, int | None]
"""An achievement, who claimed it, who took its chip and the chip's points if shown."""
Achieved = tuple[tuple[str, ...], tuple[tuple[str, str, str], ...]]
"""The achievements' lines in text, and their rows in a picture."""
LotKey = tuple[int, int, bool, tuple[str, ...], tuple[str, ...]]
"""A building of a city: its place, the city's height, whether the mayor is on it, its built
and its tucked cards."""
LotParts = tuple[
    tuple[str, ...], str, tuple[Cell, ...], tuple[tuple[str, ...], tuple[str, ...], bool, int]
]
"""A building as a city's parts show it: its row, its column's label, its cells, its lot."""
DECK_LEVELS = ("1", "2", "3", "4")
DecksKey = tuple[tuple[int, ...], int, str | None]
"""Each deck's size, how many cards are discarded and the top one."""


@dataclass(frozen=True, eq=False)
class _Printed:
    """The parts of a view made once per card set and what they show: a building's row, a
    city's building and a whole city (a city changes at a few moves, every view shows them all),
    a card's row in the card row, a card in a hand, the achievements, the game-end awards. Texts
    and tuples never change once made, so views share them."""

    cat: Catalog
    stacks: Memo[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = field(
        default_factory=lambda: Memo(MEMO_LIMIT)
    )
    cards: Memo[str, tuple[str, ...]] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    described: Memo[str, str] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    achievements: Memo[bytes, Achieved] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    cities: Memo[bytes, CityParts] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    lots: Memo[LotKey, LotParts] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    decks: Memo[DecksKey, str] = field(default_factory=lambda: Memo(MEMO_LIMIT))

    def stack(self, built: tuple[str, ...], tucked: tuple[str, ...]) -> tuple[str, ...]:
        """A building's top card, built cards, tucked cards, icons and height, made once per
        which cards they are (a city's height, which its buildings' rows do not show, moves
        every building's cells)."""
        found = self.stacks.find((built, tucked))
        if found is None:
            found = self.stacks.keep((built, tucked), _stack_parts(self.cat, built, tucked))
        return found

    def card(self, name: str) -> tuple[str, ...]:
        """A card in the row: name, type, cost, gains, site, landmark, mayor action."""
        cat = self.cat
        card = cat.card(name)
        return self.cards.get(
            name,
            lambda _key: (
                cat.label(name),
                cat.label(card.type),
                str(card.cost),
                cat.gains(name),
                cat.label(card.site) or "-",
                _("yes") if card.landmark else "-",
                card.text,
            ),
        )

    def describe(self, name: str) -> str:
        """A card in a hand, as `Catalog.describe` says it."""
        return self.described.get(name, self.cat.describe)

    def city(self, state: SkylinesState, seat: int) -> CityParts:
        """A player's city, made once per what it shows (a city changes at a few moves)."""
        return self.cities.get(city_key(state, seat), lambda _key: _city_parts(state, self, seat))

    def lot(self, key: LotKey) -> LotParts:
        """A building of a city, made once per what it shows (a move changes one building: the
        city's other buildings are found here)."""
        found = self.lots.find(key)
        return found if found is not None else self.lots.keep(key, _lot_parts(self, key))

    def achieved(self, state: SkylinesState, seat: int | None) -> Achieved:
        """Each achievement's line, and its row in a picture's short table, found by what they
        are made of (written out by orjson at a fraction of the cost of reading it as tuples):
        names, claims, chips' owners, and the chips' points where the seat may see them."""
        over = state["phase"] == "over"
        chips = state["chips"] if over or seat is not None else None
        parts = (state["names"], state["claims"], state["chip_owner"], chips, seat, over)
        key = orjson.dumps(parts)
        found = self.achievements.find(key)
        if found is not None:
            return found
        return self.achievements.keep(
            key, _achieved(self.cat, _achievement_keys(state, self.cat, seat))
        )

    def decks_line(self, state: SkylinesState) -> str:
        """The decks' sizes and the discards, made once per what they show (a move changes one
        or two of them)."""
        discard = state["discard"]
        sizes = tuple(len(state["decks"][level]) for level in DECK_LEVELS)
        key = (sizes, len(discard), discard[-1] if discard else None)
        found = self.decks.find(key)
        return found if found is not None else self.decks.keep(key, _decks_line(self.cat, key))

    @cached_property
    def awards(self) -> str:
        """The game-end awards, with their rules."""
        cat = self.cat
        awards = joined(
            (
                _(
                    "{award} {points} ({rule})",
                    award=cat.label(a.name),
                    points=a.points,
                    rule=a.text,
                )
                for a in cat.awards
            ),
            "; ",
        )
        return _("Game-end awards: {awards}", awards=awards)


def _decks_line(cat: Catalog, key: DecksKey) -> str:
    sizes, discards, top = key
    decks = joined(
        _("level {level}: {n}", level=int(level), n=n)
        for level, n in zip(DECK_LEVELS, sizes, strict=True)
    )
    return _(
        "Deck sizes ({decks}); discards: {n} (top: {top}).",
        decks=decks,
        n=discards,
        top=cat.label(top) if top is not None else _("none"),
    )


MEMOS_KEPT = 16
_MEMOS: Memo[int, _Printed] = Memo(MEMOS_KEPT)


def _printed(cat: Catalog) -> _Printed:
    """The memo of these cards, found by the catalogue's id: a kept memo holds its catalogue, so
    no other catalogue has that id while it is kept."""
    return _MEMOS.get(id(cat), lambda _id: _Printed(cat))


@dataclass(frozen=True)
class CityParts:
    """A city as views show it: its rows in text, its picture's cells and its buildings."""

    title: str
    rows: tuple[tuple[str, ...], ...]
    high: int
    row_labels: tuple[str, ...]
    cells: tuple[Cell, ...]
    col_labels: tuple[str, ...]
    lots: tuple[tuple[tuple[str, ...], tuple[str, ...], bool, int], ...]


def city_key(state: SkylinesState, seat: int) -> bytes:
    """What a city's parts show, written out by orjson: cities being chosen, the owner, the city
    card, the mayor's building, and each building's built and tucked cards."""
    choosing = state["phase"] == "city"
    stacks = None if choosing else city.spots(state, seat)
    shown = (choosing, state["names"][seat], state["city"][seat], state["mayor"][seat], stacks)
    return orjson.dumps(shown)


TYPE_COLOURS = ("#4f86d9", "#e3a33b", "#58b368", "#a56bd1", "#d9605f", "#3fb3ab", "#c7a27a")
"""A building type's colour in a city's picture, by the type's place in the card set."""
EMPTY = "#ffffff"


def _city_parts(state: SkylinesState, printed: _Printed, seat: int) -> CityParts:
    """The parts of a player's city; while cities are chosen, no building and no city's name
    (a chosen city stays secret until all have chosen)."""
    cat = printed.cat
    choosing = state["phase"] == "city"
    stacks = [] if choosing else city.spots(state, seat)
    mayor = state["mayor"][seat]
    high = max((len(s["built"]) for s in stacks if s is not None), default=1)
    parts = [
        printed.lot(
            (col, high, mayor == col, tuple(stack["built"]), tuple(stack["tucked"]))
            if stack is not None
            else (col, high, mayor == col, (), ())
        )
        for col, stack in enumerate(stacks)
    ]
    title = _(
        "{player}'s city ({city})",
        player=state["names"][seat],
        city=_("not revealed yet") if choosing else cat.label(state["city"][seat]),
    )
    heights = tuple(str(high - r) for r in range(high))
    rows, labels, cells, lots = zip(*parts, strict=True) if parts else ((), (), (), ())
    every_cell = tuple(cell for column in cells for cell in column)
    return CityParts(title, tuple(rows), high, heights, every_cell, tuple(labels), tuple(lots))


def _stack_parts(cat: Catalog, built: tuple[str, ...], tucked: tuple[str, ...]) -> tuple[str, ...]:
    stack: Stack = {"built": list(built), "tucked": list(tucked)}
    return (
        cat.label(built[-1]),
        joined(cat.labels(built), " < "),
        cat.listed(tucked, "-"),
        _icons(cat, stack),
        str(len(built)),
    )


def _lot_parts(printed: _Printed, key: LotKey) -> LotParts:
    """A building's row, label, cells (from the bottom up, in its type's colour) and lot; no
    built card: a gap, a sprawl space."""
    cat = printed.cat
    col, high, mayor, built, tucked = key
    if built:
        row = (str(col + 1), *printed.stack(built, tucked), _("mayor") if mayor else "")
    else:
        row = (str(col + 1), _("(gap: a sprawl space)"), "", "", "", "0", "")
    under = len(tucked)
    label = f"{col + 1}{'★' if mayor else ''}{f' +{under}' if under else ''}"
    types = cat.types
    kinds = [cat.card(name).type for name in built]
    cells = tuple(
        Cell(
            high - 1 - level,
            col,
            TYPE_COLOURS[types.index(kind) % len(TYPE_COLOURS)] if kind in types else EMPTY,
            label=cat.label(name),
        )
        for level, (name, kind) in enumerate(zip(built, kinds, strict=True))
    )
    return row, label, cells, (tuple(cat.labels(built)), tuple(cat.labels(kinds)), mayor, under)


CITY_HEADER = (
    "#",
    _("Top card"),
    _("Built (bottom < top)"),
    _("Tucked"),
    _("Visible icons"),
    _("Height"),
    _("Mayor"),
)
CITY_LEGEND = (("★", _("mayor")), ("+N", _("cards tucked under")))
ROW_HEADER = (
    _("Slot"),
    _("Card"),
    _("Type"),
    _("Cost"),
    _("Gains"),
    _("Site"),
    _("Landmark"),
    _("Mayor action"),
)
PLAYERS_HEADER = (
    _("Player"),
    _("Token"),
    _("Score"),
    *(TRACK_TITLES[tr] for tr in TRACKS),
    _("Hand"),
    _("Achievements"),
)
ACHIEVEMENTS_HEADER = (_("Achievement"), "", _("Claimed by"))
SCORE = _("Score")
"""Column heads and a city picture's legend: marked once, said in each reader's language."""


def city_block(parts: CityParts) -> TableBlock:
    rows = [list(row) for row in parts.rows]
    return TableBlock(
        parts.title, list(CITY_HEADER), rows, in_image=False
    )  # a picture draws the city


def city_grid(parts: CityParts) -> Grid:
    """A player's city as a picture: a column per building, its built cards stacked from the
    bottom in their type's colour; the column's label marks the mayor and counts tucked cards."""
    high = parts.high
    return Grid(
        high,
        len(parts.col_labels),
        list(parts.cells),
        row_labels=list(parts.row_labels),
        col_labels=list(parts.col_labels),
        legend=dict(CITY_LEGEND),
        in_text=False,
        in_web=False,  # the web page draws `city_figure`
        title=parts.title,
    )


def city_figure(parts: CityParts, cat: Catalog) -> City:
    """The same city as its buildings (each card named with its type), titled as its map is."""
    lots = [
        Lot(list(floors), list(kinds), mayor=mayor, tucked=tucked)
        for floors, kinds, mayor, tucked in parts.lots
    ]
    return City(parts.title, lots, cat.labels(cat.types))


def _row_block(state: SkylinesState, cat: Catalog) -> TableBlock:
    printed = _printed(cat)
    rows = [[str(k + 1), *printed.card(name)] for k, name in enumerate(state["row"])]
    return TableBlock(_("Card row"), list(ROW_HEADER), rows)


def _players_block(state: SkylinesState) -> TableBlock:
    names = state["names"]
    claimed = [0] * len(names)
    for seats in state["claims"].values():
        for seat in seats:
            claimed[seat] += 1
    rows = [
        [
            name,
            token,
            str(score),
            *map(str, map(own.__getitem__, TRACKS)),
            str(len(hand)),
            str(claims),
        ]
        for name, token, score, own, hand, claims in zip(
            names,
            token_labels(names),
            state["score"],
            state["tracks"],
            state["hands"],
            claimed,
            strict=True,
        )
    ]
    return TableBlock(_("Players"), list(PLAYERS_HEADER), rows)


def _achievements(state: SkylinesState, cat: Catalog, seat: int | None) -> list[TableBlock]:
    """In text, each achievement's line with its goal (and the game-end awards); in a picture,
    a short table of who claimed which (the goals are in /rules)."""
    printed = _printed(cat)
    lines, rows = printed.achieved(state, seat)
    title = _("Achievements")
    full = TableBlock(title, [], [*([line] for line in lines), [printed.awards]], in_image=False)
    header = list(ACHIEVEMENTS_HEADER)
    return [full, TableBlock(title, header, [list(row) for row in rows], in_text=False)]


def _achievement_keys(
    state: SkylinesState, cat: Catalog, seat: int | None
) -> tuple[AchievementKey, ...]:
    """Each achievement with what the seat may know of it."""
    names = state["names"]
    keys: list[AchievementKey] = []
    for a in cat.achievements:
        owner = state["chip_owner"][a.name]
        claimed = tuple(names[s] for s in state["claims"][a.name])
        if owner is None:
            keys.append((a.name, claimed, None, None))
        elif owner == seat or state["phase"] == "over":
            keys.append((a.name, claimed, names[owner], state["chips"][a.name]))
        else:
            keys.append((a.name, claimed, names[owner], None))
    return tuple(keys)


def _achieved(cat: Catalog, keys: tuple[AchievementKey, ...]) -> Achieved:
    lines, rows = [], []
    for a, key in zip(cat.achievements, keys, strict=True):
        lines.append(_achievement_line(cat, a, key))
        rows.append((joined((cat.label(a.name), "★" * a.stars), " "), _chip(key), _claimers(key)))
    return tuple(lines), tuple(rows)


def _chip(key: AchievementKey) -> str:
    _name, _claimed, owner, points = key
    if owner is None:
        return _("chip face down")
    if points is not None:
        return _("chip {points} taken by {player}", points=points, player=owner)
    return _("chip taken by {player}", player=owner)


def _claimers(key: AchievementKey) -> str:
    return joined(key[1], empty=_("nobody yet"))


def _achievement_line(cat: Catalog, a: Achievement, key: AchievementKey) -> str:
    """An achievement's line: its stars, its chip, its text and who claimed it."""
    chip, claimers = _chip(key), _claimers(key)
    return _n(
        "{name} ({n} star, {chip}): {text} Claimed by {claimed}.",
        "{name} ({n} stars, {chip}): {text} Claimed by {claimed}.",
        a.stars,
        name=cat.label(a.name),
        chip=chip,
        text=a.text,
        claimed=claimers,
    )


def _status(state: SkylinesState, cat: Catalog) -> list[str]:
    level = state["level"]
    if state["phase"] == "city":
        waiting = [state["names"][s] for s, c in enumerate(state["city"]) if c is None]
        return [_("Choosing cities: waiting for {players}.", players=", ".join(waiting))]
    if state["phase"] == "over":
        result = state["result"]
        detail = [from_json(d) for d in result["detail"]] if result else []
        return [_("Game over after level {level}.", level=level), *detail]
    turn = state["turn"]
    lines: list[str] = [
        _n(
            "Level {level}: {player}'s turn, {n} action left.",
            "Level {level}: {player}'s turn, {n} actions left.",
            turn["actions"],
            level=level,
            player=state["names"][turn["seat"]],
        )
    ]
    step = current(state)
    if step is not None:
        name = state["names"][turn["seat"]]
        lines.append(
            _("Waiting for {player} to {prompt}.", player=name, prompt=registry.prompt(state, step))
        )
    if level in state["seen_end"]:
        lines.append(
            _("The game ends when every player has had the same number of turns.")
            if level == 4
            else _(
                "The level {level} round-end card is out: the level ends after this turn.",
                level=level,
            )
        )
    return lines


def _secret_lines(state: SkylinesState, seat: int) -> list[str]:
    """What only this seat may see besides its hand: the cities it may keep, the deck cards it
    is looking at, the opponent's hand it is looking at."""
    cat = catalog_of(state)
    if state["phase"] == "city" and state["city"][seat] is None:
        return [
            _("Your cities to choose from: {cities}.", cities=cat.listed(state["offers"][seat]))
        ]
    program = state["program"]
    if program is None or program["seat"] != seat:
        return []
    memory, lines = program["ctx"], list[str]()
    if memory["look"]:
        lines.append(
            _(
                "You are looking at: {cards} (keep with /take CARD).",
                cards=cat.listed(memory["look"]),
            )
        )
    victim = memory["victim"]
    if victim is not None and state["hands"][victim]:
        lines.append(
            _(
                "{player}'s hand: {cards} (take one with /take CARD).",
                player=state["names"][victim],
                cards=cat.listed(state["hands"][victim]),
            )
        )
    return lines


def render(state: SkylinesState, cat: Catalog, seat: int | None, *, figures: bool = False) -> View:
    """Public parts for everyone; the viewer's own hand (and chip values) only for that seat."""
    printed = _printed(cat)
    lines = [provenance(cat) if cat.custom else SAMPLE_NOTE, *_status(state, cat)]
    lines.append(printed.decks_line(state))
    tables = [_players_block(state), _row_block(state, cat), *_achievements(state, cat, seat)]
    parts = [printed.city(state, s) for s in range(len(state["names"]))]
    if state["phase"] != "city":
        tables += [city_block(p) for p in parts]
    grids = [city_grid(p) for p in parts]
    cities = [city_figure(p, cat) for p in parts] if figures else []
    names = state["names"]
    # Track.length is the last space: the tracks run 0..track_end, the score 0..score_end
    # (and on, past it: ruling 26).
    own = state["tracks"]
    tracks = [
        Track(
            TRACK_TITLES[tr],
            cat.track_end,
            {n: mine[tr] for n, mine in zip(names, own, strict=True)},
        )
        for tr in TRACKS
    ]
    length = max(cat.score_end, *state["score"])
    tracks.append(Track(SCORE, length, dict(zip(names, state["score"], strict=True))))
    hand = None
    if seat is not None:
        hand = [printed.describe(c) for c in state["hands"][seat]]
        lines += _secret_lines(state, seat)
    if cat.custom:
        title = _("Paper Skylines (own cards), level {level}", level=state["level"])
    else:
        title = _("Paper Skylines (sample cards), level {level}", level=state["level"])
    return View(title, seat, lines, tables, grids, tracks, [], hand, cities=cities)
