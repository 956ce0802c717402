"""Rule studies: :func:`study` plays the same walls under several rule sets and compares them
hand by hand (:class:`~wuhanmj.stats.study.StudyResult`).

Each rule set is one :func:`~wuhanmj.sim.simulate.simulate` run with the same ``hands``,
``seed``, ``agents`` and ``match_hands``: match ``m`` is seeded from the root seed alone
(:func:`~wuhanmj.running.batch.match_seeds`) and hand ``i`` of a match shuffles its wall
from the match seed's ``i``-th draw, whatever was played before, so hand ``i`` has the
same wall under every rule set, and every agent is reset with the same seeds. The runs
write their hands to binary records in a temporary folder, which give the outcome of
every hand (:func:`~wuhanmj.files.outcomes.record_outcomes`) for the paired
statistics; the walls are checked to be the same, hand by hand. Each run's tally is the
one ``simulate`` gives alone on that seed (records change nothing in a run). ``records=DIR`` keeps those files, one a rule set
(:func:`records_paths`); ``executor`` runs every rule set's batches on it (Dask, as
``simulate``).

The dealer of a match's first hand is the same everywhere (``m % 4``); later ones follow
each rule set's results (D5), so a rule that changes who wins may change later dealers:
the walls stay paired, the seats they are dealt to may not (the result's ``same_dealer``).
"""

from __future__ import annotations

import itertools
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..agents.base import agent_name
from ..errors import RulesError, StudyError
from ..files.outcomes import record_outcomes
from ..files.records import RecordsReader
from ..rulefiles import load_rules
from ..rules import Rules
from ..stats.planner import Target, parse_target
from ..stats.results import SimulationResult
from ..stats.study import RATES, StudyResult, quantity_names
from ..files.paths import check_output_path
from .simulate import DEFAULT_MATCH_HANDS, _check_int, _resolve_agents, check_hands, simulate

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["study", "rule_sets", "parse_sweep", "records_names", "records_paths", "SWEEP_FIELDS"]

SWEEP_FIELDS = tuple(f for f in Rules.__dataclass_fields__ if f not in ("name", "money"))
"""The rule fields a sweep may vary: every field of :class:`~wuhanmj.rules.Rules` but
``name`` and the ``money`` table (give a rules file for those)."""


def _value(text: str) -> Any:
    """A sweep value as written on a command line: ``true``/``false``, ``none``, an int, a
    float, else the word itself (``per_opening``)."""
    t = text.strip()
    low = t.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(t)
        except ValueError:
            pass
    return t


def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """``FIELD=V1,V2,…`` as ``(field, [values])`` (``"cap=200,300"`` → ``("cap", [200, 300])``).

    Raises:
        RulesError: no ``=``, no value, or a field that is not one of :data:`SWEEP_FIELDS`.
    """
    if not isinstance(text, str) or "=" not in text:
        raise RulesError(f"sweep: expected FIELD=V1,V2,... (cap=200,300,400), got {text!r}")
    name, _, values = text.partition("=")
    name = name.strip()
    _check_field(name)
    vals = [_value(v) for v in values.split(",") if v.strip()]
    if not vals:
        raise RulesError(f"sweep {text!r}: no value for {name}")
    return name, vals


def _check_field(name: str) -> None:
    if name not in SWEEP_FIELDS:
        why = "cannot be swept (give rules files)" if name in ("name", "money") else "is not a rule field"
        raise RulesError(f"sweep: {name!r} {why}; the fields are {', '.join(SWEEP_FIELDS)}")


def _one_rules(spec: Any) -> tuple[str, Rules]:
    """A rule set and its label: a Rules (its :meth:`~wuhanmj.rules.Rules.label`), a
    preset name or a rules file (:func:`~wuhanmj.rulefiles.load_rules`; the text given),
    or a dict of rule fields."""
    if isinstance(spec, Rules):
        return spec.label(), spec
    if isinstance(spec, Mapping):
        r = Rules.from_dict(spec)
        return r.label(), r
    if isinstance(spec, (str, os.PathLike)):
        return os.fspath(spec), load_rules(os.fspath(spec))
    raise RulesError(f"rules: expected a Rules, a preset name, a rules file or a dict, got {spec!r}")


def rule_sets(
    rules: Any = None, sweep: Any = None, base: Any = None
) -> list[tuple[str, Rules]]:
    """The labelled rule sets of a study, the baseline first.

    Args:
        rules: rule sets played as they are: a list or tuple of :class:`~wuhanmj.rules.Rules`,
            preset names, rules files (TOML/JSON) or dicts of rule fields, or one
            comma-separated string (``"kaikou,koukou,mine.toml"``); None for none.
        sweep: fields varied on ``base``: a mapping field -> values (a list, or one
            ``"V1,V2"`` string), or ``FIELD=V1,V2`` strings (:func:`parse_sweep`; one
            string is one field); several fields make every combination, in order. Each
            makes a rule set labelled ``cap=200`` (``cap=200,xiayu=true``).
        base: the rule set the sweep changes (as one item of ``rules``); None for kaikou.
            Only with a sweep (the baseline is the first rule set, not ``base``).

    Returns:
        ``[(label, rules), ...]``: ``rules`` first, then the sweep's.

    Raises:
        RulesError: an unknown preset, file or field, or a value out of range (named
            with its sweep); a field swept twice; ``rules`` or ``sweep`` (or a field's
            values) of another type.
        StudyError: fewer than two rule sets, or two that are equal (both named); a
            ``base`` without a sweep.
    """
    out: list[tuple[str, Rules]] = []
    if base is not None and not sweep:
        raise StudyError(f"base {base!r}: the base is the rule set a sweep changes, and there is no sweep "
                         "(the baseline is the first rule set)")
    if isinstance(rules, str):
        rules = [r for r in rules.split(",") if r.strip()]
    elif isinstance(rules, (Rules, Mapping, os.PathLike)):
        rules = [rules]
    elif rules is not None and not isinstance(rules, (list, tuple)):
        raise RulesError(f"rules: expected rule sets (a list, or 'kaikou,koukou'), got {rules!r}")
    for spec in rules or ():
        out.append(_one_rules(spec.strip() if isinstance(spec, str) else spec))
    if sweep:
        fields = [_sweep_field(item) for item in _sweep_items(sweep)]
        names = [name for name, _ in fields]
        for name in names:
            if names.count(name) > 1:
                raise RulesError(f"sweep: {name} is swept twice; give all its values in one sweep ({name}=V1,V2,...)")
        base_label, base_rules = _one_rules("kaikou" if base is None else base)
        for combo in itertools.product(*(vals for _, vals in fields)):
            change = {name: v for (name, _), v in zip(fields, combo)}
            label = ",".join(f"{k}={_text(v)}" for k, v in change.items())
            try:
                out.append((label, base_rules.replace(**change)))
            except RulesError as err:
                raise RulesError(f"sweep {label} on {base_label}: {err}") from None
    if len(out) < 2:
        raise StudyError(f"a study needs two or more rule sets (--rules and/or --sweep), got {len(out)}")
    for (la, a), (lb, b) in itertools.combinations(out, 2):
        if a == b:
            raise StudyError(f"rule sets {la!r} and {lb!r} are the same rules; a study compares different ones")
    return out


def _sweep_items(sweep: Any) -> Iterable[Any]:
    """The fields of a sweep: a mapping's items, the strings of a sequence, or one string."""
    if isinstance(sweep, str):
        return [sweep]
    if isinstance(sweep, Mapping):
        return sweep.items()
    if isinstance(sweep, (list, tuple)):
        return sweep
    raise RulesError(f"sweep: expected FIELD=V1,V2,... strings or a mapping field -> values, got {sweep!r}")


def _sweep_field(item: Any) -> tuple[str, list[Any]]:
    """One field of a sweep and its values: ``"cap=200,300"`` or ``("cap", [200, 300])``
    (the values also ``"200,300"``)."""
    if isinstance(item, str):
        return parse_sweep(item)
    if not isinstance(item, (list, tuple)) or len(item) != 2:
        raise RulesError(f"sweep: expected FIELD=V1,V2,... or (field, values), got {item!r}")
    name, values = item
    _check_field(name)
    if isinstance(values, str):
        return parse_sweep(f"{name}={values}")
    if isinstance(values, (bytes, Mapping)) or not isinstance(values, Iterable):
        raise RulesError(f"sweep {name}: expected its values (a list, or 'V1,V2'), got {values!r}")
    vals = [_value(v) if isinstance(v, str) else v for v in values]
    if not vals:
        raise RulesError(f"sweep {name}: no value")
    return name, vals


def _text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "none" if v is None else str(v)


def records_names(folder: str | os.PathLike, labels: Sequence[str]) -> list[Path]:
    """The records file of each rule set in ``folder``, named as :func:`records_paths`
    names them, checking and making nothing: ``00-kaikou.wmj``, ``01-koukou.wmj``,
    ``02-cap=200.wmj`` (the index, then the label with every character but letters, digits
    and ``.=+-_`` as ``_``, cut to 60)."""
    p = Path(os.fspath(folder))
    out = []
    for j, label in enumerate(labels):
        slug = re.sub(r"[^A-Za-z0-9.=+_-]", "_", os.path.basename(label.rstrip("/\\")) or label)[:60]
        out.append(p / f"{j:02d}-{slug}.wmj")
    return out


def records_paths(folder: str | os.PathLike, labels: Sequence[str]) -> list[Path]:
    """The records file of each rule set in ``folder`` (:func:`records_names`), binary
    records (docs/RECORDS.md). Checked before any hand; the folder is made when missing
    (its parent must exist), files in it replaced.

    Raises:
        StudyError: ``folder`` is not a path, is a file, or its parent folder does not exist.
        SimulationError: a file that cannot be written (:func:`~wuhanmj.files.paths.check_output_path`).
    """
    if not isinstance(folder, (str, os.PathLike)):
        raise StudyError(f"records: expected a folder path, got {folder!r}")
    text = os.fspath(folder)
    p = Path(text)
    if not text:
        raise StudyError("records: an empty path; give a folder")
    if p.exists() and not p.is_dir():
        raise StudyError(f"records: {text!r} is a file; give a folder (one records file a rule set goes in it)")
    if not p.exists():
        if not p.resolve().parent.is_dir():
            raise StudyError(f"records: the folder holding {text!r} does not exist")
        p.mkdir()
    return [check_output_path("records", path) for path in records_names(p, labels)]


def study(
    rules: Any = None,
    sweep: Any = None,
    base: Any = None,
    agents: Any = None,
    hands: int = 2000,
    seed: int | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    records: str | os.PathLike | None = None,
    match_hands: int = DEFAULT_MATCH_HANDS,
    targets: Sequence[str] = (),
    engine: str = "auto",
    progress: bool | Callable[[int, int, str], Any] = False,
) -> StudyResult:
    """Play the same walls under two or more rule sets and compare them hand by hand.

    Args:
        rules, sweep, base: the rule sets (:func:`rule_sets`); the first is the baseline.
        agents: as for :func:`~wuhanmj.sim.simulate.simulate` (default four greedy bots),
            the same under every rule set.
        hands: hands per rule set (int >= 1), the pilot of the ``targets``.
        seed: the root seed (int >= 0), the same for every rule set; None draws one
            (kept in the result).
        workers: as for ``simulate`` (0: one per CPU).
        executor: any ``concurrent.futures.Executor`` every rule set's batches run on
            (Dask's, :func:`~wuhanmj.sim.simulate.dask_executor`), as for ``simulate``.
        records: a folder to keep every rule set's hands in, one binary records file a
            rule set (:func:`records_paths`; ``wuhanmj replay`` reads them); None keeps
            none (they are written to a temporary folder and read back).
        match_hands: hands per match (D5, M2).
        targets: precisions to plan for, a list of ``"jinding=0.1pp"``, ``"transfer=5%"``
            (:func:`~wuhanmj.stats.planner.parse_target`; one string is one target, None
            none); the names are those of :func:`~wuhanmj.stats.study.quantity_names`.
        engine: as for ``simulate`` (the native engine where it can play).
        progress: True for a tqdm bar per rule set, or ``progress(done, total, label)``
            called after every batch.

    Returns:
        :class:`~wuhanmj.stats.study.StudyResult`: per rule set its rates and means
        (win, 自摸, 放冲, each big hu, 银顶, 金顶, 承包, draws; the mean absolute
        transfer per hand, the dealer's edge, each agent's points [points, or money under
        the fan schedule]) with 95 % intervals, its payment quantiles, and the paired
        difference of each from the baseline beside the unpaired interval.

    Raises:
        RulesError: a bad rule set or sweep (named).
        StudyError: fewer than two rule sets, two equal ones, a bad target, ``records``
            that is a file or in a missing folder, ``targets`` or ``records`` of another
            type (all before any hand is played); walls
            that differ between the runs (a bug).
        SimulationError, AgentError: as ``simulate`` raises them.
    """
    sets = rule_sets(rules, sweep, base)
    hands = check_hands("hands", hands)
    labels = [agent_name(a) for a in _resolve_agents(agents)]
    known = quantity_names(labels)
    if isinstance(targets, str):
        targets = [targets]
    elif targets is None:
        targets = ()
    elif not isinstance(targets, (list, tuple)):
        raise StudyError(f"targets: expected NAME=WIDTH strings (jinding=0.1pp), got {targets!r}")
    plans: list[Target] = [parse_target(t, known, RATES) for t in targets]
    root = int.from_bytes(os.urandom(4), "little") if seed is None else _check_int("seed", seed, 0)
    results: list[SimulationResult] = []
    outcomes: list[dict[str, np.ndarray]] = []
    kept = None if records is None else records_paths(records, [lab for lab, _ in sets])
    with tempfile.TemporaryDirectory(prefix="wuhanmj-study-") as tmp:
        for j, (label, r) in enumerate(sets):
            path = os.path.join(tmp, f"{j}.wmj") if kept is None else os.fspath(kept[j])
            report: Any = progress
            if callable(progress) and progress is not True:
                def report(done: int, total: int, _label: str = label) -> Any:
                    return progress(done, total, _label)

                report(0, hands)  # the rule set starts (a display's clock, its rate)
            # the agents as given: each run makes its own from names (a cmd: bot its own process)
            res = simulate(hands=hands, rules=r, agents=agents, seed=root, workers=workers, executor=executor,
                           records=path, progress=report, match_hands=match_hands, engine=engine)
            with RecordsReader(path) as reader:
                o = record_outcomes(reader)
            if outcomes and not np.array_equal(o["wall"], outcomes[0]["wall"]):
                bad = int(np.flatnonzero((o["wall"] != outcomes[0]["wall"]).any(axis=1))[0])
                raise StudyError(f"rule set {label!r}: hand {bad} has another wall than under {sets[0][0]!r} (a bug)")
            if outcomes:
                del o["wall"]  # checked: the baseline's walls are every rule set's
            results.append(res)
            outcomes.append(o)
    return StudyResult.from_outcomes([lab for lab, _ in sets], results, outcomes, plans,
                                     None if kept is None else [os.fspath(k) for k in kept])
