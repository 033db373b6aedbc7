"""The shared sheet as a neutral View: the hex map, objectives, power cards and time track."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from games.base import Cell, Grid, TableBlock, Track, View
from games.i18n import Joined, _, _n, joined
from games.papertown.catalog import COLOURS, OBJECTIVES, POWERS
from games.papertown.flow import phase
from games.papertown.participants import current, name_of, named, who
from games.papertown.placement import base_left, bribed
from games.papertown.powers import owned
from games.papertown.scoring import BANK_MONEY, breakdowns, ranking
from games.papertown.sheet import ROLLABLE, ROW_LETTERS, SPECIAL, cell_label
from games.papertown.state import PaperTownState, PowerId

COLOUR_EMOJI: dict[str, str] = {
    "K": "⬛",
    "G": "🪨",  # grey: a grey stone, not the white square
    "M": "🟩",  # mint: the green square
    "W": "🟦",
    "L": "🎾",  # lime: yellow-green, so it differs from mint in hue, not only in shape
    "Y": "🟨",
    "R": "🟥",
}
MARK_EMOJI: dict[str, str] = {"X": "❌", "O": "⭕", "I": "🔶"}
FREE_EMOJI: dict[PowerId, str] = {
    "bank": "🏦",
    "branch": "🏤",
    "bakery": "🥖",
    "building": "🧱",
    "bribery": "💰",
}
CLAIMED_EMOJI: dict[PowerId, str] = {
    "bank": "💵",
    "branch": "📮",
    "bakery": "🥐",
    "building": "🔨",
    "bribery": "💸",
}
"""A claimed special block still shows its power: each power has its own 'taken' emoji."""
BANK_PAYS = _("{n} per Bank block touching your blocks", n=BANK_MONEY)


@lru_cache(maxsize=32)
def _plain_cells(colours: str, cols: int) -> tuple[Cell, ...]:
    """Every cell of a sheet as it looks unmarked, made once per sheet: a move changes a few
    cells, and a view shares the unmarked ones (a Cell is frozen)."""
    return tuple(
        Cell(i // cols, i % cols, COLOURS[letter].hex, emoji=COLOUR_EMOJI.get(letter))
        for i, letter in enumerate(colours)
    )


@lru_cache(maxsize=64)
def _marked_cells(colours: str, cols: int, tag: str) -> tuple[Cell, ...]:
    """Every cell of a sheet as one participant's mark shows it (shared like `_plain_cells`)."""
    emoji = MARK_EMOJI[tag]
    return tuple(
        Cell(i // cols, i % cols, COLOURS[letter].hex, mark=tag, emoji=emoji)
        for i, letter in enumerate(colours)
    )


@lru_cache(maxsize=1024)
def _special_cell(row: int, col: int, power: PowerId, tag: str | None) -> Cell:
    """A special block, free or claimed by the participant with this tag (shared likewise)."""
    colour, label = COLOURS[SPECIAL].hex, POWERS[power].label
    if tag is None:
        return Cell(row, col, colour, label=label, emoji=FREE_EMOJI[power])
    return Cell(row, col, colour, mark=tag, label=label, emoji=CLAIMED_EMOJI[power])


def _legend(state: PaperTownState) -> dict[str, str]:
    sheet = state["sheet"]
    keys = _legend_keys(tuple(sheet["powers"]))
    players = {MARK_EMOJI[p["tag"]]: name_of(p) for p in state["players"]}
    return players | keys  # a read-only mapping's `|` copies its dict whole


@lru_cache(maxsize=64)
def _legend_keys(powers: tuple[PowerId, ...]) -> MappingProxyType[str, str]:
    """What a sheet's legend says after its players: made once per sheet's powers."""
    keys: dict[str, str] = {COLOUR_EMOJI[ch]: COLOURS[ch].name for ch in COLOUR_EMOJI}
    for power in powers:
        keys[FREE_EMOJI[power]] = _("{power} (free)", power=POWERS[power].title)
        keys[CLAIMED_EMOJI[power]] = _("{power} (claimed)", power=POWERS[power].title)
    return MappingProxyType(keys)


@lru_cache(maxsize=16)
def _column_labels(cols: int) -> tuple[str, ...]:
    return tuple(str(c + 1) for c in range(cols))


def _grid(state: PaperTownState) -> Grid:
    sheet = state["sheet"]
    rows, cols, colours = sheet["rows"], sheet["cols"], sheet["colours"]
    plain = _plain_cells(colours, cols)
    marked = [_marked_cells(colours, cols, p["tag"]) for p in state["players"]]
    cells = [
        plain[i] if owner is None else marked[owner][i] for i, owner in enumerate(state["owner"])
    ]
    players = state["players"]
    for special, claimer in zip(sheet["specials"], state["claims"], strict=True):
        i = special["cell"]
        if colours[i] != SPECIAL:
            continue  # never on a valid sheet: the block shows as a plain one
        tag = None if claimer is None else players[claimer]["tag"]
        cells[i] = _special_cell(i // cols, i % cols, special["power"], tag)
    return Grid(
        rows,
        cols,
        cells,
        hexagonal=True,
        row_labels=list(ROW_LETTERS[:rows]),
        col_labels=list(_column_labels(cols)),
        legend=_legend(state),
    )


def _objectives(state: PaperTownState) -> TableBlock:
    sheet = state["sheet"]
    money = breakdowns(state)
    rows = []
    for k, key in enumerate(sheet["objectives"]):
        objective = OBJECTIVES[key]
        rows.append([objective.title, objective.pays, *(str(parts[k]) for parts in money)])
    if "bank" in sheet["powers"]:
        rows.append([POWERS["bank"].title, BANK_PAYS, *(str(parts[-1]) for parts in money)])
    rows.append([_("Total"), _("Million"), *(str(sum(parts)) for parts in money)])
    header: list[str] = [_("Objective"), _("Pays"), *_cast(_players_key(state))[1]]
    return TableBlock(_("The mayor pays (so far)"), header, rows)


@lru_cache(maxsize=256)
def _boxes(cols: int, specials: tuple[tuple[PowerId, int, str], ...]) -> Mapping[str, str]:
    """Each power's boxes ('[X] C4 [ ] F7'), by its blocks' cells and claimers' tags: claims
    change a few times a game."""
    boxes: dict[str, list[str]] = {}
    for power, cell, tag in specials:
        boxes.setdefault(power, []).append(f"[{tag}] {cell_label(cols, cell)}")
    return MappingProxyType({power: " ".join(found) for power, found in boxes.items()})


@lru_cache(maxsize=256)
def _used(used: int, n: int) -> str:
    return _("{used} of {n} used", used=used, n=n)


def _powers(state: PaperTownState) -> TableBlock:
    sheet = state["sheet"]
    players = state["players"]
    holding = {} if phase(state) == "over" else owned(state, current(state))
    boxes = _boxes(
        sheet["cols"],
        tuple(
            (special["power"], special["cell"], " " if claimer is None else players[claimer]["tag"])
            for special, claimer in zip(sheet["specials"], state["claims"], strict=True)
        ),
    )
    rows = []
    for power in sheet["powers"]:
        if power == "bank" or not holding.get(power):
            this_turn = "-"
        else:
            this_turn = _used(state["used"].get(power, 0), holding[power])
        card = POWERS[power]
        rows.append([card.title, card.effect, boxes.get(power, ""), this_turn])
    header: list[str] = [_("Power"), _("Effect"), _("Boxes"), _("This turn")]
    return TableBlock(_("Special powers"), header, rows, in_image=False)  # on the map


def _status_lines(state: PaperTownState) -> list[str]:
    if phase(state) == "over":
        over = _n("Game over after {n} turn.", "Game over after {n} turns.", state["turns"])
        return [over, *ranking(state)[2]]
    lines: list[str] = [
        _(
            "Turn {turn} of {turns}: {name}.",
            turn=state["turn"] + 1,
            turns=state["turns"],
            name=who(state),
        )
    ]
    rolled = state["rolled"]
    if bribed(state):
        lines.append(_("Bribery replaced the normal marks this turn."))
    elif rolled is None:
        lines.append(_("Not rolled yet: /roll (or use Bribery instead of the normal turn)."))
    else:
        lines.append(
            _(
                "Rolled colour: {colour}; {left} of {quota} marks left.",
                colour=COLOURS[rolled].short,
                left=base_left(state),
                quota=state["players"][current(state)]["quota"],
            )
        )
    return lines


def _deck_line(state: PaperTownState) -> str:
    if state["options"]["die"]:
        return _("Colour die: each of grey, mint, lime, yellow and red is 1 in 5.")
    deck = state["deck"]
    if not deck:
        return _("Colour deck: the next roll reshuffles all 10 cards.")
    return _deck_left(len(deck), tuple(deck.count(ch) for ch in ROLLABLE))


@lru_cache(maxsize=256)
def _deck_left(n: int, counts: tuple[int, ...]) -> str:
    """The deck's line for these counts of each rollable colour, made once."""
    listed = joined(
        Joined((COLOURS[ch].short, str(count)), " ")
        for ch, count in zip(ROLLABLE, counts, strict=True)
    )
    return _("Colour deck: {n} of 10 cards left ({counts}).", n=n, counts=listed)


PlayersKey = tuple[tuple[str, bool, str], ...]
"""Each participant's name, whether virtual, and tag: all a view says of who plays."""


def _players_key(state: PaperTownState) -> PlayersKey:
    return tuple((p["name"], p["virtual"], p["tag"]) for p in state["players"])


@lru_cache(maxsize=256)
def _cast(key: PlayersKey) -> tuple[str, tuple[str, ...]]:
    """The players' line and each one's name with their tag, made once per table."""
    labels = tuple(Joined((named(name, virtual), tag), " ") for name, virtual, tag in key)
    return _("Players: {cast}.", cast=joined(labels)), labels


def build_view(state: PaperTownState, seat: int | None) -> View:
    """Everything on the sheet is public, so every seat sees the same picture."""
    tables = [_objectives(state)]
    if state["sheet"]["powers"]:
        tables.append(_powers(state))
    return View(
        title="PaperTown",
        seat=seat,
        lines=[_cast(_players_key(state))[0], *_status_lines(state), _deck_line(state)],
        tables=tables,
        grids=[_grid(state)],
        tracks=[Track(_("Time track"), state["turns"], {}, ticked=state["turn"])],
    )
