"""omaha8 inside the learning frameworks: the top layer, and the only one that imports their
optional dependencies.

- ``omaha8.adapters.openspiel``: ``import`` it to register ``python_omaha8`` with OpenSpiel
  (extra ``omaha8[openspiel]``);
- ``omaha8.adapters.pettingzoo``: ``env()`` and ``raw_env()``, PettingZoo's AECEnv (extra
  ``omaha8[pettingzoo]``);
- ``omaha8.adapters.abstraction``: the abstract actions both play a ``Hand`` through, and the
  vector a learner sees (no extra needed).

Nothing is imported here, so that ``import omaha8.adapters.pettingzoo`` never needs pyspiel.
"""

__all__: list[str] = []
