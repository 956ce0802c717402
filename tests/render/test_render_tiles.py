"""SVG tiles and rows of tiles (wuhanmj.render.tiles, .hands): what each face shows, the
marks of 癞子 / 痞子 / the last discard (R2, R3), every form of tiles the package accepts."""

from __future__ import annotations

import re

import numpy as np
import pytest
from helpers import svg as H

from wuhanmj import Meld, parse_tiles, tile_counts
from wuhanmj.errors import RenderError, TileError
from wuhanmj.render import hand_svg, melds_svg, river_svg, tile_svg

# written out here, not taken from the package
NUMERALS = dict(zip("123456789", "一二三四五六七八九"))
SUIT_CHAR = {"m": "万", "p": "筒", "s": "条"}
HONOURS = dict(zip("1234567", "东南西北白发中"))
ALL = [f"{d}{s}" for s in "mps" for d in "123456789"] + [f"{d}z" for d in "1234567"]


def _texts(svg: str) -> list[tuple[str, str]]:
    """(text, fill) of every <text> element."""
    root = H.parse(svg)
    return [(el.text or "", el.get("fill")) for el in root.iter(f"{H.NS}text")]


@pytest.mark.parametrize("name", ALL)
def test_t2_each_face_shows_its_chinese_characters_and_its_notation(name):
    svg = tile_svg(name)
    texts = [t for t, _ in _texts(svg)]
    if name[1] == "z":
        assert HONOURS[name[0]] in texts
    else:
        assert NUMERALS[name[0]] in texts and SUIT_CHAR[name[1]] in texts
    assert name in texts  # the mpsz label
    assert H.parse(svg).get("width") == "36" and H.parse(svg).get("height") == "52"


def test_suit_colours_and_hongzhong_in_red():
    def fill(name, char):
        return dict(_texts(tile_svg(name)))[char]

    red, blue, green = fill("5m", "万"), fill("5p", "筒"), fill("5s", "条")
    assert len({red, blue, green}) == 3
    assert fill("7z", "中") == "#d5101a"  # 红中 is red
    assert fill("6z", "发") == green      # 发 green like 条
    assert fill("1z", "东") == fill("4z", "北")  # the winds share one ink


def test_labels_can_be_left_out():
    texts = [t for t, _ in _texts(tile_svg("3p", labels=False))]
    assert "3p" not in texts and "三" in texts


def test_r2_r3_marks_and_the_last_discard():
    assert "#d49a00" in tile_svg("6m", laizi=True)      # gold: 癞子
    assert "#8e44ad" in tile_svg("4m", pizi=True)       # purple: 痞子
    assert "#ff7a00" in tile_svg("4m", last=True)       # orange: last discard
    plain = tile_svg("4m")
    assert "#d49a00" not in plain and "#8e44ad" not in plain and "#ff7a00" not in plain


def test_hidden_tile_is_the_back_without_the_face():
    svg = tile_svg("7z", hidden=True)
    assert "中" not in svg and "hidden tile" in svg


@pytest.mark.parametrize("bad", ["0m", "8z", "", "55", 34, -1, 1.0, True, None])
def test_a_bad_tile_is_a_tile_error(bad):
    with pytest.raises(TileError):
        tile_svg(bad)


@pytest.mark.parametrize("scale", [0, -1, "2", True, 1000])
def test_a_bad_scale_is_a_render_error(scale):
    with pytest.raises(RenderError, match="scale"):
        tile_svg("1m", scale=scale)


HAND = "234m456p789p55s6m"


@pytest.mark.parametrize("form", [
    HAND,
    "2m3m4m 4p5p6p 7p8p9p 5s5s 6m",
    parse_tiles(HAND),
    [f"{x}" for x in ("2m", "3m", "4m", "4p", "5p", "6p", "7p", "8p", "9p", "5s", "5s", "6m")],
    tile_counts(HAND),
    np.array(tile_counts(HAND), dtype=np.int64),
    tuple(parse_tiles(HAND)),
])
def test_hand_svg_takes_tiles_in_any_form(form):
    svg = hand_svg(form)
    # 2m 3m 4m 6m, 4p..9p, 5s 5s: counted by hand from the notation above
    assert H.faces(svg) == {"2m": 1, "3m": 1, "4m": 1, "6m": 1, "4p": 1, "5p": 1, "6p": 1, "7p": 1, "8p": 1,
                            "9p": 1, "5s": 2}


def test_hand_svg_melds_indicator_and_marks():
    svg = hand_svg(HAND, melds=[Meld.peng("777s", source=2), Meld.an_gang("1111z")], indicator="5m",
                   drawn="6m", pizi=True)
    f = H.faces(svg)
    assert f["7s"] == 3 and f["1z"] == 4 and f["5m"] == 1  # the melds, and the indicator drawn in front
    # indicator 5m: 癞子 6m (one in the hand), 痞子 4m and 5m (R3): the hand's 4m is marked,
    # the indicator tile itself is drawn unmarked
    assert len(H.marks(svg, "laizi")) == 1
    assert len(H.marks(svg, "pizi")) == 1
    assert "碰←2" in svg and "暗杠" in svg and "翻" in svg
    assert not H.overlaps(svg)


def test_hand_svg_pizi_marked_when_the_rules_play_them():
    svg = hand_svg("4m5m6m 123p 456p 789p 5s", indicator="5m", pizi=True)
    assert len(H.marks(svg, "pizi")) == 2  # 4m and 5m in the hand (R3)
    assert len(H.marks(hand_svg("4m5m6m 123p 456p 789p 5s", indicator="5m"), "pizi")) == 0


def test_win_tile_is_drawn_apart_and_marked():
    svg = hand_svg(HAND, win_tile="5s")
    last = H.marks(svg, "last")
    assert len(last) == 1
    boxes = sorted(H.tile_boxes(svg))
    assert boxes[-1][0] == last[0]["x"]  # the marked tile is the rightmost one


@pytest.mark.parametrize("kw,err", [({"drawn": "1z"}, TileError), ({"win_tile": "9m"}, TileError),
                                    ({"melds": "777s"}, RenderError), ({"melds": ["777s"]}, RenderError)])
def test_hand_svg_bad_arguments(kw, err):
    with pytest.raises(err):
        hand_svg(HAND, **kw)


def test_a_fifth_copy_is_refused():
    with pytest.raises(TileError, match="at most 4"):
        hand_svg([0] * 5)


def test_river_and_melds_documents():
    svg = river_svg("19m5z2p", last=True, per_row=2)
    assert sum(H.faces(svg).values()) == 4 and len(H.marks(svg, "last")) == 1
    boxes = H.tile_boxes(svg)
    assert len({round(b[1]) for b in boxes}) == 2  # two rows of two
    m = melds_svg([Meld.chi("345m", source=3), Meld.xu_gang("9999p", source=1)])
    assert H.faces(m) == {"3m": 1, "4m": 1, "5m": 1, "9p": 4} and "吃←3" in m and "蓄杠←1" in m
    with pytest.raises(RenderError, match="per_row"):
        river_svg("1m", per_row=0)


def test_every_document_is_well_formed_svg_with_no_url_but_the_namespace():
    for svg in (tile_svg("5m", laizi=True, last=True), hand_svg(HAND, indicator="5m"), river_svg("123m")):
        assert H.parse(svg).tag == f"{H.NS}svg"
        assert re.findall(r"https?://[^\s\"']+", svg) == ["http://www.w3.org/2000/svg"]


@pytest.mark.parametrize("kw,words", [
    ({"plays": 5}, "plays must be an iterable"), ({"plays": "ab"}, "plays must be an iterable"),
    ({"plays": [5]}, "pairs"), ({"plays": [("hongzhong_gang",)]}, "pairs"),
    ({"plays": [("x", "7z")]}, "kind must be one of"),
    ({"pizi": "yes"}, "pizi must be True or False"), ({"sort": 2}, "sort"), ({"labels": None}, "labels"),
    ({"title": 5}, "title must be a str"), ({"melds": 5}, "melds")])
def test_every_bad_hand_svg_option_is_a_render_error(kw, words):
    """Never a raw TypeError/ValueError (hand_svg("1m", plays=5) was one)."""
    with pytest.raises(RenderError, match=words):
        hand_svg("1m", **kw)


def test_bad_tiles_in_options_are_tile_errors():
    for kw in ({"plays": [("pizi_gang", 99)]}, {"indicator": 1.5}, {"indicator": [1]}, {"drawn": [1]}):
        with pytest.raises(TileError):
            hand_svg("1m", **kw)
    assert "红中杠" in hand_svg("1m", plays=[("hongzhong_gang", "7z")])  # a good play still draws


@pytest.mark.parametrize("call", [
    lambda: tile_svg("1m", laizi="x"), lambda: tile_svg("1m", hidden=3), lambda: tile_svg("1m", labels="no"),
    lambda: melds_svg([], pizi=3), lambda: melds_svg([], labels="no"),
    lambda: river_svg("1m", last="x"), lambda: river_svg("1m", labels=1)])
def test_on_off_options_must_be_bools(call):
    with pytest.raises(RenderError, match="must be True or False"):
        call()
    assert tile_svg("1m", laizi=np.bool_(True)).count("<svg") == 1  # numpy's bool is a bool
