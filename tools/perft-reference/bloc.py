#!/usr/bin/env python3
"""Independent perft reference for Bloc, written from shared/RULES.md.

Deliberately simple and separate from the Rust code: the board is a dict
from (file, rank) to [colour, marked], groups are found by breadth-first
search, and nothing is optimised.

Rules used (RULES.md, bloc):
- start: the board full in a checkerboard, a square Black when
  (file + rank) is even counting a = 1 and rank 1 = 1; White moves first;
- a move: an unmarked stone of the mover steps one square orthogonally onto
  an unmarked enemy stone, which is removed;
- G = the mover's stones orthogonally connected to the moved stone. If G has
  two or more stones, the move also names the single square of G that
  carries G's marker afterwards (every square of G is a distinct move; all
  other markers in G go); stones outside G are untouched. A single stone
  gets no marker;
- the player to move with no legal move loses; a finished game has no moves.

Usage:
    python3 tools/perft-reference/bloc.py [--size WxH | POSITION] DEPTH...
POSITION is the Tablero position text (ranks from the top, `S`/`s` unmarked
White/Black, `M`/`m` marked, digits for empty runs, then `w`/`b`); without
it, the start position of the given size (default 6x6).
"""

import sys
from collections import deque

from common import print_perfts, rank_cells


def start(width, height):
    board = {}
    for x in range(width):
        for y in range(height):
            black = ((x + 1) + (y + 1)) % 2 == 0
            board[(x, y)] = ["B" if black else "W", False]
    return board, width, height, "W"


def parse(text):
    fields = text.split()
    rows = fields[0].split("/")
    height = len(rows)
    board = {}
    width = None
    for i, row in enumerate(rows):
        y = height - 1 - i
        cells, x = rank_cells(row)
        for cx, ch in cells:
            colour = "W" if ch in "SM" else "B"
            board[(cx, y)] = [colour, ch in "Mm"]
        assert width is None or width == x
        width = x
    return board, width, height, ("W" if fields[1] == "w" else "B")


STEPS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def group(board, square, width, height):
    colour = board[square][0]
    seen = {square}
    todo = deque([square])
    while todo:
        x, y = todo.popleft()
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if n in board and board[n][0] == colour and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def moves(board, width, height, side):
    """Each move as (from, to, marker or None)."""
    out = []
    for frm, (colour, marked) in list(board.items()):
        if colour != side or marked:
            continue
        x, y = frm
        for dx, dy in STEPS:
            to = (x + dx, y + dy)
            if to not in board or board[to][0] == side or board[to][1]:
                continue
            after = play(board, frm, to, None)
            g = group(after, to, width, height)
            if len(g) >= 2:
                for k in g:
                    out.append((frm, to, k))
            else:
                out.append((frm, to, None))
    return out


def play(board, frm, to, marker):
    b = {sq: v[:] for sq, v in board.items()}
    b[to] = b.pop(frm)
    if marker is not None:
        for sq in group(b, to, None, None):
            b[sq][1] = False
        b[marker][1] = True
    return b


def perft(board, width, height, side, depth):
    if depth == 0:
        return 1
    ms = moves(board, width, height, side)
    if depth == 1:
        return len(ms)
    other = "B" if side == "W" else "W"
    return sum(
        perft(play(board, f, t, k), width, height, other, depth - 1) for f, t, k in ms
    )


def main():
    args = sys.argv[1:]
    if args and args[0] == "--size":
        w, h = args[1].lower().split("x")
        state = start(int(w), int(h))
        args = args[2:]
    elif args and not args[0].isdigit():
        state = parse(args.pop(0))
    else:
        state = start(6, 6)
    board, width, height, side = state
    print_perfts(lambda d: perft(board, width, height, side, d), [int(d) for d in args])


if __name__ == "__main__":
    main()
