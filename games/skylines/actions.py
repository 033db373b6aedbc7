"""The basic actions and the mayor action, each checked in full before it costs an action."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Move, RuleError, State
from games.skylines import building, city
from games.skylines.catalog import TRACKS, Catalog
from games.skylines.decks import can_draw, draw_deck, draw_row
from games.skylines.parse import number, one_name, take_name, track, words
from games.skylines.program import begin, claim, claimable, fire, push, this_stack, tuck_card
from games.skylines.table import Table
from games.skylines.tracks import advance, at_end

BASIC_VERBS = ("build", "tuck", "discard", "advance", "draw", "achieve", "mayor", "done")


def _hand_card(state: State, seat: int, parts: list[str], verb: str) -> str:
    hand = state["hands"][seat]
    found = take_name(parts, 0, hand)
    if found is None or found[1] != len(parts):
        raise RuleError(
            f"/{verb} needs one card from your hand: {', '.join(hand) or 'it is empty'}."
        )
    return found[0]


def _mayor_spots(state: State, cat: Catalog, seat: int) -> list[int]:
    """Top cards the mayor may move to: another one than now (ruling 9), with a mayor action."""
    here = this_stack(state, seat)
    return [i for i, name in city.tops(state, seat) if i != here and cat.card(name).effect]


def _draw_choice(state: State, cat: Catalog, parts: list[str]) -> int | None:
    """None for the deck, else the 0-based row slot."""
    if [w.casefold() for w in parts] == ["deck"]:
        if not can_draw(state, cat, state["level"]):
            raise RuleError("The deck is empty; draw from the card row instead.")
        return None
    if len(parts) == 2 and parts[0].casefold() == "row" and state["row"]:
        return number(parts[1], 1, len(state["row"]), "card row slot")
    raise RuleError("Write '/draw deck' or '/draw row N' (N is the card row slot).")


def basic(t: Table, seat: int, verb: str, args: Sequence[str]) -> None:
    """One basic action or a mayor action, refused whole if anything about it is wrong."""
    state, cat, parts = t.state, t.cat, words(args)
    if verb == "done":
        state["turn"]["actions"] = 0
        t.say(f"{t.name(seat)} ends the turn.")
    elif verb == "build":
        plan = building.parse(state, cat, seat, parts, building.BASIC)
        begin(state, seat, "build")
        building.execute(t, seat, plan)
    elif verb == "tuck":
        card = _hand_card(state, seat, parts, verb)
        begin(state, seat, "tuck")
        state["hands"][seat].remove(card)
        tuck_card(t, seat, card, this_stack(state, seat), "from hand")
    elif verb == "discard":
        card = _hand_card(state, seat, parts, verb)
        begin(state, seat, card)
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        t.say(f"{t.name(seat)} discards {card} to take its action: {cat.card(card).text}")
        fire(t, seat, "basic_discard")
        push(state, cat.card(card).effect)
    elif verb == "advance":
        chosen = track(parts)
        if at_end(state, cat, seat, chosen):
            raise RuleError(f"You are at the end of {chosen} and cannot advance on it further.")
        begin(state, seat, "advance")
        advance(t, seat, chosen, 1)
        fire(t, seat, "basic_advance")
    elif verb == "draw":
        slot = _draw_choice(state, cat, parts)
        begin(state, seat, "draw")
        if slot is None:
            draw_deck(t, seat, state["level"])
        else:
            draw_row(t, seat, slot)
        fire(t, seat, "basic_draw")
    elif verb == "achieve":
        name = _achievement(state, cat, seat, parts)
        begin(state, seat, "achieve")
        claim(t, seat, name)
    else:
        _mayor(t, seat, parts)


def _achievement(state: State, cat: Catalog, seat: int, parts: list[str]) -> str:
    name = one_name(parts, [a.name for a in cat.achievements], "an achievement")
    if seat in state["claims"][name]:
        raise RuleError(f"You have already claimed {name}; each achievement once per player.")
    if name not in claimable(state, cat, seat):
        raise RuleError(f"You do not meet {name} yet: {cat.achievement(name).text}")
    return name


def _mayor(t: Table, seat: int, parts: list[str]) -> None:
    state, cat = t.state, t.cat
    spots = _mayor_spots(state, cat, seat)
    where = ", ".join(str(i + 1) for i in spots) or "none"
    if len(parts) != 1 or not parts[0].isdigit() or int(parts[0]) - 1 not in spots:
        raise RuleError(
            f"Move your mayor to another top card with a mayor action: /mayor N, N one of: {where}."
        )
    index = int(parts[0]) - 1
    name = city.top_of(state, seat, index)
    begin(state, seat, name)
    state["mayor"][seat] = index
    t.say(f"{t.name(seat)} moves the mayor to {name} (building {index + 1}): {cat.card(name).text}")
    push(state, cat.card(name).effect)


def basic_moves(state: State, cat: Catalog, seat: int) -> list[Move]:
    """Every basic and mayor action open now, and /done."""
    hand = state["hands"][seat]
    found = building.moves(state, cat, seat, building.BASIC)
    found += [Move("tuck", tuple(c.split())) for c in hand]
    found += [Move("discard", tuple(c.split())) for c in hand]
    found += [Move("advance", (tr,)) for tr in TRACKS if not at_end(state, cat, seat, tr)]
    if can_draw(state, cat, state["level"]):
        found.append(Move("draw", ("deck",)))
    found += [Move("draw", ("row", str(k + 1))) for k in range(len(state["row"]))]
    found += [Move("achieve", tuple(name.split())) for name in claimable(state, cat, seat)]
    found += [Move("mayor", (str(i + 1),)) for i in _mayor_spots(state, cat, seat)]
    found.append(Move("done"))
    return found
