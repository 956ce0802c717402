"""The engine's legal moves in lockstep with an independent reference (G1–G4, P1–P5, R1–R4, W4, W5, W8).

``tests/refs/moves_ref.py`` is a plain state machine of one hand written from
RULES.md §3–4 and the engine's documented decisions; it imports nothing from
``wuhanmj``. Here both play the same seeded walls: at every step the legal codes
of all four seats, the current player and the public state (hands, melds,
rivers, special plays, tiles left, phase) must agree, and at the end the result
(winner, how, tile, discarder, payments — one of the readings W10 allows).

Policies (seeded numpy Generator): ``random`` (uniform over the legal codes) and
``eager`` (hu whenever legal; a claim, gang or special play with probability 0.8;
else uniform), so that hands open, claim, gang, play 癞子/痞子 and reach the 海底.
In a claim window the answering seat is sometimes a pending seat other than the
current player (answers may come in any order).

CI: ``N_CI`` hands per preset and ``N_CUSTOM`` per custom rule set; the larger run
is ``slow``.
"""

from __future__ import annotations

import numpy as np
import pytest

from refs.moves_ref import (AN_GANG, CHI, HONGZHONG_GANG, HU, LAIZI_GANG, PASS, PIZI_GANG, XU_GANG,
                            MovesRef)
from wuhanmj import Game, Rules, shuffled_wall

N_CI = 2000
N_CUSTOM = 200
N_SLOW = 20000

POLICIES = ("random", "eager", "greedy", "greedy")
PRESETS = ("kaikou", "koukou", "koukou_fan")

CUSTOM = {
    # P2, D11: one winner counted from the other end
    "kaikou_hu_order_discarder": ("kaikou", {"hu_order": "discarder"}),
    "koukou_fan_hu_order_dealer": ("koukou_fan", {"hu_order": "dealer"}),
    # G4, D12: the looser cutoff
    "kaikou_gang_cutoff_dead_wall": ("kaikou", {"gang_cutoff": "dead_wall"}),
    "koukou_fan_gang_cutoff_dead_wall": ("koukou_fan", {"gang_cutoff": "dead_wall"}),
    # W8, D13
    "kaikou_second_laizi_play_out": ("kaikou", {"second_laizi": "play_out"}),
    "koukou_fan_second_laizi_keep": ("koukou_fan", {"second_laizi": "keep"}),
    # R3
    "kaikou_pizi": ("kaikou", {"pizi": True}),
    "koukou_fan_no_pizi": ("koukou_fan", {"pizi": False}),
    # G2, G3: a shorter dead wall, alone and with the looser cutoff
    "koukou_dead_wall_6": ("koukou", {"dead_wall": 6}),
    "kaikou_dead_wall_6_cutoff_dead_wall_play_out": (
        "kaikou", {"dead_wall": 6, "gang_cutoff": "dead_wall", "second_laizi": "play_out", "pizi": True}),
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


def same_state(g: Game, ref: MovesRef) -> bool:
    """:func:`engine_state` == ``ref.public_state()``, compared without building either."""
    if g.phase != ref.phase or g.tiles_left != ref.tiles_left:
        return False
    for s in range(4):
        if (g.hand_counts(s) != ref.hands[s] or list(g.discards(s)) != ref.rivers[s]
                or list(g.special_plays(s)) != ref.specials[s]
                or [_meld_tuple(m) for m in g.melds(s)] != ref.melds[s]):
            return False
    return True


def choose(rng: np.random.Generator, legal: tuple[int, ...], policy: str, hand: tuple[int, ...]) -> int:
    """``random``: uniform. ``eager``: hu when legal, a claim/gang/special play w.p. 0.8,
    else uniform. ``greedy``: as ``eager`` but discards the tile that helps least."""
    if policy != "random":
        if HU in legal:
            return HU
        claims = [c for c in legal if c in _CLAIMS]
        if policy == "greedy" and LAIZI_GANG in claims and rng.random() < 0.9:
            claims.remove(LAIZI_GANG)  # keep the wildcard (W8, W9 soft wins)
        if claims and rng.random() < 0.8:
            return claims[int(rng.integers(len(claims)))]
        discards = [c for c in legal if c < 34]
        if policy == "greedy" and discards and rng.random() < 0.9:
            return min(discards, key=lambda t: (_keep_value(hand, t), rng.random()))
    return legal[int(rng.integers(len(legal)))]


def play_lockstep(rules: Rules, seed: int, policy: str, stats: dict | None = None) -> None:
    """One hand of the engine and the reference on the same wall, compared at every step."""
    rng = np.random.default_rng([seed, 7])
    wall = shuffled_wall(seed)
    dealer = int(rng.integers(4))
    prev = int(rng.integers(34)) if rng.random() < 0.5 else None
    g = Game(rules, wall=wall, dealer=dealer, prev_laizi=prev)
    ref = MovesRef(rules.to_dict(), wall, dealer, prev)
    where = f"rules={rules.name} seed={seed} policy={policy}"
    for step in range(1000):
        for s in range(4):
            got, want = g.legal_action_codes(s), ref.legal(s)  # both ascending
            if got != want:
                assert set(got) == set(want), (f"{where} step {step} seat {s} phase {ref.phase}: "
                                               f"engine {sorted(got)} reference {sorted(want)}")
        assert g.current_player == ref.current_player(), f"{where} step {step}: current player"
        if ref.over():
            break
        seat = ref.current_player()
        if ref.phase in ("claim", "rob") and rng.random() < 0.5:
            others = [s for s in range(4) if ref.legal(s)]
            seat = others[int(rng.integers(len(others)))]
        code = choose(rng, ref.legal(seat), policy, ref.hands[seat])
        if stats is not None:
            stats[ref.phase] = stats.get(ref.phase, 0) + 1
            if code != PASS:
                stats[code] = stats.get(code, 0) + 1
            if ref.phase == "turn" and LAIZI_GANG in ref.legal(seat) and not set(ref.legal(seat)) - {LAIZI_GANG, HU}:
                stats["w8_play_out"] = stats.get("w8_play_out", 0) + 1
        g.step(seat, code)
        ref.step(seat, code)
        if not same_state(g, ref):
            assert engine_state(g) == ref.public_state(), f"{where} step {step}: after seat {seat} code {code}"
    else:  # pragma: no cover
        raise AssertionError(f"{where}: the hand did not end")
    assert g.over
    r, o = g.result, ref.outcome()
    assert (r.winner, r.how, r.win_tile, r.discarder) == (o["winner"], o["how"], o["win_tile"], o["discarder"]), where
    assert tuple(r.payments) in o["payments"], (where, r.payments, o["payments"])
    if r.winner is not None:
        assert (tuple(r.win.big), bool(r.win.hard)) in o["readings"], where
    if stats is not None:
        key = "draw" if r.winner is None else r.how
        stats[key] = stats.get(key, 0) + 1


def _run(rules: Rules, seeds, stats=None) -> None:
    for seed in seeds:
        play_lockstep(rules, seed, POLICIES[seed % 4], stats=stats)


@pytest.mark.parametrize("preset", PRESETS)
def test_p1_p2_g3_lockstep_presets(preset):
    """P1–P5, G1–G4, W4, W5, W8 under every preset: N_CI hands, all seats' legal moves."""
    base = 1_000_000 * PRESETS.index(preset)  # other walls for each preset
    _run(Rules.preset(preset), range(base, base + N_CI))


@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_d11_d12_d13_lockstep_custom(name):
    """P2/D11 hu_order, G4/D12 gang_cutoff, W8/D13 second_laizi, R3 pizi, G2 dead_wall flipped."""
    base, changes = CUSTOM[name]
    first = 10_000 + 1000 * sorted(CUSTOM).index(name)
    _run(Rules.preset(base).replace(**changes), range(first, first + N_CUSTOM))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_p1_p2_g3_lockstep_presets_slow(preset):
    """The same, N_SLOW hands per preset on other seeds."""
    base = 1_000_000 * PRESETS.index(preset) + 100_000
    _run(Rules.preset(preset), range(base, base + N_SLOW))
