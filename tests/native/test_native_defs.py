"""The constants of the ``.pxd`` files equal the Python names they mirror.

C code reads ``A_PENG``, ``HOW_ZIMO``, ``BH_QINGYISE`` … from ``cdef enum`` blocks
(``native/defs.pxd``, ``core/defs.pxd`` and the others); the Python engine reads
``wuhanmj.game.actions.PENG``, ``wuhanmj.terms.HOWS``, ``wuhanmj.hand.bighu.CATALOGUE`` ….
Nothing at run time ties the two: here every constant, as compiled
(:func:`wuhanmj.native.constants.pxd_constants`), is compared with its Python source or,
for the engine's own capacities and table formats, with the definition its comment gives.
Every ``cdef enum`` constant found in a ``.pxd`` file must be read back and checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wuhanmj.core as core
import wuhanmj.envs.encoding as encoding
import wuhanmj.game.actions as actions
import wuhanmj.game.phases as phases
import wuhanmj.policy.weights as policy_weights
from wuhanmj.agents.base import AGENTS
from wuhanmj.errors import RulesError
from wuhanmj.hand.bighu import CATALOGUE, ROUTES
from wuhanmj.hand.meld import MELD_KINDS
from wuhanmj.native.agents import AGENT_ABI
from wuhanmj.native.batch import AGENT_KINDS
from wuhanmj.native.constants import pxd_constants
from wuhanmj.native.infer import FEATURES
from wuhanmj.native.lookahead import LOOKAHEAD_FEATURES
from wuhanmj.rules import Rules
from wuhanmj.scoring.result import REFUSAL_RULES
from wuhanmj.terms import HOWS, LIABILITY
from wuhanmj.tiles import HONGZHONG, N_KINDS, is_jiang

SEAT_KINDS = ("random", "greedy")   # the built-in bots the engine seats by a kind of their own

SRC = Path(__file__).resolve().parents[2] / "src"
RULES_MD = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")
C = pxd_constants()
NATIVE = C["wuhanmj/native/defs.pxd"]


def _suit_patterns() -> int:
    """Nine counts 0-4 with a total of at most 14, counted position by position."""
    ways = [1] + [0] * 14  # ways[s]: prefixes summing to s
    for _ in range(9):
        ways = [sum(ways[s - c] for c in range(5) if s - c >= 0) for s in range(15)]
    return sum(ways)


def _totals(ok) -> int:
    return sum(1 << n for n in range(15) if ok(n))


def _expected() -> dict[str, dict[str, int]]:
    """Every constant's value, from its Python source or from the definition its comment gives."""
    return {
        "wuhanmj/core/defs.pxd": {
            "MAX_TILES": 14,                         # W1, G1: 13 tiles and a draw
            "N_KINDS": N_KINDS,
            "N_SUIT": _suit_patterns(),              # nine counts 0-4, total <= 14
            "N_HONOR": 5 ** 7,                       # seven honor counts, base 5
            "INF": 2 ** 4 - 1,                       # the largest 4-bit hu table entry
            "PAIR_NONE": 0, "PAIR_ANY": 1, "PAIR_258": 2,  # the kernels' own modes (W2)
            "SH_INF": 99,                            # above any count of missing tiles
            "SH_NTAU": 16,                           # 5 set counts x 3 pair modes, padded
            "SH_FLAG": 1 << 28,                      # above the 2-bit steps of bits 0-27
            "JIANG_SUIT": sum(1 << i for i in range(9) if is_jiang(i)),  # W2: 2, 5, 8
            "N_ROUTES": len(core.ROUTE_NAMES),
            # one bit per route, in ROUTE_NAMES order; the chow-mode routes (W1, W6)
            "RT_XIAOHU": 1 << core.ROUTE_NAMES.index("xiaohu"),
            "RT_PENGPENG": 1 << core.ROUTE_NAMES.index("pengpenghu"),
            "RT_CHOWS": sum(1 << core.ROUTE_NAMES.index(n)
                            for n in ("xiaohu", "qingyise_m", "qingyise_p", "qingyise_s")),
            "RT_JIANG": 1 << core.ROUTE_NAMES.index("jiangyise"),
            "RT_FENG": 1 << core.ROUTE_NAMES.index("fengyise"),
            # three 5-bit fields (k = 0..4 sets), then a flag bit
            "EF_258": 0, "EF_NONE": 5, "EF_ANY": 10, "EF_FLAG": 1 << 15,
        },
        "wuhanmj/core/checks.pxd": {                 # W1: a complete hand 3k + 2, waiting 3k + 1
            "TOTALS_ANY": _totals(lambda n: True),
            "TOTALS_COMPLETE": _totals(lambda n: n % 3 == 2),
            "TOTALS_WAITING": _totals(lambda n: n % 3 == 1),
            "TOTALS_SHANTEN": _totals(lambda n: n % 3 != 0),
        },
        "wuhanmj/native/defs.pxd": {
            **{f"HOW_{how.upper()}": i for i, how in enumerate(HOWS)},
            **{f"MK_{kind.upper()}": i for i, kind in enumerate(MELD_KINDS)},
            **{f"BH_{big.name.upper()}": 1 << i for i, big in enumerate(CATALOGUE)},
            # a Refusal's rule (W1/W2 is R_W1), its position in REFUSAL_RULES + 1
            "R_LEGAL": 0, **{f"R_{r.split('/')[0]}": i for i, r in enumerate(REFUSAL_RULES, start=1)},
            "LR_NONE": 0, **{f"LR_{rule}": i for i, rule in enumerate(LIABILITY, start=1)},
            **{f"PH_{name.upper()}": getattr(phases, name.upper()) for name in phases.PHASES},
            "DK_NONE": phases.NO_DRAW, "DK_FRONT": phases.FRONT, "DK_BACK": phases.BACK,
            **{f"A_{name}": getattr(actions, name) for name in (
                "DISCARD", "CHI", "PENG", "CHONG_GANG", "XU_GANG", "AN_GANG", "HONGZHONG_GANG", "PIZI_GANG",
                "LAIZI_GANG", "HU", "PASS")},
            "N_ACTIONS": actions.ACTION_SPACE_SIZE,
            "HONGZHONG": HONGZHONG,
            "MAX_MONEY_FAN": 64,                     # Rules' cap_fan limit (test below)
            # the engine's own room (no Python counterpart): a seat's discards (82 live
            # tiles after the deal, G1, a quarter each, and claims), one hand's decisions
            "MAX_RIVER": 40, "MAX_LOG": 600,
        },
        "wuhanmj/native/hand.pxd": {
            "MAX_PLAYS": 16,                         # P3: a seat's special plays, at most 15
            "MAX_LEGAL": 40,                         # 14 discards, gangs, plays and hu at once
        },
        "wuhanmj/native/agents.pxd": {
            # the built-in bots with a seat kind of their own, in the registry's order (the
            # registry's "expert" is a registered native agent: AGENT_NATIVE)
            **{f"AGENT_{name.upper()}": AGENT_KINDS[name] for name in SEAT_KINDS},
            # the engine's other seat kinds, after those bots: a registered native agent
            # (agent.pxd's ABI) and a Python agent called with the GIL
            "AGENT_NATIVE": len(SEAT_KINDS), "AGENT_PYTHON": len(SEAT_KINDS) + 1,
        },
        "wuhanmj/native/agent.pxd": {
            "AGENT_ABI_VERSION": AGENT_ABI,          # what NativeAgent checks a capsule against
            "AGENT_MAX_STATE": 1 << 20,              # bytes of state an agent may ask for
            "AGENT_MAX_PLAYS": 16,                   # = hand.pxd's MAX_PLAYS (P3)
        },
        "wuhanmj/native/encode.pxd": {               # the layout of the version-1 encoding
            "ENC_VERSION": encoding.ENCODING_VERSION, "SC": encoding.N_PLANES * 34,
            **{n: getattr(encoding, n) for n in (
                "HAND", "DRAWN", "CHI", "PENG", "MING_GANG", "AN_GANG", "SPECIAL", "VISIBLE", "INDICATOR", "LAIZI",
                "PIZI", "CLAIM", "RIVER", "N_RIVER", "N_PLANES", "S_PHASE", "S_TURN", "S_DEALER", "S_TILES_LEFT",
                "S_HAND_SIZES", "S_OPENINGS", "S_GANG_ALLOWED", "S_RULE_PIZI", "S_RULE_FAN", "S_RULE_PER_OPENING",
                "S_PREV_LAIZI", "N_SCALARS", "OBS_SIZE")},
        },
        "wuhanmj/native/infer.pxd": {"N_FEATURES": len(FEATURES)},   # the reading's features
        "wuhanmj/native/lookahead.pxd": {            # the policy's look-ahead row, by its column names
            "LOOK_VERSION": policy_weights.FEATURES_VERSION, "N_LOOK": len(LOOKAHEAD_FEATURES), "F_TYPE": 0,
            **{f"F_{name.upper()}": LOOKAHEAD_FEATURES.index(name) for name in (
                "shanten_delta", "eff", "eff_known", "shanten", "hand", "unseen", "jiang", "honor", "edge", "danger",
                "openings", "routes", "drawn", "greedy")},
            **{f"T_{name.upper()}": LOOKAHEAD_FEATURES.index(name) for name in (
                "discard", "chi", "peng", "chong_gang", "xu_gang", "an_gang", "hongzhong_gang", "pizi_gang",
                "laizi_gang", "hu", "pass")},
        },
    }


EXPECTED = _expected()
CASES = [(path, name) for path, table in EXPECTED.items() for name in table]


def _enum_names(text: str) -> list[str]:
    """The names defined in the ``cdef enum:`` blocks of a .pxd file's text."""
    names, inside = [], False
    for line in text.splitlines():
        if re.match(r"\s*cdef enum\b.*:\s*$", line):
            inside = True
            continue
        if inside and line.strip() and not line[:1].isspace():
            inside = False
        m = re.match(r"\s+([A-Za-z_]\w*)\s*(=|$|#)", line)
        if inside and m:
            names.append(m.group(1))
    return names


def test_every_pxd_enum_constant_is_read_back():
    """A constant added to a .pxd file must be added to native/constants.pyx too."""
    found = {}
    for p in sorted((SRC / "wuhanmj").rglob("*.pxd")):
        names = _enum_names(p.read_text(encoding="utf-8"))
        if names:
            found[p.relative_to(SRC).as_posix()] = sorted(names)
    assert found == {path: sorted(table) for path, table in C.items()}


def test_every_constant_read_back_has_an_expected_value():
    assert {p: sorted(t) for p, t in C.items()} == {p: sorted(t) for p, t in EXPECTED.items()}


@pytest.mark.parametrize(("path", "name"), CASES, ids=[f"{p.split('/', 1)[1]}:{n}" for p, n in CASES])
def test_a_constant_equals_its_python_source(path, name):
    assert C[path][name] == EXPECTED[path][name], f"{path}: {name}"


def test_the_python_sources_agree_among_themselves():
    """The orders the mirrors rely on: phases numbered in PHASES order, the routes of the core
    and of the big-hu catalogue, the core's table sizes, the built-in agents."""
    assert [getattr(phases, n.upper()) for n in phases.PHASES] == list(range(len(phases.PHASES)))
    assert core.ROUTE_NAMES == ROUTES
    assert (core.SUIT_PATTERNS, core.HONOR_PATTERNS) == (EXPECTED["wuhanmj/core/defs.pxd"]["N_SUIT"], 5 ** 7)
    assert sorted(AGENT_KINDS) == sorted(SEAT_KINDS) and len(set(AGENT_KINDS.values())) == len(SEAT_KINDS)
    assert list(AGENTS)[:len(SEAT_KINDS)] == list(SEAT_KINDS)
    assert [type(AGENTS[n]()).__name__ for n in AGENTS if n not in SEAT_KINDS] == ["ExpertAgent", "PolicyAgent"]


def test_each_refusal_reason_names_a_rule_of_rules_md():
    """W1, W4, W5, W8, W11: every reason code (R_*) stands for a rule that RULES.md has."""
    for name in NATIVE:
        if name.startswith("R_") and name != "R_LEGAL":
            rule = name.split("_")[1]
            assert re.search(rf"\b{rule}\b", RULES_MD), name


def test_the_money_table_holds_every_fan_rules_allow():
    """X2: Rules allows cap_fan up to MAX_MONEY_FAN and no more."""
    top = NATIVE["MAX_MONEY_FAN"]
    assert Rules.preset("kaikou").replace(cap_fan=top).cap_fan == top
    with pytest.raises(RulesError, match="cap_fan"):
        Rules.preset("kaikou").replace(cap_fan=top + 1)


def test_the_engine_capacities_hold_a_hand():
    """G1: 82 live tiles after the deal and the indicator; a seat may hold 14 tiles to discard."""
    assert NATIVE["MAX_RIVER"] * 4 >= 82
    assert C["wuhanmj/native/hand.pxd"]["MAX_LEGAL"] >= 14 + 1 + 1
    assert C["wuhanmj/core/defs.pxd"]["SH_NTAU"] >= 5 * 3
