"""``wuhanmj play`` driven through a pseudo-terminal (pexpect) with scripted keystrokes: the
person's choices, a hint, a wrong answer asked again, the scoring sheet, running scores over
a match, and leaving (逃跑, M3)."""

from __future__ import annotations

import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

from wuhanmj.play import Table  # noqa: E402

PROMPT = r"your move \(number, tile like 5m, h hint, q quit\)> "
NEXT = r"Enter: next hand · q: quit> "
FINAL = r"final scores: ([^\r\n]+)"


def _spawn(*args: str):
    child = pexpect.spawn(sys.executable, ["-m", "wuhanmj", "play", *args], encoding="utf-8", timeout=120,
                          dimensions=(50, 200))
    return child


def _scores(line: str) -> list[float]:
    return [float(x) for x in re.findall(r"\(seat \d\) ([+-]?[\d.]+)", line)]


def _mirror(seed: int, hands: int, rules: str = "kaikou", seat: int = 0) -> list:
    """The same match played in-process, the person always taking its first choice."""
    t = Table(rules, seed=seed, seat=seat)
    for _ in range(hands):
        g = t.deal()
        while not g.over:
            t.act(t.legal()[0])
    t.finish()
    return list(t.match.scores)


def test_a_match_of_two_hands_through_the_terminal():
    child = _spawn("--seed", "3", "--hands", "2")
    child.expect(PROMPT)
    assert "your hand:" in child.before and "翻 indicator" in child.before
    child.sendline("zz")
    child.expect("not one of your choices: 'zz'")
    child.expect(PROMPT)
    child.sendline("h")
    child.expect(r"hint: 向听 shanten -?\d+")
    child.expect("best discards")
    child.expect(PROMPT)
    child.sendline("1")
    sheets = 0
    while True:
        i = child.expect([PROMPT, NEXT, FINAL, pexpect.EOF])
        if i == 0:
            child.sendline("1")
        elif i == 1:
            sheets += 1
            assert "scores after hand 1" in child.before
            assert "结算 payments" in child.before or "荒庄" in child.before
            child.sendline("")
        elif i == 2:
            final = _scores(child.match.group(1))
            break
        else:
            pytest.fail("the game ended without final scores:\n" + child.before)
    child.expect(pexpect.EOF)
    assert sheets == 1
    assert final == _mirror(3, 2)
    assert sum(final) == 0


def test_a_tile_or_an_action_name_is_an_answer_too():
    child = _spawn("--seed", "5", "--hands", "1")
    child.expect(PROMPT)
    hand = re.search(r"your hand: ([^\r\n|]+)", child.before).group(1).split()
    tile = hand[-1].rstrip("*^")
    child.sendline(tile)
    child.expect(r"you: 打 discard " + re.escape(tile))
    child.sendline("q")
    child.expect(FINAL)
    child.expect(pexpect.EOF)


def test_m3_leaving_pays_the_escape_penalty():
    child = _spawn("--seed", "1", "--hands", "3")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"逃跑 you left the match \(M3\): you pay 400")
    child.expect(FINAL)
    # kaikou's penalty is 400 (RULES.md §10), shared equally by the other three (D7)
    assert _scores(child.match.group(1)) == pytest.approx([-400, 400 / 3, 400 / 3, 400 / 3], abs=1e-3)
    child.expect(pexpect.EOF)


def test_the_end_of_the_input_leaves_the_match():
    child = _spawn("--seed", "1", "--hands", "1", "--rules", "koukou")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(r"you pay 500")  # koukou: 500 (RULES.md §10)
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("args,msg", [(["--hands", "0"], "--hands"), (["--seat", "5"], "seat"),
                                      (["--agents", "greedy,random"], "agents"), (["--rules", "nope"], "nope")])
def test_bad_options_one_line_exit_2(args, msg):
    child = _spawn(*args)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    out = child.before.strip()
    assert out.count("\n") == 0 and msg in out and out.startswith("wuhanmj play:")


def _play_first_choices(child) -> str:
    """Answer every prompt with the first choice (Enter between hands); the whole output."""
    out = []
    while True:
        i = child.expect([PROMPT, NEXT, FINAL, pexpect.EOF])
        out.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if i == 0:
            child.sendline("1")
        elif i == 1:
            child.sendline("")
        elif i == 2:
            break
        else:
            pytest.fail("the game ended without final scores:\n" + child.before)
    child.expect(pexpect.EOF)
    return "".join(out)


NOTATION = re.compile(r"(?<![\w.])[1-9]+[mpsz](?!\w)")
GLYPH = re.compile("[\U0001F000-\U0001F02B]")


def test_glyphs_are_used_in_the_event_lines_too():
    child = _spawn("--seed", "3", "--hands", "1", "--glyphs")
    out = _play_first_choices(child)
    events = [ln for ln in out.splitlines() if ln.startswith("  · ")]
    assert any("打 discards" in ln for ln in events) and any("摸 draws" in ln for ln in events)
    for ln in events:
        assert not NOTATION.search(ln), ln
    assert sum(1 for ln in events if GLYPH.search(ln)) >= len([ln for ln in events if "打 discards" in ln])
    wins = [ln for ln in out.splitlines() if "胡 wins on" in ln]
    assert all(not NOTATION.search(ln.split(":")[0]) for ln in wins)


@pytest.mark.parametrize("name", ["mine.jsonl", "mine.wmj"])
def test_record_writes_the_hands_played_for_the_replay_viewer(tmp_path, name):
    from wuhanmj.cli import main
    from wuhanmj.game.engine import Game
    from wuhanmj.sim.recordio import iter_records

    path = tmp_path / name
    child = _spawn("--seed", "4", "--hands", "2", "--record", str(path))
    out = _play_first_choices(child)
    final = _scores(re.search(FINAL, out).group(1))
    assert f"2 hands recorded in {path}" in out
    recs = list(iter_records(path))
    assert [r["hand"] for r in recs] == [0, 1] and all(r["agents"] == ["you", "greedy", "greedy", "greedy"]
                                                       for r in recs)
    for r in recs:  # each record replays to its own result
        g = Game.replay(r["events"])
        assert g.over and list(g.result.payments) == r["result"]["payments"]
    # the two hands' payments are the match's final scores (it starts at 0, nobody left)
    assert [sum(r["result"]["payments"][s] for r in recs) for s in range(4)] == pytest.approx(final)
    assert final == _mirror(4, 2)
    page = tmp_path / "hand1.html"
    assert main(["replay", str(path), "--hand", "1", "--html", str(page)]) == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_record_to_a_file_that_cannot_be_written_is_one_line_exit_2(tmp_path):
    child = _spawn("--record", str(tmp_path / "no" / "such" / "dir.jsonl"))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    out = child.before.strip()
    assert out.count("\n") == 0 and "cannot write" in out and out.startswith("wuhanmj play:")


def test_record_with_no_hand_finished_says_so_and_points_to_no_replay(tmp_path):
    path = tmp_path / "none.jsonl"
    child = _spawn("--seed", "1", "--record", str(path))
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    out = child.before
    assert f"no hand was finished: nothing recorded in {path}" in out
    assert "--hand 0" not in out


def test_cmd_bots_hold_the_other_seats():
    from pathlib import Path

    bot = f"{sys.executable} {Path(__file__).resolve().parents[2] / 'examples' / 'bots' / 'simple_bot.py'}"
    child = _spawn("--seed", "2", "--hands", "1", "--agents", f"cmd:{bot}", "--bot-timeout", "5")
    while True:
        i = child.expect([PROMPT, NEXT, FINAL, pexpect.EOF])
        if i == 0:
            child.sendline("1")
        elif i == 1:
            child.sendline("")
        elif i == 2:
            assert child.match.group(1).count("cmd:") == 3  # the three other seats
            break
        else:
            raise AssertionError(f"the match ended without its final scores: {child.before[-300:]}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
