"""The package's version, in one place: the package, its build and its tables read it here."""

__all__ = ["__version__"]

__version__ = "0.2.0"
