"""The rules summary and every referee default, as /rules shows them."""

from __future__ import annotations

from games.i18n import N_, Name, _, joined, said, topic_names
from games.papertales import faces

SUMMARY = (
    N_(
        "Paper Tales (2-5 players): 4 turns of 6 simultaneous phases; most Legend Points (LP) wins."
    ),
    N_(
        "1 Recruitment: draft 5 cards (2 players: 9 cards, keep one and discard one each pick) with /draft; packets pass left (to the next seat) on turns 1 and 3, right on turns 2 and 4. Last turn's kept card then joins your hand."
    ),
    N_(
        "2 Deployment: /deploy CARD front|back face down, /move or /discard units in play, /keep CARD (at most one card for next turn), then /ready. All is revealed when everyone is ready; costs are paid then, and a player who cannot pay for every new unit chooses which to discard (/discard UNIT)."
    ),
    N_(
        "3 Wars: your strength (Front units, Archer and Strategist anywhere, Barracks) against each neighbour; >= wins 3 LP, ties both win. 2 players: one War against your opponent; at least twice their strength wins two Wars (6 LP)."
    ),
    N_("4 Income: 2 gold plus abilities."),
    N_(
        "5 Construction: /build BUILDING [1|2] or /upgrade BUILDING (one per turn), or /pass. Land costs 2 gold per building owned; resources are only required, never spent."
    ),
    N_("6 Aging: units with an age token die, survivors take one token."),
    N_(
        "End: building LP (1 per level 1, 3 per level 2) and the Relic; most LP, then most gold, else shared."
    ),
)


DEFAULTS = (
    N_("Gold and age tokens are unlimited."),
    N_("Left is the next seat in the player list; right is the previous seat."),
    N_("2 players: /draft CARD discard CARD picks one card and discards another in one command."),
    N_(
        "2 players: 0 against 0 strength wins 1 War each, not 2; per-War abilities count 2 for a double win."
    ),
    N_(
        "A packet of one card is taken automatically; if the piles run out, cards are dealt as evenly as possible."
    ),
    N_(
        "A face-down card can be taken back with /discard before /ready; deployments may cost more than your gold. "
        "At the reveal Monkeys give their gold first; a player who cannot pay for every new unit discards "
        "the units of their choice, one /discard UNIT at a time, until the rest is affordable (if they do not "
        "choose, units are paid in the order deployed and the first one the gold does not cover goes)."
    ),
    N_(
        "Reveal order where it matters (Shapeshifter draws): the LP leader first, then less gold, then random."
    ),
    N_(
        "Deployment order: reveal and pay (or choose what to discard); flip abilities in deployment order; "
        "Time Master choices; "
        "Master Alchemist; the Kraken's level-2 penalty last (after any Golem)."
    ),
    N_(
        "Time Master, Master Alchemist and Mystical Healer ask their owner with /choose (Healer: /choose none to "
        "save nobody, which ends that player's saves this turn); choices are announced at once."
    ),
    N_(
        "Master Alchemist puts its tokens on one of its owner's units, fires every Deployment including its first, "
        "and does nothing with 0 Food."
    ),
    N_(
        "Shapeshifter: reshuffle the discard pile if the deck runs out; if no card costing 3 or less exists it is "
        "discarded; the new unit is free (a Monkey gives no gold), takes 1 age token and uses its reveal ability."
    ),
    N_(
        "Ogre: this turn's Income is computed from the kingdom at Wars time; Rogue gold is not Income."
    ),
    N_(
        "Leviathan with a token: strength 0, not counted by Barracks level 2; its 2 Food still count."
    ),
    N_("Hunter: its Food counts only in a Front spot, the fifth spot included."),
    N_(
        "Barracks level 2 counts every unit in the kingdom (both rows) whose Wars strength is 3 or more."
    ),
    N_(
        "Building straight at level 2 needs the level-1 and level-2 resources added up; the Temple's levels are "
        "each paid by Crystals or by 2 (level 1) / 3 (level 2) gold, whichever is cheaper for you."
    ),
    N_(
        "A /build or /upgrade ends your Construction for the turn; players who can afford nothing skip it."
    ),
    N_(
        "Wood Merchant pays 1 gold per missing Wood, Grand Architect 1 gold per any missing resource."
    ),
    N_("The fifth (Front) spot opens from the next Deployment after you own a level-2 building."),
    N_(
        "Aging order: mark the dying, Healers save, then the dying units' own abilities, gains before losses "
        "(Sculptor, Monkey, then Demon), then abilities counting the dying (Palm Reader, Kraken), discard the "
        "dead, survivors take 1 token. The Relic counts its turn-4 token."
    ),
    N_("LP never drops below 0; a loss beyond the current score is ignored."),
    N_("Replacing a unit in play: /discard it (not a death) and deploy the new one."),
    N_(
        "Polish names (--lang pl) are the rulebook's where it names the card, else proposed translations."
    ),
)

TOPICS = {
    "draft": N_("/draft CARD (2 players: /draft CARD discard CARD): pick from your packet."),
    "deploy": N_(
        "/deploy CARD front|back: place a card from your hand face down (paid at the reveal)."
    ),
    "move": N_("/move UNIT front|back: move a unit in your kingdom before the reveal."),
    "discard": N_(
        "/discard UNIT: discard a unit in play (not a death), or take back a face-down card; "
        "after the reveal, the new unit you give up when you cannot pay for all."
    ),
    "keep": N_("/keep CARD (or /keep none): save one hand card for next turn's hand."),
    "ready": N_("/ready: finish Deployment (or Construction without building)."),
    "build": N_("/build BUILDING [1|2]: build a new building, at level 1 or straight at level 2."),
    "upgrade": N_("/upgrade BUILDING: flip a level-1 building to level 2 (no land cost)."),
    "pass": N_("/pass: build nothing this turn."),
    "wars": N_(
        "Wars: your strength (Front units, Archer and Strategist anywhere, Barracks) against each "
        "neighbour; at least as strong wins 3 LP, ties both win. 2 players: one War against your opponent; "
        "at least twice their strength wins two Wars (6 LP); 0 against 0 wins one War each."
    ),
    "choose": N_(
        "/choose UNIT (Healer: /choose none): answer a Time Master, Alchemist or Healer choice, "
        "or name the new unit you give up when you cannot pay for all."
    ),
}


ALIASES = {"wojny": "wars", "domyslne": "defaults", "domyślne": "defaults"}
"""Polish names of the topics a Polish reader may type."""


def rules(topic: str | None) -> str:
    """The text /rules shows, in the reader's language: the summary, one topic or one card."""
    if topic is None:
        lines = [*(said(line) for line in SUMMARY), "", _("Referee defaults and proposed rulings:")]
        lines += [_("- {rule}", rule=said(d)) for d in DEFAULTS]
        return joined(lines, "\n")
    key = topic.strip().lstrip("/").casefold()
    key = ALIASES.get(key, key)
    if key == "defaults":
        return joined((_("- {rule}", rule=said(d)) for d in DEFAULTS), "\n")
    if key in TOPICS:
        return said(TOPICS[key])
    card = faces.card(topic)
    if card is not None:
        return card
    verbs = [key for key in TOPICS if key != "wars"]
    return _(
        "Unknown topic '{topic}', try: {defaults}, {topics}.",
        topic=topic,
        defaults=Name({"en": "defaults", "pl": "domyślne"}),
        topics=topic_names(TOPICS, {"wars": "wojny"}, verbs),
    )
