"""The commands players type: each declared once, with its arguments and its handler."""

from __future__ import annotations

from games.base import Arg, GameVerb, Verb
from games.skylines import actions
from games.skylines.cards import TRACKS
from games.skylines.state import SkylinesState

BUILDING = Arg("building", "number", "a building of your city, numbered from the left")

VERBS: tuple[GameVerb[SkylinesState], ...] = (
    Verb(
        "city",
        "Keep one of the two cities you were dealt (a private choice).",
        actions.on_city,
        args=(Arg("city", "card", "one of your two offered cities"),),
        examples=("/city Harborview",),
    ),
    Verb(
        "build",
        "Build a hand or row card over building N, sprawling left or right, or in a gap; pay cost.",
        actions.on_build,
        args=(
            Arg("card", "card", "a card in your hand, or 'row N' for a card row slot"),
            Arg("where", "choice", "where to build", False, ("over", "left", "right", "gap")),
            Arg("position", "number", "the building for 'over', the gap for 'gap'", False),
            Arg(
                "pay",
                "card",
                "hand cards to discard for the cost",
                False,
                repeat=True,
                literal="pay",
            ),
        ),
        grammar="CARD|row N [over N | left | right | gap N] [pay CARD ...]",
        examples=("/build Diner left", "/build Row Houses over 2 pay Bakery", "/build row 3 right"),
    ),
    Verb(
        "tuck",
        "Tuck a hand card under the card your mayor stands on (free).",
        actions.on_tuck,
        args=(
            Arg(
                "card", "card", "a card in your hand, or 'row N' when an action tucks from the row"
            ),
            Arg(
                "building",
                "number",
                "a top card to tuck under, when the action lets you choose",
                False,
                literal="under",
            ),
        ),
        grammar="CARD [under N] | row N",
        examples=("/tuck Bakery", "/tuck Diner under 2"),
    ),
    Verb(
        "discard",
        "Discard a hand card to take its mayor action; inside an action, pay a 'Discard N:' cost.",
        actions.on_discard,
        args=(Arg("card", "card", "a card in your hand"),),
        examples=("/discard Lumber Yard",),
    ),
    Verb(
        "advance",
        "Advance 1 on profit, prestige or population (hopping over other meeples).",
        actions.on_advance,
        args=(Arg("track", "choice", "the track to move on", choices=TRACKS),),
        examples=("/advance profit",),
    ),
    Verb(
        "draw",
        "Draw the top deck card or card row slot N; the row is refilled at once.",
        actions.on_draw,
        args=(
            Arg("source", "choice", "the deck, or the card row", choices=("deck", "row")),
            Arg("slot", "number", "the card row slot, with 'row'", False),
        ),
        grammar="deck | row N",
        examples=("/draw deck", "/draw row 2"),
    ),
    Verb(
        "achieve",
        "Claim an achievement whose requirement you meet.",
        actions.on_achieve,
        args=(Arg("achievement", "text", "the achievement's name"),),
        examples=("/achieve Skyscraper",),
    ),
    Verb(
        "mayor",
        "Move your mayor to another top card and take its action; in a copy action, pick the card.",
        actions.on_mayor,
        args=(BUILDING,),
        examples=("/mayor 2",),
    ),
    Verb(
        "steal",
        "Answer a steal: the opponent, and for a top card its building number.",
        actions.on_steal,
        args=(
            Arg("player", "player", "the opponent to steal from"),
            Arg("building", "number", "their building, when stealing a top card", False),
        ),
        examples=("/steal Bob", "/steal Bob 3"),
    ),
    Verb(
        "take",
        "Keep one of the cards you are looking at.",
        actions.on_take,
        args=(Arg("card", "card", "one of the cards shown to you"),),
        examples=("/take Hotel",),
    ),
    Verb(
        "declare",
        "Declare a building type for an action that asks.",
        actions.on_declare,
        args=(Arg("type", "word", "a building type, e.g. Civic"),),
        examples=("/declare Civic",),
    ),
    Verb(
        "skip",
        "Skip a 'may' part or stop an 'up to' part of an action.",
        actions.on_skip,
        examples=("/skip",),
    ),
    Verb(
        "done",
        "End your turn now, giving up any actions left.",
        actions.on_done,
        role="end_turn",
        examples=("/done",),
    ),
)
