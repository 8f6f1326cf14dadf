"""The import graph of `core/` and `hanatui/`: no circle, no private name across modules.

Every import statement counts, wherever it stands: module level, inside a function, under
`TYPE_CHECKING` (docs/architecture.md: no two modules reach each other). The walk reads the
sources with `ast`; nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "hanatui")


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the walked packages by its dotted name (a package by its own)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The module a `from` import names, a relative one resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _walked(name: str, modules: dict[str, Path]) -> str | None:
    """The longest walked module that ``name`` is or lies in."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports(modules: dict[str, Path]) -> tuple[dict[str, set[str]], list[str]]:
    """The arrows (module -> the walked modules it imports) and every private name one module
    imports from another ("a imports _name from b")."""
    graph: dict[str, set[str]] = {}
    private: list[str] = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    owner = _walked(alias.name, modules)
                    if owner:
                        targets.add(owner)
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(module, path.name == "__init__.py", node)
                source = _walked(base, modules)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    if sub in modules:  # `from package import submodule`
                        targets.add(sub)
                        continue
                    if source is None:
                        continue
                    targets.add(source)
                    # `_` alone is gettext's function by a convention every translator knows
                    hidden = alias.name.startswith("_") and alias.name != "_"
                    hidden = hidden and not alias.name.startswith("__")
                    if hidden and source != module:
                        private.append(f"{module} imports {alias.name} from {source}")
        targets.discard(module)
        graph[module] = targets
    return graph, private


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two modules or more (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, sorted(graph[start]))]
        while work:
            node, pending = work[-1]
            if pending:
                nxt = pending.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def arrows_within(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    members = set(component)
    return [f"{a} -> {b}" for a in component for b in sorted(graph[a]) if b in members]


@pytest.fixture(scope="module")
def walked() -> tuple[dict[str, set[str]], list[str]]:
    return imports(module_files())


def test_no_two_bots_modules_import_each_other_nor_a_private_name(walked):
    """The bots' part of the walk: no circle through a `hanatui.bots` module, no private name
    imported from or into one."""
    graph, private = walked
    found = [c for c in circles(graph) if any(m.startswith("hanatui.bots") for m in c)]
    assert not found, "import circles:\n" + "\n".join(
        "  " + "\n  ".join(arrows_within(c, graph)) for c in found
    )
    assert not [line for line in private if "hanatui.bots" in line]


def test_no_two_modules_import_each_other(walked):
    graph, _ = walked
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(
        "  " + ", ".join(c) + "\n    " + "\n    ".join(arrows_within(c, graph)) for c in found
    )


def test_no_module_imports_a_private_name_of_another(walked):
    _, private = walked
    assert not private, "private names imported across modules:\n  " + "\n  ".join(private)


def test_the_walk_sees_every_kind_of_import(tmp_path):
    """The walker itself: a circle made by a function-level import and a `TYPE_CHECKING` one,
    a relative import, and a private name imported across modules are all found."""
    pkg = tmp_path / "core"
    pkg.mkdir()
    (tmp_path / "hanatui").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from core.b import g\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
    )
    (pkg / "c.py").write_text("from core.a import _hidden\nimport core.d\n")
    (pkg / "d.py").write_text("")
    graph, private = imports(module_files(tmp_path))
    assert graph["core.a"] == {"core.b"} and graph["core.b"] == {"core.a"}
    assert graph["core.c"] == {"core.a", "core.d"}
    assert circles(graph) == [["core.a", "core.b"]]
    assert private == ["core.c imports _hidden from core.a"]


#: What each part may import (docs/architecture.md, and each part's docstring): a part not named
#: here, or an arrow not listed, fails the test below. ``hanatui`` is the top package itself
#: (`__version__`, `__main__`).
MAY_IMPORT: dict[str, set[str]] = {
    "core": set(),
    "store": {"core"},
    "text": {"core", "store"},
    "bots": {"core", "bots.fast"},
    "bots.fast": {"core", "bots"},
    "analysis": {"core", "bots", "store", "text"},
    "session": {"core", "store", "text", "bots", "hanatui"},
    "arena": {"core", "bots", "store", "text", "session"},
    "net": {"core", "store", "text", "bots", "session", "cli"},
    "app": {"core", "store", "text", "bots", "analysis", "session", "net"},
    "cli": {
        "core",
        "store",
        "text",
        "bots",
        "analysis",
        "session",
        "arena",
        "net",
        "app",
        "hanatui",
    },
    "hanatui": {"cli"},
}


def part_of(module: str) -> str:
    """The part a module belongs to: ``core``, a folder of ``hanatui`` (``bots.fast`` apart),
    or ``hanatui`` for the top package's own modules."""
    parts = module.split(".")
    if parts[0] == "core":
        return "core"
    if len(parts) == 1 or module in ("hanatui.__main__",):
        return "hanatui"
    if parts[1:3] == ["bots", "fast"]:
        return "bots.fast"
    return parts[1]


def test_each_part_imports_only_the_parts_it_may(walked):
    graph, _ = walked
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if part_of(target) != part_of(module)
        and part_of(target) not in MAY_IMPORT.get(part_of(module), set())
    )
    unknown = sorted({part_of(m) for m in graph} - set(MAY_IMPORT))
    assert not unknown, f"parts the architecture does not name: {unknown}"
    assert not wrong, "imports across parts that the architecture does not allow:\n  " + (
        "\n  ".join(wrong)
    )


def test_the_part_check_sees_a_forbidden_arrow():
    graph = {"hanatui.store.files": {"hanatui.app.app"}, "hanatui.app.app": set()}
    assert part_of("hanatui.bots.fast.leaf") == "bots.fast" and part_of("core.cards") == "core"
    wrong = [
        (m, t)
        for m, ts in graph.items()
        for t in ts
        if part_of(t) != part_of(m) and part_of(t) not in MAY_IMPORT[part_of(m)]
    ]
    assert wrong == [("hanatui.store.files", "hanatui.app.app")]
