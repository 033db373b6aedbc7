"""Game end: the awards (a tie discards one), chips and awards scored from the leader down."""

from __future__ import annotations

from games.base import Outcome
from games.skylines import city
from games.skylines.context import Context
from games.skylines.state import SkylinesState
from games.skylines.tracks import add_score


def measure(state: SkylinesState, seat: int, kind: str) -> int:
    return city.tallest(state, seat) if kind == "tallest" else city.buildings(state, seat)


def _awards(t: Context) -> list[int]:
    state = t.state
    seats = range(len(state["names"]))
    gained = [0 for _ in seats]
    for award in t.cat.awards:
        values = [measure(state, seat, award.measure) for seat in seats]
        best = max(values)
        leaders = [seat for seat in seats if values[seat] == best]
        if len(leaders) == 1:
            gained[leaders[0]] += award.points
            t.say(f"{award.name} ({award.points} points) goes to {t.name(leaders[0])} ({best}).")
        else:
            names = ", ".join(t.name(seat) for seat in leaders)
            t.say(f"{award.name} is tied at {best} between {names}, so it is discarded.")
    return gained


def finish(t: Context) -> None:
    """Final scoring, in order from the current leader down, hopping as during the game."""
    state = t.state
    count = len(state["names"])
    state["phase"] = "over"
    t.say("The game is over. Final scoring:")
    gained = _awards(t)
    order = sorted(range(count), key=lambda s: (-state["score"][s], (s - state["first"]) % count))
    for seat in order:
        chips = [state["chips"][n] for n, owner in state["chip_owner"].items() if owner == seat]
        state["points"][seat]["chips"] = sum(chips)
        state["points"][seat]["awards"] = gained[seat]
        chip_text = " + ".join(str(c) for c in chips) if chips else "none"
        t.say(f"{t.name(seat)} reveals bonus chips: {chip_text}.", reveal=True)
        add_score(t, seat, gained[seat] + sum(chips), "game-end awards and bonus chips")
    rank = [
        (state["score"][s], city.tallest(state, s), city.buildings(state, s)) for s in range(count)
    ]
    best = max(rank)
    winners = [s for s in range(count) if rank[s] == best]
    state["result"] = {"winners": winners, "detail": [_detail(state, s) for s in order]}
    t.say(
        "Winner: " + " and ".join(t.name(s) for s in winners) + f" with {best[0]} points.",
        board=True,
    )


def _detail(state: SkylinesState, seat: int) -> str:
    p = state["points"][seat]
    total = state["score"][seat]
    earned = p["lines"] + p["end"] + p["stars"] + p["chips"] + p["awards"]
    return (
        f"{state['names'][seat]}: {total} points (track lines {p['lines']}, end bonus {p['end']}, "
        f"achievements {p['stars']}, bonus chips {p['chips']}, awards {p['awards']}, "
        f"hopping {total - earned}); tallest building {city.tallest(state, seat)}, "
        f"{city.buildings(state, seat)} buildings."
    )


def outcome(state: SkylinesState) -> Outcome | None:
    result = state.get("result")
    if result is None:
        return None
    scores = {seat: float(score) for seat, score in enumerate(state["score"])}
    return Outcome(list(result["winners"]), scores, list(result["detail"]))
