"""``python -m monopoly_widgets``: the command line (see ``monopoly_widgets/cli.py``)."""

import sys

from monopoly_widgets.cli import main

if __name__ == "__main__":
    sys.exit(main())
