"""What a seat (or the public) sees: cities as stacks with their icons, the row, the tracks."""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(frozen=True, eq=False)
class _Printed:
    """The parts of a view that depend only on the cards, made once per card set: a building's
    row in a city (a stack changes at a few moves, every view shows them all), a card's row in
    the card row, a card in a hand, an achievement's line. Texts never change once made, so
    views share them."""

    cat: Catalog
    stacks: Memo[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = field(
        default_factory=lambda: Memo(MEMO_LIMIT)
    )
    cards: Memo[str, tuple[str, ...]] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    described: Memo[str, str] = field(default_factory=lambda: Memo(MEMO_LIMIT))
    achievements: Memo[AchievementKey, str] = field(default_factory=lambda: Memo(MEMO_LIMIT))

    def stack(self, stack: Stack) -> tuple[str, ...]:
        """Top card, built cards, tucked cards, icons, height."""
        cat = self.cat
        built, tucked = stack["built"], stack["tucked"]
        return self.stacks.get(
            (tuple(built), tuple(tucked)),
            lambda _key: (
                cat.label(built[-1]),
                joined(cat.labels(built), " < "),
                cat.listed(tucked, "-"),
                _icons(cat, stack),
                str(len(built)),
            ),
        )

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

    def achievement(self, a: Achievement, key: AchievementKey) -> str:
        return self.achievements.get(key, lambda _key: _achievement_line(self.cat, a, key))


MEMOS_KEPT = 16
_MEMOS: Memo[int, _Printed] = Memo(MEMOS_KEPT)


def _printed(cat: Catalog) -> _Printed:
    """The memo of these cards, found by the catalogue's id: a kept memo holds its catalogue, so
    no other catalogue has that id while it is kept."""
    return _MEMOS.get(id(cat), lambda _id: _Printed(cat))


def city_block(state: SkylinesState, cat: Catalog, seat: int) -> TableBlock:
    printed = _printed(cat)
    mayor = state["mayor"][seat]
    rows: list[list[str]] = []
    for i, stack in enumerate(city.spots(state, seat)):
        if stack is None:
            rows.append([str(i + 1), _("(gap: a sprawl space)"), "", "", "", "0", ""])
            continue
        rows.append([str(i + 1), *printed.stack(stack), _("mayor") if mayor == i else ""])
    title = _(
        "{player}'s city ({city})", player=state["names"][seat], city=cat.label(state["city"][seat])
    )
    header = [
        "#",
        _("Top card"),
        _("Built (bottom < top)"),
        _("Tucked"),
        _("Visible icons"),
        _("Height"),
        _("Mayor"),
    ]
    return TableBlock(title, header, rows, in_image=False)  # a picture draws the city


TYPE_COLOURS = ("#4f86d9", "#e3a33b", "#58b368", "#a56bd1", "#d9605f", "#3fb3ab", "#c7a27a")
"""A building type's colour in a city's picture, by the type's place in the card set."""
EMPTY = "#ffffff"


def city_grid(state: SkylinesState, cat: Catalog, seat: int) -> Grid:
    """A player's city as a picture: a column per building, its built cards stacked from the
    bottom in their type's colour; the column's label marks the mayor and counts tucked cards."""
    choosing = state["phase"] == "city"  # a chosen city stays secret until all have chosen
    stacks = [] if choosing else city.spots(state, seat)
    high = max((len(s["built"]) for s in stacks if s is not None), default=1)
    types = cat.types
    cells: list[Cell] = []
    labels: list[str] = []
    for col, stack in enumerate(stacks):
        mark = "★" if state["mayor"][seat] == col else ""
        tucked = f" +{len(stack['tucked'])}" if stack is not None and stack["tucked"] else ""
        labels.append(f"{col + 1}{mark}{tucked}")
        for level, name in enumerate(stack["built"] if stack is not None else ()):
            kind = cat.card(name).type
            colour = TYPE_COLOURS[types.index(kind) % len(TYPE_COLOURS)] if kind in types else EMPTY
            cells.append(Cell(high - 1 - level, col, colour, label=cat.label(name)))
    return Grid(
        high,
        len(stacks),
        cells,
        row_labels=[str(high - r) for r in range(high)],
        col_labels=labels,
        legend={"★": _("mayor"), "+N": _("cards tucked under")},
        in_text=False,
        in_web=False,  # the web page draws `city_figure`
        title=_(
            "{player}'s city ({city})",
            player=state["names"][seat],
            city=_("not revealed yet") if choosing else cat.label(state["city"][seat]),
        ),
    )


def city_figure(state: SkylinesState, cat: Catalog, seat: int, grid: Grid) -> City:
    """The same city as its buildings (each card named with its type), titled as its map is:
    while cities are chosen, no building and no city's name."""
    choosing = state["phase"] == "city"
    lots = []
    for col, stack in enumerate([] if choosing else city.spots(state, seat)):
        built = stack["built"] if stack is not None else []
        lots.append(
            Lot(
                cat.labels(built),
                [cat.label(cat.card(name).type) for name in built],
                mayor=state["mayor"][seat] == col,
                tucked=len(stack["tucked"]) if stack is not None else 0,
            )
        )
    return City(grid.title, lots, cat.labels(cat.types))


def _row_block(state: SkylinesState, cat: Catalog) -> TableBlock:
    printed = _printed(cat)
    rows = [[str(k + 1), *printed.card(name)] for k, name in enumerate(state["row"])]
    header: list[str] = [
        _("Slot"),
        _("Card"),
        _("Type"),
        _("Cost"),
        _("Gains"),
        _("Site"),
        _("Landmark"),
        _("Mayor action"),
    ]
    return TableBlock(_("Card row"), header, rows)


def _players_block(state: SkylinesState) -> TableBlock:
    tokens = token_labels(state["names"])
    rows = [
        [
            name,
            tokens[s],
            str(state["score"][s]),
            *(str(state["tracks"][s][tr]) for tr in TRACKS),
            str(len(state["hands"][s])),
            str(sum(1 for seats in state["claims"].values() if s in seats)),
        ]
        for s, name in enumerate(state["names"])
    ]
    header = [
        _("Player"),
        _("Token"),
        _("Score"),
        *(TRACK_TITLES[tr] for tr in TRACKS),
        _("Hand"),
        _("Achievements"),
    ]
    return TableBlock(_("Players"), header, rows)


def _achievements(
    state: SkylinesState, cat: Catalog, seat: int | None, awards: str
) -> list[TableBlock]:
    """In text, each achievement's line with its goal (and the game-end awards); in a picture,
    a short table of who claimed which (the goals are in /rules)."""
    printed = _printed(cat)
    keys = _achievement_keys(state, cat, seat)
    title = _("Achievements")
    lines = [[printed.achievement(a, key)] for a, key in keys]
    full = TableBlock(title, [], [*lines, [awards]], in_image=False)
    header: list[str] = [_("Achievement"), "", _("Claimed by")]
    rows = [
        [joined((cat.label(a.name), "★" * a.stars), " "), _chip(key), _claimers(key)]
        for a, key in keys
    ]
    return [full, TableBlock(title, header, rows, in_text=False)]


def _achievement_keys(
    state: SkylinesState, cat: Catalog, seat: int | None
) -> list[tuple[Achievement, AchievementKey]]:
    """Each achievement with what the seat may know of it."""
    names = state["names"]
    keys: list[tuple[Achievement, AchievementKey]] = []
    for a in cat.achievements:
        owner = state["chip_owner"][a.name]
        claimed = tuple(names[s] for s in state["claims"][a.name])
        if owner is None:
            key: AchievementKey = (a.name, claimed, None, None)
        elif owner == seat or state["phase"] == "over":
            key = (a.name, claimed, names[owner], state["chips"][a.name])
        else:
            key = (a.name, claimed, names[owner], None)
        keys.append((a, key))
    return keys


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


def render(state: SkylinesState, cat: Catalog, seat: int | None) -> View:
    """Public parts for everyone; the viewer's own hand (and chip values) only for that seat."""
    decks = joined(
        _("level {level}: {n}", level=lv, n=len(state["decks"][str(lv)])) for lv in range(1, 5)
    )
    top = cat.label(state["discard"][-1]) if state["discard"] else _("none")
    lines = [provenance(cat) if cat.custom else SAMPLE_NOTE, *_status(state, cat)]
    lines.append(
        _(
            "Deck sizes ({decks}); discards: {n} (top: {top}).",
            decks=decks,
            n=len(state["discard"]),
            top=top,
        )
    )
    awards = joined(
        (
            _("{award} {points} ({rule})", award=cat.label(a.name), points=a.points, rule=a.text)
            for a in cat.awards
        ),
        "; ",
    )
    said = _("Game-end awards: {awards}", awards=awards)
    tables = [_players_block(state), _row_block(state, cat), *_achievements(state, cat, seat, said)]
    if state["phase"] != "city":
        tables += [city_block(state, cat, s) for s in range(len(state["names"]))]
    grids = [city_grid(state, cat, s) for s in range(len(state["names"]))]
    cities = [city_figure(state, cat, s, grid) for s, grid in enumerate(grids)]
    names = state["names"]
    # Track.length is the last space: the tracks run 0..track_end, the score 0..score_end
    # (and on, past it: ruling 26).
    tracks = [
        Track(
            TRACK_TITLES[tr],
            cat.track_end,
            {names[s]: state["tracks"][s][tr] for s in range(len(names))},
        )
        for tr in TRACKS
    ]
    length = max(cat.score_end, *state["score"])
    tracks.append(
        Track(_("Score"), length, {names[s]: state["score"][s] for s in range(len(names))})
    )
    hand = None
    if seat is not None:
        printed = _printed(cat)
        hand = [printed.describe(c) for c in state["hands"][seat]]
        lines += _secret_lines(state, seat)
    if cat.custom:
        title = _("Paper Skylines (own cards), level {level}", level=state["level"])
    else:
        title = _("Paper Skylines (sample cards), level {level}", level=state["level"])
    return View(title, seat, lines, tables, grids, tracks, [], hand, cities=cities)
