"""``python -m monopoly_widgets.testing [folder]``: write the golden transcripts again."""

import sys
from pathlib import Path

from monopoly_widgets.testing.transcripts import write_shipped

if __name__ == "__main__":  # not on import (tools that import every module, e.g. tests/lite)
    for written in write_shipped(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/golden")):
        print(written)
