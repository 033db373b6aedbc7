"""Level decks, the card row and hands: drawing, round-end cards, refills and the late reshuffle."""

from __future__ import annotations

from games.i18n import _, _n
from games.skylines.cards import ROUND_END, Catalog
from games.skylines.context import Context
from games.skylines.state import SkylinesState


def deck(state: SkylinesState, level: int) -> list[str]:
    cards: list[str] = state["decks"][str(level)]
    return cards


def next_level(state: SkylinesState) -> int:
    """'Next level' during level 4 means level 4 (ruling 12)."""
    return min(4, int(state["level"]) + 1)


def can_draw(state: SkylinesState, cat: Catalog, level: int) -> bool:
    if deck(state, level):
        return True
    return level == 4 and any(cat.card(c).level >= 3 for c in state["discard"])


def round_end_drawn(t: Context, level: int) -> None:
    """A round-end card costs no action: it is set off and drawing goes on (ruling 11 for refills)."""
    t.state["seen_end"].append(level)
    if level == 4:
        text = _(
            "The level 4 round-end card is drawn: the game ends once every player "
            "has had the same number of turns."
        )
    elif level == t.state["level"]:
        text = _(
            "The level {level} round-end card is drawn: level {level} ends after this turn.",
            level=level,
        )
    else:
        text = _(
            "The level {level} round-end card turned up early: level {level} will end "
            "after its first turn.",
            level=level,
        )
    t.say(text, reveal=True)


def reshuffle(t: Context) -> bool:
    """When the level 4 deck runs out, the 3s and 4s in the discards form a new deck."""
    state = t.state
    pool = [c for c in state["discard"] if t.cat.card(c).level >= 3]
    if not pool:
        return False
    state["discard"] = [c for c in state["discard"] if t.cat.card(c).level < 3]
    t.rng.shuffle(pool)
    deck(state, 4).extend(pool)
    t.say(
        _n(
            "The deck ran out: {n} level 3 and 4 card from the discards forms a new deck.",
            "The deck ran out: {n} level 3 and 4 cards from the discards form a new deck.",
            len(pool),
        ),
        reveal=True,
    )
    return True


def draw(t: Context, level: int) -> str | None:
    """The top card of a level's deck, passing over round-end cards; None when nothing is left."""
    cards = deck(t.state, level)
    while True:
        if not cards and not (level == 4 and reshuffle(t)):
            return None
        card = cards.pop(0)
        if card != ROUND_END:
            return card
        round_end_drawn(t, level)


def to_hand(t: Context, seat: int, card: str, source: str) -> None:
    """`source` says where from, as 'From {source} you take ...' reads it."""
    t.state["hands"][seat].append(card)
    t.tell(seat, _("From {source} you take {card}", source=source, card=t.cat.describe(card)))


def refill_row(t: Context) -> None:
    """Keep the card row at full size from the current level's deck, naming each new card
    with its type, cost, gains and icons."""
    row = t.state["row"]
    while len(row) < t.cat.row_size:
        card = draw(t, t.state["level"])
        if card is None:
            return
        row.append(card)
        t.say(_("The card row gets {card}.", card=t.cat.short(card)), reveal=True)


def draw_deck(t: Context, seat: int, level: int) -> str | None:
    card = draw(t, level)
    if card is None:
        t.say(
            _(
                "The level {level} deck is empty: {player} draws nothing.",
                level=level,
                player=t.name(seat),
            )
        )
        return None
    t.say(_("{player} draws 1 card from the level {level} deck.", player=t.name(seat), level=level))
    to_hand(t, seat, card, _("the level {level} deck", level=level))
    return card


def draw_row(t: Context, seat: int, slot: int) -> str:
    card: str = t.state["row"].pop(slot)
    t.say(_("{player} takes the card in row slot {n}.", player=t.name(seat), n=slot + 1))
    to_hand(t, seat, card, _("the card row"))
    refill_row(t)
    return card


def deal_level(t: Context, first: int) -> None:
    """Every player draws the new level's opening cards, in turn order from `first`."""
    state = t.state
    count = len(state["names"])
    for k in range(count):
        seat = (first + k) % count
        for _card in range(t.cat.deal):
            card = draw(t, state["level"])
            if card is not None:
                to_hand(t, seat, card, _("the level {level} deal", level=state["level"]))
