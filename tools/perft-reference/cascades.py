#!/usr/bin/env python3
"""Independent perft reference for Cascades, written from shared/RULES.md only.

Deliberately naive: the board is a dict {(k, i): 'W' | 'B'} with k the row
counted from the TOP (as RULES.md states adjacency), and a turn's two-stone
moves are found by literally trying every order and collecting the *sets*.

Position text (the same as the Rust crate's): rows from the top, `/` between
them, `W`/`B` stones and numbers for runs of empty cells, then the side to
move `w`/`b`, the passes just made in a row, and the number of moves played
(0 = White's very first turn, which allows at most one stone).

Usage:
    python3 tools/perft-reference/cascades.py [--rows N | --position TEXT] DEPTH
prints `perft D N` for every depth 1..DEPTH.
"""

import argparse
import sys


def parse_position(text):
    board_text, side, passes, ply = text.split()
    ranks = board_text.split('/')
    rows = len(ranks)
    board = {}
    for k, rank in enumerate(ranks):
        i = 0
        num = ''
        for ch in rank + '.':
            if ch.isdigit():
                num += ch
                continue
            if num:
                i += int(num)
                num = ''
            if ch in 'WB':
                board[(k, i)] = ch
                i += 1
        assert i == 8 + k, f"row {k} has {i} cells"
    return {
        'rows': rows,
        'board': board,
        'side': side.upper(),
        'passes': int(passes),
        'ply': int(ply),
    }


def start(rows):
    board = {}
    for i in range(8):
        board[(0, i)] = 'W' if i % 2 == 0 else 'B'
    return {'rows': rows, 'board': board, 'side': 'W', 'passes': 0, 'ply': 0}


def on_board(rows, k, i):
    return 0 <= k < rows and 0 <= i < 8 + k


def neighbours_that_allow(k, i):
    """Cells whose stone lets a stone go on (k, i): beside it, or above it
    (the cell is below them)."""
    return [(k, i - 1), (k, i + 1), (k - 1, i - 1), (k - 1, i)]


def can_place(rows, board, colour, k, i):
    if not on_board(rows, k, i) or (k, i) in board:
        return False
    return any(board.get(n) == colour for n in neighbours_that_allow(k, i))


def bottom_counts(pos):
    k = pos['rows'] - 1
    cells = [pos['board'].get((k, i)) for i in range(8 + k)]
    return cells.count('W'), cells.count('B'), len(cells)


def is_over(pos):
    w, b, n = bottom_counts(pos)
    if w * 2 > n or b * 2 > n:
        return True
    if w + b == n:
        return True
    return pos['passes'] >= 2


def moves(pos):
    """Every legal move: 'pass', a 1-tuple or a frozenset of two cells."""
    if is_over(pos):
        return []
    rows, board, colour = pos['rows'], pos['board'], pos['side']
    cells = [(k, i) for k in range(rows) for i in range(8 + k)]
    ones = [c for c in cells if can_place(rows, board, colour, *c)]
    result = ['pass'] + [(c,) for c in ones]
    first_turn = pos['ply'] == 0 and colour == 'W'
    if not first_turn:
        pairs = set()
        for a in ones:
            after = dict(board)
            after[a] = colour
            for b in cells:
                if can_place(rows, after, colour, *b):
                    pairs.add(frozenset([a, b]))
        result += list(pairs)
    return result


def play(pos, m):
    board = dict(pos['board'])
    if m == 'pass':
        passes = pos['passes'] + 1
    else:
        for c in m:
            board[c] = pos['side']
        passes = 0
    return {
        'rows': pos['rows'],
        'board': board,
        'side': 'B' if pos['side'] == 'W' else 'W',
        'passes': passes,
        'ply': pos['ply'] + 1,
    }


def position_text(pos):
    ranks = []
    for k in range(pos['rows']):
        text, run = '', 0
        for i in range(8 + k):
            stone = pos['board'].get((k, i))
            if stone is None:
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += stone
        ranks.append(text + (str(run) if run else ''))
    return f"{'/'.join(ranks)} {pos['side'].lower()} {pos['passes']} {pos['ply']}"


def random_playout(pos, seed, plies):
    """A reproducible random game, to pick test positions."""
    import random
    rng = random.Random(seed)
    for _ in range(plies):
        ms = [m for m in moves(pos) if m != 'pass'] or moves(pos)
        if not ms:
            break
        ms.sort(key=lambda m: sorted(m) if m != 'pass' else [])
        pos = play(pos, rng.choice(ms))
    return pos


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(play(pos, m), depth - 1) for m in ms)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--rows', type=int, default=8)
    ap.add_argument('--position')
    ap.add_argument('--playout', nargs=2, type=int, metavar=('SEED', 'PLIES'),
                    help='print the position after a random game instead')
    ap.add_argument('depth', type=int, nargs='?', default=0)
    args = ap.parse_args()
    pos = parse_position(args.position) if args.position else start(args.rows)
    if args.playout:
        print(position_text(random_playout(pos, *args.playout)))
        return
    for d in range(1, args.depth + 1):
        print(f"perft {d} {perft(pos, d)}")
        sys.stdout.flush()


if __name__ == '__main__':
    main()
