#!/usr/bin/env python3
"""Independent perft reference for Breakthrough, written from shared/RULES.md.

Deliberately simple and separate from the Rust code: the board is a list of
8 lists (rank 1 first), moves are plain tuples, and nothing is optimised.

Rules used (RULES.md, breakthrough):
- a move is one step straight forward onto an empty square, or one step
  diagonally forward onto an empty square or onto an enemy piece (captured);
- a side wins on reaching the opponent's back rank, or when the opponent has
  no pieces; a finished game has no moves.

Usage:
    python3 tools/perft-reference/breakthrough.py [POSITION] DEPTH...
POSITION is the Tablero position text (`ranks/... w|b [ply]`); without it,
the start position. Prints `perft D N` for each depth.
"""


from common import board8, forward, position_cli

START = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0"


def parse(text):
    """The board (board[rank][file], rank 0 = rank 1) and the side to move."""
    return board8(text, "P")


def winner(board, just_moved):
    """The winner after `just_moved` played, or None."""
    other = "B" if just_moved == "W" else "W"
    goal = 7 if just_moved == "W" else 0
    if any(board[goal][f] == just_moved for f in range(8)):
        return just_moved
    if not any(board[r][f] == other for r in range(8) for f in range(8)):
        return just_moved
    return None


def moves(board, side):
    out = []
    for r, f, nr in forward(board, side):
        if not 0 <= nr < 8:
            continue
        if board[nr][f] is None:
            out.append((r, f, nr, f))
        for nf in (f - 1, f + 1):
            if 0 <= nf < 8 and board[nr][nf] != side:
                out.append((r, f, nr, nf))
    return out


def children(board, side):
    """The board after each move (played on `board` itself and taken back
    once the caller is done with it) and whether the move won."""
    for (r, f, nr, nf) in moves(board, side):
        taken = board[nr][nf]
        board[r][f] = None
        board[nr][nf] = side
        yield board, winner(board, side) is not None
        board[nr][nf] = taken
        board[r][f] = side


def finished(board, side):
    """Whether the position's last move already won: then it has no moves."""
    return winner(board, "B" if side == "W" else "W") is not None


def main():
    position_cli(START, parse, finished, children)


if __name__ == "__main__":
    main()
