"""A refused win is one :class:`~wuhanmj.scoring.result.Refusal` value on both scorings,
and no code reads a refusal back from its message.

- the Python :func:`~wuhanmj.scoring.evaluate_win` and the native ``evaluate_win_c``
  (through :func:`~wuhanmj.native.scoreapi.evaluate_win_native`) give equal Refusal values,
  equal to the one worked out for each refusing rule (``helpers.refusals``), and the same
  dict of every other field;
- with :attr:`Refusal.message` made to fail when read, the native entries still give those
  values, and the native hand engine still plays the scripted W8 and W11 refusals with the
  Python scoring plugged in (``use_scoring("python")``: ``fallback`` fills the engine's
  verdict from the Refusal's fields). Any code that parsed the message, or rebuilt a value
  from ``WinResult.reason``, would fail here.
"""

from __future__ import annotations

import pytest
from helpers import game_script
from helpers.game_script import make_game, run
from helpers.refusals import REFUSED
from helpers.walls import B_HANDS, B_OPEN, F_OTHERS

import wuhanmj.scoring
from wuhanmj.game.actions import HU
from wuhanmj.native import fallback
from wuhanmj.native.handapi import NativeHand
from wuhanmj.native.scoreapi import evaluate_win_native, win_result_fields
from wuhanmj.rules import Rules
from wuhanmj.scoring import Refusal, evaluate_win

IDS = [c[0] for c in REFUSED]


@pytest.mark.parametrize("cid, kw, want", REFUSED, ids=IDS)
def test_both_scorings_give_the_same_refusal(cid, kw, want):
    py = evaluate_win(**kw)
    nat = evaluate_win_native(**kw)
    assert py.refusal == want
    assert nat["refusal"] == want
    assert nat == win_result_fields(py)


@pytest.fixture
def unreadable_messages(monkeypatch):
    """Refusal.message (and so WinResult.reason) raises while the test runs."""

    def _read(self):
        raise AssertionError(f"the message of {self!r} was read")

    monkeypatch.setattr(Refusal, "message", property(_read))


def test_the_patch_bites(unreadable_messages):
    """The fixture does make a message read fail (else the tests below prove nothing)."""
    cid, kw, want = REFUSED[0]
    with pytest.raises(AssertionError, match="was read"):
        evaluate_win(**kw).reason  # noqa: B018


@pytest.mark.parametrize("cid, kw, want", REFUSED, ids=IDS)
def test_the_native_entries_read_no_message(unreadable_messages, cid, kw, want):
    assert evaluate_win_native(**kw)["refusal"] == want
    assert win_result_fields(evaluate_win(**kw))["refusal"] == want


def _w8_hand():
    """tests/game/test_game_scenarios.py's W8 wall: seat 3 (two 癞子 9s) draws 7p, which
    makes only a small hu (W8 refuses it)."""
    g = make_game(F_OTHERS + ["2z2z 3z 123m456m 5s 8p 9s9s"], "8s", draws=["5z", "6z", "4z", "7p"],
                  replacements=["5s"])
    run(g, B_OPEN + "; 0 d 5z; 1 d 6z; 2 d 4z")
    assert g.current_player == 3 and HU not in g.legal_action_codes(3)
    return g


def _w11_hand():
    """Wall B under koukou_fan: seat 3's hu on the dealer's 5s leaves the dealer at U = 4
    < 6 (W11 refuses it): seat 3 is not offered hu."""
    g = make_game(B_HANDS, "8s", draws=["7m"], rules=Rules.koukou_fan())
    run(g, B_OPEN + "; 0 d 5s")
    assert g.pending == (2,) and g.legal_action_codes(3) == ()
    return g


@pytest.mark.parametrize("play, want", [(_w8_hand, Refusal("W8", laizi=2)),
                                        (_w11_hand, Refusal("W11", seat=0, fan=4, min_fan=6))],
                         ids=["W8", "W11"])
def test_the_engine_fallback_reads_no_message(unreadable_messages, monkeypatch, play, want):
    """The native hand engine with the Python scoring: every verdict it is given passes
    through fallback's WinOut, a refused one included, without its message being read."""
    seen = []
    score = wuhanmj.scoring.evaluate_win

    def recording(**kw):
        r = score(**kw)
        seen.append(r.refusal)
        return r

    monkeypatch.setattr(wuhanmj.scoring, "evaluate_win", recording)
    monkeypatch.setattr(game_script, "Game", NativeHand)
    prev = fallback.use_scoring("python")
    try:
        play()
    finally:
        fallback.use_scoring(*prev)
    assert want in seen
