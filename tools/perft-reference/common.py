"""What the perft references share, and nothing of any game's rules:
reading and writing the ranks of a position text, counting perft over a
game's `moves` and `play`, and the command line around it."""

import sys


def rank_cells(rank):
    """One rank of a position text, digits being runs of empty squares:
    the pieces as (column, letter) pairs, and the rank's width."""
    cells = []
    x = 0
    num = ""
    for ch in rank + "$":
        if ch.isdigit():
            num += ch
            continue
        if num:
            x += int(num)
            num = ""
        if ch == "$":
            break
        cells.append((x, ch))
        x += 1
    return cells, x


def read_board(board_text, place, width):
    """A position text's board field (ranks from the top, '/' between
    them) as a dict {place(k, x, n): letter}, k the rank's index from the
    top, x the column, n the number of ranks; rank k must be width(k, n)
    squares wide. Returns the dict and n."""
    ranks = board_text.split("/")
    n = len(ranks)
    board = {}
    for k, rank in enumerate(ranks):
        cells, w = rank_cells(rank)
        for x, ch in cells:
            board[place(k, x, n)] = ch
        assert w == width(k, n), f"rank {k} has {w} squares"
    return board, n


def board8(text, white):
    """The 8×8 board of a position text, board[rank][file] with rank 0
    the first rank: "W" for the letter `white`, "B" for any other piece,
    None for an empty square; and the side to move ("W" or "B")."""
    fields = text.split()
    rows = fields[0].split("/")
    assert len(rows) == 8
    board = [[None] * 8 for _ in range(8)]
    for i, row in enumerate(rows):
        cells, width = rank_cells(row)
        for f, ch in cells:
            board[7 - i][f] = "W" if ch == white else "B"
        assert width == 8, row
    return board, ("W" if fields[1] == "w" else "B")


def forward(board, side):
    """Each piece of `side` on an 8×8 board[rank][file], rank by rank and
    file by file, with the rank in front of it (White moves up the ranks):
    (rank, file, next rank), the next rank possibly off the board."""
    step = 1 if side == "W" else -1
    for r in range(8):
        for f in range(8):
            if board[r][f] == side:
                yield r, f, r + step


def rank_text(squares):
    """The text of one rank from its squares (a letter, or None when
    empty): runs of empty squares become digits."""
    text, run = "", 0
    for piece in squares:
        if piece is None:
            run += 1
            continue
        if run:
            text += str(run)
            run = 0
        text += piece
    return text + (str(run) if run else "")


def perft(pos, depth, moves, play):
    """The number of move sequences `depth` long from `pos`, where
    `moves(pos)` lists the legal moves and `play(pos, m)` is the position
    after one (a new position: `pos` is left as it is)."""
    if depth == 0:
        return 1
    ms = moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(play(pos, m), depth - 1, moves, play) for m in ms)


def print_perfts(count, depths):
    """Prints `perft D N` for each depth D, N = count(D), each as soon as
    it is known."""
    for d in depths:
        print(f"perft {d} {count(d)}")
        sys.stdout.flush()


def random_game(pos, seed, plies, choices, play):
    """A reproducible random game from `pos`, to pick test positions:
    at most `plies` moves, each chosen at random among `choices(pos)`."""
    import random
    rng = random.Random(seed)
    for _ in range(plies):
        ms = choices(pos)
        if not ms:
            break
        pos = play(pos, rng.choice(ms))
    return pos


def perft_cli(parse_position, start, moves, play, size=None, playout=None):
    """Reads the command line `[--SIZE N] [--position TEXT] [DEPTH]` and
    prints perft 1..DEPTH from the position given, else from `start(N)`
    (`start()` when `size` is None; else `size` is the option's name and
    default, as `("--rows", 8)`). With `playout = (choices, step, text)`,
    `--playout SEED PLIES` instead prints the `text` of the position a
    random game reaches (`random_game` over `choices` and `step`)."""
    import argparse
    ap = argparse.ArgumentParser()
    if size:
        ap.add_argument(size[0], type=int, default=size[1], dest="size")
    ap.add_argument("--position")
    if playout:
        ap.add_argument("--playout", nargs=2, type=int, metavar=("SEED", "PLIES"),
                        help="print the position after a random game instead")
    ap.add_argument("depth", type=int, nargs="?", default=0)
    args = ap.parse_args()
    if args.position:
        pos = parse_position(args.position)
    else:
        pos = start(args.size) if size else start()
    if playout and args.playout:
        choices, step, text = playout
        print(text(random_game(pos, *args.playout, choices, step)))
        return
    print_perfts(lambda d: perft(pos, d, moves, play), range(1, args.depth + 1))


def board_perft(board, side, depth, over, children):
    """Perft of a game whose position is a board and the side to move
    ("W" or "B"): `children(board, side)` gives the board after each legal
    move and whether that move ended the game; an ended game has no
    moves."""
    if depth == 0:
        return 1
    if over:
        return 0
    other = "B" if side == "W" else "W"
    return sum(board_perft(b, other, depth - 1, ended, children)
               for b, ended in children(board, side))


def position_cli(start_text, parse, finished, children):
    """The command line `[POSITION] DEPTH...` of the games whose position
    is the board and side `parse(text)` gives (the start's text when no
    position is given): prints [`board_perft`] at each depth, from a
    position that has ended when `finished(board, side)`."""
    args = sys.argv[1:]
    position = start_text
    if args and not args[0].isdigit():
        position = args.pop(0)
    board, side = parse(position)
    over = finished(board, side)
    print_perfts(lambda d: board_perft(board, side, d, over, children),
                 [int(d) for d in args])
