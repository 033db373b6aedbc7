"""The PaperTown engine: the contract's entry points, wired to one module per job."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.args import Context
from games.base import BaseEngine, Event, Move, Option, Outcome, Rng, View
from games.i18n import _
from games.papertown import ABOUT
from games.papertown import setup as opening
from games.papertown.bot import bot_choice
from games.papertown.flow import game_over, waiting
from games.papertown.grammar import context
from games.papertown.moves import legal_moves
from games.papertown.participants import VIRTUAL_BLOCKS
from games.papertown.rules_text import rules_text
from games.papertown.scoring import ranking
from games.papertown.state import PaperTownState
from games.papertown.verbs import VERBS
from games.papertown.versions import VERSIONS
from games.papertown.view import build_view

OPTIONS = (
    Option("sheet", "file", _("Play a printed sheet: a text file, see /rules papertown sheet.")),
    Option(
        "solo", "flag", _("Single player variant: you also mark for two virtual players."), False
    ),
    Option(
        "difficulty",
        "choice",
        _("Solo: blocks per virtual turn, easy 2, normal 3, hard 4."),
        "normal",
        tuple(VIRTUAL_BLOCKS),
    ),
    Option(
        "solo-16", "flag", _("Solo on a literal 16-box track (6 turns for you, 5 each)."), False
    ),
    Option("die", "flag", _("Roll with the older fair 5-sided colour die, not the deck."), False),
    Option("water", "flag", _("Water blocks may be marked like any other colour."), False),
    Option("own-banks", "flag", _("A Bank block pays only the player who claimed it."), False),
)


class PaperTownEngine(BaseEngine[PaperTownState]):
    """Roll and write on one shared hex sheet, for 2 players or 1 against two virtual players."""

    key = ABOUT.key
    title = ABOUT.title
    min_players = ABOUT.min_players
    max_players = ABOUT.max_players
    verbs = VERBS
    options = OPTIONS
    versions = VERSIONS

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[PaperTownState, list[Event]]:
        return opening.new_game(names, options, rng)

    def picture(self, options: Mapping[str, Any]) -> bool:
        return True  # the hex sheet is the game

    def check_options(self, options: Mapping[str, Any]) -> None:
        opening.check_options(options)

    def view(self, state: PaperTownState, seat: int | None, *, figures: bool = False) -> View:
        return build_view(state, seat)  # the sheet has no figures: its grid is its picture

    def reader(self, state: PaperTownState, seat: int) -> Context:
        return context(state)

    def legal(self, state: PaperTownState, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def waiting(self, state: PaperTownState) -> list[int]:
        return waiting(state)

    def bot_move(self, state: PaperTownState, seat: int, rng: Rng) -> Move:
        return bot_choice(state, rng)

    def outcome(self, state: PaperTownState) -> Outcome | None:
        if not game_over(state):
            return None
        winners, scores, lines = ranking(state)
        return Outcome(winners, {seat: float(money) for seat, money in scores.items()}, lines)

    def rules(self, topic: str | None) -> str:
        return rules_text(topic)
