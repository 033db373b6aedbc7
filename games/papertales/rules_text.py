"""The rules summary and every referee default, as /rules shows them."""

from __future__ import annotations

SUMMARY = """Paper Tales (2-5 players): 4 turns of 6 simultaneous phases; most Legend Points (LP) wins.
1 Recruitment: draft 5 cards (2 players: 9 cards, keep one and discard one each pick) with /draft; packets pass left (to the next seat) on turns 1 and 3, right on turns 2 and 4. Last turn's kept card then joins your hand.
2 Deployment: /deploy CARD front|back face down, /move or /discard units in play, /keep CARD (at most one card for next turn), then /ready. All is revealed when everyone is ready; costs are paid then, and a player who cannot pay for every new unit chooses which to discard (/discard UNIT).
3 Wars: your strength (Front units, Archer and Strategist anywhere, Barracks) against each neighbour; >= wins 3 LP, ties both win. 2 players: one War against your opponent; at least twice their strength wins two Wars (6 LP).
4 Income: 2 gold plus abilities.
5 Construction: /build BUILDING [1|2] or /upgrade BUILDING (one per turn), or /pass. Land costs 2 gold per building owned; resources are only required, never spent.
6 Aging: units with an age token die, survivors take one token.
End: building LP (1 per level 1, 3 per level 2) and the Relic; most LP, then most gold, else shared."""

DEFAULTS = (
    "Gold and age tokens are unlimited.",
    "Left is the next seat in the player list; right is the previous seat.",
    "2 players: /draft CARD discard CARD picks one card and discards another in one command.",
    "2 players: 0 against 0 strength wins 1 War each, not 2; per-War abilities count 2 for a double win.",
    "A packet of one card is taken automatically; if the piles run out, cards are dealt as evenly as possible.",
    "A face-down card can be taken back with /discard before /ready; deployments may cost more than your gold. "
    "At the reveal Monkeys give their gold first; a player who cannot pay for every new unit discards "
    "the units of their choice, one /discard UNIT at a time, until the rest is affordable (if they do not "
    "choose, units are paid in the order deployed and the first one the gold does not cover goes).",
    "Reveal order where it matters (Shapeshifter draws): the LP leader first, then less gold, then random.",
    "Deployment order: reveal and pay (or choose what to discard); flip abilities in deployment order; "
    "Time Master choices; "
    "Master Alchemist; the Kraken's level-2 penalty last (after any Golem).",
    "Time Master, Master Alchemist and Mystical Healer ask their owner with /choose (Healer: /choose none to "
    "save nobody, which ends that player's saves this turn); choices are announced at once.",
    "Master Alchemist puts its tokens on one of its owner's units, fires every Deployment including its first, "
    "and does nothing with 0 Food.",
    "Shapeshifter: reshuffle the discard pile if the deck runs out; if no card costing 3 or less exists it is "
    "discarded; the new unit is free (a Monkey gives no gold), takes 1 age token and uses its reveal ability.",
    "Ogre: this turn's Income is computed from the kingdom at Wars time; Rogue gold is not Income.",
    "Leviathan with a token: strength 0, not counted by Barracks level 2; its 2 Food still count.",
    "Hunter: its Food counts only in a Front spot, the fifth spot included.",
    "Barracks level 2 counts every unit in the kingdom (both rows) whose Wars strength is 3 or more.",
    "Building straight at level 2 needs the level-1 and level-2 resources added up; the Temple's levels are "
    "each paid by Crystals or by 2 (level 1) / 3 (level 2) gold, whichever is cheaper for you.",
    "A /build or /upgrade ends your Construction for the turn; players who can afford nothing skip it.",
    "Wood Merchant pays 1 gold per missing Wood, Grand Architect 1 gold per any missing resource.",
    "The fifth (Front) spot opens from the next Deployment after you own a level-2 building.",
    "Aging order: mark the dying, Healers save, then the dying units' own abilities, gains before losses "
    "(Sculptor, Monkey, then Demon), then abilities counting the dying (Palm Reader, Kraken), discard the "
    "dead, survivors take 1 token. The Relic counts its turn-4 token.",
    "LP never drops below 0; a loss beyond the current score is ignored.",
    "Replacing a unit in play: /discard it (not a death) and deploy the new one.",
    "Polish names (option lang=pl) are the rulebook's where it names the card, else proposed translations.",
)

TOPICS = {
    "draft": "/draft CARD (2 players: /draft CARD discard CARD): pick from your packet.",
    "deploy": "/deploy CARD front|back: place a card from your hand face down (paid at the reveal).",
    "move": "/move UNIT front|back: move a unit in your kingdom before the reveal.",
    "discard": "/discard UNIT: discard a unit in play (not a death), or take back a face-down card; "
    "after the reveal, the new unit you give up when you cannot pay for all.",
    "keep": "/keep CARD (or /keep none): save one hand card for next turn's hand.",
    "ready": "/ready: finish Deployment (or Construction without building).",
    "build": "/build BUILDING [1|2]: build a new building, at level 1 or straight at level 2.",
    "upgrade": "/upgrade BUILDING: flip a level-1 building to level 2 (no land cost).",
    "pass": "/pass: build nothing this turn.",
    "wars": "Wars: your strength (Front units, Archer and Strategist anywhere, Barracks) against each "
    "neighbour; at least as strong wins 3 LP, ties both win. 2 players: one War against your opponent; "
    "at least twice their strength wins two Wars (6 LP); 0 against 0 wins one War each.",
    "choose": "/choose UNIT (Healer: /choose none): answer a Time Master, Alchemist or Healer choice, "
    "or name the new unit you give up when you cannot pay for all.",
}


def rules(topic: str | None) -> str:
    """The text /rules shows."""
    if topic is None:
        lines = [SUMMARY, "", "Referee defaults and proposed rulings:"]
        lines += [f"- {d}" for d in DEFAULTS]
        return "\n".join(lines)
    key = topic.strip().lstrip("/").casefold()
    if key == "defaults":
        return "\n".join(f"- {d}" for d in DEFAULTS)
    if key in TOPICS:
        return TOPICS[key]
    return f"Unknown topic '{topic}', try: defaults, {', '.join(TOPICS)}."
