"""The GoTown engine: the verbs and the modules of the game wired to the referee's contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.args import Context
from games.base import BaseEngine, Event, Move, Option, Outcome, Rng, View
from games.gotown import ABOUT, flow
from games.gotown.bot import bot_choice
from games.gotown.grammar import context
from games.gotown.moves import legal_moves
from games.gotown.rules_text import card_text, rules_text
from games.gotown.setup import RANDOM, new_game
from games.gotown.state import GoTownState
from games.gotown.verbs import VERBS
from games.gotown.view import build_view
from games.i18n import _


class GoTownEngine(BaseEngine[GoTownState]):
    """Each seat builds a tower of floors summing to 9; specials steal, destroy, guard and stall."""

    key = ABOUT.key
    title = ABOUT.title
    min_players = ABOUT.min_players
    max_players = ABOUT.max_players
    verbs = VERBS
    options = (
        Option("short", "flag", _("Short game: the first to build 4 floors wins."), False),
        Option(
            "first",
            "str",
            _("Who plays first: a player's name, or random (drawn at /start)."),
            default=RANDOM,
        ),
    )

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[GoTownState, list[Event]]:
        return new_game(names, options, rng)

    def view(self, state: GoTownState, seat: int | None, *, figures: bool = False) -> View:
        return build_view(state, seat, figures=figures)

    def reader(self, state: GoTownState, seat: int) -> Context:
        return context(state)

    def legal(self, state: GoTownState, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def waiting(self, state: GoTownState) -> list[int]:
        return flow.waiting(state)

    def bot_move(self, state: GoTownState, seat: int, rng: Rng) -> Move:
        return bot_choice(state, seat, rng)

    def outcome(self, state: GoTownState) -> Outcome | None:
        return flow.outcome(state)

    def rules(self, topic: str | None) -> str:
        return rules_text(topic)

    def card(self, state: GoTownState | None, name: str) -> str | None:
        """A special card or the joker in full: how many the deck holds and what it does."""
        return card_text(name)
