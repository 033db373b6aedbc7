"""The GoTown verbs, each declared once: /help, menus, slash options and buttons derive from these."""

from __future__ import annotations

from games.base import GameVerb, Verb
from games.gotown.building import build, steal
from games.gotown.catalog import WORDS
from games.gotown.flow import done
from games.gotown.grammar import BUILD, FLOOR, FROM, PLAY, STEAL
from games.gotown.specials import play
from games.gotown.state import GoTownState
from games.i18n import Joined, _

VERBS: tuple[GameVerb[GoTownState], ...] = (
    Verb(
        "build",
        _(
            "Build your next floor from two hand cards adding up to 9 (a ? takes 9 minus its partner)."
        ),
        build,
        args=BUILD,
        examples=("/build 4 5", "/build ? 3"),
        label=_("Build"),
    ),
    Verb(
        "steal",
        _(
            "Build a floor from one hand card and the card of PLAYER's unguarded top floor making 9."
        ),
        steal,
        args=STEAL,
        examples=(
            Joined(("/steal 4", FROM, "Bob"), " "),
            Joined(("/steal 3", FROM, "Bob", FLOOR, "2"), " "),
        ),
        label=_("Steal"),
    ),
    Verb(
        "play",
        _("Play a special card: dog, bone, hammer, wreck, thief, superthief, milkshake or donut."),
        play,
        args=PLAY,
        examples=(
            Joined(("/play", WORDS["dog"]), " "),
            Joined(("/play", WORDS["hammer"], "Bob"), " "),
            Joined(("/play", WORDS["bone"], "Bob", FLOOR, "2"), " "),
            Joined(("/play", WORDS["donut"]), " "),
        ),
        label=_("Play"),
    ),
    Verb(
        "done",
        _("End your turn (below 3 cards you refill to 3), or sit out a skipped turn."),
        done,
        examples=("/done",),
        role="end_turn",
        label=_("Done"),
    ),
)
