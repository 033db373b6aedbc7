"""Two small engines that exist only to exercise the referee: a turn-based race and a secret pick."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from games.base import (
    Arg,
    Args,
    BaseEngine,
    Event,
    Move,
    Option,
    Outcome,
    Rng,
    RuleError,
    Verb,
    View,
    private,
    public,
)


class RaceState(TypedDict):
    names: list[str]
    goal: int
    pos: list[int]
    turn: int
    deck: list[str]
    hands: list[list[str]]


def _pass_turn(state: RaceState, seat: int) -> None:
    state["turn"] = (seat + 1) % len(state["names"])


def _step(state: RaceState, seat: int, args: Args, rng: Rng) -> list[Event]:
    words = args.words
    if len(words) != 1 or words[0] not in ("1", "2", "3"):
        raise RuleError("Step 1, 2 or 3 spaces, e.g. /step 2.")
    state["pos"][seat] += int(words[0])
    _pass_turn(state, seat)
    return [public(f"{state['names'][seat]} steps to {state['pos'][seat]}.")]


def _draw(state: RaceState, seat: int, args: Args, rng: Rng) -> list[Event]:
    if not state["deck"]:
        raise RuleError("The deck is empty; /step instead.")
    card = state["deck"].pop()
    state["hands"][seat].append(card)
    _pass_turn(state, seat)
    return [public(f"{state['names'][seat]} draws a card."), private(seat, f"You drew {card}.")]


def _boom(state: RaceState, seat: int, args: Args, rng: Rng) -> list[Event]:
    state["pos"][seat] = 999
    raise ZeroDivisionError("engine bug")


class Race(BaseEngine[RaceState]):
    """Turn-based: step 1-3 spaces or draw a secret card; first to the goal wins."""

    key = "race"
    title = "Race"
    min_players = 2
    max_players = 4
    verbs = (
        Verb(
            "step",
            "Move 1 to 3 spaces.",
            _step,
            args=(Arg("N", "number", choices=("1", "2", "3")),),
            examples=("/step 2",),
        ),
        Verb("draw", "Draw a secret card (private).", _draw, examples=("/draw",)),
        Verb("boom", "Crashes the engine (tests the rollback).", _boom, examples=("/boom",)),
    )
    options = (Option("goal", "int", "Spaces to the finish.", 10, minimum=3, maximum=50),)

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[RaceState, list[Event]]:
        deck = [f"card{n}" for n in range(20)]
        rng.shuffle(deck)
        state: RaceState = {
            "names": list(names),
            "goal": options["goal"],
            "pos": [0] * len(names),
            "turn": 0,
            "deck": deck,
            "hands": [[] for _ in names],
        }
        return state, [public(f"Race to {options['goal']}.")]

    def view(self, state: RaceState, seat: int | None, *, figures: bool = False) -> View:
        lines = [f"{n}: {p}" for n, p in zip(state["names"], state["pos"], strict=True)]
        hand = None if seat is None else list(state["hands"][seat])
        return View("Race", seat, lines=lines, hand=hand)

    def waiting(self, state: RaceState) -> list[int]:
        return [] if self.outcome(state) is not None else [state["turn"]]

    def legal(self, state: RaceState, seat: int) -> list[Move]:
        if seat not in self.waiting(state):
            return []
        moves = [Move("step", (str(n),)) for n in (1, 2, 3)]
        return [*moves, Move("draw")] if state["deck"] else moves

    def outcome(self, state: RaceState) -> Outcome | None:
        done = [i for i, p in enumerate(state["pos"]) if p >= state["goal"]]
        if not done:
            return None
        return Outcome(done, {i: p for i, p in enumerate(state["pos"])})

    def rules(self, topic: str | None) -> str:
        return "Race: /step 1-3 spaces; first to the goal wins."


class SecretState(TypedDict):
    names: list[str]
    picks: list[int | None]
    score: list[int]


def _pick(state: SecretState, seat: int, args: Args, rng: Rng) -> list[Event]:
    words = args.words
    if len(words) != 1 or words[0] not in {"1", "2", "3", "4", "5"}:
        raise RuleError("Pick a number from 1 to 5, e.g. /pick 3.")
    state["picks"][seat] = int(words[0])
    name = state["names"][seat]
    events = [
        public(f"{name} has picked."),
        private(seat, f"You picked {words[0]}.", reveals=False),
    ]
    picks = state["picks"]
    if all(p is not None for p in picks):
        unique = [p for p in picks if p is not None and picks.count(p) == 1]
        shown = ", ".join(f"{n} {p}" for n, p in zip(state["names"], picks, strict=True))
        if unique:
            best = picks.index(max(unique))
            state["score"][best] += 1
            shown += f"; {state['names'][best]} scores"
        events.append(public(f"Revealed: {shown}.", reveals=True))
        state["picks"] = [None] * len(picks)
    return events


class Secret(BaseEngine[SecretState]):
    """Simultaneous: everyone picks 1-5 in secret; on reveal the highest unique pick scores."""

    key = "secret"
    title = "Secret"
    min_players = 2
    max_players = 5
    verbs = (
        Verb(
            "pick",
            "Pick 1 to 5 in secret.",
            _pick,
            args=(Arg("N", "number", choices=("1", "2", "3", "4", "5")),),
            examples=("/pick 3",),
        ),
    )
    options = ()

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[SecretState, list[Event]]:
        state: SecretState = {
            "names": list(names),
            "picks": [None] * len(names),
            "score": [0] * len(names),
        }
        return state, [public("Everyone /pick a number 1-5 in secret.")]

    def view(self, state: SecretState, seat: int | None, *, figures: bool = False) -> View:
        lines = [f"{n}: {s}" for n, s in zip(state["names"], state["score"], strict=True)]
        mine = None if seat is None else [str(state["picks"][seat] or "-")]
        return View("Secret", seat, lines=lines, hand=mine)

    def legal(self, state: SecretState, seat: int) -> list[Move]:
        if self.outcome(state) is not None or state["picks"][seat] is not None:
            return []
        return [Move("pick", (str(n),)) for n in range(1, 6)]

    def outcome(self, state: SecretState) -> Outcome | None:
        if max(state["score"]) < 3:
            return None
        best = max(state["score"])
        winners = [i for i, s in enumerate(state["score"]) if s == best]
        return Outcome(winners, dict(enumerate(state["score"])))

    def rules(self, topic: str | None) -> str:
        return "Secret: everyone picks 1-5; the highest unique pick scores; 3 points win."


RACE = Race()
SECRET = Secret()
