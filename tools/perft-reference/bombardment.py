#!/usr/bin/env python3
"""Independent perft reference for Bombardment, written from shared/RULES.md.

Deliberately simple and separate from the Rust code: the board is a list of
8 lists (rank 1 first), moves are plain tuples, and nothing is optimised.

Rules used (RULES.md, bombardment):
- a turn is a step (one square straight or diagonally forward onto an empty
  square; never a capture) or an explosion (one of your pieces and every
  piece on the up to 8 squares around it are removed);
- a step onto the opponent's back rank wins at once;
- after an explosion: both sides empty is a draw, else an empty side loses;
- a finished game has no moves.

Usage:
    python3 tools/perft-reference/bombardment.py [POSITION] DEPTH...
POSITION is the Tablero position text (`ranks/... w|b [ply]`, `S` White,
`s` Black); without it, the start position. Prints `perft D N` per depth.
"""


from common import board8, forward, position_cli

START = "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSS w 0"


def parse(text):
    """The board (board[rank][file], rank 0 = rank 1) and the side to move."""
    return board8(text, "S")


def count(board, side):
    return sum(1 for r in range(8) for f in range(8) if board[r][f] == side)


def game_over(board, just_moved, last_was_step):
    goal = 7 if just_moved == "W" else 0
    if last_was_step:
        return any(board[goal][f] == just_moved for f in range(8))
    return count(board, "W") == 0 or count(board, "B") == 0


def moves(board, side):
    out = []
    for r, f, nr in forward(board, side):
        for nf in (f - 1, f, f + 1):
            if 0 <= nr < 8 and 0 <= nf < 8 and board[nr][nf] is None:
                out.append(("step", r, f, nr, nf))
        out.append(("boom", r, f))
    return out


def play(board, side, m):
    b = [row[:] for row in board]
    if m[0] == "step":
        _, r, f, nr, nf = m
        b[r][f] = None
        b[nr][nf] = side
    else:
        _, r, f = m
        for dr in (-1, 0, 1):
            for df in (-1, 0, 1):
                if 0 <= r + dr < 8 and 0 <= f + df < 8:
                    b[r + dr][f + df] = None
    return b


def children(board, side):
    """The board after each move, and whether the move ended the game."""
    for m in moves(board, side):
        nb = play(board, side, m)
        yield nb, game_over(nb, side, m[0] == "step")


def finished(board, side):
    """Whether a given position has ended: the last mover stands on its
    goal rank, or a side is empty."""
    just_moved = "B" if side == "W" else "W"
    return game_over(board, just_moved, True) or game_over(board, just_moved, False)


def main():
    position_cli(START, parse, finished, children)


if __name__ == "__main__":
    main()
