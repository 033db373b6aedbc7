"""The engine contract, checked for every registered game with no per-game code: random games
finish and replay to the same digests, offered moves are accepted, refused moves change nothing,
public output carries no private text, and /help explains each verb from the game's own
declaration."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.commands.help import help_text
from bot.pipeline import state_digest
from bot.render.text import render_text
from bot.verbs import SHARED
from games.base import Action, Engine, Event, Rng, RuleError
from games.registry import engine_for
from games.replay import apply, replay
from tests.contract.games import REAL_GAMES

SEEDS = ("contract-1", "contract-2")
MAX_MOVES = 6000
SAMPLED_OFFERS = 12
GARBAGE = ("", "nonsense", "999", "zz zz", "-1", "@nobody", "Ann's 🐱", "0,0", "x" * 40)


def names(count: int) -> list[str]:
    return ["Ann", "Bob 1", "Cid's 🐱", "Dee", "Eve"][:count]


@dataclass
class Game:
    engine: Engine[Any]
    names: list[str]
    seed: str
    state: Any
    rng: Rng
    actions: list[Action] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    public: list[str] = field(default_factory=list)
    private: list[str] = field(default_factory=list)

    def record(self, events: list[Event]) -> None:
        for event in events:
            (self.public if event.to is None else self.private).append(event.text)


def play(game_key: str, players: int, seed: str, *, bots: bool) -> Iterator[Game]:
    """Yield the game after every move; moves are random legal ones (or the bot's)."""
    engine = engine_for(game_key)
    rng = Rng(seed)
    seat_names = names(players)
    options = {o.name: o.default for o in engine.options if o.kind not in ("file", "chat")}
    state, events = engine.setup(seat_names, options, rng)
    game = Game(engine, seat_names, seed, state, rng)
    game.record(events)
    chooser = Rng(seed + "/chooser")
    for _ in range(MAX_MOVES):
        yield game
        if engine.outcome(state) is not None:
            return
        waiting = engine.waiting(state)
        assert waiting, "nobody can move but the game has not ended"
        seat = chooser.choice(waiting)
        if bots:
            move = engine.bot_move(state, seat, chooser.fork("bot"))
        else:
            offers = engine.legal(state, seat)
            assert offers, f"seat {seat} is waited on but has no legal move"
            move = chooser.choice(offers)
        action = Action(seat, move.verb, move.args)
        try:
            game.record(apply(engine, state, action, rng, seat_names[seat]))
        except RuleError as error:
            raise AssertionError(f"offered move {move.text} refused: {error}") from error
        game.actions.append(action)
        game.digests.append(state_digest(state, rng.position))
    raise AssertionError(f"{game_key}: no result after {MAX_MOVES} moves")


def min_players(game_key: str) -> int:
    return max(engine_for(game_key).min_players, 2)


@pytest.mark.parametrize("game_key", REAL_GAMES)
@pytest.mark.parametrize("bots", [False, True], ids=["random", "bots"])
def test_random_games_finish_round_trip_and_replay_to_the_same_digests(
    game_key: str, bots: bool
) -> None:
    engine = engine_for(game_key)
    for seed in SEEDS:
        for players in sorted({min_players(game_key), engine.max_players}):
            *_, game = play(game_key, players, seed, bots=bots)
            assert engine.outcome(game.state) is not None
            assert json.loads(json.dumps(game.state)) == game.state, "state is not plain JSON"
            options = {o.name: o.default for o in engine.options if o.kind not in ("file", "chat")}
            rng = Rng(seed)
            state, _ = engine.setup(game.names, options, rng)
            for i, action in enumerate(game.actions):
                apply(engine, state, action, rng, game.names[action.seat], atomic=False)
                assert state_digest(state, rng.position) == game.digests[i], f"diverges at #{i + 1}"
            replayed, replay_rng = replay(engine, game.names, options, seed, game.actions)
            assert (replayed, replay_rng.position) == (game.state, game.rng.position)


@pytest.mark.parametrize("game_key", REAL_GAMES)
def test_every_offered_move_is_accepted_and_every_refusal_changes_nothing(game_key: str) -> None:
    engine = engine_for(game_key)
    probe = Rng(f"probe-{game_key}")
    offers_checked = refusals_checked = 0
    for step, game in enumerate(play(game_key, min_players(game_key), "offers", bots=True)):
        if step % 3 or engine.outcome(game.state) is not None:
            continue
        for seat in range(len(game.names)):
            offers = engine.legal(game.state, seat)
            for move in probe.sample(offers, min(SAMPLED_OFFERS, len(offers))):
                trial = copy.deepcopy(game.state)
                apply(engine, trial, Action(seat, move.verb, move.args), Rng("t"), "x")
                offers_checked += 1
            for verb in engine.verbs:
                if verb.chat:
                    continue
                args = tuple(probe.choice(GARBAGE).split())
                before = json.dumps(game.state, sort_keys=True)
                rng = Rng("refusal", 5)
                try:
                    apply(engine, game.state, Action(seat, verb.name, args), rng, "x")
                except RuleError as error:
                    refusals_checked += 1
                    assert str(error).strip(), "a refusal must say why"
                    assert json.dumps(game.state, sort_keys=True) == before
                    assert rng.position == 5
                else:
                    return  # the garbage happened to be a legal move; the game moved on
    assert offers_checked > 15 and refusals_checked > 20  # GoTown's short game offers 19


@pytest.mark.parametrize("game_key", REAL_GAMES)
def test_public_output_carries_no_private_text(game_key: str) -> None:
    engine = engine_for(game_key)
    for game in play(game_key, engine.max_players, "secrets", bots=True):
        public_view = engine.view(game.state, None)
        assert public_view.hand is None
    shown = "\n".join([*game.public, render_text(engine.view(game.state, None))])
    secrets = {text for text in game.private if len(text) >= 16}
    leaked = [text for text in secrets if text in shown]
    assert not leaked, leaked[:3]


@pytest.mark.parametrize("game_key", REAL_GAMES)
def test_help_explains_each_verb_from_the_games_own_declaration(game_key: str) -> None:
    engine = engine_for(game_key)
    for verb in engine.verbs:
        text = help_text(SHARED, engine, verb.name)
        assert verb.help in text, f"/help {verb.name} at a {engine.title} table"
        for flag in verb.flags:
            assert f"--{flag.name}" in text
        assert 0 < len(verb.help) <= 100, f"/{verb.name}: help must be one line of <= 100 chars"


ROLES = (
    "engine", "verbs", "state", "setup", "flow", "moves", "bot", "view", "rules_text", "catalog",
)  # fmt: skip


@pytest.mark.parametrize("game_key", REAL_GAMES)
def test_every_game_package_has_the_modules_of_the_shared_roles(game_key: str) -> None:
    import importlib

    from games.registry import GAMES

    package = importlib.import_module(GAMES[game_key])
    for role in ROLES:
        importlib.import_module(f"{package.__name__}.{role}")  # ModuleNotFoundError names it
