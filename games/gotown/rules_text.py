"""The rules as players read them with /rules gotown [topic], referee defaults included."""

from __future__ import annotations

from games.args import fold
from games.gotown.catalog import ALIASES, JOKER, JOKERS, NAMES, NUMBERS, SPECIALS, WORDS
from games.i18n import N_, Name, _, _n, joined, said, topic_names

SUMMARY = (
    N_(
        "GoTown (2-4 players, 54 cards): build your own tower; each floor is two floor cards that add up to 9 (1+8, 2+7, 3+6, 4+5). The first to complete 5 floors (4 with the short option) wins at once."
    ),
    N_(
        "Deal 5 each; the first seat starts; play goes clockwise. A turn: draw 1 (not if you hold 8 or more, unless the table is deadlocked: /rules gotown limit), play any cards in any order, then /done: below 3 cards you refill to 3. An empty draw pile is replaced by the shuffled discard pile."
    ),
)

STALEMATE = N_(
    "Stalemate: holding 8 cards blocks the start-of-turn draw until the table is deadlocked: a full round passed in which nobody played or drew a card, and no player holds a build, a steal or a special card they could play. Only then does the next player draw even while holding 8 or more; while anyone could build or play, nobody holding 8 draws."
)

TOPICS: dict[str, str] = {
    "build": N_(
        "/build A B: two hand cards adding up to 9 become your next floor, e.g. /build 4 5 or /build ? 3 (the ? then counts as 6). Several floors per turn are fine."
    ),
    "steal": N_(
        "/steal CARD from PLAYER [floor N]: play a number card and take the card of PLAYER's top floor that makes 9 with it; you build both at once and PLAYER's other card is discarded. Only the top floor can be robbed (naming another with 'floor N' is refused), never a guarded one, and never with a joker; a stolen ? keeps its value."
    ),
    "joker": N_(
        "? (joker): pairs with any number card 1-8 as 9 minus that card, never with another ?. It cannot be the card you steal with, but a ? in a tower can be stolen and keeps its value."
    ),
    "play": N_(
        "/play CARD [PLAYER] [floor N]: dog [floor N], bone PLAYER [floor N], hammer PLAYER, wreck PLAYER, thief PLAYER, superthief, milkshake PLAYER, donut."
    ),
    "dog": N_(
        "/play dog [floor]: guard one of your own floors (the top one unless you name it); one dog per floor. A guarded floor cannot be robbed or jack-hammered."
    ),
    "bone": N_(
        "/play bone PLAYER [floor N]: lure away a dog (the highest guarded floor unless named); dog and bone are discarded. Only playable while a dog is in play."
    ),
    "hammer": N_(
        "/play hammer PLAYER: destroy that opponent's unguarded top floor; its cards are discarded."
    ),
    "wreck": N_(
        "/play wreck PLAYER: destroy that opponent's top floor even if guarded; the dog is discarded too."
    ),
    "thief": N_(
        "/play thief PLAYER: take a random card from an opponent who holds cards; you and the victim learn privately which card it was."
    ),
    "superthief": N_("/play superthief: take a random card from every opponent who holds any."),
    "milkshake": N_(
        "/play milkshake PLAYER: that opponent's next turn is skipped: no draw, no play, their only move is /done, which discards the milkshake."
    ),
    "donut": N_(
        "/play donut: every opponent skips their next turn like a milkshake turn; you keep playing. The truck is discarded when play returns to you."
    ),
    "done": N_(
        "/done: end your turn (refill to 3 cards first if you hold fewer); in a skipped turn it discards the milkshake or passes the donut skip."
    ),
    "short": N_("Option short: the first to complete 4 floors wins instead of 5."),
    "limit": STALEMATE,
}
TOPICS["wreckingball"] = TOPICS["wreck"]
TOPICS["jackhammer"] = TOPICS["hammer"]
TOPICS["super-thief"] = TOPICS["superthief"]

DEFAULTS: tuple[str, ...] = (
    N_(
        "Hand limit: 8 only stops the start-of-turn draw; there is no forced discard and thieves may push a hand above 8."
    ),
    N_("Draw and discard piles both empty: draw as many cards as exist; with none, skip the draw."),
    N_(
        "Thief: only an opponent holding cards is a target, and one must exist; the super-thief takes from each opponent who holds any and needs at least one."
    ),
    N_(
        "Milkshake turn: no draw at the start and no refill at the end; the only move is /done, which discards the milkshake."
    ),
    N_("Several milkshakes on one player: each costs a separate skipped turn, in queue order."),
    N_("Milkshake and donut truck: never on yourself."),
    N_(
        "Donut truck: each opponent's next turn is a skipped turn (no draw, no play); the truck is discarded when play returns to its owner."
    ),
    N_("Donut plus milkshake on one player: two pending skipped turns."),
    N_("Dogs: only on your own floors, at most one dog per floor."),
    N_("A dog may guard a lower floor; it matters once the floors above are gone."),
    N_("Bone: cannot be played while no dog is in play."),
    N_(
        "Steal or jack-hammer a guarded top floor: refused until the dog is boned; only the wrecking ball ignores dogs."
    ),
    N_("Two jokers never pair with each other; each needs a number card."),
    N_("A joker in a tower keeps the value 9 minus its partner, shown to everyone."),
    N_("Completing the 5th floor (4th in the short game) wins at once, mid-turn."),
    N_("No voluntary discarding."),
    N_("No ties: the first to complete the tower wins."),
)

NOTES: tuple[str, ...] = (
    N_("The first seat starts."),
    N_("A bone may lure any dog in play, your own included."),
    N_(
        "Naming players: whole seat names are matched first, the longest first, so in '/play hammer Bot 1' the 1 belongs to the name; a floor after a name is 'floor N' (or a last number)."
    ),
    STALEMATE,
)


DEFAULTS_TOPIC = Name({"en": "defaults", "pl": "domyślne"})
SPELLINGS = ("wreckingball", "jackhammer", "super-thief")
"""Topics that are another spelling of one listed."""
POLISH_TOPICS = {
    **{special: word.forms["pl"] for special, word in WORDS.items() if isinstance(word, Name)},
    "joker": "?",
    "short": "--short",
}
"""The topics' Polish names (a special card's as typed; the rules read them as cards)."""


def card_text(typed: str) -> str | None:
    """A special card or the joker, named in either language, with its count and what it does."""
    found = ALIASES.get("".join(ch for ch in fold(typed) if ch.isalnum() or ch == "?"))
    if found is None or found in NUMBERS:
        return None
    count = SPECIALS.get(found, JOKERS)
    return _n(
        "{card} ({n} copy in the deck): {text}",
        "{card} ({n} copies in the deck): {text}",
        count,
        card=NAMES[found],
        text=said(TOPICS["joker" if found == JOKER else found]),
    )


def _items(lines: tuple[str, ...]) -> list[str]:
    return [_("- {rule}", rule=said(line)) for line in lines]


def rules_text(topic: str | None) -> str:
    """topic None: summary, every referee default and ruling; else one topic or a list of topics."""
    if topic is None:
        verbs = joined((said(TOPICS[key]) for key in ("build", "steal", "play", "done")), "; ")
        return joined(
            [
                *(said(line) for line in SUMMARY),
                _("Verbs: {verbs}", verbs=verbs),
                _("Referee defaults (no source rules on these):"),
                *_items(DEFAULTS),
                _("Referee rulings:"),
                *_items(NOTES),
            ],
            "\n",
        )
    key = topic.strip().casefold().lstrip("/")
    if fold(key) in ("defaults", "domyslne"):
        return joined(_items((*DEFAULTS, *NOTES)), "\n")
    if key in TOPICS:
        return said(TOPICS[key])
    card = card_text(topic)
    if card is not None:
        return card
    listed = [key for key in TOPICS if key not in SPELLINGS]
    return _(
        "Unknown topic '{topic}', try: {defaults}, {topics}.",
        topic=topic,
        defaults=DEFAULTS_TOPIC,
        topics=topic_names(listed, POLISH_TOPICS, ("build", "steal", "play", "done")),
    )
