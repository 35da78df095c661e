"""The compiled core's typed stub, ``omaha8/_engine/core_c.pyi``, held to the engines it describes
so that it cannot drift from them. The stub is read with ``ast``, never imported: its public names
are the engine API (``core_py.__all__``, also its ``__all__``) and the few names the compiled core
alone has; every function's and method's parameters (names, kinds, defaults) are the pure
engine's and, where the compiled core shows a signature, the compiled core's; its properties are
data both engines' objects have. Last, mypy given the stub finds a caller's mistakes with the
compiled core, so the stub is the one it reads."""

from __future__ import annotations

import ast
import inspect
import re
import site
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType, WrapperDescriptorType
from typing import Any, Optional

import pytest

import omaha8
from omaha8._engine import TALLY_LISTS, core_py
from omaha8._engine.pure.jobs import TaskedJob as PureTaskedJob

STUB = Path(core_py.__file__).with_name("core_c.pyi")
# The directory holding the package under test, where mypy is to find omaha8 and the stub beside
# core_c's build: src/ in a checkout, or site-packages, which mypy reads of itself (and refuses in
# MYPYPATH), where omaha8 is installed.
PACKAGE_ROOT = Path(omaha8.__file__).resolve().parent.parent
INSTALLED = str(PACKAGE_ROOT) in {str(Path(path).resolve()) for path in site.getsitepackages()}

# The stub declares these beyond the engine API, because code outside the API reads them from the
# compiled core. TaskedJob: the base the jobs inherit run, done, stop, total, workers and tasks
# from (the pure engine's twin, pure/jobs.py, is held to it too). CAPACITY and TABLE_BYTES: the
# build's limits and the bytes of its tables. low_table, high_row and pair_index: views of the
# compiled tables that the tests of the core check value by value.
COMPILED_EXTRAS = ("TaskedJob", "CAPACITY", "TABLE_BYTES", "low_table", "high_row", "pair_index")
EXTRA_FUNCTIONS = ("low_table", "high_row", "pair_index")

API_FUNCTIONS = [name for name in core_py.__all__ if inspect.isfunction(getattr(core_py, name))]
# Each class of the stub and its pure twin: the API's, and the job base behind them.
PURE_CLASSES: dict[str, type] = {name: getattr(core_py, name) for name in core_py.__all__ if name not in API_FUNCTIONS}
PURE_CLASSES["TaskedJob"] = PureTaskedJob

# A parameter as a caller sees it: its name, its kind (inspect.Parameter.kind's name) and its
# default as source text (None: it has none). Annotations are the stub's own business.
Parameter = tuple[str, str, Optional[str]]
Signature = tuple[Parameter, ...]


@dataclass
class StubFunction:
    """A function or method of the stub: one signature, or one per ``@overload``."""

    signatures: list[Signature] = field(default_factory=list)


@dataclass
class StubClass:
    bases: list[str]
    methods: dict[str, StubFunction]
    # Properties and annotated attributes (a TypedDict's fields), in the order declared.
    data: list[str]


@dataclass
class Stub:
    names_in_all: list[str]
    functions: dict[str, StubFunction]
    classes: dict[str, StubClass]
    constants: dict[str, str]  # annotated module attributes: their annotation's source

    @property
    def public(self) -> set[str]:
        declared = set(self.functions) | set(self.classes) | set(self.constants)
        return {name for name in declared if not name.startswith("_")}

    def members(self, name: str) -> tuple[dict[str, StubFunction], set[str]]:
        """A class's methods and data, those of its bases in the stub included (a subclass's own
        win), as a type checker sees them."""
        cls = self.classes[name]
        methods: dict[str, StubFunction] = {}
        data: set[str] = set()
        for base in cls.bases:
            if base in self.classes:
                base_methods, base_data = self.members(base)
                methods.update(base_methods)
                data |= base_data
        methods.update(cls.methods)
        return methods, data | set(cls.data)


def _source(node: Optional[ast.expr]) -> Optional[str]:
    return None if node is None else ast.unparse(node)


def _signature(node: ast.FunctionDef) -> Signature:
    arguments = node.args
    positional = arguments.posonlyargs + arguments.args
    # Defaults belong to the last positional parameters.
    defaults: list[Optional[ast.expr]] = [None] * (len(positional) - len(arguments.defaults))
    defaults += arguments.defaults
    out: list[Parameter] = []
    for index, (argument, default) in enumerate(zip(positional, defaults)):
        kind = "POSITIONAL_ONLY" if index < len(arguments.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        out.append((argument.arg, kind, _source(default)))
    if arguments.vararg:
        out.append((arguments.vararg.arg, "VAR_POSITIONAL", None))
    for argument, keyword_default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        out.append((argument.arg, "KEYWORD_ONLY", _source(keyword_default)))
    if arguments.kwarg:
        out.append((arguments.kwarg.arg, "VAR_KEYWORD", None))
    return tuple(out)


def _decorated(node: ast.FunctionDef, name: str) -> bool:
    return any(
        (isinstance(decorator, ast.Name) and decorator.id == name)
        or (isinstance(decorator, ast.Attribute) and decorator.attr == name)
        for decorator in node.decorator_list
    )


def _read_class(node: ast.ClassDef) -> StubClass:
    methods: dict[str, StubFunction] = {}
    data: list[str] = []
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and _decorated(item, "property"):
            data.append(item.name)
        elif isinstance(item, ast.FunctionDef):
            methods.setdefault(item.name, StubFunction()).signatures.append(_signature(item))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            data.append(item.target.id)
    return StubClass([ast.unparse(base) for base in node.bases], methods, data)


def read_stub(path: Path) -> Stub:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    stub = Stub([], {}, {}, {})
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            stub.functions.setdefault(node.name, StubFunction()).signatures.append(_signature(node))
        elif isinstance(node, ast.ClassDef):
            stub.classes[node.name] = _read_class(node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            stub.constants[node.target.id] = ast.unparse(node.annotation)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            stub.names_in_all = ast.literal_eval(node.value)
    return stub


@pytest.fixture(scope="module")
def stub() -> Stub:
    return read_stub(STUB)


def _default_source(value: Any) -> str:
    # The runtime default written as ast.unparse writes the stub's: b'' and b"" read alike.
    return ast.unparse(ast.parse(repr(value), mode="eval").body)


def runtime_signature(obj: Any) -> Optional[Signature]:
    """The parameters a callable shows, or None when it shows none: a cdef class's __init__ is a
    C slot whose signature is only ``*args, **kwargs``."""
    if isinstance(obj, WrapperDescriptorType):
        return None
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return tuple(
        (p.name, p.kind.name, None if p.default is p.empty else _default_source(p.default))
        for p in signature.parameters.values()
    )


def assert_parameters_match(declared: StubFunction, runtime: Optional[Signature], where: str) -> None:
    """Every declared signature names, orders and kinds the parameters as the runtime does; an
    overload may leave a default out (it serves the calls that pass that argument) but never
    gives another, and one signature carries every default, so that every call has a match."""
    assert runtime is not None, f"{where}: the engine shows no signature to hold the stub to"
    shape = [(name, kind) for name, kind, _ in runtime]
    for signature in declared.signatures:
        assert [(name, kind) for name, kind, _ in signature] == shape, f"{where}: {signature} is not {runtime}"
        for (name, _, default), (_, _, runtime_default) in zip(signature, runtime):
            assert default in (None, runtime_default), (
                f"{where}: {name}={default} where the engine has {runtime_default}"
            )
    assert runtime in declared.signatures, f"{where}: no declared signature has the engine's defaults {runtime}"


def public_methods(cls: type) -> set[str]:
    return {name for name in dir(cls) if not name.startswith("_") and callable(getattr(cls, name))}


def assigned_attributes(cls: type) -> set[str]:
    """What a pure class gives its instances as plain attributes: the names its classes annotate
    in their bodies, or assign as ``self.<name>`` in their methods."""
    names: set[str] = set()
    for klass in cls.__mro__[:-1]:
        names.update(vars(klass).get("__annotations__", {}))
        # Method by method: core_py renames its classes' module, which hides a class's own
        # source from inspect, but a function's code still names its file.
        methods = [value for value in vars(klass).values() if inspect.isfunction(value)]
        trees = [ast.parse(textwrap.dedent(inspect.getsource(method))) for method in methods]
        for node in (node for tree in trees for node in ast.walk(tree)):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
            ):
                names.add(node.attr)
    return names


# ---------------------------------------------------------------- the stub against the pure engine


def test_the_stub_declares_the_engine_api_and_the_compiled_extras(stub: Stub) -> None:
    assert stub.names_in_all == core_py.__all__
    assert stub.public == set(core_py.__all__) | set(COMPILED_EXTRAS)


@pytest.mark.parametrize("name", API_FUNCTIONS)
def test_each_function_is_declared_as_the_pure_engine_has_it(stub: Stub, name: str) -> None:
    assert name in stub.functions, f"{name} is a function of the engine API, not of the stub"
    assert_parameters_match(stub.functions[name], runtime_signature(getattr(core_py, name)), name)


@pytest.mark.parametrize("name", sorted(PURE_CLASSES))
def test_each_class_is_declared_as_the_pure_engine_has_it(stub: Stub, name: str) -> None:
    pure = PURE_CLASSES[name]
    methods, data = stub.members(name)
    assert set(methods) - {"__init__"} == public_methods(pure)
    for method in sorted(public_methods(pure)):
        assert_parameters_match(methods[method], runtime_signature(getattr(pure, method)), f"{name}.{method}")
    # A class that takes no arguments of its own (the job base) declares no __init__ either.
    has_init = any("__init__" in vars(klass) for klass in pure.__mro__[:-1])
    assert ("__init__" in methods) == has_init, f"{name}.__init__"
    if has_init:
        assert_parameters_match(methods["__init__"], runtime_signature(pure.__init__), f"{name}.__init__")
    # The pure properties are the stub's; the stub's other data (the compiled core's read-only
    # members) are plain attributes of the pure objects.
    properties = {
        m for m in dir(pure) if not m.startswith("_") and isinstance(inspect.getattr_static(pure, m), property)
    }
    assert properties <= data
    assert data - properties <= assigned_attributes(pure)


def test_the_tally_type_names_every_field_of_a_tally(stub: Stub) -> None:
    # One river board, so one runout to tally.
    job = core_py.EquityJob(
        holes=[[51, 50, 3, 6], [47, 45, 42, 40]],
        board=[0, 21, 31, 12, 17],
        dead=[],
        exact=True,
        samples=0,
        seed=0,
        workers=1,
    )
    job.run(0)
    fields = stub.classes["_Tally"].data
    assert fields == [*TALLY_LISTS, "low_possible", "runouts", "pot_units"]
    assert list(job.tally()) == fields


# ---------------------------------------------------------------- the stub against the compiled core


def test_the_stub_declares_what_the_compiled_core_defines(stub: Stub, core: ModuleType) -> None:
    assert core.__all__ == stub.names_in_all
    # Every public function and class the core defines itself (not one it imports) is declared.
    defined = {
        name
        for name in dir(core)
        if not name.startswith("_") and getattr(getattr(core, name), "__module__", None) == core.__name__
    }
    assert defined <= stub.public, f"declare {sorted(defined - stub.public)} in {STUB.name}"
    assert stub.public <= set(dir(core)), f"{sorted(stub.public - set(dir(core)))} are not in the compiled core"
    # The constants hold what the stub says they do.
    assert stub.constants["CAPACITY"] == "dict[str, int]"
    assert all(type(key) is str and type(value) is int for key, value in core.CAPACITY.items())
    assert stub.constants["TABLE_BYTES"] == "int" and type(core.TABLE_BYTES) is int


@pytest.mark.parametrize("name", API_FUNCTIONS + list(EXTRA_FUNCTIONS))
def test_each_function_is_declared_as_the_compiled_core_has_it(stub: Stub, core: ModuleType, name: str) -> None:
    # Built with binding=True, the core's functions show their signatures.
    assert_parameters_match(stub.functions[name], runtime_signature(getattr(core, name)), name)


@pytest.mark.parametrize("name", sorted(PURE_CLASSES))
def test_each_class_is_declared_as_the_compiled_core_has_it(stub: Stub, core: ModuleType, name: str) -> None:
    compiled = getattr(core, name)
    methods, data = stub.members(name)
    assert set(methods) - {"__init__"} == public_methods(compiled)
    for method in sorted(public_methods(compiled)):
        assert_parameters_match(methods[method], runtime_signature(getattr(compiled, method)), f"{name}.{method}")
    # Its data: properties and read-only C members, both descriptors of the class.
    assert set(data) == {m for m in dir(compiled) if not m.startswith("_") and not callable(getattr(compiled, m))}
    # A cdef class's __init__ shows no signature; its pure twin's is checked instead.
    init = runtime_signature(compiled.__init__)
    if init is not None:
        assert_parameters_match(methods["__init__"], init, f"{name}.__init__")


# ---------------------------------------------------------------- mypy reads the stub

# A caller of the compiled core: the line numbers of its mistakes, and what mypy calls each.
CALLER = """\
from omaha8._engine import core_c

core_c.evaluate_high(1, 2)
core_c.range_count(b"", b"", 4, 0, "shapes as text")
low: str | None = core_c.evaluate_low("AsKs2c3d", "4h5h6h")
high: int = core_c.evaluate_high("AsKs2c3d", "4h5h6h")
"""
CALLER_ERRORS = [(3, "arg-type"), (3, "arg-type"), (4, "arg-type"), (5, "assignment")]


@pytest.mark.slow
def test_mypy_checks_a_caller_of_the_compiled_core_by_the_stub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mypy_api = pytest.importorskip("mypy.api")
    caller = tmp_path / "caller.py"
    caller.write_text(CALLER, encoding="utf-8")
    # Not the project's settings, whose override tells mypy to ignore a core it cannot find: none
    # but the package's path, and silence in the modules the caller imports, so that only the
    # caller's errors show.
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nfollow_imports = silent\n", encoding="utf-8")
    if not INSTALLED:
        monkeypatch.setenv("MYPYPATH", str(PACKAGE_ROOT))
    stdout, stderr, status = mypy_api.run(
        ["--config-file", str(config), "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(caller)]
    )
    errors = [
        (int(line), code) for line, code in re.findall(r"^.*caller\.py:(\d+): error: .*\[([a-z-]+)\]$", stdout, re.M)
    ]
    # No error on line 1: mypy found core_c's types, which find the mistakes and no more.
    assert sorted(errors) == CALLER_ERRORS, stdout + stderr
    assert status == 1
