"""The rules summary and every referee ruling, as /rules shows them."""

from __future__ import annotations

from games.papercraft.catalog import ARMOR_TYPES, ATTACK_TYPES, armor_modifier, data
from games.papercraft.options import MAX_POINTS, MAX_TABLE, MAX_UNITS, MIN_TABLE
from games.papercraft.verbs import VERBS

SUMMARY = """Papercraft: paper armies fight on a table.
Armies: every side fields up to the points total (default 400) from /units; /army add UNIT [xN], /army remove UNIT [xN], /army lists, /ready when done.
Placement: everyone rolls a d6 (ties re-roll), then in that order each places one unit at a time within 10" of their own edge (seat 1 bottom, 2 top, 3 left, 4 right); players with none left are skipped.
Turns follow the placement order; each is a movement phase (/move, /done) then an attack phase (/attack, /ability, /done). A player whose unit is held in a Bear Hug first rolls to escape with /escape.
Movement: up to the unit's Movement in inches, front to front. Units may not pass through or end on other units; they may cross and stop on corpses except Large Unit corpses.
Attacks: ranged attacks are not allowed after moving, melee attacks are. Non-Infantry attack once a turn; Infantry twice, on different targets. Range is edge to edge on a line crossing no other unit.
To hit: d6 + Hit Bonus against the defender's d6 + Dodge Bonus; ties hit. Damage: roll the damage dice, add the armour chart modifier; the referee keeps HP.
Death at 0 HP: Magic and Undead units are removed, Living and Mechanical ones stay as corpses.
Players' own dice: add --dice a,b,c to /attack, /ability, /done, /escape or /ready (attacker's d6, defender's d6, then the damage dice, in order; /ready takes your placement d6, then any re-rolls).
Your own units: /unit add followed by a stat block in the wiki's format (lines, or one line with ' | ' between them) keeps it for this chat; /unit list, /unit remove NAME. Each /new papercraft brings them in; --units FILE (console) adds a file of stat blocks to one game. An ability whose text is a built-in ability's text (or says 'Name = built-in') works as the built-in one; any other ability text is shown but not enforced: apply it at the table by agreement."""

RULINGS = (
    "1. Victory: a side wins when every enemy unit is dead (corpses do not count). With --rounds N, "
    "after N full rounds the side with the most surviving points wins (ties share the win); the facts "
    "suggest 8. If the last units of every side fall in one action, the side whose turn it is wins.",
    "2. Damage after the armour modifier is at least 0; a hit never heals.",
    "3. Corpse or removal follows the PRIMARY type (Living, Mechanical: corpse; Magic, Undead: removed).",
    "4. Corpses never block range lines. Large Unit corpses block movement, and so do Small Building "
    "and Titan corpses.",
    '5. Melee reach is 1" edge to edge; Otoro\'s Steel Arm (1") and the Iron Colossus (2") list their own.',
    "6. After moving, a unit with both ranged and melee attacks may use only the melee one. Infantry's "
    "two attacks may use the same or different profiles, on different targets.",
    "7. Dodge belongs to the unit (the Longbowmen example shows it inside the attack block).",
    "8. Piercing = Pierce, Bludgeoning = Bludgeon, 'Armor Type' = 'Armor'; 2D6 = 2d6.",
    "9. A unit may pivot freely about its centre before moving (facings N, E, S, W); Infantry's 4\" side "
    "is its front. Distance moved is measured centre to centre, which equals front to front.",
    "10. Abilities with no stated duration (The Power, Rally Cry) last to the end of the current attack phase.",
    "11. Otoro's Steel Arm deals 4D6+15; the wiki's asterisk is unexplained and ignored.",
    "12. Duplicate units are allowed; a name used more than once on the table is numbered (Grave Legion 1, 2).",
    '13. The table is 36"x36" by default; each start zone is 10" deep from the player\'s edge.',
    "Referee additions: --points is the army total of each side; a team's members share it, and the "
    "battle waits while a side is over it. Without --positions, players measure: /move UNIT N records "
    "N inches, ranged attacks need --range N, area abilities and Fireball splashes (--also) name the "
    "units within reach, and a destroyed Otoro's owner names the units its rockets reach. Halves round "
    "down (Wear and Tear, Siphon Life, Bones, Not Flesh). Fireball's burn hits the splashed units; "
    "moving by the end of their owner's next turn puts it out. Grapple works on hit or miss. A Bear Hug "
    "ends if the bear moves, attacks another unit, or either is moved or dies. Telekinesis moves the "
    "unit straight toward the named point as far as the roll and free ground allow; it is not the "
    "unit's own move. Massive Paws picks the better of Slashing or Bludgeon unless --type says.",
    "Limits: --points from the cheapest unit's cost up to "
    f"{MAX_POINTS}; at most {MAX_UNITS} units in one army; --table sides {MIN_TABLE} to "
    f"{MAX_TABLE} inches. Stat blocks need HP of 1 or more, Movement of 0 or more and Ranges of "
    "1 inch or more; every damage die obeys /roll's limits. A unit that fits nowhere in its "
    "start zone (with --positions) sits the battle out in reserve and does not count. On a "
    "team, a player may bring no units of their own while a teammate fields the side. Every "
    "built-in ability's numbers (reach, dice, bonus, duration) are the data's, shown by /rules "
    "abilities.",
)

TOPICS = ("defaults", "armor", "units", "abilities", "licence", *(v.name for v in VERBS))


def armor_chart() -> str:
    rows = ["Attack \\ Armor: " + " ".join(ARMOR_TYPES)]
    for attack in ATTACK_TYPES:
        cells = " ".join(f"{armor_modifier(attack, armor):+d}" for armor in ARMOR_TYPES)
        rows.append(f"{attack}: {cells}")
    return "\n".join(rows)


PARAMS = ("effect", "name", "text")


def abilities_text() -> str:
    lines = []
    for unit in data()["units"]:
        for entry in unit["abilities"]:
            numbers = ", ".join(f"{k} {v}" for k, v in entry.items() if k not in PARAMS)
            numbers = f" [{numbers}]" if numbers else ""
            lines.append(f"{unit['name']} - {entry['name']}: {entry['text']}{numbers}")
    return "\n".join(lines)


def licence() -> str:
    text: str = data()["licence"]
    return text


def units_text() -> str:
    return (
        "Units: five published wiki units (labelled 'published, in testing') and twelve ORIGINAL sample "
        "units in three invented nations (labelled 'original sample', not published Papercraft data). "
        "/units lists them with costs. " + licence()
    )


VERB_HELP = {v.name: f"/{v.name} {v.usage}: {v.help}".replace(" :", ":") for v in VERBS}


def rules(topic: str | None) -> str:
    if topic is None:
        return "\n".join(
            [SUMMARY, "Referee rulings (proposed, not published rules):", *RULINGS, units_text()]
        )
    key = topic.strip().casefold().lstrip("/")
    if key in ("defaults", "rulings"):
        return "\n".join(RULINGS)
    if key in ("armor", "armour", "chart"):
        return armor_chart()
    if key == "units":
        return units_text()
    if key == "abilities":
        return abilities_text()
    if key in ("licence", "license"):
        return licence()
    if key in VERB_HELP:
        return VERB_HELP[key]
    return f"Unknown topic '{topic}', try: {', '.join(TOPICS)}."
