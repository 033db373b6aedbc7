"""advance n on a track (back if n < 0), a chosen one, each step chosen, the lowest, all three."""

from __future__ import annotations

from typing import ClassVar

from games.base import Args, Move, RuleError
from games.i18n import N_, _, _n, joined
from games.skylines.cards import TRACK_NAMES, TRACKS, Catalog
from games.skylines.context import Context
from games.skylines.effects.base import MAX_N, Boolean, Choice, Fields, Kind, Whole, finish_one
from games.skylines.program import ctx, pop
from games.skylines.state import SkylinesState, Step
from games.skylines.tracks import advance, at_end, lowest

TRACK_WORDS = (*TRACKS, "any", "split", "lowest", "each", "same")
CHOSEN = ("any", "split", "lowest")  # the player picks the track


def _options(state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[str]:
    if step["track"] == "lowest":
        options = lowest(state, seat)
    else:
        chosen = ctx(state)["chosen"] if step.get("different") else []
        options = [tr for tr in TRACKS if tr not in chosen]
    if step["amount"] > 0:
        options = [tr for tr in options if not at_end(state, cat, seat, tr)]
    return options


class Advance(Kind):
    name = "advance"
    verb = "advance"
    fields: ClassVar[Fields] = {
        "n": Whole(-MAX_N, MAX_N, nonzero=True),
        "track": Choice(TRACK_WORDS),
        "different": Boolean(),
    }
    required = frozenset({"n", "track"})
    title = N_("advance")
    summary = N_(
        "advance n on profit | prestige | population | any (one chosen track) | split (each "
        "step chosen) | lowest | each (all three) | same (the track just used); a negative n "
        "declines; 'different' means a track not chosen earlier in the action."
    )

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _n(
            "choose a track to move {n} space: /advance TRACK",
            "choose a track to move {n} spaces: /advance TRACK",
            abs(step.get("amount", 1)),
        )

    def prepare(self, t: Context, seat: int, step: Step, total: int) -> bool:
        if step["track"] == "split":
            step["amount"] = 1 if total > 0 else -1
            step["left"] = abs(total)
        else:
            step["amount"] = total
            step["left"] = 1 if total else 0
        return step["left"] > 0

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        state = t.state
        if step["track"] == "lowest":
            options = _options(state, t.cat, seat, step)
            if len(options) != 1:
                return False
            pop(state)
            advance(t, seat, options[0], step["amount"])
            return True
        if step["track"] in CHOSEN:
            return False
        pop(state)
        if step["track"] == "each":
            chosen = list(TRACKS)
        elif step["track"] == "same":
            last = state["turn"]["last_track"]
            chosen = [last] if last else []
        else:
            chosen = [step["track"]]
        for tr in chosen:
            advance(t, seat, tr, step["amount"])
        return True

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return [Move("advance", (TRACK_NAMES[tr],)) for tr in _options(state, cat, seat, step)]

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        chosen = args.one("TRACK", str)
        options = _options(t.state, t.cat, seat, step)
        if chosen not in options:
            listed = joined((TRACK_NAMES[tr] for tr in options), empty=_("none"))
            raise RuleError(
                _(
                    "You cannot advance on {track} now; choose: {options}.",
                    track=TRACK_NAMES[chosen],
                    options=listed,
                )
            )
        finish_one(t.state, step)
        ctx(t.state)["chosen"].append(chosen)
        advance(t, seat, chosen, step["amount"])


KIND = Advance()
