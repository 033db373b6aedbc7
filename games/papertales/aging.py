"""Phase 6, Aging, and the end of the game: deaths, death abilities, final scoring."""

from __future__ import annotations

from typing import Any

from games.base import Event, State, public
from games.papertales.cards import BUILDING_BY_NAME, local, unit
from games.papertales.choices import prompt_pending
from games.papertales.kingdom import add_lp, count
from games.papertales.table import labels

Player = dict[str, Any]
RELIC_LP = 2


def dies(slot: dict[str, Any]) -> bool:
    """Units with an age token die; the Salamander needs 2; the Relic never dies."""
    kind = unit(slot["card"]).name
    if kind == "Relic of Wisdom":
        return False
    return slot["age"] >= (2 if kind == "Salamander" else 1)


def start_aging(state: State) -> list[Event]:
    """Mark the dying; each Mystical Healer with a unit to save is asked."""
    state["phase"] = "heal"
    for seat, p in enumerate(state["players"]):
        p["dying"] = [s["card"] for s in p["units"] if dies(s)]
        savable = [s for s in p["units"] if s["card"] in p["dying"] and s["age"] == 1]
        if savable:
            for s in p["units"]:
                if unit(s["card"]).name == "Mystical Healer":
                    state["pending"].append(
                        {"seat": seat, "kind": "heal", "source": s["card"], "tokens": 0}
                    )
    return prompt_pending(state)


def death_rewards(p: Player, dead: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """Death abilities in the facts file's order: Sculptor, Monkey, Demon, Palm Reader, Kraken."""
    notes = []
    for slot in dead:
        if unit(slot["card"]).name == "Sculptor":
            notes.append(f"{local('Sculptor', lang)} +{add_lp(p, 3)} LP")
    for slot in dead:
        if unit(slot["card"]).name == "Monkey" and slot["age"]:
            p["gold"] += slot["age"]
            notes.append(f"{local('Monkey', lang)} +{slot['age']} gold")
    for slot in dead:
        if unit(slot["card"]).name == "Demon" and slot["age"] == 1:
            notes.append(f"{local('Demon', lang)} {add_lp(p, -3)} LP")
    tokens = sum(s["age"] for s in dead)
    for unit_name in ("Palm Reader", "Kraken"):
        readers = count(p, unit_name)
        if readers and tokens:
            notes.append(f"{local(unit_name, lang)} +{add_lp(p, readers * tokens)} LP")
    return notes


def finish_aging(state: State) -> list[Event]:
    """Death abilities, discard the dead, then every survivor takes one token."""
    lines = [f"Turn {state['turn']}, Aging:"]
    for seat, p in enumerate(state["players"]):
        dead = [s for s in p["units"] if s["card"] in p["dying"]]
        notes = death_rewards(p, dead, state["lang"])
        for slot in dead:
            p["units"].remove(slot)
            state["discard"].append(slot["card"])
        for slot in p["units"]:
            slot["age"] += 1
        p["dying"] = []
        line = f"{state['names'][seat]}: {labels(state, [s['card'] for s in dead])} died"
        if notes:
            line += f" ({', '.join(notes)})"
        lines.append(line + f"; {len(p['units'])} units age by 1; {p['lp']} LP, {p['gold']} gold.")
    return [public("\n".join(lines), board=True)]


def final_scoring(state: State) -> list[Event]:
    """After turn 4: building LP and the Relic's 2 LP per token."""
    state["phase"] = "over"
    lines = ["The game is over. Final scoring:"]
    for seat, p in enumerate(state["players"]):
        built = sum(BUILDING_BY_NAME[b].lp[level - 1] for b, level in p["buildings"].items())
        relic = sum(
            RELIC_LP * s["age"] for s in p["units"] if unit(s["card"]).name == "Relic of Wisdom"
        )
        add_lp(p, built + relic)
        detail = f"{state['names'][seat]}: +{built} LP from buildings"
        if relic:
            detail += f", +{relic} LP from the Relic"
        state["final"].append(detail + f"; {p['lp']} LP, {p['gold']} gold.")
        lines.append(state["final"][-1])
    return [public("\n".join(lines), board=True)]
