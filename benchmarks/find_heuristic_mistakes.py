"""Where does the heuristic lose? The coach's verdict on decisions from heuristic self-play.

Usage::

    python benchmarks/find_heuristic_mistakes.py --games 40 --every 4 --playouts 240
    python benchmarks/find_heuristic_mistakes.py --agent deal_policy ...   # the new policy
    python benchmarks/find_heuristic_mistakes.py --agent deal_policy --against heuristic \
        --continue-with per-seat --games 40 --every 2 --playouts 240   # its own decisions
    python benchmarks/find_heuristic_mistakes.py --load mistakes.jsonl     # summarise again

Plays 2-player Monopoly Deal games between two copies of an agent (the heuristic by
default). At every ``--every``-th decision that has more than one legal move, it asks
the coach (``mw.analyse``, playouts continued by the heuristic, one process) for
each move's chance of winning, and records the agent's own choice next to the
coach's best. A choice is a *mistake* when the best move's 95% interval lies wholly
above the choice's (the coach's race keeps losing moves only until that is clear).

Decisions are grouped by kind: what the agent did and what the coach preferred
("bank, coach: lay"), or the decision's kind when both are alike ("wild
placement", "pay with", "rent colour", "Just Say No", ...);
and for each kind it prints how many decisions were sampled, how many were
mistakes, and the mean chance of winning lost, with a few examples. That table is
what ``monopoly_widgets/agents/deal/policy.py``'s rules were written from.
``--out FILE`` saves every record as JSON lines (``--load`` reads them back).

``--against AGENT`` plays the agent against a different one instead (seats alternate
from game to game) and judges only the agent's own decisions: the second round of
expert iteration studies ``DealPolicyAgent`` where it matters, against the heuristic.
``--continue-with per-seat`` has the coach's playouts continued by the agent for the
judged seat and by the opponent's agent for the other (``PerSeat``), so a move is
valued as those two would play on; the default continues with the heuristic.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.agents.base import observer_of


def make_agent(name: str) -> Any:
    if name == "heuristic":
        return HeuristicAgent()
    from monopoly_widgets.agents.deal.policy import DealPolicyAgent

    return DealPolicyAgent()


class PerSeat:
    """An agent for the coach's playouts that plays seat ``seat`` as ``mine`` and every
    other seat as ``others`` (each sees its own kind of observation)."""

    def __init__(self, seat: int, mine: Any, others: Any) -> None:
        self.seat, self.mine, self.others = seat, mine, others
        self._observe = (observer_of(mine), observer_of(others))

    def observe(self, rules: Any, state: Any, seat: int) -> tuple[int, Any]:
        return seat, self._observe[seat != self.seat](rules, state, seat)

    def __call__(self, observation: tuple[int, Any], legal: Any, rng: random.Random) -> Any:
        seat, seen = observation
        agent = self.mine if seat == self.seat else self.others
        return agent(seen, legal, rng)

    def __repr__(self) -> str:
        return f"PerSeat({self.seat}, {self.mine!r}, {self.others!r})"


def category(chosen: str, best: str, phase: str) -> str:
    """The kind of decision, named by what was chosen and what the coach preferred."""
    a, b = _kind(chosen), _kind(best)
    if phase == "pay":
        return "pay with"
    if phase == "discard":
        return "discard"
    if phase == "respond":
        return "Just Say No or accept"
    if a == b:
        return {
            "lay": "property / wild placement",
            "rent": "rent colour, target or double",
            "steal": "Sly / Forced Deal target",
            "bank": "which card to bank",
            "wild": "wild move",
        }.get(a, f"{a} vs {a}")
    return f"{a}, coach: {b}"


def _kind(action_id: str) -> str:
    head = action_id.split(":", 1)[0]
    return {
        "lay": "lay",
        "bank": "bank",
        "rent": "rent",
        "sly": "steal",
        "forced": "steal",
        "breaker": "deal breaker",
        "end_turn": "end turn",
        "wild": "wild",
        "debt": "debt collector",
        "house": "house/hotel",
        "hotel": "house/hotel",
        "play": "pass go/birthday",
    }.get(head, head)


def sample(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Judge sampled decisions of self-play games; with ``--out``, each record is saved
    as soon as it is made (a long run can be summarised while it goes on)."""
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    records = []
    count = 0
    for game_index in range(args.games):
        seed = args.seed + game_index
        game = mw.new_game("deal", players=2, seed=seed)
        agents = [make_agent(args.agent), make_agent(args.agent)]
        judged = {0, 1}
        if args.against:
            judged = {game_index % 2}
            agents[1 - game_index % 2] = make_agent(args.against)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            legal = game.legal_actions()
            agent = agents[seat]
            choice = agent(game.observation(seat), legal, rng)
            if len(legal) > 1 and seat in judged:
                count += 1
                if count % args.every == 0:
                    policy: Any = "heuristic"
                    if args.continue_with == "per-seat":
                        policy = PerSeat(seat, agents[seat], agents[1 - seat])
                    records.append(_judge(game, seat, choice, args, seed, policy))
                    if out is not None:
                        out.write(json.dumps(records[-1]) + "\n")
                        out.flush()
            game.apply(choice)
        print(f"game {game_index + 1}/{args.games}: {len(records)} decisions judged", flush=True)
    if out is not None:
        out.close()
    return records


def _judge(
    game: Any, seat: int, choice: Any, args: argparse.Namespace, seed: int, policy: Any
) -> dict:
    analysis = mw.analyse(
        game, playouts=args.playouts, workers=1, seed=seed + game.step, continue_with=policy
    )
    mine = analysis.move(choice.id)
    best = analysis.moves[0]
    phase = game.observation(seat)["phase"]
    return {
        "seed": seed,
        "seat": seat,
        "step": game.step,
        "phase": phase,
        "chosen": choice.id,
        "best": best.action_id,
        "chosen_p": mine.probability,
        "best_p": best.probability,
        "chosen_high": mine.high,
        "best_low": best.low,
        "mistake": best.low > mine.high,
        "category": category(choice.id, best.action_id, phase),
        "moves": len(analysis.distinct()),
        "playouts": analysis.playouts,
    }


def summarise(records: list[dict[str, Any]], examples: int) -> None:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        groups[record["category"]].append(record)
    print(f"{len(records)} decisions judged, {sum(r['mistake'] for r in records)} mistakes")
    print(f"{'kind':42} {'n':>4} {'mistakes':>8} {'mean loss':>9}")
    order = sorted(groups, key=lambda k: -sum(r["mistake"] for r in groups[k]))
    for kind in order:
        rows = groups[kind]
        loss = statistics.fmean(max(0.0, r["best_p"] - r["chosen_p"]) for r in rows)
        print(f"{kind:42} {len(rows):4d} {sum(r['mistake'] for r in rows):8d} {loss:9.3f}")
    print("\nExamples of mistakes:")
    for kind in order:
        shown = [r for r in groups[kind] if r["mistake"]][:examples]
        for r in shown:
            print(
                f"  [{kind}] seed {r['seed']} step {r['step']}: chose {r['chosen']} "
                f"({r['chosen_p']:.2f}), best {r['best']} ({r['best_p']:.2f})"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--every", type=int, default=4, help="judge every n-th real decision")
    parser.add_argument("--playouts", type=int, default=240)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--agent", default="heuristic", choices=["heuristic", "deal_policy"])
    parser.add_argument(
        "--against", default=None, choices=["heuristic", "deal_policy"], help="the opponent"
    )
    parser.add_argument("--continue-with", default="heuristic", choices=["heuristic", "per-seat"])
    parser.add_argument("--examples", type=int, default=6)
    parser.add_argument("--out", default=None, help="save the records as JSON lines")
    parser.add_argument("--load", default=None, help="summarise saved records instead")
    args = parser.parse_args(argv)
    if args.load:
        with open(args.load, encoding="utf-8") as file:
            records = [json.loads(line) for line in file]
    else:
        records = sample(args)
    summarise(records, args.examples)


if __name__ == "__main__":
    main()
