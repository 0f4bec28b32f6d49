"""How long it takes to rebuild a Hyper Maker game's state from its log.

The app keeps only the append-only log and replays it to show a game, so a full replay
is on the path of every page view. This builds one whole 5-player game (seeded: every card
dealt, 10 tricks of a master card and five plays, plus a few undone entries), then times
base.replay of the whole log many times.

    python bench/replay.py [--seed N] [--repeat N]

The last line printed is JSON: {"events", "replay_ms_mean", "replay_ms_best", "us_per_event"}.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.rules import base  # noqa: E402
from companion.rules import hyper_maker as hm  # noqa: E402

PLAYERS = 5


def build_log(seed: int, undo_rate: float = 0.05) -> tuple[dict, list[base.Event]]:
    """A whole seeded 5-player game: players follow when they can, with a few undos."""
    rng = random.Random(seed)
    hands, pile = hm.deal(rng, PLAYERS)
    setup = {"players": [f"P{i}" for i in range(PLAYERS)], "first_leader": rng.randrange(PLAYERS)}
    state = hm.initial(setup)
    log: list[base.Event] = []
    for master in pile:
        event = base.Event("master", {"card": master.code})
        state = hm.apply(state, event)
        log.append(event)
        for _ in range(PLAYERS):
            seat = state.expected_seat
            hand = hands[seat]
            if rng.random() < undo_rate:  # a card entered by mistake, then taken back
                wrong = rng.choice(hand)
                log += [base.Event("play", {"seat": seat, "card": wrong.code}), base.Event(base.UNDO)]
            legal = [c for c in hand if hm.follows(c, master)] or hand
            card = rng.choice(legal)
            hand.remove(card)
            event = base.Event("play", {"seat": seat, "card": card.code})
            state = hm.apply(state, event)
            log.append(event)
    assert state.is_over
    check = base.replay(hm.initial, hm.apply, setup, log)
    assert check.state == state
    return setup, log


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2020)
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=50)
    args = parser.parse_args(argv)

    setup, log = build_log(args.seed)
    for _ in range(args.warmup):
        base.replay(hm.initial, hm.apply, setup, log)
    timings = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        base.replay(hm.initial, hm.apply, setup, log)
        timings.append(time.perf_counter() - start)

    events = len(log)
    undos = sum(1 for e in log if e.kind == base.UNDO)
    mean_ms = statistics.fmean(timings) * 1000
    best_ms = min(timings) * 1000
    median_ms = statistics.median(timings) * 1000
    print(f"Hyper Maker, {PLAYERS} players, seed {args.seed}: {events} events in the log "
          f"({undos} undos), {args.repeat} full replays")
    print(f"  mean   {mean_ms:8.3f} ms per replay")
    print(f"  median {median_ms:8.3f} ms per replay")
    print(f"  best   {best_ms:8.3f} ms per replay")
    print(f"  {mean_ms * 1000 / events:8.2f} us per event (mean)")
    figures = {
        "events": events,
        "replay_ms_mean": round(mean_ms, 4),
        "replay_ms_best": round(best_ms, 4),
        "us_per_event": round(mean_ms * 1000 / events, 3),
    }
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
