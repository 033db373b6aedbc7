"""A kingdom's rows and buildings are texts made once and shared by views: with the caches
emptied a view comes out the same, and a view does not change when later ones are localised."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence

from bot.i18n import localise_view
from games.base import Event, State
from games.papertales import view as papertales_view
from games.registry import engine_for
from tests.support import random_play


def test_views_from_shared_texts_equal_fresh_ones_and_never_change_later() -> None:
    engine = engine_for("papertales")
    states: list[State] = []

    def keep(state: State, _events: Sequence[Event]) -> None:
        states.append(json.loads(json.dumps(state)))

    random_play(engine, 3, "view", bots=True, on_step=keep)
    first = engine.view(states[len(states) // 2], 0)
    kept = copy.deepcopy(first)
    for state in states[::7]:
        views = [engine.view(state, seat) for seat in (None, 0, 1, 2)]
        papertales_view._row_text.cache_clear()
        papertales_view._built.cache_clear()
        assert [engine.view(state, seat) for seat in (None, 0, 1, 2)] == views
        localise_view(views[1], "pl")
    localise_view(first, "pl")
    assert first == kept
