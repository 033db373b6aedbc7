"""/build and /steal: the two ways to add a floor, and the immediate win at the goal."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, public
from games.gotown.catalog import JOKER, NAMES, a, is_number
from games.gotown.flow import played, require_free_turn
from games.gotown.hands import take_card
from games.gotown.state import GoTownState
from games.gotown.towers import card_text, check_top, floor_text, new_floor
from games.i18n import _

PAIRS = "1+8, 2+7, 3+6 or 4+5"


def _add_floor(state: GoTownState, seat: int, cards: list[str], values: list[int]) -> list[Event]:
    tower = state["towers"][seat]
    tower.append(new_floor(cards, values))
    played(state)
    name = state["names"][seat]
    built = _(
        "{name} builds floor {n} with {cards}.",
        name=name,
        n=len(tower),
        cards=floor_text(tower[-1]),
    )
    events = [public(built, board=True)]
    if len(tower) >= state["goal"]:
        state["winner"] = seat
        won = _("{name} completes floor {n} and wins GoTown!", name=name, n=len(tower))
        events.append(public(won, board=True))
    return events


def build(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/build A B: two hand cards that add up to 9 become the next floor; a joker takes 9 - partner."""
    require_free_turn(state, seat)
    kinds = [args.one("A", str), args.one("B", str)]
    for card_kind in kinds:
        if not is_number(card_kind) and card_kind != JOKER:
            raise RuleError(
                _(
                    "A {card} is not a floor card; build with two number cards that add up to 9 "
                    "({pairs}) or a ? with one number card.",
                    card=NAMES[card_kind],
                    pairs=PAIRS,
                )
            )
    first, second = kinds
    if first == second == JOKER:
        raise RuleError(
            _("Two jokers cannot pair with each other; pair a ? with a number card 1 to 8.")
        )
    if JOKER not in kinds and int(first) + int(second) != 9:
        raise RuleError(
            _(
                "{first}+{second} makes {sum}, not 9; a floor needs two cards that add up to 9 "
                "({pairs}).",
                first=first,
                second=second,
                sum=int(first) + int(second),
                pairs=PAIRS,
            )
        )
    chosen = [take_card(state, seat, first), take_card(state, seat, second)]
    number = int(first if second == JOKER else second)
    values = [9 - number if k == JOKER else int(k) for k in kinds]
    return _add_floor(state, seat, chosen, values)


def steal(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/steal CARD from PLAYER [floor N]: a hand card plus one card of that player's top floor."""
    require_free_turn(state, seat)
    names = state["names"]
    card_kind = args.one("CARD", str)
    if card_kind == JOKER:
        raise RuleError(_("A joker cannot be played to steal; steal with a number card 1 to 8."))
    if not is_number(card_kind):
        raise RuleError(
            _(
                "A {card} cannot steal a floor card; steal with a number card 1 to 8.",
                card=NAMES[card_kind],
            )
        )
    victim = args.one("PLAYER", int)
    if victim == seat:
        raise RuleError(_("You cannot steal from your own tower; name an opponent."))
    check_top(state, victim, args.maybe("N", int), "rob", "robbed")
    victim_name = names[victim]
    tower = state["towers"][victim]
    top = tower[-1]
    if top["dog"]:
        raise RuleError(
            _(
                "{name}'s top floor is guarded by a dog; lure it away with a bone first.",
                name=victim_name,
            )
        )
    wanted = 9 - int(card_kind)
    if wanted not in top["values"]:
        low, high = sorted(top["values"])
        raise RuleError(
            _(
                "Your {card} makes 9 with neither card of {name}'s top floor ({floor}); steal "
                "from it with {low} or {high}.",
                card=card_kind,
                name=victim_name,
                floor=floor_text(top),
                low=a(str(low)),
                high=a(str(high)),
            )
        )
    index = top["values"].index(wanted)
    taken = top["cards"][index]
    left = top["cards"][1 - index]
    card = take_card(state, seat, card_kind)
    tower.pop()
    state["discard"].append(left)
    events = [
        public(
            _(
                "{name} plays {card} and steals the {taken} from {victim}'s floor {n}; {victim}'s "
                "{left} is discarded.",
                name=names[seat],
                card=a(card_kind),
                taken=card_text(taken, wanted),
                victim=victim_name,
                n=len(tower) + 1,
                left=card_text(left, top["values"][1 - index]),
            )
        )
    ]
    return events + _add_floor(state, seat, [card, taken], [int(card_kind), wanted])
