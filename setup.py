"""Builds the Cython core. Without a working compiler the install still succeeds, pure Python,
with a loud warning, unless OMAHA8_REQUIRE_EXTENSION=1 asks for the build to be an error."""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

REQUIRE_EXTENSION = os.environ.get("OMAHA8_REQUIRE_EXTENSION", "") not in ("", "0")
WARNING = """
********************************************************************************
omaha8: the compiled core did not build ({error}).
omaha8 is installed PURE PYTHON: correct, but far slower.
Install a C compiler and the Python headers, then reinstall; set
OMAHA8_REQUIRE_EXTENSION=1 to make this an error.
********************************************************************************
"""


class OptionalBuildExt(build_ext):
    def run(self):
        try:
            super().run()
        except Exception as error:  # setuptools raises several kinds for a missing compiler
            self._fail(error)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as error:
            self._fail(error)

    def _fail(self, error):
        if REQUIRE_EXTENSION:
            raise error
        sys.stderr.write(WARNING.format(error=error))


def extensions():
    core = Extension(
        "omaha8._core",
        ["src/omaha8/_core.pyx"],
        extra_compile_args=["-O3"] if os.name != "nt" else ["/O2"],
    )
    try:
        from Cython.Build import cythonize

        return cythonize([core], compiler_directives={"language_level": "3"})
    except Exception as error:  # no Cython, or the .pyx did not translate
        if REQUIRE_EXTENSION:
            raise
        sys.stderr.write(WARNING.format(error=error))
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
