#!/usr/bin/env python3
"""Independent perft reference for Barrier (shared/RULES.md, "barrier").

Written straight from the rules, without looking at the Rust code: plain
sets and tuples, no cleverness. Prints the perft count for each depth.

    python3 tools/perft-reference/barrier.py --size 8 4
    python3 tools/perft-reference/barrier.py --position "8/8/8/8/8/8/8/8 w" 4
"""

from common import perft_cli, rank_cells


def parse_position(text):
    """Position text: ranks from the top split by '/', N = White knight,
    n = Black knight, x = token, digits = runs of empty squares; then w/b."""
    board, side = text.split()
    ranks = board.split("/")
    size = len(ranks)
    tokens = set()
    knights = [None, None]
    for row, rank in enumerate(ranks):
        y = size - 1 - row
        cells, width = rank_cells(rank)
        for x, ch in cells:
            if ch == "x":
                tokens.add((x, y))
            elif ch == "N":
                knights[0] = (x, y)
            elif ch == "n":
                knights[1] = (x, y)
            else:
                raise ValueError(ch)
        assert width == size, (rank, width)
    return size, frozenset(tokens), tuple(knights), 0 if side == "w" else 1


def on_board(size, sq):
    return 0 <= sq[0] < size and 0 <= sq[1] < size


def moves(pos):
    size, tokens, knights, side = pos
    blocked = set(tokens) | {k for k in knights if k is not None}
    out = []
    if knights[1] is None:
        # Set-up: the side to place puts its knight on any empty square.
        for y in range(size):
            for x in range(size):
                if (x, y) not in blocked:
                    out.append(("place", (x, y)))
        return out
    x, y = knights[side]
    for dx, dy in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]:
        dest = (x + dx, y + dy)
        if not on_board(size, dest):
            continue
        sx = 1 if dx > 0 else -1
        sy = 1 if dy > 0 else -1
        if abs(dy) == 2:
            # vertical long axis
            long_first = [(x, y + sy), (x, y + 2 * sy)]
            short_first = [(x + sx, y), (x + sx, y + sy)]
        else:
            long_first = [(x + sx, y), (x + 2 * sx, y)]
            short_first = [(x, y + sy), (x + sx, y + sy)]
        for path in (long_first, short_first):
            if all(s not in blocked for s in path + [dest]):
                out.append(("jump", (x, y), path, dest))
    return out


def play(pos, m):
    size, tokens, knights, side = pos
    knights = list(knights)
    if m[0] == "place":
        knights[side] = m[1]
    else:
        _, origin, path, dest = m
        tokens = tokens | {origin, path[0], path[1]}
        knights[side] = dest
    return size, tokens, tuple(knights), 1 - side


def empty(size):
    """The start: an empty board, White to place its knight."""
    return (size, frozenset(), (None, None), 0)


def main():
    perft_cli(parse_position, empty, moves, play, size=("--size", 8))


if __name__ == "__main__":
    main()
