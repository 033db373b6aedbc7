"""Keeping the catalogues in step with the code: `python -m bot.catalogue` extracts every marked
text of bot/ and games/ (Babel, configured in pyproject's [tool.babel]) into
bot/locales/paperref.pot and merges it into each language's .po; `missing()` is what the test
checks (a msgid without a translation, or with other placeholders than the English)."""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DOMAIN, LANGUAGES, catalogue_path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "games")
LOCALES = ROOT / "bot" / "locales"
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _keywords() -> dict[str, object]:
    """Babel's default keywords plus ours (`_n:1,2`), from pyproject's [tool.babel]."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["babel"]
    keywords: dict[str, object] = dict(DEFAULT_KEYWORDS)
    for spec in config["mappings"][0].get("keywords", "").split():
        name, _, args = spec.partition(":")
        keywords[name] = tuple(int(a) for a in args.split(",")) if args else None
    return keywords


def extract() -> Catalog:
    """Every marked text of the sources, with where it is used."""
    catalog = Catalog(project="paperref", domain=DOMAIN, fuzzy=False)
    keywords = _keywords()
    for source in SOURCES:
        found = extract_from_dir(
            ROOT / source,
            [("**.py", "python")],
            keywords=keywords,  # type: ignore[arg-type]
        )
        for filename, lineno, message, comments, context in found:
            catalog.add(
                message,
                None,
                [(f"{source}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def read(lang: str) -> Catalog:
    with (LOCALES.parent / catalogue_path(lang)).open("rb") as handle:
        return read_po(handle, locale=lang)


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def missing(lang: str) -> Iterator[str]:
    """Why the language's catalogue is incomplete: one line per msgid it lacks, leaves empty or
    marks fuzzy, or translates with other placeholders."""
    have = read(lang)
    for message in extract():
        key = message.id
        if not key:
            continue
        found = have.get(key)
        shown = str(key[0] if isinstance(key, tuple | list) else key)
        if found is None or found.fuzzy:
            yield f"{lang}: no translation of {shown!r}"
            continue
        string = found.string
        forms = (
            [str(f or "") for f in string] if isinstance(string, tuple | list) else [string or ""]
        )
        if not all(forms) or (isinstance(key, tuple) and len(forms) != have.num_plurals):
            yield f"{lang}: empty translation of {shown!r}"
            continue
        ids = [str(i) for i in key] if isinstance(key, tuple | list) else [shown]
        every = set.union(*(placeholders(i) for i in ids))  # a plural may drop {n} in one form
        common = set.intersection(*(placeholders(i) for i in ids))
        for form in forms:
            if not common <= placeholders(form) <= every:
                yield f"{lang}: placeholders of {form!r} differ from {shown!r}"


def update() -> None:
    """Write the template and merge it into every language's catalogue (new msgids untranslated)."""
    template = extract()
    LOCALES.mkdir(parents=True, exist_ok=True)
    with (LOCALES / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, template, width=100, omit_header=False, sort_output=False)
    for lang in LANGUAGES[1:]:
        path = LOCALES.parent / catalogue_path(lang)
        if path.exists():
            catalog = read(lang)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, project="paperref", domain=DOMAIN)
            for message in template:
                if message.id:
                    catalog.add(message.id, None, message.locations, context=message.context)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, ignore_obsolete=True, include_previous=False)


if __name__ == "__main__":
    update()
    problems = [line for lang in LANGUAGES[1:] for line in missing(lang)]
    print("\n".join(problems) or "every catalogue is complete")
    sys.exit(1 if problems else 0)
