"""Builds the Cython core.

Where there is no C compiler or no Python headers, the install still succeeds, pure Python,
with a loud warning (unless OMAHA8_REQUIRE_EXTENSION=1 makes that an error too). Where the
tools are there, any failure to translate or compile the core fails the install: a broken
build must never pass quietly for a machine without a compiler.
"""

import os
import shutil
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

REQUIRE_EXTENSION = os.environ.get("OMAHA8_REQUIRE_EXTENSION", "") not in ("", "0")
# OMAHA8_PURE_WHEEL=1: build no extension at all, so that the wheel is pure Python
# (py3-none-any), for platforms no compiled wheel serves (as msgpack's MSGPACK_PUREPYTHON).
PURE_WHEEL = os.environ.get("OMAHA8_PURE_WHEEL", "") not in ("", "0")
WARNING = """
********************************************************************************
omaha8: the compiled core was not built: {reason}.
omaha8 is installed PURE PYTHON: correct, but far slower.
Install a C compiler and the Python headers, then reinstall; set
OMAHA8_REQUIRE_EXTENSION=1 to make this an error.
********************************************************************************
"""


def missing_toolchain(compiler) -> "str | None":
    """Why this machine cannot compile an extension at all, or None when it can try:
    the compiler's executable is not on the PATH, or Python.h is not installed."""
    executable = getattr(compiler, "compiler_so", None) or getattr(compiler, "compiler", None)
    if executable and shutil.which(executable[0]) is None:
        return f"no C compiler ({executable[0]!r} is not installed)"
    include = sysconfig.get_paths().get("include") or ""
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers (Python.h is not in {include or 'any include folder'})"
    return None


class OptionalBuildExt(build_ext):
    """build_ext that skips the core, with a warning, only when the toolchain is missing."""

    def build_extensions(self):
        reason = missing_toolchain(self.compiler)
        if reason is not None:
            if REQUIRE_EXTENSION:
                raise RuntimeError(f"omaha8: OMAHA8_REQUIRE_EXTENSION=1 but {reason}")
            sys.stderr.write(WARNING.format(reason=reason))
            self.extensions = []  # nothing built: nothing to copy or to list as an output
            return
        super().build_extensions()


# Plain Python modules compiled as they are, for speed (game.pxd adds C types to game.py);
# the same .py files serve as they are where nothing compiles, or with OMAHA8_PURE_PYTHON=1.
COMPILED_PYTHON = ("pots", "game")


def extensions():
    if PURE_WHEEL:
        return []
    flags = ["-O3"] if os.name != "nt" else ["/O2"]
    modules = [Extension("omaha8._engine.core_c", ["src/omaha8/_engine/core_c.pyx"], extra_compile_args=flags)]
    modules += [
        Extension(f"omaha8.{name}", [f"src/omaha8/{name}.py"], extra_compile_args=flags) for name in COMPILED_PYTHON
    ]
    try:
        from Cython.Build import cythonize
    except ImportError:
        # Cython is a build requirement, so this is a build without isolation on a machine
        # without it: a missing tool, like a missing compiler.
        if REQUIRE_EXTENSION:
            raise
        sys.stderr.write(WARNING.format(reason="Cython is not installed"))
        return []
    # A file that does not translate is a broken build: it raises. Annotations are for readers
    # and type checkers: the C types come from the .pxd files.
    # The generated C goes to build/, never into src/.
    return cythonize(
        modules, build_dir="build/cython", compiler_directives={"language_level": "3", "annotation_typing": False}
    )


if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
