"""Shared test helpers: random legal play through an engine, replay and JSON round-trip checks,
and which commands the store loads from the rows rather than its cache."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.commands.parse import Invocation, parse_command
from bot.referee import Referee
from bot.replies import Private, Reply
from games.base import Action, Engine, Event, Rng, State
from games.replay import replay
from storage.store import Loaded, Store


@dataclass
class Playthrough:
    state: State
    rng: Rng
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def names_for(players: int) -> list[str]:
    return ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]


def random_play(
    engine: Engine[Any],
    players: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    *,
    max_moves: int = 5000,
    bots: bool = False,
    on_step: Callable[[State, Sequence[Event]], None] | None = None,
) -> Playthrough:
    """Play random legal moves (or the engine's bot moves) until the game ends; fails on a stuck game."""
    names = names_for(players)
    opts = dict(options or {})
    rng = Rng(seed)
    state, events = engine.setup(names, opts, rng)
    chooser = Rng(seed + "/chooser")
    play = Playthrough(state, rng, events=list(events))
    if on_step is not None:
        on_step(state, events)
    for _ in range(max_moves):
        if engine.outcome(state) is not None:
            break
        waiting = engine.waiting(state)
        assert waiting, "nobody can move but the game has not ended"
        seat = chooser.choice(waiting)
        if bots:
            move = engine.bot_move(state, seat, chooser.fork("bot"))
        else:
            moves = engine.legal(state, seat)
            assert moves, f"seat {seat} is waited on but has no legal move"
            move = chooser.choice(moves)
        events = engine.act(state, seat, move.verb, list(move.args), rng)
        play.actions.append(Action(seat, move.verb, move.args))
        play.events.extend(events)
        if on_step is not None:
            on_step(state, events)
    else:
        raise AssertionError(f"no result after {max_moves} moves")
    assert json.loads(json.dumps(state)) == state, "state is not plain JSON"
    replayed, replay_rng = replay(engine, names, opts, seed, play.actions)
    assert replayed == state, "replaying the log does not reproduce the final state"
    assert replay_rng.position == rng.position
    return play


def public_texts(events: Sequence[Event]) -> list[str]:
    return [event.text for event in events if event.to is None]


def rows_loaded(patch: pytest.MonkeyPatch) -> list[str]:
    """From now on (while `patch` holds), the chat of every command the store loads from the rows
    rather than from its cache, in order."""
    loads: list[str] = []
    real = Store.load

    async def counted(self: Store, platform: str, chat_id: str, *rest: Any) -> Loaded:
        loaded = await real(self, platform, chat_id, *rest)
        if not loaded.cached:
            loads.append(chat_id)
        return loaded

    patch.setattr(Store, "load", counted)
    return loads


async def send_as(
    referee: Referee,
    chat: str,
    user: str,
    line: str,
    attachment: tuple[str, str] | None = None,
) -> list[Reply]:
    """One typed command line (with a file, if any) from a user, through the referee."""
    parsed = parse_command(line)
    assert parsed is not None, line
    inv = Invocation(
        "test", chat, user, user.title(), parsed.verb, parsed.args,
        text=parsed.text, attachment=attachment,
    )  # fmt: skip
    return await referee.handle(inv)


def refusals(replies: Sequence[Reply]) -> list[str]:
    """The texts of the refusals among replies."""
    return [r.text for r in replies if isinstance(r, Private) and r.refusal is not None]
