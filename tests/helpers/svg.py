"""Reading the SVG that wuhanmj.render writes, for tests: tiles drawn, their boxes, overlaps.

Written from the SVG itself (``xml.etree``), not from the renderer's code: a tile is a
``<use>`` of a ``#wmj-…`` symbol that is not a mark (``#wmj-mk-…``); its box is the use's
``x``, ``y``, ``width`` and ``height``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

NS = "{http://www.w3.org/2000/svg}"
_KIND = re.compile(r"^#wmj-([1-9][mpsz])(?:-n)?$")


def parse(svg: str) -> ET.Element:
    """The document's root element (raises if the SVG is not well-formed XML)."""
    return ET.fromstring(svg)


def uses(svg: str) -> list[dict]:
    """Every ``<use>`` as a dict: href, x, y, w, h, cls."""
    out = []
    for el in parse(svg).iter(f"{NS}use"):
        out.append({"href": el.get("href"), "x": float(el.get("x", 0)), "y": float(el.get("y", 0)),
                    "w": float(el.get("width", 0)), "h": float(el.get("height", 0)), "cls": el.get("class") or ""})
    return out


def faces(svg: str, covers: bool = False) -> Counter:
    """Face-up tiles by notation (``{"5m": 2, ...}``); the viewer's cover backs are skipped
    unless ``covers``."""
    c: Counter = Counter()
    for u in uses(svg):
        m = _KIND.match(u["href"] or "")
        if m:
            c[m.group(1)] += 1
    return c


def backs(svg: str) -> int:
    """Tiles drawn face down (not counting the viewer's covers, class ``wmj-cv``)."""
    return sum(1 for u in uses(svg) if u["href"] == "#wmj-bk" and "wmj-cv" not in u["cls"])


def marks(svg: str, name: str) -> list[dict]:
    """The uses of the mark ``name`` (``laizi``, ``pizi``, ``last``)."""
    return [u for u in uses(svg) if u["href"] == f"#wmj-mk-{name}"]


def tile_boxes(svg: str) -> list[tuple[float, float, float, float, str]]:
    """(x, y, w, h, href) of every tile drawn (faces and backs, covers left out)."""
    return [(u["x"], u["y"], u["w"], u["h"], u["href"]) for u in uses(svg)
            if (u["href"] or "").startswith("#wmj-") and not u["href"].startswith("#wmj-mk-")
            and "wmj-cv" not in u["cls"]]


def overlaps(svg: str) -> list[tuple]:
    """Pairs of tiles whose boxes overlap (touching edges do not count)."""
    boxes = tile_boxes(svg)
    bad = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a[0] < b[0] + b[2] - 1e-6 and b[0] < a[0] + a[2] - 1e-6 and a[1] < b[1] + b[3] - 1e-6 \
                    and b[1] < a[1] + a[3] - 1e-6:
                bad.append((a, b))
    return bad


def outside(svg: str, width: float, height: float) -> list[tuple]:
    """Tiles not wholly inside the ``width`` × ``height`` drawing."""
    return [b for b in tile_boxes(svg) if b[0] < 0 or b[1] < 0 or b[0] + b[2] > width or b[1] + b[3] > height]
