"""The PaperTown engine: the contract's entry points, delegating to one module per job."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.base import BaseEngine, Event, Move, Option, Outcome, Rng, RuleError, State, Verb, View
from games.papertown import actions
from games.papertown.moves import bot_choice, controller, game_over, legal_moves
from games.papertown.opening import VIRTUAL_BLOCKS, new_game
from games.papertown.rulestext import rules_text
from games.papertown.scoring import ranking
from games.papertown.viewing import build_view

Handler = Callable[[State, int, Sequence[str], Rng], list[Event]]
HANDLERS: dict[str, Handler] = {
    "roll": actions.roll,
    "mark": actions.mark,
    "power": actions.power,
    "done": actions.done,
    "sheet": actions.show_sheet,
}


class PaperTownEngine(BaseEngine):
    """Roll and write on one shared hex sheet, for 2 players or 1 against two virtual players."""

    key = "papertown"
    title = "PaperTown"
    min_players = 1
    max_players = 2
    verbs = (
        Verb(
            "roll",
            "",
            "Draw this turn's colour (10-card colour deck, or the die variant).",
            ("/roll",),
        ),
        Verb(
            "mark",
            "CELL [CELL ...] [--power NAME]",
            "Mark blocks of the rolled colour next to your own; --power NAME for a power's extra.",
            ("/mark C4 C5 D5", "/mark G7 --power bakery"),
        ),
        Verb(
            "power",
            "NAME CELL",
            "Use a special power you own on a block (same as /mark CELL --power NAME).",
            ("/power bribery E9", "/power branch A3"),
        ),
        Verb("done", "", "End your turn and cross one box of the time track.", ("/done",)),
        Verb(
            "sheet",
            "",
            "Show this game's sheet as a file, to replay it later with --sheet.",
            ("/sheet",),
            anytime=True,
            readonly=True,
        ),
    )
    options = (
        Option("sheet", "file", "Play a printed sheet: a text file, see /rules papertown sheet."),
        Option(
            "solo", "flag", "Single player variant: you also mark for two virtual players.", False
        ),
        Option(
            "difficulty",
            "choice",
            "Solo: blocks per virtual turn, easy 2, normal 3, hard 4.",
            "normal",
            tuple(VIRTUAL_BLOCKS),
        ),
        Option(
            "solo-16", "flag", "Solo on a literal 16-box track (6 turns for you, 5 each).", False
        ),
        Option("die", "flag", "Roll with the older fair 5-sided colour die, not the deck.", False),
        Option("water", "flag", "Water blocks may be marked like any other colour.", False),
        Option("own-banks", "flag", "A Bank block pays only the player who claimed it.", False),
    )

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[State, list[Event]]:
        return new_game(names, options, rng)

    def act(self, state: State, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        handler = HANDLERS.get(verb)
        if handler is None:
            raise RuleError(
                f"PaperTown has no /{verb}; its commands are /roll, /mark, /power, "
                "/done and /sheet."
            )
        return handler(state, seat, args, rng)

    def view(self, state: State, seat: int | None) -> View:
        return build_view(state, seat)

    def legal(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def waiting(self, state: State) -> list[int]:
        return [] if game_over(state) else [controller(state)]

    def bot_move(self, state: State, seat: int, rng: Rng) -> Move:
        return bot_choice(state, rng)

    def outcome(self, state: State) -> Outcome | None:
        if not game_over(state):
            return None
        winners, scores, lines = ranking(state)
        return Outcome(winners, {seat: float(money) for seat, money in scores.items()}, lines)

    def rules(self, topic: str | None) -> str:
        return rules_text(topic)
