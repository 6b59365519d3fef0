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


from common import position_cli, rank_cells

START = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0"


def parse(text):
    fields = text.split()
    rows = fields[0].split("/")
    assert len(rows) == 8
    board = [[None] * 8 for _ in range(8)]  # board[rank][file], rank 0 = rank 1
    for i, row in enumerate(rows):
        cells, width = rank_cells(row)
        for f, ch in cells:
            board[7 - i][f] = "W" if ch == "P" else "B"
        assert width == 8, row
    return board, ("W" if fields[1] == "w" else "B")


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
    step = 1 if side == "W" else -1
    for r in range(8):
        for f in range(8):
            if board[r][f] != side:
                continue
            nr = r + step
            if not 0 <= nr < 8:
                continue
            if board[nr][f] is None:
                out.append((r, f, nr, f))
            for nf in (f - 1, f + 1):
                if 0 <= nf < 8 and board[nr][nf] != side:
                    out.append((r, f, nr, nf))
    return out


def perft(board, side, depth, over=False):
    if depth == 0:
        return 1
    if over:
        return 0
    total = 0
    other = "B" if side == "W" else "W"
    for (r, f, nr, nf) in moves(board, side):
        taken = board[nr][nf]
        board[r][f] = None
        board[nr][nf] = side
        total += perft(board, other, depth - 1, winner(board, side) is not None)
        board[nr][nf] = taken
        board[r][f] = side
    return total


def finished(board, side):
    """Whether the position's last move already won: then it has no moves."""
    return winner(board, "B" if side == "W" else "W") is not None


def main():
    position_cli(START, parse, finished, perft)


if __name__ == "__main__":
    main()
