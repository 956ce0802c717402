"""One seat's view in the replay viewer (wuhanmj.render.frames.seat_frames, the page's seat
option) shows only what that seat saw: another seat's draw without its tile, no frame for
another seat's claim or pass, of a claim window only the seat's own offer (P2, P4), the
others' concealed tiles turned down. Checked against the seat's observation, the engine
stepped alongside the log: no tile appears that the seat had not seen by then."""

from __future__ import annotations

import re

import pytest

from wuhanmj import GreedyAgent, RandomAgent, Rules
from wuhanmj.errors import ReplayError
from wuhanmj.game.engine import Game
from wuhanmj.render import replay_html
from wuhanmj.render.frames import replay_frames, seat_frames
from wuhanmj.sim.loop import play_hand
from wuhanmj.tiles import parse_tile

NAMES = ("seat 0", "seat 1", "seat 2", "seat 3")


def _events(seed: int, rules: str = "kaikou") -> list[dict]:
    agents = [GreedyAgent(), RandomAgent(seed), GreedyAgent(), RandomAgent(seed + 7)]
    return play_hand(Rules.preset(rules), agents, seed=seed, record=True).record["events"]


def _tokens(text: str) -> set[int]:
    """The tiles written in ``text`` in the notation (``5m``, ``555m``, ``789s``)."""
    out = set()
    for digits, suit in re.findall(r"(?<![\w.])([1-9]+)([mpsz])(?![\w])", text):
        out.update(parse_tile(d + suit) for d in digits)
    return out


def _seen_by(events: list[dict], seat: int) -> list[frozenset[int]]:
    """Per event index, the tiles ``seat`` had seen once the engine's step giving that event
    was over: its observation's own tiles and every public one, accumulated, plus the winner's
    hand and tile, laid open at the 胡."""
    g = Game.replay(events[:2])
    seen: set[int] = set()

    def look() -> None:
        o = g.observation(seat)
        seen.update(o.hand)
        seen.update(x for x in (o.drawn, o.claim_tile) if x is not None)
        seen.update([o.indicator, o.laizi, *o.pizi])
        for s in range(4):
            seen.update(o.discards[s])
            seen.update(t for m in o.melds[s] for t in m.tiles)
            seen.update(t for _, t in o.special_plays[s])

    look()
    out = [frozenset(seen), frozenset(seen)]
    i = 2
    while i < len(events):
        e = events[i]
        assert "action" in e  # every step starts with a chosen action
        g.step(e["seat"], e["action"])
        end = g.n_events - 1
        look()
        for j in range(i, end + 1):
            if events[j]["type"] == "hu":
                seen.add(parse_tile(events[j]["tile"]))
                seen.update(g.hand(events[j]["seat"]))
        out += [frozenset(seen)] * (end + 1 - i)
        i = end + 1
    return out


def _other_claim(e: dict, seat: int) -> bool:
    return e["type"] in ("claim", "pass") and e["seat"] != seat


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_a_seats_frames_hold_only_what_the_seat_saw(seed):
    events = _events(seed, ("kaikou", "koukou_fan", "koukou")[seed % 3])
    frames, _ = replay_frames(events)
    assert any(f.window is not None for f in frames)
    for v in range(4):
        seen = _seen_by(events, v)
        sf = seat_frames(frames, v)
        # frame 0, then one frame per event but the other seats' claims and passes
        assert [x.index for x in sf] == [0] + [i - 1 for i in range(2, len(events)) if not _other_claim(events[i], v)]
        for x in sf[1:]:
            e = events[x.index + 1]
            if e["type"] == "draw" and e["seat"] != v:
                want = f"{NAMES[e['seat']]} 摸 draws a tile" + (" from the back" if e.get("end") == "back" else "")
                assert x.text == want
            assert _tokens(x.text) <= seen[x.index + 1], (v, x.index, x.text)
            full = frames[x.index].window
            # in an open window no other seat is shown acting: who else was asked is hidden
            if full is not None and full.open:
                assert x.view.current in (None, v)
            else:
                assert x.view == frames[x.index].view
            if full is None or v not in dict(full.offers):
                assert x.window is None
            else:
                assert x.window.offers == ((v, dict(full.offers)[v]),)
                assert set(dict(x.window.answers)) <= {v}
        # the seat sees a window in every frame it is shown where it was asked, and only there
        kept = {x.index for x in sf}
        asked = sum(1 for f in frames if f.index in kept and f.window is not None and v in dict(f.window.offers))
        assert sum(1 for x in sf if x.window is not None) == asked > 0 or v not in {
            s for f in frames if f.window is not None for s, _ in f.window.offers}


def test_a_seats_own_draws_keep_their_tile_and_the_face_up_view_keeps_everything():
    events = _events(3)
    frames, _ = replay_frames(events)
    own = [i for i in range(2, len(events)) if events[i]["type"] == "draw" and events[i]["seat"] == 2]
    sf = {x.index: x for x in seat_frames(frames, 2)}
    for i in own:
        assert sf[i - 1].text.startswith(f"seat 2 摸 draws {events[i]['tile']}")
    # from above: the tile of every draw, every seat's claims and passes
    assert all(events[f.index + 1]["tile"] in f.text for f in frames[1:] if f.event["type"] == "draw")
    assert sum(1 for f in frames if f.event["type"] in ("claim", "pass")) == \
        sum(1 for e in events if e["type"] in ("claim", "pass"))


def test_seat_frames_refuses_a_bad_seat():
    frames, _ = replay_frames(_events(3))
    for bad in (4, -1, "1", None):
        with pytest.raises(ReplayError, match="seat"):
            seat_frames(frames, bad)


# ---------------------------------------------------------------- the page in a browser


def _hand_with_claims() -> list[dict]:
    """A hand with claim windows, a claim made and a 胡 (greedy and random bots, kaikou)."""
    for seed in range(40):
        ev = _events(seed)
        kinds = {e["type"] for e in ev}
        if {"meld", "hu", "pass"} <= kinds:
            return ev
    pytest.skip("no hand with a meld, a pass and a win in these seeds")


_STATE = """const shown = e => getComputedStyle(e).display !== 'none';
return [document.getElementById('counter').textContent, document.body.dataset.frame,
  document.getElementById('event').innerText, document.getElementById('window').innerText,
  Array.from(document.querySelectorAll('#log li')).filter(shown).length,
  Array.from(document.querySelectorAll('#board .wmj-cv')).filter(shown).length];"""
_LOG_LINES = ("return Array.from(document.querySelectorAll('#log li')).filter("
              "e => getComputedStyle(e).display !== 'none').length;")


@pytest.mark.parametrize("v", [1, pytest.param(0, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow),
                               pytest.param(3, marks=pytest.mark.slow)])
def test_the_page_in_a_seats_view_shows_no_tile_the_seat_had_not_seen(tmp_path, v):
    """Every frame of seat ``v``'s view in Chromium (seat 1 in the quick run, the others slow)."""
    from helpers.browser import chrome

    events = _hand_with_claims()
    frames, _ = replay_frames(events)
    page = tmp_path / "hand.html"
    page.write_text(replay_html(events), encoding="utf-8")
    d = chrome(1500, 1050)
    try:
        d.get(page.as_uri())
        body = d.find_element("tag name", "body")
        first, step = d.find_element("id", "first"), d.find_element("id", "next")
        assert "摸 draws" in body.text
        seen = _seen_by(events, v)
        d.find_element("css selector", f"input[name=view][value=v{v}]").click()
        first.click()
        shown = [0] + [i - 1 for i in range(2, len(events)) if not _other_claim(events[i], v)]
        for k, f in enumerate(shown):
            if k:
                step.click()
            counter, frame, event, win, lines, covered = d.execute_script(_STATE)
            assert (counter, frame) == (f"{k} / {len(shown) - 1}", str(f))
            text = body.text  # the page's visible text
            bad = _tokens(text) - seen[f + 1]
            assert not bad, (v, f, sorted(bad))
            # another seat's draw: never its tile
            e = events[f + 1]
            if f and e["type"] == "draw" and e["seat"] != v:
                assert event.endswith("摸 draws a tile" + (" from the back" if e.get("end") == "back" else ""))
            # the claim box: the seat's own offer only; no other seat shown acting in a window
            assert not any(f"seat {s}: may" in win for s in range(4) if s != v)
            if frames[f].window is not None and frames[f].window.open:
                assert not any(f"▶ seat {s}" in text for s in range(4) if s != v), (v, f)
            elif frames[f].view.current is not None:
                assert f"▶ seat {frames[f].view.current}" in text  # the marker is in the text
            # the log stops at the event shown
            assert lines == k + 1
            # the others' concealed tiles are turned down
            assert covered == sum(len(frames[f].view.hands[s]) for s in range(4) if s != v)
        # back to all hands face up: every draw's tile, the whole log
        d.find_element("css selector", "input[name=view][value=v-all]").click()
        first.click()
        assert d.find_element("id", "counter").text == f"0 / {len(frames) - 1}"
        assert d.execute_script(_LOG_LINES) == len(frames)
    finally:
        d.quit()
