"""One fixture, ``impl``, runs each public-API test against both evaluators: the compiled core
and the pure-Python fallback. When OMAHA8_REQUIRE_EXTENSION=1 (CI), a core that does not import
is a failure, not a skip."""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

import pytest
from param_ids import stable_id

REQUIRE_EXTENSION = os.environ.get("OMAHA8_REQUIRE_EXTENSION", "") not in ("", "0")
IMPLEMENTATIONS = {"cython": "omaha8._engine.core_c", "python": "omaha8._engine.core_py"}
# OMAHA8_PURE_PYTHON=1 is .ci/run's second pass, after a pass that ran every test on both engines:
# there ``impl`` is the pure engine alone, and a test of the compiled core (``core``, ``live_core``)
# is skipped, run already, so the second pass repeats only what the pure engine's being live changes.
PURE_PASS = os.environ.get("OMAHA8_PURE_PYTHON", "") not in ("", "0")


TESTS = Path(__file__).resolve().parent
# The project's worked examples live in shared/vectors beside the checkout; a copy in
# tests/vectors lets a clone on its own run the tests, and test_vectors_copy_is_current keeps
# the copy equal to the original wherever both are present.
SHARED_VECTORS = TESTS.parent.parent / "shared" / "vectors" / "rules_examples.json"
COPIED_VECTORS = TESTS / "vectors" / "rules_examples.json"


@pytest.fixture(scope="session")
def rules_examples() -> dict:
    source = SHARED_VECTORS if SHARED_VECTORS.is_file() else COPIED_VECTORS
    return json.loads(source.read_text(encoding="utf-8"))


def load_implementation(name: str):
    if PURE_PASS and name == "cython":
        pytest.skip("OMAHA8_PURE_PYTHON=1: the compiled core's tests ran in the compiled pass")
    try:
        return importlib.import_module(IMPLEMENTATIONS[name])
    except ImportError as error:
        if REQUIRE_EXTENSION:
            raise
        pytest.skip(f"the {name} implementation is not importable: {error}")


@pytest.fixture(params=["python"] if PURE_PASS else sorted(IMPLEMENTATIONS), scope="session")
def impl(request):
    """The evaluator module under test: ``omaha8._engine.core_c`` or ``omaha8._engine.core_py``."""
    return load_implementation(request.param)


@pytest.fixture(scope="session")
def core():
    return load_implementation("cython")


@pytest.fixture(scope="session")
def fallback():
    return load_implementation("python")


# The evaluators omaha8 binds at import from the live engine, for speed.
BOUND_AT_IMPORT = ("evaluate", "evaluate_high", "evaluate_low", "evaluate_batch")


def make_live(module, monkeypatch):
    """Put ``module`` behind omaha8 for one test: the higher layers (hands, showdowns,
    equity) and the evaluators bound into the package alike."""
    import omaha8
    import omaha8._engine

    monkeypatch.setattr(omaha8._engine, "ENGINE", module)
    for name in BOUND_AT_IMPORT:
        monkeypatch.setattr(omaha8, name, getattr(module, name))
    monkeypatch.setattr(omaha8, "HandIndexer", module.HandIndexer)
    return module


@pytest.fixture
def live(impl, monkeypatch):
    """Make ``impl`` the evaluator behind all of omaha8."""
    return make_live(impl, monkeypatch)


@pytest.fixture
def live_core(core, monkeypatch):
    """The compiled core behind all of omaha8, for checks too slow for the fallback."""
    return make_live(core, monkeypatch)


@pytest.fixture(scope="module")
def dask_client():
    """A local Dask cluster of two worker processes, for the tests of any executor."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def pytest_make_parametrize_id(config, val, argname):
    """Stable ids for parameters without ids of their own (see ``param_ids.stable_id``)."""
    return f"{argname}-{stable_id(val)}" if " at 0x" in repr(val) else None


def pytest_collection_modifyitems(config, items):
    """The pure engine's runs of a test over both engines (``impl``) are slow in the default
    run: the compiled pass runs them whole, and ``OMAHA8_PURE_PYTHON=1``'s pass runs every fast
    test on the pure engine live. A newcomer's run checks the compiled engine at once."""
    if PURE_PASS:
        return
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("impl") == "python":
            item.add_marker(pytest.mark.slow)
