"""The public view shares a sheet's unmarked cells between views (made once per sheet): a view
must come out as if built from scratch, and stay as it was while later views are built and
localised."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence

from bot.i18n import localise_view
from games.base import Event, Rng, State
from games.papertown import scoring
from games.papertown import view as papertown_view
from games.papertown.scoring import breakdown, breakdowns
from games.registry import engine_for
from tests.support import names_for, random_play


def test_shared_cells_give_the_same_views_and_none_changes_later() -> None:
    engine = engine_for("papertown")
    options = {o.name: o.default for o in engine.options if o.kind not in ("file", "chat")}
    rng, chooser = Rng("view"), Rng("view/chooser")
    state, _events = engine.setup(names_for(2), options, rng)
    states = []
    while engine.outcome(state) is None:
        seat = chooser.choice(engine.waiting(state))
        move = engine.bot_move(state, seat, chooser.fork("bot"))
        engine.act(state, seat, move.verb, list(move.args), rng)
        states.append(json.loads(json.dumps(state)))
    first = engine.view(states[0], None)
    kept = copy.deepcopy(first)
    later = [localise_view(engine.view(s, None), "pl") for s in states[1:]]
    localise_view(first, "pl")
    assert first == kept
    assert later[-1].grids[0].cells != first.grids[0].cells  # the game marked cells
    papertown_view._plain_cells.cache_clear()
    assert engine.view(states[0], None) == first
    assert engine.view(states[-1], None).grids == engine.view(states[-1], 1).grids
    for s in (states[0], states[len(states) // 2], states[-1]):
        assert breakdowns(s) == [breakdown(s, p) for p in range(len(s["players"]))]


def test_views_from_the_shared_cells_and_money_memo_equal_views_made_from_scratch() -> None:
    """Marked cells and special blocks are shared by views, and money is remembered per
    participant's blocks: with every cache emptied a view comes out the same."""
    engine = engine_for("papertown")
    states: list[State] = []

    def keep(state: State, _events: Sequence[Event]) -> None:
        states.append(json.loads(json.dumps(state)))

    random_play(engine, 2, "scratch", {"own-banks": True}, bots=True, on_step=keep)
    assert any(claimer is not None for claimer in states[-1]["claims"])
    for state in states[::5]:
        views = [engine.view(state, seat) for seat in (None, 0, 1)]
        papertown_view._plain_cells.cache_clear()
        papertown_view._marked_cells.cache_clear()
        papertown_view._special_cell.cache_clear()
        scoring._MONEY.clear()
        assert [engine.view(state, seat) for seat in (None, 0, 1)] == views
        assert breakdowns(state) == [breakdown(state, p) for p in range(len(state["players"]))]
