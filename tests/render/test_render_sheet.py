"""The HTML scoring sheet (wuhanmj.render.sheet, WinResult.explain(format="html")): RULES.md's
worked example E1 with the hand drawn beside it; a draw; bad options."""

from __future__ import annotations

import re

import pytest
from helpers import svg as H

from wuhanmj import Meld, Rules, SeatPlays, evaluate_win, parse_tile
from wuhanmj.errors import RenderError, TileError
from wuhanmj.render import draw_sheet_html, game_sheet_html, sheet_html
from wuhanmj.game.engine import Game


def e1():
    """RULES.md E1: 开口翻 points, 癞子 6m, seat 1 自摸 on 5s with pong 777s."""
    return evaluate_win(
        hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0, indicator=parse_tile("5m"),
        seats=[SeatPlays(), SeatPlays(melds=(Meld.peng("777s", source=2),)), SeatPlays(),
               SeatPlays(melds=(Meld.peng("999p", source=0),), hongzhong_gang=1)],
        rules=Rules.kaikou())


def _payments(html: str) -> dict[int, str]:
    return {int(s): p for s, p in re.findall(r'data-seat="(\d)" data-payment="([^"]+)"', html)}


def _svg_of(html: str) -> str:
    return html[html.index("<svg"): html.index("</svg>") + 6]


def test_e1_sheet_payments_and_lines():
    html = e1().explain("html", hand="234m456p789p55s", win_tile="5s", melds=[Meld.peng("777s", source=2)],
                        indicator="5m")
    # E1 by hand: dealer 2^4 = 16, seat 2 2^3 = 8, seat 3 2^5 = 32; the winner +56
    assert _payments(html) == {0: "-16", 1: "56", 2: "-8", 3: "-32"}
    assert "U = 4 fan → 16" in html and "自摸 zimo" in html and 'data-winner="1"' in html
    # every line of the text sheet is in the HTML one
    for line in e1().explain().splitlines():
        assert line.replace("→", "→") in html


def test_e1_hand_drawn_beside_the_sheet_with_the_win_tile_marked():
    html = sheet_html(e1(), hand="234m456p789p55s", win_tile="5s", melds=[Meld.peng("777s", source=2)],
                      indicator="5m")
    svg = _svg_of(html)
    assert H.faces(svg) == {"2m": 1, "3m": 1, "4m": 1, "4p": 1, "5p": 1, "6p": 1, "7p": 1, "8p": 1, "9p": 1,
                            "5s": 2, "7s": 3, "5m": 1}  # the hand, the pong, the indicator 5m
    last = H.marks(svg, "last")
    assert len(last) == 1
    won = [u for u in H.uses(svg) if u["href"] == "#wmj-5s" and u["x"] == last[0]["x"]]
    assert won, "the tile won on carries the mark"


def test_sheet_without_a_hand_and_the_repr():
    html = sheet_html(e1())
    assert "<svg" not in html and _payments(html)[1] == "56"
    assert e1()._repr_html_() == html


def test_a_refused_win_shows_its_reason():
    r = evaluate_win(hand="234m456p789p55s777s", win_tile="5s", how="zimo", winner=1, dealer=0,
                     indicator=parse_tile("5m"), seats=[SeatPlays()] * 4, rules=Rules.kaikou())
    assert not r.legal
    html = sheet_html(r)
    assert "不能胡" in html and "W4" in html and 'data-legal="false"' in html
    assert set(_payments(html).values()) == {"0"}


def test_draw_sheet_nobody_pays():
    html = draw_sheet_html(["a", "b", "c", "d"])
    assert set(_payments(html).values()) == {"0"} and "X6" in html


def test_game_sheet_of_a_finished_game_draws_the_winners_hand():
    from wuhanmj import GreedyAgent
    from wuhanmj.sim.loop import play_hand

    ph = play_hand(Rules.kaikou(), [GreedyAgent()] * 4, seed=3, record=True)
    g = Game.replay(ph.record["events"])
    html = game_sheet_html(g)
    w = g.result.winner
    assert _payments(html) == {s: str(p) for s, p in enumerate(g.result.payments)}
    svg = _svg_of(html)
    faces = H.faces(svg)
    from collections import Counter

    from wuhanmj import format_tile

    want = Counter(format_tile(t) for t in g.hand(w)) + Counter(format_tile(t) for m in g.melds(w) for t in m.tiles)
    want += Counter(format_tile(t) for _, t in g.special_plays(w))
    want[format_tile(g.indicator)] += 1
    assert faces == want
    with pytest.raises(RenderError, match="not over"):
        game_sheet_html(Game("kaikou", seed=1))


@pytest.mark.parametrize("fmt,kw,err", [("pdf", {}, RenderError), ("text", {"hand": "1m"}, RenderError),
                                        ("html", {"hand": "1m", "win_tile": "2m"}, TileError),
                                        ("html", {"names": ["x"]}, RenderError)])
def test_explain_bad_options(fmt, kw, err):
    with pytest.raises(err):
        e1().explain(fmt, **kw)


def test_sheet_html_needs_a_win_result():
    with pytest.raises(RenderError, match="WinResult"):
        sheet_html("nope")


def test_bad_sheet_options_are_render_errors():
    for kw, words in (({"names": 5}, "four labels"), ({"names": "abcd"}, "four labels"), ({"pizi": "no"}, "pizi"),
                      ({"style": 0}, "style"), ({"hand": "234m456p789p55s", "win_tile": "5s", "plays": 3}, "plays")):
        with pytest.raises(RenderError, match=words):
            sheet_html(e1(), **kw)
    with pytest.raises(RenderError, match="four labels"):
        draw_sheet_html(7)
    with pytest.raises(RenderError, match="style"):
        draw_sheet_html(style="yes")
