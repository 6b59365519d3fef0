#!/usr/bin/env python3
"""Independent perft reference for the 14-rank cylinder Guadalete
(guadalete14), written from shared/RULES.md. The rules engine is the one in
guadalete.py, run with the cylinder board: 8 files x 14 ranks, rank 14
joined to rank 1, river on ranks 1 and 14, rear pawns (T/t) walking into
their own river, front pawns (P/p) promoting to amazons (A/a).

Usage:
    python3 tools/perft-reference/guadalete14.py DEPTH [--position TEXT] [--divide]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import guadalete  # noqa: E402

if __name__ == "__main__":
    guadalete.main(cylinder=True)
