"""Fixed workloads through the public API, for instruction counts under valgrind (callgrind
counts instructions, not seconds: the same total for the same code and inputs, whatever
else the machine runs). Run one tree against another with the same PYTHONHASHSEED:

    PYTHONHASHSEED=0 PYTHONPATH=src valgrind --tool=callgrind python bench/workloads.py random

and subtract the ``import`` workload (the interpreter and ``import wuhanmj``).
"""
import sys
import numpy as np
import wuhanmj
from wuhanmj import Game, Rules, simulate, evaluate_win, SeatPlays, Meld
what = sys.argv[1]
if what == "random":
    rng = np.random.default_rng(1)
    for i in range(100):
        g = Game(Rules.kaikou(), seed=i)
        while not g.over:
            s = g.current_player
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.random() * len(codes))])
elif what == "simrandom":
    simulate(hands=200, agents="random", seed=5)
elif what == "simgreedy":
    simulate(hands=60, agents="greedy", seed=5)
elif what == "score":
    E1 = dict(hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0, indicator="5m",
              seats=[SeatPlays(), SeatPlays((Meld.peng("777s", source=2),)), SeatPlays(),
                     SeatPlays((Meld.peng("999p", source=0),), hongzhong_gang=1)])
    for _ in range(2000):
        evaluate_win(**E1)
elif what == "import":
    pass
