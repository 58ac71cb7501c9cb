"""Fit the search agent's Monopoly Deal leaf evaluation on heuristic self-play.

Usage::

    python benchmarks/fit_deal_evaluation.py              # 2500 games, prints WEIGHTS
    python benchmarks/fit_deal_evaluation.py --games 500
    python benchmarks/fit_deal_evaluation.py --beliefs    # 300 games, prints HAND_ODDS

Plays 2-player games between heuristic agents and keeps the position at the
start of every turn, from both seats' side, labelled 1 if that seat went on to
win (drawn games are left out). A logistic regression (Newton's method, a
little ridge penalty) on ``evaluation.features`` gives ``WEIGHTS``. A fifth of
the games are held out: the script prints the log loss and accuracy there, for
the fitted model, for the weights now in ``agents/deal/evaluation.py``, for the
older hand-made ``evaluation.progress`` (read as ``(1 + tanh(mine - theirs)) / 2``) and for
a coin flip, so a refit can be checked before it replaces the weights.

``--beliefs`` measures ``HAND_ODDS`` (``agents/deal/hand_odds.py``) instead: each
time a heuristic player ends its turn, how often each kind of card is in its hand, against how
often it would be if the hand were a fair deal from the cards the other player
cannot see (its hand and the draw pile).
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter

import numpy as np

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.agents.deal import evaluation
from monopoly_widgets.agents.deal.hand_odds import card_class
from monopoly_widgets.deal.cards import PACK_SIZE


def positions(games: int, seed: int) -> list[list[tuple[list[float], float, object, int]]]:
    """Per game: (features, won, state, seat) at each turn start, for both seats."""
    agent = HeuristicAgent()
    out = []
    for number in range(games):
        game = mw.new_game("deal", players=2, seed=seed + number)
        rules, state = game.rules, game.state
        rng = random.Random(seed + number)
        kept = []
        turn = None
        while not rules.is_over(state):
            if state.turn != turn:
                turn = state.turn
                for seat in range(2):
                    kept.append((evaluation.features(state, seat), seat, state.clone()))
            player = rules.current_player(state)
            legal = rules.legal_actions(state)
            rules.apply(state, agent(rules.observation(state, player), legal, rng))
        if state.winner is None:
            continue
        out.append([(f, float(state.winner == seat), s, seat) for f, seat, s in kept])
    return out


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression without intercept (the features are differences), by Newton."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + ridge * len(y) * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * len(y) * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def report(name: str, p: np.ndarray, y: np.ndarray) -> None:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    accuracy = np.mean((p > 0.5) == (y > 0.5))
    print(f"  {name:<28} log loss {loss:.4f}  accuracy {accuracy:.3f}")


def hand_odds(games: int, seed: int) -> dict[str, float]:
    """Per ``card_class``: cards in hands at the end of a turn / a fair deal's."""
    agent = HeuristicAgent()
    held: Counter[str] = Counter()
    fair: Counter[str] = Counter()
    for number in range(games):
        game = mw.new_game("deal", players=2, seed=seed + number)
        rules, state = game.rules, game.state
        rng = random.Random(seed + number)
        while not rules.is_over(state):
            player = rules.current_player(state)
            legal = rules.legal_actions(state)
            action = agent(rules.observation(state, player), legal, rng)
            rules.apply(state, action)
            if action.kind != "end_turn" or rules.is_over(state):
                continue
            hand = state.hands[player]
            unseen = [*state.draw_pile, *hand]
            for card in hand:
                held[card_class(card % PACK_SIZE)] += 1
            for card in unseen:
                fair[card_class(card % PACK_SIZE)] += len(hand) / len(unseen)
    return {
        name: held[name] / fair[name] for name in sorted(fair, key=lambda n: -held[n] / fair[n])
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="2500, or 300 with --beliefs")
    parser.add_argument("--seed", type=int, default=None, help="500000, or 0 with --beliefs")
    parser.add_argument("--beliefs", action="store_true", help="measure HAND_ODDS instead")
    args = parser.parse_args(argv)
    if args.beliefs:
        print("HAND_ODDS: dict[str, float] = {")
        for name, odds in hand_odds(args.games or 300, args.seed or 0).items():
            print(f"    {name!r}: {odds:.2f},")
        print("}")
        return
    games = positions(args.games or 2500, 500_000 if args.seed is None else args.seed)
    cut = len(games) * 4 // 5
    train = [row for game in games[:cut] for row in game]
    test = [row for game in games[cut:] for row in game]
    x = np.array([row[0] for row in train])
    y = np.array([row[1] for row in train])
    w = fit(x, y)
    xt = np.array([row[0] for row in test])
    yt = np.array([row[1] for row in test])
    print(f"{len(games)} decided games, {len(train)} positions to fit, {len(test)} held out")
    report("fitted", 1 / (1 + np.exp(-xt @ w)), yt)
    report(
        "current WEIGHTS", np.array([evaluation.win_chance(s, seat) for _, _, s, seat in test]), yt
    )
    rules = mw.new_game("deal", players=2, seed=0).rules
    hand_made = []
    for _, _, state, seat in test:
        scores = evaluation.progress(rules, state)
        hand_made.append((1 + math.tanh(scores[seat] - scores[1 - seat])) / 2)
    report("progress", np.array(hand_made), yt)
    report("coin flip", np.full(len(yt), 0.5), yt)
    names = evaluation.FEATURES + evaluation.EXTRA
    print("WEIGHTS = (")
    for name, weight in zip(names, w, strict=True):
        print(f"    {weight:.4f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
