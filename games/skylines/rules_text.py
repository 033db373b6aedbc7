"""The rules summary, every referee ruling in force, and the commands players type."""

from __future__ import annotations

from games.i18n import N_, _, joined, said, topic_names
from games.skylines import catalog as c
from games.skylines.achievements import MEASURES as TESTS
from games.skylines.cards import MEASURES
from games.skylines.city import PASSIVE_EVENTS
from games.skylines.effects.registry import MAX_DEPTH, MAX_STEPS
from games.skylines.effects.registry import SUMMARY as EFFECTS
from games.skylines.faces import face
from games.skylines.verbs import VERBS

SUMMARY = (
    N_(
        "Paper Skylines (2-4 players). THE CARDS ARE AN ORIGINAL SAMPLE SET made up for this bot, "
        "NOT the published game's cards (which could not be found): 80 buildings in 4 levels, 4 "
        "round-end cards, 8 cities, 6 achievements with face-down bonus chips (1, 1, 2, 2, 3, 3), "
        "2 game-end awards. A group may play its own cards instead: /new skylines --cards FILE "
        "(format: /rules skylines cards)."
    ),
    N_(
        "Set-up: each player is dealt 2 cities and keeps 1 (/city); each level deck has its "
        "round-end card among its bottom five; everyone gets 2 level-1 cards and 3 form the card "
        "row."
    ),
    N_(
        "Turns: as many actions as the current level, in any order, repeats allowed: /build, "
        "/tuck, /discard (for the card's action), /advance, /draw, /achieve, or /mayor N (move "
        "the mayor to another top card and take its mayor action). /done ends the turn early."
    ),
    N_(
        "Building: cost minus 1 per icon of the card's discount type (Residential by Civic, "
        "Commercial by Residential, Industrial by Commercial, Park by Industrial, Civic by Park) "
        "in the stacks left, right and underneath; pay by discarding hand cards. Gains are taken "
        "at once."
    ),
    N_(
        "Tracks: profit, prestige, population, spaces 0-20; lines after 4, 8, 12 and 16 score 1 "
        "point each once; the first to space 20 scores 1 more. Moving hops over other players' "
        "meeples."
    ),
    N_(
        "Round end: drawing the round-end card costs no action (draw again); the level ends after "
        "that turn: the card row is discarded, every player draws 2 cards of the next level. "
        "After the level 4 round-end card, play goes on until all have had equal turns. If the "
        "level 4 deck runs out, the 3s and 4s in the discards are reshuffled."
    ),
    N_(
        "Game end: Tallest Building and Most Buildings (3 each; a tie discards the award); then "
        "from the leader down, award points and bonus chips are scored with hopping. Most points "
        "wins; ties go to the tallest building, then the most buildings; a tie beyond that is "
        "shared."
    ),
)

FACTS_RULINGS = (
    N_("Meeples: the bot tracks all markers; achievement and score markers are unlimited."),
    N_(
        "Discounts: every visible type icon of the discount type (top, built-over, tucked) in the "
        "stack left of the spot, right of it, and under it when building over counts 1; cost "
        "floors at 0. A sprawl counts its one neighbour."
    ),
    N_("Discount type is fixed per building type in a 5-cycle (sample data)."),
    N_("Type and landmark icons count on every card in your city; site icons only on top cards."),
    N_("Height is the number of built cards in a stack, city included; tucked cards add nothing."),
    N_(
        "Hopping: spaces holding other players' meeples are skipped, forward and back, on every "
        "track and the score track; space 0 and the end space hold any number; no track goes "
        "below 0."
    ),
    N_("Each line on each track scores once per player; moving back over it loses nothing."),
    N_(
        "Reaching the end space stops you there (extra steps are lost); only the first there "
        "gets the +1."
    ),
    N_(
        "A mayor action must be on a top card other than the one the mayor stands on (A to B to "
        "A is fine)."
    ),
    N_(
        "'This card' always means the card your mayor stands on, also for discard-for-action and "
        "copied actions."
    ),
    N_(
        "A round-end card met on a refill or in a level's opening deal is set off, replaced, and "
        "ends that level as usual."
    ),
    N_(
        "Leftover cards of a finished level are set aside (never reshuffled); 'next level' during "
        "level 4 means level 4."
    ),
    N_("Building over the mayor's card keeps the mayor on that building."),
    N_(
        "A stolen top card uncovers the next card; an emptied stack leaves a gap that is a sprawl "
        "space."
    ),
    N_("There is no hand limit."),
    N_(
        "Achievements are checked when claimed, once per player each; the bonus chip goes to the "
        "first claimer; claiming costs 1 action."
    ),
    N_("First player: option 'first' names them; otherwise the bot picks at random."),
)
"""Proposed rulings 1-17 of the facts file."""

BOT_RULINGS = (
    N_(
        "'Discard N: effect': the effect is bought by the discard; if you cannot discard N cards, "
        "that part does nothing. 'Up to' parts may stop at any time; 'may' parts may be skipped."
    ),
    N_(
        "A part you cannot do (nothing to build, draw or tuck) is skipped; the rest of the action "
        "goes on."
    ),
    N_(
        "A level 1-3 deck that runs out after its round-end card gives nothing more; only the "
        "level 4 deck is rebuilt from the discarded 3s and 4s."
    ),
    N_(
        "A round-end card of a later level met early (through 'next level' draws) ends that level "
        "after its first turn."
    ),
    N_(
        "City cards cannot be stolen; tucked cards under a stolen card that leaves its spot empty "
        "are discarded, and a mayor standing there returns to the city's building."
    ),
    N_(
        "Passive city bonuses work only while the city card is a top card, checked right after "
        "the triggering event."
    ),
    N_("Level 1 cards are dealt at set-up, so players see their two cards while choosing a city."),
    N_("Basic Advance is refused on a track where you already stand on the end space."),
    N_("The score track has no end: points past 60 keep counting."),
    N_("If winners still tie on points, tallest building and most buildings, they share the win."),
)
"""The bot's own rulings, numbered on from the facts file's."""


def _numbered(rulings: tuple[str, ...], start: int) -> list[str]:
    return [_("{n}. {rule}", n=n, rule=said(r)) for n, r in enumerate(rulings, start=start)]


RULINGS = joined(
    [
        _(
            "Referee rulings in force (proposed rulings 1-17 of the facts file, then the bot's "
            "own):"
        ),
        *_numbered(FACTS_RULINGS, 1),
        _("Bot rulings:"),
        *_numbered(BOT_RULINGS, len(FACTS_RULINGS) + 1),
    ],
    "\n",
)

CARDS = joined(
    [
        _(
            "Your own cards: /new skylines --cards FILE, FILE being a JSON card file in the "
            "format of the bot's sample set. The bot checks the whole file at /new and refuses "
            "it naming the card and field; only 'cards' is required, and every other top-level "
            "field you leave out comes from the sample (the greeting says which)."
        ),
        _(
            "Top level: cards (20 to {cards} buildings, at least 5 of each level 1-4); cities (2 "
            "to {cities}); achievements (up to {achievements}); bonus_chips_face_down (a number "
            "0-{points} for each achievement); game_end_awards (up to {awards}); discounted_by "
            "(each building type, 2 to {types}, mapped to the type whose icons discount it); "
            "site_icons (up to {sites} names); tracks {{end_space 4-99, "
            "scoring_lines_after_space: [spaces below the end], first_to_end_bonus "
            "0-{points}}}; score_track {{end_space 10-999, 60 if left out}}; card_row_size "
            "1-10; deal_per_player_at_round_start 0-10; provenance (where the cards come from).",
            cards=c.MAX_CARDS,
            cities=c.MAX_CITIES,
            achievements=c.MAX_ACHIEVEMENTS,
            points=c.MAX_POINTS,
            awards=c.MAX_AWARDS,
            types=c.MAX_TYPES,
            sites=c.MAX_SITES,
        ),
        _(
            "A card: name (up to {name} characters, unique, not a command word like 'row'), "
            "level 1-4, type, cost 0-20, profit, prestige and population gains 0-20, site (a "
            "site icon or null), landmark (true or false), mayor_action (the text players read, "
            "up to {text} characters) and effect (the steps the bot runs for it: at most "
            "{steps}, nested at most {depth} deep, in the vocabulary of /rules skylines "
            "effects).",
            name=c.MAX_NAME,
            text=c.MAX_TEXT,
            steps=MAX_STEPS,
            depth=MAX_DEPTH,
        ),
        _(
            "A city: name, type, site, passive (its text) and passive_effect: {{on: {events}, "
            "once_per_turn, effect: steps}} or {{on: cost, type, by 1-{points}}} (that type "
            "costs less).",
            events=" | ".join(e for e in PASSIVE_EVENTS if e != "cost"),
            points=c.MAX_POINTS,
        ),
        _(
            "An achievement: name, requirement (its text), stars 0-{points}, test {{check: "
            "{checks} (site_top names a site), min 1-99}}. An award: name, rule (its text), "
            "points 0-{points}, measure {measures}.",
            points=c.MAX_POINTS,
            checks=" | ".join(TESTS),
            measures=" | ".join(MEASURES),
        ),
        _(
            "Polish, optional: any name, mayor_action, passive, requirement or rule may have a "
            "twin field ending in _pl (name_pl, mayor_action_pl, ...) that Polish tables show; "
            "type_names_pl and site_icons_pl map the file's types and site icons to Polish names."
        ),
        _(
            "Four players need 8 cities and 12 level 1 cards (2 dealt to each, 3 for the card "
            "row, 1 to spare); a file with fewer is refused, saying how many players it seats."
        ),
    ],
    "\n",
)

TOPICS = {
    "defaults": RULINGS,
    "rulings": RULINGS,
    "effects": EFFECTS,
    "cards": CARDS,
    "verbs": joined(
        (_("{usage}: {help}", usage=f"/{v.name} {v.usage}".rstrip(), help=v.help) for v in VERBS),
        "\n",
    ),
}

ALIASES = {
    "domyślne": "defaults",
    "domyslne": "defaults",
    "zasady": "rulings",
    "orzeczenia": "rulings",
    "efekty": "effects",
    "karty": "cards",
    "komendy": "verbs",
}
"""Polish names of the topics a Polish reader may type."""


def rules_text(topic: str | None) -> str:
    """The summary, one topic or verb, or one card of the sample set in full."""
    if topic is None:
        return joined((joined(map(said, SUMMARY), "\n"), RULINGS, EFFECTS, CARDS), "\n\n")
    key = topic.strip().lstrip("/").casefold()
    key = ALIASES.get(key, key)
    if key in TOPICS:
        return TOPICS[key]
    for verb in VERBS:
        if verb.name == key:
            return _(
                "{usage}: {help} Examples: {examples}",
                usage=f"/{verb.name} {verb.usage}".rstrip(),
                help=verb.help,
                examples=joined(verb.examples, "; "),
            )
    card = face(c.load(None), topic)
    if card is not None:
        return card
    verbs = [v.name for v in VERBS]
    polish = {key: pl for pl, key in reversed(ALIASES.items())}  # the first Polish name
    names = topic_names([*TOPICS, *verbs], polish, verbs)
    return _("Unknown topic '{topic}', try: {names}.", topic=topic, names=names)
