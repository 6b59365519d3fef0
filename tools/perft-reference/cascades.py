#!/usr/bin/env python3
"""Independent perft reference for Cascades, written from shared/RULES.md only.

Deliberately naive: the board is a dict {(k, i): 'W' | 'B'} with k the row
counted from the TOP (as RULES.md states adjacency), and a turn's two-stone
moves are found by literally trying every order and collecting the *sets*.
The game ends "as soon as" a side has the majority of the bottom row or the
row is full, so an order whose first stone ends the game is not legal: the
board after the first stone is checked for the end before any second stone.

Position text (the same as the Rust crate's): rows from the top, `/` between
them, `W`/`B` stones and numbers for runs of empty cells, then the side to
move `w`/`b`, the passes just made in a row, and the number of moves played
(0 = White's very first turn, which allows at most one stone).

Usage:
    python3 tools/perft-reference/cascades.py [--rows N | --position TEXT] DEPTH
prints `perft D N` for every depth 1..DEPTH.
"""

from common import perft_cli, rank_text, read_board


def parse_position(text):
    board_text, side, passes, ply = text.split()
    # Cells are (row from the top, index); row k has 8 + k cells.
    board, rows = read_board(board_text, lambda k, i, n: (k, i), lambda k, n: 8 + k)
    assert set(board.values()) <= {'W', 'B'}, board_text
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


def ended_by_stones(rows, board):
    """End (1) or (2): a side holds a majority of the bottom row, or the
    bottom row is full."""
    k = rows - 1
    cells = [board.get((k, i)) for i in range(8 + k)]
    w, b, n = cells.count('W'), cells.count('B'), len(cells)
    return w * 2 > n or b * 2 > n or w + b == n


def is_over(pos):
    return ended_by_stones(pos['rows'], pos['board']) or pos['passes'] >= 2


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
            # "As soon as": a first stone that ends the game (majority or
            # full bottom row) leaves no room for a second one.
            if ended_by_stones(rows, after):
                continue
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
    ranks = [rank_text(pos['board'].get((k, i)) for i in range(8 + k))
             for k in range(pos['rows'])]
    return f"{'/'.join(ranks)} {pos['side'].lower()} {pos['passes']} {pos['ply']}"


def playout_choices(pos):
    """The moves a random game picks from: passing only when nothing
    else is legal, in a fixed order."""
    ms = [m for m in moves(pos) if m != 'pass'] or moves(pos)
    return sorted(ms, key=lambda m: sorted(m) if m != 'pass' else [])


def main():
    playout = (playout_choices, play, position_text)
    perft_cli(parse_position, start, moves, play, size=('--rows', 8), playout=playout)


if __name__ == '__main__':
    main()
