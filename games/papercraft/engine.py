"""The Papercraft engine: options, setup and the dispatch of every verb."""

from __future__ import annotations

import json
import re
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
    private,
    public,
)
from games.papercraft import moves, views
from games.papercraft.abilities import use_ability
from games.papercraft.army import edit_army, place, ready, unit_listing
from games.papercraft.attacking import attack
from games.papercraft.custom import chat_units, unit_command
from games.papercraft.dice import Dice
from games.papercraft.flow import check_end, done
from games.papercraft.moving import move
from games.papercraft.rules_text import rules
from games.papercraft.statblock import parse_stat_blocks
from games.papercraft.table import surviving_points
from games.papercraft.words import parse_dice_list, split_flags

BATTLE_VERBS = ("move", "attack", "ability", "done")


def parse_teams(text: str | None, players: int) -> list[int]:
    """'2v1' puts seats 1-2 on one side and seat 3 on the other; empty means everyone alone."""
    if not text:
        return list(range(players))
    if not re.fullmatch(r"\d+(v\d+)+", text.strip().casefold()):
        raise RuleError(f"--teams '{text}' should look like 2v1 or 2v2.")
    sizes = [int(n) for n in text.strip().casefold().split("v")]
    if sum(sizes) != players or 0 in sizes:
        raise RuleError(f"--teams {text} needs {sum(sizes)} players; this table has {players}.")
    return [team for team, size in enumerate(sizes) for _ in range(size)]


def parse_table(text: str) -> list[int]:
    found = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text or "")
    if found is None:
        raise RuleError(f"--table '{text}' should look like 36x36 (inches).")
    width, depth = int(found.group(1)), int(found.group(2))
    if not (20 <= width <= 240 and 20 <= depth <= 240):
        raise RuleError("--table sides must be 20 to 240 inches (start zones are 10 inches deep).")
    return [width, depth]


class PapercraftEngine(BaseEngine):
    """Papercraft: points-bought paper armies, placement by d6, then move-and-attack turns."""

    key = "papercraft"
    title = "Papercraft"
    min_players = 2
    max_players = 4
    verbs = (
        Verb(
            "army",
            "[add|remove UNIT [xN]]",
            "Build your army; bare /army lists all armies.",
            ("/army add Longbowmen x3", "/army remove Grave Legion", "/army"),
            anytime=True,
        ),
        Verb(
            "units",
            "",
            "List every unit with cost and provenance label.",
            ("/units",),
            anytime=True,
            readonly=True,
        ),
        Verb("ready", "", "Say your army is complete.", ("/ready",)),
        Verb(
            "place",
            "UNIT [at X,Y [facing]]",
            "Place one unit in your start zone.",
            ("/place Longbowmen", "/place Grave Legion 2 at 18,5 N"),
        ),
        Verb(
            "move",
            "UNIT to X,Y [facing] | UNIT N",
            "Move a unit in the movement phase.",
            ("/move Destrier Knight 9", "/move Barrow Hounds to 12,20"),
        ),
        Verb(
            "attack",
            "ATTACKER TARGET [WEAPON] [--range N] [--dice a,b,...]",
            "Attack an enemy unit in the attack phase.",
            (
                "/attack Longbowmen Grave Legion --range 12",
                "/attack Longbowmen Grave Legion --range 12 --dice 4,3,5,3",
            ),
        ),
        Verb(
            "ability",
            "UNIT NAME [TARGETS]",
            "Use an ability in place of attacking.",
            ("/ability Banner Captain Rally Cry Longbowmen 1, Longbowmen 2",),
        ),
        Verb("done", "", "End the movement phase, then the turn.", ("/done",)),
        Verb(
            "unit",
            "add STAT BLOCK | list | remove NAME",
            "Add your own unit for this chat (wiki stat block format), list or remove them.",
            ("/unit add Pike Wall | 40 Points | Living, Infantry | HP = 30 | ...", "/unit list"),
            chat=True,
        ),
    )
    options = (
        Option(
            "points", "int", "Army total of each side, in points.", 400, minimum=20, maximum=5000
        ),
        Option("teams", "str", "Teams such as 2v1 or 2v2 (default: every player alone).", ""),
        Option("table", "str", "Table size in inches, WIDTHxDEPTH.", "36x36"),
        Option(
            "positions", "flag", "Track unit positions on the table (else players measure).", False
        ),
        Option(
            "rounds",
            "int",
            "End after this many full rounds on surviving points (0: no limit).",
            0,
            minimum=0,
            maximum=100,
        ),
        Option("units", "file", "Extra unit stat blocks in the wiki's format.", ""),
        Option("custom", "chat", "Units this chat added with /unit add.", None),
    )

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[State, list[Event]]:
        if not self.min_players <= len(names) <= self.max_players:
            raise RuleError("Papercraft needs 2 to 4 players (one per table edge).")
        from_chat = chat_units(options.get("custom") or {})
        from_file = parse_stat_blocks(options["units"]) if options.get("units") else []
        extra = from_chat + from_file
        opts = {
            "points": int(options.get("points") or 400),
            "table": parse_table(str(options.get("table") or "36x36")),
            "positions": bool(options.get("positions")),
            "rounds": int(options.get("rounds") or 0),
        }
        state: State = {
            "names": list(names),
            "options": opts,
            "teams": parse_teams(options.get("teams") or None, len(names)),
            "extra_units": {unit["name"]: unit for unit in extra},
            "phase": "army",
            "armies": [{} for _ in names],
            "ready": [False for _ in names],
            "units": [],
            "order": [],
            "placer": None,
            "active": None,
            "step": None,
            "round": 1,
            "turn_no": 0,
            "pending": [],
            "result": None,
        }
        added = f" plus {len(from_file)} from the units file" if from_file else ""
        added += f" plus {len(from_chat)} added in this chat" if from_chat else ""
        text = (
            f"Papercraft for {', '.join(names)}: {opts['points']} points per side on a "
            f'{opts["table"][0]}x{opts["table"][1]}" table{added}. Build armies with /units, '
            "/army add UNIT [xN] and /ready. Published wiki units are in testing; the sample "
            "units are original, not published data."
        )
        return state, [public(text)]

    def chat_act(self, data: dict[str, Any], verb: str, text: str) -> str:
        return unit_command(data, text)

    def act(self, state: State, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        """Work on a copy so a refusal leaves the state and the rng untouched."""
        work: State = json.loads(json.dumps(state))
        position = rng.position
        try:
            lines = self._act(work, seat, verb, list(args), rng)
        except RuleError:
            rng.position = position
            raise
        if verb == "units":
            return [private(seat, "\n".join(lines), reveals=False)]
        state.clear()
        state.update(work)
        return [public("\n".join(lines), board=verb in (*BATTLE_VERBS, "place"))]

    def _act(self, state: State, seat: int, verb: str, args: list[str], rng: Rng) -> list[str]:
        if state["phase"] == "over" and verb != "units":
            raise RuleError("The battle is over; /new starts another.")
        words, flags = split_flags(args)
        if flags and verb not in ("attack", "ability", "done"):
            raise RuleError(f"/{verb} takes no -- options.")
        dice = Dice(rng, parse_dice_list(flags["--dice"]) if "--dice" in flags else None)
        if verb == "units":
            lines = unit_listing(state)
        elif verb == "army":
            lines = edit_army(state, seat, words)
        elif verb == "ready":
            lines = ready(state, seat, rng)
        elif verb == "place":
            lines = place(state, seat, words, dice)
        elif verb in BATTLE_VERBS:
            lines = self._battle(state, seat, verb, words, flags, dice)
        else:
            raise RuleError(
                f"Papercraft has no /{verb}; try /army, /place, /move, /attack, /ability or /done."
            )
        dice.finish()
        return lines

    def _battle(
        self,
        state: State,
        seat: int,
        verb: str,
        words: list[str],
        flags: dict[str, list[str]],
        dice: Dice,
    ) -> list[str]:
        if state["phase"] != "battle":
            raise RuleError(f"/{verb} is for the battle; now it is the {state['phase']} phase.")
        if state["pending"]:
            if verb != "ability":
                otoro = state["units"][state["pending"][0]["unit"]]["name"]
                raise RuleError(
                    f"First aim {otoro}'s death rockets: /ability {otoro} Fire Rockets UNIT, UNIT (or none)."
                )
        elif seat != state["active"]:
            raise RuleError(f"It is {state['names'][state['active']]}'s turn.")
        elif verb == "move" and state["step"] != "move":
            raise RuleError(
                "The movement phase is over; /attack, /ability, or /done to end the turn."
            )
        elif verb == "attack" and state["step"] != "attack":
            raise RuleError("It is the movement phase: /move units, then /done to start attacking.")
        if verb == "move":
            lines = move(state, seat, words)
        elif verb == "attack":
            lines = attack(state, seat, words, flags, dice)
        elif verb == "ability":
            lines = use_ability(state, seat, words, flags, dice)
        else:
            lines = done(state, seat, dice)
        check_end(state, lines)
        return lines

    def view(self, state: State, seat: int | None) -> View:
        return views.view(state, seat)

    def legal(self, state: State, seat: int) -> list[Move]:
        return moves.legal(state, seat)

    def waiting(self, state: State) -> list[int]:
        return moves.waiting(state)

    def bot_move(self, state: State, seat: int, rng: Rng) -> Move:
        return moves.bot_move(state, seat, rng)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = {s: float(surviving_points(state, s)) for s in range(len(state["names"]))}
        detail = [state["result"]["reason"]]
        detail += [
            f"{name}: {surviving_points(state, s)} surviving points"
            for s, name in enumerate(state["names"])
        ]
        return Outcome(list(state["result"]["winners"]), scores, detail)

    def rules(self, topic: str | None) -> str:
        return rules(topic)


ENGINE = PapercraftEngine()
