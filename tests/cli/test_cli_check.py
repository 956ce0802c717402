"""``wuhanmj check``: hu and sample payments, shanten, waits, discard advice, errors (W1–W8, R1–R4)."""

from __future__ import annotations

import pytest

from wuhanmj.cli import main
from wuhanmj.cli.check import parse_meld
from wuhanmj.errors import MeldError


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_issue_example_is_hu_and_scores_in_each_preset(capsys):
    # E1's hand with the 9p replaced by the 癞子 6m: a soft small hu, self-drawn by seat 1.
    # kaikou: winner fan 开口 1 + 自摸 1 = 2 (soft: no 硬胡); dealer pays 2^(2+1) = 8, the
    # others 2^2 = 4 each: +16. Under koukou_fan the 4m is a 痞子 (R3), so no win (W5).
    code, out, err = run(capsys, "check", "234m456p78p55s6m", "--meld", "777s", "--indicator", "5m")
    assert code == 0 and err == ""
    assert "hu         yes" in out
    assert "kaikou      legal, small hu, soft: payments by seat -8 +16 -4 -4" in out
    assert "koukou_fan  not legal: W5" in out
    assert "shanten    -1 via 小胡 xiaohu" in out
    assert "discards   best first" in out


def test_ready_hand_lists_waits_with_unseen_counts(capsys):
    # waits 6m (癞子), 3p, 6p, 9p; seen: 9p 9p 3p and the indicator 5m; the hand holds a 6p
    code, out, _ = run(capsys, "check", "234m456p78p55s", "--meld", "777s", "--indicator", "5m",
                       "--visible", "9p9p3p")
    assert code == 0
    assert "waits      6m×4  3p×3  6p×3  9p×2   (12 unseen)" in out


def test_far_hand_lists_effective_tiles(capsys):
    code, out, _ = run(capsys, "check", "19m19p19s1234567z", "--indicator", "1z")
    assert code == 0
    assert "effective " in out and "shanten" in out


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["check", "234m456p78p55s0m", "--indicator", "5m"], "red fives"),
        (["check", "234m456p78p55s6m", "--meld", "778s", "--indicator", "5m"], "P2"),
        (["check", "234m456p78p55s6", "--indicator", "5m"], "no suit letter"),
        (["check", "234m456p", "--indicator", "5m"], "expected 13 or 14"),
        (["check", "234m456p78p55s6m", "--meld", "666m", "--indicator", "5m"], "R4"),
        (["check", "234m456p78p55s", "--meld", "777s", "--indicator", "5m", "--visible", "77s"], "T1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert needle in err and err.count("\n") == 1


def test_meld_syntax():
    assert parse_meld("777s").kind == "peng"
    assert parse_meld("123m").kind == "chi"
    assert parse_meld("7777s").kind == "chong_gang"
    assert parse_meld("an:1111m").kind == "an_gang"
    assert parse_meld("xu:2222p").kind == "xu_gang"
    with pytest.raises(MeldError, match="prefix"):
        parse_meld("ming:7777s")
