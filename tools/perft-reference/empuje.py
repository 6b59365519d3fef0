#!/usr/bin/env python3
"""Independent perft reference for Empuje, written from shared/RULES.md only.

Deliberately naive: the board is a dict {(x, y): 'W' | 'B'}, and a push is
simulated literally, one step at a time, as the rules tell it: "the piece
advances one square at a time in that direction; each step pushes the
contiguous chain of pieces in front of it one square; a piece pushed over the
edge is removed; the piece keeps advancing until no enemy piece remains ahead
of it on that line". (The Rust crate instead uses the closed form that the
Decision states; the two must agree.)

Position text (the same as the Rust crate's): ranks from the top, `/` between
them, `W`/`B` pieces and digits for empty runs; then the stage `p` (setter
places), `c` (chooser picks first/white/black), `f` (setter picks a colour
after `first`) or `w`/`b` (that colour moves in play); then the setter's
colour (`-`, `w`, `b`); then the number of moves played.

Usage:
    python3 tools/perft-reference/empuje.py [--size N | --position TEXT] DEPTH
prints `perft D N` for every depth 1..DEPTH.
"""

from common import perft_cli, rank_text, read_board

DIRS = {'n': (0, 1), 'e': (1, 0), 's': (0, -1), 'w': (-1, 0)}
OTHER = {'W': 'B', 'B': 'W'}


def parse_position(text):
    board_text, stage, setter, ply = text.split()
    # Squares are (x, y), y = 0 at the bottom, on an n × n board.
    board, n = read_board(board_text, lambda k, x, n: (x, n - 1 - k), lambda k, n: n)
    return {
        'n': n,
        'board': board,
        'stage': stage if stage in 'pcf' else 'play',
        'to_move': stage.upper() if stage in 'wb' else None,
        'setter': setter.upper() if setter != '-' else None,
    }


def start(n):
    return {'n': n, 'board': {}, 'stage': 'p', 'to_move': None, 'setter': None}


def enemy_ahead(pos, sq, d):
    n, board = pos['n'], pos['board']
    mover = board[sq]
    x, y = sq
    dx, dy = DIRS[d]
    x, y = x + dx, y + dy
    while 0 <= x < n and 0 <= y < n:
        if board.get((x, y)) == OTHER[mover]:
            return True
        x, y = x + dx, y + dy
    return False


def step(board, n, sq, d):
    """The piece on sq advances one square, pushing the contiguous chain in
    front of it; returns its new square."""
    dx, dy = DIRS[d]
    chain = []
    x, y = sq[0] + dx, sq[1] + dy
    while 0 <= x < n and 0 <= y < n and (x, y) in board:
        chain.append((x, y))
        x, y = x + dx, y + dy
    for c in reversed(chain):  # far end first
        piece = board.pop(c)
        nx, ny = c[0] + dx, c[1] + dy
        if 0 <= nx < n and 0 <= ny < n:
            board[(nx, ny)] = piece
    new = (sq[0] + dx, sq[1] + dy)
    board[new] = board.pop(sq)
    return new


def moves(pos):
    n, board = pos['n'], pos['board']
    if pos['stage'] == 'p':
        out = []
        for y in range(n):
            for x in range(n):
                if (x, y) in board:
                    continue
                for c in 'WB':
                    if list(board.values()).count(c) < 6:
                        out.append(('place', c, (x, y)))
        return out
    if pos['stage'] == 'c':
        return ['first', 'white', 'black']
    if pos['stage'] == 'f':
        return ['white', 'black']
    out = []
    for sq, c in sorted(board.items()):
        if c != pos['to_move']:
            continue
        for d in 'nesw':
            if enemy_ahead(pos, sq, d):
                out.append(('push', sq, d))
    return out


def play(pos, m):
    new = dict(pos)
    board = dict(pos['board'])
    new['board'] = board
    if pos['stage'] == 'p':
        _, c, sq = m
        board[sq] = c
        if len(board) == 12:
            new['stage'] = 'c'
    elif pos['stage'] == 'c':
        if m == 'first':
            new['stage'] = 'f'
        else:
            # The chooser takes a colour, the setter moves first.
            chooser = 'W' if m == 'white' else 'B'
            new['stage'] = 'play'
            new['setter'] = OTHER[chooser]
            new['to_move'] = OTHER[chooser]
    elif pos['stage'] == 'f':
        # The chooser moves first, the setter took colour m.
        setter = 'W' if m == 'white' else 'B'
        new['stage'] = 'play'
        new['setter'] = setter
        new['to_move'] = OTHER[setter]
    else:
        _, sq, d = m
        probe = dict(pos, board=board)
        while enemy_ahead(probe, sq, d):
            sq = step(board, pos['n'], sq, d)
        new['to_move'] = OTHER[pos['to_move']]
    return new


def position_text(pos):
    n = pos['n']
    ranks = [rank_text(pos['board'].get((x, y)) for x in range(n))
             for y in reversed(range(n))]
    stage = pos['stage'] if pos['stage'] != 'play' else pos['to_move'].lower()
    setter = pos['setter'].lower() if pos['setter'] else '-'
    return f"{'/'.join(ranks)} {stage} {setter} {pos.get('ply', 0)}"


def counted_play(pos, m):
    """The position after `m`, its moves counted (for the position text)."""
    new = play(pos, m)
    new['ply'] = new.get('ply', 0) + 1
    return new


def main():
    perft_cli(parse_position, start, moves, play, size=('--size', 6),
              playout=(moves, counted_play, position_text))


if __name__ == '__main__':
    main()
