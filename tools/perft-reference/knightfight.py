#!/usr/bin/env python3
"""Independent perft reference for Knight Fight (shared/RULES.md,
"knightfight").

Written straight from the rules, without looking at the Rust code. The deal
follows the project's fixed recipe: the numbers 0..=99 in order, shuffled
by SplitMix64 (Steele, Lea, Flood; Vigna's splitmix64.c) with a Fisher-Yates
shuffle from the end, each index drawn without modulo bias (draws at or
above 2^64 - 1 - (2^64 - 1) % n are thrown away); the number at list index
i goes on square i (a1 = 0, b1 = 1, ..., j10 = 99).

    python3 tools/perft-reference/knightfight.py --seed 0 5
    python3 tools/perft-reference/knightfight.py --position "TEXT" 5
    python3 tools/perft-reference/knightfight.py --layout $(seq -s, 0 99) 5
    python3 tools/perft-reference/knightfight.py --seed 42 --deal
"""

import argparse

from common import perft, print_perfts

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        limit = MASK - MASK % n
        while True:
            r = self.next()
            if r < limit:
                return r % n


def deal(seed):
    nums = list(range(100))
    rng = SplitMix64(seed)
    for i in range(99, 0, -1):
        j = rng.below(i + 1)
        nums[i], nums[j] = nums[j], nums[i]
    return nums


def name(sq):
    return "abcdefghij"[sq % 10] + str(sq // 10 + 1)


# A position: (numbers, usable, knights, scores, side), where numbers is a
# tuple of 100 numbers by square, usable a frozenset of squares, knights a
# tuple (white, black) of squares or None, scores a tuple, side 0 or 1.


def start(numbers):
    return (tuple(numbers), frozenset(range(100)), (None, None), (0, 0), 0)


def parse_position(text):
    """Ranks from the top split by '/'; each square is two digits, prefixed
    by x (erased), - (left by a knight), N (White knight) or n (Black
    knight); then w/b, White's score, Black's score."""
    board, side, ws, bs = text.split()
    numbers = [None] * 100
    usable = set()
    knights = [None, None]
    for row, rank in enumerate(board.split("/")):
        y = 9 - row
        x = 0
        i = 0
        while i < len(rank):
            mark = ""
            if not rank[i].isdigit():
                mark = rank[i]
                i += 1
            sq = y * 10 + x
            numbers[sq] = int(rank[i:i + 2])
            i += 2
            if mark not in ("x", "-"):
                usable.add(sq)
            if mark == "N":
                knights[0] = sq
            if mark == "n":
                knights[1] = sq
            x += 1
        assert x == 10
    assert sorted(numbers) == list(range(100))
    return (tuple(numbers), frozenset(usable), tuple(knights), (int(ws), int(bs)), 0 if side == "w" else 1)


def knight_targets(sq):
    x, y = sq % 10, sq // 10
    out = []
    for dx, dy in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]:
        if 0 <= x + dx < 10 and 0 <= y + dy < 10:
            out.append((y + dy) * 10 + x + dx)
    return out


def is_double(n):
    return n // 10 == n % 10


def landing_moves(pos, origin, target):
    """Every move landing on target: without an erase, and, on a double,
    with the erase of each other usable, unoccupied double."""
    numbers, usable, knights, scores, side = pos
    out = [(origin, target, None)]
    if is_double(numbers[target]):
        still = usable - ({origin} if origin is not None else set())
        for sq in range(100):
            if (is_double(numbers[sq]) and sq in still and sq != target
                    and sq not in knights):
                out.append((origin, target, sq))
    return out


def moves(pos):
    numbers, usable, knights, scores, side = pos
    out = []
    if knights[0] is None or knights[1] is None:
        rank = 0 if knights[0] is None else 9
        for x in range(10):
            sq = rank * 10 + x
            if sq in usable and sq not in knights:
                out += landing_moves(pos, None, sq)
        return out
    mine, theirs = knights[side], knights[1 - side]
    attacked = set(knight_targets(theirs))
    for t in knight_targets(mine):
        if t in usable and t != theirs and t not in attacked:
            out += landing_moves(pos, mine, t)
    return out


def play(pos, m):
    numbers, usable, knights, scores, side = pos
    origin, target, erase = m
    usable = set(usable)
    knights = list(knights)
    if origin is not None:
        usable.discard(origin)  # the square left loses its number
    knights[side] = target
    n = numbers[target]
    scores = list(scores)
    scores[side] += n
    if not is_double(n):
        rev = (n % 10) * 10 + n // 10
        rsq = numbers.index(rev)
        if rsq in usable and rsq not in knights:
            usable.discard(rsq)
    elif erase is not None:
        usable.discard(erase)
    return (numbers, frozenset(usable), tuple(knights), tuple(scores), 1 - side)


def text(pos, m):
    numbers = pos[0]
    origin, target, erase = m
    s = name(target) if origin is None else name(origin) + "-" + name(target)
    if erase is not None:
        s += "x%02d" % numbers[erase]
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--position")
    ap.add_argument("--layout", help="100 comma-separated numbers, a1, b1, ..., j10")
    ap.add_argument("--deal", action="store_true", help="print the deal and stop")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("depth", type=int, nargs="?", default=0)
    a = ap.parse_args()
    if a.deal:
        nums = deal(a.seed)
        for y in range(9, -1, -1):
            print(" ".join("%s=%02d" % (name(y * 10 + x), nums[y * 10 + x]) for x in range(10)))
        return
    if a.position:
        pos = parse_position(a.position)
    elif a.layout:
        layout = [int(n) for n in a.layout.split(",")]
        assert sorted(layout) == list(range(100))
        pos = start(layout)
    else:
        pos = start(deal(a.seed))
    if a.divide:
        for m in moves(pos):
            print(text(pos, m), perft(play(pos, m), a.depth - 1, moves, play))
        return
    print_perfts(lambda d: perft(pos, d, moves, play), range(1, a.depth + 1))


if __name__ == "__main__":
    main()
