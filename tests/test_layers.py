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
    "_engine.suits": {"exceptions", "_engine.checks"},
    "_engine.pure": set(),
    "_engine.pure.jobs": {"exceptions"},
    "_engine.pure.evaluate": {"cards", "exceptions", "values", "_engine.checks"},
    "_engine.pure.equity": {
        "cards",
        "exceptions",
        "_engine.checks",
        "_engine.programs",
        "_engine.pure.evaluate",
        "_engine.pure.jobs",
    },
    "_engine.pure.showdown": {
        "cards",
        "exceptions",
        "values",
        "_engine.checks",
        "_engine.pure.equity",
        "_engine.pure.evaluate",
        "_engine.pure.jobs",
    },
    "_engine.pure.strength": {
        "cards",
        "exceptions",
        "_engine.checks",
        "_engine.pure.equity",
        "_engine.pure.jobs",
        "_engine.pure.showdown",
    },
    "_engine.pure.river": {"exceptions", "_engine.checks", "_engine.pure.evaluate", "_engine.pure.jobs"},
    "_engine.pure.street": {
        "exceptions",
        "_engine.checks",
        "_engine.pure.evaluate",
        "_engine.pure.jobs",
        "_engine.pure.river",
    },
    "_engine.pure.holdings": {"values", "_engine.checks", "_engine.pure.evaluate"},
    "_engine.pure.suits": {"cards", "_engine.checks", "_engine.suits"},
    "_engine.core_py": {
        "_engine.checks",
        "_engine.pure.evaluate",
        "_engine.pure.equity",
        "_engine.pure.showdown",
        "_engine.pure.strength",
        "_engine.pure.suits",
        "_engine.pure.river",
        "_engine.pure.street",
        "_engine.pure.holdings",
    },
    "_engine.core_c": {"cards", "exceptions", "_engine.checks", "_engine.programs", "_engine.suits"},
    "_engine": {"_engine.checks", "_engine.programs", "_engine.core_c", "_engine.core_py"},
    "hands": {"_engine", "cards", "exceptions", "values"},
    "pots": {"_engine", "cards", "exceptions", "hands"},
    "rangestring": {"exceptions"},
    "tablefile": {"exceptions"},
    "ranges": {"_engine", "cards", "exceptions", "rangestring", "tablefile"},
    "jobs": {"_engine", "cards", "exceptions"},
    "potfraction": {"cards", "exceptions"},
    "sweep": {"_engine", "cards", "exceptions", "jobs", "ranges"},
    "equity": {"_engine", "cards", "exceptions", "jobs", "ranges"},
    "game": {"_engine", "cards", "exceptions", "pots"},
    "history.record": {"_engine", "cards", "exceptions", "game", "pots", "equity"},
    "history.reading": {"cards", "exceptions", "game", "history.record"},
    "history.pokerstars": {"exceptions", "game", "history.reading", "history.record"},
    "history.phh": {"cards", "exceptions", "game", "history.record"},
    "history.winamax": {"exceptions", "history.reading", "history.record"},
    "history.winning": {"exceptions", "history.reading", "history.record"},
    "history.bovada": {"exceptions", "history.reading", "history.record"},
    "history.kingsclub": {"exceptions", "history.reading", "history.record"},
    "history.party": {"exceptions", "history.reading", "history.record"},
    "history.fulltilt": {"exceptions", "history.reading", "history.record"},
    "history.ongame": {"exceptions", "history.reading", "history.record"},
    "history.cake": {"exceptions", "history.reading", "history.record"},
    "history.absolute": {"exceptions", "history.reading", "history.record"},
    "history.pkr": {"exceptions", "history.reading", "history.record"},
    "history.xmldoc": {"exceptions"},
    "history.merge": {"exceptions", "history.reading", "history.record", "history.xmldoc"},
    "history.boss": {"exceptions", "history.reading", "history.record", "history.xmldoc"},
    "history.microgaming": {"exceptions", "history.reading", "history.record", "history.xmldoc"},
    "history.formats": {
        "exceptions",
        "history.pokerstars",
        "history.winamax",
        "history.winning",
        "history.bovada",
        "history.kingsclub",
        "history.party",
        "history.fulltilt",
        "history.ongame",
        "history.cake",
        "history.absolute",
        "history.pkr",
        "history.merge",
        "history.boss",
        "history.microgaming",
        "history.reading",
        "history.record",
    },
    "history": {"exceptions", "history.record", "history.formats", "history.pokerstars", "history.phh"},
    "isomorphism": {"_engine", "cards", "exceptions"},
    "features": {"_engine", "_version", "cards", "equity", "exceptions", "isomorphism", "jobs", "ranges", "sweep"},
    "tables": {"_engine", "_version", "cards", "equity", "exceptions", "isomorphism", "jobs", "ranges", "tablefile"},
    "sizes": {"cards", "exceptions", "potfraction"},
    "spotinput": {"_engine", "cards", "exceptions", "ranges"},
    "solutionfile": {"cards", "exceptions"},
    "streettree": {"_engine", "cards", "exceptions", "sizes"},
    "reports": {"_engine", "cards", "exceptions", "hands", "values"},
    "viewer": {"cards", "exceptions", "reports", "solutionfile"},
    "solver": {
        "_engine",
        "cards",
        "equity",
        "exceptions",
        "jobs",
        "potfraction",
        "ranges",
        "reports",
        "sizes",
        "solutionfile",
        "spotinput",
        "sweep",
        "viewer",
    },
    "streetsolver": {
        "_engine",
        "cards",
        "exceptions",
        "jobs",
        "reports",
        "sizes",
        "solutionfile",
        "spotinput",
        "streettree",
        "viewer",
    },
    "analysis": {"_engine", "cards", "equity", "exceptions", "hands", "ranges", "values"},
    "library": {"cards", "exceptions", "isomorphism", "reports", "solver", "spotinput", "streetsolver"},
    "adapters.abstraction": {"cards", "exceptions", "game", "potfraction"},
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
    "streetsolver",
    "values",
    "analysis",
    "potfraction",
    "reports",
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


def _included(path: Path) -> list[Path]:
    """The .pxi files a Cython module includes, in order (an include of an include too)."""
    out = []
    for name in re.findall(r'^include "([^"]+)"', path.read_text(encoding="utf-8"), re.M):
        included = path.parent / name
        out += [included] + _included(included)
    return out


_CYTHON_IMPORT = re.compile(r"^from (\.+)(\w*(?:\.\w+)*) c?import \(?([\w, ]+(?: as \w+)?)", re.M)


def _imports(module: str) -> list[tuple[str, list[str]]]:
    """(omaha8 module, names taken from it) for each relative import of a module; for
    ``from . import x`` the module x with no names. A .pyx is read with every .pxi it includes."""
    path = _path(module)
    out = []
    if path.suffix == ".pyx":
        for source in [path] + _included(path):
            for match in _CYTHON_IMPORT.finditer(source.read_text(encoding="utf-8")):
                dots, name, names = match.groups()
                base = _resolve(module, len(dots), name or None)
                taken = [n.split(" as ")[0].strip() for n in names.split(",") if n.strip()]
                if name:
                    out.append((base, taken))
                else:
                    out += [(_resolve(module, len(dots), n), []) for n in taken]
        return out
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            if node.module is None:
                out += [(_resolve(module, node.level, alias.name), []) for alias in node.names]
            else:
                out.append((_resolve(module, node.level, node.module), [alias.name for alias in node.names]))
    return out


def test_the_included_files_imports_are_read():
    """A relative import inside a .pxi counts for the module that includes it (suits_c.pxi
    imports the indexer's plan)."""
    pxi = sorted(p.name for p in (SOURCE / "_engine").glob("*.pxi"))
    assert sorted(p.name for p in _included(_path("_engine.core_c"))) == pxi
    assert any(used == "_engine.suits" for used, _ in _imports("_engine.core_c"))


def test_each_compiled_file_names_its_pure_twin():
    """The first line of core_c.pyx and of each .pxi it includes names the pure module that
    does the same work the plain way; that module exists and names its C twin back."""
    core = _path("_engine.core_c")
    for source in [core] + _included(core):
        first = source.read_text(encoding="utf-8").splitlines()[0]
        match = re.fullmatch(r"# Pure twin: omaha8/(\S+\.py)", first)
        assert match, f"{source.name} starts with {first!r}, not '# Pure twin: omaha8/...py'"
        twin = SOURCE / match.group(1)
        assert twin.is_file(), f"{source.name} names {match.group(1)}, which does not exist"
        assert source.name in twin.read_text(encoding="utf-8"), f"{twin.name} does not name {source.name}"


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
        if not names or (module.startswith("_engine") and used.startswith("_engine.")):
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


MAP_BEGIN = "<!-- the map: generated by `python tests/test_layers.py` from MAY_USE; do not edit -->"
MAP_END = "<!-- end of the map -->"


def _file_of(module: str) -> str:
    if module in ("__init__", "__main__"):
        return f"{module}.py"
    path = _path(module)
    relative = path.relative_to(SOURCE).as_posix()
    return relative[: -len("__init__.py")] if path.name == "__init__.py" else relative


def _summary(module: str) -> str:
    """The first sentence of a module's docstring: what the module says it holds."""
    text = _path(module).read_text(encoding="utf-8")
    match = re.search(r'^(?:#[^\n]*\n|\s)*(?:[rR]?)"""(.*?)"""', text, re.S)
    assert match, f"{module} has no docstring to describe it on the map"
    words = " ".join(match.group(1).split())
    sentence = re.split(r"(?<=\.)\s", words, maxsplit=1)[0].rstrip(".")
    return sentence.replace("|", "\\|")


def _layer(module: str, seen: Optional[dict] = None) -> int:
    """0 for a module that uses no other, else one above the highest it uses."""
    seen = {} if seen is None else seen
    if module not in seen:
        seen[module] = 1 + max((_layer(used, seen) for used in MAY_USE[module]), default=-1)
    return seen[module]


def architecture_map() -> str:
    """ARCHITECTURE.md's map: every module, top layer first, with what it says it holds and
    what it may use, from MAY_USE and the modules' own docstrings."""
    rows = sorted(MAY_USE, key=lambda m: (-_layer(m), _file_of(m)))
    lines = [MAP_BEGIN, "", "| layer | module | what it holds | may use |", "|---:|---|---|---|"]
    for module in rows:
        uses = ", ".join(f"`{_file_of(u)}`" for u in sorted(MAY_USE[module], key=_file_of)) or "nothing"
        below = {m for m in MAY_USE if _layer(m) < _layer(module)}
        if len(MAY_USE[module]) > 12:  # the package's face: say what it leaves out
            left_out = sorted(below - MAY_USE[module], key=_file_of)
            uses = "every module below but " + ", ".join(f"`{_file_of(m)}`" for m in left_out)
        lines.append(f"| {_layer(module)} | `{_file_of(module)}` | {_summary(module)} | {uses} |")
    core = _path("_engine.core_c")
    lines += [
        "",
        "The compiled engine, `_engine/core_c.pyx`, and the files it includes, each beside its pure twin:",
        "",
    ]
    lines += ["| compiled | pure twin |", "|---|---|"]
    for source in [core] + _included(core):
        first = source.read_text(encoding="utf-8").splitlines()[0]
        twin = first.split("omaha8/", 1)[-1]
        lines.append(f"| `{source.relative_to(SOURCE).as_posix()}` | `{twin}` |")
    return "\n".join(lines + ["", MAP_END])


def _written_map(text: str) -> str:
    start, end = text.find(MAP_BEGIN), text.find(MAP_END)
    return text[start : end + len(MAP_END)] if 0 <= start < end else ""


def test_the_architecture_page_is_the_map():
    """One source of truth: the page's map is what MAY_USE and the docstrings say. After
    changing either, ``python tests/test_layers.py`` rewrites it."""
    if not ARCHITECTURE.is_file():
        pytest.skip("not run from a checkout")
    written = _written_map(ARCHITECTURE.read_text(encoding="utf-8"))
    assert written, f"ARCHITECTURE.md has no map between {MAP_BEGIN!r} and {MAP_END!r}"
    assert written == architecture_map(), "ARCHITECTURE.md's map is stale: run python tests/test_layers.py"


# A module's tests live in tests/test_<its name>.py; these are tested where their public face is.
TESTED_IN = {
    "__init__": "test_implementation.py",  # which engine is live, the typed public API
    "__main__": "test_cli.py",
    "_version": "test_cli.py",  # omaha8 --version
    "_engine": "test_implementation.py",  # the selector
    "_engine.checks": "test_engine.py",  # both engines read their arguments through it
    "_engine.core_c": "test_engine.py",
    "_engine.core_py": "test_engine.py",
    "_engine.pure": "test_engine.py",
    "_engine.pure.holdings": "test_analysis.py",
    "_engine.pure.river": "test_solver.py",
    "_engine.pure.street": "test_streetsolver.py",
    "spotinput": "test_solver.py",
    "solutionfile": "test_solver.py",  # the river solution's files; test_streetsolver.py the street's
    "_engine.pure.showdown": "test_sweep.py",
    "_engine.pure.strength": "test_features.py",
    "_engine.pure.suits": "test_isomorphism.py",
    "_engine.suits": "test_isomorphism.py",
    "adapters": "test_abstraction.py",
    "history": "test_record.py",
}


def test_each_module_has_a_test_file_named_after_it():
    tests = Path(__file__).resolve().parent
    for module in MAY_USE:
        name = TESTED_IN.get(module, f"test_{module.split('.')[-1]}.py")
        assert (tests / name).is_file(), f"{module}'s tests belong in tests/{name}, which does not exist"
    assert set(TESTED_IN) <= set(MAY_USE), set(TESTED_IN) - set(MAY_USE)


def test_the_layers_have_no_cycle():
    for module in MAY_USE:
        assert module not in MAY_USE[module], module
        assert all(_layer(used) < _layer(module) for used in MAY_USE[module]), module


if __name__ == "__main__":
    page = ARCHITECTURE.read_text(encoding="utf-8")
    old = _written_map(page)
    if not old:
        raise SystemExit(f"ARCHITECTURE.md has no map between {MAP_BEGIN!r} and {MAP_END!r}")
    ARCHITECTURE.write_text(page.replace(old, architecture_map()), encoding="utf-8")
    print("ARCHITECTURE.md: the map rewritten")
