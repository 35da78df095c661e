"""The layer map of ARCHITECTURE.md, checked on the source: each module imports only the
modules it may use, only their public names (``__all__``), and touches no other module's or
object's ``_private`` names."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Optional

import pytest

import omaha8

SOURCE = Path(omaha8.__file__).resolve().parent
ARCHITECTURE = Path(__file__).resolve().parent.parent / "ARCHITECTURE.md"  # the checkout's

# module: the omaha8 modules it may import. Dotted names inside a package; "_engine" is the
# engine's public face (its __init__), which is all the layers above may use.
MAY_USE = {
    "exceptions": set(),
    "_version": set(),
    "cards": {"exceptions"},
    "values": {"cards", "exceptions"},
    "_engine.programs": {"exceptions"},
    "_engine.checks": {"cards", "exceptions", "_engine.programs"},
    "_engine.suits": {"cards", "exceptions", "_engine.checks"},
    "_engine.core_py": {"cards", "exceptions", "values", "_engine.checks", "_engine.programs", "_engine.suits"},
    "_engine.core_c": {"cards", "exceptions", "_engine.checks", "_engine.programs", "_engine.suits"},
    "_engine": {"_engine.checks", "_engine.programs", "_engine.core_c", "_engine.core_py"},
    "hands": {"_engine", "cards", "exceptions", "values"},
    "pots": {"_engine", "cards", "exceptions", "hands"},
    "rangestring": {"exceptions"},
    "tablefile": {"exceptions"},
    "ranges": {"_engine", "cards", "exceptions", "rangestring", "tablefile"},
    "jobs": {"_engine", "cards", "exceptions"},
    "sweep": {"_engine", "cards", "exceptions", "jobs", "ranges"},
    "equity": {"_engine", "cards", "exceptions", "jobs", "ranges"},
    "game": {"_engine", "cards", "exceptions", "pots"},
    "history.record": {"cards", "exceptions", "game", "pots", "equity"},
    "history.pokerstars": {"cards", "exceptions", "game", "history.record"},
    "history.phh": {"cards", "exceptions", "game", "history.record"},
    "history": {"exceptions", "history.record", "history.pokerstars", "history.phh"},
    "isomorphism": {"_engine", "cards", "exceptions"},
    "features": {"_engine", "_version", "cards", "equity", "exceptions", "isomorphism", "jobs", "ranges", "sweep"},
    "tables": {"_engine", "_version", "cards", "equity", "exceptions", "isomorphism", "jobs", "ranges", "tablefile"},
    "solver": {"_engine", "cards", "equity", "exceptions", "jobs", "ranges", "sweep"},
    "analysis": {"_engine", "cards", "equity", "exceptions", "hands", "ranges", "values"},
    "adapters.abstraction": {"cards", "exceptions", "game"},
    "adapters.openspiel": {"adapters.abstraction", "cards", "exceptions", "game", "ranges"},
    "adapters.pettingzoo": {"adapters.abstraction", "cards", "exceptions", "game"},
    "adapters": set(),
}
# The command line is the top: it may use every layer's public names.
MAY_USE["cli"] = {
    "_engine",
    "exceptions",
    "cards",
    "equity",
    "hands",
    "pots",
    "ranges",
    "sweep",
    "tables",
    "history",
    "_version",
    "isomorphism",
    "features",
    "solver",
    "values",
    "analysis",
}
MAY_USE["__init__"] = set(MAY_USE) - {
    "cli",
    "adapters",
    "adapters.abstraction",
    "adapters.openspiel",
    "adapters.pettingzoo",
}
MAY_USE["__main__"] = {"cli"}
# The underscored helpers a framework documents for the environments written on it to call.
FRAMEWORK_HELPERS = {"adapters.pettingzoo": ("_accumulate_rewards", "_deads_step_first", "_was_dead_step")}


def _path(module: str) -> Path:
    base = SOURCE.joinpath(*module.split("."))
    for candidate in (base / "__init__.py", base.with_suffix(".py"), base.with_suffix(".pyx")):
        if candidate.is_file():
            return candidate
    raise AssertionError(f"no source for {module}")


def _package_of(module: str) -> str:
    """The package a module's relative imports start from."""
    path = _path(module)
    parts = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    return ".".join(part for part in parts if part != "__init__")


def _resolve(module: str, level: int, name: Optional[str]) -> str:
    package = _package_of(module).split(".") if _package_of(module) else []
    base = package[: len(package) - (level - 1)] if level > 1 else package
    return ".".join(base + ([name] if name else []))


def _imports(module: str) -> list[tuple[str, list[str]]]:
    """(omaha8 module, names taken from it) for each relative import of a module; for
    ``from . import x`` the module x with no names."""
    path = _path(module)
    out = []
    if path.suffix == ".pyx":
        for match in re.finditer(
            r"^(?:from (\.+)(\w*(?:\.\w+)*) c?import ([\w, ]+(?: as \w+)?))", path.read_text(), re.M
        ):
            dots, name, names = match.groups()
            base = _resolve(module, len(dots), name or None)
            if name:
                out.append((base, [n.split(" as ")[0].strip() for n in names.split(",")]))
            else:
                out += [(_resolve(module, len(dots), n.split(" as ")[0].strip()), []) for n in names.split(",")]
        return out
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            if node.module is None:
                out += [(_resolve(module, node.level, alias.name), []) for alias in node.names]
            else:
                out.append((_resolve(module, node.level, node.module), [alias.name for alias in node.names]))
    return out


def test_every_module_is_on_the_map():
    found = set()
    for path in SOURCE.rglob("*.py"):
        relative = path.relative_to(SOURCE).with_suffix("")
        found.add(
            ".".join(relative.parts[:-1])
            if relative.name == "__init__" and relative.parts[:-1]
            else ".".join(relative.parts)
        )
    found |= {".".join(p.relative_to(SOURCE).with_suffix("").parts) for p in SOURCE.rglob("*.pyx")}
    assert found == set(MAY_USE)


@pytest.mark.parametrize("module", sorted(MAY_USE))
def test_each_module_uses_only_the_public_names_of_the_modules_it_may_use(module):
    for used, names in _imports(module):
        assert used in MAY_USE[module], f"{module} imports {used}"
        if not names or module.startswith("_engine") and used.startswith("_engine."):
            continue  # inside the engine, its modules share their names freely
        if module == "__main__":
            continue  # the entry point
        below = __import__(f"omaha8.{used}", fromlist=["__all__"])
        for name in names:
            assert name in below.__all__, f"{module} imports {name} from {used}, which is not in its __all__"


@pytest.mark.parametrize("module", sorted(m for m in MAY_USE if _path(m).suffix == ".py"))
def test_no_module_reads_another_ones_private_names(module):
    """``x._name`` only for names this module defines itself (its own classes' fields), and
    never a private name of another omaha8 module."""
    tree = ast.parse(_path(module).read_text(encoding="utf-8"))
    modules = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level and node.module is None
        for alias in node.names
    }
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in modules:
            raise AssertionError(f"{module} line {node.lineno} reads {node.value.id}.{node.attr}")
        assert (
            node.attr in own
            or node.attr in ("_replace", "_fields", "_asdict", "_make")
            or node.attr in FRAMEWORK_HELPERS.get(module, ())
        ), f"{module} line {node.lineno} reads another module's private name .{node.attr}"


def test_the_architecture_page_names_every_module():
    if not ARCHITECTURE.is_file():
        pytest.skip("not run from a checkout")
    text = ARCHITECTURE.read_text(encoding="utf-8")
    for module in MAY_USE:
        if module not in ("__init__", "__main__"):
            shown = module.replace(".", "/").split("/")[-1]
            assert re.search(rf"\b{re.escape(shown)}(\.py|\.pyx|/)", text), f"ARCHITECTURE.md does not name {module}"
