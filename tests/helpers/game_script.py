"""Helpers for the game-engine tests: scripted walls, a tiny action script language,
and simple policies. Used by ``tests/test_game_*.py`` only.

Script lines (``;`` or newlines between them), seat first:
``0 d 5m`` discard, ``1 chi 345m``, ``2 peng``, ``2 gang`` (冲杠), ``3 pass``,
``3 hu``, ``1 an 9p`` (暗杠), ``1 xu 9p`` (蓄杠), ``0 hz`` (红中杠), ``0 pz 8s``
(痞子杠), ``0 lz`` (癞子杠).
"""

from __future__ import annotations

from wuhanmj.game.actions import (
    AnGang,
    Chi,
    ChongGang,
    Discard,
    HongzhongGang,
    Hu,
    LaiziGang,
    Pass,
    Peng,
    PiziGang,
    XuGang,
)
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules
from wuhanmj.game.wall import scripted_wall


def action_of(words: list[str]):
    """The action of a script line without its seat."""
    op, *arg = words
    if op == "d":
        return Discard(arg[0])
    if op == "chi":
        return Chi(arg[0])
    if op == "an":
        return AnGang(arg[0])
    if op == "xu":
        return XuGang(arg[0])
    if op == "pz":
        return PiziGang(arg[0])
    simple = {"peng": Peng(), "gang": ChongGang(), "pass": Pass(), "hu": Hu(), "hz": HongzhongGang(),
              "lz": LaiziGang()}
    return simple[op]


def run(game: Game, script: str) -> Game:
    """Play the script; every line must be legal (step raises otherwise)."""
    for line in script.replace(";", "\n").splitlines():
        words = line.split()
        if not words:
            continue
        game.step(int(words[0]), action_of(words[1:]))
    return game


def make_game(hands, indicator, *, draws=(), replacements=(), rules=None, dealer=0, prev_laizi=None) -> Game:
    """A game on a scripted wall (see :func:`wuhanmj.game.wall.scripted_wall`)."""
    wall = scripted_wall(hands, indicator, dealer=dealer, draws=draws, replacements=replacements)
    return Game(rules or Rules.kaikou(), wall=wall, dealer=dealer, prev_laizi=prev_laizi)


def tsumogiri(game: Game, *, until=None, max_steps=10_000) -> Game:
    """Play on with a fixed policy: pass every claim and 海底 win, discard the tile just
    drawn (else the first legal discard, else the first legal action). Stops when the
    hand is over, when ``until(game)`` is true, or when the 海底 phase asks a seat."""
    from wuhanmj.game.actions import PASS

    for _ in range(max_steps):
        if game.over or (until is not None and until(game)) or game.phase == "haidi":
            return game
        s = game.current_player
        codes = game.legal_action_codes(s)
        if PASS in codes:
            game.step(s, PASS)
            continue
        d = game.drawn_tile(s)
        if d is not None and d in codes:
            game.step(s, d)
        else:
            discards = [c for c in codes if c < 34]
            game.step(s, discards[0] if discards else codes[0])
    raise AssertionError("tsumogiri did not finish")


def random_play(game: Game, rng, *, eager_hu: bool = False, check=None) -> Game:
    """Uniformly random legal actions until the hand ends (``eager_hu``: always hu when
    legal). ``check(game)`` runs after every step when given."""
    from wuhanmj.game.actions import HU

    while not game.over:
        s = game.current_player
        codes = game.legal_action_codes(s)
        if eager_hu and HU in codes:
            c = HU
        else:
            c = codes[int(rng.random() * len(codes))]
        game.step(s, c)
        if check is not None:
            check(game)
    return game


def heuristic_play(game: Game, rng) -> Game:
    """A cheap greedy-ish policy that wins far more often than uniform random play (so
    the invariant tests see many wins): hu whenever legal; claim peng/gang, else chi;
    play 红中/痞子 at once and a 癞子 when holding two; discard the least connected tile."""
    from wuhanmj.game.actions import CHI, CHONG_GANG, HONGZHONG_GANG, HU, LAIZI_GANG, PASS, PENG, PIZI_GANG

    while not game.over:
        s = game.current_player
        codes = game.legal_action_codes(s)
        if HU in codes:
            game.step(s, HU)
            continue
        if PASS in codes:
            claims = [c for c in codes if c in (PENG, CHONG_GANG)] or [c for c in codes if CHI <= c < PENG]
            game.step(s, claims[0] if claims and rng.random() < 0.9 else PASS)
            continue
        counts = game.hand_counts(s)
        special = [c for c in codes if c == HONGZHONG_GANG or PIZI_GANG <= c < LAIZI_GANG]
        if special:
            game.step(s, special[0])
            continue
        if LAIZI_GANG in codes and counts[game.laizi] >= 2:
            game.step(s, LAIZI_GANG)
            continue
        discards = [c for c in codes if c < 34]
        if not discards:
            game.step(s, codes[0])
            continue

        def score(t: int) -> float:
            v = 3.0 * (counts[t] - 1) + rng.random() * 0.5
            if t < 27:
                r = t % 9
                for dt, w in ((-2, 0.5), (-1, 1.0), (1, 1.0), (2, 0.5)):
                    if 0 <= r + dt <= 8:
                        v += w * counts[t + dt]
                v += 0.3 if 1 <= r <= 7 else 0.0
            return v

        game.step(s, min(discards, key=score))
    return game
