"""The repository keeps a snapshot of ``shared/cases`` and ``shared/RULES.md`` so that a lone
clone runs every test; where ``shared/`` is present (development, CI) they must be identical."""

from pathlib import Path

import pytest
from helpers.cases import SHARED, SHARED_CASES, SNAPSHOT_CASES

DOCS_RULES = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"

needs_shared = pytest.mark.skipif(not SHARED_CASES.is_dir(), reason="no shared/ beside the repository")


@needs_shared
def test_cases_snapshot_equals_shared():
    shared = sorted(p.name for p in SHARED_CASES.iterdir() if p.is_file())
    snapshot = sorted(p.name for p in SNAPSHOT_CASES.iterdir() if p.is_file())
    assert snapshot == shared
    for name in shared:
        assert (SNAPSHOT_CASES / name).read_bytes() == (SHARED_CASES / name).read_bytes(), name


@needs_shared
def test_rules_snapshot_equals_shared():
    assert DOCS_RULES.read_bytes() == (SHARED / "RULES.md").read_bytes()


def test_snapshot_holds_every_case_file():
    names = {p.name for p in SNAPSHOT_CASES.iterdir()}
    assert {"hu.json", "laizi.json", "worked.json", "settlement.json", "README.md"} <= names
