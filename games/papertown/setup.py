"""Options, seating and the opening sheet of a new game, and the greeting."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from games.base import Event, Rng, RuleError, public
from games.i18n import Joined, _, _n, joined
from games.papertown.catalog import OBJECTIVES, POWERS
from games.papertown.generator import generate_sheet
from games.papertown.participants import VIRTUAL_BLOCKS, name_of, seat_participants, who
from games.papertown.sheet_file import parse_sheet
from games.papertown.state import Difficulty, Options, PaperTownState

TURNS_PER_PLAYER = 8
TIME_BOXES = 16


def read_options(options: Mapping[str, Any]) -> Options:
    """The declared options under state keys, defaults filled in for missing ones."""
    difficulty = str(options.get("difficulty") or "normal").lower()
    if difficulty not in VIRTUAL_BLOCKS:
        raise RuleError(
            _("--difficulty must be one of: {choices}.", choices=", ".join(VIRTUAL_BLOCKS))
        )
    return {
        "solo": bool(options.get("solo")),
        "solo_16": bool(options.get("solo-16")),
        "difficulty": cast(Difficulty, difficulty),
        "die": bool(options.get("die")),
        "water": bool(options.get("water")),
        "own_banks": bool(options.get("own-banks")),
    }


def check_options(options: Mapping[str, Any]) -> None:
    """At /new, before anyone joins: the options fit together and a --sheet file reads."""
    opts = read_options(options)
    if opts["solo_16"] and not opts["solo"]:
        raise RuleError(_("--solo-16 is a track for the solo game; add --solo (1 player)."))
    text = options.get("sheet")
    if text:
        parse_sheet(str(text))


def new_game(
    names: Sequence[str], options: Mapping[str, Any], rng: Rng
) -> tuple[PaperTownState, list[Event]]:
    """Seat the players, read or generate the sheet, and greet the table."""
    opts = read_options(options)
    players = seat_participants(names, opts)
    text = options.get("sheet")
    sheet = parse_sheet(str(text)) if text else generate_sheet(rng)
    every_turn = opts["solo"] and not opts["solo_16"]
    turns = TURNS_PER_PLAYER * len(players) if every_turn else TIME_BOXES
    state: PaperTownState = {
        "names": list(names),
        "options": opts,
        "sheet": sheet,
        "players": players,
        "owner": [None] * (sheet["rows"] * sheet["cols"]),
        "claims": [None] * len(sheet["specials"]),
        "turn": 0,
        "turns": turns,
        "rolled": None,
        "base": 0,
        "used": {},
        "marked": [],
        "deck": [],
    }
    return state, _greeting(state)


def _greeting(state: PaperTownState) -> list[Event]:
    sheet = state["sheet"]
    goals = joined(
        (
            Joined((OBJECTIVES[o].title, " (", OBJECTIVES[o].pays, ")"), "")
            for o in sheet["objectives"]
        ),
        "; ",
    )
    cast_line = joined(
        _("{name} marks {tag}", name=name_of(p), tag=p["tag"]) for p in state["players"]
    )
    told = [_("PaperTown: {cast}. The mayor pays for: {goals}.", cast=cast_line, goals=goals)]
    if sheet["powers"]:
        powers = joined(POWERS[p].title for p in sheet["powers"])
        told.append(_("Special powers on this sheet: {powers}.", powers=powers))
    turns = state["turns"]
    told.append(_n("The time track has {n} box.", "The time track has {n} boxes.", turns))
    return [
        public(Joined(told, " ")),
        public(_("{name} starts: /roll for a colour.", name=who(state)), board=True),
    ]
