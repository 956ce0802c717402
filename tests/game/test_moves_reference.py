"""The engine's legal moves in lockstep with an independent reference (G1–G4, P1–P5, R1–R4, W4, W5, W8).

``tests/refs/moves_ref.py`` is a plain state machine of one hand written from
RULES.md §3–4 and the engine's documented decisions; it imports nothing from
``wuhanmj``. Here both play the same seeded walls: at every step the legal codes
of all four seats, the current player and the public state (hands, melds,
rivers, special plays, tiles left, phase) must agree, and at the end the result
(winner, how, tile, discarder, payments — one of the readings W10 allows).

Policies (seeded numpy Generator, one per seed in turn, see :func:`choose`):
``random`` (uniform over the legal codes), ``eager`` (hu whenever legal; a claim,
gang or special play with probability 0.8; else uniform), ``greedy`` (as eager,
keeps its 癞子 and discards the tile that helps least, so hands win) and
``hoard`` (claims everything, never a special play unless forced: G4 dead
discards, W8 second 癞子), so that hands open, claim, gang, play 癞子/痞子, are
robbed and reach the 海底. In a claim window the answering seat is sometimes a
pending seat other than the current player (answers may come in any order).

CI: ``N_CI`` hands per preset (each run also asserts that the rare paths were
met: 抢杠, 海底捞, 杠上开花, several hu on one tile, a G4 dead discard, an
exhaustive draw ...) and ``N_CUSTOM`` per custom rule set; the larger run
(``N_SLOW`` per preset) is ``soak``. Scripted hands (``scripted_wall``) play the
paths random play rarely meets, in lockstep too, with the outcome worked out
from RULES.md: P2/D11 two winners on one discard, P4/D11 two robbers of one
蓄杠, W3/W11 乱将, W8/D13/G4 the second 癞子. Command: ``PYTHONPATH=src python -m pytest -q -p no:cacheprovider
tests/game/test_moves_reference.py -m "not slow"``.
"""

from __future__ import annotations

import numpy as np
import pytest
from reference.moves_ref import (
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
    MovesRef,
)

from wuhanmj import Game, Rules, scripted_wall, shuffled_wall

N_CI = 2000
N_CUSTOM = 200
N_SLOW = 3000  # with the 2,000 of the quick run: 5,000 hands per preset

POLICIES = ("random", "eager", "greedy", "greedy", "random", "eager", "greedy", "hoard")
PRESETS = ("kaikou", "koukou", "koukou_fan")

# name: (preset, changed fields, paths the run must meet)
CUSTOM = {
    # P2, D11: one winner counted from the other end
    # (the scripted tests below play the cases where the order decides)
    "kaikou_hu_order_discarder": ("kaikou", {"hu_order": "discarder"}, ("fangchong",)),
    "koukou_fan_hu_order_dealer": ("koukou_fan", {"hu_order": "dealer"}, ("fangchong",)),
    # G4, D12: the looser cutoff
    "kaikou_gang_cutoff_dead_wall": ("kaikou", {"gang_cutoff": "dead_wall"}, ("late_gang",)),
    "koukou_fan_gang_cutoff_dead_wall": ("koukou_fan", {"gang_cutoff": "dead_wall"}, ("late_gang",)),
    # W8, D13
    "kaikou_second_laizi_play_out": ("kaikou", {"second_laizi": "play_out"}, ("w8_play_out",)),
    "koukou_fan_second_laizi_keep": ("koukou_fan", {"second_laizi": "keep"}, ("hu_two_laizi",)),
    # P1, D18: 暗杠/蓄杠 straight after a 碰/吃 too
    "kaikou_claim_turn_gang_any": ("kaikou", {"claim_turn_gang": "any"}, ("claim_turn_gang",)),
    # R3
    "kaikou_pizi": ("kaikou", {"pizi": True}, ("pizi_gang",)),
    "koukou_fan_no_pizi": ("koukou_fan", {"pizi": False}, ("fangchong",)),
    # G2, G3: a shorter dead wall, alone and with the looser cutoff
    "koukou_dead_wall_6": ("koukou", {"dead_wall": 6}, ("haidilao",)),
    "kaikou_dead_wall_6_cutoff_dead_wall_play_out": (
        "kaikou", {"dead_wall": 6, "gang_cutoff": "dead_wall", "second_laizi": "play_out", "pizi": True},
        ("late_gang", "w8_play_out", "haidilao")),
}

_CLAIMS = frozenset(range(CHI, XU_GANG + 34)) | frozenset(range(AN_GANG, AN_GANG + 34)) | {
    HONGZHONG_GANG, LAIZI_GANG} | frozenset(range(PIZI_GANG, PIZI_GANG + 34))


_AS_TUPLE: dict = {}


def _meld_tuple(m) -> tuple:
    """A Meld as ``(kind, tiles, source)`` (memoized: Meld values are immutable)."""
    t = _AS_TUPLE.get(m)
    if t is None:
        t = _AS_TUPLE[m] = (m.kind, tuple(m.tiles), m.source)
    return t


def engine_state(g: Game) -> dict:
    """The engine's public state in the reference's form."""
    return {
        "phase": g.phase,
        "tiles_left": g.tiles_left,
        "hands": tuple(tuple(g.hand_counts(s)) for s in range(4)),
        "melds": tuple(tuple(_meld_tuple(m) for m in g.melds(s)) for s in range(4)),
        "rivers": tuple(tuple(g.discards(s)) for s in range(4)),
        "specials": tuple(tuple(g.special_plays(s)) for s in range(4)),
    }


def _keep_value(h: tuple[int, ...], t: int) -> int:
    """How much a tile helps the hand (pairs, pongs, neighbours of the same suit): a rough
    heuristic so that the ``greedy`` policy builds hands that win."""
    v = 4 * (h[t] - 1)
    if t < 27:
        r = t % 9
        for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= r + d <= 8:
                v += w * min(h[t + d], 1)
        if r in (1, 4, 7):
            v += 1
    return v


def same_state(g: Game, ref: MovesRef, seen: list) -> bool:
    """:func:`engine_state` == ``ref.public_state()``, compared without building either.

    ``seen``: per seat, the engine's last melds tuple and its conversion (the engine
    returns the same tuple object until the seat's melds change)."""
    if g.phase != ref.phase or g.tiles_left != ref.tiles_left:
        return False
    for s in range(4):
        ms = g.melds(s)
        if seen[s][0] is not ms:
            seen[s] = (ms, [_meld_tuple(m) for m in ms])
        if (seen[s][1] != ref.melds[s] or g.hand_counts(s) != ref.hands[s]
                or g.discards(s) != ref.rivers[s] or g.special_plays(s) != ref.specials[s]):
            return False
    return True


_SPECIAL = frozenset(range(HONGZHONG_GANG, LAIZI_GANG + 1))


def choose(rng: np.random.Generator, legal: tuple[int, ...], policy: str, hand: tuple[int, ...]) -> int:
    """``random``: uniform. ``eager``: hu when legal, a claim/gang/special play w.p. 0.8,
    else uniform. ``greedy``: as ``eager`` but keeps the 癞子 (w.p. 0.9) and discards the
    tile that helps least. ``hoard``: hu when legal, every claim and gang, never a special
    play unless it is the only move (so hands end with only 红中/痞子/癞子 left and meet
    G4, and a ready hand holding a 癞子 draws its second, W8)."""
    if HU in legal and policy != "random":
        return HU
    if policy == "hoard":
        claims = [c for c in legal if c in _CLAIMS and c not in _SPECIAL]
        if claims:
            return claims[int(rng.integers(len(claims)))]
        plain = [c for c in legal if c not in _SPECIAL] or list(legal)
        discards = [c for c in plain if c < 34]
        if discards:
            return min(discards, key=lambda t: (_keep_value(hand, t), rng.random()))
        return plain[int(rng.integers(len(plain)))]
    if policy != "random":
        claims = [c for c in legal if c in _CLAIMS]
        if policy == "greedy" and LAIZI_GANG in claims and rng.random() < 0.9:
            claims.remove(LAIZI_GANG)  # keep the wildcard (W8, W9 soft wins)
        if claims and rng.random() < 0.8:
            return claims[int(rng.integers(len(claims)))]
        discards = [c for c in legal if c < 34]
        if policy == "greedy" and discards and rng.random() < 0.9:
            return min(discards, key=lambda t: (_keep_value(hand, t), rng.random()))
    return legal[int(rng.integers(len(legal)))]


_CURRENT_LAST = {c: tuple(s for s in range(4) if s != c) + ((c,) if c is not None else ()) for c in (0, 1, 2, 3, None)}


class Lockstep:
    """The engine and the reference on the same wall, compared at every step."""

    def __init__(self, rules: Rules, wall: list[int], dealer: int, prev: int | None, where: str) -> None:
        self.g = Game(rules, wall=wall, dealer=dealer, prev_laizi=prev)
        self.ref = MovesRef(rules.to_dict(), wall, dealer, prev)
        self.where = where
        self.n = 0  # steps played
        self._seen: list = [(None, None)] * 4
        self.check()

    def check(self) -> None:
        """Every seat's legal codes and the current player agree."""
        g, ref = self.g, self.ref
        cur = ref.current_player()
        for s in _CURRENT_LAST[cur]:  # the current seat last: the engine caches its codes for step()
            got, want = g.legal_action_codes(s), ref.legal(s)  # both ascending
            if got != want:
                assert set(got) == set(want), (f"{self.where} step {self.n} seat {s} phase {ref.phase}: "
                                               f"engine {sorted(got)} reference {sorted(want)}")
        assert g.current_player == cur, f"{self.where} step {self.n}: current player"

    def step(self, seat: int, code: int) -> None:
        """Play ``code`` for ``seat`` in both, then compare the public state and the moves."""
        assert code in self.ref.legal(seat), f"{self.where} step {self.n}: seat {seat} code {code} not legal"
        self.g.step(seat, code)
        self.ref.step(seat, code)
        self.n += 1
        if not same_state(self.g, self.ref, self._seen):
            assert engine_state(self.g) == self.ref.public_state(), (
                f"{self.where} step {self.n}: after seat {seat} code {code}")
        self.check()

    def check_end(self) -> None:
        """The result: winner, how, tile, discarder; payments and (big, hard) of a W10 reading."""
        g, ref, where = self.g, self.ref, self.where
        assert g.over and ref.over(), where
        r, o = g.result, ref.outcome()
        assert (r.winner, r.how, r.win_tile, r.discarder) == (
            o["winner"], o["how"], o["win_tile"], o["discarder"]), where
        assert tuple(r.payments) in o["payments"], (where, r.payments, o["payments"])
        if r.winner is not None:
            assert (tuple(r.win.big), bool(r.win.hard)) in o["readings"], where


def play_lockstep(rules: Rules, seed: int, policy: str, stats: dict) -> None:
    """One seeded hand in lockstep; ``stats`` counts the phases, the codes played and the
    rare paths met (:func:`_count`)."""
    rng = np.random.default_rng([seed, 7])
    wall = shuffled_wall(seed)
    dealer = int(rng.integers(4))
    prev = int(rng.integers(34)) if rng.random() < 0.5 else None
    ls = Lockstep(rules, wall, dealer, prev, f"rules={rules.name} seed={seed} policy={policy}")
    ref = ls.ref
    while not ref.over():
        assert ls.n < 1000, f"{ls.where}: the hand did not end"
        seat = ref.current_player()
        if ref.phase in ("claim", "rob") and rng.random() < 0.5:
            others = [s for s in range(4) if ref.legal(s)]
            seat = others[int(rng.integers(len(others)))]
        code = choose(rng, ref.legal(seat), policy, ref.hands[seat])
        _count(stats, ref, seat, code)
        ls.step(seat, code)
    ls.check_end()
    r = ls.g.result
    key = "draw" if r.winner is None else r.how
    stats[key] = stats.get(key, 0) + 1


def code_kind(code: int) -> str:
    """The kind of an action code (the layout of ``wuhanmj.actions``)."""
    for kind, lo, hi in (("discard", 0, CHI), ("chi", CHI, PENG), ("peng", PENG, CHONG_GANG),
                         ("chong_gang", CHONG_GANG, XU_GANG), ("xu_gang", XU_GANG, AN_GANG),
                         ("an_gang", AN_GANG, HONGZHONG_GANG), ("hongzhong_gang", HONGZHONG_GANG, PIZI_GANG),
                         ("pizi_gang", PIZI_GANG, LAIZI_GANG), ("laizi_gang", LAIZI_GANG, HU),
                         ("hu", HU, PASS), ("pass", PASS, PASS + 1)):
        if lo <= code < hi:
            return kind
    raise ValueError(code)


_KIND = [code_kind(c) for c in range(PASS + 1)]


def _count(stats: dict, ref: MovesRef, seat: int, code: int) -> None:
    """Coverage counters, before ``seat`` plays ``code``."""
    phase = ref.phase
    kind = _KIND[code]
    stats[phase] = stats.get(phase, 0) + 1
    stats[kind] = stats.get(kind, 0) + 1
    rare = []
    if phase == "turn":
        if code < 34 and not ref._normal(code):
            rare.append("dead_discard")
        if ref.must_play_laizi:
            rare.append("w8_play_out" if ref._gang_allowed() else "w8_after_cutoff")  # D13
        if kind.endswith("gang") and ref.tiles_left <= ref.rules.dead_wall + 4:
            rare.append("late_gang")  # G4 with gang_cutoff = "dead_wall"
        if ref.began_with_claim and kind in ("xu_gang", "an_gang"):
            rare.append("claim_turn_gang")  # D18 "any": a 暗杠/蓄杠 in a turn begun by a 碰/吃
        if ref.began_with_claim and kind in ("hongzhong_gang", "pizi_gang", "laizi_gang"):
            rare.append("claim_turn_special")  # D18: special plays after a 碰/吃 stay legal
    if code == HU:
        if phase in ("turn", "haidi") and ref.hands[seat][ref.laizi] >= 2:
            rare.append("hu_two_laizi")  # W8: a big hu
        if phase == "claim" and len(ref.melds[seat]) == 4:
            rare.append("hu_four_melds")
    if phase in ("claim", "rob") and not ref.window.answers:
        if kind == "chong_gang" and ref.tiles_left <= ref.rules.dead_wall + 4:
            rare.append("late_gang")
        hu = [w for w, o in ref.window.options.items() if HU in o]
        if len(hu) >= 2:
            rare.append("several_hu")
            d = ref.window.seat
            if min(hu, key=lambda w: (w - d) % 4) != min(hu, key=lambda w: (w - ref.dealer) % 4):
                rare.append("hu_order_matters")  # P2, D11
    for k in rare:
        stats[k] = stats.get(k, 0) + 1


def _run(rules: Rules, seeds) -> dict:
    """Play every seed in lockstep (the policy chosen by the seed); the coverage counters."""
    stats: dict = {}
    for seed in seeds:
        play_lockstep(rules, seed, POLICIES[seed % len(POLICIES)], stats)
    return stats


# Paths each preset's CI run must meet (so that a change of the policies cannot make
# the lockstep test vacuous): P4 抢杠, G3 海底捞, W6 杠上开花, P2/D11 several hu on one
# tile, X6 荒庄, the G4 dead discard, P2 冲杠, P1 暗杠 and 蓄杠, P3 special plays.
_MUST_MEET = ("qianggang", "haidilao", "gangshanghua", "zimo", "fangchong", "draw", "several_hu", "dead_discard",
              "chi", "peng", "chong_gang", "xu_gang", "an_gang", "hongzhong_gang", "laizi_gang")


@pytest.mark.parametrize("preset", PRESETS)
def test_p1_p2_g3_lockstep_presets(preset):
    """P1–P5, G1–G4, W4, W5, W8 under every preset: N_CI hands, all seats' legal moves."""
    base = 1_000_000 * PRESETS.index(preset)  # other walls for each preset
    rules = Rules.preset(preset)
    stats = _run(rules, range(base, base + N_CI))
    must = _MUST_MEET + (("pizi_gang",) if rules.pizi else ()) + (
        ("w8_play_out",) if rules.second_laizi == "play_out" else ())
    assert not [k for k in must if not stats.get(k)], stats


@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_d11_d12_d13_lockstep_custom(name):
    """P2/D11 hu_order, G4/D12 gang_cutoff, W8/D13 second_laizi, P1/D18 claim_turn_gang, R3
    pizi, G2 dead_wall flipped."""
    base, changes, must = CUSTOM[name]
    first = 10_000 + 1000 * sorted(CUSTOM).index(name)
    stats = _run(Rules.preset(base).replace(**changes), range(first, first + N_CUSTOM))
    assert not [k for k in must if not stats.get(k)], stats


@pytest.mark.soak
@pytest.mark.parametrize("preset", PRESETS)
def test_p1_p2_g3_lockstep_presets_slow(preset):
    """The same, N_SLOW hands per preset on other seeds."""
    base = 1_000_000 * PRESETS.index(preset) + 100_000
    _run(Rules.preset(preset), range(base, base + N_SLOW))


# ---------------------------------------------------------------------- scripted hands
# Rare paths played on purpose, in lockstep too. The expected winner is worked out
# here from RULES.md, independently of both implementations.
_1Z, _2Z, _3Z, _4Z, _5S = 27, 28, 29, 30, 22


def play_script(rules: Rules, wall: list[int], dealer: int, script, where: str) -> Lockstep:
    """Play ``script`` (``(seat, code)`` pairs) in lockstep; returns the finished run."""
    ls = Lockstep(rules, wall, dealer, None, where)
    for seat, code in script:
        ls.step(seat, code)
    ls.check_end()
    return ls


# Seats 3 and 0 open by 碰, both wait on 5s; seat 2 discards 5s (indicator 9s: 癞子 1s).
_TWO_HU_WALL = {
    "hands": ["123456789m 5s 1223z", "112779m 3389p 29s 4z", "22588m 5779p 3588s", "112z 123456789p 5s"],
    "indicator": "9s", "dealer": 0, "draws": "5z6z"}
_TWO_HU_OPEN = [(0, _1Z), (3, PENG), (3, _2Z), (0, PENG), (0, _3Z), (1, _4Z), (2, _5S)]


@pytest.mark.parametrize("hu_order, seat3, winner", [
    ("dealer", None, 0),  # from the dealer (seat 0): seat 0 first; its hu closes the window
    ("discarder", PASS, 0),  # from seat 2: seat 3 first, it passes
    ("discarder", HU, 3),  # from seat 2: seat 3 first, it wins though seat 0 answered first
])
def test_p2_d11_one_winner_on_a_discard(hu_order, seat3, winner):
    """P2, D11: two seats may win on one discard; one winner, first in turn order counted
    from the dealer or from the discarder; the window stays open while seat 3's answer
    could still change the outcome."""
    rules = Rules.kaikou().replace(hu_order=hu_order)
    wall = scripted_wall(**_TWO_HU_WALL)
    script = _TWO_HU_OPEN + [(0, HU)] + ([(3, seat3)] if seat3 is not None else [])
    ls = play_script(rules, wall, 0, script, f"two hu {hu_order} {seat3}")
    r = ls.g.result
    assert (r.winner, r.how, r.win_tile, r.discarder) == (winner, "fangchong", _5S, 2)


# Seats 3 and 0 open by 碰 and wait on 5s; seat 3 passes a win on seat 0's 5s so that
# seat 1 can 碰 it (P2: hu > 碰; no 振听); seat 1 draws the fourth 5s and declares 蓄杠.
_ROB_WALL = {
    "hands": ["123456m 22p 456s 122z", "11779m 339p 2559s 4z", "225889m 5779p 388s", "112z 12345688p 67s"],
    "indicator": "9s", "dealer": 0, "draws": "5z6z3z5s"}
_ROB_OPEN = [(0, _1Z), (3, PENG), (3, _2Z), (0, PENG), (0, _5S), (3, PASS), (1, PENG), (1, _4Z),
             (2, 31), (3, 32), (0, _3Z), (1, XU_GANG + _5S)]


@pytest.mark.parametrize("hu_order, seat0, winner", [
    ("dealer", HU, 0),  # from the dealer: seat 0 first, though seat 3 answered first
    ("dealer", PASS, 3),
    ("discarder", None, 3),  # from the robbed seat 1: seat 3 first; its hu closes the window
])
def test_p4_d11_two_seats_rob_one_xu_gang(hu_order, seat0, winner):
    """P4: both seats waiting on the 蓄杠 tile may rob it; D11 picks one (counted from the
    robbed seat or from the dealer); L3: the robbed 碰 stays a 碰."""
    rules = Rules.kaikou().replace(hu_order=hu_order)
    wall = scripted_wall(**_ROB_WALL)
    script = _ROB_OPEN + [(3, HU)] + ([(0, seat0)] if seat0 is not None else [])
    ls = play_script(rules, wall, 0, script, f"rob {hu_order} {seat0}")
    r = ls.g.result
    assert (r.winner, r.how, r.win_tile, r.discarder) == (winner, "qianggang", _5S, 1)
    assert [m.kind for m in ls.g.melds(1)] == ["peng"]


# Seat 3 opens by 碰 2m and holds only 2/5/8 tiles that are no pongs-and-pair shape:
# W3 乱将 (将一色) is its only way to win, on any 2/5/8; seat 0 discards 8s (indicator
# 1z: 癞子 南, 痞子 东/白 under koukou_fan).
_LUANJIANG_WALL = {
    "hands": ["2m 4679m 1346p 34678s", "1199m 113366p 11s 3z", "4477m 4477p 4477s 3z", "225588m 22589p 25s"],
    "indicator": "1z", "dealer": 0, "draws": "6z"}
_LUANJIANG_OPEN = [(0, 1), (3, PENG), (3, 17), (0, 25)]


@pytest.mark.parametrize("preset", ["kaikou", "koukou_fan"])
def test_w3_w11_luanjiang_on_a_discard(preset):
    """W3: a hand of only 2/5/8 tiles wins whatever its shape (将一色, a big hu, W6) —
    under kaikou; under koukou_fan W11 refuses it: seat 1 and seat 2 would pay
    U = 2 (开口, 硬胡) + 0 + 3 (big hu) = 5 < 6, so seat 3 is not even asked (P2)."""
    rules = Rules.preset(preset)
    wall = scripted_wall(**_LUANJIANG_WALL)
    ls = Lockstep(rules, wall, 0, None, f"luanjiang {preset}")
    for seat, code in _LUANJIANG_OPEN:
        ls.step(seat, code)
    if preset == "kaikou":
        assert ls.g.legal_action_codes(3) == (HU, PASS)
        ls.step(3, HU)
        ls.check_end()
        r = ls.g.result
        assert (r.winner, r.how, r.win_tile, r.discarder) == (3, "fangchong", 25, 0)
        assert "jiangyise" in r.win.big
    else:
        assert ls.g.phase == "turn" and ls.g.current_player == 1 and not ls.g.legal_action_codes(3)


# Seat 0 (dealer) is ready holding one 癞子 (indicator 9s: 癞子 1s) and draws a second; the
# others only draw and discard honors nobody can claim. dead_wall = 70 makes G4's cutoff
# (more than 74 tiles left) fall on seat 0's second draw: 82 - 8 = 74 after it.
_W8_HANDS = ["123456789m 223p 1s 6z", "111m 444p 9p 258777s", "222m 1555p 369888s", "333m 66678999p 46s"]
_W8_SEAT0_FIRST = [(0, 32)]
_W8_ROUND1 = [(1, 27), (2, 28), (3, 29)]
_W8_ROUND2 = [(0, 30), (1, 31), (2, 27), (3, 28)]


@pytest.mark.parametrize("second_laizi, late, forced", [
    ("play_out", False, True),  # W8, D13: the 癞子杠 before any other play
    ("keep", False, False),  # seed 000: it may keep both
    ("play_out", True, False),  # D13: G4 forbids the 癞子杠, the turn goes on as usual
])
def test_w8_d13_g4_second_laizi(second_laizi, late, forced):
    """W8 (D13): a ready player that draws its second 癞子 must play one out unless it wins;
    when G4 forbids special plays (here: 74 tiles left, dead_wall 70) it plays on as usual."""
    rules = Rules.kaikou().replace(dead_wall=70, second_laizi=second_laizi)
    draws = "1z2z3z4z5z1z2z1s" if late else "1z2z3z1s"
    wall = scripted_wall(hands=_W8_HANDS, indicator="9s", dealer=0, draws=draws, replacements="5z")
    ls = Lockstep(rules, wall, 0, None, f"w8 {second_laizi} late={late}")
    for seat, code in _W8_SEAT0_FIRST + _W8_ROUND1 + (_W8_ROUND2 if late else []):
        ls.step(seat, code)
    g = ls.g
    assert g.current_player == 0 and g.hand_counts(0)[18] == 2
    assert g.tiles_left == (74 if late else 78)
    legal = g.legal_action_codes(0)
    normal = tuple(range(9)) + (10, 11)  # 1-9m, 2p, 3p
    if forced:
        assert legal == (LAIZI_GANG,)
        ls.step(0, LAIZI_GANG)  # a replacement draw (5z) and the turn goes on
        assert g.legal_action_codes(0) == tuple(sorted(normal + (31, LAIZI_GANG)))
    elif late:
        assert legal == normal  # G4: no special play, and the 癞子 is no discard (R4)
    else:
        assert legal == tuple(sorted(normal + (LAIZI_GANG,)))
