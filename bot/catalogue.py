"""Keeping the catalogues in step with the code: `python -m bot.catalogue [DOMAIN ...]` extracts
the marked texts (Babel, keywords from pyproject's [tool.babel]) and merges them into each
language's .po; `missing()` is what the test checks (a msgid without a translation, or with other
placeholders than the English).

There is one catalogue per domain, so each game keeps its own beside its code (a new game is a
new package and nothing else): `paperref` holds bot/ and the core of games/ (its top-level
modules) in bot/locales/<lang>/LC_MESSAGES/paperref.po; each registered game package holds its
own texts, less those the core already has, in games/<key>/locales/<lang>.po.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import CORE_DOMAIN, LANGUAGES, catalogue_files

ROOT = Path(__file__).resolve().parent.parent
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


@dataclass(frozen=True)
class Domain:
    """One catalogue: where its texts are marked (directory, Babel pattern) and where it lives."""

    name: str
    sources: tuple[tuple[Path, str], ...]

    def path(self, lang: str) -> Path:
        return dict(catalogue_files(lang))[self.name]


def domains() -> list[Domain]:
    """The core first (its msgids are left out of the games'), then each registered game."""
    found = [Domain(CORE_DOMAIN, ((ROOT / "bot", "**.py"), (ROOT / "games", "*.py")))]
    for key, path in catalogue_files(LANGUAGES[0]):
        if key != CORE_DOMAIN:
            found.append(Domain(key, ((path.parent.parent, "**.py"),)))
    return found


def _keywords() -> dict[str, object]:
    """Babel's default keywords plus ours (`_n:1,2`), from pyproject's [tool.babel]."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["babel"]
    keywords: dict[str, object] = dict(DEFAULT_KEYWORDS)
    for spec in config["mappings"][0].get("keywords", "").split():
        name, _, args = spec.partition(":")
        keywords[name] = tuple(int(a) for a in args.split(",")) if args else None
    return keywords


def _extract(domain: Domain, skip: Catalog | None = None) -> Catalog:
    catalog = Catalog(project="paperref", domain=domain.name, fuzzy=False)
    keywords = _keywords()
    for directory, pattern in domain.sources:
        found = extract_from_dir(
            directory,
            [(pattern, "python")],
            keywords=keywords,  # type: ignore[arg-type]
        )
        for filename, lineno, message, comments, context in found:
            key = message[0] if isinstance(message, tuple | list) else message
            if skip is not None and skip.get(key) is not None:
                continue
            where = (directory / filename).relative_to(ROOT).as_posix()
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def extract_domains() -> dict[str, Catalog]:
    """Each domain's marked texts, with where they are used."""
    core, *games = domains()
    out = {core.name: _extract(core)}
    for domain in games:
        out[domain.name] = _extract(domain, skip=out[core.name])
    return out


def _merged(catalogs: dict[str, Catalog], lang: str | None = None) -> Catalog:
    merged = Catalog(locale=lang, project="paperref", fuzzy=False)
    for catalog in catalogs.values():
        for message in catalog:
            if message.id and merged.get(message.id) is None:
                merged[message.id] = message
    return merged


def extract() -> Catalog:
    """Every marked text of every domain in one catalogue."""
    return _merged(extract_domains())


def _read_file(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def read(lang: str) -> Catalog:
    """A language's translations of every domain in one catalogue."""
    files = {d.name: d.path(lang) for d in domains()}
    return _merged({k: _read_file(p, lang) for k, p in files.items() if p.exists()}, lang)


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def missing(lang: str) -> Iterator[str]:
    """Why the language's catalogues are incomplete: one line per msgid they lack, leave empty or
    mark fuzzy, or translate with other placeholders."""
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


def update(names: list[str] | None = None) -> None:
    """Write each domain's template and merge it into every language's catalogue; a msgid new to a
    domain takes a translation another domain already has (texts move between domains with
    their translations), else stays untranslated."""
    templates = extract_domains()
    known = {lang: read(lang) for lang in LANGUAGES[1:]}  # before any domain drops a moved text
    for domain in domains():
        if names and domain.name not in names:
            continue
        template = templates[domain.name]
        if domain.name == CORE_DOMAIN:
            with (ROOT / "bot" / "locales" / f"{CORE_DOMAIN}.pot").open("wb") as handle:
                write_po(handle, template, width=100, omit_header=False, sort_output=False)
        for lang in LANGUAGES[1:]:
            path = domain.path(lang)
            if path.exists():
                catalog = _read_file(path, lang)
                catalog.update(template, no_fuzzy_matching=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(locale=lang, project="paperref", domain=domain.name)
                for message in template:
                    if message.id:
                        catalog.add(message.id, None, message.locations, context=message.context)
            for message in catalog:
                before = known[lang].get(message.id) if message.id else None
                string = message.string
                empty = not any(string) if isinstance(string, tuple | list) else not string
                if empty and before is not None and not before.fuzzy:
                    message.string = before.string
            with path.open("wb") as handle:
                write_po(handle, catalog, width=100, ignore_obsolete=True, include_previous=False)


if __name__ == "__main__":
    update(sys.argv[1:])
    problems = [line for lang in LANGUAGES[1:] for line in missing(lang)]
    print("\n".join(problems) or "every catalogue is complete")
    sys.exit(1 if problems else 0)
