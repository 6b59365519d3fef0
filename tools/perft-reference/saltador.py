#!/usr/bin/env python3
"""Independent perft reference for saltador (jumping-bishop chess).

Written from RULES.md alone, not from the Rust code: a plain 8x8 array of
piece letters, pseudo-legal moves, and a move is legal when the mover's king
is not attacked afterwards. Slow and simple on purpose.

Saltador is chess except the bishop, which leaps (+-3,+-3), (+-3,+-1) or
(+-1,+-3), unblockable. Perft follows the Tablero game contract: a position
with a result (checkmate, stalemate, fifty-move rule at 100 plies, threefold
repetition, insufficient material with the jumping bishop counted as a
bishop) has no moves.

Usage:
  saltador.py perft DEPTH FEN...      perft 1..DEPTH of each FEN (saltador)
  saltador.py --chess perft DEPTH FEN...   the same with ordinary bishops
  saltador.py selftest                 checks the chess mode against the
                                       published perft numbers
"""

import sys

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
JUMPER = [(3, 3), (3, -3), (-3, 3), (-3, -3),
          (3, 1), (3, -1), (-3, 1), (-3, -1),
          (1, 3), (1, -3), (-1, 3), (-1, -3)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

JUMPING = True  # False with --chess


def inside(x, y):
    return 0 <= x < 8 and 0 <= y < 8


def color_of(p):
    return 'w' if p.isupper() else 'b'


def other(c):
    return 'b' if c == 'w' else 'w'


class Pos:
    def __init__(self):
        self.board = [[None] * 8 for _ in range(8)]  # board[y][x]
        self.turn = 'w'
        self.castling = ''
        self.ep = None  # square a pawn just passed over, (x, y)
        self.halfmove = 0
        self.fullmove = 1
        self.history = []  # keys since the last capture or pawn move

    def copy(self):
        q = Pos()
        q.board = [row[:] for row in self.board]
        q.turn = self.turn
        q.castling = self.castling
        q.ep = self.ep
        q.halfmove = self.halfmove
        q.fullmove = self.fullmove
        q.history = self.history[:]
        return q

    def at(self, x, y):
        return self.board[y][x]


def parse_fen(fen):
    f = fen.split()
    p = Pos()
    rows = f[0].split('/')
    for i, row in enumerate(rows):
        y = 7 - i
        x = 0
        for ch in row:
            if ch.isdigit():
                x += int(ch)
            else:
                p.board[y][x] = ch
                x += 1
    p.turn = f[1]
    p.castling = '' if f[2] == '-' else f[2]
    p.ep = None if f[3] == '-' else ('abcdefgh'.index(f[3][0]), int(f[3][1]) - 1)
    p.halfmove = int(f[4]) if len(f) > 4 else 0
    p.fullmove = int(f[5]) if len(f) > 5 else 1
    p.history = [key(p)]
    return p


def attacked(p, x, y, by):
    """Whether side `by` attacks square (x, y)."""
    def piece(px, py):
        if not inside(px, py):
            return None
        q = p.at(px, py)
        if q is None or color_of(q) != by:
            return None
        return q.upper()

    # Pawns: a white pawn attacks up-left and up-right.
    dy = -1 if by == 'w' else 1
    for dx in (-1, 1):
        if piece(x + dx, y + dy) == 'P':
            return True
    for dx, ddy in KNIGHT:
        if piece(x + dx, y + ddy) == 'N':
            return True
    for dx, ddy in KING:
        if piece(x + dx, y + ddy) == 'K':
            return True
    if JUMPING:
        for dx, ddy in JUMPER:
            if piece(x + dx, y + ddy) == 'B':
                return True
    for dirs, roles in ((ORTHO, 'RQ'), (DIAG, 'Q' if JUMPING else 'BQ')):
        for dx, ddy in dirs:
            cx, cy = x + dx, y + ddy
            while inside(cx, cy):
                q = p.at(cx, cy)
                if q is not None:
                    if color_of(q) == by and q.upper() in roles:
                        return True
                    break
                cx += dx
                cy += ddy
    return False


def king_square(p, c):
    k = 'K' if c == 'w' else 'k'
    for y in range(8):
        for x in range(8):
            if p.at(x, y) == k:
                return x, y
    raise ValueError('no king')


def in_check(p, c):
    x, y = king_square(p, c)
    return attacked(p, x, y, other(c))


def pseudo_moves(p):
    """Moves as (from, to, promotion, special); special in
    {None, 'double', 'ep', 'O-O', 'O-O-O'}."""
    c = p.turn
    moves = []
    for y in range(8):
        for x in range(8):
            q = p.at(x, y)
            if q is None or color_of(q) != c:
                continue
            r = q.upper()

            def add(tx, ty):
                if not inside(tx, ty):
                    return False
                t = p.at(tx, ty)
                if t is None:
                    moves.append(((x, y), (tx, ty), None, None))
                    return True
                if color_of(t) != c:
                    moves.append(((x, y), (tx, ty), None, None))
                return False

            if r == 'P':
                d = 1 if c == 'w' else -1
                start = 1 if c == 'w' else 6
                last = 7 if c == 'w' else 0
                targets = []
                if inside(x, y + d) and p.at(x, y + d) is None:
                    targets.append((x, y + d))
                    if y == start and p.at(x, y + 2 * d) is None:
                        moves.append(((x, y), (x, y + 2 * d), None, 'double'))
                for dx in (-1, 1):
                    tx, ty = x + dx, y + d
                    if not inside(tx, ty):
                        continue
                    t = p.at(tx, ty)
                    if t is not None and color_of(t) != c:
                        targets.append((tx, ty))
                    elif t is None and p.ep == (tx, ty):
                        moves.append(((x, y), (tx, ty), None, 'ep'))
                for t in targets:
                    if t[1] == last:
                        for promo in 'QRBN':
                            moves.append(((x, y), t, promo, None))
                    else:
                        moves.append(((x, y), t, None, None))
            elif r == 'N':
                for dx, dy in KNIGHT:
                    add(x + dx, y + dy)
            elif r == 'K':
                for dx, dy in KING:
                    add(x + dx, y + dy)
            elif r == 'B' and JUMPING:
                for dx, dy in JUMPER:
                    add(x + dx, y + dy)
            else:
                dirs = {'B': DIAG, 'R': ORTHO, 'Q': DIAG + ORTHO}[r]
                for dx, dy in dirs:
                    tx, ty = x + dx, y + dy
                    while add(tx, ty):
                        tx += dx
                        ty += dy
    # Castling: right kept, squares between king and rook empty, king not
    # in check and not crossing or landing on an attacked square.
    rank = 0 if c == 'w' else 7
    king_side, queen_side = ('K', 'Q') if c == 'w' else ('k', 'q')
    them = other(c)
    if king_side in p.castling and p.at(5, rank) is None and p.at(6, rank) is None \
            and not any(attacked(p, fx, rank, them) for fx in (4, 5, 6)):
        moves.append(((4, rank), (6, rank), None, 'O-O'))
    if queen_side in p.castling and all(p.at(fx, rank) is None for fx in (1, 2, 3)) \
            and not any(attacked(p, fx, rank, them) for fx in (4, 3, 2)):
        moves.append(((4, rank), (2, rank), None, 'O-O-O'))
    return moves


def place(p, m):
    """The board after move m, with the side to move and nothing else."""
    (fx, fy), (tx, ty), promo, special = m
    q = Pos()
    q.board = [row[:] for row in p.board]
    q.turn = p.turn
    piece = q.at(fx, fy)
    q.board[fy][fx] = None
    if promo is not None:
        piece = promo if p.turn == 'w' else promo.lower()
    q.board[ty][tx] = piece
    if special == 'ep':
        q.board[fy][tx] = None  # the captured pawn stands beside the capturer
    if special == 'O-O':
        q.board[fy][7], q.board[fy][5] = None, q.board[fy][7]
    if special == 'O-O-O':
        q.board[fy][0], q.board[fy][3] = None, q.board[fy][0]
    return q


def apply(p, m):
    (fx, fy), (tx, ty), promo, special = m
    q = place(p, m)
    moved = p.at(fx, fy)
    captured = p.at(tx, ty) if special != 'ep' else 'pawn'
    q.castling = p.castling
    # Rights go when the king or a rook leaves home or a rook is taken there.
    for sq, rights in (((4, 0), 'KQ'), ((7, 0), 'K'), ((0, 0), 'Q'),
                       ((4, 7), 'kq'), ((7, 7), 'k'), ((0, 7), 'q')):
        if sq in ((fx, fy), (tx, ty)):
            q.castling = ''.join(ch for ch in q.castling if ch not in rights)
    q.ep = (fx, (fy + ty) // 2) if special == 'double' else None
    if moved.upper() == 'P' or captured is not None:
        q.halfmove = 0
        q.history = []
    else:
        q.halfmove = p.halfmove + 1
        q.history = p.history[:]
    q.fullmove = p.fullmove + (1 if p.turn == 'b' else 0)
    q.turn = other(p.turn)
    q.history.append(key(q))
    return q


def legal_moves(p):
    return [m for m in pseudo_moves(p) if not in_check(place(p, m), p.turn)]


def key(p):
    """Placement, side to move, castling rights, and the en-passant square
    only when an en-passant capture is legal."""
    ep = None
    if p.ep is not None:
        if any(m[3] == 'ep' and not in_check(place(p, m), p.turn)
               for m in pseudo_moves(p)):
            ep = p.ep
    return (tuple(tuple(r) for r in p.board), p.turn, ''.join(sorted(p.castling)), ep)


def insufficient(p):
    pieces = [(x, y, p.at(x, y)) for y in range(8) for x in range(8) if p.at(x, y)]
    if any(q.upper() in 'PRQ' for _, _, q in pieces):
        return False
    minors = [(x, y, q.upper()) for x, y, q in pieces if q.upper() in 'NB']
    if len(minors) <= 1:
        return True
    if all(r == 'B' for _, _, r in minors):
        return len({(x + y) % 2 for x, y, _ in minors}) == 1
    return False


def has_result(p, moves):
    if not moves:
        return True  # checkmate or stalemate
    if p.halfmove >= 100:
        return True
    if p.history.count(p.history[-1]) >= 3:
        return True
    return insufficient(p)


def perft(p, depth):
    if depth == 0:
        return 1
    moves = legal_moves(p)
    if has_result(p, moves):
        return 0
    if depth == 1:
        return len(moves)
    return sum(perft(apply(p, m), depth - 1) for m in moves)


PUBLISHED = [
    ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [20, 400, 8902, 197281]),
    ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862]),
    ('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238, 674624]),
    ('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', [6, 264, 9467]),
    ('r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1', [6, 264, 9467]),
    ('rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', [44, 1486, 62379]),
    ('r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', [46, 2079]),
]


def main(argv):
    global JUMPING
    if argv and argv[0] == '--chess':
        JUMPING = False
        argv = argv[1:]
    if argv and argv[0] == 'selftest':
        JUMPING = False
        for fen, counts in PUBLISHED:
            for d, n in enumerate(counts, 1):
                got = perft(parse_fen(fen), d)
                assert got == n, (fen, d, got, n)
        print('chess mode matches the published numbers')
        return
    if len(argv) < 3 or argv[0] != 'perft':
        print(__doc__)
        sys.exit(2)
    depth = int(argv[1])
    for fen in argv[2:]:
        p = parse_fen(fen)
        print(fen)
        for d in range(1, depth + 1):
            print('perft', d, perft(p, d), flush=True)


if __name__ == '__main__':
    main(sys.argv[1:])
