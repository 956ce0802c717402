"""The replay viewer (wuhanmj.render.frames, .viewer; wuhanmj replay --html): a frame per
event folded from the events alone and checked against the engine, claim and rob windows
(P2, P4), a self-contained page, the command."""

from __future__ import annotations

import json
import re

import pytest
from helpers.walls import game_d

from wuhanmj import GreedyAgent, RandomAgent, Rules, format_tile
from wuhanmj.cli import main
from wuhanmj.errors import ReplayError
from wuhanmj.game.engine import Game
from wuhanmj.render import replay_html
from wuhanmj.render.frames import event_text, replay_frames, window_lines
from wuhanmj.sim.loop import play_hand


def _events(seed, rules="kaikou", random=False):
    agents = [GreedyAgent(), RandomAgent(seed), GreedyAgent(), RandomAgent(seed + 7)] if random else [GreedyAgent()] * 4
    return play_hand(Rules.preset(rules), agents, seed=seed, record=True).record


@pytest.mark.parametrize("seed", range(8))
def test_one_frame_per_event_and_the_last_is_the_end_of_the_hand(seed):
    rec = _events(seed, ("kaikou", "koukou", "koukou_fan")[seed % 3], random=seed % 2 == 1)
    events = rec["events"]
    frames, game = replay_frames(events)
    assert len(frames) == len(events) - 1
    assert [f.event for f in frames[1:]] == events[2:]
    g = Game.replay(events)
    last = frames[-1].view
    for s in range(4):
        assert list(last.hands[s]) == g.hand(s)
        assert last.melds[s] == g.melds(s) and last.rivers[s] == g.discards(s)
        assert last.plays[s] == g.special_plays(s)
    assert last.payments == tuple(rec["result"]["payments"]) and last.tiles_left == g.tiles_left
    # tiles left fall by one per draw
    draws = sum(1 for e in events if e["type"] == "draw")
    assert frames[0].view.tiles_left - last.tiles_left == draws


def test_every_frame_of_a_hand_matches_the_engine_stepped_by_hand():
    events = _events(5, "koukou_fan")["events"]
    frames, _ = replay_frames(events)
    g = Game.replay(events[:2])
    for i, e in enumerate(events[2:], start=2):
        if "action" in e:
            g.step(e["seat"], e["action"])
        if g.n_events - 1 == i:  # the engine's state is the state after this event
            v = frames[i - 1].view
            assert [list(h) for h in v.hands] == [g.hand(s) for s in range(4)]
            assert v.tiles_left == g.tiles_left


# RULES P4 and L3: wall D (helpers.walls.game_d), seat 1 declares 蓄杠 of 9p, seat 3 may rob it


def test_p4_rob_window_and_the_robbed_tile():
    g = game_d()
    g.step(1, 57 + 17)  # 蓄杠 9p
    g.step(3, 161)      # 抢杠
    frames, _ = replay_frames(g.events)
    robs = [f for f in frames if f.window is not None and f.window.kind == "rob"]
    assert robs and robs[0].window.offers == ((3, ("hu", "pass")),) and robs[0].window.tile == 17
    assert robs[-1].window.answers == ((3, "hu"),) and not robs[-1].window.open
    end = frames[-1].view
    assert [m.kind for m in end.melds[1]] == ["peng"]  # L3: the 蓄杠 did not happen
    assert 17 not in end.hands[1] and end.hands[3].count(17) == 1
    lines = window_lines(robs[0].window, ["a", "b", "c", "d"])
    assert lines[0].startswith("蓄杠 rob window on 9p from b") and lines[1] == "d: may hu, pass → waiting"


def test_p4_declined_rob_makes_the_xu_gang():
    g = game_d()
    g.step(1, 57 + 17)
    g.step(3, 162)
    frames, _ = replay_frames(g.events)
    end = frames[-1].view
    assert [m.kind for m in end.melds[1]] == ["xu_gang"] and end.drawn[1] == g.drawn_tile(1)


def test_p2_claim_window_offers_and_answers():
    g = game_d()
    frames, _ = replay_frames(g.events)
    # "0 d 9p; 3 pass; 1 peng": seats 1 and 3 were asked about seat 0's 9p
    w = [f.window for f in frames if f.window is not None and f.window.tile == 17]
    assert w and dict(w[0].offers).keys() == {1, 3}
    assert "peng" in dict(w[0].offers)[1]
    assert dict(w[-1].answers) == {3: "pass", 1: "peng"} and w[-1].open is False


def test_event_text_of_each_type():
    names = ["a", "b", "c", "d"]
    assert event_text({"type": "draw", "seat": 1, "tile": "5m", "end": "back"}, names) == "b 摸 draws 5m from the back"
    assert event_text({"type": "draw", "seat": 1}, names) == "b 摸 draws a tile"
    assert event_text({"type": "meld", "seat": 2, "kind": "peng", "tiles": "555m", "from": 1}, names) == \
        "c 碰 peng 555m from b"
    assert event_text({"type": "hu", "seat": 3, "how": "fangchong", "tile": "8p", "from": 0}, names) == \
        "d 胡 hu on 8p (放冲 fangchong, from a)"
    assert event_text({"type": "settlement", "draw": True, "payments": [0, 0, 0, 0]}, names).startswith("荒庄")


def _page_data(html: str, name: str):
    m = re.search(name + r"=(\[.*?\])(?=, [A-Z]+=|;)", html, re.S)
    assert m, name
    return json.loads(m.group(1).replace("<\\/", "</"))


def test_the_page_is_self_contained_and_holds_every_frame():
    rec = _events(3)
    html = replay_html(rec["events"], title="hand 3")
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'<>)]*", html))
    assert urls <= {"http://www.w3.org/2000/svg"}
    assert not re.search(r"<(?:link|img|iframe)\b|\bsrc=|@import|url\(", html)
    frames = _page_data(html, "F")
    texts = _page_data(html, "T")
    assert len(frames) == len(texts) == len(rec["events"]) - 1
    # the settlement at the end, with the record's payments
    pays = re.findall(r'data-seat="(\d)" data-payment="([^"]+)"', html)
    assert [int(p) for _, p in pays] == rec["result"]["payments"]


def test_a_log_that_breaks_a_rule_is_refused():
    events = _events(2)["events"]
    bad = [dict(e) for e in events]
    i = next(k for k, e in enumerate(bad) if e["type"] == "discard")
    bad[i]["action"] = (bad[i]["action"] + 1) % 34
    with pytest.raises(ReplayError):
        replay_html(bad)
    with pytest.raises(ReplayError):
        replay_html("not json\n")


def test_a_log_that_stops_mid_hand_has_no_settlement():
    events = _events(2)["events"][:30]
    html = replay_html(events)
    assert "no settlement" in html and "data-payment" not in html


def _records(tmp_path, n=4):
    out = tmp_path / "hands.jsonl"
    assert main(["simulate", "--hands", str(n), "--seed", "5", "--records", str(out), "--quiet"]) == 0
    return out


def test_cli_replay_html_from_records_and_from_an_event_log(tmp_path, capsys):
    recs = _records(tmp_path)
    capsys.readouterr()
    page = tmp_path / "h2.html"
    assert main(["replay", str(recs), "--hand", "2", "--html", str(page)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {page}"
    html = page.read_text(encoding="utf-8")
    rec = [json.loads(ln) for ln in recs.read_text().splitlines()][2]
    assert "hand 2" in html and len(_page_data(html, "F")) == len(rec["events"]) - 1
    log = tmp_path / "one.jsonl"
    g = Game.replay(rec["events"])
    log.write_text(g.event_log(), encoding="utf-8")
    page2 = tmp_path / "one.html"
    assert main(["replay", str(log), "--html", str(page2)]) == 0
    # the same frames; only the records file names the agents
    assert _page_data(page2.read_text(encoding="utf-8"), "T") == [t.replace(" · greedy", "") for t in _page_data(html, "T")]


def test_cli_replay_html_errors_are_one_line_exit_2(tmp_path, capsys):
    recs = _records(tmp_path, 2)
    assert main(["replay", str(recs), "--hand", "1", "--html", str(tmp_path / "no" / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err
    lines = recs.read_text().splitlines()
    rec = json.loads(lines[0])
    rec["result"]["payments"] = [0, 0, 0, 0]
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(rec) + "\n")
    assert main(["replay", str(edited), "--html", str(tmp_path / "e.html")]) == 2
    assert "payments" in capsys.readouterr().err
    assert not (tmp_path / "e.html").exists()


def test_bad_viewer_options_are_specific_errors():
    from wuhanmj.errors import RenderError

    g = Game("kaikou", seed=1)
    with pytest.raises(RenderError, match="title"):
        replay_html(g.events, title=5)
    with pytest.raises(RenderError, match="subtitle"):
        replay_html(g.events, subtitle=["x"])
    with pytest.raises(ReplayError, match="four labels"):
        replay_html(g.events, names=3)  # was a raw TypeError


def test_seat_names_with_html_comment_and_script_tags_do_not_break_the_script():
    # "<!--" then "<script>" inside a script element puts the parser in its double-escaped
    # state: the closing </script> no longer ends it and the page shows no frame
    names = ["<!--", '</script><h1 id="x">', "<script>", "d"]
    html = replay_html(_events(3)["events"], names=names)
    start = html.index("<script>") + len("<script>")
    body = html[start:html.index("</script>", start)]
    assert "<!--" not in body and "</" not in body
    assert html.count("</script>") == 1 and html.rstrip().endswith("</html>")
    assert _page_data(html, "F")
