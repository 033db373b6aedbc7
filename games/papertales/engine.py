"""The Paper Tales engine: verbs dispatched to the phase modules, then the phase machine advances."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import (
    BaseEngine,
    Event,
    Move,
    Option,
    Outcome,
    Rng,
    RuleError,
    State,
    Verb,
    View,
)
from games.papertales import bot, build, choices, deploy, draft, view
from games.papertales.flow import advance, opening
from games.papertales.rules_text import rules
from games.papertales.table import new_state

VERBS = (
    Verb(
        "draft",
        "CARD [discard CARD]",
        "Pick a card from your packet (2 players: and discard one).",
        ("/draft Knight", "/draft Demon discard Farmer 2"),
    ),
    Verb(
        "deploy",
        "CARD front|back",
        "Place a hand card face down in your kingdom.",
        ("/deploy Demon front",),
    ),
    Verb(
        "move",
        "UNIT front|back",
        "Move a unit in your kingdom to the other row.",
        ("/move Hunter 1 back",),
    ),
    Verb(
        "discard",
        "UNIT",
        "Discard a unit in play, or take back a face-down card.",
        ("/discard Time Master 2",),
    ),
    Verb("keep", "CARD|none", "Save one hand card for next turn.", ("/keep Knight",)),
    Verb("ready", "", "Finish Deployment (or Construction without building).", ("/ready",)),
    Verb(
        "build",
        "BUILDING [1|2]",
        "Build a new building at level 1 or 2.",
        ("/build Town", "/build Tavern 2"),
    ),
    Verb("upgrade", "BUILDING", "Upgrade a level-1 building to level 2.", ("/upgrade Town",)),
    Verb("pass", "", "Build nothing this turn.", ("/pass",)),
    Verb(
        "choose",
        "UNIT|none",
        "Answer a Time Master, Master Alchemist or Healer choice.",
        ("/choose Knight 1", "/choose none"),
    ),
)


class PaperTalesEngine(BaseEngine):
    """Paper Tales: simultaneous phases modelled as the seats that still owe a choice."""

    key = "papertales"
    title = "Paper Tales"
    min_players = 2
    max_players = 5
    verbs = VERBS
    options = (
        Option("lang", "choice", "Card and building names: en or pl (Polish).", "en", ("en", "pl")),
    )

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[State, list[Event]]:
        """Shuffle, seat, and deal the first packets."""
        if not self.min_players <= len(names) <= self.max_players:
            raise RuleError("Paper Tales needs 2 to 5 players.")
        state = new_state(names, str(options.get("lang") or "en"), rng)
        return state, opening(state, rng)

    def act(self, state: State, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        """Apply one verb, then run every phase that needs no choice."""
        if state["phase"] == "over":
            raise RuleError("The game is over.")
        events = self._dispatch(state, seat, verb, list(args), rng)
        return events + advance(state, rng)

    def _dispatch(
        self, state: State, seat: int, verb: str, args: list[str], rng: Rng
    ) -> list[Event]:
        """Route a verb to its phase module (which checks the phase)."""
        phase = state["phase"]
        if verb == "draft":
            return draft.act_draft(state, seat, args, rng)
        if verb == "deploy":
            return deploy.act_deploy(state, seat, args)
        if verb == "move":
            return deploy.act_move(state, seat, args)
        if verb == "discard":
            return deploy.act_discard(state, seat, args)
        if verb == "keep":
            return deploy.act_keep(state, seat, args)
        if verb == "ready" and phase == "build":
            return build.act_pass(state, seat)
        if verb == "ready":
            return deploy.act_ready(state, seat)
        if verb == "build":
            return build.act_build(state, seat, args, upgrade=False)
        if verb == "upgrade":
            return build.act_build(state, seat, args, upgrade=True)
        if verb == "pass":
            return build.act_pass(state, seat)
        if verb == "choose":
            return choices.act_choose(state, seat, args)
        names = ", ".join(v.name for v in self.verbs)
        raise RuleError(f"Paper Tales has no verb '{verb}'; use one of: {names}.")

    def legal(self, state: State, seat: int) -> list[Move]:
        """The moves of the current phase for this seat."""
        phase = state["phase"]
        if phase == "recruit":
            return draft.draft_moves(state, seat)
        if phase == "deploy":
            return deploy.deploy_moves(state, seat)
        if phase == "build":
            return build.build_moves(state, seat)
        return choices.choice_moves(state, seat)

    def waiting(self, state: State) -> list[int]:
        """Seats that still owe a choice in the current phase, without building move lists."""
        seats = range(len(state["names"]))
        phase = state["phase"]
        if phase == "recruit":
            return [s for s in seats if draft.owes_pick(state, s)]
        if phase == "deploy":
            return [s for s in seats if deploy.owes_ready(state, s)]
        if phase == "build":
            return [s for s in seats if build.owes_build(state, s)]
        return sorted({e["seat"] for e in state["pending"]}) if phase != "over" else []

    def bot_move(self, state: State, seat: int, rng: Rng) -> Move:
        """The greedy bot's move."""
        return bot.bot_move(state, seat, rng, self.legal(state, seat))

    def view(self, state: State, seat: int | None) -> View:
        """Every kingdom publicly; secrets only in the seat's own view."""
        return view.render(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Most LP, then most gold, else a shared win."""
        if state["phase"] != "over":
            return None
        players = state["players"]
        best = max((p["lp"], p["gold"]) for p in players)
        winners = [i for i, p in enumerate(players) if (p["lp"], p["gold"]) == best]
        scores = {i: float(p["lp"]) for i, p in enumerate(players)}
        return Outcome(winners, scores, list(state["final"]))

    def rules(self, topic: str | None) -> str:
        """The summary with every referee default, or one topic."""
        return rules(topic)
