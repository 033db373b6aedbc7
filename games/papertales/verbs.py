"""The Paper Tales verbs: one declaration each, with typed arguments and the handler."""

from __future__ import annotations

from games.base import Args, Event, GameVerb, Rng, RuleError, Verb
from games.i18n import Joined, _
from games.papertales import build, choices, deploy, draft, grammar, reveal
from games.papertales.catalog import local
from games.papertales.moves import entry_for
from games.papertales.state import PaperTalesState


def example(verb: str, *words: str) -> str:
    """An example command in its reader's language: card, building and row names as they type
    them (an English name is read in either language)."""
    return Joined((verb, *(local(w) for w in words)), " ")


def _discard(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """While deploying: plan a discard; after the reveal: give up a unit you cannot pay for."""
    if state["phase"] == "pay":
        return reveal.act_pay_discard(state, seat, args, rng)
    return deploy.act_discard(state, seat, args, rng)


def _ready(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Finish Deployment, or Construction without building."""
    phase = state["phase"]
    if phase == "build":
        return build.act_pass(state, seat)
    if phase == "deploy":
        return deploy.act_ready(state, seat)
    if phase == "recruit":
        raise RuleError(_("Recruitment ends by itself; pick with /draft CARD."))
    if phase == "pay":
        raise RuleError(_("First give up a new unit you cannot pay for: /discard UNIT."))
    raise RuleError(_("Answer your open choice with /choose UNIT (see /hand)."))


def _pass(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    return build.act_pass(state, seat)


def _choose(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Answer an open choice; a player short of gold may name the unit to discard this way too."""
    entry = entry_for(state, seat)
    if entry is not None and entry["kind"] == "pay":
        return reveal.act_pay_discard(state, seat, args, rng)
    return choices.act_choose(state, seat, args, rng)


VERBS: tuple[GameVerb[PaperTalesState], ...] = (
    Verb(
        "draft",
        _("Keep a card from your packet (2 players: and discard another)."),
        draft.act_draft,
        args=grammar.DRAFT,
        examples=(
            example("/draft", "Knight"),
            example("/draft", "Demon", grammar.DISCARD, "Farmer", "2"),
        ),
        label=_("Draft"),
    ),
    Verb(
        "deploy",
        _("Place a hand card face down in your Front or Back row."),
        deploy.act_deploy,
        args=grammar.DEPLOY,
        examples=(example("/deploy", "Demon", grammar.FRONT),),
        label=_("Deploy"),
    ),
    Verb(
        "move",
        _("Move a unit in your kingdom to the other row before the reveal."),
        deploy.act_move,
        args=grammar.MOVE,
        examples=(example("/move", "Hunter", "1", grammar.BACK),),
        label=_("Move"),
    ),
    Verb(
        "discard",
        _("Discard a unit in play, take back a face-down card, or drop a unit you cannot pay for."),
        _discard,
        args=grammar.DISCARD_UNIT,
        examples=(example("/discard", "Time Master", "2"),),
        label=_("Discard"),
    ),
    Verb(
        "keep",
        _("Save one hand card for next turn (or none)."),
        deploy.act_keep,
        args=grammar.KEEP,
        examples=(example("/keep", "Knight"), example("/keep", grammar.NONE)),
        label=_("Keep"),
    ),
    Verb(
        "ready",
        _("Finish Deployment (or Construction without building)."),
        _ready,
        role="end_turn",
        label=_("Ready"),
        examples=("/ready",),
    ),
    Verb(
        "build",
        _("Build a new building at level 1, or straight at level 2."),
        build.act_build,
        args=grammar.BUILD,
        examples=(example("/build", "Town"), example("/build", "Tavern", "2")),
        label=_("Build"),
    ),
    Verb(
        "upgrade",
        _("Upgrade a level-1 building to level 2."),
        build.act_upgrade,
        args=grammar.UPGRADE,
        examples=(example("/upgrade", "Town"),),
        label=_("Upgrade"),
    ),
    Verb(
        "pass",
        _("Build nothing this turn."),
        _pass,
        role="end_turn",
        label=_("Pass"),
        examples=("/pass",),
    ),
    Verb(
        "choose",
        _("Answer an open choice: where age tokens go, whom a Healer saves, what you cannot pay."),
        _choose,
        args=grammar.CHOOSE,
        examples=(example("/choose", "Knight", "1"), example("/choose", grammar.NONE)),
        label=_("Choose"),
    ),
)
