"""The effect vocabulary at work: for each kind of step, what runs by itself, what the player
may answer, and what an answer does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Move, RuleError, State, seat_by_name
from games.skylines import building, city
from games.skylines.catalog import TRACKS, Catalog
from games.skylines.decks import can_draw, draw, draw_deck, draw_row, next_level, refill_row
from games.skylines.parse import number, one_name, take_name, track, words
from games.skylines.program import (
    Step,
    claim,
    claimable,
    ctx,
    pop,
    push,
    this_stack,
    tuck_card,
)
from games.skylines.table import Table
from games.skylines.tracks import advance, at_end, lowest

ANSWER = {
    "draw": "draw",
    "tuck": "tuck",
    "discard": "discard",
    "advance": "advance",
    "build": "build",
    "claim": "achieve",
    "declare": "declare",
    "look": "take",
    "copy": "mayor",
}


def optional(step: Step) -> bool:
    return bool(step.get("may") or step.get("upto"))


def answer_verb(state: State, step: Step) -> str:
    if step["do"] == "steal":
        taking = step["what"] == "hand_choice" and ctx(state)["victim"] is not None
        return "take" if taking else "steal"
    return ANSWER[step["do"]]


def _count(state: State, cat: Catalog, seat: int, per: dict[str, Any]) -> int:
    icon = per["icon"]
    if per["count"] == "visible":
        return city.visible_types(state, cat, seat)[icon]
    if per["count"] == "site_top":
        return city.top_sites(state, cat, seat)[icon]
    here = this_stack(state, seat)
    stacks = city.spots(state, seat)
    return sum(
        city.type_icons(cat, stacks[j])[icon] for j in (here - 1, here + 1) if 0 <= j < len(stacks)
    )


def amount(state: State, cat: Catalog, seat: int, step: Step) -> int:
    """n, times the 'per' count (capped by max) plus its 'plus'."""
    n = int(step.get("n", 1))
    per = step.get("per")
    if per is None:
        return n
    count = min(_count(state, cat, seat, per), per.get("max", 99))
    return n * count + int(per.get("plus", 0))


def holds(state: State, cat: Catalog, seat: int, cond: dict[str, Any]) -> bool:
    memory = ctx(state)
    if "drawn_type" in cond:
        return cond["drawn_type"] in memory["drawn"]
    if "visible" in cond:
        return city.visible_types(state, cat, seat)[cond["visible"]] > 0
    return bool(memory["matched"])


def start(t: Table, seat: int, step: Step) -> bool:
    """Set a step's count when it comes up; False if it does not apply (its 'if' fails, or 0)."""
    state, cat = t.state, t.cat
    step["started"] = True
    if "if" in step and not holds(state, cat, seat, step["if"]):
        return False
    total = amount(state, cat, seat, step)
    step["done"] = 0
    if step["do"] == "advance":
        split = step["track"] == "split"
        step["amount"] = (1 if total > 0 else -1) if split else total
        step["left"] = abs(total) if split else (1 if total else 0)
    elif step["do"] == "look":
        step["left"] = int(step["keep"])
    else:
        step["left"] = total
    if step["do"] == "discard" and not optional(step) and len(state["hands"][seat]) < total:
        t.say(f"{t.name(seat)} cannot discard {total} cards, so that part does nothing.")
        return False
    return bool(step["left"] > 0)


def _advance_options(state: State, cat: Catalog, seat: int, step: Step) -> list[str]:
    if step["track"] == "lowest":
        options = lowest(state, seat)
    else:
        chosen = ctx(state)["chosen"] if step.get("different") else []
        options = [tr for tr in TRACKS if tr not in chosen]
    if step["amount"] > 0:
        options = [tr for tr in options if not at_end(state, cat, seat, tr)]
    return options


def _finish_one(state: State, step: Step) -> bool:
    """Count one answer; the step leaves the queue before its effects can queue new steps."""
    step["left"] -= 1
    step["done"] += 1
    if step["left"] <= 0:
        pop(state)
        return True
    return False


def auto(t: Table, seat: int, step: Step) -> bool:
    """Do what needs no choice; True when something happened (the step may have finished)."""
    state, kind = t.state, step["do"]
    if kind == "draw" and step["from"] in ("deck", "next"):
        pop(state)
        level = state["level"] if step["from"] == "deck" else next_level(state)
        for _ in range(step["left"]):
            card = draw_deck(t, seat, level)
            if card is not None:
                ctx(state)["drawn"].append(t.cat.card(card).type)
        return True
    if kind == "tuck" and step["from"] == "deck":
        pop(state)
        for _ in range(step["left"]):
            card = draw(t, state["level"])
            if card is not None:
                tuck_card(t, seat, card, this_stack(state, seat), "from the deck")
        return True
    if kind == "advance" and step["track"] not in ("any", "split", "lowest"):
        pop(state)
        if step["track"] == "each":
            chosen = list(TRACKS)
        elif step["track"] == "same":
            chosen = [state["turn"]["last_track"]] if state["turn"]["last_track"] else []
        else:
            chosen = [step["track"]]
        for tr in chosen:
            advance(t, seat, tr, step["amount"])
        return True
    if kind == "advance" and step["track"] == "lowest":
        options = _advance_options(state, t.cat, seat, step)
        if len(options) == 1:
            pop(state)
            advance(t, seat, options[0], step["amount"])
            return True
        return False
    if kind == "reveal":
        pop(state)
        _reveal(t, seat, step["left"])
        return True
    if kind == "look" and not step.get("looked"):
        step["looked"] = True
        looked = [c for c in (draw(t, state["level"]) for _ in range(step["n"])) if c]
        ctx(state)["look"] = looked
        t.say(f"{t.name(seat)} looks at the top {len(looked)} cards of the deck.")
        if looked:
            t.tell(seat, f"You look at: {', '.join(looked)}. Keep {step['keep']} with /take CARD.")
        return True
    return False


def _reveal(t: Table, seat: int, count: int) -> None:
    state = t.state
    declared = ctx(state)["declared"]
    shown = [c for c in (draw(t, state["level"]) for _ in range(count)) if c]
    kept = [c for c in shown if t.cat.card(c).type == declared]
    rest = [c for c in shown if c not in kept]
    state["hands"][seat].extend(kept)
    state["discard"].extend(rest)
    dropped = f"; discarded: {', '.join(rest)}" if rest else ""
    t.say(
        f"{t.name(seat)} reveals the top {len(shown)} cards and keeps {len(kept)} "
        f"{declared} card(s){dropped}.",
        reveal=True,
    )
    if kept:
        t.tell(seat, f"You keep {', '.join(kept)}.")


def _opponents(state: State, seat: int) -> list[int]:
    return [s for s in range(len(state["names"])) if s != seat]


def _stealable_tops(state: State, cat: Catalog, victim: int, kind: str | None) -> list[int]:
    return [
        i
        for i, name in city.tops(state, victim)
        if cat.card(name).level > 0 and (kind is None or cat.card(name).type == kind)
    ]


def _copyable(state: State, cat: Catalog, seat: int) -> list[int]:
    here = this_stack(state, seat)
    return [i for i, name in city.tops(state, seat) if i != here and cat.card(name).effect]


def _tuck_spots(state: State, seat: int, step: Step) -> list[int]:
    if step["under"] == "this":
        return [this_stack(state, seat)]
    used = ctx(state)["under"] if step["under"] == "different" else []
    return [i for i, _ in city.tops(state, seat) if i not in used]


def moves(state: State, cat: Catalog, seat: int, step: Step) -> list[Move]:
    """Every answer the current step accepts (without /skip)."""
    kind, hand = step["do"], state["hands"][seat]
    row = [("row", str(k + 1)) for k in range(len(state["row"]))]
    if kind == "draw":
        deck = (
            [("deck",)] if step["from"] == "choice" and can_draw(state, cat, state["level"]) else []
        )
        return [Move("draw", args) for args in deck + row]
    if kind == "tuck":
        if step["from"] == "row":
            return [Move("tuck", args) for args in row]
        spots = _tuck_spots(state, seat, step)
        if step["under"] == "this":
            return [Move("tuck", tuple(c.split())) for c in hand]
        return [Move("tuck", (*c.split(), "under", str(i + 1))) for c in hand for i in spots]
    if kind == "discard":
        return [Move("discard", tuple(c.split())) for c in hand]
    if kind == "advance":
        return [Move("advance", (tr,)) for tr in _advance_options(state, cat, seat, step)]
    if kind == "build":
        return building.moves(state, cat, seat, step)
    if kind == "claim":
        names = claimable(state, cat, seat)
        return [Move("achieve", tuple(n.split())) for n in names]
    if kind == "declare":
        return [Move("declare", (kind_,)) for kind_ in cat.types]
    if kind == "look":
        return [Move("take", tuple(c.split())) for c in ctx(state)["look"]]
    if kind == "copy":
        return [Move("mayor", (str(i + 1),)) for i in _copyable(state, cat, seat)]
    return _steal_moves(state, cat, seat, step)


def _steal_moves(state: State, cat: Catalog, seat: int, step: Step) -> list[Move]:
    names = state["names"]
    victim = ctx(state)["victim"]
    if step["what"] == "hand_choice" and victim is not None:
        return [Move("take", tuple(c.split())) for c in state["hands"][victim]]
    if step["what"] == "top":
        return [
            Move("steal", (names[o], str(i + 1)))
            for o in _opponents(state, seat)
            for i in _stealable_tops(state, cat, o, step.get("type"))
        ]
    return [Move("steal", (names[o],)) for o in _opponents(state, seat) if state["hands"][o]]


def _hand_card(state: State, seat: int, parts: list[str]) -> tuple[str, int]:
    hand = state["hands"][seat]
    found = take_name(parts, 0, hand)
    if found is None:
        raise RuleError(f"Name a card in your hand: {', '.join(hand) or 'your hand is empty'}.")
    return found


def answer(t: Table, seat: int, step: Step, args: Sequence[str]) -> None:
    """Check an answer to the current step fully, then apply it."""
    state, cat, parts = t.state, t.cat, words(args)
    kind = step["do"]
    if kind == "build":
        plan = building.parse(state, cat, seat, parts, step)
        _finish_one(state, step)
        building.execute(t, seat, plan)
        return
    allowed = moves(state, cat, seat, step) if kind in ("draw", "tuck", "advance", "copy") else []
    if kind == "draw":
        _answer_draw(t, seat, step, parts, allowed)
    elif kind == "tuck":
        _answer_tuck(t, seat, step, parts, allowed)
    elif kind == "discard":
        card, end = _hand_card(state, seat, parts)
        _exact(parts, end)
        finished = _finish_one(state, step)
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        t.say(f"{t.name(seat)} discards {card}.")
        if finished:
            push(state, step.get("then", []))
        push(state, step.get("each", []))
    elif kind == "advance":
        chosen = track(parts)
        options = [m.args[0] for m in allowed]
        if chosen not in options:
            raise RuleError(f"You cannot advance on {chosen} now; choose: {', '.join(options)}.")
        _finish_one(state, step)
        ctx(state)["chosen"].append(chosen)
        advance(t, seat, chosen, step["amount"])
    elif kind == "claim":
        names = claimable(state, cat, seat)
        name = one_name(parts, names, "an achievement you qualify for")
        _finish_one(state, step)
        claim(t, seat, name)
    elif kind == "declare":
        declared = one_name(parts, list(cat.types), "a building type")
        pop(state)
        ctx(state)["declared"] = declared
        t.say(f"{t.name(seat)} declares {declared}.")
    elif kind == "look":
        _answer_look(t, seat, step, parts)
    elif kind == "copy":
        _answer_copy(t, seat, parts, allowed)
    else:
        _answer_steal(t, seat, step, parts)


def _exact(parts: list[str], end: int) -> None:
    if end != len(parts):
        raise RuleError(f"'{' '.join(parts[end:])}' is not understood here; name just one card.")


def _answer_draw(t: Table, seat: int, step: Step, parts: list[str], allowed: list[Move]) -> None:
    if tuple(w.casefold() for w in parts) not in {m.args for m in allowed}:
        options = ", ".join("/draw " + " ".join(m.args) for m in allowed)
        raise RuleError(f"You cannot draw that now; choose one of: {options}.")
    _finish_one(t.state, step)
    if parts[0].casefold() == "deck":
        card = draw_deck(t, seat, t.state["level"])
    else:
        card = draw_row(t, seat, int(parts[1]) - 1)
    if card is not None:
        ctx(t.state)["drawn"].append(t.cat.card(card).type)


def _answer_tuck(t: Table, seat: int, step: Step, parts: list[str], allowed: list[Move]) -> None:
    state = t.state
    if step["from"] == "row":
        if tuple(w.casefold() for w in parts) not in {m.args for m in allowed}:
            raise RuleError("Tuck a card from the card row: /tuck row N.")
        _finish_one(state, step)
        card = state["row"].pop(int(parts[1]) - 1)
        tuck_card(t, seat, card, this_stack(state, seat), "from the card row")
        refill_row(t)
    else:
        card, end = _hand_card(state, seat, parts)
        spots = _tuck_spots(state, seat, step)
        index = this_stack(state, seat) if this_stack(state, seat) in spots else spots[0]
        if end < len(parts):
            if parts[end].casefold() != "under" or end + 2 != len(parts):
                raise RuleError("Write '/tuck CARD' or '/tuck CARD under N'.")
            index = number(parts[end + 1], 1, len(city.spots(state, seat)), "building number")
        if index not in spots:
            where = ", ".join(str(i + 1) for i in spots)
            raise RuleError(f"You may tuck this card only under building(s): {where}.")
        _finish_one(state, step)
        state["hands"][seat].remove(card)
        tuck_card(t, seat, card, index, "from hand")
    push(state, step.get("each", []))


def _answer_look(t: Table, seat: int, step: Step, parts: list[str]) -> None:
    state = t.state
    looked: list[str] = ctx(state)["look"]
    card = one_name(parts, looked, "one of the cards you are looking at")
    finished = _finish_one(state, step)
    looked.remove(card)
    state["hands"][seat].append(card)
    t.say(f"{t.name(seat)} keeps 1 of the cards looked at.")
    t.tell(seat, f"You keep {card}.", reveals=False)
    if finished and looked:
        state["discard"].extend(looked)
        t.say(f"{t.name(seat)} discards {', '.join(looked)}.", reveal=True)
        ctx(state)["look"] = []


def _answer_copy(t: Table, seat: int, parts: list[str], allowed: list[Move]) -> None:
    state = t.state
    options = [m.args[0] for m in allowed]
    if len(parts) != 1 or parts[0] not in options:
        raise RuleError(
            f"Copy the action of another top card: /mayor N with N one of {', '.join(options)}."
        )
    pop(state)
    name = city.top_of(state, seat, int(parts[0]) - 1)
    t.say(f"{t.name(seat)} takes the mayor action of {name} without moving the mayor.")
    push(state, t.cat.card(name).effect)


def _answer_steal(t: Table, seat: int, step: Step, parts: list[str]) -> None:
    state, names = t.state, t.state["names"]
    memory = ctx(state)
    if step["what"] == "hand_choice" and memory["victim"] is not None:
        victim = memory["victim"]
        card = one_name(parts, state["hands"][victim], f"a card in {names[victim]}'s hand")
        pop(state)
        _move_card(t, seat, victim, card)
        return
    if not parts:
        raise RuleError("Name the opponent to steal from, e.g. /steal Bob.")
    tail = parts[-1] if step["what"] == "top" and len(parts) > 1 else None
    who = " ".join(parts[:-1] if tail is not None else parts)
    victim = seat_by_name(names, who, exclude=seat)
    if step["what"] == "top":
        spots = _stealable_tops(state, t.cat, victim, step.get("type"))
        index = number(tail or "", 1, len(city.spots(state, victim)), "building number")
        if index not in spots:
            where = ", ".join(str(i + 1) for i in spots) or "none"
            raise RuleError(f"You may steal only these top cards of {names[victim]}: {where}.")
        pop(state)
        card = city.top_of(state, victim, index)
        freed = city.remove_top(state, victim, index)
        state["discard"].extend(freed)
        t.say(f"{t.name(seat)} steals {card} from {names[victim]}'s city.")
        tuck_card(t, seat, card, this_stack(state, seat), "stolen")
        return
    if not state["hands"][victim]:
        raise RuleError(f"{names[victim]} has no hand cards; choose an opponent who has some.")
    if step["what"] == "hand_random":
        pop(state)
        _move_card(t, seat, victim, t.rng.choice(state["hands"][victim]))
        return
    memory["victim"] = victim
    t.say(f"{t.name(seat)} looks at {names[victim]}'s hand.")
    t.tell(
        seat,
        f"{names[victim]}'s hand: {', '.join(state['hands'][victim])}. Take one with /take CARD.",
    )


def _move_card(t: Table, seat: int, victim: int, card: str) -> None:
    t.state["hands"][victim].remove(card)
    t.state["hands"][seat].append(card)
    t.say(f"{t.name(seat)} steals 1 hand card from {t.name(victim)}.")
    t.tell(seat, f"You steal {card} from {t.name(victim)}.")
    t.tell(victim, f"{t.name(seat)} stole {card} from your hand.")


def skip(t: Table, seat: int, step: Step) -> None:
    """Stop a 'may' or 'up to' step; a partly paid discard still buys its 'then' part."""
    pop(t.state)
    t.say(f"{t.name(seat)} skips the rest of that part.")
    if step["do"] == "discard" and step.get("done", 0) > 0:
        push(t.state, step.get("then", []))


PROMPTS = {
    "draw": "draw {left} card(s): /draw deck or /draw row N",
    "row draw": "draw {left} card(s) from the card row: /draw row N",
    "tuck": "tuck {left} hand card(s): /tuck CARD",
    "tuck any": "tuck {left} hand card(s): /tuck CARD under N",
    "row tuck": "tuck {left} card(s) from the card row: /tuck row N",
    "discard": "discard {left} card(s): /discard CARD",
    "advance": "choose a track to move {amount}: /advance TRACK",
    "build": "build {left} card(s): /build CARD [over N|left|right|gap N] [pay CARD...]",
    "claim": "claim an achievement you qualify for: /achieve NAME",
    "declare": "declare a building type: /declare TYPE",
    "look": "keep one of the cards you look at: /take CARD",
    "copy": "choose another top card whose mayor action to take: /mayor N",
    "steal": "choose an opponent to steal from: /steal PLAYER",
    "steal top": "choose an opponent's top card to steal: /steal PLAYER N",
    "take": "take one card from the hand you look at: /take CARD",
}


def prompt(state: State, step: Step) -> str:
    """What the player must answer now, in words."""
    key = step["do"]
    if key == "draw" and step["from"] == "row":
        key = "row draw"
    elif key == "tuck":
        key = (
            "row tuck"
            if step["from"] == "row"
            else "tuck"
            if step["under"] == "this"
            else "tuck any"
        )
    elif key == "steal":
        key = "steal top" if step["what"] == "top" else answer_verb(state, step)
    text = PROMPTS[key].format(left=step.get("left", 1), amount=abs(step.get("amount", 1)))
    return text + (" (or /skip)" if optional(step) else "")
