"""setup.py: a missing C compiler falls back to the pure engine with a warning, a broken build
fails, and the licence the project promises is there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# ---- the build (issue 8's hardening, sections 14 and 15)


ROOT = Path(__file__).resolve().parent.parent  # the checkout the tests run from


def _load_setup():
    import importlib.util

    spec = importlib.util.spec_from_file_location("omaha8_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def test_a_missing_compiler_is_told_apart_from_a_broken_build():
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not run from a checkout")
    setup = _load_setup()

    class Compiler:
        compiler_so = ("/nonexistent/cc", "-O2")

    assert "no C compiler" in setup.missing_toolchain(Compiler())
    Compiler.compiler_so = (sys.executable,)  # an executable that exists
    assert setup.missing_toolchain(Compiler()) is None


BROKEN_BUILD = """
import sys
sys.path.insert(0, {root!r})
import importlib.util
spec = importlib.util.spec_from_file_location("omaha8_setup", {setup!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
from setuptools import Extension, setup
setup(name="broken", ext_modules=[Extension("broken", ["broken.c"])],
      cmdclass={{"build_ext": module.OptionalBuildExt}},
      script_args=["build_ext", "--inplace"])
print("installed")
"""


@pytest.mark.parametrize("compiler, installs", [(None, False), ("/nonexistent/cc", True)])
@pytest.mark.slow
def test_a_failed_compile_fails_and_a_missing_compiler_falls_back(tmp_path, compiler, installs):
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not run from a checkout")
    pytest.importorskip("setuptools")
    (tmp_path / "broken.c").write_text("this is not C;\n")
    env = {k: v for k, v in os.environ.items() if k != "OMAHA8_REQUIRE_EXTENSION"}
    if compiler:
        env["CC"] = compiler
    result = subprocess.run(
        [sys.executable, "-c", BROKEN_BUILD.format(root=str(ROOT), setup=str(ROOT / "setup.py"))],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert (result.returncode == 0 and "installed" in result.stdout) == installs, result.stderr[-2000:]
    if installs:
        assert "no C compiler" in result.stderr


def test_the_licence_the_project_promises_is_there():
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a checkout")
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
