"""The house rules, checked: data flows one way (corpus → indexes → tools → agent → ui), the sub-packages of
``indexes`` import only leftwards (base → sources → store → search | rules → tree → pipeline), and no module is
part of an import circle, counting imports inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("indexes", "tools", "agent", "ui", "evals")
# A module may import modules of its own layer or of a lower one.
LAYERS = {"indexes": 0, "tools": 1, "agent": 2, "evals": 3, "ui": 4}
INDEX_ROOMS = {"sources": 1, "store": 2, "search": 3, "rules": 3, "tree": 4, "pipeline": 5}  # base: 0


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in PACKAGES:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    targets.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                targets |= {a.name for a in node.names if a.name.split(".")[0] in PACKAGES}
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _rank(module: str) -> tuple[int, int]:
    parts = module.split(".")
    room = INDEX_ROOMS.get(parts[1], 0) if parts[0] == "indexes" and len(parts) > 2 else 0
    return LAYERS[parts[0]], room


def test_no_module_imports_a_higher_layer():
    graph = _imports(_modules())
    upward = [
        f"{source} -> {target}"
        for source, targets in graph.items()
        for target in targets
        if _rank(target) > _rank(source)
    ]
    assert upward == []


def test_no_import_circles():
    graph = _imports(_modules())
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append(path[path.index(target) :] + [target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


def test_the_checks_can_fail():
    """The rank order itself: a tool importing the agent, or the store importing search, would be caught."""
    assert _rank("agent.graph") > _rank("tools.registry")
    assert _rank("indexes.search.retrieval") > _rank("indexes.store.published_index")
    assert _rank("indexes.pipeline.ingest") > _rank("indexes.tree.retriever") > _rank("indexes.settings")
