#!/usr/bin/env python3
"""A reference bot of the wuhanmj line protocol (docs/PROTOCOL.md), in plain Python.

Reads one JSON object a line from standard input and answers every ``request`` with one
line ``{"code": C}``. It follows its own tiles from the events (the deal, its draws, its
discards and melds) to show how a bot keeps its state, and plays: hu when it may, pass a
claim, else discard the tile it holds most isolated (an honour before a suited tile), else
the first legal action. It imports nothing of wuhanmj:

    wuhanmj arena --agents "cmd:python3 examples/bots/simple_bot.py",greedy --hands 8
"""

import json
import sys

HU, PASS = 161, 162


def tiles(text):
    """'123m55z' -> [0, 1, 2, 31, 31] (tile indices: 1m-9m 0-8, p 9-17, s 18-26, z 27-33)."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            base = "mpsz".index(ch) * 9
            out += [base + d - 1 for d in digits]
            digits = []
    return out


def isolation(t, hand):
    """How lonely tile t is in hand: honours count only their copies, suited tiles their neighbours too."""
    if t >= 27:
        return 10 - 3 * hand.count(t)
    near = sum(hand.count(u) for u in (t - 2, t - 1, t + 1, t + 2) if u // 9 == t // 9 and u >= 0)
    return 8 - 3 * hand.count(t) - near


def main():
    hand = []
    seat = None
    for line in sys.stdin:
        msg = json.loads(line)
        typ = msg["type"]
        if typ == "deal":
            seat, hand = msg["seat"], tiles(msg["hand"])
        elif typ == "draw" and msg["seat"] == seat:
            hand += tiles(msg["tile"])
        elif typ in ("discard", "special") and msg["seat"] == seat:
            t = tiles(msg["tile"])[0]
            if t in hand:
                hand.remove(t)
        elif typ == "request":
            legal = msg["legal"]
            hand = tiles(msg["hand"])  # the tile just drawn included ("drawn" names it)
            if HU in legal:
                code = HU
            elif PASS in legal:
                code = PASS
            else:
                discards = [c for c in legal if c < 34]
                code = max(discards, key=lambda c: isolation(c, hand)) if discards else legal[0]
            sys.stdout.write(json.dumps({"code": code}) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
