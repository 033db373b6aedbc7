"""Game end: the awards (a tie discards one), chips and awards scored from the leader down."""

from __future__ import annotations

from games.base import Outcome
from games.i18n import _, _n, from_json, joined, to_json
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
            t.say(
                _n(
                    "{award} ({n} point) goes to {player} ({best}).",
                    "{award} ({n} points) goes to {player} ({best}).",
                    award.points,
                    award=t.cat.label(award.name),
                    player=t.name(leaders[0]),
                    best=best,
                )
            )
        else:
            names = ", ".join(t.name(seat) for seat in leaders)
            t.say(
                _(
                    "{award} is tied at {best} between {players}, so it is discarded.",
                    award=t.cat.label(award.name),
                    best=best,
                    players=names,
                )
            )
    return gained


def finish(t: Context) -> None:
    """Final scoring, in order from the current leader down, hopping as during the game."""
    state = t.state
    count = len(state["names"])
    state["phase"] = "over"
    t.say(_("The game is over. Final scoring:"))
    gained = _awards(t)
    order = sorted(range(count), key=lambda s: (-state["score"][s], (s - state["first"]) % count))
    for seat in order:
        chips = [state["chips"][n] for n, owner in state["chip_owner"].items() if owner == seat]
        state["points"][seat]["chips"] = sum(chips)
        state["points"][seat]["awards"] = gained[seat]
        chip_text = joined((str(c) for c in chips), " + ", empty=_("none"))
        t.say(
            _("{player} reveals bonus chips: {chips}.", player=t.name(seat), chips=chip_text),
            reveal=True,
        )
        add_score(t, seat, gained[seat] + sum(chips), _("game-end awards and bonus chips"))
    rank = [
        (state["score"][s], city.tallest(state, s), city.buildings(state, s)) for s in range(count)
    ]
    best = max(rank)
    winners = [s for s in range(count) if rank[s] == best]
    state["result"] = {
        "winners": winners,
        "detail": [to_json(_detail(state, s)) for s in order],
    }
    names = [t.name(s) for s in winners]
    if len(names) == 1:
        text = _n(
            "Winner: {player} with {n} point.",
            "Winner: {player} with {n} points.",
            best[0],
            player=names[0],
        )
    else:
        text = _n(
            "Winners: {players} with {n} point.",
            "Winners: {players} with {n} points.",
            best[0],
            players=", ".join(names),
        )
    t.say(text, board=True)


def _detail(state: SkylinesState, seat: int) -> str:
    p = state["points"][seat]
    total = state["score"][seat]
    earned = p["lines"] + p["end"] + p["stars"] + p["chips"] + p["awards"]
    return _n(
        "{player}: {total} points (track lines {lines}, end bonus {end}, achievements {stars}, "
        "bonus chips {chips}, awards {awards}, hopping {hopping}); tallest building {tallest}, "
        "{n} building.",
        "{player}: {total} points (track lines {lines}, end bonus {end}, achievements {stars}, "
        "bonus chips {chips}, awards {awards}, hopping {hopping}); tallest building {tallest}, "
        "{n} buildings.",
        city.buildings(state, seat),
        player=state["names"][seat],
        total=total,
        lines=p["lines"],
        end=p["end"],
        stars=p["stars"],
        chips=p["chips"],
        awards=p["awards"],
        hopping=total - earned,
        tallest=city.tallest(state, seat),
    )


def outcome(state: SkylinesState) -> Outcome | None:
    result = state.get("result")
    if result is None:
        return None
    scores = {seat: float(score) for seat, score in enumerate(state["score"])}
    return Outcome(list(result["winners"]), scores, [from_json(d) for d in result["detail"]])
