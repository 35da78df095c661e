"""The pure-Python engine, one module per part of the compiled core, each the twin of one C file:

===================  ==========================================================
``evaluate.py``      the evaluator part of ``core_c.pyx``
``jobs.py``          ``jobs_c.pxi``: the task-claiming base of every job
``equity.py``        ``equity_c.pxi``: EquityJob, RangeEquityJob, draws, range walks
``showdown.py``      ``showdown_c.pxi``: ShowdownJob, TallySweeper, release_memory
``strength.py``      ``strength_c.pxi``: StrengthJob
``suits.py``         ``suits_c.pxi``: HandIndexer (the plan both share: ``_engine/suits.py``)
``river.py``         ``river_c.pxi``: RiverJob
``street.py``        ``street_c.pxi``: StreetJob
``holdings.py``      ``holdings_c.pxi``: holding_counts, share_against_all, ...
===================  ==========================================================

``core_py`` gathers them into the engine API, as ``core_c.pyx`` includes its ``.pxi`` files.
They share no table with the compiled core, so the two engines can check each other.
"""

__all__: list[str] = []
