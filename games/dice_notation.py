"""The notation players bring from other dice rollers, rewritten into d20's grammar before it is
parsed: `4d6k3` keeps the 3 highest, `4d6d1` drops the lowest, `3d6!` explodes sixes, `3d6 ie6`
and `4d6 k3` are options, not comments; digits of any script count as 0-9. A position in the
rewritten text maps back to the one the player typed, so refusals point at what they wrote."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from games.base import RuleError
from games.i18n import Joined, _


def refuse(text: str, position: int, expected: str, hint: str = "") -> RuleError:
    """`position` is 0-based into `text`; players read 1-based positions. `hint` is a sentence
    after the refusal."""
    if position >= len(text):
        message = _(
            "I cannot read '{text}' at the end: expected {expected}.", text=text, expected=expected
        )
    else:
        message = _(
            "I cannot read '{text}' at position {position} ('{word}'): expected {expected}.",
            text=text,
            position=position + 1,
            word=text[position:].split(" ")[0],
            expected=expected,
        )
    return RuleError(Joined((message, hint), " ") if hint else message)


@dataclass(frozen=True)
class Typed:
    """A rewritten text and, for each of its characters (and its end), where the player typed it."""

    text: str
    work: str
    origin: tuple[int, ...]

    def at(self, position: int) -> int:
        """Where a position in the rewritten text was typed."""
        return self.origin[max(0, min(position, len(self.work)))]

    def sub(self, pattern: re.Pattern[str], replace: Callable[[re.Match[str]], str]) -> Typed:
        """Each match replaced; a replacement's characters map to the match's, the last ones to
        its last character when the replacement is longer."""
        work: list[str] = []
        origin: list[int] = []
        last = 0
        for found in pattern.finditer(self.work):
            new = replace(found)
            start, end = found.span()
            work.append(self.work[last:start] + new)
            origin += self.origin[last:start]
            origin += [self.origin[min(start + i, max(start, end - 1))] for i in range(len(new))]
            last = end
        if not work:
            return self
        work.append(self.work[last:])
        origin += self.origin[last:]
        return Typed(self.text, "".join(work), tuple(origin))


_POOL = r"(?P<count>\d*)d(?P<size>\d+|%|[fF](?![A-Za-z]))"
"""A dice term as typed (before its options)."""
_OPTIONS = r"(?P<options>(?:(?:k|p|rr|ro|ra|e|mi|ma)[<>hl]?\d+|d[hl]\d+)*)"
"""d20's options already glued to the dice; one way only to read each (`kh3` is never `k`, `h3`
and `kh`, `3`), so a failed match cannot backtrack through every split of a long chain."""
_SPACED = re.compile(
    r"(?<=[\d%fF])[ ]+(?=(?:kh|kl|k|dh|dl|ph|pl|rr|ro|ra|ie|ir|e|mi|ma|rg|r)[<>]?\d+(?![\dA-Za-z]))"
)
"""A space before an option with a number: Dice Maiden writes `4d6 k3`, `3d6 ie6`."""
_SPACED_DROP = re.compile(_POOL + _OPTIONS + r"(?P<space> +)d(?P<n>\d+)(?![\dA-Za-z])")
"""`4d6 d1`: Dice Maiden's drop, or a die missing its `+` (`1d20 d4`)."""
_KEEP = re.compile(r"(?<=[\d%fF)])k(?=\d)")
"""`k3` with no h or l: the peers keep the highest (d20 alone keeps 3s)."""
_DROP_LOWEST = re.compile(_POOL + _OPTIONS + r"d(?=\d)")
"""`4d6d1`: a d right after the dice drops the lowest."""
_BANG = re.compile(_POOL + _OPTIONS + r"!(?!=)(?P<how>!|p|[<>]=?\d+|)")
"""`3d6!`, `3d6!>4`, `3d6!!` (and never `!=`, a comparison)."""
_BARE_EXPLODE = re.compile(_POOL + _OPTIONS + r"i?e(?P<n>[<>]?\d+|(?![\d<>]))")
"""`3d6e`, `3d6ie6`: Dice Maiden's explosions."""
_INDEFINITE_REROLL = re.compile(r"(?<=[\d%fF])ir(?P<n>\d+)")
"""`2d10ir2`: Dice Maiden's reroll of 2 or less, again and again."""
_PEER_REROLL = re.compile(_POOL + _OPTIONS + r"(?P<r>rg|r)(?P<sel>[<>]?)(?P<n>\d+)")
"""`4d6r2`, `4d6rg5`, `8d6r<2`: rerolls that the peers read in different ways."""
_Rewrite = Callable[[re.Match[str], "Typed"], str]


def _ascii_digit(char: str) -> str:
    return str(unicodedata.decimal(char)) if char.isdecimal() and not char.isascii() else char


def top_face(size: str) -> int:
    """The highest face of dice of `size` sides as typed: 6, % (100), F (+1)."""
    return 100 if size == "%" else 1 if size in ("f", "F") else int(size)


def _highest(found: re.Match[str]) -> int:
    return top_face(found.group("size"))


def _head(found: re.Match[str]) -> str:
    return found.group("count") + "d" + found.group("size") + found.group("options")


def _explode(found: re.Match[str], typed: Typed) -> str:
    """`!` on the highest face, `!>4` above 4, `!>=5` at 5 or more; `!!` and `!p` are refused."""
    how, head = found.group("how"), _head(found)
    if how in ("!", "p"):
        at = typed.at(found.end("options"))
        raise refuse(
            typed.text,
            at,
            _("an explosion I know"),
            _(
                "Compounding and penetrating dice are not rolled here; {head}e{top} explodes "
                "every {top} into a new die.",
                head=head,
                top=_highest(found),
            ),
        )
    if not how:
        return f"{head}e{_highest(found)}"
    number = int(how.lstrip("<>="))
    if how.startswith(">="):
        return f"{head}e>{number - 1}"
    if how.startswith("<="):
        return f"{head}e<{number + 1}"
    return f"{head}e{how[0]}{number}"


def _reroll(found: re.Match[str], typed: Typed) -> str:
    """Peers' `r2` means 2 or less once (Dice Maiden) or every 2 again and again (Roll20): asked."""
    head, n, word, sel = _head(found), int(found.group("n")), found.group("r"), found.group("sel")
    at = typed.at(found.start("r"))
    if sel:
        hint = _(
            "{head}ro{sel}{n} rerolls a matching die once; {head}rr{sel}{n} again and again.",
            head=head,
            sel=sel,
            n=n,
        )
    elif word == "rg":
        hint = _(
            "{head}ro>{below} rerolls a die of {n} or more once; {head}rr>{below} again and again.",
            head=head,
            n=n,
            below=n - 1,
        )
    else:
        hint = _(
            "{head}ro<{above} rerolls a die of {n} or less once; {head}rr{n} rerolls every {n} "
            "again and again.",
            head=head,
            n=n,
            above=n + 1,
        )
    raise refuse(typed.text, at, _("rr, ro or ra"), hint)


def _spaced_drop(found: re.Match[str], typed: Typed) -> str:
    """`4d6 d1` drops the lowest (Dice Maiden) when fewer than the dice; else it is refused."""
    count, n = int(found.group("count") or 1), int(found.group("n"))
    head = _head(found)
    if n < count:
        return f"{head}dl{n}"
    raise refuse(
        typed.text,
        typed.at(found.start("space") + 1),
        _("+, -, * or / between two numbers or dice"),
        _("{head}+d{n} adds a d{n}.", head=head, n=n),
    )


def _rewritten(typed: Typed, pattern: re.Pattern[str], rewrite: _Rewrite) -> Typed:
    return typed.sub(pattern, lambda found: rewrite(found, typed))


def _exploding(found: re.Match[str], typed: Typed) -> str:
    """`e` alone explodes the highest face (Dice Maiden); `ie6` explodes again and again, as
    d20's `e6` does."""
    return f"{_head(found)}e{found.group('n') or _highest(found)}"


_REWRITES: tuple[tuple[re.Pattern[str], _Rewrite], ...] = (
    (_SPACED_DROP, _spaced_drop),
    (_SPACED, lambda found, typed: ""),
    (_KEEP, lambda found, typed: "kh"),
    (_DROP_LOWEST, lambda found, typed: _head(found) + "dl"),
    (_BANG, _explode),
    (_BARE_EXPLODE, _exploding),
    (_INDEFINITE_REROLL, lambda found, typed: f"rr<{int(found.group('n')) + 1}"),
    (_PEER_REROLL, _reroll),
)
"""In order: each reads what the ones before it left."""


def peer_forms(text: str) -> Typed:
    """The text in d20's grammar (the peers' meaning where they agree), digits made ASCII."""
    typed = Typed(text, "".join(_ascii_digit(c) for c in text), tuple(range(len(text) + 1)))
    for pattern, rewrite in _REWRITES:
        typed = _rewritten(typed, pattern, rewrite)
    return typed
