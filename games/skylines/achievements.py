"""Achievements: what each kind of requirement measures, claiming, and the first claimer's chip."""

from __future__ import annotations

from collections.abc import Callable

from games.i18n import _
from games.skylines import city
from games.skylines.cards import TRACKS, Catalog
from games.skylines.context import Context
from games.skylines.program import fire
from games.skylines.state import SkylinesState, Test
from games.skylines.tracks import add_score

Measure = Callable[[SkylinesState, Catalog, int, Test], int]

MEASURES: dict[str, Measure] = {
    "types_visible": lambda state, cat, seat, test: len(+city.visible_types(state, cat, seat)),
    "height": lambda state, cat, seat, test: city.tallest(state, seat),
    "landmarks_visible": lambda state, cat, seat, test: city.landmarks(state, cat, seat),
    "site_top": lambda state, cat, seat, test: city.top_sites(state, cat, seat)[
        test.get("site", "")
    ],
    "tracks_all": lambda state, cat, seat, test: min(state["tracks"][seat][t] for t in TRACKS),
}
"""Each requirement's `check` names one of these; a new kind of requirement is one line here."""


def claimable(state: SkylinesState, cat: Catalog, seat: int) -> list[str]:
    """Achievements this seat meets now and has not claimed (checked when claiming, ruling 16)."""
    return [
        a.name
        for a in cat.achievements
        if seat not in state["claims"][a.name]
        and MEASURES[a.test.get("check", "")](state, cat, seat, a.test) >= a.test.get("min", 1)
    ]


def claim(t: Context, seat: int, name: str) -> None:
    state = t.state
    achievement = t.cat.achievement(name)
    first = not state["claims"][name]
    state["claims"][name].append(seat)
    state["points"][seat]["stars"] += achievement.stars
    label = t.cat.label(name)
    t.say(_("{player} claims the achievement {name}.", player=t.name(seat), name=label))
    add_score(t, seat, achievement.stars, _("the achievement {name}", name=label))
    if first and name in state["chips"]:
        state["chip_owner"][name] = seat
        t.say(_("{player} is first there and takes its face-down bonus chip.", player=t.name(seat)))
        t.tell(
            seat,
            _(
                "Your bonus chip from {name} is worth {points} at game end.",
                name=label,
                points=state["chips"][name],
            ),
        )
    fire(t, seat, "claim")
