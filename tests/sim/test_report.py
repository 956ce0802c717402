"""The HTML report: produced, self-contained, every plot present."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("matplotlib")

from wuhanmj import simulate  # noqa: E402
from wuhanmj.cli import main  # noqa: E402
from wuhanmj.errors import ReportError  # noqa: E402
from wuhanmj.sim.arena import arena  # noqa: E402
from wuhanmj.sim.report import PLOTS, load_result, report_html, write_report  # noqa: E402


@pytest.fixture(scope="module")
def results():
    return (simulate(hands=64, agents="greedy,random,greedy,random", seed=1),
            arena(["greedy", "random"], hands=16, seed=2))


def _self_contained(text: str) -> None:
    assert "<script" not in text and "<link" not in text and "<iframe" not in text and "<img" not in text
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", text)  # only in-document references (#id)
    assert not re.search(r"url\((?!#)", text) and "@import" not in text  # clip paths: url(#id)


def test_the_report_has_every_plot_and_is_self_contained(results, tmp_path):
    path = tmp_path / "r.html"
    write_report(list(results), path, title="test report")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "</html>" in text and "<title>test report</title>" in text
    _self_contained(text)
    for p in PLOTS[:-1]:  # each result's four, and the caps of all the results first
        assert f"<figure id='plot-{p}'><svg" in text and f"<figure id='plot-{p}-1'><svg" in text
    assert text.count("<figure id='plot-caps'><svg") == 1
    assert text.count("<svg") == 9
    assert "greedy − random" in text and "Difference against the baseline" in text  # the arena's table
    assert "Seats and agents" in text and "金顶" in text  # the simulation's


def test_one_simulation_of_one_agent_plots_its_seats():
    r = simulate(hands=16, agents="random", seed=3)
    text = report_html([r])
    for p in PLOTS:
        assert f"id='plot-{p}'" in text
    assert "seat 3 (random)" in text or "seat 3" in text


def test_cli_report_from_result_files(results, tmp_path, capsys):
    a, b = tmp_path / "sim.json", tmp_path / "arena.json"
    a.write_text(results[0].to_json(), encoding="utf-8")
    b.write_text(results[1].to_json(), encoding="utf-8")
    assert load_result(b) == results[1] and load_result(a) == results[0]
    out = tmp_path / "out.html"
    assert main(["report", str(a), str(b), "-o", str(out)]) == 0
    assert out.stat().st_size > 10_000
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "arena"}', encoding="utf-8")
    capsys.readouterr()
    assert main(["report", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json" not in err or "arena" in err
    with pytest.raises(ReportError, match="no such file"):
        load_result(tmp_path / "none.json")


def test_simulate_and_arena_write_a_report(tmp_path, capsys):
    s, a = tmp_path / "s.html", tmp_path / "a.html"
    assert main(["simulate", "--hands", "16", "--agents", "random", "--seed", "1", "--quiet", "--report", str(s)]) == 0
    assert main(["arena", "--agents", "greedy,random", "--hands", "8", "--seed", "1", "--quiet",
                 "--report", str(a)]) == 0
    for f in (s, a):
        assert "id='plot-cumulative'" in f.read_text(encoding="utf-8")


def test_a_browser_renders_the_report(results, tmp_path):
    # the system's Chromium through Selenium (helpers.browser: skipped without it, failed in CI)
    from helpers.browser import chrome, figure_sizes, screenshot

    page = tmp_path / "r.html"
    write_report(list(results), page)
    driver = chrome(1320, 2000)
    try:
        driver.get(page.as_uri())
        sizes = figure_sizes(driver)
        png = screenshot(driver, "report_test.png", tmp_path)
    finally:
        driver.quit()
    drawn = {fid.split("-")[1] for fid, w, h in sizes if w > 100 and h > 100}
    assert drawn == set(PLOTS), sizes  # every plot laid out at a visible size
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
