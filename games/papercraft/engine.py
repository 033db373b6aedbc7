"""The Papercraft engine: the contract's methods, each wired to the module that knows the answer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import ArgumentReader, BaseEngine, Event, Move, Outcome, Rng, View
from games.i18n import _n
from games.papercraft import ABOUT, anywhere, bot, flow, moves, rules_text
from games.papercraft.board import catalog, surviving_points
from games.papercraft.cards import card_text
from games.papercraft.catalog import builtin_units
from games.papercraft.custom import stored
from games.papercraft.names import unit_name
from games.papercraft.options import OPTIONS, read_options
from games.papercraft.setup import new_state
from games.papercraft.state import PapercraftState
from games.papercraft.verbs import VERBS
from games.papercraft.versions import VERSIONS
from games.papercraft.view import view


class PapercraftEngine(BaseEngine[PapercraftState]):
    """Papercraft: points-bought paper armies, placement by d6, then move-and-attack turns."""

    key = ABOUT.key
    title = ABOUT.title
    min_players = ABOUT.min_players
    max_players = ABOUT.max_players
    verbs = VERBS
    versions = VERSIONS
    options = OPTIONS
    hidden_information = False  # armies, dice and the table are all in the open

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[PapercraftState, list[Event]]:
        return new_state(names, options)

    def picture(self, options: Mapping[str, Any]) -> bool:
        return bool(options.get("positions"))  # the battlefield, when positions are tracked

    def check_options(self, options: Mapping[str, Any]) -> None:
        read_options(options)

    def chat_act(self, data: dict[str, Any], verb: str, text: str, rng: Rng | None = None) -> str:
        return anywhere.chat_act(data, verb, text, rng)

    def card(self, state: PapercraftState | None, name: str) -> str | None:
        return card_text(catalog(state) if state is not None else builtin_units(), name)

    def chat_names(self, data: dict[str, Any]) -> list[str]:
        return [unit_name(name) for name in (*builtin_units(), *stored(data))]

    def after(self, state: PapercraftState, rng: Rng) -> list[Event]:
        return flow.settle(state)

    def view(self, state: PapercraftState, seat: int | None, *, figures: bool = False) -> View:
        return view(state, seat, figures=figures)

    def reader(self, state: PapercraftState, seat: int) -> ArgumentReader:
        return moves.context(state)

    def legal(self, state: PapercraftState, seat: int) -> list[Move]:
        return moves.legal(state, seat)

    def waiting(self, state: PapercraftState) -> list[int]:
        return flow.waiting(state)

    def bot_move(self, state: PapercraftState, seat: int, rng: Rng) -> Move:
        return bot.bot_move(state, seat, rng)

    def outcome(self, state: PapercraftState) -> Outcome | None:
        result = state["result"]
        if state["phase"] != "over" or result is None:
            return None
        seats = range(len(state["names"]))
        scores = {s: float(surviving_points(state, s)) for s in seats}
        detail = [flow.reason_of(state)]
        detail += [
            _n(
                "{player}: {n} surviving point",
                "{player}: {n} surviving points",
                surviving_points(state, s),
                player=state["names"][s],
            )
            for s in seats
        ]
        return Outcome(list(result["winners"]), scores, detail)

    def rules(self, topic: str | None) -> str:
        return rules_text.rules(topic)
