"""The rules summary and every referee ruling, as /rules shows them."""

from __future__ import annotations

from games.i18n import N_, _, joined, said, topic_names
from games.papercraft.catalog import ARMOR_TYPES, ATTACK_TYPES, armor_modifier, data
from games.papercraft.names import (
    ability_name,
    ability_text,
    armor_type,
    attack_type,
    fold,
    licence,
    primary_type,
    template_name,
    unit_name,
)
from games.papercraft.options import MAX_POINTS, MAX_TABLE, MAX_UNITS, MIN_TABLE
from games.papercraft.verbs import VERBS

SUMMARY = (
    N_("Papercraft: paper armies fight on a table."),
    N_(
        "Armies: every side fields up to the points total (default 400) from /units; /army add UNIT [xN], /army remove UNIT [xN], /army lists, /ready when done."
    ),
    N_(
        'Placement: everyone rolls a d6 (ties re-roll), then in that order each places one unit at a time within 10" of their own edge (seat 1 bottom, 2 top, 3 left, 4 right); players with none left are skipped.'
    ),
    N_(
        "Turns follow the placement order; each is a movement phase (/move, /done) then an attack phase (/attack, /ability, /done). A player whose unit is held in a Bear Hug first rolls to escape with /escape."
    ),
    N_(
        "Movement: up to the unit's Movement in inches, front to front. Units may not pass through or end on other units; they may cross and stop on corpses except Large Unit corpses."
    ),
    N_(
        "Attacks: ranged attacks are not allowed after moving, melee attacks are. Non-Infantry attack once a turn; Infantry twice, on different targets. Range is edge to edge on a line crossing no other unit."
    ),
    N_(
        "To hit: d6 + Hit Bonus against the defender's d6 + Dodge Bonus; ties hit. Damage: roll the damage dice, add the armour chart modifier; the referee keeps HP."
    ),
    N_(
        "Death at 0 HP: Magic and Undead units are removed, Living and Mechanical ones stay as corpses."
    ),
    N_(
        "Players' own dice: add --dice a,b,c to /attack, /ability, /done, /escape or /ready (attacker's d6, defender's d6, then the damage dice, in order; /ready takes your placement d6, then any re-rolls)."
    ),
    N_(
        "Your own units: /unit add followed by a stat block in the wiki's format (lines, or one line with ' | ' between them) keeps it for this chat; /unit list, /unit remove NAME. Each /new papercraft brings them in; --units FILE (console) adds a file of stat blocks to one game. An ability whose text is a built-in ability's text (or says 'Name = built-in') works as the built-in one; any other ability text is shown but not enforced: apply it at the table by agreement."
    ),
    N_(
        "A /unit add may carry several stat blocks (a file of them); a chat keeps at most 300 units of its own, in at most 200 KB. /unit show NAME (or /card NAME at a table) shows one unit in full."
    ),
    N_(
        "In any chat with no Papercraft table: /attack ATTACKER TARGET [WEAPON] --range N works out one attack between any two units the chat knows (--hp N for a wounded target, --moved N after moving, --dice for your own dice, --private for you alone); /ability UNIT ABILITY [TARGET, ...] likewise. The rolls come from the chat's generator and /history lists them; /units lists every unit."
    ),
    N_(
        "Free play (/new papercraft --free): armies are bought as usual, then every unit is on the table at once; any player moves, attacks or uses abilities with their own units at any time, in the order played on the real table. Each unit still moves, attacks and acts in place of attacking once a round; /round starts the next round and ends what lasts to the end of a turn (Rally Cry, grapples, burns)."
    ),
)

RULINGS = (
    N_(
        "1. Victory: a side wins when every enemy unit is dead (corpses do not count). With --rounds N, "
        "after N full rounds the side with the most surviving points wins (ties share the win); the facts "
        "suggest 8. If the last units of every side fall in one action, the side whose turn it is wins."
    ),
    N_("2. Damage after the armour modifier is at least 0; a hit never heals."),
    N_(
        "3. Corpse or removal follows the PRIMARY type (Living, Mechanical: corpse; Magic, Undead: removed)."
    ),
    N_(
        "4. Corpses never block range lines. Large Unit corpses block movement, and so do Small Building "
        "and Titan corpses."
    ),
    N_(
        '5. Melee reach is 1" edge to edge; Otoro\'s Steel Arm (1") and the Iron Colossus (2") list their own.'
    ),
    N_(
        "6. After moving, a unit with both ranged and melee attacks may use only the melee one. Infantry's "
        "two attacks may use the same or different profiles, on different targets."
    ),
    N_("7. Dodge belongs to the unit (the Longbowmen example shows it inside the attack block)."),
    N_("8. Piercing = Pierce, Bludgeoning = Bludgeon, 'Armor Type' = 'Armor'; 2D6 = 2d6."),
    N_(
        "9. A unit may pivot freely about its centre before moving (facings N, E, S, W); Infantry's 4\" side "
        "is its front. Distance moved is measured centre to centre, which equals front to front."
    ),
    N_(
        "10. Abilities with no stated duration (The Power, Rally Cry) last to the end of the current attack phase."
    ),
    N_("11. Otoro's Steel Arm deals 4D6+15; the wiki's asterisk is unexplained and ignored."),
    N_(
        "12. Duplicate units are allowed; a name used more than once on the table is numbered (Grave Legion 1, 2)."
    ),
    N_('13. The table is 36"x36" by default; each start zone is 10" deep from the player\'s edge.'),
    N_(
        "Referee additions: --points is the army total of each side; a team's members share it, and the "
        "battle waits while a side is over it. Without --positions, players measure: /move UNIT N records "
        "N inches, ranged attacks need --range N, area abilities and Fireball splashes (--also) name the "
        "units within reach, and a destroyed Otoro's owner names the units its rockets reach. Halves round "
        "down (Wear and Tear, Siphon Life, Bones, Not Flesh). Fireball's burn hits the splashed units; "
        "moving by the end of their owner's next turn puts it out. Grapple works on hit or miss. A Bear Hug "
        "ends if the bear moves, attacks another unit, or either is moved or dies. Telekinesis moves the "
        "unit straight toward the named point as far as the roll and free ground allow; it is not the "
        "unit's own move. Massive Paws picks the better of Slashing or Bludgeon unless --type says."
    ),
)
LIMITS = N_(
    "Limits: --points from the cheapest unit's cost up to {points}; at most {units} units in one "
    "army; --table sides {least} to {most} inches. Stat blocks need HP of 1 or more, Movement of 0 "
    "or more and Ranges of 1 inch or more; every damage die obeys /roll's limits. A unit that "
    "fits nowhere in its start zone (with --positions) sits the battle out in reserve and does "
    "not count. On a team, a player may bring no units of their own while a teammate fields the "
    "side. Every built-in ability's numbers (reach, dice, bonus, duration) are the data's, shown "
    "by /rules abilities."
)


def rulings() -> list[str]:
    limits = _(LIMITS, points=MAX_POINTS, units=MAX_UNITS, least=MIN_TABLE, most=MAX_TABLE)
    return [*(said(r) for r in RULINGS), limits]


TOPICS = ("defaults", "armor", "units", "abilities", "licence", *(v.name for v in VERBS))
ALIASES = {
    "rulings": "defaults",
    "domyslne": "defaults",
    "zasady": "defaults",
    "armour": "armor",
    "chart": "armor",
    "pancerz": "armor",
    "tabela": "armor",
    "jednostki": "units",
    "zdolnosci": "abilities",
    "license": "licence",
    "licencja": "licence",
}
"""Other names of the topics, the Polish ones without diacritics (they are folded first)."""


def armor_chart() -> str:
    head = joined((armor_type(a) for a in ARMOR_TYPES), " ")
    rows: list[str] = [_("Attack \\ Armor: {armors}", armors=head)]
    for attack in ATTACK_TYPES:
        cells = " ".join(f"{armor_modifier(attack, armor):+d}" for armor in ARMOR_TYPES)
        rows.append(joined((attack_type(attack), cells), ": "))
    return joined(rows, "\n")


PARAMS = ("effect", "name", "text")
NUMBERS = {
    "reach": N_("reach"),
    "dice": N_("dice"),
    "damage_type": N_("damage_type"),
    "hit": N_("hit"),
    "hit_on": N_("hit_on"),
    "bonus": N_("bonus"),
    "multiplier": N_("multiplier"),
    "targets": N_("targets"),
    "divisor": N_("divisor"),
    "min_move": N_("min_move"),
    "self_damage": N_("self_damage"),
    "escape_on": N_("escape_on"),
    "uses": N_("uses"),
    "on_death": N_("on_death"),
    "duration": N_("duration"),
    "primary": N_("primary"),
    "templates": N_("templates"),
    "exclude": N_("exclude"),
}
"""Each ability parameter's name as /rules abilities shows it."""
VALUES = {"True": N_("True"), "False": N_("False"), "attack phase": N_("attack phase")}


def _value(key: str, value: object) -> str:
    text = str(value)
    if text in VALUES:
        return said(VALUES[text])
    if key == "damage_type":
        return attack_type(text)
    if key == "primary":
        return primary_type(text)
    if key in ("templates", "exclude"):
        return template_name(text)
    return text


def _number(key: str, value: object) -> str:
    name = said(NUMBERS[key]) if key in NUMBERS else key
    if isinstance(value, list):
        shown = joined(("[", joined(_value(key, v) for v in value), "]"), "")
        return joined((name, shown), " ")
    return joined((name, _value(key, value)), " ")


def abilities_text() -> str:
    lines = []
    for unit in data()["units"]:
        for entry in unit["abilities"]:
            numbers = [_number(k, v) for k, v in entry.items() if k not in PARAMS]
            line = joined(
                (
                    unit_name(unit["name"]),
                    " - ",
                    ability_name(entry),
                    ": ",
                    ability_text(entry),
                    *((" [", joined(numbers), "]") if numbers else ()),
                ),
                "",
            )
            lines.append(line)
    return joined(lines, "\n")


def units_text() -> str:
    return joined(
        (
            _(
                "Units: five published wiki units (labelled 'published, in testing') and twelve "
                "ORIGINAL sample units in three invented nations (labelled 'original sample', not "
                "published Papercraft data). /units lists them with costs."
            ),
            licence(),
        ),
        " ",
    )


VERB_HELP = {v.name: v for v in VERBS}


def verb_help(name: str) -> str:
    verb = VERB_HELP[name]
    if verb.usage:
        return _("/{verb} {usage}: {help}", verb=verb.name, usage=verb.usage, help=verb.help)
    return _("/{verb}: {help}", verb=verb.name, help=verb.help)


def rules(topic: str | None) -> str:
    if topic is None:
        return joined(
            [
                *(said(line) for line in SUMMARY),
                _("Referee rulings (proposed, not published rules):"),
                *rulings(),
                units_text(),
            ],
            "\n",
        )
    key = fold(topic.strip().lstrip("/"))
    key = ALIASES.get(key, key)
    if key == "defaults":
        return joined(rulings(), "\n")
    if key == "armor":
        return armor_chart()
    if key == "units":
        return units_text()
    if key == "abilities":
        return abilities_text()
    if key == "licence":
        return licence()
    if key in VERB_HELP:
        return verb_help(key)
    polish = {
        "defaults": "domyślne",
        "armor": "pancerz",
        "units": "jednostki",
        "abilities": "zdolności",
        "licence": "licencja",
    }
    topics = topic_names(TOPICS, polish, (v.name for v in VERBS if v.name != "units"))
    return _("Unknown topic '{topic}', try: {topics}.", topic=topic, topics=topics)
