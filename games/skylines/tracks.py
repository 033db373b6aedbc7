"""Moving meeples: hopping over other players, line points once, the first-to-end bonus."""

from __future__ import annotations

from games.i18n import _
from games.skylines.cards import TRACK_NAMES, TRACKS, Catalog
from games.skylines.context import Context
from games.skylines.state import SkylinesState


def hop(position: int, steps: int, others: list[int], end: int | None) -> int:
    """Where `steps` moves lead when spaces holding others are skipped (ruling 6).

    Space 0 and the end space hold any number of meeples, so they are never skipped."""
    direction = 1 if steps > 0 else -1
    remaining = abs(steps)
    while remaining > 0:
        if direction < 0 and position == 0:
            break
        if direction > 0 and end is not None and position == end:
            break
        position += direction
        if position in others and position != 0 and position != end:
            continue
        remaining -= 1
    return position


def add_score(t: Context, seat: int, points: int, why: str) -> None:
    """Score points on the score track, hopping over other players' score meeples."""
    if points <= 0:
        return
    state = t.state
    others = [s for i, s in enumerate(state["score"]) if i != seat]
    before = state["score"][seat]
    state["score"][seat] = hop(before, points, others, None)
    after = state["score"][seat]
    t.say(
        _(
            "{player} scores {points} for {why}: score {before} to {after}.",
            player=t.name(seat),
            points=points,
            why=why,
            before=before,
            after=after,
        )
    )


def lowest(state: SkylinesState, seat: int) -> list[str]:
    mine = state["tracks"][seat]
    low = min(mine.values())
    return [track for track in TRACKS if mine[track] == low]


def at_end(state: SkylinesState, cat: Catalog, seat: int, track: str) -> bool:
    return bool(state["tracks"][seat][track] >= cat.track_end)


def advance(t: Context, seat: int, track: str, steps: int) -> None:
    """Move on a track (back if steps < 0), then score new lines and the end bonus."""
    state, cat = t.state, t.cat
    mine = state["tracks"][seat]
    before = mine[track]
    others = [p[track] for i, p in enumerate(state["tracks"]) if i != seat]
    after = hop(before, steps, others, cat.track_end)
    mine[track] = after
    params = {
        "player": t.name(seat),
        "n": abs(steps),
        "track": TRACK_NAMES[track],
        "before": before,
        "after": after,
    }
    if steps > 0:
        t.say(_("{player} advances {n} on {track}: {before} to {after}.", **params))
    else:
        t.say(_("{player} declines {n} on {track}: {before} to {after}.", **params))
    state["turn"]["last_track"] = track
    scored = state["lines"][seat][track]
    for line in cat.lines:
        if after > line and line not in scored:
            scored.append(line)
            state["points"][seat]["lines"] += 1
            why = _(
                "crossing the {track} line after space {space}",
                track=TRACK_NAMES[track],
                space=line,
            )
            add_score(t, seat, 1, why)
    if after == cat.track_end and state["end_bonus"][track] is None:
        state["end_bonus"][track] = seat
        state["points"][seat]["end"] += cat.end_bonus
        why = _("being first to the end of {track}", track=TRACK_NAMES[track])
        add_score(t, seat, cat.end_bonus, why)
