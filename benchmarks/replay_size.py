"""How big a saved replay (``explorer.save_html``) is, and how long it takes to write.

Plays 5-player games of Monopoly Deal with random bots until one lasts at least
``--steps`` steps, cuts it to exactly that many (``game.go_back_to``), and writes
it as the teacher's file (every view) and as one seat's file, reporting each
file's size, the share of Plotly and of the frames (both gzip-compressed and in
base64), and the median time to write it over ``--repeat`` runs.

    python benchmarks/replay_size.py [--steps 300] [--players 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from pathlib import Path

import monopoly_widgets as mw
from monopoly_widgets.agents.playout import make_agent, play_out


def long_game(players: int, steps: int) -> mw.Game:
    """The first seed's game that lasts ``steps`` steps, cut to exactly that many."""
    for seed in range(1000):
        game = mw.new_game("deal", players=players, seed=seed)
        play_out(game, [make_agent("random")] * players, seed=seed)
        if game.step >= steps:
            game.go_back_to(steps)
            return game
    raise SystemExit(f"no game of {steps} steps in 1000 seeds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = long_game(args.players, args.steps)
    explorer = mw.GameExplorer(game)
    print(f"Monopoly Deal, {args.players} players, {game.step} steps (seed {game.seed})")
    with tempfile.TemporaryDirectory() as folder:
        for label, seat in (("teacher's file (every view)", None), ("one seat's file", 0)):
            times = []
            for run in range(args.repeat):
                path = Path(folder) / f"{run}-{seat}.html"
                start = time.perf_counter()
                explorer.save_html(path, seat)
                times.append(time.perf_counter() - start)
            text = path.read_text()
            blocks = dict(re.findall(r'id="mw-replay-(\w+)">([^<]+)<', text))
            print(
                f"{label}: {len(text) / 1e6:.2f} MB (Plotly {len(blocks['plotly']) / 1e6:.2f} MB, "
                f"frames {len(blocks['frames']) / 1e6:.2f} MB, the rest "
                f"{(len(text) - len(blocks['plotly']) - len(blocks['frames'])) / 1e3:.0f} KB); "
                f"written in {statistics.median(times):.1f} s (median of {args.repeat})"
            )


if __name__ == "__main__":
    main()
