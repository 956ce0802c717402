"""The web table and the replay viewer in a real browser (Chromium through Selenium, the
system's packages): a whole hand played by clicking the offered actions, the settlement and
its payments against the server's; the viewer stepped through a hand. Screenshots are kept
in ``$WUHANMJ_SCREENSHOTS`` (the README's are in docs/)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from helpers import svg as H  # noqa: E402
from helpers.browser import chrome, screenshot, served  # noqa: E402

from wuhanmj import format_tile  # noqa: E402
from wuhanmj.cli import main  # noqa: E402
from wuhanmj.render.frames import replay_frames  # noqa: E402
from wuhanmj.web.app import create_app  # noqa: E402


@pytest.fixture()
def browser():
    d = chrome(1500, 1150)
    try:
        yield d
    finally:
        d.quit()


def _wait(driver, cond, timeout=30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(cond)


def _body(d, key):
    return d.find_element("tag name", "body").get_attribute(f"data-{key}")


def test_a_whole_hand_in_the_browser(browser, tmp_path):
    app = create_app(rules="kaikou", allow_seed=True)
    d = browser
    with served(app) as base:
        d.get(f"{base}/?seed=4")
        _wait(d, lambda d: _body(d, "version") not in ("", None))
        gid = _body(d, "game")
        assert d.current_url == f"{base}/game/{gid}"  # the game's own URL
        web = app.state.games[gid]
        g = web.table.game
        clicks = hinted = 0
        while _body(d, "over") != "true":
            buttons = d.find_elements("css selector", "button.act")
            codes = [int(b.get_attribute("data-code")) for b in buttons]
            assert codes == list(g.legal_action_codes(web.table.seat))  # the offered actions, no other
            table = d.find_element("id", "table").get_attribute("innerHTML")
            svg = table[table.index("<svg"):]
            own = Counter(format_tile(t) for t in g.hand(web.table.seat))
            assert H.faces(svg) - own == H.faces(web.state()["svg"]) - own  # what the server sent, no more
            if clicks == 5 and not hinted:
                d.find_element("id", "hint-button").click()
                _wait(d, lambda d: "向听 shanten" in d.find_element("id", "hint").text)
                hinted += 1
                d.set_window_size(1500, 1250)
                d.execute_script("window.scrollTo(0, 0)")
                screenshot(d, "web_table.png", tmp_path)
            version = _body(d, "version")
            buttons[0].click()
            clicks += 1
            _wait(d, lambda d: _body(d, "version") != version)
            if clicks == 3:  # a reload resumes the game where it is
                version = _body(d, "version")
                d.refresh()
                _wait(d, lambda d: _body(d, "version") == version and _body(d, "game") == gid)
                assert len(app.state.games) == 1
        result = d.find_element("id", "result")
        _wait(d, lambda d: result.is_displayed())
        rows = d.find_elements("css selector", "#result tr[data-seat]")
        shown = [float(r.get_attribute("data-payment")) for r in rows]
        assert shown == list(g.result.payments) and sum(shown) == 0
        assert d.find_element("id", "status").text.endswith(("胡 wins", "nobody wins"))
        assert d.find_element("id", "record").get_attribute("href").endswith(f"/api/games/{gid}/record")
        assert clicks == web.version and hinted == 1
        d.set_window_size(1500, 1420)
        d.execute_script("window.scrollTo(0, 0)")
        screenshot(d, "web_table_settlement.png", tmp_path)
        # the next hand
        d.find_element("id", "next").click()
        _wait(d, lambda d: _body(d, "over") == "false")
        assert not d.find_element("id", "result").is_displayed()


def test_the_replay_viewer_steps_through_a_hand(browser, tmp_path):
    from selenium.webdriver.common.keys import Keys

    recs = tmp_path / "hands.jsonl"
    assert main(["simulate", "--hands", "3", "--seed", "11", "--rules", "koukou_fan", "--records", str(recs),
                 "--quiet"]) == 0
    page = tmp_path / "hand1.html"
    assert main(["replay", str(recs), "--hand", "1", "--html", str(page)]) == 0
    rec = [json.loads(x) for x in recs.read_text().splitlines()][1]
    frames, game = replay_frames(rec["events"], [f"seat {s} · {a}" for s, a in enumerate(rec["agents"])])
    n = len(frames) - 1
    d = browser
    d.get(page.as_uri())
    counter = d.find_element("id", "counter")
    event = d.find_element("id", "event")
    assert counter.text == f"0 / {n}" and event.text == frames[0].text
    body = d.find_element("tag name", "body")
    for _ in range(5):
        body.send_keys(Keys.ARROW_RIGHT)
    assert counter.text == f"5 / {n}" and event.text == frames[5].text
    d.find_element("id", "prev").click()
    assert counter.text == f"4 / {n}" and event.text == frames[4].text
    # the slider
    k = n // 2
    d.execute_script("const s=document.getElementById('slider'); s.value=arguments[0];"
                     "s.dispatchEvent(new Event('input'));", k)
    assert counter.text == f"{k} / {n}" and event.text == frames[k].text
    # the table drawn for that frame is the frame's view: its tiles, face up
    svg = d.find_element("id", "board").get_attribute("innerHTML")
    want = Counter()
    v = frames[k].view
    for s in range(4):
        want.update(format_tile(t) for t in v.hands[s])
        want.update(format_tile(t) for t in v.rivers[s])
        want.update(format_tile(t) for m in v.melds[s] for t in m.tiles)
        want.update(format_tile(t) for _, t in v.plays[s])
    want.update([format_tile(v.indicator), format_tile(v.laizi)] + [format_tile(p) for p in v.pizi])
    assert H.faces(svg[svg.index("<svg"):]) == want
    # a claim window late in the hand: jump there by its line in the log
    w = [i for i, f in enumerate(frames) if f.window is not None and f.window.open and f.window.kind == "claim"][-1]
    d.find_elements("css selector", "#log li")[w].click()
    assert counter.text == f"{w} / {n}" and "claim window" in d.find_element("id", "window").text
    d.execute_script("window.scrollTo(0, 0)")
    screenshot(d, "replay_viewer.png", tmp_path)
    # one seat's view: the other seats' concealed tiles are turned down
    d.find_element("css selector", "input[name=view][value=v1]").click()
    covered = d.execute_script(
        "return Array.from(document.querySelectorAll('#board .wmj-cv')).filter("
        "e => getComputedStyle(e).display !== 'none').length;")
    assert covered == sum(len(frames[w].view.hands[s]) for s in (0, 2, 3))
    screenshot(d, "replay_viewer_seat1.png", tmp_path)
    d.find_element("css selector", "input[name=view][value=v-all]").click()
    # the end: the settlement sheet
    sheet = d.find_element("id", "sheet")
    assert not sheet.is_displayed()
    body.send_keys(Keys.END)
    assert counter.text == f"{n} / {n}" and sheet.is_displayed()
    pays = [float(r.get_attribute("data-payment")) for r in d.find_elements("css selector", "#sheet tr[data-seat]")]
    assert pays == rec["result"]["payments"]
    body.send_keys(Keys.HOME)
    assert counter.text == f"0 / {n}" and not sheet.is_displayed()


@pytest.mark.parametrize("width", [420, 1500])
def test_the_table_fits_a_narrow_screen_and_a_wide_one(width, tmp_path):
    """At 420 px (a phone) nothing is cut off: the page is no wider than the window, the
    table and every action button are inside it; the events go below the table."""
    app = create_app(rules="kaikou", allow_seed=True)
    d = chrome(width, 900)
    try:  # headless Chromium keeps a window at least 500 px wide: emulate the narrow screen
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        with served(app) as base:
            d.get(f"{base}/?seed=4")
            _wait(d, lambda d: _body(d, "version") not in ("", None))
            inner = d.execute_script("return window.innerWidth")
            assert inner == width
            assert d.execute_script("return document.documentElement.scrollWidth") <= inner
            for el in [d.find_element("id", "table"), *d.find_elements("css selector", "button.act")]:
                box = d.execute_script("const r=arguments[0].getBoundingClientRect();return [r.left,r.right];", el)
                assert 0 <= box[0] and box[1] <= inner, box
            table = d.find_element("id", "table").rect
            log = d.find_element("id", "log").rect
            if width == 420:
                assert log["y"] > table["y"] + table["height"] and table["width"] >= inner - 30
            else:
                assert log["x"] > table["x"] + table["width"]
            d.execute_script("window.scrollTo(0, 0)")
            screenshot(d, f"web_table_{width}px.png", tmp_path)
    finally:
        d.quit()
