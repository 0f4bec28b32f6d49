"""The draw: who sits at which table in a round, and who sits out.

The rulings (docs/rulings.md, "A club night"):
- Table sizes: the fewest sit-outs first; then tables of at most two sizes of the game's
  player counts, as close as they can be to the table size asked for (4 unless the organiser
  says, or the allowed count nearest 4): the largest distance of a table from it, then the
  players seated away from it, as small as can be. So 100 players at a game of 3-5 sit at 25
  tables of four, 101 at 24 of four and one of five, and 7 at Twin Shoot (4 or 6) at a table
  of six with one sit-out.
- Sit-outs: drawn by lot among the players who have sat out least so far, so nobody sits out
  twice while another present player has not sat out at all. A sit-out earns the round's
  average (scoring.py), neither a reward nor a penalty, so chance is the fair chooser; but
  when the tables would seat pairs who have met, a sit-out is traded for a seated player who
  has sat out as often while the trade, with the round seated again, seats fewer of them.
- Round 1 is drawn at random. Later rounds take the players in standings order and seat
  them top table first (Swiss-like groups of neighbours); a player who has already met
  someone at a table moves to the next table where they meet nobody again. When no such
  seating exists, a bounded search (SEARCH_NODES) looks for the seating with the fewest
  pairs meeting again, trying the standings-nearest seatings first; what it leaves, swaps of
  two players up to SWAP_REACH tables apart untangle while they seat fewer pairs who have
  met. The draw says whether it proved its number the fewest (the whole search was done, or
  nobody meets again) or it is the fewest it found.
- Seats at a table are in an order drawn by lot (who sits beside whom, who deals first).
- Everything random comes from the seed and the round: the same request draws the same
  tables.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..rules.base import RuleError, Ruling
from .bounds import EMPTY, MAX_TABLE, check_players, check_round
from .words import CLAUSE

USUAL_SIZE = 4
"""The table size a draw aims at when the organiser names none: these games' usual table
(every one of the nine seats four); a game without it aims at its nearest count."""

SEARCH_NODES = 40000
"""Seatings of one player the search for the fewest repeat meetings may try before it keeps
the best found (about half a second here): enough to finish the whole search for a dozen
players and to untangle the last tables of a hall."""


TRADES = 3
"""Times a draw may trade a sit-out for a seated player and seat the round again, while that
seats fewer pairs who have met (each time a whole search)."""

SWAP_REACH = 8
"""How many tables apart two players may be swapped after the search to untangle repeat
meetings: players stay near their place in the standings."""


@dataclass(frozen=True)
class Table:
    """One table of a round: its players in seat order."""

    players: tuple[str, ...]


@dataclass(frozen=True)
class Draw:
    """A round's seating."""

    tables: tuple[Table, ...]
    """Top of the standings first (round 1: in the order drawn)."""
    sit_out: tuple[str, ...]
    repeats: int
    """Pairs seated together who already met."""
    reasons: tuple[Ruling, ...] = ()
    """Why: the table sizes, the sit-outs, how the round was drawn, the repeat meetings."""
    proved: bool = True
    """Whether `repeats` is proved the fewest (the whole search was done)."""


def aim(sizes: Collection[int], size: int | None = None) -> int:
    """The table size a draw aims at: `size` when given, else USUAL_SIZE or the allowed count
    nearest it (the larger of two as near)."""
    if size is not None:
        return size
    return min(sizes, key=lambda s: (abs(s - USUAL_SIZE), -s))


def table_sizes(count: int, sizes: Collection[int], target: int) -> tuple[tuple[int, ...], int]:
    """The tables for `count` players and how many sit out (see the module's rulings); largest
    tables first."""
    allowed = sorted(set(sizes))
    for out in range(count + 1):
        seated = count - out
        options: list[tuple[int, ...]] = []
        for i, small in enumerate(allowed):
            for large in allowed[i:]:
                for bigs in range(seated // large + 1):
                    rest = seated - bigs * large
                    if small == large and rest:
                        continue
                    if rest % small == 0 and bigs + rest // small:
                        options.append((large,) * bigs + (small,) * (rest // small))
        if options:
            return min(options, key=lambda t: (max(abs(s - target) for s in t), sum(s * abs(s - target) for s in t),
                                               len(set(t)), t)), out
    return (), count


def repeat_pairs(tables: Sequence[Sequence[str]], met: Collection[frozenset[str]]) -> list[tuple[str, str]]:
    """The pairs seated together who already met, table by table."""
    return [(a, b) for table in tables for i, a in enumerate(table) for b in table[i + 1:]
            if frozenset((a, b)) in met]


def repeats(tables: Sequence[Sequence[str]], met: Collection[frozenset[str]]) -> int:
    """How many pairs seated together already met (for a draw an organiser changed by hand too)."""
    return len(repeat_pairs(tables, met))


def check_sizes(sizes: Sequence[object]) -> tuple[int, ...]:
    """The game's player counts: whole numbers from 2 to MAX_TABLE."""
    if not sizes or not all(isinstance(s, int) and not isinstance(s, bool) and 2 <= s <= MAX_TABLE for s in sizes):
        raise RuleError("club.sizes", "", limit=MAX_TABLE)
    return tuple(sorted({s for s in sizes if isinstance(s, int)}))


def draw(order: Sequence[str], met: Collection[frozenset[str]], sizes: Sequence[int], round: int, seed: int,
         sat_out: Mapping[int, Sequence[str]] = EMPTY, size: int | None = None) -> Draw:
    """Seat the players of `order` for round `round`.

    order: the players to seat (standings order; for round 1 any order, shuffled by seed);
    met: pairs who already shared a table; sizes: the game's PLAYER_COUNTS; sat_out: who sat
    out in earlier rounds (round -> players), so sit-outs rotate; size: the table size to aim
    at (default: see `aim`). RuleError when the players are fewer than the smallest table, or
    the sizes or names are not ones.
    """
    names = check_players(order)
    allowed = check_sizes(sizes)
    check_round(round, "round")
    if size is not None and size not in allowed:
        raise RuleError("club.size", "", size=size, sizes=list(allowed))
    if len(names) < allowed[0]:
        raise RuleError("club.too_few", "", minimum=allowed[0], count=len(names))
    target = aim(allowed, size)
    rng = random.Random(f"club-draw:{seed}:{round}")
    shape, out_count = table_sizes(len(names), allowed, target)
    reasons = [Ruling("club.draw.tables", CLAUSE, {"count": len(names) - out_count, "sizes": list(shape)})]
    if len(set(shape)) > 1 or shape[0] != target:
        reasons.append(Ruling("club.draw.uneven", CLAUSE, {"count": len(names) - out_count, "size": target,
                                                           "sizes": list(shape)}))
    times = _times_out(names, sat_out)
    out = _sit_outs(names, out_count, times, rng)
    lineup = list(names)
    if round == 1:
        rng.shuffle(lineup)
    groups, tried, proved = seat([name for name in lineup if name not in out], shape, met)
    drawn_out = list(out)
    for _trade in range(TRADES):
        traded = list(out)
        if not out or not repeats(groups, met) or not _trade_sit_outs([list(g) for g in groups], traded, times, met):
            break
        again, steps, done = seat([name for name in lineup if name not in traded], shape, met)
        if repeats(again, met) >= repeats(groups, met):
            break
        out, groups, tried, proved = [name for name in names if name in traded], again, tried + steps, done
    if out:
        key = "club.draw.sit_out" if out == drawn_out else "club.draw.sit_out_traded"
        reasons.append(Ruling(key, CLAUSE, {"players": list(out), "count": len(out), "total": len(names)}))
    if round == 1:
        reasons.append(Ruling("club.draw.random", CLAUSE, {"round": round, "seed": seed}))
    else:
        reasons.append(Ruling("club.draw.standings", CLAUSE, {"round": round}))
    tables = []
    for group in groups:
        chairs = list(group)
        rng.shuffle(chairs)
        tables.append(Table(tuple(chairs)))
    pairs = repeat_pairs([t.players for t in tables], met)
    if not pairs:
        reasons.append(Ruling("club.draw.no_repeats", CLAUSE))
    else:
        key = "club.draw.repeats_proved" if proved else "club.draw.repeats_found"
        position = {name: i for i, name in enumerate(names)}
        named = [" – ".join(sorted(pair, key=position.__getitem__)) for pair in pairs]  # as the standings list them
        reasons.append(Ruling(key, CLAUSE, {"count": len(pairs), "pairs": named,
                                            "tried": tried}))
    return Draw(tuple(tables), tuple(out), len(pairs), tuple(reasons), proved)


def _times_out(names: Sequence[str], sat_out: Mapping[int, Sequence[str]]) -> dict[str, int]:
    """How many rounds each player has sat out."""
    times = {name: 0 for name in names}
    for _round, who in sat_out.items():
        for name in set(who):
            if name in times:
                times[name] += 1
    return times


def _sit_outs(names: Sequence[str], count: int, times: Mapping[str, int], rng: random.Random) -> list[str]:
    """`count` players drawn by lot among those who have sat out least, in `names` order."""
    if not count:
        return []
    lots = {name: rng.random() for name in names}
    chosen = set(sorted(names, key=lambda n: (times[n], lots[n]))[:count])
    return [name for name in names if name in chosen]


def _trade_sit_outs(groups: list[list[str]], out: list[str], times: Mapping[str, int],
                    met: Collection[frozenset[str]]) -> bool:
    """Trade a sit-out for a seated player who has sat out as often, while the trade seats fewer
    pairs who have met (the rotation stays as it was); whether any trade was made."""
    traded = False
    while True:
        trade = next(((i, group, j) for i, sitting in enumerate(out) for group in groups
                      for j, player in enumerate(group) if times[player] == times[sitting]
                      and _meets(player, group, met) > _meets(sitting, [m for m in group if m != player], met)), None)
        if trade is None:
            return traded
        i, group, j = trade
        group[j], out[i] = out[i], group[j]
        traded = True


def _meets(player: str, group: Sequence[str], met: Collection[frozenset[str]]) -> int:
    """How many of `group` (others than `player`) `player` has met."""
    return sum(1 for other in group if other != player and frozenset((player, other)) in met)


def seat(players: Sequence[str], shape: Sequence[int], met: Collection[frozenset[str]]
         ) -> tuple[list[list[str]], int, bool]:
    """Players (in the order they are to be seated, top first) at tables of `shape`: the
    seating with the fewest repeat meetings the search finds, the seatings tried, and whether
    the search was finished (the number proved the fewest).

    Depth-first, players in order, each trying first the tables where they add the fewest
    repeat meetings, the higher table first; so the first seating found is the Swiss-like
    one, and later ones are looked for only while they would have fewer repeats. Empty tables
    of one size are alike: only the first is tried.
    """
    count = len(players)
    friends: list[set[int]] = [set() for _ in players]
    index = {name: i for i, name in enumerate(players)}
    for pair in met:
        if len(pair) == 2:
            a, b = (index.get(n) for n in pair)
            if a is not None and b is not None:
                friends[a].add(b)
                friends[b].add(a)
    tables: list[list[int]] = [[] for _ in shape]
    best: list[list[int]] | None = None
    best_repeats = count * count
    nodes = 0
    # the stack holds, for each player seated so far, the table they sit at and the choices left
    stack: list[tuple[int, int, Iterator[tuple[int, int]]]] = []
    repeats_now = 0
    player = 0
    choices = _choices(0, tables, shape, friends) if count else iter(())
    while True:
        if player == count:
            if repeats_now < best_repeats:
                best, best_repeats = [list(t) for t in tables], repeats_now
            if best_repeats == 0:
                break
            step = None
        else:
            step = next(choices, None)
            if step is not None and repeats_now + step[0] >= best_repeats:
                step = None  # the choices come fewest repeats first: the rest are no better
        if step is not None and nodes < SEARCH_NODES:
            nodes += 1
            added, table = step
            tables[table].append(player)
            repeats_now += added
            stack.append((table, added, choices))
            player += 1
            choices = _choices(player, tables, shape, friends) if player < count else iter(())
            continue
        if not stack or nodes >= SEARCH_NODES:
            break
        table, added, choices = stack.pop()
        tables[table].pop()
        repeats_now -= added
        player -= 1
    proved = nodes < SEARCH_NODES or best_repeats == 0
    if best is not None and not proved:
        best_repeats -= _swap_down(best, friends)
        proved = best_repeats == 0
    seated = [[players[i] for i in table] for table in best or tables]  # best is None only with nobody to seat
    return sorted(seated, key=lambda t: min(index[n] for n in t)), nodes, proved


def _swap_down(tables: list[list[int]], friends: Sequence[set[int]]) -> int:
    """Swap players between tables while a swap seats fewer pairs who have met, nearest tables
    first (what the bounded search left, it may untangle); how many repeats the swaps removed."""
    removed = 0
    improved = True
    while improved:
        improved = False
        for gap in range(1, min(len(tables), SWAP_REACH + 1)):
            for a in range(len(tables) - gap):
                upper, lower = tables[a], tables[a + gap]
                for i in range(len(upper)):
                    for j in range(len(lower)):
                        x, y = upper[i], lower[j]
                        before = sum(1 for m in upper if m in friends[x]) + sum(1 for m in lower if m in friends[y])
                        after = (sum(1 for m in upper if m != x and m in friends[y])
                                 + sum(1 for m in lower if m != y and m in friends[x]))
                        if after < before:
                            upper[i], lower[j] = y, x
                            removed += before - after
                            improved = True
    return removed


def _choices(player: int, tables: Sequence[Sequence[int]], shape: Sequence[int],
             friends: Sequence[set[int]]) -> Iterator[tuple[int, int]]:
    """The tables `player` may sit at, as (repeats added, table), fewest repeats first, then
    the higher table; of the empty tables of one size only the first."""
    options = []
    empty: set[int] = set()
    for table, members in enumerate(tables):
        if len(members) == shape[table]:
            continue
        if not members:
            if shape[table] in empty:
                continue
            empty.add(shape[table])
        options.append((sum(1 for m in members if m in friends[player]), table))
    return iter(sorted(options))
