"""``python -m wuhanmj`` runs the ``wuhanmj`` command."""
import sys

from .cli import main

sys.exit(main())
