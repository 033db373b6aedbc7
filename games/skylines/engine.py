"""Paper Skylines as a referee engine: set-up, commands, legal moves, views, the outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import BaseEngine, Event, Move, Option, Outcome, Rng, RuleError, State, View
from games.skylines import steps
from games.skylines.actions import BASIC_VERBS, basic, basic_moves
from games.skylines.bot import choose
from games.skylines.catalog import catalog_of
from games.skylines.parse import words
from games.skylines.program import current
from games.skylines.rules_text import VERBS, rules_text
from games.skylines.runner import run
from games.skylines.scoring import outcome
from games.skylines.setup import choose_city, new_game
from games.skylines.table import Table
from games.skylines.view import render


class SkylinesEngine(BaseEngine):
    """Mayors race to build cities of stacked cards, with the original sample card set."""

    key = "skylines"
    title = "Paper Skylines"
    min_players = 2
    max_players = 4
    verbs = VERBS
    options = (
        Option(
            "cards",
            "file",
            "Your own card file: JSON in the format of the bot's sample set (sections you "
            "leave out come from the sample).",
        ),
        Option(
            "first",
            "str",
            "Who plays first (the player most recently downtown); empty picks at random.",
            default="",
        ),
    )

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[State, list[Event]]:
        state, table = new_game(names, options, rng)
        return state, table.out

    def act(self, state: State, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        table = Table(state, catalog_of(state), rng)
        self._act(table, seat, verb, words(args))
        return table.out

    def _act(self, t: Table, seat: int, verb: str, args: list[str]) -> None:
        state = t.state
        if state["phase"] == "over":
            raise RuleError("The game is over; start a new one with /new skylines.")
        if state["phase"] == "city":
            if verb != "city":
                raise RuleError("First keep one of your two cities with /city NAME.")
            choose_city(t, seat, args)
            return
        if verb == "city":
            raise RuleError("Cities are already chosen; play has begun.")
        if seat != state["turn"]["seat"]:
            raise RuleError(f"It is {t.name(state['turn']['seat'])}'s turn; wait for yours.")
        step = current(state)
        if step is not None:
            wanted = steps.answer_verb(state, step)
            if verb == "skip" and steps.optional(step):
                steps.skip(t, seat, step)
            elif verb != wanted:
                raise RuleError(f"Finish the current action first: {steps.prompt(state, step)}.")
            else:
                steps.answer(t, seat, step, args)
        elif verb in BASIC_VERBS:
            basic(t, seat, verb, args)
        else:
            raise RuleError(
                f"/{verb} answers a part of an action, and none is waiting; take an action."
            )
        run(t)

    def legal(self, state: State, seat: int) -> list[Move]:
        cat = catalog_of(state)
        if state["phase"] == "city":
            if state["city"][seat] is not None:
                return []
            return [Move("city", tuple(c.split())) for c in state["offers"][seat]]
        if state["phase"] != "play" or seat != state["turn"]["seat"]:
            return []
        step = current(state)
        if step is None:
            return basic_moves(state, cat, seat)
        found = steps.moves(state, cat, seat, step)
        return [*found, Move("skip")] if steps.optional(step) else found

    def waiting(self, state: State) -> list[int]:
        if state["phase"] == "city":
            return [seat for seat, city in enumerate(state["city"]) if city is None]
        return [state["turn"]["seat"]] if state["phase"] == "play" else []

    def bot_move(self, state: State, seat: int, rng: Rng) -> Move:
        return choose(state, catalog_of(state), seat, self.legal(state, seat), rng)

    def view(self, state: State, seat: int | None) -> View:
        return render(state, catalog_of(state), seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def rules(self, topic: str | None) -> str:
        return rules_text(topic)
