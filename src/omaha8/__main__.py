"""``python -m omaha8``: the command line, as the ``omaha8`` script runs it."""

import sys

from .cli import main

sys.exit(main())
