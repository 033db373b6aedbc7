"""The package arrows point one way: no import cycle inside bot/, games import neither bot nor storage."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of `package` and the modules of `package` it imports (at any depth)."""
    files = {_module_name(p): p for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    if sub in files:
                        deps.add(sub)
                    elif node.module in files:
                        deps.add(node.module)
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in files)
        graph[name] = deps - {name}
    return graph


def test_bot_has_no_import_cycle() -> None:
    graph = import_graph("bot")
    assert len(graph) > 20
    order = list(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError
    assert set(order) == set(graph)


def test_games_import_neither_bot_nor_storage() -> None:
    for path in (ROOT / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for module in modules:
                assert not module.startswith(("bot", "storage")), f"{path} imports {module}"
