"""steal hand_random | hand_choice (look at the hand, then take) | top (a top card, of a type,
tucked under this card)."""

from __future__ import annotations

from typing import ClassVar

from games.args import offer
from games.base import Args, Move, RuleError
from games.i18n import N_, _, joined
from games.skylines import city
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import Choice, Fields, Kind, TypeName, card_moves
from games.skylines.grammar import STEAL, out_of_range, writer
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


def taking(state: SkylinesState, step: Step) -> bool:
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
        return "take" if taking(state, step) else "steal"

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        names = state["names"]
        victim = ctx(state)["victim"]
        if taking(state, step) and victim is not None:
            return card_moves("take", cat, state["hands"][victim])
        words = writer(cat, names)
        if step["what"] == "top":
            return [
                offer("steal", STEAL, {"PLAYER": o, "BUILDING": i}, words)
                for o in _opponents(state, seat)
                for i in _tops(state, cat, o, step.get("type"))
            ]
        return [
            offer("steal", STEAL, {"PLAYER": o}, words)
            for o in _opponents(state, seat)
            if state["hands"][o]
        ]

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        state, names = t.state, t.state["names"]
        memory = ctx(state)
        victim = memory["victim"]
        if taking(state, step) and victim is not None:
            pop(state)
            _move_card(t, seat, victim, args.one("CARD", str))
            return
        victim = args.one("PLAYER", int)
        if step["what"] == "top":
            spots = _tops(state, t.cat, victim, step.get("type"))
            size = len(city.spots(state, victim))
            index = args.maybe("BUILDING", int)
            if index is None or index >= size:
                raise RuleError(out_of_range(_("building number"), 1, size))
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
        if taking(state, step):
            return _("take one card from the hand you look at: /take CARD")
        return _("choose an opponent to steal from: /steal PLAYER")


KIND = Steal()
