"""/play: the special cards (dog, bone, jack-hammer, wrecking ball, thieves, milkshake, donut)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from games.base import Args, Event, Rng, RuleError, private, public
from games.gotown.catalog import JOKER, NAMES, WORDS, a, is_number, name
from games.gotown.flow import DONUT_SKIP, played, require_free_turn
from games.gotown.hands import hand_line, take_card
from games.gotown.moves import opponents
from games.gotown.state import GoTownState
from games.gotown.towers import check_top, floor_cards, floor_text
from games.i18n import _, _n, joined

Special = Callable[[GoTownState, int, Args, Rng], list[Event]]
"""One special card's effect: (state, seat, the /play arguments, rng)."""


def _named(player: int | None, card_kind: str) -> int:
    """The player named, or a refusal with an example when none was."""
    if player is None:
        example = _("/play {card} Bob", card=WORDS[card_kind])
        raise RuleError(_("Name a player, e.g. {example}.", example=example))
    return player


def _opponent(state: GoTownState, seat: int, args: Args, card_kind: str, refusal: str) -> int:
    victim = _named(args.maybe("PLAYER", int), card_kind)
    if victim == seat:
        raise RuleError(refusal)
    return victim


def _no_floor(args: Args, card_kind: str) -> None:
    """Thieves and milkshakes aim at a player, not at a floor."""
    if args.maybe("N", int) is not None:
        raise RuleError(
            _(
                "A {name} aims at a player, not a floor; e.g. /play {card} Bob.",
                name=NAMES[card_kind],
                card=WORDS[card_kind],
            )
        )


def _dog(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """A dog guards one of the player's own floors (the top one unless a floor is named)."""
    tower = state["towers"][seat]
    if not tower:
        raise RuleError(_("You have no floor to guard yet; build one first."))
    named = args.maybe("N", int)
    if args.maybe("PLAYER", int) is not None:
        raise RuleError(
            _("A dog guards one of your own floors: /play dog for the top floor or /play dog 2.")
        )
    number = len(tower) if named is None else named
    if not 1 <= number <= len(tower):
        raise RuleError(
            _("You have no floor {n}; your floors are 1 to {top}.", n=number, top=len(tower))
        )
    floor = tower[number - 1]
    if floor["dog"]:
        raise RuleError(
            _("Your floor {n} already has a dog; each floor takes one dog at most.", n=number)
        )
    floor["dog"] = take_card(state, seat, "dog")
    who = state["names"][seat]
    text = _(
        "{name} puts a guard dog on floor {n} ({cards}).",
        name=who,
        n=number,
        cards=floor_text(floor),
    )
    return [public(text, board=True)]


def _guarded(state: GoTownState, seat: int) -> list[int]:
    return [i + 1 for i, floor in enumerate(state["towers"][seat]) if floor["dog"]]


def _bone(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """A bone lures a dog away: the dog and the bone go to the discard pile."""
    names = state["names"]
    owners = [other for other in range(len(names)) if _guarded(state, other)]
    if not owners:
        raise RuleError(_("There is no guard dog in play, so a bone cannot be played now."))
    named = args.maybe("PLAYER", int)
    owner = _named(owners[0] if named is None and len(owners) == 1 else named, "bone")
    floor_named = args.maybe("N", int)
    guarded = _guarded(state, owner)
    if not guarded:
        dog_owners = ", ".join(names[other] for other in owners)
        raise RuleError(
            _(
                "{name} has no guard dog; dogs guard floors of: {owners}.",
                name=names[owner],
                owners=dog_owners,
            )
        )
    number = guarded[-1] if floor_named is None else floor_named
    if number not in guarded:
        floors = ", ".join(str(n) for n in guarded)
        raise RuleError(
            _(
                "{name}'s floor {n} has no dog; guarded floors: {floors}.",
                name=names[owner],
                n=number,
                floors=floors,
            )
        )
    floor = state["towers"][owner][number - 1]
    bone = take_card(state, seat, "bone")
    state["discard"] += [cast(str, floor["dog"]), bone]
    floor["dog"] = None
    return [
        public(
            _(
                "{name} plays a bone: the dog on {owner}'s floor {n} is lured away; dog and bone "
                "go to the discard pile.",
                name=names[seat],
                owner=names[owner],
                n=number,
            ),
            board=True,
        )
    ]


def _destroy(
    state: GoTownState, seat: int, args: Args, card_kind: str, wrecking: bool
) -> list[Event]:
    label = NAMES[card_kind]
    victim = _opponent(
        state,
        seat,
        args,
        card_kind,
        _("A {card} destroys an opponent's top floor, not your own.", card=label),
    )
    check_top(state, victim, args.maybe("N", int), "destroy", "destroyed")
    tower = state["towers"][victim]
    victim_name = state["names"][victim]
    top = tower[-1]
    if top["dog"] and not wrecking:
        raise RuleError(
            _(
                "{name}'s top floor is guarded by a dog, which stops a jack-hammer; play a bone "
                "first or use the wrecking ball.",
                name=victim_name,
            )
        )
    tower.pop()
    state["discard"] += [*floor_cards(top), take_card(state, seat, card_kind)]
    params = {
        "name": state["names"][seat],
        "card": label,
        "victim": victim_name,
        "n": len(tower) + 1,
        "cards": floor_text(top),
    }
    if top["dog"]:
        text = _(
            "{name} plays a {card} on {victim}'s floor {n} ({cards}): its two cards and its "
            "guard dog go to the discard pile.",
            **params,
        )
    else:
        text = _(
            "{name} plays a {card} on {victim}'s floor {n} ({cards}): its two cards go to the "
            "discard pile.",
            **params,
        )
    return [public(text, board=True)]


def _hammer(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    return _destroy(state, seat, args, "hammer", wrecking=False)


def _wreck(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    return _destroy(state, seat, args, "wreck", wrecking=True)


def _rob_hand(state: GoTownState, seat: int, victim: int, rng: Rng) -> tuple[str, Event]:
    """Move one random card from the victim's hand; the victim learns privately which one."""
    hand = state["hands"][victim]
    taken = hand.pop(rng.randbelow(len(hand)))
    state["hands"][seat].append(taken)
    thief = state["names"][seat]
    note = private(
        victim,
        _(
            "{thief} takes your {card}. Your hand: {cards}.",
            thief=thief,
            card=name(taken),
            cards=hand_line(state, victim),
        ),
    )
    return taken, note


def _holders(state: GoTownState, seat: int) -> list[int]:
    return [other for other in opponents(state, seat) if state["hands"][other]]


def _thief(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Take one random card from one opponent who holds cards."""
    holders = _holders(state, seat)
    if not holders:
        raise RuleError(_("No opponent holds a card, so a thief has nothing to steal."))
    victim = _opponent(state, seat, args, "thief", _("A thief robs an opponent, not yourself."))
    _no_floor(args, "thief")
    if victim not in holders:
        allowed = ", ".join(state["names"][other] for other in holders)
        raise RuleError(
            _(
                "{name} holds no cards; rob a player who holds some: {allowed}.",
                name=state["names"][victim],
                allowed=allowed,
            )
        )
    state["discard"].append(take_card(state, seat, "thief"))
    taken, note = _rob_hand(state, seat, victim, rng)
    who, victim_name = state["names"][seat], state["names"][victim]
    return [
        public(
            _(
                "{name} plays a thief and takes a card from {victim}'s hand.",
                name=who,
                victim=victim_name,
            )
        ),
        note,
        private(
            seat,
            _(
                "You take {card} from {victim}. Your hand: {cards}.",
                card=a(name(taken)),
                victim=victim_name,
                cards=hand_line(state, seat),
            ),
        ),
    ]


def _superthief(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Take one random card from every opponent who holds any (at least one must)."""
    holders = _holders(state, seat)
    if not holders:
        raise RuleError(_("No opponent holds a card, so the super-thief has nothing to steal."))
    if _aimed(args):
        raise RuleError(
            _("The super-thief robs every opponent at once; play it as /play superthief.")
        )
    state["discard"].append(take_card(state, seat, "superthief"))
    notes: list[Event] = []
    got: list[str] = []
    for victim in holders:
        taken, note = _rob_hand(state, seat, victim, rng)
        notes.append(note)
        got.append(_("{card} from {victim}", card=a(name(taken)), victim=state["names"][victim]))
    who = state["names"][seat]
    robbed = [state["names"][victim] for victim in holders]
    victims = (
        _("{names} and {last}", names=", ".join(robbed[:-1]), last=robbed[-1])
        if len(robbed) > 1
        else robbed[0]
    )
    return [
        public(
            _(
                "{name} plays the super-thief and takes a card from {victims}.",
                name=who,
                victims=victims,
            )
        ),
        *notes,
        private(
            seat,
            _(
                "You take {cards}. Your hand: {hand}.",
                cards=joined(got),
                hand=hand_line(state, seat),
            ),
        ),
    ]


def _milkshake(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """The milkshake waits in front of an opponent; each one costs them a turn, in queue order."""
    victim = _opponent(
        state,
        seat,
        args,
        "milkshake",
        _("A milkshake goes in front of an opponent, not yourself."),
    )
    _no_floor(args, "milkshake")
    state["skips"][victim].append(take_card(state, seat, "milkshake"))
    victim_name = state["names"][victim]
    pending = len(state["skips"][victim])
    who = state["names"][seat]
    text = _n(
        "{name} puts a milkshake in front of {victim}: {victim} sits out the next turn.",
        "{name} puts a milkshake in front of {victim}: {victim} sits out the next {n} turns.",
        pending,
        name=who,
        victim=victim_name,
    )
    return [public(text, board=True)]


def _donut(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """The truck stands on the table; every opponent sits out a turn; it leaves when play returns."""
    if _aimed(args):
        raise RuleError(_("The donut truck stops every opponent at once; play it as /play donut."))
    state["donut"] = {"card": take_card(state, seat, "donut"), "owner": seat}
    for other in opponents(state, seat):
        state["skips"][other].append(DONUT_SKIP)
    who = state["names"][seat]
    return [
        public(
            _(
                "{name} parks the donut truck on the table: every opponent sits out a turn.",
                name=who,
            ),
            board=True,
        )
    ]


SPECIALS: dict[str, Special] = {
    "dog": _dog,
    "bone": _bone,
    "hammer": _hammer,
    "wreck": _wreck,
    "thief": _thief,
    "superthief": _superthief,
    "milkshake": _milkshake,
    "donut": _donut,
}


def _aimed(args: Args) -> bool:
    """Whether the /play names a player or a floor besides the card."""
    return args.maybe("PLAYER", int) is not None or args.maybe("N", int) is not None


def play(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/play CARD [PLAYER] [floor N]: the special card named first does the rest."""
    require_free_turn(state, seat)
    card_kind = args.one("CARD", str)
    if is_number(card_kind) or card_kind == JOKER:
        floor_card = (
            _(
                "An {card} is a floor card; use it with /build or /steal, and /play for special cards.",
                card=card_kind,
            )
            if card_kind == "8"
            else _(
                "A {card} is a floor card; use it with /build or /steal, and /play for special cards.",
                card=card_kind,
            )
        )
        raise RuleError(floor_card)
    events = SPECIALS[card_kind](state, seat, args, rng)
    played(state)
    return events
