#!/usr/bin/env python3
"""Independent perft reference for Ajedrez del Guadalete (and, through
guadalete14.py, its 14-rank cylinder), written from shared/RULES.md.

Plain and slow on purpose: a dictionary board, moves generated piece by
piece, a move is legal when, after making it on a copy, no enemy piece
attacks the mover's king (attacks are computed forwards, from every enemy
piece). It shares no code with the Rust engine.

Usage:
    python3 tools/perft-reference/guadalete.py DEPTH [--position TEXT] [--divide]

The position text is the one the Rust game writes (see guadalete/fen.rs):
    <board> <w|b> <castling> <en passant> <halfmove> <fullmove> <planks> <W:B> [r2|r3]
"""

import sys

FILES = "abcdefgh"


class Rules:
    """The board and the rules that differ between the two games."""

    def __init__(self, cylinder):
        self.cylinder = cylinder
        self.ranks = 14 if cylinder else 8
        # River ranks, 1-based: 4 and 5 on the flat board, 1 and 14 on the
        # cylinder.
        river_ranks = (1, 14) if cylinder else (4, 5)
        self.river = {(f, r) for f in range(8) for r in river_ranks}
        # Rank of the king and rooks at the start.
        self.home = {"w": 3, "b": 12} if cylinder else {"w": 1, "b": 8}
        if cylinder:
            self.start = ("8/tttttttt/rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR/TTTTTTTT/8"
                          " w KQkq - 0 1 - 0:0")
        else:
            self.start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0:0"

    def go(self, sq, df, dr):
        """The square df files and dr ranks away, or None off the board.
        Ranks are 1-based; the cylinder joins rank `ranks` to rank 1."""
        f, r = sq
        f += df
        r += dr
        if not 0 <= f < 8:
            return None
        if self.cylinder:
            r = (r - 1) % self.ranks + 1
        elif not 1 <= r <= self.ranks:
            return None
        return (f, r)


def name(sq):
    return FILES[sq[0]] + str(sq[1])


def parse_square(s):
    return (FILES.index(s[0]), int(s[1:]))


def colour(p):
    return "w" if p.isupper() else "b"


def other(c):
    return "b" if c == "w" else "w"


KING_DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
ROOK_DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


class State:
    def __init__(self, rules, text):
        self.rules = rules
        fields = text.split()
        rows = fields[0].split("/")
        assert len(rows) == rules.ranks
        self.board = {}
        for i, row in enumerate(rows):
            r = rules.ranks - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    self.board[(f, r)] = ch
                    f += 1
            assert f == 8
        self.turn = fields[1]
        self.castling = set() if fields[2] == "-" else set(fields[2])
        self.ep = None if fields[3] == "-" else parse_square(fields[3])
        self.halfmove = int(fields[4])
        self.fullmove = int(fields[5])
        self.planks = set() if fields[6] == "-" else {parse_square(s) for s in fields[6].split(",")}
        w, b = fields[7].split(":")
        self.made = {"w": int(w), "b": int(b)}
        repeated = int(fields[8][1:]) if len(fields) > 8 else 1
        self.history = [self.key()] * repeated

    def copy(self):
        s = State.__new__(State)
        s.rules = self.rules
        s.board = dict(self.board)
        s.turn = self.turn
        s.castling = set(self.castling)
        s.ep = self.ep
        s.halfmove = self.halfmove
        s.fullmove = self.fullmove
        s.planks = set(self.planks)
        s.made = dict(self.made)
        s.history = list(self.history)
        return s

    # --- what a piece is ---------------------------------------------------

    def kind(self, p):
        """'plankpawn' for pawns that walk into the river and become planks
        (guadalete's pawns, the cylinder's rear pawns T/t), 'pawn' for the
        cylinder's front pawns, else the piece letter in lower case."""
        k = p.lower()
        if self.rules.cylinder:
            if k == "t":
                return "plankpawn"
            if k == "p":
                return "pawn"
            return k
        return "plankpawn" if k == "p" else k

    def open_river(self, sq):
        return sq in self.rules.river and sq not in self.planks

    # --- attacks, computed forwards from the attacker ------------------------

    def attacks_of(self, sq):
        """Squares the piece on sq could capture on (if an enemy stood there),
        each once: on the cylinder a file is a loop, so a rook can reach a
        square both upwards and downwards (and a bishop on the a-file reaches
        the h-file seven ranks up and down at once)."""
        out = []
        for t in self.attack_paths(sq):
            if t not in out:
                out.append(t)
        return out

    def attack_paths(self, sq):
        p = self.board[sq]
        k = self.kind(p)
        c = colour(p)
        go = self.rules.go
        out = []
        if k == "plankpawn":
            return out  # these pawns never capture
        if k == "pawn":
            up = 1 if c == "w" else -1
            for df in (-1, 1):
                t = go(sq, df, up)
                if t:
                    out.append(t)
            return out
        if k == "k":
            for df, dr in KING_DIRS:
                t = go(sq, df, dr)
                if t and t not in self.rules.river:  # kings never in the river
                    out.append(t)
            return out
        if k in ("n", "a"):
            for df, dr in KNIGHT_JUMPS:
                t = go(sq, df, dr)
                if t and (k == "a" or not self.open_river(t)):
                    out.append(t)
        dirs = {"b": BISHOP_DIRS, "r": ROOK_DIRS, "q": KING_DIRS, "a": KING_DIRS}.get(k, [])
        for df, dr in dirs:
            t = sq
            while True:
                t = go(t, df, dr)
                if t is None or t == sq:
                    break
                if k != "a" and self.open_river(t):
                    break
                out.append(t)
                if t in self.board:
                    break
        return out

    def attacked(self, sq, by):
        for s, p in self.board.items():
            if colour(p) == by and sq in self.attacks_of(s):
                return True
        return False

    def king(self, c):
        for s, p in self.board.items():
            if p == ("K" if c == "w" else "k"):
                return s
        return None

    def in_check(self, c):
        k = self.king(c)
        return k is not None and self.attacked(k, other(c))

    # --- moves -------------------------------------------------------------

    def pseudo_moves(self):
        """(from, to, tag) with tag in {'', 'plank', 'double', 'ep',
        'promote', 'O-O', 'O-O-O'}."""
        c = self.turn
        go = self.rules.go
        moves = []
        for sq, p in sorted(self.board.items()):
            if colour(p) != c:
                continue
            k = self.kind(p)
            if k == "plankpawn":
                # Guadalete pawns go towards the enemy; rear pawns on the
                # cylinder go the other way, into their own river.
                up = 1 if c == "w" else -1
                if self.rules.cylinder:
                    up = -up
                t = go(sq, 0, up)
                if t is None or t in self.board:
                    continue
                if t in self.rules.river:
                    moves.append((sq, t, "plank"))
                    continue
                moves.append((sq, t, ""))
                start_rank = 2 if c == "w" else 7
                if not self.rules.cylinder and sq[1] == start_rank:
                    t2 = go(t, 0, up)
                    if t2 is not None and t2 not in self.board:
                        moves.append((sq, t2, "plank" if t2 in self.rules.river else ""))
            elif k == "pawn":
                up = 1 if c == "w" else -1
                last = self.rules.ranks if c == "w" else 1
                t = go(sq, 0, up)
                if t is not None and t not in self.board:
                    moves.append((sq, t, "promote" if t[1] == last else ""))
                    start_rank = 4 if c == "w" else 11
                    if sq[1] == start_rank:
                        t2 = go(t, 0, up)
                        if t2 is not None and t2 not in self.board:
                            moves.append((sq, t2, "double"))
                for t in self.attacks_of(sq):
                    if t in self.board and colour(self.board[t]) != c:
                        moves.append((sq, t, "promote" if t[1] == last else ""))
                    elif t == self.ep and t not in self.board:
                        moves.append((sq, t, "ep"))
            else:
                for t in self.attacks_of(sq):
                    if t not in self.board or colour(self.board[t]) != c:
                        moves.append((sq, t, ""))
                if k == "k":
                    moves.extend(self.castle_moves(sq))
        return moves

    def castle_moves(self, sq):
        c = self.turn
        rank = self.rules.home[c]
        if sq != (4, rank):
            return []
        out = []
        rook = "R" if c == "w" else "r"
        short, long_ = ("K", "Q") if c == "w" else ("k", "q")
        enemy = other(c)
        if (short in self.castling and self.board.get((7, rank)) == rook
                and (5, rank) not in self.board and (6, rank) not in self.board
                and not self.attacked(sq, enemy) and not self.attacked((5, rank), enemy)):
            out.append((sq, (6, rank), "O-O"))
        if (long_ in self.castling and self.board.get((0, rank)) == rook
                and all((f, rank) not in self.board for f in (1, 2, 3))
                and not self.attacked(sq, enemy) and not self.attacked((3, rank), enemy)):
            out.append((sq, (2, rank), "O-O-O"))
        return out

    def make(self, move):
        frm, to, tag = move
        s = self.copy()
        c = s.turn
        p = s.board.pop(frm)
        k = s.kind(p)
        capture = to in s.board
        s.ep = None
        if tag == "plank":
            s.planks.add(to)
            s.made[c] += 1
        elif tag == "promote":
            s.board[to] = "A" if c == "w" else "a"
        elif tag == "ep":
            del s.board[(to[0], frm[1])]
            s.board[to] = p
            capture = True
        else:
            s.board[to] = p
            if tag == "double":
                s.ep = (frm[0], (frm[1] + to[1]) // 2)
            if tag in ("O-O", "O-O-O"):
                rank = frm[1]
                rf, rt = (7, 5) if tag == "O-O" else (0, 3)
                s.board[(rt, rank)] = s.board.pop((rf, rank))
        if k == "k":
            s.castling -= {"K", "Q"} if c == "w" else {"k", "q"}
        for corner, right in (((7, s.rules.home["w"]), "K"), ((0, s.rules.home["w"]), "Q"),
                              ((7, s.rules.home["b"]), "k"), ((0, s.rules.home["b"]), "q")):
            if frm == corner or to == corner:
                s.castling.discard(right)
        if k in ("pawn", "plankpawn") or capture:
            s.halfmove = 0
            s.history = []
        else:
            s.halfmove += 1
        if c == "b":
            s.fullmove += 1
        s.turn = other(c)
        s.history = s.history + [s.key()]
        return s

    def king_safe_moves(self):
        out = []
        for m in self.pseudo_moves():
            after = self.make(m)
            if not after.in_check(self.turn):
                out.append(m)
        return out

    def plank_pawns(self, c):
        return sum(1 for p in self.board.values()
                   if colour(p) == c and self.kind(p) == "plankpawn")

    def legal_moves(self):
        """King-safe moves obeying the balance rule, or all king-safe moves
        when none obeys it. Draws are not looked at here."""
        moves = self.king_safe_moves()
        me, them = self.turn, other(self.turn)

        def balanced(m):
            after = self.make(m)
            p_me, p_them = after.made[me], after.made[them]
            return p_them == 0 or 2 * p_me > p_them or after.plank_pawns(me) == 0

        good = [m for m in moves if balanced(m)]
        return good if good else moves

    # --- results -----------------------------------------------------------

    def key(self):
        """What makes positions equal for repetition. Simplified: the en
        passant square counts after every double step, whether or not a
        capture is possible; the perft depths used never repeat a position
        three times, so it cannot change a count."""
        return (tuple(sorted(self.board.items())), tuple(sorted(self.planks)), self.turn,
                tuple(sorted(self.castling)), self.ep, self.made["w"], self.made["b"])

    def insufficient(self):
        minors = []
        for sq, p in self.board.items():
            k = self.kind(p)
            if k in ("k", "plankpawn"):
                continue
            if k in ("n", "b"):
                minors.append((k, (sq[0] + sq[1]) % 2))
            else:
                return False  # rooks, queens, amazons, front pawns can mate
        if not minors:
            return True
        if len(minors) == 1 and minors[0][0] == "n":
            return True
        if all(k == "b" for k, _ in minors) and len({col for _, col in minors}) == 1:
            return True
        return False

    def drawn(self):
        if self.insufficient():
            return True
        if self.history.count(self.history[-1]) >= 3:
            return True
        return self.halfmove >= 100

    def moves_in_play(self):
        return [] if self.drawn() else self.legal_moves()


def perft(state, depth):
    if depth == 0:
        return 1
    moves = state.moves_in_play()
    if depth == 1:
        return len(moves)
    return sum(perft(state.make(m), depth - 1) for m in moves)


def main(cylinder):
    args = sys.argv[1:]
    rules = Rules(cylinder)
    text = rules.start
    divide = False
    depth = None
    i = 0
    while i < len(args):
        if args[i] == "--position":
            text = args[i + 1]
            i += 2
        elif args[i] == "--divide":
            divide = True
            i += 1
        else:
            depth = int(args[i])
            i += 1
    if depth is None:
        sys.exit(__doc__)
    state = State(rules, text)
    if divide:
        total = 0
        for m in state.moves_in_play():
            n = perft(state.make(m), depth - 1)
            total += n
            print(name(m[0]) + name(m[1]) + (m[2] and " " + m[2]), n)
        print()
        print(depth, total)
    else:
        for d in range(1, depth + 1):
            print(d, perft(state, d), flush=True)


if __name__ == "__main__":
    main(cylinder=False)
