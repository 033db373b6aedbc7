"""Dice for /roll: d20's grammar, read and rolled here on the table's Rng (never the global
`random`), so that every roll is seeded, replayable and shown die by die.

On top of d20 notation (`4d6kh3`, `8d6ro1`, `3d6e6`, `(1d20, 1d20)kh1`, `1d20[fire]`) it adds
success counting (`10d6>3`, `6d10 t7 f1`), advantage (`1d20 adv`, `1d20 dis`), repeated sets
(`6#4d6kh3`, `6 4d6kh3`), Fate dice (`4dF`) and percentile dice (`d%`). Anything it cannot read
is refused with the position and what was expected; nothing is silently dropped.
"""

from __future__ import annotations

import functools
import html
import math
import operator
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

# d20 (its grammar, with lark) is imported where a roll is parsed or rolled, not at start-up (~0.1 s).
from games.base import MAX_DIE_SIDES, Rng, RuleError
from games.dice_notation import Typed, peer_forms, refuse, top_face
from games.i18n import N_, Joined, Localisable, _, _n, said

MAX_DICE = 1000
"""Dice drawn per roll, every set, reroll and explosion included."""
MAX_SIDES = MAX_DIE_SIDES
MAX_LENGTH = 200
MAX_SETS = 20
MAX_ROLLS = 4
"""Rolls in one command, separated by `;` as Dice Maiden allows; they share the dice limit."""
COLLAPSE_AT = 30
"""A pool showing more dice than this is rendered as counts per face unless `full=True`."""
EXAMPLES = N_("/roll 2d6+1, /roll 4d6kh3, /roll 1d20 adv, /roll 10d6>3, /roll 1d20+5 attack")

Style = Literal["console", "discord", "telegram"]
STYLES: tuple[Style, ...] = ("console", "discord", "telegram")
TermKind = Literal[
    "pool", "number", "operator", "sign", "open", "close", "separator", "setop", "annotation"
]
Mode = Literal["adv", "dis"]
Number = int | Fraction
"""Exact: a division or a decimal is a fraction, rounded down once, at the end, and said so."""

_FATE = 0
"""`dF` is read as `d0` (same length, so positions hold); a typed d0 is refused first."""
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    ">": operator.gt,
    "<": operator.lt,
    ">=": operator.ge,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
}
_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": lambda a, b: Fraction(a) / b,
    "//": operator.floordiv,
    "%": operator.mod,
}
_DROP = re.compile(r"(?<=[\d)%fF])d(?=[hl]\d)")
"""d20 spells "drop highest/lowest" as ph/pl; players type the common dh/dl."""
_FATE_DICE = re.compile(
    r"(?<![A-Za-z])(\d*)d[fF](?=$|[^A-Za-z0-9]|(?:k|p|rr|ro|ra|e|mi|ma)[hl<>]?\d)"
)
_REPEAT = re.compile(r"(\d+)(?:\s*#\s*|\s+(?=\d*d(?:\d|%|[fF](?![A-Za-z]))))")
_MODIFIER = re.compile(
    r"(advantage|adv|disadvantage|disadv|dis|[tf]\d+)(?=$|[^A-Za-z0-9]|[tf]\d)", re.I
)
_MODE_WORDS = {
    "adv": "adv",
    "advantage": "adv",
    "dis": "dis",
    "disadv": "dis",
    "disadvantage": "dis",
}
_TOKENS = {
    "INTEGER": N_("a number"),
    "DECIMAL": N_("a number"),
    "D": N_("dice (d20)"),
    "DICE_VALUE": N_("the number of sides (d6, d%, dF)"),
    "LPAR": "(",
    "RPAR": ")",
    "COMMA": ",",
    "U_OP": N_("a sign"),
    "A_OP": N_("+ or -"),
    "M_OP": N_("* or /"),
    "COMP_OPERATOR": N_("a comparison (> <)"),
    "SELTYPE": N_("h, l, < or >"),
    "SET_OPERATOR": N_("k or p"),
    "DICE_OPERATOR": N_("a dice option (rr, ro, ra, e, mi, ma)"),
    "ANNOTATION": N_("a [note]"),
    "$END": N_("the end"),
}
"""What d20's grammar expected next, as a player reads it (marked texts, said in their language)."""


@dataclass(frozen=True)
class Target:
    """What a counted die must meet: `>3`, `>=7` (t7), `<=1` (f1)."""

    op: str
    number: Number

    def met(self, value: Number) -> bool:
        return _COMPARE[self.op](value, self.number)

    def __str__(self) -> str:
        return f"{self.op}{_number(self.number)}"


@dataclass(frozen=True)
class Die:
    """One face as rolled. A die rerolled by rr/ro shows each replaced face (`rerolled`) first."""

    kind: str  # "d6", "d%", "dF"
    sides: int  # 3 for dF (faces -1, 0, +1)
    face: int  # as rolled
    value: int  # as counted (mi/ma may raise or lower it)
    kept: bool = True  # counts toward the pool
    dropped: bool = False  # removed by k/p (kh3, dl1, adv, dis)
    rerolled: bool = False  # replaced by the next face of the same die (rr, ro)
    exploded: bool = False  # added another die (e, ra)
    success: bool = False
    failure: bool = False

    @property
    def natural(self) -> Literal["max", "min"] | None:
        """The face is the die's highest or lowest (a natural 20 or 1 on a d20)."""
        if self.kind == "dF":
            return None
        if self.face == self.sides:
            return "max"
        return "min" if self.face == 1 else None


@dataclass(frozen=True)
class Pool:
    """One dice term with its options, e.g. `4d6kh3`, `2d20kh1` (from `1d20 adv`), `10d6>3`."""

    notation: str
    dice: tuple[Die, ...]
    total: int  # the kept values added up, or successes - failures when counting
    target: Target | None = None
    fail: Target | None = None

    @property
    def counting(self) -> bool:
        return self.target is not None

    @property
    def successes(self) -> int:
        return sum(d.success for d in self.dice)

    @property
    def failures(self) -> int:
        return sum(d.failure for d in self.dice)

    @property
    def kept(self) -> tuple[Die, ...]:
        return tuple(d for d in self.dice if d.kept)


@dataclass(frozen=True)
class Term:
    """One piece of a set as shown, in order: a pool, a number, an operator, a bracket..."""

    kind: TermKind
    text: str
    pool: Pool | None = None
    dropped: bool = False  # inside a set element that k/p dropped: `(1d20, 1d20)kh1`


@dataclass(frozen=True)
class Test:
    """A whole-roll comparison such as `1d20+5 >= 15`."""

    target: Target
    passed: bool


@dataclass(frozen=True)
class RollSet:
    """One rolled set; a repeated roll (`6#4d6kh3`) has several."""

    expression: str
    terms: tuple[Term, ...]
    total: int
    test: Test | None = None
    rounded_from: Fraction | None = None  # the exact total when a division left a fraction
    undefined: str | None = None  # why the set has no total (it divides by zero); dice spent

    @property
    def pools(self) -> tuple[Pool, ...]:
        return tuple(t.pool for t in self.terms if t.pool is not None)

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(d for p in self.pools for d in p.dice)

    @property
    def counting(self) -> bool:
        return any(p.counting for p in self.pools)

    @property
    def successes(self) -> int:
        return sum(p.successes for t in self.terms if (p := t.pool) and not t.dropped)

    @property
    def failures(self) -> int:
        return sum(p.failures for t in self.terms if (p := t.pool) and not t.dropped)


@dataclass(frozen=True)
class DiceRoll:
    expression: str  # as typed
    sets: tuple[RollSet, ...]
    comment: str | None = None
    mode: Mode | None = None
    notes: tuple[str, ...] = ()  # e.g. explosions stopped at the dice limit
    more: tuple[DiceRoll, ...] = ()  # the rolls after `;` in the same command, each answered

    @property
    def total(self) -> int:
        """The set's total; for repeated sets, the sum of their totals."""
        return sum(s.total for s in self.sets)

    @property
    def collapsed(self) -> bool:
        """Some pool is shown as counts per face; `render(..., full=True)` lists every die."""
        return any(len(p.dice) > COLLAPSE_AT for s in self.sets for p in s.pools)

    @property
    def detail(self) -> str:
        return Joined((_set_text(s, _MARKUP["console"], full=False) for s in self.sets), "\n")

    def describe(self, who: str) -> str:
        """Plain text, as the referee and replays log it."""
        return self.render(who, "console")

    def render(self, who: str, style: Style = "console", *, full: bool = False) -> str:
        """`Ann rolls (attack): 1d20 (17) + 5 = 22`, with the style's strike and bold marks: a
        marked text, English as a str, said in the reader's language by the bot. The rolls
        after `;` follow, one line each."""
        own = self.render_own(who, style, full=full)
        if not self.more:
            return own
        return Joined((own, *(r.render(who, style, full=full) for r in self.more)), "\n")

    def render_own(self, who: str, style: Style, *, full: bool) -> str:
        m = _MARKUP[style]
        name = m.escape(who)
        head: str = _("{name} rolls", name=name)
        if len(self.sets) > 1:
            expression = m.escape(self.sets[0].expression)
            head = _(
                "{name} rolls {sets} × {expression}",
                name=name,
                sets=len(self.sets),
                expression=expression,
            )
        if self.comment:
            head = _glue(head, f" ({m.escape(self.comment)})")
        if self.notes:
            head = _glue(head, ", ", Joined(self.notes, "; "))
        texts = [_set_text(s, m, full=full) for s in self.sets]
        if len(texts) == 1:
            return _glue(head, ": ", texts[0])
        lines = [_glue(head, ":"), *(_glue(f"{i}. ", t) for i, t in enumerate(texts, 1))]
        return Joined(lines, "\n")


# ----- reading --------------------------------------------------------------------------------


def _glue(*parts: str) -> str:
    """Pieces of one line: a marked text with the notation and marks around it, still said in
    the reader's language (a plain str when no piece is marked)."""
    if any(isinstance(part, Localisable) for part in parts):
        return Joined(parts, "")
    return "".join(parts)


def _refuse(request: _Request, at: int, expected: str, hint: str = "") -> RuleError:
    """Refused at `at` in the text as rewritten, pointing at where the player typed it."""
    return refuse(request.text, request.typed.at(at), expected, hint)


def too_long() -> RuleError:
    return RuleError(
        _n(
            "A dice expression may be at most {n} character long.",
            "A dice expression may be at most {n} characters long.",
            MAX_LENGTH,
        )
    )


def _cannot(request: _Request, needle: str | int, reason: str) -> RuleError:
    """A roll that reads but cannot be made, pointing at a position or the first `needle`."""
    text = request.text
    if isinstance(needle, int):
        at = request.typed.at(needle)
    else:
        # in d20's spelling (pl1), else as rewritten from the player's (dl1): same positions
        places = [
            w.lower().find(needle.lower(), request.start)
            for w in (request.work, request.typed.work)
        ]
        found = [place for place in places if place >= 0]
        at = request.typed.at(found[0] if found else request.start)
    word = text[at:].split(" ")[0]
    return RuleError(
        _(
            "I cannot roll '{text}' at position {position} ('{word}'): {reason}.",
            text=text,
            position=at + 1,
            word=word,
            reason=reason,
        )
    )


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _parse(request: _Request) -> Any:
    """d20's grammar on the rewritten text from the (first) set on."""
    import lark
    from d20 import diceast

    start, work = request.start, request.work
    try:
        return diceast.parser.parse(work[start:], start="commented_expr")
    except lark.exceptions.UnexpectedInput as error:
        token = getattr(error, "token", None)
        expected = set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())
        position = start + error.pos_in_stream
        if getattr(token, "type", "") == "$END":
            position = len(work)
        words = [said(w) for w in sorted({_TOKENS[name] for name in expected if name in _TOKENS})]
        wanted = (
            _("{choices} or {last}", choices=Joined(words[:-1], ", "), last=words[-1])
            if len(words) > 1
            else "".join(words)
        )
        raise _refuse(request, position, wanted or _("dice such as 1d20")) from None


def _osa(a: str, b: str) -> int:
    """Edit distance counting an adjacent swap as one edit."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(
                d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def _near_mode(word: str) -> str | None:
    for short, long in (("adv", "advantage"), ("dis", "disadvantage")):
        added = (
            len(word) == 4 and _osa(word, short) == 1 and (word[:3] != short or word[3] == short[2])
        )
        swapped = sorted(word) == sorted(short) and _osa(word, short) == 1
        if added or swapped or (len(word) >= 6 and _osa(word, long) <= 2):
            return short
    return None


def _comment_problem(word: str, glued: bool, before: str) -> tuple[str, str] | None:
    """(expected, hint) when a leftover word looks like notation rather than a comment; hints
    are built from the roll `before` it."""
    w = word.lower()
    if near := _near_mode(w):
        return _("adv or dis"), _("Did you mean {near}?", near=near)
    if re.match(r"[tf](?!\d+$)", w) and re.fullmatch(r"[tf][\d<>=]*", w):
        return (
            _("a number after t or f"),
            _("t7 counts dice of 7 or more, f1 subtracts those of 1 or less."),
        )
    if glued and (re.match(r"r\d|r[<>]", w) or w.startswith("!")):
        return _("a dice option"), _(
            "Options follow the dice themselves: {dice}rr1 rerolls every 1, {dice}e{top} "
            "explodes every {top}.",
            dice=(dice := _last_dice(before)),
            top=top_face(dice.split("d", 1)[1]),
        )
    if re.fullmatch(r"(k|p|kh|kl|dh|dl|rr|ro|ra|ie|ir|e|mi|ma|rg|r)[<>hl]?=?-?\d+", w):
        return (
            _("the option right after the dice"),
            _("Write it without a space: {roll}{option}.", roll=before, option=w),
        )
    if re.match(r"\d*d(\d|%|f)", w) or re.fullmatch(r"[\d.]+", w):
        return _("+, -, * or / between two numbers or dice"), _(
            "{roll}+{word} adds them.", roll=before, word=w
        )
    if w.startswith("#"):
        return _("the number of sets first"), _("6#4d6kh3 rolls six sets.")
    if glued or re.match(r"[-+*/<>=!%(),\[\]]", w):
        return _("+, -, an option such as kh3, or a space before a comment"), ""
    return None


def _last_dice(before: str) -> str:
    """The last dice term the player typed (4d6, d%, 4dF), or 1d20 when none."""
    found = re.findall(r"\d*d(?:\d+|%|[fF])", before)
    return found[-1] if found else "1d20"


@dataclass
class _Request:
    """What was typed and what it asks for; positions are into `work` (d20's grammar), which
    `typed` maps back to the player's text."""

    typed: Typed
    work: str
    start: int  # where the (first) set begins
    sets: int
    mode: Mode | None = None
    mode_at: int = 0
    success_at: int = 0
    fail_at: int = 0
    success: Target | None = None
    fail: Target | None = None
    comment: str | None = None
    expression_end: int = 0

    @property
    def text(self) -> str:
        return self.typed.text


@functools.lru_cache(maxsize=256)
def _read(text: str) -> tuple[_Request, Any]:
    """The request and d20's tree, read once per text (neither is changed by rolling it)."""
    typed = peer_forms(text)  # roll() turned every space and control character into " "
    request = _Request(typed, typed.work, 0, 1)
    if repeat := _REPEAT.match(request.work):
        request.sets = int(repeat.group(1))
        if not 1 <= request.sets <= MAX_SETS:
            raise _refuse(request, 0, _("a number of sets from 1 to {most}", most=MAX_SETS))
        request.start = repeat.end()
    # same-length rewrites: positions still map through `typed`
    request.work = _FATE_DICE.sub(r"\1d0", _DROP.sub("p", request.work))
    while True:
        tree = _parse(request)
        comment = (tree.comment or "").strip()
        end = len(request.work) - len(comment) if comment else len(request.work)
        request.expression_end = end
        if not comment:
            break
        found = _MODIFIER.match(request.work, end)
        if found is None and re.match(r" !( |$)", request.work[end - 1 :]):
            request.comment = text[typed.at(end) + 1 :].strip() or None  # Dice Maiden's `! note`
            break
        if found is None:
            _check_comment(request, end)
            request.comment = text[typed.at(end) :].strip()
            break
        _modifier(request, found.group(1).lower(), end)
        request.work = _blank(request.work, found.start(), found.end())
    return request, tree


def _modifier(request: _Request, word: str, at: int) -> None:
    if word in _MODE_WORDS:
        if request.mode is not None:
            raise _refuse(request, at, _("only one of adv or dis"))
        request.mode = "adv" if _MODE_WORDS[word] == "adv" else "dis"
        request.mode_at = at
        return
    number = int(word[1:])
    if word[0] == "t":
        if request.success is not None:
            raise _refuse(request, at, _("one success target (t7)"))
        request.success, request.success_at = Target(">=", number), at
    else:
        if request.fail is not None:
            raise _refuse(request, at, _("one failure target (f1)"))
        request.fail, request.fail_at = Target("<=", number), at


def _check_comment(request: _Request, at: int) -> None:
    work = request.work
    word = work[at:].split(" ")[0]
    glued = at > request.start and work[at - 1] != " "
    before = request.typed.work[request.start : at].rstrip()
    if problem := _comment_problem(word, glued, before):
        raise _refuse(request, at, *problem)
    for later in re.finditer(r"\S+", work[at:]):
        if later.group().lower() in _MODE_WORDS:
            raise _refuse(
                request,
                at + later.start(),
                _("adv or dis right after the dice"),
                _("Example: 1d20+5 adv attack."),
            )


def _check_sizes(request: _Request, tree: Any) -> int:
    """Refuse impossible dice before anything is rolled; returns the dice its sets ask for."""
    from d20 import diceast

    typed = request.typed.work[: request.expression_end]  # dF still written as dF
    if zero := re.search(r"(?<![A-Za-z])\d*d0+(?!\d)", typed):
        raise _refuse(
            request,
            zero.start(),
            _("a die with at least one side"),
            _("Percentile dice are d% or d100."),
        )
    dice = [node for node in _walk(tree.roll) if isinstance(node, diceast.Dice)]
    for node in dice:
        _check_die(request, node, typed)
    count = sum(int(node.num) for node in dice) + (request.mode is not None)
    return count * request.sets


def _check_die(request: _Request, node: Any, typed: str) -> None:
    if node.size != "%" and node.size > MAX_SIDES:
        big = re.search(rf"d0*{node.size}", typed)
        raise _refuse(
            request,
            big.start() if big else request.start,
            _n("at most {sides} side", "at most {sides} sides", MAX_SIDES, sides=f"{MAX_SIDES:,}"),
            _("Try 1d100."),
        )
    if node.num < 1:
        zero_dice = re.search(r"(?<!\d)0+d", typed)
        raise _refuse(
            request, zero_dice.start() if zero_dice else request.start, _("at least one die")
        )


def _walk(node: Any) -> list[Any]:
    found = [node]
    for child in node.children:
        found += _walk(child)
    return found


def _leftmost_d20(node: Any) -> Any:
    """The leftmost dice of a set, as d20's own advantage does: it must be a plain 1d20."""
    from d20 import diceast

    while node.children:
        node = node.children[0]
    return node if isinstance(node, diceast.Dice) and node.num == 1 and node.size == 20 else None


# ----- rolling --------------------------------------------------------------------------------


@dataclass(eq=False)
class _Face:
    face: int
    value: int
    dropped: bool = False
    rerolled: bool = False
    exploded: bool = False


@dataclass(eq=False)
class _Die:
    faces: list[_Face]

    @property
    def now(self) -> _Face:
        return self.faces[-1]

    @property
    def kept(self) -> bool:
        return not self.now.dropped


@dataclass
class _Value:
    number: Number
    terms: list[Term] = field(default_factory=list)


@dataclass
class _Budget:
    """Dice left for rerolls and explosions once every set of every roll has its own."""

    spare: int


class _Roller:
    """Rolls the sets of one request on `rng`. Every refusal depends only on what was typed, so
    a dry run on a throwaway generator judges a roll before a real die is drawn; what depends on
    the dice (a division by zero) makes a set with no total, its dice spent and shown."""

    def __init__(self, request: _Request, rng: Rng, budget: _Budget) -> None:
        self.request = request
        self.rng = rng
        self.budget = budget
        self.notes: list[str] = []
        self.advantage: Any = None
        self.undefined: str | None = None
        self.set_place = ""
        self.place = ""  # the set and pool being rolled, for a note on where the limit stopped

    def roll_sets(self, root: Any) -> tuple[RollSet, ...]:
        return tuple(self.roll_set(root, i) for i in range(self.request.sets))

    # the whole set
    def roll_set(self, root: Any, index: int = 0) -> RollSet:
        request = self.request
        self.undefined = None
        self.set_place = _("set {n}", n=index + 1) if request.sets > 1 else ""
        if request.mode is not None:
            self.advantage = _leftmost_d20(root)
            if self.advantage is None:
                raise _refuse(
                    request,
                    request.mode_at,
                    _("a roll that starts with 1d20 before {mode}", mode=request.mode),
                    _("{mode} rolls that d20 twice: 1d20+5 {mode}.", mode=request.mode),
                )
        value, test = self.whole(root)
        self.check_pools(value)
        exact = value.number
        total = math.floor(exact)
        if self.undefined is not None:
            test, total = None, 0
        rounded = Fraction(exact) if total != exact and self.undefined is None else None
        expression = _join([(t.kind, t.pool.notation if t.pool else t.text) for t in value.terms])
        return RollSet(expression, tuple(value.terms), total, test, rounded, self.undefined)

    def whole(self, root: Any) -> tuple[_Value, Test | None]:
        """The set's value, and its verdict when the whole roll is compared (`1d20+5 >= 15`)."""
        from d20 import diceast

        if isinstance(root, diceast.BinOp) and root.op in _COMPARE and not _is_pool(root.left):
            value = self.eval(root.left)
            target = Target(root.op, self.constant(root.right, root.op))
            return value, Test(target, target.met(value.number))
        return self.eval(root), None

    def check_pools(self, value: _Value) -> None:
        request = self.request
        pools = [t.pool for t in value.terms if t.pool is not None]
        if not pools:
            number = request.typed.work[request.start : request.expression_end].strip()
            hint = _("Did you mean d{number}?", number=number) if number.isdigit() else ""
            raise _refuse(request, request.start, _("dice such as 1d20"), hint)
        counting = [p for p in pools if p.counting]
        if counting and len(counting) < len(pools):
            raise _cannot(
                request,
                request.success_at if request.success else str(counting[0].target),
                _(
                    "count successes (10d6>3, 6d10 t7) or add dice up (2d6+1d4), "
                    "not both in one roll"
                ),
            )
        if request.fail is not None and not counting:
            raise _cannot(
                request,
                request.fail_at,
                _("f counts failures against successes; add t: 6d10 t7 f1"),
            )

    def eval(self, node: Any) -> _Value:
        from d20 import diceast

        if isinstance(node, diceast.AnnotatedNumber):
            inner = self.eval(node.value)
            notes = "".join(node.annotations)
            return _Value(
                inner.number, [*inner.terms, Term("annotation", notes)] if notes else inner.terms
            )
        if isinstance(node, diceast.Literal):
            return _Value(_exact(node.value), [Term("number", _number(node.value))])
        if isinstance(node, diceast.Parenthetical):
            inner = self.eval(node.value)
            return _Value(inner.number, [Term("open", "("), *inner.terms, Term("close", ")")])
        if isinstance(node, diceast.UnOp):
            inner = self.eval(node.value)
            number = -inner.number if node.op == "-" else inner.number
            return _Value(number, [Term("sign", node.op), *inner.terms])
        if isinstance(node, diceast.BinOp):
            return self.binop(node)
        return self.dice(node)

    def dice(self, node: Any) -> _Value:
        """A pool or a set, with or without options."""
        from d20 import diceast

        if isinstance(node, diceast.OperatedDice):
            return self.pool(node.value, node.operations)
        if isinstance(node, diceast.Dice):
            return self.pool(node, [])
        if isinstance(node, diceast.OperatedSet):
            return self.number_set(node.value, node.operations)
        if isinstance(node, diceast.NumberSet):
            return self.number_set(node, [])
        raise RuleError(_("I cannot roll '{node}'.", node=str(node)))  # pragma: no cover

    def binop(self, node: Any) -> _Value:
        from d20 import diceast

        if node.op in _COMPARE:
            if not _is_pool(node.left):
                raise _cannot(
                    self.request,
                    node.op,
                    _(
                        "compare one dice pool (10d6>3 counts dice) "
                        "or the whole roll (1d20+5 >= 15)"
                    ),
                )
            target = Target(node.op, self.constant(node.right, node.op))
            dice, ops = (
                (node.left.value, node.left.operations)
                if isinstance(node.left, diceast.OperatedDice)
                else (node.left, [])
            )
            return self.pool(dice, ops, target)
        left, right = self.eval(node.left), self.eval(node.right)
        try:
            number = _ARITHMETIC[node.op](left.number, right.number)
        except ZeroDivisionError:
            if not any(isinstance(n, diceast.Dice) for n in _walk(node.right)):
                raise _cannot(self.request, node.op, _("it divides by zero")) from None
            # it was the dice: they are spent all the same, shown with no total
            self.undefined = self.undefined or _("it divides by zero")
            number = 0
        return _Value(number, [*left.terms, Term("operator", node.op), *right.terms])

    def constant(self, node: Any, op: str) -> Number:
        from d20 import diceast

        if any(isinstance(n, diceast.Dice) for n in _walk(node)):
            raise _cannot(
                self.request, op, _("the target after {op} must be a number, not dice", op=op)
            )
        number = self.eval(node).number
        if self.undefined is not None:
            raise _cannot(self.request, op, self.undefined)
        return number

    # dice
    def draw(self, size: Any) -> _Face:
        if size == "%":
            face = self.rng.randbelow(100) + 1
        elif size == _FATE:
            face = self.rng.randbelow(3) - 1
        else:
            face = self.rng.randbelow(size) + 1
        return _Face(face, face)

    def room(self, what: str) -> bool:
        """Whether one more die may be added; every set's own dice were counted in advance."""
        if self.budget.spare > 0:
            self.budget.spare -= 1
            return True
        if not self.notes:
            limit = f"{MAX_DICE:,}"
            where = self.place
            note = (
                _("rerolls stopped at the {limit}-dice limit in {where}", limit=limit, where=where)
                if what == "rerolls"
                else _(
                    "explosions stopped at the {limit}-dice limit in {where}",
                    limit=limit,
                    where=where,
                )
            )
            self.notes.append(note)
        return False

    def pool(self, node: Any, operations: Sequence[Any], target: Target | None = None) -> _Value:
        request = self.request
        size = node.size
        number, ops = self.advantaged(node, operations)
        target = self.success_target(target)
        fail = request.fail if target is not None else None
        notation = _pool_notation(number, size, ops, target, fail, request.success is not None)
        self.place = Joined((self.set_place, f"({notation})"), " ") if self.set_place else notation
        dice = [_Die([self.draw(size)]) for _ in range(number)]
        for op in ops:
            self.operate(dice, op, size)
        sides = 3 if size == _FATE else (100 if size == "%" else size)
        kind = "dF" if size == _FATE else f"d{size}"
        shown = [_shown(kind, sides, face, target, fail) for die in dice for face in die.faces]
        if target is not None:
            total = sum(d.success for d in shown) - sum(d.failure for d in shown)
        else:
            total = sum(d.value for d in shown if d.kept)
        result = Pool(notation, tuple(shown), total, target, fail)
        return _Value(total, [Term("pool", notation, result)])

    def advantaged(self, node: Any, operations: Sequence[Any]) -> tuple[int, list[Any]]:
        """The dice to roll and their options: adv/dis turn the leading 1d20 into 2d20kh1/kl1."""
        from d20 import diceast

        if node is not self.advantage:
            return node.num, list(operations)
        keep = diceast.SetSelector("h" if self.request.mode == "adv" else "l", 1)
        return 2, [diceast.SetOperator("k", [keep]), *operations]

    def success_target(self, target: Target | None) -> Target | None:
        request = self.request
        if request.success is None:
            return target
        if target is not None:
            raise _cannot(
                request,
                request.success_at,
                _("give one target: {target} or t, not both", target=str(target)),
            )
        return request.success

    def again(self, dice: list[_Die], die: _Die, size: Any, *, reroll: bool) -> bool:
        """Reroll `die` in place, or explode it into a new die; False at the dice limit."""
        if not self.room("rerolls" if reroll else "explosions"):
            return False
        if reroll:
            die.now.rerolled = True
            die.faces.append(self.draw(size))
        else:
            die.now.exploded = True
            dice.append(_Die([self.draw(size)]))
        return True

    def operate(self, dice: list[_Die], op: Any, size: Any) -> None:
        name, sels = op.op, op.sels
        if name in ("k", "p"):
            picked = _chosen(dice, sels)
            for die in _kept(dice):
                if (die in picked) == (name == "p"):
                    die.now.dropped = True
        elif name in ("rr", "e"):
            if endless := _endless(name, sels, size):
                raise _cannot(self.request, str(op), endless)
            self.repeat(dice, sels, size, reroll=name == "rr")
        elif name in ("ro", "ra"):
            for die in _chosen(dice, sels, 1 if name == "ra" else None):
                if not self.again(dice, die, size, reroll=name == "ro"):
                    return
        else:
            self.bound(dice, name, sels[-1])

    def repeat(self, dice: list[_Die], sels: Sequence[Any], size: Any, *, reroll: bool) -> None:
        """rr and e: go on while a die matches; an exploded die explodes once, a rerolled one
        is rolled again."""
        done: set[_Die] = set()
        while todo := [d for d in _chosen(dice, sels) if d not in done]:
            for die in todo:
                if not self.again(dice, die, size, reroll=reroll):
                    return
                if not reroll:
                    done.add(die)

    def bound(self, dice: list[_Die], name: str, sel: Any) -> None:
        """mi and ma: a die below (above) the number counts as the number."""
        if sel.cat is not None:
            raise _cannot(
                self.request,
                f"{name}{sel}",
                _("{name} takes a plain number, such as {name}2", name=name),
            )
        for die in _kept(dice):
            if (name == "mi" and die.now.value < sel.num) or (
                name == "ma" and die.now.value > sel.num
            ):
                die.now.value = sel.num

    def number_set(self, node: Any, operations: Sequence[Any]) -> _Value:
        from d20 import diceast

        if not isinstance(node, diceast.NumberSet):
            ops = "".join(_op_text(op) for op in operations)
            raise _cannot(
                self.request,
                ops,
                _("{ops} needs dice or a set: 4d6{ops}, or (1d20, 1d20){ops}", ops=ops),
            )
        elements = [self.eval(v) for v in node.values]
        dropped = [False] * len(elements)
        for op in operations:
            live = [i for i, d in enumerate(dropped) if not d]
            picked = {live[i] for i in _choose([elements[i].number for i in live], op.sels)}
            for i in live:
                if (i in picked) == (op.op == "p"):
                    dropped[i] = True
        number = sum(e.number for e, d in zip(elements, dropped, strict=True) if not d)
        return _Value(number, _set_terms(elements, dropped, operations))


def _set_terms(
    elements: Sequence[_Value], dropped: Sequence[bool], operations: Sequence[Any]
) -> list[Term]:
    """`(1d20 (7), ~1d20 (3)~)kh1`: the dropped elements marked, the set's options after it."""
    terms: list[Term] = [Term("open", "(")]
    for i, element in enumerate(elements):
        if i:
            terms.append(Term("separator", ","))
        terms += [replace(t, dropped=True) if dropped[i] else t for t in element.terms]
    if len(elements) == 1:
        terms.append(Term("separator", ","))
    terms.append(Term("close", ")"))
    terms += [Term("setop", _op_text(op)) for op in operations]
    return terms


def _kept(dice: Sequence[_Die]) -> list[_Die]:
    return [d for d in dice if d.kept]


def _chosen(dice: Sequence[_Die], sels: Sequence[Any], limit: int | None = None) -> list[_Die]:
    """The kept dice a selector (h, l, <, >, a face) picks."""
    pool = _kept(dice)
    return [pool[i] for i in _choose([d.now.value for d in pool], sels, limit)]


def _shown(kind: str, sides: int, face: _Face, target: Target | None, fail: Target | None) -> Die:
    kept = not (face.dropped or face.rerolled)
    return Die(
        kind,
        sides,
        face.face,
        face.value,
        kept,
        face.dropped,
        face.rerolled,
        face.exploded,
        kept and target is not None and target.met(face.value),
        kept and fail is not None and fail.met(face.value),
    )


def _pool_notation(
    number: int,
    size: Any,
    ops: Sequence[Any],
    target: Target | None,
    fail: Target | None,
    spaced: bool,
) -> str:
    """`4d6kh3`, `10d6>3`, `6d10 t7 f1`: the pool as rolled (adv shown as 2d20kh1)."""
    notation = f"{number}d{'F' if size == _FATE else size}" + "".join(_op_text(op) for op in ops)
    if target is not None:
        notation += f" t{_number(target.number)}" if spaced else str(target)
    if fail is not None:
        notation += f" f{_number(fail.number)}"
    return notation


def _exact(value: float) -> Number:
    """A typed number as written: 1.4 is 7/5, not the nearest binary fraction."""
    return value if isinstance(value, int) else Fraction(repr(value))


def _is_pool(node: Any) -> bool:
    from d20 import diceast

    return isinstance(node, (diceast.Dice, diceast.OperatedDice))


def _op_text(op: Any) -> str:
    return "".join(
        ("d" if op.op == "p" and sel.cat in ("h", "l") else op.op) + str(sel) for sel in op.sels
    )


def _choose(values: Sequence[Number], sels: Sequence[Any], limit: int | None = None) -> list[int]:
    """d20's selectors (h, l, <, >, exact) over the kept values, in the dice's own order."""
    chosen: list[int] = []
    order = range(len(values))
    for sel in sels:
        if limit is not None and len(chosen) >= limit:
            break
        if sel.cat == "h":
            picked = sorted(order, key=lambda i: values[i], reverse=True)[: sel.num]
        elif sel.cat == "l":
            picked = sorted(order, key=lambda i: values[i])[: sel.num]
        else:
            test = _COMPARE[{"<": "<", ">": ">"}.get(sel.cat, "==")]
            picked = [i for i in order if test(values[i], sel.num)]
        if limit is not None:
            picked = picked[: limit - len(chosen)]
        chosen += [i for i in picked if i not in chosen]
    return sorted(chosen)


def _endless(name: str, sels: Sequence[Any], size: Any) -> str | None:
    """rr and e repeat while a face matches: why they would never stop, if so."""
    if any(sel.cat in ("h", "l") for sel in sels):
        return _(
            "{name} needs faces, such as {name}1 or {name}<3, not highest or lowest dice", name=name
        )
    low, high = (-1, 1) if size == _FATE else (1, 100 if size == "%" else size)
    below = max([sel.num for sel in sels if sel.cat == "<"], default=low)
    above = min([sel.num for sel in sels if sel.cat == ">"], default=high)
    first, last = max(low, below), min(high, above)
    exact = {sel.num for sel in sels if sel.cat is None and first <= sel.num <= last}
    if last - first + 1 <= len(exact):
        ops = "".join(f"{name}{sel}" for sel in sels)
        kind = "dF" if size == _FATE else f"d{size}"
        return _("{ops} matches every face of a {kind}, so it would never stop", ops=ops, kind=kind)
    return None


def roll(expression: str, rng: Rng) -> DiceRoll:
    """Read, check the limits, and roll on `rng`; every refusal is a RuleError, raised before a
    die is drawn. `A ; B` rolls each, sharing the dice limit."""
    text = "".join(c if c.isprintable() else " " for c in expression).strip()
    if not text:
        raise RuleError(_("Say what to roll, for example {examples}.", examples=said(EXAMPLES)))
    if len(text) > MAX_LENGTH:
        raise too_long()
    parts = _parts(text)
    try:
        reads = [_read(part) for part in parts]
    except RecursionError:
        raise RuleError(_("That expression is nested too deeply to roll.")) from None
    planned = sum(_check_sizes(request, tree) for request, tree in reads)
    if planned > MAX_DICE:
        raise RuleError(
            _(
                "At most {most} dice per roll, and '{text}' asks for {count}; try fewer dice.",
                most=f"{MAX_DICE:,}",
                text=text,
                count=f"{planned:,}",
            )
        )
    try:  # judged on a throwaway generator first: a refusal never draws, reveals or rewinds
        _roll_parts(reads, Rng("judge"), _Budget(MAX_DICE - planned))
    except RecursionError:
        raise RuleError(_("That expression is nested too deeply to roll.")) from None
    first, *more = _roll_parts(reads, rng, _Budget(MAX_DICE - planned))  # none refused now
    return replace(first, more=tuple(more))


def _parts(text: str) -> list[str]:
    """The rolls of `A ; B`: at most MAX_ROLLS, none empty."""
    parts = text.split(";")
    if len(parts) > MAX_ROLLS:
        at = len(";".join(parts[:MAX_ROLLS]))
        raise refuse(text, at, _n("at most {n} roll", "at most {n} rolls", MAX_ROLLS))
    for i, part in enumerate(parts):
        if not part.strip():
            at = len(";".join(parts[: i + 1]))  # the ; after the missing roll, or the end
            raise refuse(text, at, _("a roll on each side of ;"))
    return [part.strip() for part in parts]


def _roll_parts(reads: Sequence[tuple[_Request, Any]], rng: Rng, budget: _Budget) -> list[DiceRoll]:
    rolls = []
    for request, tree in reads:
        roller = _Roller(request, rng, budget)
        sets = roller.roll_sets(tree.roll)
        rolls.append(
            DiceRoll(request.text, sets, request.comment, request.mode, tuple(roller.notes))
        )
    return rolls


# ----- showing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Markup:
    strike: Callable[[str], str]
    bold: Callable[[str], str]
    natural: Callable[[str], str]
    escape: Callable[[str], str]


def _discord_escape(text: str) -> str:
    return re.sub(r"([\\*_~`|>\[\]#])", r"\\\1", text)


_MARKUP: dict[Style, _Markup] = {
    "console": _Markup(lambda s: _glue("~", s, "~"), lambda s: s, lambda s: f"*{s}*", lambda s: s),
    "discord": _Markup(
        lambda s: _glue("~~", s, "~~"),
        lambda s: _glue("**", s, "**"),
        lambda s: f"**{s}**",
        _discord_escape,
    ),
    "telegram": _Markup(
        lambda s: _glue("<s>", s, "</s>"),
        lambda s: _glue("<b>", s, "</b>"),
        lambda s: f"<b>{s}</b>",
        lambda s: html.escape(s, quote=False),
    ),
}


def _number(value: float | Number) -> str:
    """A number as typed or as a target: 3, 2.5 (a fraction by its decimal digits, 10/3 when
    they never end)."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    if isinstance(value, float):
        return repr(value)
    digits = _decimal(exact)
    return digits if digits is not None else f"{exact.numerator}/{exact.denominator}"


def _decimal(value: Fraction) -> str | None:
    """The decimal digits of a fraction that has them (no 3 or 7 in its denominator)."""
    rest, places = value.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest, count = rest // prime, count + 1
        places = max(places, count)
    if rest != 1:
        return None
    scaled = abs(value.numerator) * 10**places // value.denominator
    sign = "-" if value < 0 else ""
    whole, part = divmod(scaled, 10**places)
    return f"{sign}{whole}.{part:0{places}d}"


def _join(pieces: Sequence[tuple[TermKind, str]]) -> str:
    """Terms as typed: `(1d4 (3) + 1) * 3`, `-1d4 (2)`, `(1d20 (7), 1d20 (15))kh1`."""
    out = ""
    for i, (kind, text) in enumerate(pieces):
        tight = (
            i == 0
            or pieces[i - 1][0] in ("open", "sign")
            or kind in ("close", "separator", "setop")
        )
        out += ("" if tight else " ") + text
    return out


def _successes(n: int) -> str:
    return _n("{count} success", "{count} successes", abs(n), count=n)


def _failures(n: int) -> str:
    return _n("{count} failure", "{count} failures", abs(n), count=n)


def _face_text(die: Die) -> str:
    text = {-1: "-", 0: "0", 1: "+"}[die.face] if die.kind == "dF" else str(die.face)
    if die.value != die.face:
        text += f"→{die.value}"
    return text + ("!" if die.exploded else "")


def _die_text(die: Die, m: _Markup, strike: bool) -> str:
    text = m.escape(_face_text(die))
    if not die.kept:
        return m.strike(text) if strike else text
    if die.kind == "d20" and die.natural is not None:
        return m.natural(text)
    return text


def _pool_text(pool: Pool, m: _Markup, full: bool, strike: bool) -> str:
    if full or len(pool.dice) <= COLLAPSE_AT:
        shown = ", ".join(_die_text(d, m, strike) for d in pool.dice)
    else:
        counts = Counter(
            (d.value, d.face, d.kept, _die_text(d, m, strike))
            for d in sorted(pool.dice, key=lambda d: (d.value, d.face, not d.kept))
        )
        shown = ", ".join(f"{text}×{n}" for (_, _, _, text), n in counts.items())
    return f"{m.escape(pool.notation)} ({shown})"


def _set_text(s: RollSet, m: _Markup, *, full: bool) -> str:
    pieces: list[tuple[TermKind, str]] = []
    run: list[tuple[TermKind, str]] = []  # a dropped set element, struck through as one
    for term in (*s.terms, None):
        if run and (term is None or not term.dropped):
            pieces.append((run[0][0], m.strike(_join(run))))
            run = []
        if term is not None:
            strike = not term.dropped  # no strike inside a struck element
            text = _pool_text(term.pool, m, full, strike) if term.pool else m.escape(term.text)
            (run if term.dropped else pieces).append((term.kind, text))
    body = _join(pieces)
    if s.test is not None:
        verdict = _("success") if s.test.passed else _("failure")
        return _glue(body, f" = {s.total}, {m.escape(str(s.test.target))}: ", m.bold(verdict))
    if s.counting:
        count = m.bold(_successes(s.total))
        if s.failures and len(s.terms) == 1:
            counted, failed = _successes(s.successes), _failures(s.failures)
            return _glue(body, " = ", counted, " − ", failed, " = ", count)
        return _glue(body, " = ", count)
    if s.undefined is not None:
        return _glue(body, " = ", m.bold(_("no total")), ": ", s.undefined)
    if s.rounded_from is not None:
        exact = _number(s.rounded_from)
        rounded = _("{exact}, rounded down to {total}", exact=exact, total=m.bold(str(s.total)))
        return _glue(body, " = ", rounded)
    return f"{body} = {m.bold(str(s.total))}"
