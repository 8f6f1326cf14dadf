"""Walk the import statements of the project's packages and find circles.

A reusable helper, not a test: it reads each module's source with `ast` (nothing is imported)
and records an arrow for every `import`/`from ... import` that names a module of the walked
packages -- module-level, function-level and `TYPE_CHECKING` imports alike. `circles()` returns
the strongly connected components of more than one module (or a module importing itself).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "hanatui")


def module_files(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from` import names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The longest walked module that `name` is, or lies in."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The walked modules one module imports, by any import statement anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                owner = _owner(alias.name, modules)
                if owner:
                    targets.add(owner)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            for alias in node.names:
                # `from pkg import sub` imports the submodule when there is one.
                owner = _owner(f"{base}.{alias.name}", modules) or _owner(base, modules)
                if owner:
                    targets.add(owner)
    targets.discard(module)
    return targets


def import_graph(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> dict[str, set[str]]:
    """Module -> the walked modules it imports."""
    modules = module_files(root, packages)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of the graph, each sorted, iteratively (no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, pending = work[-1]
            if pending:
                nxt = pending.pop()
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def circles(graph: dict[str, set[str]] | None = None) -> list[list[str]]:
    """The components that are circles: two or more modules, or one importing itself."""
    graph = import_graph() if graph is None else graph
    return sorted(
        (c for c in strongly_connected(graph) if len(c) > 1 or c[0] in graph[c[0]]),
        key=lambda c: (-len(c), c),
    )


def cycle_edges(component: list[str], graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The arrows inside one component, to read which imports make the circle."""
    members = set(component)
    return sorted((a, b) for a in component for b in graph[a] if b in members)


if __name__ == "__main__":
    g = import_graph()
    for component in circles(g):
        print(f"{len(component)} modules:")
        for a, b in cycle_edges(component, g):
            print(f"  {a} -> {b}")
