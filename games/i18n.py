"""Player-facing text as data, so games stay pure and the bot says it in each reader's language.

A game never translates. It marks a message with `_()` (or `_n()` for a count) and gets back a
`Text`: a `str` whose value is the English sentence, which also remembers its msgid and
parameters. Names that come with the game's data in several languages (cards, buildings, the
words of a row) are a `Name`; lists of either are `joined()`. All three are `Localisable`, so they
can travel anywhere a `str` goes (events, refusals, views, move arguments) and the bot turns them
into the recipient's language at the edge (`bot/i18n.py`), with the gettext catalogue it loads.

Babel's extractor finds `_("...")`, `_n("...", "...")` and `N_("...")` calls; the msgids are the
English texts with `{name}` placeholders (str.format), filled from the keyword parameters.
Anything that is not Localisable (a player's name, a number, what a user typed) is shown as is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from games.memo import Memo

SOURCE_LANGUAGE = "en"


class Translator(Protocol):
    """What a catalogue gives: a msgid's translation (the msgid itself when it has none)."""

    lang: str

    def gettext(self, msgid: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class Source:
    """The messages as written: English, the language of every msgid."""

    lang = SOURCE_LANGUAGE

    def gettext(self, msgid: str) -> str:
        return msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = Source()


class Localisable(str):
    """A str holding its English text that can say itself in another language. (A plain class,
    not an ABC: isinstance checks on every piece of text are then a C-level lookup.)"""

    def localise(self, tr: Translator) -> str:
        """The text in `tr`'s language; a piece with nothing to translate says its English."""
        return str(self)

    def __copy__(self) -> Localisable:
        return self

    def __deepcopy__(self, memo: Any) -> Localisable:
        return self


def localise(text: object, tr: Translator) -> str:
    """Any text in the translator's language: Localisables are translated, the rest shown as is.
    A Localisable's own value is its English, so English costs no lookup."""
    if isinstance(text, Localisable):
        return str.__str__(text) if tr is ENGLISH else text.localise(tr)
    return str(text)


def _fill(template: str, params: Mapping[str, Any], tr: Translator) -> str:
    if tr is ENGLISH:  # a Localisable's own value is its English
        values = params
    else:
        values = {k: v.localise(tr) if isinstance(v, Localisable) else v for k, v in params.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        if tr is ENGLISH:
            raise
        return template  # a broken translation must not hide the move; the catalogue test fails


class Text(Localisable):
    """A marked message: msgid (and plural, chosen by n), and its parameters."""

    msgid: str
    plural: str | None
    n: int | None
    params: Mapping[str, Any]

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any] | None = None,
        plural: str | None = None,
        n: int | None = None,
    ) -> Text:
        return cls.marked(msgid, dict(params or {}), plural, n)

    @classmethod
    def marked(
        cls, msgid: str, params: dict[str, Any], plural: str | None = None, n: int | None = None
    ) -> Text:
        """A Text whose parameters are a dict of its own already (`_()` and `_n()` make one for
        each call, so it is not copied: views mark dozens of texts at every move)."""
        template = msgid if plural is None else ENGLISH.ngettext(msgid, plural, n or 0)
        self = str.__new__(cls, _fill(template, params, ENGLISH))
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        return self

    def localise(self, tr: Translator) -> str:
        if self.plural is None:
            template = tr.gettext(self.msgid)
        else:
            template = tr.ngettext(self.msgid, self.plural, self.n or 0)
        return _fill(template, self.params, tr)

    def __reduce__(self) -> Any:
        return (Text, (self.msgid, dict(self.params), self.plural, self.n))


class Name(Localisable):
    """A name the game's data gives in several languages, e.g. a card: {"en": ..., "pl": ...}."""

    forms: Mapping[str, str]

    def __new__(cls, forms: Mapping[str, str]) -> Name:
        self = super().__new__(cls, forms[SOURCE_LANGUAGE])
        self.forms = dict(forms)
        return self

    def localise(self, tr: Translator) -> str:
        return self.forms.get(tr.lang) or self.forms[SOURCE_LANGUAGE]

    def __reduce__(self) -> Any:
        return (Name, (dict(self.forms),))


class Joined(Localisable):
    """Several texts joined by a separator, each said in the reader's language."""

    items: tuple[str, ...]
    sep: str

    def __new__(cls, items: Iterable[str], sep: str = ", ") -> Joined:
        kept = tuple(items)
        self = super().__new__(cls, sep.join(kept))
        self.items, self.sep = kept, sep
        return self

    def localise(self, tr: Translator) -> str:
        return self.sep.join(localise(item, tr) for item in self.items)

    def __reduce__(self) -> Any:
        return (Joined, (self.items, self.sep))


CONSTANT_LIMIT = 10_000
_CONSTANT: Memo[str, Text] = Memo(CONSTANT_LIMIT)
"""Messages marked with no parameters, made once: a Text is never changed after it is made, and
views mark the same few dozen labels at every move."""


def _(msgid: str, /, **params: Any) -> Text:
    """Mark a message; `{name}` placeholders are filled from the keyword parameters."""
    if params:
        return Text.marked(msgid, params)
    found = _CONSTANT.find(msgid)
    return found if found is not None else _CONSTANT.keep(msgid, Text(msgid))


def _n(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """Mark a message that depends on a count; `{n}` is the count unless given otherwise."""
    return Text.marked(singular, {"n": n, **params}, plural, n)


def N_(msgid: str) -> str:
    """Mark a msgid for the catalogue without making a message (tables of texts)."""
    return msgid


def joined(items: Iterable[str], sep: str = ", ", *, empty: str = "") -> str:
    """Items joined for a message; `empty` (usually a marked text) when there are none."""
    kept = list(items)
    return Joined(kept, sep) if kept else empty


def said(msgid: str) -> Text:
    """A msgid marked elsewhere with N_() as a message."""
    return Text(msgid)


def to_json(text: str) -> Any:
    """A message as plain JSON, for state that must say it again later (and in any language)."""
    if isinstance(text, Text):
        encoded: dict[str, Any] = {
            "msgid": text.msgid,
            "params": {k: to_json(v) if isinstance(v, str) else v for k, v in text.params.items()},
        }
        if text.plural is not None:
            encoded |= {"plural": text.plural, "n": text.n}
        return encoded
    if isinstance(text, Name):
        return {"name": dict(text.forms)}
    if isinstance(text, Joined):
        return {"join": [to_json(i) for i in text.items], "sep": text.sep}
    return str(text)


def from_json(data: Any) -> str:
    """The message to_json() wrote."""
    if isinstance(data, str):
        return data
    if "msgid" in data:
        params = {
            k: from_json(v) if isinstance(v, str | dict) else v for k, v in data["params"].items()
        }
        return Text(data["msgid"], params, data.get("plural"), data.get("n"))
    if "name" in data:
        return Name(data["name"])
    return Joined([from_json(i) for i in data["join"]], data["sep"])


def topic_names(
    keys: Iterable[str], polish: Mapping[str, str], commands: Iterable[str] = ()
) -> str:
    """A game's /rules topics listed in the reader's language: a command's topic as the command
    (`/build`), any other by its Polish name in `polish` (English key -> Polish), once each."""
    verbs = set(commands)
    return joined(
        Name({"en": key, "pl": f"/{key}" if key in verbs else polish.get(key, key)})
        for key in dict.fromkeys(keys)
    )
