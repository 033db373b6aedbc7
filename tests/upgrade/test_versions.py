"""Each game's state migrations (games/<game>/versions.py) keep their contract on every state of a
game played under the current rules: `up` leaves a state already in its shape as it is (a state
saved without a version may be either), and each older shape `down` writes goes back up: exactly
(marked to keep the older rules past a step that changed them), or where a step's `up` keeps the
old form (`unchanged`) to the same outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.base import Action, Rng, copy_state
from games.registry import engine_for
from games.replay import apply
from games.versions import FIRST, Step, current, older, release_before, unchanged, upgrade
from tests.upgrade.make_fixtures import GAMES

EXPORTS = Path(__file__).parent
CURRENT_SHAPE = "722419f"
"""The release whose exports replay under today's rules to today's digests."""


@pytest.mark.parametrize("game", GAMES)
def test_migrations_leave_current_states_and_undo_their_way_down(game: str) -> None:
    document = json.loads((EXPORTS / f"{CURRENT_SHAPE}-{game}.json").read_text(encoding="utf-8"))
    engine = engine_for(game)
    names = [seat["name"] for seat in document["seats"]]
    rng = Rng(document["seed"])
    state, _events = engine.setup(names, document["options"], rng)
    downs = 0
    for record in document["actions"]:
        action = Action(record["seat"], record["verb"], tuple(record["args"]))
        apply(engine, state, action, rng, names[action.seat])
        assert upgrade(copy_state(state), FIRST, engine.versions) == state
        for version, shape in older(state, engine.versions):
            back = upgrade(shape, version, engine.versions)
            steps = engine.versions[version - FIRST :]
            expected = copy_state(state)
            for step in steps:  # a state saved before a rules change keeps the older rules
                expected = step.rules(expected) if step.rules else expected
            if any(step.up is unchanged for step in steps):  # said as it was saved: the same
                assert engine.outcome(back) == engine.outcome(expected), (record["seq"], version)
            else:
                assert back == expected, (record["seq"], version)
            downs += 1
    assert current(engine.versions) == FIRST + len(engine.versions)
    assert downs or not engine.versions or engine.versions[-1].down is None


def test_a_step_without_a_migration_or_a_way_back_stops_there() -> None:
    """No `up`: the caller replays the log; no `down`: `verify` looks no further back."""
    renamed = Step(lambda s: {"score": s.pop("points")}, lambda s: {"points": s.pop("score")}, "b")
    steps = (Step(None, None, since="a"), renamed)
    assert upgrade({"points": 3}, FIRST, steps) is None
    assert upgrade({"points": 3}, FIRST + 1, steps) == {"score": 3}
    assert list(older({"score": 3}, steps)) == [(FIRST + 1, {"points": 3})]
    assert release_before(FIRST, steps) == "a release before a"
