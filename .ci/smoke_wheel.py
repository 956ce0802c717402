"""The smoke test of an installed wheel, run from outside the source tree (.ci/run and
cibuildwheel's test-command): the import, a simulation on both engines, a score (RULES.md
E1), the learning environments, and the files a wheel must and must not hold.

Usage: python smoke_wheel.py    (in an environment where only the wheel, with its rl
extra, is installed; exits non-zero on the first failure)
"""

from __future__ import annotations

import sys
from pathlib import Path


def main() -> None:
    import numpy as np

    import wuhanmj
    from wuhanmj import Meld, Rules, SeatPlays, evaluate_win, parse_tile, simulate

    pkg = Path(wuhanmj.__file__).resolve().parent
    assert "site-packages" in pkg.parts, f"wuhanmj imported from {pkg}, not from an installed wheel"

    # the files of the wheel: the cimportable declarations, the stubs and py.typed; no
    # build intermediates (.c, .pyx)
    for rel in ("py.typed", "_core.pyi", "core/shape.pxd", "core/tables.pxd", "core/defs.pxd",
                "native/hand.pxd", "native/handapi.pyi", "native/agent.pxd"):
        assert (pkg / rel).is_file(), f"the wheel lacks {rel}"
    leftovers = sorted(str(p.relative_to(pkg)) for p in pkg.rglob("*") if p.suffix in (".c", ".pyx"))
    assert not leftovers, f"build intermediates in the wheel: {leftovers}"
    assert (Path(wuhanmj.get_include()) / "wuhanmj" / "core" / "shape.pxd").is_file()

    # a simulation on each engine: the same hands
    native = simulate(hands=64, agents="greedy,random,greedy,random", seed=3, engine="native")
    python = simulate(hands=64, agents="greedy,random,greedy,random", seed=3, engine="python")
    assert native == python and native.hands == 64, "the two engines disagree"

    # RULES.md E1: 开口翻 points, self-drawn small hu, winner +56
    r = evaluate_win(
        hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0,
        indicator=parse_tile("5m"),
        seats=[SeatPlays(), SeatPlays(melds=(Meld.peng("777s", source=2),)), SeatPlays(),
               SeatPlays(melds=(Meld.peng("999p", source=0),), hongzhong_gang=1)],
        rules=Rules.kaikou())
    assert r.payments == (-16, 56, -8, -32), r.payments

    # the environments (the rl extra)
    import gymnasium

    from wuhanmj.envs import VectorEnv, wuhan_mahjong_v0

    env = gymnasium.make("wuhanmj/WuhanMahjong-v0", opponents="greedy")
    obs, info = env.reset(seed=1)
    assert obs.ndim == 1 and obs.dtype == np.int8 and info["action_mask"].any()
    aec = wuhan_mahjong_v0.env()
    aec.reset(seed=1)
    venv = VectorEnv(8, opponents="random")
    obs, masks = venv.reset(seed=1)
    actions = masks.argmax(axis=1)
    venv.step(actions)
    assert bool(np.asarray(masks).any(axis=1).all())
    print(f"smoke: wuhanmj {wuhanmj.__version__} from {pkg}: import, simulate (both engines), "
          "score, envs: ok")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
        sys.exit(1)
