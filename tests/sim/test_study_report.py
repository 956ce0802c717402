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
