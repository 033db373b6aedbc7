"""The Paper Tales engine: the verbs, and the modules wired to the engine contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.args import Context
from games.base import BaseEngine, Event, Move, Option, Outcome, Rng, RuleError, View
from games.i18n import _, from_json
from games.papertales import ABOUT, bot, faces, moves, view
from games.papertales.flow import advance
from games.papertales.rules_text import rules
from games.papertales.setup import opening
from games.papertales.state import PaperTalesState
from games.papertales.verbs import VERBS
from games.papertales.versions import VERSIONS

SECRET_VERBS: Mapping[str, tuple[str, ...]] = {
    "recruit": ("draft",),
    "deploy": ("deploy", "move", "discard", "keep"),
}
"""What each simultaneous phase keeps hidden until its reveal: the pick, and the deployment."""
LANGS = ("en", "pl")
"""Languages of a Paper Tales table from before --lang was every table's setting (options.lang)."""


class PaperTalesEngine(BaseEngine[PaperTalesState]):
    """Paper Tales: simultaneous phases modelled as the seats that still owe a choice."""

    key = ABOUT.key
    title = ABOUT.title
    min_players = ABOUT.min_players
    max_players = ABOUT.max_players
    verbs = VERBS
    versions = VERSIONS
    options: tuple[Option, ...] = ()
    """`--lang pl` is the table's language setting (every game has it): the names of cards and
    buildings, like every other text, are said in each reader's language."""

    def check_options(self, options: Mapping[str, Any]) -> None:
        lang = options.get("lang")
        if lang is not None and lang not in LANGS:
            raise RuleError(_("lang must be one of: {langs}.", langs=", ".join(LANGS)))

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[PaperTalesState, list[Event]]:
        """Shuffle, seat, and deal the first packets."""
        if not self.min_players <= len(names) <= self.max_players:
            raise RuleError(_("Paper Tales needs 2 to 5 players."))
        return opening(names, str(options.get("lang") or "en"), rng)

    def after(self, state: PaperTalesState, rng: Rng) -> list[Event]:
        """Run every phase that needs no choice."""
        return advance(state, rng)

    def reader(self, state: PaperTalesState, seat: int) -> Context:
        return moves.context(state, seat)

    def legal(self, state: PaperTalesState, seat: int) -> list[Move]:
        return moves.legal(state, seat)

    def waiting(self, state: PaperTalesState) -> list[int]:
        return moves.waiting(state)

    def secret(self, state: PaperTalesState, seat: int, verb: str) -> bool:
        return verb in SECRET_VERBS.get(state["phase"], ())

    def bot_move(self, state: PaperTalesState, seat: int, rng: Rng) -> Move:
        """The greedy bot's move; for an open choice, its default."""
        return bot.bot_move(state, seat, rng)

    def view(self, state: PaperTalesState, seat: int | None, *, figures: bool = False) -> View:
        """Every kingdom publicly; secrets only in the seat's own view."""
        return view.render(state, seat, figures=figures)

    def outcome(self, state: PaperTalesState) -> Outcome | None:
        """Most LP, then most gold, else a shared win."""
        if state["phase"] != "over":
            return None
        players = state["players"]
        best = max((p["lp"], p["gold"]) for p in players)
        winners = [i for i, p in enumerate(players) if (p["lp"], p["gold"]) == best]
        scores = {i: float(p["lp"]) for i, p in enumerate(players)}
        return Outcome(winners, scores, [from_json(line) for line in state["final"]])

    def rules(self, topic: str | None) -> str:
        """The summary with every referee default, or one topic."""
        return rules(topic)

    def card(self, state: PaperTalesState | None, name: str) -> str | None:
        """A unit or building in full: cost, strength, resources and ability."""
        return faces.card(name)
