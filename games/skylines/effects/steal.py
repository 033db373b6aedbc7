"""steal hand_random | hand_choice (look at the hand, then take) | top (a top card, of a type,
tucked under this card)."""

from __future__ import annotations

from typing import ClassVar

from games.base import Move, RuleError, seat_by_name
from games.i18n import N_, _, joined
from games.skylines import city
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import Choice, Fields, Kind, TypeName, card_moves
from games.skylines.parse import number, one_name
from games.skylines.program import ctx, pop, this_stack, tuck_card
from games.skylines.state import SkylinesState, Step


def _opponents(state: SkylinesState, seat: int) -> list[int]:
    return [s for s in range(len(state["names"])) if s != seat]


def _tops(state: SkylinesState, cat: Catalog, victim: int, kind: str | None) -> list[int]:
    """City cards cannot be stolen (ruling 22)."""
    return [
        i
        for i, name in city.tops(state, victim)
        if cat.card(name).level > 0 and (kind is None or cat.card(name).type == kind)
    ]


def _opponent(names: list[str], who: str, seat: int) -> int:
    """The opponent named, refused without repeating the words typed (they may name a card)."""
    try:
        return seat_by_name(names, who, exclude=seat)
    except RuleError as error:
        if "several" in str(error):
            raise RuleError(_("That matches several players; type the full name.")) from None
        others = ", ".join(name for s, name in enumerate(names) if s != seat)
        raise RuleError(
            _("That is not an opponent; choose one of: {others}.", others=others)
        ) from None


def _taking(state: SkylinesState, step: Step) -> bool:
    """A hand_choice steal whose player is looking at the hand and must now take a card."""
    return step["what"] == "hand_choice" and ctx(state)["victim"] is not None


def _move_card(t: Context, seat: int, victim: int, card: str) -> None:
    t.state["hands"][victim].remove(card)
    t.state["hands"][seat].append(card)
    label = t.cat.label(card)
    t.say(
        _("{player} steals 1 hand card from {victim}.", player=t.name(seat), victim=t.name(victim))
    )
    t.tell(seat, _("You steal {card} from {victim}.", card=label, victim=t.name(victim)))
    t.tell(victim, _("{player} stole {card} from your hand.", player=t.name(seat), card=label))


class Steal(Kind):
    name = "steal"
    verb = "steal"
    fields: ClassVar[Fields] = {
        "what": Choice(("hand_random", "hand_choice", "top")),
        "type": TypeName(),
    }
    required = frozenset({"what"})
    title = N_("steal")
    summary = N_(
        "steal hand_random | hand_choice (look, then take) | top (a top card of a type, "
        "tucked under this card)."
    )

    def answer_verb(self, state: SkylinesState, step: Step) -> str:
        return "take" if _taking(state, step) else "steal"

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        names = state["names"]
        victim = ctx(state)["victim"]
        if _taking(state, step) and victim is not None:
            return card_moves("take", cat, state["hands"][victim])
        if step["what"] == "top":
            return [
                Move("steal", (names[o], str(i + 1)))
                for o in _opponents(state, seat)
                for i in _tops(state, cat, o, step.get("type"))
            ]
        return [Move("steal", (names[o],)) for o in _opponents(state, seat) if state["hands"][o]]

    def answer(self, t: Context, seat: int, step: Step, parts: list[str]) -> None:
        state, names = t.state, t.state["names"]
        memory = ctx(state)
        victim = memory["victim"]
        if _taking(state, step) and victim is not None:
            what = _("a card of {player}'s hand", player=names[victim])
            hand = t.cat.labels(state["hands"][victim])
            card = one_name(parts, hand, what, secret=True)
            pop(state)
            _move_card(t, seat, victim, card)
            return
        if not parts:
            raise RuleError(_("Name the opponent to steal from, e.g. /steal Bob."))
        tail = parts[-1] if step["what"] == "top" and len(parts) > 1 else None
        who = " ".join(parts[:-1] if tail is not None else parts)
        victim = _opponent(names, who, seat)
        if step["what"] == "top":
            spots = _tops(state, t.cat, victim, step.get("type"))
            size = len(city.spots(state, victim))
            index = number(tail or "", 1, size, _("building number"))
            if index not in spots:
                where = joined((str(i + 1) for i in spots), empty=_("none"))
                raise RuleError(
                    _(
                        "You may steal only these top cards of {player}: {where}.",
                        player=names[victim],
                        where=where,
                    )
                )
            pop(state)
            card = city.top_of(state, victim, index)
            freed = city.remove_top(state, victim, index)
            state["discard"].extend(freed)
            t.say(
                _(
                    "{player} steals {card} from {victim}'s city.",
                    player=t.name(seat),
                    card=t.cat.label(card),
                    victim=names[victim],
                )
            )
            tuck_card(t, seat, card, this_stack(state, seat), "stolen")
            return
        if not state["hands"][victim]:
            raise RuleError(
                _(
                    "{player} has no hand cards; choose an opponent who has some.",
                    player=names[victim],
                )
            )
        if step["what"] == "hand_random":
            pop(state)
            _move_card(t, seat, victim, t.rng.choice(state["hands"][victim]))
            return
        memory["victim"] = victim
        t.say(_("{player} looks at {victim}'s hand.", player=t.name(seat), victim=names[victim]))
        t.tell(
            seat,
            _(
                "{player}'s hand: {cards}. Take one with /take CARD.",
                player=names[victim],
                cards=t.cat.listed(state["hands"][victim]),
            ),
        )

    def prompt(self, state: SkylinesState, step: Step) -> str:
        if step["what"] == "top":
            return _("choose an opponent's top card to steal: /steal PLAYER N")
        if _taking(state, step):
            return _("take one card from the hand you look at: /take CARD")
        return _("choose an opponent to steal from: /steal PLAYER")


KIND = Steal()
