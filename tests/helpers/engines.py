"""The two implementations of the hand interface (:class:`wuhanmj.game.protocol.HandEngine`)
for tests that run against both: the Python reference :class:`wuhanmj.game.Game` and the
native :class:`wuhanmj.native.handapi.NativeHand` (the pattern of CPython's accelerator
modules: one suite, both implementations).

:data:`ENGINES` names them; :func:`engine_class` gives the class (the ``engine`` fixture of
``tests/conftest.py`` passes it to tests); :func:`twin_hands` plays one seeded hand on both
at once, yielding the pair at every decision, so that a test can compare their views.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from wuhanmj import Game, Rules, shuffled_wall

__all__ = ["ENGINES", "engine_class", "twin_hands", "rule_sets"]

ENGINES = ("python", "native")


def engine_class(name: str) -> Any:
    """The hand class of engine ``name`` (``"python"``: Game, ``"native"``: NativeHand)."""
    if name == "python":
        return Game
    from wuhanmj.native.handapi import NativeHand

    return NativeHand


def rule_sets() -> list[Rules]:
    """The three presets and four custom rule sets (R3 痞子 on, L5 下雨, P1/D18 any gang
    after a claim, G4/D12 the dead-wall cutoff, hu_order from the dealer P2/D11)."""
    out = [Rules.preset(p) for p in ("kaikou", "koukou", "koukou_fan")]
    out.append(Rules.preset("kaikou").replace(pizi=True, xiayu=True))
    out.append(Rules.preset("koukou_fan").replace(claim_turn_gang="any", gang_cutoff="dead_wall",
                                                  hu_order="dealer"))
    return out


def twin_hands(rules: Rules, seed: int, policy: str = "greedy") -> Iterator[tuple[Game, Any, int, int]]:
    """Play one seeded hand on a Game and a NativeHand with the same actions (the lockstep
    policies of ``helpers.native_lockstep.choose``); yields ``(game, native, seat, code)``
    before each decision (``seat`` acts, ``code`` is what it will play) and once more at the
    end with ``seat = code = -1``. A claim window's answer sometimes comes from a pending
    seat other than the current player (P2)."""
    from helpers.native_lockstep import choose

    from wuhanmj.native.handapi import NativeHand

    rng = np.random.default_rng([seed, 11])
    wall = shuffled_wall(seed)
    dealer = int(rng.integers(4))
    prev = int(rng.integers(34)) if rng.random() < 0.5 else None
    g = Game(rules, wall=wall, dealer=dealer, prev_laizi=prev)
    n = NativeHand(rules, wall, dealer, prev)
    steps = 0
    while not g.over:
        assert steps < 1000, "the hand did not end"
        seat = g.current_player
        if g.phase in ("claim", "rob") and rng.random() < 0.5:
            others = [s for s in range(4) if g.legal_action_codes(s)]
            seat = others[int(rng.integers(len(others)))]
        code = choose(rng, g.legal_action_codes(seat), policy, n, seat)
        yield g, n, seat, code
        g.step(seat, code)
        n.step(seat, code)
        steps += 1
    yield g, n, -1, -1
