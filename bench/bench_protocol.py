"""Bots over the line protocol (docs/PROTOCOL.md): decisions a second of a trivial bot, a
:class:`~wuhanmj.agents.process.ProcessAgent` at every seat, beside the same policy as a
Python agent in this process, in the same run, on the same hands (the same decisions).

Bots: ``first_bot`` — examples/bots/first_bot.c built with ``cc -O2`` (hu, else pass,
else the first discard, else the first legal code); ``simple_bot.py`` —
examples/bots/simple_bot.py (a Python process: JSON parsing, its own tiles); the reference
``First`` plays first_bot's policy in this process (no protocol). Every row plays the same
``HANDS`` hands of ``kaikou`` (seeds 0 …) with :func:`wuhanmj.game.loop.play_game` (the
Python engine, which tells the bots the events); the ``roundtrip`` row times
``ProcessAgent.act`` alone, one request and one answer on a fixed observation.

Run: ``PYTHONPATH=src pytest bench/bench_protocol.py --benchmark-only
--benchmark-columns=min,median,rounds``.

decisions/s = ``extra_info["decisions"]`` / the ``min`` time of a row. Figures in
bench/README.md ("Bots over the line protocol").
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wuhanmj.agents.process import ProcessAgent
from wuhanmj.game import Game
from wuhanmj.game.loop import play_game

ROOT = Path(__file__).resolve().parents[1]
HANDS = 40


class First:
    """first_bot's policy in this process: hu, else pass, else the first discard, else the first code."""

    legal_codes = True
    observes = False

    def act(self, obs: Any, legal: Any) -> int:
        if 161 in legal:
            return 161
        if 162 in legal:
            return 162
        return next((c for c in legal if c < 34), legal[0])


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> str:
    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (cc)")
    out = tmp_path_factory.mktemp("bot") / "first_bot"
    subprocess.run([cc, "-O2", "-std=c99", "-o", str(out), str(ROOT / "examples/bots/first_bot.c")], check=True)
    return str(out)


def _play(agents: list[Any]) -> int:
    n = 0
    for seed in range(HANDS):
        n += play_game(Game("kaikou", seed=seed), agents)
    return n


def _row(benchmark: Any, agents: list[Any]) -> None:
    _play(agents)  # warm: the processes started, the tables built
    decisions = benchmark.pedantic(_play, args=(agents,), rounds=5, iterations=1)
    benchmark.extra_info["decisions"] = decisions
    benchmark.extra_info["hands"] = HANDS


def test_reference_first_in_process(benchmark: Any) -> None:
    _row(benchmark, [First() for _ in range(4)])


def test_first_bot_c_at_four_seats(benchmark: Any, c_bot: str) -> None:
    bots = [ProcessAgent([c_bot]) for _ in range(4)]
    try:
        _row(benchmark, list(bots))
    finally:
        for b in bots:
            b.close()


def test_simple_bot_python_at_four_seats(benchmark: Any) -> None:
    bots = [ProcessAgent([sys.executable, str(ROOT / "examples/bots/simple_bot.py")]) for _ in range(4)]
    try:
        _row(benchmark, list(bots))
    finally:
        for b in bots:
            b.close()


def test_roundtrip_first_bot(benchmark: Any, c_bot: str) -> None:
    g = Game("kaikou", seed=1)
    seat = g.current_player
    obs, codes = g.observation(seat), g.legal_action_codes(seat)
    with ProcessAgent([c_bot]) as bot:
        bot.act(obs, codes)

        def many() -> int:
            for _ in range(1000):
                bot.act(obs, codes)
            return 1000

        benchmark.extra_info["decisions"] = benchmark.pedantic(many, rounds=5, iterations=1)
