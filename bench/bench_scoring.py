"""Win evaluation throughput: ``evaluate_win`` on the mix of the public cases,
beside the ``mahjong`` package scoring riichi hands and the brute-force test reference.

Run: ``pytest bench/bench_scoring.py --benchmark-only --benchmark-columns=min,median,rounds``

The mix is every case of ``worked.json`` and ``settlement.json`` (316), legal and
illegal wins alike, with and without 癞子, all three presets. Each round scores the mix
10 times; evaluations per second = 10 × len(mix) / round time. The ``mahjong`` reference
scores six complete closed hands, each checked to be a win before it is timed; it is
compared with ``evaluate_win`` on the legal wins of the mix.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from wuhanmj.scoring.cases import case_kwargs
from wuhanmj.scoring import evaluate_win
from wuhanmj.tiles import laizi_of, parse_tiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from cases import load_cases  # noqa: E402  (the tests' loader: shared/cases or its snapshot)

REPEAT = 10


@pytest.fixture(scope="module")
def mix() -> list[tuple[dict, dict]]:
    """(kwargs with the hand as tile indices, kwargs with the hand as text) per case."""
    out = []
    for name in ("worked.json", "settlement.json"):
        for i, case in enumerate(load_cases(name)):
            text = case_kwargs(case, i)
            out.append((dict(text, hand=parse_tiles(text["hand"])), text))
    return out


def _time_calls(benchmark, call, kws, rounds):
    """Benchmark ``call(**kw)`` over every kw; record the evaluations per second of the best round."""

    def loop():
        for kw in kws:
            call(**kw)

    benchmark.pedantic(loop, rounds=rounds, iterations=1, warmup_rounds=1)
    _record(benchmark, len(kws))


def _record(benchmark, n):
    """Evaluations and evaluations/s of the best round (nothing under --benchmark-disable)."""
    benchmark.extra_info["evaluations"] = n
    if benchmark.stats is not None:
        benchmark.extra_info["evaluations_per_s_best"] = round(n / benchmark.stats.stats.min)


def _laizi_cases(mix):
    return [k for k, _ in mix if laizi_of(k["indicator"]) in k["hand"]]


def test_evaluate_win_cases_mix(benchmark, mix):
    _time_calls(benchmark, evaluate_win, [k for k, _ in mix] * REPEAT, rounds=7)


def test_evaluate_win_cases_mix_text_hands(benchmark, mix):
    """The same, with the hand given as text (parsed on every call)."""
    _time_calls(benchmark, evaluate_win, [k for _, k in mix] * REPEAT, rounds=5)


def test_reference_brute_force_laizi_cases(benchmark, mix):
    """The brute-force reference of the tests (wildcards enumerated over kinds) on the
    cases holding at least one 癞子, beside evaluate_win on the same cases below."""
    import scoring_reference as ref  # tests/ is on sys.path (above)

    def reference(**kw):
        ref.decompositions.cache_clear()
        return ref.best_readings(kw)

    _time_calls(benchmark, reference, _laizi_cases(mix), rounds=3)


def test_evaluate_win_laizi_cases(benchmark, mix):
    _time_calls(benchmark, evaluate_win, _laizi_cases(mix) * REPEAT, rounds=7)


def _legal_cases(mix):
    out = [k for k, _ in mix if evaluate_win(**k).legal]
    assert len(out) > 100, "the mix has its legal wins"
    return out


def test_evaluate_win_legal_cases(benchmark, mix):
    """The legal wins of the mix only (every call scores a win, as every call of the
    ``mahjong`` reference below does): the like-for-like comparison."""
    _time_calls(benchmark, evaluate_win, _legal_cases(mix) * REPEAT, rounds=7)


def test_mahjong_package_hand_value(benchmark):
    """Reference: the ``mahjong`` package (riichi rules) scoring complete closed hands,
    self-drawn (yaku, fu, han and cost), one call per hand."""
    hand_mod = pytest.importorskip("mahjong.hand_calculating.hand")
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.tile import TilesConverter

    # six complete closed hands (14 tiles), each a scored win: san ankou, ittsu, chun,
    # suu ankou, chun, sanshoku (checked below)
    hands = [
        ("22444", "333567", "444", "", "4s"),
        ("123456789", "11", "123", "", "1m"),
        ("234", "567", "23455", "777", "5s"),
        ("111", "22", "333444555", "", "2p"),
        ("", "123345", "67899", "777", "9s"),
        ("456789", "456", "456", "11", "6p"),
    ]
    calc = hand_mod.HandCalculator()
    cfg = HandConfig(is_tsumo=True)
    prepared = []
    for man, pin, sou, honors, win in hands:
        tiles = TilesConverter.string_to_136_array(man=man, pin=pin, sou=sou, honors=honors)
        suit = {"m": "man", "p": "pin", "s": "sou"}[win[1]]
        wt = TilesConverter.string_to_136_array(**{suit: win[0]})[0]
        # the 136-id of the win tile must be one of the hand's copies
        wt = next(t for t in tiles if t // 4 == wt // 4)
        # every anchor hand must be a win: a refused hand returns at once and would
        # make the reference look faster than it is
        res = calc.estimate_hand_value(tiles, wt, config=cfg)
        assert len(tiles) == 14 and res.error is None and res.han, (
            f"anchor hand {man}m {pin}p {sou}s {honors}z (win {win}) is not a scored win: {res.error}"
        )
        prepared.append((tiles, wt))
    items = prepared * 500

    def loop():
        for tiles, wt in items:
            calc.estimate_hand_value(tiles, wt, config=cfg)

    benchmark.pedantic(loop, rounds=3, iterations=1, warmup_rounds=1)
    _record(benchmark, len(items))
