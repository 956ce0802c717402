"""The Python engine and the native one on the same wall, compared at every step.

:class:`Lockstep` drives a :class:`wuhanmj.game.Game` (the reference) and a
:class:`wuhanmj.native.handapi.NativeHand` with the same actions. At every decision the legal
codes of all four seats and the current player must agree; after every action the
native ``state_dict()`` must equal the Python ``state_dict`` (without ``format``, ``rules``
and ``events``), values and types; at the end the native verdict agrees: winner, how, tile,
discarder, payments (types included), big hu, hard, wilds, liability (L1–L4), the L5
co-liable seats and the fan, and ``NativeHand.result`` equals ``Game.result``. Now and then an illegal code is tried on the native hand:
it must raise IllegalActionError and leave the state as it was; now and then the hand
plays on from a ``copy()``.

Policies (:func:`choose`, a seeded numpy Generator): ``random`` (uniform), ``eager`` (hu
when legal; a claim, gang or special play w.p. 0.8), ``greedy`` (the native GreedyAgent's
choice w.p. 0.9, so that hands open, wait and win; else uniform) and ``hoard`` (hu when
legal, every claim and gang, never a special play unless it is the only move: G4 dead
discards, W8 second 癞子), ``passive`` (the GreedyAgent's choice, but a win declined half
the time: several winners on one tile, passed 抢杠 windows, 海底 passes) and ``flush``
(claims of its longest suit only, discards of the others first: one-suit threats, 清一色,
L2 and L5). In a claim window the answering seat is sometimes a pending
seat other than the current player (answers may come in any order, P2).

:func:`play_hand` plays one seeded hand and counts the rare paths met (:func:`count`), so
that a test can require them (抢杠, 海底捞, 杠上开花, several hu on one tile, ...).
"""

from __future__ import annotations

import numpy as np

from wuhanmj import Game, Rules, shuffled_wall
from wuhanmj.errors import IllegalActionError
from wuhanmj.game import moves
from wuhanmj.game.actions import (
    AN_GANG,
    CHI,
    CHONG_GANG,
    HONGZHONG_GANG,
    HU,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
)
from wuhanmj.game.save import state_dict
from wuhanmj.native.agents import greedy_choice
from wuhanmj.native.handapi import NativeHand

__all__ = ["CUSTOM", "POLICIES", "PRESETS", "SLOW_MUST", "Lockstep", "choose", "count", "play_hand", "py_fields", "py_state", "result_facts",
           "verdict_facts"]

PRESETS = ("kaikou", "koukou", "koukou_fan")
POLICIES = ("random", "eager", "greedy", "flush", "hoard", "passive", "greedy", "flush", "eager", "passive")

# name: (preset, changed fields, paths its run must meet)
CUSTOM = {
    # P2, D11: one winner counted from the other end
    # (the scripted tests play the cases where the order decides)
    "kaikou_hu_order_discarder": ("kaikou", {"hu_order": "discarder"}, ("fangchong",)),
    "koukou_fan_hu_order_dealer": ("koukou_fan", {"hu_order": "dealer"}, ("fangchong",)),
    # G4, D12: the looser cutoff
    "kaikou_gang_cutoff_dead_wall": ("kaikou", {"gang_cutoff": "dead_wall"}, ("late_gang",)),
    "koukou_fan_gang_cutoff_dead_wall": ("koukou_fan", {"gang_cutoff": "dead_wall"}, ("late_gang",)),
    # W8, D13
    "kaikou_second_laizi_play_out": ("kaikou", {"second_laizi": "play_out"}, ("w8_play_out",)),
    "koukou_fan_second_laizi_keep": ("koukou_fan", {"second_laizi": "keep"}, ("zimo",)),
    # L5, D14: 下雨 threats and co-liable seats
    "kaikou_xiayu": ("kaikou", {"xiayu": True}, ("xiayu", "co_liable")),
    "koukou_fan_xiayu": ("koukou_fan", {"xiayu": True}, ("xiayu", "co_liable")),
    # P1, D18: 暗杠/蓄杠 straight after a 碰/吃 too
    "kaikou_claim_turn_gang_any": ("kaikou", {"claim_turn_gang": "any"}, ("claim_turn_gang",)),
    "koukou_fan_claim_turn_gang_any": ("koukou_fan", {"claim_turn_gang": "any"}, ("claim_turn_gang",)),
    # R3
    "kaikou_pizi": ("kaikou", {"pizi": True}, ("pizi_gang",)),
    "koukou_fan_no_pizi": ("koukou_fan", {"pizi": False}, ("fangchong",)),
    # scoring fields the engine passes through (D4, D16, D9, L1, X3, X4; amounts not whole)
    "koukou_fan_scoring_fields": ("koukou_fan", {"gangkai_haidi_zimo": True, "qqr_pair": "258", "jinding": "ceiling",
                                                 "qqr_liability": "not_ready"}, ("fangchong", "zimo")),
    "kaikou_bi_double_odd_caps": ("kaikou", {"bi": True, "wind_laizi_double": True, "cap": 150,
                                            "gold_cap": 200.5}, ("fangchong", "zimo")),
    # G2, G3: a shorter dead wall, alone and with the looser cutoff and more
    "koukou_dead_wall_6": ("koukou", {"dead_wall": 6}, ("haidi_drawn", "draw")),
    "kaikou_dead_wall_6_mixed": (
        "kaikou", {"dead_wall": 6, "gang_cutoff": "dead_wall", "second_laizi": "play_out", "pizi": True,
                   "xiayu": True, "hu_order": "discarder"},
        ("late_gang", "w8_play_out", "haidi_drawn", "xiayu")),
}

# paths the longer (slow) runs of a custom set must meet on top
SLOW_MUST = {
    "kaikou_hu_order_discarder": ("several_hu",),
    "koukou_fan_hu_order_dealer": ("several_hu",),
    "koukou_fan_second_laizi_keep": ("hu_two_laizi",),  # W8: a big hu holding two 癞子
}

_SPECIAL = frozenset(range(HONGZHONG_GANG, LAIZI_GANG + 1))
_CLAIMS = frozenset(range(CHI, HONGZHONG_GANG)) | _SPECIAL


class _NoRules:
    """Stands for the rules while ``state_dict`` runs: their dict is not compared."""

    @staticmethod
    def to_dict() -> None:
        return None


def py_state(g: Game) -> dict:
    """``g.to_dict()``: what ``NativeHand.to_dict()`` must equal (events included)."""
    return g.to_dict()


def py_fields(g: Game) -> dict:
    """``g.to_dict()`` without ``format``, ``rules`` and ``events`` (the same code,
    :func:`wuhanmj.game.save.state_dict`, with the two costly fields left empty): what
    ``NativeHand.state_dict()`` must equal."""
    st = g.state
    rules, events = st.rules, st.events
    st.rules, st.events = _NoRules, []  # type: ignore[assignment]
    try:
        d = state_dict(st)
    finally:
        st.rules, st.events = rules, events
    del d["format"], d["rules"], d["events"]
    return d


def _typed(x):
    """A value with the type of every number kept (1 == 1.0 == True otherwise)."""
    if isinstance(x, (list, tuple)):
        return [type(x).__name__] + [_typed(v) for v in x]
    if isinstance(x, dict):
        return {k: _typed(v) for k, v in x.items()}
    return (type(x).__name__, x)


def _first_difference(a: dict, b: dict) -> str:
    for k, v in a.items():
        if _typed(v) != _typed(b.get(k)):
            return f"{k}: python {v!r} native {b.get(k)!r}"
    return f"keys: python {sorted(a)} native {sorted(b)}"


def result_facts(g: Game) -> object:
    """The Python result, which ``NativeHand.result`` must equal (a HandResult)."""
    return g.result


def verdict_facts(g: Game) -> dict:
    """The Python result in the form of ``NativeHand.verdict`` (the native verdict)."""
    r = g.result
    assert r is not None
    out = {"winner": r.winner, "how": r.how, "win_tile": r.win_tile, "discarder": r.discarder,
           "payments": tuple(r.payments), "draw": r.winner is None}
    w = r.win
    if w is not None:
        out.update(big=tuple(w.big), hard=bool(w.hard), wilds=w.wilds, liable=w.liable,
                   liable_rule=w.liable_rule, co_liable=tuple(w.co_liable), winner_fan=w.winner_fan,
                   big_fan=w.big_fan, loser_fan=tuple(w.loser_fan))
    return out


_CURRENT_LAST = {c: tuple(s for s in range(4) if s != c) + ((c,) if c is not None else ())
                 for c in (0, 1, 2, 3, None)}


class Lockstep:
    """The Python Game and the NativeHand on the same wall, compared at every step."""

    def __init__(self, rules: Rules, wall: list[int], dealer: int, prev: int | None, where: str,
                 rng: np.random.Generator | None = None) -> None:
        self.g = Game(rules, wall=wall, dealer=dealer, prev_laizi=prev)
        self.n = NativeHand(rules, wall, dealer, prev)
        self.where = where
        self.rng = rng
        self.steps = 0
        self.compared = 0  # decisions at which the four seats' codes were compared
        self.check()
        assert repr(py_fields(self.g)) == repr(self.n.state_dict()), f"{where}: the deal"

    def check(self) -> None:
        """Every seat's legal codes and the current player agree."""
        g, n = self.g, self.n
        cur = g.current_player
        for s in _CURRENT_LAST[cur]:  # the current seat last: the engine caches its codes for step()
            want, got = g.legal_action_codes(s), n.legal(s)
            assert got == want, (f"{self.where} step {self.steps} seat {s} phase {g.phase}: "
                                 f"python {want} native {got}")
        assert n.current_player == cur, f"{self.where} step {self.steps}: current player"
        assert n.over == g.over
        self.compared += 1

    def _try_illegal(self, seat: int, legal: tuple[int, ...]) -> None:
        """An illegal code raises and changes nothing (Game.step's contract)."""
        assert self.rng is not None
        bad = [c for c in range(PASS + 1) if c not in legal]
        code = bad[int(self.rng.integers(len(bad)))]
        before = self.n.state_dict()
        try:
            self.n.step(seat, code)
        except IllegalActionError:
            pass
        else:  # pragma: no cover - the failure message
            raise AssertionError(f"{self.where} step {self.steps}: seat {seat} code {code} was accepted")
        assert self.n.state_dict() == before, f"{self.where}: an illegal code changed the state"
        assert self.n.legal(seat) == legal

    def step(self, seat: int, code: int) -> None:
        """Play code for seat in both, then compare the states and the moves."""
        if self.rng is not None:
            u = self.rng.random()
            if u < 0.03:
                self._try_illegal(seat, self.g.legal_action_codes(seat))
            elif u < 0.06:
                self.n = self.n.copy()  # play on from a copy (memcpy: the caches travel too)
        self.g.step(seat, code)
        self.n.step(seat, code)
        self.steps += 1
        a, b = py_fields(self.g), self.n.state_dict()
        # values at every step; types and key order (1 != 1.0 != True in a repr) now and then
        # and at the end (check_end)
        if a != b or (self.rng is not None and self.rng.random() < 0.1 and repr(a) != repr(b)):
            raise AssertionError(f"{self.where} step {self.steps} (seat {seat} code {code}): "
                                 f"{_first_difference(a, b)}")
        self.check()

    def check_end(self) -> None:
        g, n = self.g, self.n
        assert g.over and n.over, self.where
        assert repr(py_fields(g)) == repr(n.state_dict()), f"{self.where}: the final state"
        want, got = verdict_facts(g), n.verdict
        assert _typed(got) == _typed(want), f"{self.where}: result python {want} native {got}"
        assert n.result == g.result, f"{self.where}: HandResult python {g.result} native {n.result}"
        assert n.length == (g.state.front - 54) + (135 - g.state.back), self.where
        assert len(n.log) == self.steps, self.where


def _keep_value(h: list[int], t: int) -> int:
    """How much a tile helps the hand (pairs, pongs, neighbours of the same suit)."""
    v = 4 * (h[t] - 1)
    if t < 27:
        r = t % 9
        for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= r + d <= 8:
                v += w * min(h[t + d], 1)
        if r in (1, 4, 7):
            v += 1
    return v


def choose(rng: np.random.Generator, legal: tuple[int, ...], policy: str, n: NativeHand, seat: int) -> int:
    """One decision of ``policy`` among the legal codes (see the module docstring)."""
    if HU in legal and policy == "passive":
        # declines a win half the time (no 振听, P2): more windows with several winners,
        # passed 抢杠 windows, 海底 passes
        return HU if rng.random() < 0.5 else PASS if PASS in legal else greedy_choice(n, seat)
    if HU in legal and policy != "random":
        return HU
    if policy == "passive":
        return greedy_choice(n, seat)
    if policy == "flush":
        # aims at 清一色 (W6, L2, L5): claims of its suit, discards of the others first
        h = n.hand_counts(seat)
        suit = max(range(3), key=lambda x: (sum(h[9 * x: 9 * x + 9]), -x))
        tile = n.claim_tile
        if tile is not None:
            claims = [c for c in legal if CHI <= c < XU_GANG]
            if claims and tile // 9 == suit:
                return claims[int(rng.integers(len(claims)))]
            return PASS if PASS in legal else legal[0]
        gangs = [c for c in legal if XU_GANG <= c < HONGZHONG_GANG or (c in _SPECIAL and rng.random() < 0.5)]
        if gangs:
            return gangs[int(rng.integers(len(gangs)))]
        discards = [c for c in legal if c < 34]
        if discards:
            off = [c for c in discards if c // 9 != suit]
            return min(off or discards, key=lambda t: (_keep_value(h, t), rng.random()))
        return legal[int(rng.integers(len(legal)))]
    if policy == "greedy":
        if rng.random() < 0.9:
            return greedy_choice(n, seat)
        return legal[int(rng.integers(len(legal)))]
    if policy == "hoard":
        claims = [c for c in legal if c in _CLAIMS and c not in _SPECIAL]
        if claims:
            return claims[int(rng.integers(len(claims)))]
        plain = [c for c in legal if c not in _SPECIAL] or list(legal)
        discards = [c for c in plain if c < 34]
        if discards:
            h = n.hand_counts(seat)
            return min(discards, key=lambda t: (_keep_value(h, t), rng.random()))
        return plain[int(rng.integers(len(plain)))]
    if policy == "eager":
        claims = [c for c in legal if c in _CLAIMS]
        if claims and rng.random() < 0.8:
            return claims[int(rng.integers(len(claims)))]
    return legal[int(rng.integers(len(legal)))]


def _kind(code: int) -> str:
    for kind, lo, hi in (("discard", 0, CHI), ("chi", CHI, PENG), ("peng", PENG, CHONG_GANG),
                         ("chong_gang", CHONG_GANG, XU_GANG), ("xu_gang", XU_GANG, AN_GANG),
                         ("an_gang", AN_GANG, HONGZHONG_GANG), ("hongzhong_gang", HONGZHONG_GANG, PIZI_GANG),
                         ("pizi_gang", PIZI_GANG, LAIZI_GANG), ("laizi_gang", LAIZI_GANG, HU),
                         ("hu", HU, PASS), ("pass", PASS, PASS + 1)):
        if lo <= code < hi:
            return kind
    raise ValueError(code)


_KIND = [_kind(c) for c in range(PASS + 1)]


def _bump(stats: dict, key: str) -> None:
    stats[key] = stats.get(key, 0) + 1


def count(stats: dict, g: Game, seat: int, code: int) -> None:
    """Coverage counters, before seat plays code (read from the Python state)."""
    st = g.state
    phase = g.phase
    kind = _KIND[code]
    _bump(stats, phase)
    _bump(stats, kind)
    left = st.back - st.front + 1
    if phase == "turn":
        if code < 34 and st.specials.special[code]:
            _bump(stats, "dead_discard")  # G4: only 红中/痞子/癞子 left
        if moves.must_play_laizi(st, seat):
            _bump(stats, "w8_play_out" if moves.gang_allowed(st) else "w8_after_cutoff")  # D13
        if kind.endswith("gang") and left <= st.rules.dead_wall + 4:
            _bump(stats, "late_gang")  # G4 with gang_cutoff = "dead_wall"
        if st.claim_turn and kind in ("xu_gang", "an_gang"):
            _bump(stats, "claim_turn_gang")  # D18 "any": a 暗杠/蓄杠 in a turn begun by a 碰/吃
        if st.claim_turn and kind in ("hongzhong_gang", "pizi_gang", "laizi_gang"):
            _bump(stats, "claim_turn_special")  # D18: special plays after a 碰/吃 stay legal
        if kind == "hu" and st.hands[seat][st.specials.laizi] >= 2:
            _bump(stats, "hu_two_laizi")  # W8: a big hu
    if phase == "haidi" and kind == "pass":
        _bump(stats, "haidi_pass")
    if phase in ("claim", "rob") and not st.decisions:
        if seat != g.current_player:
            _bump(stats, "answer_out_of_order")
        if kind == "chong_gang" and left <= st.rules.dead_wall + 4:
            _bump(stats, "late_gang")
        hu = [w for w, o in st.options.items() if HU in o]
        if len(hu) >= 2:
            _bump(stats, "several_hu")
            d = st.turn
            if min(hu, key=lambda w: (w - d) % 4) != min(hu, key=lambda w: (w - st.dealer) % 4):
                _bump(stats, "hu_order_matters")  # P2, D11
        if phase == "claim" and len(st.melds[seat]) == 4 and kind == "hu":
            _bump(stats, "hu_four_melds")


def count_end(stats: dict, g: Game) -> None:
    r = g.result
    assert r is not None
    _bump(stats, "draw" if r.winner is None else r.how)
    st = g.state
    if st.back - st.front + 1 <= st.rules.dead_wall:
        _bump(stats, "haidi_drawn")  # G3: the 海底 drawn to the dead wall
    if any(x is not None for x in g.state.xiayu):
        _bump(stats, "xiayu")
        if any(x is not None and x[2] for x in g.state.xiayu):
            _bump(stats, "co_liable")
    if r.win is not None:
        if r.win.liable_rule:
            _bump(stats, r.win.liable_rule)
        if r.win.co_liable:
            _bump(stats, "co_liable_paid")
        for b in r.win.big:
            _bump(stats, b)


def play_hand(rules: Rules, seed: int, policy: str, stats: dict) -> Lockstep:
    """One seeded hand in lockstep (dealer and previous 癞子 drawn from the seed)."""
    rng = np.random.default_rng([seed, 7])
    wall = shuffled_wall(seed)
    dealer = int(rng.integers(4))
    prev = int(rng.integers(34)) if rng.random() < 0.5 else None
    ls = Lockstep(rules, wall, dealer, prev, f"rules={rules.name} {rules.to_dict()} seed={seed} policy={policy}", rng)
    g = ls.g
    while not g.over:
        assert ls.steps < 1000, f"{ls.where}: the hand did not end"
        seat = g.current_player
        if g.phase in ("claim", "rob") and rng.random() < 0.5:
            others = [s for s in range(4) if g.legal_action_codes(s)]
            seat = others[int(rng.integers(len(others)))]
        code = choose(rng, g.legal_action_codes(seat), policy, ls.n, seat)
        count(stats, g, seat, code)
        ls.step(seat, code)
    ls.check_end()
    count_end(stats, g)
    _bump(stats, "hands")
    stats["decisions"] = stats.get("decisions", 0) + ls.compared
    return ls
