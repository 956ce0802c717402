"""The table in SVG (wuhanmj.render.table): one seat's view shows only what the seat may
see, from above shows every hand; the layout keeps every tile apart and inside; the
display hooks of Observation, Game and WinResult (notebooks)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import svg as H

from wuhanmj import GreedyAgent, RandomAgent, Rules, format_tile
from wuhanmj.errors import RenderError
from wuhanmj.game.engine import Game
from wuhanmj.render import table_svg
from wuhanmj.render.table import HEIGHT, WIDTH, last_discard_seat, view_of_game
from wuhanmj.sim.loop import play_hand


def _finished(seed, rules="kaikou", random=False):
    agents = [RandomAgent(seed + i) for i in range(4)] if random else [GreedyAgent()] * 4
    return Game.replay(play_hand(Rules.preset(rules), agents, seed=seed, record=True).record["events"])


def _midway(seed, steps, rules="koukou_fan"):
    g = Game(rules, seed=seed)
    bot = GreedyAgent()
    for _ in range(steps):
        if g.over:
            break
        s = g.current_player
        g.step(s, bot.act(g.observation(s), g.legal_action_codes(s)))
    return g


def _public(g: Game) -> Counter:
    """Face-up tiles for every seat, counted from the game's own accessors, and the centre
    box's reminders of the 癞子 and the 痞子 (one each, beside the indicator)."""
    c: Counter = Counter({format_tile(g.indicator): 1, format_tile(g.laizi): 1})
    c.update(format_tile(p) for p in g.pizi)
    for s in range(4):
        c.update(format_tile(t) for t in g.discards(s))
        c.update(format_tile(t) for m in g.melds(s) for t in m.tiles)
        c.update(format_tile(t) for _, t in g.special_plays(s))
    return c


@pytest.mark.parametrize("seed,steps", [(1, 0), (2, 17), (3, 40), (4, 61), (5, 500)])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_seats_view_shows_its_hand_and_the_public_tiles_only(seed, steps, seat):
    g = _midway(seed, steps)
    svg = table_svg(g.observation(seat))
    expected = _public(g) + Counter(format_tile(t) for t in g.hand(seat))
    assert H.faces(svg) == expected
    assert H.backs(svg) == sum(g.hand_size(s) for s in range(4) if s != seat)


@pytest.mark.parametrize("seed,steps", [(6, 0), (7, 33), (8, 500)])
def test_from_above_every_hand_is_face_up(seed, steps):
    g = _midway(seed, steps)
    svg = table_svg(g)
    expected = _public(g) + Counter(format_tile(t) for s in range(4) for t in g.hand(s))
    assert H.faces(svg) == expected and H.backs(svg) == 0
    # the game's view of one seat shows what that seat's observation shows
    mine = table_svg(g, seat=2)
    assert H.faces(mine) == H.faces(table_svg(g.observation(2)))
    assert H.backs(mine) == sum(g.hand_size(s) for s in (0, 1, 3))


def test_r2_r3_every_face_up_laizi_and_pizi_is_marked():
    g = _midway(11, 30, rules="koukou_fan")  # 痞子 played (R3)
    svg = table_svg(g)
    faces = H.faces(svg)
    pizi = [format_tile(p) for p in g.pizi]
    assert len(pizi) == 2
    # every 癞子 and 痞子 drawn is marked (the centre box's reminders too), but not the
    # indicator, which is one of the 痞子 kinds (R3)
    assert len(H.marks(svg, "laizi")) == faces[format_tile(g.laizi)]
    assert format_tile(g.indicator) in pizi
    assert len(H.marks(svg, "pizi")) == sum(faces[p] for p in pizi) - 1


def test_the_last_discard_is_marked_while_it_lies_on_the_table():
    g = Game("kaikou", seed=3)
    while not (g.phase == "claim" and not g.over):
        s = g.current_player
        codes = g.legal_action_codes(s)
        g.step(s, codes[0] if codes[0] < 34 else codes[-1])
        if g.over:
            pytest.skip("no claim window on this seed")
    svg = table_svg(g.observation(g.pending[0]))
    last = H.marks(svg, "last")
    assert len(last) == 1
    tile = g.claim_tile
    hit = [u for u in H.uses(svg) if u["href"] == f"#wmj-{format_tile(tile)}" and u["x"] == last[0]["x"]
           and u["y"] == last[0]["y"]]
    assert hit, "the mark sits on the discarded tile"


def test_last_discard_seat_from_the_events():
    evs = [{"type": "discard", "seat": 2, "tile": "5m"}, {"type": "draw", "seat": 3, "tile": "1m"}]
    assert last_discard_seat(evs) == 2
    assert last_discard_seat(evs[:1] + [{"type": "meld", "seat": 3, "from": 2, "kind": "peng"}]) is None
    assert last_discard_seat(evs[:1] + [{"type": "hu", "seat": 0, "how": "fangchong", "from": 2}]) is None
    assert last_discard_seat([]) is None


def test_the_observer_sits_at_the_bottom_and_the_next_seat_on_the_right():
    g = _midway(2, 9)
    for seat in range(4):
        view = view_of_game(g, seat=seat)
        assert view.bottom == seat and view.me == seat
        svg = table_svg(g.observation(seat))
        root = H.parse(svg)
        where = {}
        for el in root.iter(f"{H.NS}text"):
            if el.get("font-size") != "14":  # the seat headers, not the centre's status line
                continue
            txt = el.text or ""
            for s in range(4):
                if txt.startswith((f"seat {s}", f"▶ seat {s}", f"you (seat {s})", f"▶ you (seat {s})")):
                    where[s] = (float(el.get("x")), float(el.get("y")))
        assert where[seat][1] > HEIGHT - 146                  # bottom panel
        assert where[(seat + 2) % 4][1] < 146                 # opposite: top
        assert where[(seat + 1) % 4][0] > WIDTH - 272         # 下家: right
        assert where[(seat + 3) % 4][0] < 272                 # 上家: left


@pytest.mark.parametrize("seed", range(12))
def test_no_tile_overlaps_another_or_leaves_the_table(seed):
    g = _finished(seed, rules=("kaikou", "koukou_fan")[seed % 2], random=seed % 3 == 0)
    for svg in (table_svg(g), table_svg(g, seat=seed % 4)):
        assert H.overlaps(svg) == []
        assert H.outside(svg, WIDTH, HEIGHT) == []
        # every caption and header sits inside the panel it belongs to (3 units of margin)
        for el in H.parse(svg).iter(f"{H.NS}text"):
            y = float(el.get("y"))
            assert 12 <= y <= HEIGHT - 6, el.text


def test_long_rivers_and_four_melds_still_fit():
    from wuhanmj.hand.meld import Meld
    from wuhanmj.render.table import TableView

    melds = (Meld.chi("123m", 3), Meld.peng("555p", 1), Meld.xu_gang("7777s", 2), Meld.an_gang("1111z"))
    river = tuple([0, 1, 2, 3, 4, 5, 6, 7] * 3 + [9, 10, 11, 12, 13, 14, 15])  # 31 tiles
    plays = (("hongzhong_gang", 33),) * 4 + (("laizi_gang", 8),) * 3
    view = TableView(hands=((20,), (20,), (20,), (20,)), sizes=(1, 1, 1, 1), drawn=(None,) * 4,
                     melds=(melds,) * 4, rivers=(river,) * 4, plays=(plays,) * 4, indicator=7, laizi=8, pizi=(),
                     dealer=0, scores=(0, 0, 0, 0), tiles_left=0, phase="turn", turn=0, current=0, claim_tile=None)
    svg = table_svg(view)
    assert H.overlaps(svg) == [] and H.outside(svg, WIDTH, HEIGHT) == []


def test_display_hooks_for_notebooks():
    g = _finished(3)
    obs = g.observation(1)
    assert obs._repr_svg_() == table_svg(obs)
    assert table_svg(obs, width="100%") in obs._repr_html_()
    assert g._repr_svg_() == table_svg(g)
    html = g._repr_html_()
    assert "wmj-sheet" in html  # over: the table and the scoring sheet
    assert "wmj-sheet" in g.result.win._repr_html_()
    live = Game("kaikou", seed=1)
    assert "wmj-sheet" not in live._repr_html_()


def test_bad_views_are_render_errors():
    g = Game("kaikou", seed=1)
    with pytest.raises(RenderError, match="Observation, a Game"):
        table_svg("nope")
    with pytest.raises(RenderError, match="seat is only for a Game"):
        table_svg(g.observation(0), seat=1)
    with pytest.raises(RenderError, match="four labels"):
        table_svg(g, names=["a", "b"])


@pytest.mark.parametrize("width", [-3, 0, "-3", "0", "abc", "100%%", float("nan"), 10 ** 9, True, [800]])
def test_a_bad_width_is_a_render_error(width):
    """table_svg(obs, width=-3) wrote width="-3"; width=0 silently meant the default."""
    with pytest.raises(RenderError, match="width"):
        table_svg(Game("kaikou", seed=1).observation(0), width=width)


@pytest.mark.parametrize("width,attr", [(None, str(WIDTH)), (800, "800"), (640.5, "640.5"), ("100%", "100%"),
                                        ("800px", "800px"), (" 40em ", "40em")])
def test_good_widths(width, attr):
    svg = table_svg(Game("kaikou", seed=1).observation(0), width=width)
    assert svg.startswith(f'<svg xmlns="http://www.w3.org/2000/svg" width="{attr}" ')


def test_other_bad_table_options_are_render_errors():
    from wuhanmj.render.table import view_of_observation

    g = Game("kaikou", seed=1)
    for kw, words in (({"labels": 5}, "labels"), ({"names": 5}, "four labels"), ({"names": "abcd"}, "four labels")):
        with pytest.raises(RenderError, match=words):
            table_svg(g, **kw)
    for seat in ("x", 5, True):  # was an IllegalActionError from the engine
        with pytest.raises(RenderError, match="seat"):
            table_svg(g, seat=seat)
    obs = g.observation(0)
    for kw, words in (({"last_discard": 9}, "last_discard"), ({"winner": "1"}, "winner"),
                      ({"payments": [1, 2]}, "payments"), ({"payments": ["a", 0, 0, 0]}, "payments")):
        with pytest.raises(RenderError, match=words):
            view_of_observation(obs, **kw)
