"""W8, W11 in play, on both engines: a hu the scoring refuses is not offered, and stepping
it anyway is an IllegalActionError whose message is the refusal's
(:attr:`wuhanmj.scoring.result.Refusal.message`, made of the facts worked out below), the
state unchanged. (The native engine decides the refusal with its own scoring and explains
it through the Python engine's replay of its decisions.)"""

from __future__ import annotations

import pytest

from helpers.game_script import make_game, run
from helpers.walls import B_HANDS, B_OPEN, F_OTHERS
from wuhanmj.errors import IllegalActionError
from wuhanmj.game.actions import HU
from wuhanmj.rules import Rules
from wuhanmj.scoring import Refusal

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)


def _refused_hu(g, seat: int, want: Refusal) -> None:
    assert HU not in g.legal_action_codes(seat)
    before = g.to_dict()
    with pytest.raises(IllegalActionError) as err:
        g.step(seat, HU)
    assert str(err.value) == want.message
    assert g.to_dict() == before


def test_w8_refusal_of_a_small_hu_with_two_laizi():
    """Seat 3 holds two 癞子 (9s) and draws 7p: 123m456m 5s 78p + 9s9s only reads as a small
    hu (no big hu shape: chows in three suits), which W8 forbids: 2 癞子."""
    g = make_game(F_OTHERS + ["2z2z 3z 123m456m 5s 8p 9s9s"], "8s", draws=["5z", "6z", "4z", "7p"],
                  replacements=["5s"])
    run(g, B_OPEN + "; 0 d 5z; 1 d 6z; 2 d 4z")
    assert g.current_player == 3
    _refused_hu(g, 3, Refusal("W8", laizi=2))


def test_w11_refusal_below_the_qihu_minimum():
    """Wall B under koukou_fan: seat 3 (one peng: 口口 1, 硬胡 1 → F_w = 2) on the dealer's
    5s: the dealer pays U = 2 + 放冲 1 + 庄 1 = 4 < 6, the first loser below the minimum."""
    g = make_game(B_HANDS, "8s", draws=["7m"], rules=Rules.koukou_fan())
    run(g, B_OPEN + "; 0 d 5s")
    _refused_hu(g, 3, Refusal("W11", seat=0, fan=4, min_fan=6))
