#!/usr/bin/env python3
"""Independent perft reference for Cracovia (shared/RULES.md, "cracovia").

Written straight from the rules, without looking at the Rust code: sets of
(file, rank) pairs, a breadth-first search for the angels' block. Prints the
perft count for each depth.

    python3 tools/perft-reference/cracovia.py 4
    python3 tools/perft-reference/cracovia.py --position "A6A/8/8/8/8/8/8/A6A a" 4
"""

from common import perft_cli, rank_cells

DIRS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def parse_position(text):
    """Ranks from the top split by '/', A = angel, D = demon, digits = runs
    of empty squares; then a (angels to move) or d (demons to move)."""
    board, side = text.split()
    angels, demons = set(), set()
    for row, rank in enumerate(board.split("/")):
        y = 7 - row
        cells, width = rank_cells(rank)
        for x, ch in cells:
            (angels if ch == "A" else demons).add((x, y))
        assert width == 8
    assert len(angels) == 4
    return frozenset(angels), frozenset(demons), side


def together(angels):
    """All angels in one block, touching sideways or diagonally."""
    angels = list(angels)
    seen = {angels[0]}
    todo = [angels[0]]
    while todo:
        x, y = todo.pop()
        for a in angels:
            if a not in seen and max(abs(a[0] - x), abs(a[1] - y)) == 1:
                seen.add(a)
                todo.append(a)
    return len(seen) == len(angels)


def inside(x, y):
    return 0 <= x < 8 and 0 <= y < 8


def moves(pos):
    angels, demons, side = pos
    if together(angels):
        return []  # the angels have won
    full = angels | demons
    out = []
    if side == "d":
        for y in range(8):
            for x in range(8):
                if (x, y) not in full:
                    out.append(("demon", (x, y)))
        return out
    for (x, y) in angels:
        for dx, dy in DIRS:
            one = (x + dx, y + dy)
            if not inside(*one) or one in full:
                continue
            out.append(("angel", (x, y), one))
            two = (x + 2 * dx, y + 2 * dy)
            if inside(*two) and two not in full:
                out.append(("angel", (x, y), two))
    return out


def play(pos, m):
    angels, demons, side = pos
    if m[0] == "demon":
        return angels, demons | {m[1]}, "a"
    return (angels - {m[1]}) | {m[2]}, demons, "d"


START = "A6A/8/8/8/8/8/8/A6A a"


def main():
    perft_cli(parse_position, lambda: parse_position(START), moves, play)


if __name__ == "__main__":
    main()
