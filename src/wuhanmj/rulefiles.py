"""Rule sets in files (§10): :func:`load_rules` reads a preset name or a TOML / JSON file
of rule fields; :func:`rules_toml` writes a :class:`~wuhanmj.rules.Rules` as TOML.

A file holds :meth:`Rules.to_dict` fields; missing ones come from the preset its
``name`` gives (``kaikou`` when absent or ``"custom"``), as :meth:`Rules.from_dict` says.

>>> r = Rules.kaikou().replace(hu_order="discarder", xiayu=True)
>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "mine.toml"
>>> _ = p.write_text(rules_toml(r), encoding="utf-8")
>>> load_rules(str(p)) == r
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ._json import MAX_DEPTH, TOO_MANY_DIGITS, check_depth, load_json
from .errors import RulesError
from .rules import PRESETS, Rules, preset_key

__all__ = ["load_rules", "rules_toml", "rules_json_text"]


def load_rules(spec: str) -> Rules:
    """A preset by name (in any case: ``KAIKOU``), or a TOML (``.toml``) or JSON file of
    rule fields at its top level (every field of :class:`~wuhanmj.rules.Rules`, §10,
    including ``hu_order``, ``gang_cutoff``, ``second_laizi``, ``xiayu``,
    ``gangkai_haidi_zimo``, ``qqr_pair``, ``claim_turn_gang``, ``escape_penalty``).

    Raises:
        RulesError: neither a preset nor a readable file, bad contents (a field out of
            range is named; a table other than ``money``, such as ``[rules]``: the file
            is flat), or a TOML file on Python 3.10 without ``tomli``.
    """
    if preset_key(spec) in PRESETS:  # case-insensitive, as agent names
        return Rules.preset(spec)
    path = Path(spec)
    if not path.is_file():
        raise RulesError(f"rules: {spec!r} is neither a preset ({', '.join(PRESETS)}) nor a file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RulesError(f"rules: cannot read {spec!r}: {err}") from None
    if path.suffix.lower() == ".toml":
        toml = _toml_module()
        try:
            data = toml.loads(text)
        except toml.TOMLDecodeError as err:
            raise RulesError(f"rules: {spec!r} is not valid TOML: {err}") from None
        except RecursionError:
            raise RulesError(f"rules: {spec!r}: nested deeper than {MAX_DEPTH} levels of arrays/tables") from None
        except ValueError:  # int() refusing more digits than Python's int-string limit
            raise RulesError(f"rules: {spec!r}: {TOO_MANY_DIGITS}") from None
        check_depth(data, RulesError, f"rules: {spec!r}")
    else:
        data = load_json(text, RulesError, f"rules: {spec!r} (use .toml for TOML)")
    if not isinstance(data, dict):
        raise RulesError(f"rules: {spec!r} must hold a table/object of rule fields")
    for key, value in data.items():
        if isinstance(value, dict) and key != "money":
            kind = f"a [{key}] table" if path.suffix.lower() == ".toml" else f"an object {key!r}"
            inner = ", ".join(map(str, list(value)[:6])) + (", …" if len(value) > 6 else "")
            raise RulesError(
                f"rules: {spec!r} holds {kind} ({inner or 'empty'}): a rules file is flat, its rule fields "
                f"at the top level without [{key}] (only money is a table)"
            )
    try:
        return Rules.from_dict(data)
    except RulesError as err:
        raise RulesError(f"rules: {spec!r}: {err}") from None


def _toml_module() -> Any:
    """The TOML reader: the standard ``tomllib`` (Python 3.11+), else ``tomli`` (the same
    API; a dependency on Python 3.10). Raises RulesError when neither can be imported."""
    try:
        import tomllib  # type: ignore[import-not-found, unused-ignore]  # Python 3.11+

        return tomllib
    except ModuleNotFoundError:
        pass
    try:
        import tomli

        return tomli
    except ModuleNotFoundError:
        raise RulesError(
            "rules: reading a .toml file needs tomllib (Python 3.11+) or tomli: pip install tomli"
        ) from None


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)  # a TOML basic string is a JSON string


def rules_toml(rules: Rules) -> str:
    """``rules`` as a TOML document that :func:`load_rules` reads back equal: every field,
    ``min_fan = None`` left out (TOML has no null; the base preset of a custom set has
    none), the money table (X2) as a ``[money]`` table of fan → money."""
    d = rules.to_dict()
    money = d.pop("money")
    lines = [f"{k} = {_toml_value(v)}" for k, v in d.items() if v is not None]
    lines += ["", "[money]"] + [f'"{k}" = {_toml_value(v)}' for k, v in money.items()]
    return "\n".join(lines) + "\n"


def rules_json_text(rules: Rules) -> str:
    """``rules`` as a JSON document that :func:`load_rules` reads back equal."""
    return json.dumps(rules.to_dict(), ensure_ascii=False, indent=2) + "\n"
