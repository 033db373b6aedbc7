"""Game code on several threads: views (every seat and the public, in English and Polish) and bots
of every game, run at once from 8 threads over positions of random games, give exactly what one
thread gives, change no state, and leave the games' load-once data as it was; boards drawn as
PNG from 8 threads are the same images."""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest

import bot.render.image
from bot.i18n import localise_view
from games.base import Move, Rng, State, View
from games.memo import Memo
from games.registry import engine_for
from tests.contract.games import REAL_GAMES
from tests.support import random_play

THREADS = 8
POSITIONS = 10
"""Positions per game, spread over one random game from its setup to its end."""

Job = tuple[str, int, int | None, str]
"""Game, position, seat (None: the public), and what to run: "view" or "bot"."""


def _positions(game: str) -> list[State]:
    engine = engine_for(game)
    players = min(max(engine.min_players, 3), engine.max_players)
    options = {o.name: o.default for o in engine.options if o.kind not in ("file", "chat")}
    seen: list[State] = []

    def keep(state: State, _events: Any) -> None:
        seen.append(json.loads(json.dumps(state)))

    random_play(engine, players, f"threads/{game}", options, on_step=keep)
    step = max(1, len(seen) // POSITIONS)
    return [*seen[::step][: POSITIONS - 1], seen[-1]]


def _jobs(positions: dict[str, list[State]]) -> list[Job]:
    jobs: list[Job] = []
    for game, states in positions.items():
        engine = engine_for(game)
        for k, state in enumerate(states):
            jobs += [(game, k, seat, "view") for seat in [None, *range(len(state["names"]))]]
            jobs += [(game, k, seat, "bot") for seat in engine.waiting(state)]
    return jobs


def _copies(positions: dict[str, list[State]], jobs: list[Job]) -> list[State]:
    """Each job's position as a state of its own."""
    return [json.loads(json.dumps(positions[game][k])) for game, k, _seat, _kind in jobs]


def _run(job: Job, state: State) -> tuple[View, View] | Move:
    game, _k, seat, kind = job
    engine = engine_for(game)
    if kind == "bot":
        assert seat is not None
        return engine.bot_move(state, seat, Rng(f"threads/bot/{seat}"))
    view = engine.view(state, seat)
    return view, localise_view(view, "pl")


def _forget_memos(package: str = "games") -> int:
    """Empty every cache and memo of a package's code, so that the threads race to fill them."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if name != package and not name.startswith(f"{package}."):
            continue
        for value in vars(module).values():
            if isinstance(value, Memo):
                value.clear()
            elif getattr(value, "__module__", None) == name and hasattr(value, "cache_clear"):
                value.cache_clear()
            else:
                continue
            emptied += 1
    return emptied


def _load_once() -> list[Callable[[], Any]]:
    """Every cached function of game code that takes nothing: the data it loads is shared."""
    return [
        value
        for name, module in list(sys.modules.items())
        if name.startswith("games.")
        for value in vars(module).values()
        if getattr(value, "__module__", None) == name
        and hasattr(value, "cache_clear")
        and not inspect.signature(value).parameters
    ]


@contextmanager
def _switching_often() -> Iterator[None]:
    """Threads take turns every few microseconds, so that their steps interleave finely."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.fixture(scope="module")
def positions() -> dict[str, list[State]]:
    return {game: _positions(game) for game in REAL_GAMES}


def test_views_and_bots_of_every_game_on_8_threads_match_one_thread(
    positions: dict[str, list[State]],
) -> None:
    jobs = _jobs(positions)
    assert {job[0] for job in jobs} == set(REAL_GAMES)
    assert sum(job[3] == "bot" for job in jobs) >= len(REAL_GAMES) * POSITIONS // 2
    serial = list(map(_run, jobs, _copies(positions, jobs)))
    assert _forget_memos() >= 30
    for _round in ("cold memos", "warm memos"):
        states = _copies(positions, jobs)
        with _switching_often(), ThreadPoolExecutor(THREADS) as pool:
            threaded = list(pool.map(_run, jobs, states))
        for job, one, many, state in zip(jobs, serial, threaded, states, strict=True):
            assert many == one, f"{job} on {THREADS} threads ({_round})"
            assert state == positions[job[0]][job[1]], f"{job} changed the state"


def test_load_once_data_is_unchanged_by_views_and_bots(positions: dict[str, list[State]]) -> None:
    jobs = _jobs(positions)
    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(_run, jobs, _copies(positions, jobs)))
    loaders = _load_once()
    assert len(loaders) >= 4
    for load in loaders:
        used = repr(load())
        load.cache_clear()  # type: ignore[attr-defined]
        assert repr(load()) == used, f"{load.__module__}.{load.__qualname__} was changed"


def test_boards_drawn_on_8_threads_are_the_images_one_thread_draws(
    positions: dict[str, list[State]],
) -> None:
    jobs = [job for job in _jobs(positions) if job[3] == "view"][::3]
    views = [
        localise_view(engine_for(job[0]).view(state, job[2]), "pl")
        for job, state in zip(jobs, _copies(positions, jobs), strict=True)
    ]
    serial = [bot.render.image.render_png(view) for view in views]
    assert _forget_memos("bot.render") >= 5
    with _switching_often(), ThreadPoolExecutor(THREADS) as pool:
        threaded = list(pool.map(bot.render.image.render_png, views))
    assert [png == one for png, one in zip(threaded, serial, strict=True)] == [True] * len(views)
