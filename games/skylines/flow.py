"""Turn order and what advances by itself: the simultaneous city choice, running an action's
steps until one needs its player, actions per level, the round end and the last round."""

from __future__ import annotations

from games.i18n import N_, _, _n, joined, said
from games.skylines.context import Context
from games.skylines.decks import deal_level, deck, refill_row
from games.skylines.effects import registry
from games.skylines.program import current, pop
from games.skylines.scoring import finish
from games.skylines.state import SkylinesState

SOURCES = {
    "build": N_("build"),
    "tuck": N_("tuck"),
    "advance": N_("advance"),
    "draw": N_("draw"),
    "achieve": N_("achieve"),
}
"""The basic actions, as the action under way names where it came from (else a card's name)."""


def waiting(state: SkylinesState) -> list[int]:
    """The city phase is simultaneous: every seat that has not kept a city yet is waited on.
    In play, only the seat whose turn it is (an action's parts are all theirs)."""
    if state["phase"] == "city":
        return [seat for seat, city in enumerate(state["city"]) if city is None]
    return [state["turn"]["seat"]] if state["phase"] == "play" else []


def choose_city(t: Context, seat: int, name: str) -> None:
    """A private choice (one of the seat's offers); when the last player has chosen, all cities
    are shown and play begins."""
    state = t.state
    state["city"][seat] = name
    t.tell(seat, _("You keep {card}.", card=t.cat.label(name)), reveals=False)
    missing = [t.name(s) for s, c in enumerate(state["city"]) if c is None]
    if missing:
        t.say(
            _(
                "{player} has chosen a city. Still choosing: {players}.",
                player=t.name(seat),
                players=", ".join(missing),
            )
        )
        return
    kept = [c or "" for c in state["city"]]
    for s, name in enumerate(kept):
        state["cities"][s] = [{"built": [name], "tucked": []}]
    shown = joined(
        (
            _(
                "{player}: {city} ({text})",
                player=t.name(s),
                city=t.cat.label(c),
                text=t.cat.cities[c].text,
            )
            for s, c in enumerate(kept)
        ),
        "; ",
    )
    t.say(
        _("Cities revealed: {cities}. Each mayor stands on their city.", cities=shown),
        reveal=True,
    )
    state["phase"] = "play"
    start_turn(t, state["first"])


def start_turn(t: Context, seat: int) -> None:
    level = t.state["level"]
    t.state["turn"] = {"seat": seat, "actions": level, "once": [], "last_track": None}
    t.say(
        _n(
            "{player}'s turn: level {level}, {n} action.",
            "{player}'s turn: level {level}, {n} actions.",
            level,
            player=t.name(seat),
            level=level,
        ),
        board=True,
    )


def _new_level(t: Context, first: int) -> None:
    """The card row is discarded, the old deck set aside (ruling 12), and everyone draws."""
    state = t.state
    level = state["level"]
    row, leftover = list(state["row"]), deck(state, level)
    state["discard"].extend(row)
    state["row"] = []
    state["set_aside"].extend(leftover)
    state["decks"][str(level)] = []
    state["level"] = level + 1
    cards = t.cat.listed(row, _("no cards"))
    t.say(
        _n(
            "Level {level} is over: the card row ({cards}) is discarded and {n} leftover "
            "level {level} card is set aside. Level {next} begins and every player draws "
            "{deal} level {next} cards.",
            "Level {level} is over: the card row ({cards}) is discarded and {n} leftover "
            "level {level} cards are set aside. Level {next} begins and every player draws "
            "{deal} level {next} cards.",
            len(leftover),
            level=level,
            cards=cards,
            next=level + 1,
            deal=t.cat.deal,
        )
    )
    deal_level(t, first)
    refill_row(t)


def end_turn(t: Context) -> None:
    """Pass the turn; a round-end card seen this level ends the level or, at level 4, the game."""
    state = t.state
    seat = state["turn"]["seat"]
    state["turns"][seat] += 1
    following = (seat + 1) % len(state["names"])
    if state["level"] < 4 and state["level"] in state["seen_end"]:
        _new_level(t, following)
    if state["level"] == 4 and 4 in state["seen_end"] and following == state["first"]:
        finish(t)
        return
    start_turn(t, following)


def run(t: Context) -> None:
    """Run steps until one needs an answer; when the action is over and no actions remain, pass."""
    state = t.state
    while state["program"] is not None:
        step = current(state)
        if step is None:
            state["program"] = None
            break
        seat = state["program"]["seat"]
        if not step.get("started") and not registry.start(t, seat, step):
            pop(state)
            continue
        if registry.auto(t, seat, step):
            continue
        if registry.answers(state, t.cat, seat, step):
            source = state["program"]["source"]
            t.say(
                _(
                    "{player} ({source}) must now {prompt}.",
                    player=t.name(seat),
                    source=said(SOURCES[source]) if source in SOURCES else t.cat.label(source),
                    prompt=registry.prompt(state, step),
                )
            )
            return
        if step.get("done", 0) == 0:
            t.say(
                _(
                    "{player} cannot do the '{part}' part, so it is skipped.",
                    player=t.name(seat),
                    part=said(registry.kind_of(step).title),
                )
            )
        pop(state)
    if state["phase"] == "play" and state["turn"]["actions"] <= 0:
        end_turn(t)
