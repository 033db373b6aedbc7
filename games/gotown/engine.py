"""The GoTown engine: setup, turn checks and verb dispatch over plain JSON state."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import (
    BaseEngine,
    Event,
    Move,
    Option,
    Outcome,
    Rng,
    RuleError,
    State,
    Verb,
    View,
    private,
    public,
)
from games.gotown.building import build, steal
from games.gotown.cards import full_deck
from games.gotown.flow import begin_turn, end_turn, hand_line, skip_name
from games.gotown.moves import bot_choice, legal_moves
from games.gotown.rules_text import rules_text
from games.gotown.specials import play
from games.gotown.view import build_view

HAND_SIZE = 5


class GoTownEngine(BaseEngine):
    """Each seat builds a tower of floors summing to 9; specials steal, destroy, guard and stall."""

    key = "gotown"
    title = "GoTown"
    min_players = 2
    max_players = 4
    verbs = (
        Verb(
            "build",
            "A B",
            "Build your next floor from two cards adding up to 9.",
            ("/build 4 5", "/build ? 3"),
        ),
        Verb(
            "steal",
            "CARD from PLAYER",
            "Build with one card and one from PLAYER's top floor.",
            ("/steal 4 from Bob",),
        ),
        Verb(
            "play",
            "CARD [PLAYER|floor]",
            "Play a special card: dog, bone, hammer, wreck, thief, superthief, milkshake, donut.",
            ("/play dog", "/play hammer Bob", "/play milkshake Bob", "/play donut"),
        ),
        Verb(
            "done",
            "",
            "End your turn (refill to 3 cards), or sit out a skipped turn.",
            ("/done",),
        ),
    )
    options = (Option("short", "flag", "Short game: the first to build 4 floors wins.", False),)

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[State, list[Event]]:
        if not self.min_players <= len(names) <= self.max_players:
            raise RuleError(f"GoTown needs 2 to 4 players, not {len(names)}.")
        deck = full_deck()
        rng.shuffle(deck)
        count = len(names)
        state: State = {
            "names": list(names),
            "goal": 4 if options.get("short") else 5,
            "draw": deck,
            "discard": [],
            "hands": [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(count)],
            "towers": [[] for _ in range(count)],
            "skips": [[] for _ in range(count)],
            "donut": None,
            "turn": 0,
            "winner": None,
            "changed": False,
            "quiet_turns": 0,
        }
        events = [
            public(
                f"GoTown for {', '.join(names)}: each floor is two cards adding up to 9; the first "
                f"to build {state['goal']} floors wins. Everyone holds {HAND_SIZE} cards."
            )
        ]
        events += [
            private(seat, f"Your opening hand: {hand_line(state, seat)}.") for seat in range(count)
        ]
        return state, events + begin_turn(state, 0, rng)

    def act(self, state: State, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        work = copy.deepcopy(state)
        events = self._apply(work, seat, verb.casefold().lstrip("/"), list(args), rng)
        state.clear()
        state.update(work)
        return events

    def _apply(self, state: State, seat: int, verb: str, args: list[str], rng: Rng) -> list[Event]:
        names = state["names"]
        if state["winner"] is not None:
            raise RuleError(f"The game is over: {names[state['winner']]} has won.")
        if verb not in {"build", "steal", "play", "done"}:
            raise RuleError(f"GoTown has no /{verb}; use /build, /steal, /play or /done.")
        turn = state["turn"]
        if seat != turn:
            raise RuleError(f"It is {names[turn]}'s turn, not yours; wait until they type /done.")
        skips = state["skips"][seat]
        if skips and verb != "done":
            raise RuleError(
                f"You have a {skip_name(skips[0])} this turn: you sit out, and the only move is "
                "/done."
            )
        if verb == "done":
            return end_turn(state, rng)
        handler = {"build": build, "steal": steal}.get(verb)
        events = handler(state, seat, args) if handler else play(state, seat, args, rng)
        state["changed"] = True
        return events

    def view(self, state: State, seat: int | None) -> View:
        return build_view(state, seat)

    def legal(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def waiting(self, state: State) -> list[int]:
        return [] if state["winner"] is not None else [state["turn"]]

    def bot_move(self, state: State, seat: int, rng: Rng) -> Move:
        return bot_choice(state, seat, rng)

    def outcome(self, state: State) -> Outcome | None:
        winner = state["winner"]
        if winner is None:
            return None
        scores = {seat: float(len(tower)) for seat, tower in enumerate(state["towers"])}
        detail = [
            f"{name}: {len(tower)} floor{'' if len(tower) == 1 else 's'}"
            + (" (winner)" if seat == winner else "")
            for seat, (name, tower) in enumerate(zip(state["names"], state["towers"], strict=True))
        ]
        return Outcome([winner], scores, detail)

    def rules(self, topic: str | None) -> str:
        return rules_text(topic)
