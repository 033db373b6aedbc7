"""The package arrows point one way: games import neither bot nor storage, storage imports neither
bot nor games, no game package imports another, and bot/ has no import cycle."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGES = sorted(p.parent.name for p in (ROOT / "games").glob("*/__init__.py"))
"""Every package under games/ is one game's (gotown, papertown, ...)."""


def _module_name(path: Path, root: Path = ROOT) -> str:
    name = ".".join(path.relative_to(root).with_suffix("").parts)
    return name.removesuffix(".__init__")


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Every module an import in this file names, relative imports made absolute."""
    package = _module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def crossings(folder: Path, forbidden: tuple[str, ...], root: Path = ROOT) -> list[str]:
    """'file imports module' for each import under `folder` of a forbidden package (or below)."""
    return sorted(
        f"{path.relative_to(root)} imports {module}"
        for path in folder.rglob("*.py")
        for module in imported(path, root)
        if any(module == package or module.startswith(f"{package}.") for package in forbidden)
    )


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of `package` and the modules of `package` it imports (at any depth)."""
    files = {_module_name(p): p for p in (ROOT / package).rglob("*.py")}
    return {
        name: {module for module in imported(path) if module in files} - {name}
        for name, path in files.items()
    }


def test_bot_has_no_import_cycle() -> None:
    graph = import_graph("bot")
    assert len(graph) > 20
    order = list(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError
    assert set(order) == set(graph)


def test_games_import_neither_bot_nor_storage() -> None:
    assert crossings(ROOT / "games", ("bot", "storage")) == []


def test_storage_imports_neither_bot_nor_games() -> None:
    assert crossings(ROOT / "storage", ("bot", "games")) == []


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_no_game_imports_another(game: str) -> None:
    others = tuple(f"games.{other}" for other in GAME_PACKAGES if other != game)
    assert crossings(ROOT / "games" / game, others) == []


def test_every_game_package_is_a_registered_game() -> None:
    from games.registry import GAMES

    shipped = {package for package in GAMES.values() if package.startswith("games.")}
    assert {f"games.{game}" for game in GAME_PACKAGES} == shipped
    assert len(shipped) == 5


def test_the_checks_see_every_way_to_import(tmp_path: Path) -> None:
    """A crossing is found whether written `import`, `from ... import` or relative."""
    games = tmp_path / "games" / "gotown"
    games.mkdir(parents=True)
    (tmp_path / "games" / "__init__.py").write_text("")
    (games / "__init__.py").write_text("")
    (games / "a.py").write_text("import bot.referee\n")
    (games / "b.py").write_text("from storage import hot\n")
    (games / "c.py").write_text("from ..papertown import scoring\n")
    (games / "d.py").write_text("import bottle\nfrom games.base import Move\nfrom . import a\n")
    found = crossings(tmp_path / "games", ("bot", "storage", "games.papertown"), tmp_path)
    assert found == [
        "games/gotown/a.py imports bot.referee",
        "games/gotown/b.py imports storage",
        "games/gotown/b.py imports storage.hot",
        "games/gotown/c.py imports games.papertown",
        "games/gotown/c.py imports games.papertown.scoring",
    ]
