"""The replay viewer's review panel (``replay_html(..., review=...)``): in the page's data
and in a real browser (Chromium through Selenium, skipped without it): at the frame of a
reviewed decision the options with their values, the expert's pick, the option played and
the loss; a marker on the event-list lines with a loss; no panel in another seat's view.
The screenshot is docs/review_panel.png (``WUHANMJ_SCREENSHOTS=docs``)."""

from __future__ import annotations

import pytest
from helpers.blunder import blunder

from wuhanmj.errors import RenderError
from wuhanmj.game.actions import HU
from wuhanmj.render.viewer import replay_html, write_record_html
from wuhanmj.running.review import review_hand


@pytest.fixture(scope="module")
def hand():
    rec, k, hu_pay = blunder()
    return rec, k, hu_pay, review_hand(rec, 0)


def test_without_a_review_the_page_has_no_panel(hand):
    rec = hand[0]
    assert 'id="review"' not in replay_html(rec["events"])
    assert 'id="review"' in replay_html(rec["events"], review=hand[3])


def test_a_review_of_another_hand_is_a_render_error(hand):
    rec, _, _, rv = hand
    with pytest.raises(RenderError, match="review: a decision at event"):
        replay_html(rec["events"][:20], review=rv)


def test_a_review_of_another_hand_as_long_is_a_render_error(hand):
    from wuhanmj import GreedyAgent, Rules
    from wuhanmj.sim.loop import play_hand

    rec, _, _, rv = hand
    last = rv.decisions[-1].event
    other = next(r for r in (play_hand(Rules.preset("kaikou"), [GreedyAgent()] * 4, seed=s, record=True).record
                             for s in range(50)) if len(r["events"]) > last + 1)
    with pytest.raises(RenderError, match="review: the decision at event .* is not"):
        replay_html(other["events"], review=rv)


def test_the_panels_name_the_options_and_the_loss(hand):
    rec, k, hu_pay, rv = hand
    html = replay_html(rec["events"], review=rv)
    d = next(x for x in rv.decisions if x.event == k)
    assert f"loss {d.loss:.1f} points (best: hu)" in html
    # the hu row: the expert's pick (the panels are JSON strings in the page's script)
    assert 'data-code=\\"161\\"><td><span class=\\"opt\\">hu<\\/span><span class=\\"tag e\\"' in html


def _browser():
    from helpers.browser import chrome

    return chrome(1500, 1150)


def test_the_panel_in_the_browser(hand, tmp_path):
    from helpers.browser import screenshot

    rec, k, hu_pay, rv = hand
    d = next(x for x in rv.decisions if x.event == k)
    page = write_record_html(rec, tmp_path / "review.html", review=rv)
    drv = _browser()
    try:
        drv.get(page.as_uri())
        review = drv.find_element("id", "review")
        lines = drv.find_elements("css selector", "#log li")
        marked = [int(li.get_attribute("data-i")) for li in drv.find_elements("css selector", "#log li.loss")]
        # the marked lines: the events of the decisions that lost points (frame = event - 1)
        assert marked == [x.event - 1 for x in rv.reviewed if x.loss > 0]
        # frame 0 (after the deal): a panel only when seat 0 plays first (the dealer, event 2)
        assert review.is_displayed() == any(x.event == 2 for x in rv.decisions)
        lines[k - 1].click()  # the pass
        text = review.text
        assert "played" in text.splitlines()[0] and f"loss {d.loss:.1f} points (best: hu)" in text
        rows = drv.find_elements("css selector", "#review tr")
        assert len(rows) == len(d.options) + 1  # a header, then one row per option
        hu_row = next(r for r in rows[1:] if r.get_attribute("data-code") == str(HU))
        cells = [c.text for c in hu_row.find_elements("css selector", "td")]
        assert hu_row.find_element("css selector", ".tag.e").text == "expert"
        assert float(cells[1]) == pytest.approx(hu_pay, abs=0.05)
        assert float(cells[2]) == 100.0
        played = drv.find_element("css selector", "#review tr.played")
        assert played.find_element("css selector", ".opt").text == "pass"
        assert played.find_element("css selector", ".tag.p").text == "played"
        drv.execute_script("window.scrollTo(0, 0)")
        screenshot(drv, "review_panel.png", tmp_path)
        # the frame before the decision shows it too, to decide
        lines[k - 2].click()
        assert "to decide" in review.text.splitlines()[0]
        # another seat's view has no panel; the reviewed seat's has
        drv.find_element("css selector", "input[name=view][value=v1]").click()
        assert not review.is_displayed()
        drv.find_element("css selector", "input[name=view][value=v0]").click()
        assert review.is_displayed() and "review" in review.text
    finally:
        drv.quit()


def test_a_turn_decision_lists_every_discard(hand, tmp_path):
    rec, _, _, rv = hand
    d = next(x for x in rv.decisions if x.phase == "turn" and len(x.options) > 5)
    page = write_record_html(rec, tmp_path / "review.html", review=rv)
    drv = _browser()
    try:
        drv.get(page.as_uri())
        drv.find_elements("css selector", "#log li")[d.event - 1].click()
        labels = [e.text for e in drv.find_elements("css selector", "#review .opt")]
        assert labels == [o.label for o in d.options]
        codes = [int(r.get_attribute("data-code")) for r in drv.find_elements("css selector", "#review tr[data-code]")]
        assert codes == [o.code for o in d.options]
        mine = drv.find_element("css selector", "#review tr.played").get_attribute("data-code")
        assert int(mine) == d.played
        expert = drv.find_element("css selector", "#review .tag.e").find_element("xpath", "../..")
        assert int(expert.get_attribute("data-code")) == d.expert
    finally:
        drv.quit()
