"""The replay viewer: one hand as a self-contained HTML page (no network: inline CSS, JS, SVG).

``wuhanmj replay FILE --hand N --html out.html`` writes it; :func:`replay_html` makes it
from a hand's event list, whatever the list came from (:attr:`Game.events`, a records
line, a compact record's reader): the table after every event (:mod:`.frames`), step
forward and back with the buttons or the arrow keys (Home / End for the ends), a slider,
every hand face up or the view of one seat, the claim windows with what each seat was
offered and answered, the log of events (click a line to go there) and the settlement
sheet at the end. A seat's view shows only what the seat saw (:func:`.frames.seat_frames`):
the others' concealed tiles turned down, their draws without the tile, no line for their
claims and passes, of a claim window only the seat's own offer and answer, and the log up
to the event shown.

The page is small: each frame is a list of indices into a table of drawn parts (four seat
panels, four rivers, the centre), and a part that did not change is not stored again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RenderError, ReplayError
from .frames import Window, replay_frames, seat_frames, window_lines
from .sheet import SHEET_CSS, game_sheet_html
from .table import HEIGHT, WIDTH, TableView, table_background, table_parts
from .tiles import FONT, MARKS, SVG_NS, defs, text_or_none

if TYPE_CHECKING:
    from ..running.review import DecisionReview, HandReview

__all__ = ["replay_html", "write_replay_html", "write_record_html", "VIEWER_CSS"]

VIEWER_CSS = """
body{margin:0;background:#e9e4d6;font-family:%(font)s;color:#1b1b1b}
header{padding:10px 16px 4px 16px}
header h1{font-size:19px;margin:0}
header p{margin:2px 0 0 0;font-size:13px;color:#555}
#controls{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:6px 16px}
#controls button{font-size:15px;min-width:40px;padding:4px 10px;border-radius:6px;border:1px solid #8c7b58;
 background:#fffdf5;cursor:pointer}
#controls button:hover{background:#fff1c2}
#slider{flex:1 1 260px;min-width:200px}
#counter{font-variant-numeric:tabular-nums;min-width:80px;text-align:right;font-size:14px}
#views{display:flex;gap:8px;font-size:13px;align-items:center}
#main{display:flex;flex-wrap:wrap;gap:12px;padding:4px 16px 16px 16px;align-items:flex-start}
#board{flex:1 1 760px;max-width:1120px;min-width:520px}
#board svg{width:100%%;height:auto;display:block}
aside{flex:0 1 330px;min-width:260px;display:flex;flex-direction:column;gap:10px}
.box{background:#fbf8ef;border:1px solid #cbbf9f;border-radius:8px;padding:8px 10px;font-size:13.5px}
#event{font-weight:bold;font-size:15px;min-height:1.4em}
#window:empty{display:none}
#window ul{margin:4px 0 0 0;padding-left:18px}
#log{max-height:420px;overflow-y:auto;margin:0;padding-left:0;list-style:none;font-size:12.5px}
#log li{padding:1px 4px;border-radius:4px;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#log li.now{background:#ffe08a}
#log li[hidden]{display:none}
#review:empty{display:none}
#review h2{font-size:14px;margin:0 0 2px 0}
#review .sit{color:#555;font-size:12px;margin:0 0 4px 0}
#review table{border-collapse:collapse;width:100%%;font-size:12.5px;font-variant-numeric:tabular-nums}
#review th{text-align:right;font-weight:normal;color:#666;border-bottom:1px solid #cbbf9f;padding:1px 4px;white-space:nowrap}
aside.reviewed{flex-basis:370px}
aside.reviewed.rollouts{flex-basis:440px}
#review{overflow-x:auto}
#review th:first-child,#review td:first-child{text-align:left}
#review td{text-align:right;padding:1px 4px;white-space:nowrap}
#review tr.played td{background:#ffe08a}
#review tr.best td:first-child{font-weight:bold}
#review .tag{display:inline-block;font-size:10.5px;border-radius:3px;padding:0 3px;margin-left:3px;color:#fff}
#review .tag.e{background:#2f6f4f}
#review .tag.p{background:#9a5b13}
#review .loss{margin-top:4px;font-weight:bold}
#review small{color:#777}
#review .loss.bad{color:#b02a1a}
#log li.loss::before{content:"\\25BC ";color:#b02a1a}
#log li.loss{color:#8a1f12}
#sheet{padding:0 16px 20px 16px}
#sheet[hidden]{display:none}
.wmj-cv{display:none}
%(covers)s
%(sheet)s
"""

_JS = """
(function(){
const P=%(parts)s, F=%(frames)s, T=%(texts)s, W=%(windows)s, FW=%(fw)s, SV=%(seats)s,
  R=%(reviews)s, RF=%(rf)s, RL=%(rl)s, RS=%(rs)s;
const g=document.getElementById('frame'), slider=document.getElementById('slider'),
  counter=document.getElementById('counter'), ev=document.getElementById('event'),
  win=document.getElementById('window'), sheet=document.getElementById('sheet'),
  board=document.getElementById('board'), log=document.getElementById('log'),
  rev=document.getElementById('review');
const ALL={s:F.map(function(_,k){return k;}),t:T,w:FW,seat:false};
let V=ALL, i=0;
function fill(){
  log.innerHTML='';
  V.t.forEach(function(t,k){const li=document.createElement('li');li.textContent=k+'. '+t;li.dataset.i=k;
    // a reviewed decision that lost points: marked, its loss in the tooltip
    if(RL[V.s[k]]!==undefined){li.classList.add('loss');li.title='loss '+RL[V.s[k]];}
    li.addEventListener('click',function(){show(k);});log.appendChild(li);});
  slider.max=V.s.length-1;
}
function show(k){
  i=Math.max(0,Math.min(V.s.length-1,k));
  const f=V.s[i];
  g.innerHTML=((V.p&&V.p[i])||F[f]).map(function(j){return P[j];}).join('');
  slider.value=i; counter.textContent=i+' / '+(V.s.length-1); ev.textContent=V.t[i];
  win.innerHTML=V.w[i]>=0?W[V.w[i]]:'';
  // the review panel: in the view of all hands or of the reviewed seat (not another seat's)
  if(rev){const r=RF[f];rev.innerHTML=(r!==undefined&&(!V.seat||V===SV[RS]))?R[r]:'';}
  const old=log.querySelector('li.now'); if(old){old.classList.remove('now');}
  // a seat's view: the log stops at the event shown (the seat has not seen the later ones)
  Array.prototype.forEach.call(log.children,function(li,k){li.hidden=V.seat&&k>i;});
  const li=log.children[i]; li.classList.add('now'); li.scrollIntoView({block:'nearest'});
  sheet.hidden=(f!==F.length-1);
  document.body.dataset.frame=f;
}
function view(name){
  const f=V.s[i];
  V=name==='v-all'?ALL:SV[parseInt(name.slice(1),10)];
  let k=0; while(k+1<V.s.length&&V.s[k+1]<=f){k++;}
  board.className=name; document.body.dataset.view=name; fill(); show(k);
}
fill();
slider.addEventListener('input',function(){show(parseInt(slider.value,10));});
document.getElementById('first').addEventListener('click',function(){show(0);});
document.getElementById('prev').addEventListener('click',function(){show(i-1);});
document.getElementById('next').addEventListener('click',function(){show(i+1);});
document.getElementById('last').addEventListener('click',function(){show(V.s.length-1);});
document.querySelectorAll('input[name=view]').forEach(function(r){
  r.addEventListener('change',function(){view(r.value);});});
document.addEventListener('keydown',function(e){
  if(e.target===slider){return;}
  if(e.key==='ArrowRight'){show(i+1);e.preventDefault();}
  else if(e.key==='ArrowLeft'){show(i-1);e.preventDefault();}
  else if(e.key==='Home'){show(0);e.preventDefault();}
  else if(e.key==='End'){show(V.s.length-1);e.preventDefault();}
});
document.body.dataset.view='v-all';
show(0);
})();
"""


def _covers_css() -> str:
    rules = []
    for v in range(4):
        others = ", ".join(f"#board.v{v} .wmj-cv{s}" for s in range(4) if s != v)
        rules.append(f"{others}{{display:inline}}")
    return "\n".join(rules)


def _js_json(x: object) -> str:
    """JSON for a ``<script>``: ``</`` and ``<!--`` escaped so no string ends the script
    early (``<!--`` then ``<script`` would hide the closing tag from the HTML parser)."""
    return json.dumps(x, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\!--")


def _review_panel(d: DecisionReview, ns: Sequence[str], played: bool, unit: str) -> str:
    """The review panel of one decision (HTML): its options with the expert's value, win
    probability and points, the expert's pick, the option played and the loss."""
    rows = []
    for o in d.options:
        tags = ('<span class="tag e" title="the expert bot\'s pick">expert</span>' if o.code == d.expert else "") + (
            '<span class="tag p" title="the option played">played</span>' if o.code == d.played else "")
        cls = " ".join(c for c, on in (("played", o.code == d.played), ("best", o.code == d.best)) if on)
        roll = "" if o.rollout_mean is None else (
            f'<td title="rollout mean, 95 % interval [{o.low:.1f}, {o.high:.1f}]">{o.rollout_mean:.1f} '
            f'<small>±{(o.high - o.low) / 2:.1f}</small></td>' if o.low is not None and o.high is not None
            else f'<td title="rollout mean">{o.rollout_mean:.1f}</td>')
        rows.append(f'<tr class="{cls}" data-code="{o.code}"><td><span class="opt">{escape(o.label)}</span>{tags}</td>'
                    f"<td>{o.value:.1f}</td>"
                    f"<td>{100 * o.win:.1f}</td><td>{o.points:.1f}</td>{roll}</tr>")
    roll_head = '<th title="mean payment over the rollouts, ± the half-width of its 95 % interval">rollout</th>' if d.options and d.options[0].rollout_mean is not None else ""
    when = "played" if played else "to decide"
    loss = ("forced: one legal option" if d.forced else f"loss {d.loss:.1f} {unit}"
            + (f" (best: {escape(d.option(d.best).label)})" if d.loss > 0 else ""))
    bad = " bad" if d.loss > 0 else ""
    return (f'<h2>review · {escape(ns[d.seat])} · turn {d.turn} · {when}</h2>'
            f'<p class="sit">{escape(d.situation)}</p>'
            f"<table><tr><th>option</th><th>value</th><th>win %</th><th title=\"the mean payment when it wins\">if won</th>{roll_head}</tr>"
            + "".join(rows) + f'</table><div class="loss{bad}">{loss}</div>')


def replay_html(events: str | Iterable[Mapping | str], *, title: str | None = None,
                names: Sequence[str] | None = None, subtitle: str | None = None,
                review: HandReview | None = None) -> str:
    """The replay viewer page of one hand (a self-contained HTML document, a string).

    Args:
        events: the hand's event log (JSON lines or a list of events, as
            :attr:`Game.events` gives it); it may stop mid-hand (no settlement then).
        title: the page's heading (default ``wuhanmj replay``); subtitle: a line under it
            (default: the rules and the dealer).
        names: a label per seat (default ``seat k``).
        review: a :class:`~wuhanmj.running.review.HandReview` of this hand
            (:func:`wuhanmj.review_hand`): a panel beside the event list shows, on the frame
            before each reviewed decision and on the frame of its event, the options with
            the expert's value (points), win % and points, the expert's pick, the option
            played and the loss; the event-list lines of decisions with a loss are marked.

    Raises:
        ReplayError: the log is malformed or breaks a rule (the first bad event named), or
            ``names`` is not four labels.
        RenderError: ``title`` or ``subtitle`` not a str (or None), or a ``review`` whose
            decisions are not events of this log.
    """
    title, subtitle = text_or_none(title, "title"), text_or_none(subtitle, "subtitle")
    frames, game = replay_frames(events, names)
    ns = frames[0].view.names
    index: dict[str, int] = {}
    parts: list[str] = []

    def part_ids(view: TableView) -> list[int]:
        ids = []
        for cv in table_parts(view, covers=True):
            body = cv.body()
            if not body:
                continue
            k = index.get(body)
            if k is None:
                k = index[body] = len(parts)
                parts.append(body)
            ids.append(k)
        return ids

    seq = [part_ids(f.view) for f in frames]
    windows: list[str] = []
    wi: dict[str, int] = {}

    def window_index(w: Window | None) -> int:
        if w is None:
            return -1
        lines = window_lines(w, ns)
        html = f"<b>{escape(lines[0])}</b><ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines[1:]) + "</ul>"
        k = wi.get(html)
        if k is None:
            k = wi[html] = len(windows)
            windows.append(html)
        return k

    fw = [window_index(f.window) for f in frames]
    seats = []
    for s in range(4):
        sf = seat_frames(frames, s)
        seats.append({"s": [x.index for x in sf], "t": [x.text for x in sf],
                      "w": [window_index(x.window) for x in sf], "seat": True,
                      # the frames whose table differs in this view (the acting seat, see seat_frames)
                      "p": {k: part_ids(x.view) for k, x in enumerate(sf) if x.view is not frames[x.index].view}})
    reviews: list[str] = []
    rf: dict[int, int] = {}  # frame -> its review panel
    rl: dict[int, str] = {}  # frame of a decision's event -> its loss (the event-list marker)
    unit = review.unit if review is not None else "points"
    for d in review.decisions if review is not None else ():
        if not 2 <= d.event < len(frames) + 1:
            raise RenderError(f"review: a decision at event {d.event}, the log has {len(frames) + 1} events")
        e = game.events[d.event]
        if e.get("seat") != d.seat or e.get("action") != d.played:  # a review of another hand
            raise RenderError(f"review: the decision at event {d.event} is not this log's (its event is "
                              f"{e.get('type')} by seat {e.get('seat')}, the review's seat {d.seat} played "
                              f"code {d.played})")
        for k, played in ((d.event - 2, False), (d.event - 1, True)):
            if played or k not in rf:
                rf[k] = len(reviews)
                reviews.append(_review_panel(d, ns, played, unit))
        if not d.forced and d.loss > 0:
            rl[d.event - 1] = f"{d.loss:.1f}"
    sheet = (game_sheet_html(game, names=ns, style=False) if game.over
             else '<div class="box">the log stops before the end of the hand: no settlement</div>')
    head = escape(title or "wuhanmj replay")
    sub = escape(subtitle if subtitle is not None else
                 f"rules {game.rules.name} · dealer {ns[game.dealer]} · {len(frames) - 1} events")
    all_defs = defs([*range(34), None], True, MARKS)
    css = VIEWER_CSS % {"font": FONT, "covers": _covers_css(), "sheet": SHEET_CSS}
    js = _JS % {"parts": _js_json(parts), "frames": _js_json(seq), "texts": _js_json([f.text for f in frames]),
                "windows": _js_json(windows), "fw": _js_json(fw), "seats": _js_json(seats),
                "reviews": _js_json(reviews), "rf": _js_json(rf), "rl": _js_json(rl),
                "rs": _js_json(review.seat if review is not None else -1)}
    review_box = '<div class="box" id="review"></div>' if review is not None else ""
    aside_class = "" if review is None else (' class="reviewed rollouts"' if review.rollouts > 0 else ' class="reviewed"')
    views = "".join(f'<label><input type="radio" name="view" value="v{s}"> {escape(ns[s])}\'s view</label>'
                    for s in range(4))
    return f"""<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{head}</title><style>{css}</style></head>
<body data-frame="0">
<svg width="0" height="0" style="position:absolute" aria-hidden="true">{all_defs}</svg>
<header><h1>{head}</h1><p>{sub}</p></header>
<div id="controls">
<button id="first" title="first (Home)">|◀</button><button id="prev" title="back (←)">◀</button>
<button id="next" title="forward (→)">▶</button><button id="last" title="last (End)">▶|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="event">
<span id="counter">0 / 0</span>
<span id="views"><label><input type="radio" name="view" value="v-all" checked> all hands face up</label>{views}</span>
</div>
<div id="main">
<div id="board" class="v-all"><svg xmlns="{SVG_NS}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img">
<title>the table</title>{table_background()}<g id="frame"></g></svg></div>
<aside{aside_class}><div class="box" id="event"></div><div class="box" id="window"></div>{review_box}
<div class="box"><b>events</b><ol id="log"></ol></div></aside>
</div>
<div id="sheet" hidden>{sheet}</div>
<script>{js}</script>
</body></html>
"""


def write_replay_html(events: str | Iterable[Mapping | str], path: str | Path, *, title: str | None = None,
                      names: Sequence[str] | None = None, subtitle: str | None = None,
                      review: HandReview | None = None) -> Path:
    """Write :func:`replay_html` of ``events`` (with the ``review`` panel when given) to
    ``path`` (UTF-8); returns the path.

    Raises:
        ReplayError: as :func:`replay_html`. RenderError: the file cannot be written.
    """
    html = replay_html(events, title=title, names=names, subtitle=subtitle, review=review)
    p = Path(path)
    try:
        p.write_text(html, encoding="utf-8")
    except OSError as err:
        raise RenderError(f"{path}: cannot write the page: {err.strerror or err}") from None
    return p


def write_record_html(record: Mapping, path: str | Path, *, check: Callable[[Any], Any] | None = None,
                      review: HandReview | None = None) -> Path:
    """Write the replay viewer of one hand record — a line of ``wuhanmj simulate --records``
    (``events``, and optionally ``hand``, ``agents``, ``match``), or any mapping with the
    hand's ``events`` — to ``path``; returns the path. ``check(record)`` runs first (the
    command passes the one that checks a record's ``result`` against its events);
    ``review``: the review panel of :func:`replay_html`.

    Raises:
        ReplayError: no ``events`` list, or as :func:`replay_html`. RenderError: the file
            cannot be written.
    """
    events = record.get("events") if isinstance(record, Mapping) else None
    if not isinstance(events, list):
        raise ReplayError("a hand record needs an 'events' list")
    if check is not None:
        check(record)
    agents = record.get("agents")
    names = None
    if isinstance(agents, list) and len(agents) == 4:
        names = [f"seat {s} · {a}" for s, a in enumerate(agents)]
    title = f"wuhanmj replay · hand {record.get('hand', 0)}"
    if "match" in record:
        title += f" (match {record['match']}, hand {record.get('hand_in_match', 0)} of the match)"
    if review is not None:
        title += f" · review of seat {review.seat}"
    return write_replay_html(events, path, title=title, names=names, review=review)
