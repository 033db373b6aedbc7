"""Paper Skylines as a referee engine: the modules of this package wired to the contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import BaseEngine, Event, Move, Option, Outcome, Rng, View
from games.i18n import _
from games.skylines import ABOUT, flow, moves
from games.skylines.bot import choose
from games.skylines.catalog import catalog_of, load
from games.skylines.context import Context
from games.skylines.faces import face
from games.skylines.reading import Table
from games.skylines.rules_text import rules_text
from games.skylines.scoring import outcome
from games.skylines.setup import card_set, check_players, new_game
from games.skylines.state import SkylinesState
from games.skylines.verbs import VERBS
from games.skylines.versions import VERSIONS
from games.skylines.view import render


class SkylinesEngine(BaseEngine[SkylinesState]):
    """Mayors race to build cities of stacked cards, with the original sample card set."""

    key = ABOUT.key
    title = ABOUT.title
    min_players = ABOUT.min_players
    max_players = ABOUT.max_players
    verbs = VERBS
    versions = VERSIONS
    options = (
        Option(
            "cards",
            "file",
            _(
                "Your own card file: JSON in the format of the bot's sample set (sections you "
                "leave out come from the sample); /rules skylines cards describes it."
            ),
        ),
        Option(
            "first",
            "str",
            _("Who plays first (the player most recently downtown); empty picks at random."),
            default="",
        ),
    )

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[SkylinesState, list[Event]]:
        return new_game(names, options, rng, self.max_players)

    def picture(self, options: Mapping[str, Any]) -> bool:
        return True  # each player's city of stacked buildings, and the tracks

    def check_options(self, options: Mapping[str, Any]) -> None:
        """A card file is checked whole at /new and must seat the fewest players a table has;
        the lobby then takes only as many as it seats (`seats`)."""
        check_players(load(card_set(options)), self.min_players, self.max_players)

    def seats(self, options: Mapping[str, Any]) -> int:
        """As many players as the card set can deal in, at most the game's maximum."""
        return load(card_set(options)).most_players(self.max_players)

    def after(self, state: SkylinesState, rng: Rng) -> list[Event]:
        """Automatic parts of the action run, the next choice is announced, turns pass."""
        t = Context(state, catalog_of(state), rng)
        flow.run(t)
        return t.out

    def reader(self, state: SkylinesState, seat: int) -> Table:
        return Table(state, seat)

    def legal(self, state: SkylinesState, seat: int) -> list[Move]:
        return moves.legal(state, seat)

    def waiting(self, state: SkylinesState) -> list[int]:
        return flow.waiting(state)

    def bot_move(self, state: SkylinesState, seat: int, rng: Rng) -> Move:
        return choose(state, catalog_of(state), seat, self.legal(state, seat), rng)

    def view(self, state: SkylinesState, seat: int | None, *, figures: bool = False) -> View:
        return render(state, catalog_of(state), seat, figures=figures)

    def outcome(self, state: SkylinesState) -> Outcome | None:
        return outcome(state)

    def rules(self, topic: str | None) -> str:
        return rules_text(topic)

    def card(self, state: SkylinesState | None, name: str) -> str | None:
        """A building card or city of the table's set (the sample without a table) in full."""
        return face(load(None) if state is None else catalog_of(state), name)
