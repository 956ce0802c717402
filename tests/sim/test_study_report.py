"""The page of a rule study (``wuhanmj study --report``) in a real browser."""

from __future__ import annotations

import re

import pytest

from wuhanmj.sim.study import study


@pytest.fixture(scope="module")
def three_rule_sets():
    return study("kaikou,koukou,koukou_fan", agents="greedy,random,greedy,random", hands=160, seed=4)


def test_the_page_holds_every_plot_and_fetches_nothing(tmp_path, three_rule_sets):
    pytest.importorskip("matplotlib")
    from wuhanmj.files.study_report import STUDY_PLOTS, write_study_report

    path = tmp_path / "study.html"
    write_study_report(three_rule_sets, path)
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    assert not re.search(r"""(src|href)=["']https?:""", page)
    for name in STUDY_PLOTS:
        assert f"id='plot-{name}'" in page
    # one panel a quantity in the running values and in the differences (their titles)
    conv = page[page.index("id='plot-convergence'"):page.index("id='plot-differences'")]
    assert conv.count("<g id=\"axes_") == len(three_rule_sets.quantities)
    assert "koukou − kaikou" in page  # the table
    for p, lv in zip(three_rule_sets.payments, three_rule_sets.levels):  # every won hand in the gains plot's histogram
        assert sum(c for _, c in p["gains"]) == round(lv["win"]["mean"] * 160)


def test_a_browser_renders_the_study_page(tmp_path, three_rule_sets):
    pytest.importorskip("matplotlib")
    from helpers.browser import chrome, figure_sizes, screenshot

    from wuhanmj.files.study_report import STUDY_PLOTS, write_study_report

    page = tmp_path / "study.html"
    write_study_report(three_rule_sets, page)
    driver = chrome(1320, 2400)
    try:
        driver.get(page.as_uri())
        sizes = figure_sizes(driver)
        width = driver.execute_script("return document.querySelector('#plot-convergence').getBoundingClientRect().width")
        body = driver.execute_script("return document.body.getBoundingClientRect().width")
        png = screenshot(driver, "study_report_test.png", tmp_path)
    finally:
        driver.quit()
    drawn = {fid.split("-", 1)[1] for fid, w, h in sizes if w > 100 and h > 100}
    assert drawn == set(STUDY_PLOTS), sizes
    assert width > 0.9 * (body - 60)  # the panels span the page's width
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _trace_points(page: str, gid: str) -> set[tuple[str, str]]:
    """The distinct points of the running value drawn with the SVG id ``gid``."""
    m = re.search(rf'<g id="{gid}">\s*<path d="([^"]*)"', page)
    assert m, f"no line {gid}"
    return set(re.findall(r"([-\d.]+) ([-\d.]+)", m.group(1)))


def test_a_study_of_one_match_has_a_page_saying_it_has_no_running_interval(tmp_path):
    pytest.importorskip("matplotlib")
    from wuhanmj.files.study_report import STUDY_PLOTS, write_study_report

    s = study("kaikou,koukou", hands=8, seed=1)  # one match of 8 hands: no interval clustered by match
    path = tmp_path / "one.html"
    write_study_report(s, path)  # a ValueError of matplotlib's log scale before
    page = path.read_text(encoding="utf-8")
    assert all(f"id='plot-{name}'" in page for name in STUDY_PLOTS)
    assert all(f'id="no-trace-{q}"' in page for q in s.quantities)  # "one match: no running interval"


@pytest.mark.parametrize("hands", [24, 80])  # 3 and 10 matches: fewer than the 10 the page starts at
def test_a_short_study_draws_its_running_values(tmp_path, hands):
    pytest.importorskip("matplotlib")
    from wuhanmj.files.study_report import write_study_report

    s = study("kaikou,koukou", hands=hands, seed=1)
    path = tmp_path / "short.html"
    write_study_report(s, path)
    page = path.read_text(encoding="utf-8")
    for q in ("jinding", "transfer"):
        for j in (0, 1):  # a line through the running values, not a single point
            assert len(_trace_points(page, f"trace-{q}-{j}")) >= 2


def test_a_study_where_no_hand_was_won_has_a_page(tmp_path):
    pytest.importorskip("matplotlib")
    from wuhanmj.files.study_report import STUDY_PLOTS, write_study_report

    s = study("kaikou,koukou", agents="random", hands=24, seed=1)  # four random bots: every hand a draw (X6)
    assert s.levels[0]["win"]["mean"] == s.levels[1]["win"]["mean"] == 0
    path = tmp_path / "draws.html"
    write_study_report(s, path)  # a ValueError of matplotlib's log scale before
    page = path.read_text(encoding="utf-8")
    assert all(f"id='plot-{name}'" in page for name in STUDY_PLOTS) and 'id="no-win"' in page


def test_the_legends_of_many_rule_sets_stay_clear_of_the_panels(tmp_path):
    pytest.importorskip("matplotlib")
    from helpers.browser import chrome, screenshot

    from wuhanmj.files.study_report import write_study_report

    # seven rule sets: legends of two rows over the running values and the differences
    s = study("kaikou", sweep=["cap=100,150,200,250,350,400"], hands=96, seed=2)
    page = tmp_path / "many.html"
    write_study_report(s, page)
    driver = chrome(1320, 2400)
    try:
        driver.get(page.as_uri())
        boxes = driver.execute_script("""
            return ['convergence', 'differences'].map(name => {
              const svg = document.querySelector('#plot-' + name + ' svg');
              const legend = svg.querySelector('g[id^="legend_"]').getBoundingClientRect();
              const titles = svg.querySelectorAll('g[id^="title-' + name + '-"]');
              const tops = [...titles].map(g => g.getBoundingClientRect().top);
              return [name, legend.bottom, Math.min(...tops)];
            });""")
        screenshot(driver, "study_report_legends.png", tmp_path)
    finally:
        driver.quit()
    for name, legend_bottom, first_title in boxes:  # the legend ends above the first row's titles
        assert legend_bottom <= first_title, (name, legend_bottom, first_title)
