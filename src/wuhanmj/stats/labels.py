"""Agent labels that fit a table's column and stay told apart.

The text tables give an agent a column of 12 characters. A longer label is cut with an
ellipsis; when two cut labels would read the same (two ``cmd:python3 …`` bots), those
agents are shown as ``agent 1``, ``agent 2`` … (their order among the agents) and the
table ends with a legend naming each in full.

>>> from wuhanmj.stats.labels import short_labels, legend
>>> short_labels(["greedy", "cmd:python3 bots/a.py", "cmd:python3 bots/b.py"])
{'greedy': 'greedy', 'cmd:python3 bots/a.py': 'agent 2', 'cmd:python3 bots/b.py': 'agent 3'}
>>> short_labels(["greedy", "mybots:VeryLongName"])
{'greedy': 'greedy', 'mybots:VeryLongName': 'mybots:Very…'}
>>> legend(short_labels(["cmd:./a --x", "cmd:./a --y"], width=6))
['agent 1 = cmd:./a --x', 'agent 2 = cmd:./a --y']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

__all__ = ["WIDTH", "short_labels", "legend"]

WIDTH = 12
"""The width of an agent's column in the text tables, in characters."""


def short_labels(names: Iterable[str], width: int = WIDTH) -> dict[str, str]:
    """Each distinct name (in order) -> a label of at most ``width`` characters, the labels
    all different: the name itself when it fits, else cut with ``…``; names whose cut
    labels collide become ``agent N`` (N: the name's position among the distinct names,
    from 1)."""
    order = list(dict.fromkeys(names))
    cut = {n: n if len(n) <= width else n[: width - 1] + "…" for n in order}
    seen = Counter(cut.values())
    return {n: (f"agent {i}" if seen[cut[n]] > 1 else cut[n]) for i, n in enumerate(order, 1)}


def legend(labels: Mapping[str, str]) -> list[str]:
    """``label = name`` lines for the names shown as ``agent N`` (empty when none is)."""
    return [f"{lab} = {name}" for name, lab in labels.items() if lab != name and not lab.endswith("…")]
