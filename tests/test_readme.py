"""The README's examples are doctested: what a newcomer copies must work."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


REPO = README.parent


def test_every_file_the_readme_scores_is_in_the_repository():
    import re

    text = README.read_text(encoding="utf-8")
    named = re.findall(r"wuhanmj score ([^\s`]+)", text)
    assert named, "README shows wuhanmj score"
    for name in named:
        assert (REPO / name).is_file(), f"README's `wuhanmj score {name}`: no such file in the repository"


def test_score_help_points_at_the_repositorys_own_files(capsys):
    import re

    import pytest

    from wuhanmj.cli import main

    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = capsys.readouterr().out
    assert "shared/" not in out  # a lone clone has no shared/ folder
    paths = re.findall(r"(?:tests|docs)/[\w/.]+\.(?:md|json)", out)
    assert "tests/data/cases/README.md" in paths
    for p in paths:
        assert (REPO / p).is_file(), p
