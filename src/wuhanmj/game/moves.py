"""The rules of play on a :class:`~wuhanmj.game.state.HandState`: legal actions,
transitions, claim windows and their resolution (G1–G4, P1–P5, R1–R4, W4–W8, L5).

:func:`legal` gives a seat's legal action codes (the fixed action space of
:mod:`wuhanmj.game.actions`); :func:`apply` plays one of them. The queries below
(:func:`pending`, :func:`current_player`, :func:`gang_allowed`, :func:`concealed_gang_allowed`,
:func:`must_play_laizi`, :func:`shape_may_win`, :func:`evaluate` …) are what the
illegal-action messages, the observations and the saves read.

Decisions taken where RULES.md is silent (documented for users, see :mod:`wuhanmj.game`):
after a 碰/吃 the claimer may not 自摸 (it drew nothing); a turn that began with a 碰/吃
stays one after a special play's replacement draw (D18: no 暗杠/蓄杠 in it under
``claim_turn_gang = "after_draw"``, see :func:`concealed_gang_allowed`); a player holding
only 红中/痞子/癞子 while G4 forbids special plays discards one of them (never claimable); a
海底 draw that is not a win stays in the hand; seats whose only choice would be Pass are
never asked; a window closes once no pending answer can change its outcome.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .. import scoring
from ..core import is_complete, waits
from ..hand.bighu import melds_allow
from ..hand.waits import holds_non_jiang, is_ready
from ..tiles import HONGZHONG, is_jiang
from .actions import (
    ACTION_SPACE_SIZE,
    AN_GANG,
    CHI,
    CHONG_GANG,
    HONGZHONG_GANG,
    HU,
    KIND_OF_CODE,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
    chi_code,
    chi_low,
)
from .phases import BACK, CLAIM, FRONT, HAIDI, NO_DRAW, OVER, ROB, TURN
from .state import NO_SEAT, HandResult, HandState, hand_tuple

__all__ = [
    "legal", "apply", "pending", "current_player", "gang_allowed", "concealed_gang_allowed", "must_play_laizi",
    "shape_may_win", "self_win_how", "evaluate", "claim_rank",
]

_JIANG = tuple(t for t in range(34) if is_jiang(t))
_EMPTY: frozenset = frozenset()
# claim priority (P2): hu 0 > chong_gang/peng 1 > chi 2; 9 = not a claim
_RANK = [9] * ACTION_SPACE_SIZE
_RANK[HU] = 0
_RANK[PENG] = _RANK[CHONG_GANG] = 1
for _c in range(CHI, PENG):
    _RANK[_c] = 2
claim_rank = tuple(_RANK)
"""Per action code its claim priority (P2): 0 hu, 1 冲杠/碰, 2 吃, 9 not a claim."""


# ---------------------------------------------------------------- queries
def gang_allowed(st: HandState) -> bool:
    """G4, D12: a gang or special play is legal only while more than ``rules.gang_floor``
    tiles are left."""
    return st.back - st.front + 1 > st.gang_floor


def concealed_gang_allowed(st: HandState) -> bool:
    """P1, D18: may the seat on turn 暗杠 or 蓄杠 now (G4 aside)? Always under
    ``claim_turn_gang = "any"``; under ``"after_draw"`` (every preset) only in a turn that
    began with its own draw (a normal draw, or a 冲杠's replacement draw), not in one that
    began with a 碰 or 吃 (``HandState.claim_turn``). Special plays (P3) stay allowed.

    Where RULES.md is silent: a turn that began with a 碰/吃 stays such a turn to its
    discard, also after a special play's replacement draw in it (the replacement draw
    does not begin a turn), so no 暗杠/蓄杠 follows that draw either."""
    return not st.claim_turn or st.rules.claim_turn_gang == "any"


def pending(st: HandState) -> tuple[int, ...]:
    """Seats that may act now, in turn order (several in a claim window)."""
    ph = st.phase
    if ph == TURN or ph == HAIDI:
        return (st.turn,)
    if ph == OVER:
        return ()
    d = st.turn
    dec = st.decisions
    return tuple(s for s in ((d + 1) & 3, (d + 2) & 3, (d + 3) & 3) if s in st.options and s not in dec)


def current_player(st: HandState) -> int | None:
    """The seat expected to act: the first pending seat in turn order, None when over."""
    ph = st.phase
    if ph == TURN or ph == HAIDI:
        return st.turn
    if ph == OVER:
        return None
    p = pending(st)
    return p[0] if p else None


def legal(st: HandState, seat: int) -> tuple[int, ...]:
    """The legal action codes of ``seat`` (an int 0–3) now, ascending; cached until the next action."""
    d = st.derived
    if seat is d.legal_seat:  # small ints are shared objects
        return d.legal
    ph = st.phase
    if ph == TURN:
        codes = _turn_codes(st, seat) if seat == st.turn else ()
    elif ph == CLAIM or ph == ROB:
        o = st.options.get(seat)
        codes = () if o is None or seat in st.decisions else o + (PASS,)
    elif ph == HAIDI:
        codes = (HU, PASS) if seat == st.turn else ()
    else:
        codes = ()
    d.legal_seat = seat
    d.legal = codes
    return codes


def _turn_codes(st: HandState, seat: int) -> tuple[int, ...]:
    C = st.hands[seat]
    sp = st.specials
    gang_ok = gang_allowed(st)  # G4, D12
    if gang_ok and st.drawn == sp.laizi and must_play_laizi(st, seat):
        # W8, D13: a ready player that drew its second 癞子 plays it out (unless it wins)
        return (LAIZI_GANG, HU) if _turn_win_ok(st, seat) else (LAIZI_GANG,)
    codes = [t for t in sp.normal if C[t]]
    if gang_ok:
        if not st.claim_turn or st.rules.claim_turn_gang == "any":  # D18 (concealed_gang_allowed)
            an = [AN_GANG + t for t in codes if C[t] == 4] if 4 in C else ()
            for m in st.melds[seat]:
                if m[0] == "peng" and C[m[1][0]]:
                    codes.append(XU_GANG + m[1][0])  # D17: with a tile held since the 碰 too
            if len(codes) > 1 and codes[-1] >= XU_GANG:
                codes.sort()
            codes.extend(an)
        if C[HONGZHONG]:
            codes.append(HONGZHONG_GANG)
        for p in sp.pizi:
            if C[p]:
                codes.append(PIZI_GANG + p)
        if C[sp.laizi]:
            codes.append(LAIZI_GANG)
    elif not codes:
        # only 红中/痞子/癞子 left and G4 forbids playing them: a dead discard (module doc)
        codes = [t for t in range(34) if C[t]]
    if st.draw_kind and _turn_win_ok(st, seat):
        codes.append(HU)
    return tuple(codes)


def must_play_laizi(st: HandState, seat: int) -> bool:
    """W8, D13 (``second_laizi = "play_out"``): ``seat`` just drew its second 癞子 and was
    ready (D10) on its tiles before the draw, holding one 癞子."""
    lz = st.specials.laizi
    if st.rules.second_laizi != "play_out" or not st.draw_kind or st.drawn != lz:
        return False
    C = st.hands[seat]
    if C[lz] != 2:
        return False
    before = C[:]
    before[lz] -= 1
    return is_ready(list(hand_tuple(before)), st.specials.indicator, st.rules, st.derived.meld_values[seat])


# ---------------------------------------------------------------- hu checks
def self_win_how(st: HandState) -> str:
    """The ``how`` of a self-drawn win now: 海底捞 (G3), 杠上开花 (a replacement draw) or 自摸."""
    if st.phase == HAIDI:
        return "haidilao"
    return "gangshanghua" if st.draw_kind == BACK else "zimo"


def _turn_win_ok(st: HandState, seat: int) -> bool:
    d = st.derived
    w = d.turn_win
    if w is None:
        w = d.turn_win = _check_self_win(st, seat)
    return w is not False


def _check_self_win(st: HandState, seat: int) -> Any:
    if not st.derived.openings[seat]:  # W4
        return False
    C = st.hands[seat]
    for k in st.specials.blocked:  # W5
        if C[k]:
            return False
    ws = st.derived.waits[seat]  # cached for the hand before this draw (see win_kinds)
    t = st.drawn
    assert t is not None  # a self-drawn win is checked only right after a draw
    if ws is not None and t != st.specials.laizi:
        if t not in ws:
            return False
    elif not shape_may_win(st, seat, C):
        return False
    res = evaluate(st, seat, C, t, self_win_how(st), None)
    return res if res.legal else False


def _claim_win(st: HandState, seat: int, t: int, d: int, how: str) -> bool:
    """Can ``seat`` win on ``t`` from seat ``d``? Caches the WinResult in ``derived.wins``."""
    dv = st.derived
    ws = dv.waits[seat]
    if ws is None:
        ws = dv.waits[seat] = win_kinds(st, seat)
    if t not in ws:
        return False
    C2 = st.hands[seat][:]
    C2[t] += 1
    res = evaluate(st, seat, C2, t, how, d)
    if res.legal:
        dv.wins[seat] = res
        return True
    return False


def _w3(B: list[int], melds: list) -> tuple[bool, bool]:
    """W3: the concealed counts ``B`` (no 癞子) and the melds all honors (风一色), all 2/5/8 (将一色)."""
    total = sum(B)
    honors = sum(B[27:]) == total and melds_allow("fengyise", melds)
    jiang = sum([B[t] for t in _JIANG]) == total and melds_allow("jiangyise", melds)
    return honors, jiang


def win_kinds(st: HandState, seat: int) -> frozenset:
    """Kinds that may complete ``seat``'s waiting hand (13 - 3 × melds tiles): a fast
    superset of its wins (W1, W3, W4, W5, D8). Cached in ``derived.waits`` until the seat's
    hand changes other than by a draw, so right after a draw it describes the hand before it."""
    if not st.derived.openings[seat]:  # W4
        return _EMPTY
    C = st.hands[seat]
    sp = st.specials
    for k in sp.blocked:  # W5
        if C[k]:
            return _EMPTY
    L = sp.laizi
    k = C[L]
    if k:
        B = C[:]
        B[L] = 0
    else:
        B = C
    ws: Collection[int] = waits(B, k, "any", False, sp.blocked)
    honors, jiang = _w3(B, st.melds[seat])
    if honors or jiang:
        ws = set(ws)
        if honors:
            ws.update(range(27, 33))  # W3 风一色
        if jiang:
            ws.update(_JIANG)  # W3 将一色
    return frozenset(ws)


def shape_may_win(st: HandState, seat: int, C: list[int]) -> bool:
    """A fast superset of the winning shapes of 14 counts ``C`` (W1, W3, D8): any pair, the
    癞子 as wildcards, or all honors / all 2/5/8 with the seat's melds."""
    sp = st.specials
    L = sp.laizi
    k = C[L]
    if k:
        B = C[:]
        B[L] = 0
    else:
        B = C
    if is_complete(B, k, "any", False, sp.blocked):
        return True
    honors, jiang = _w3(B, st.melds[seat])
    return honors or jiang


def evaluate(st: HandState, seat: int, C: list[int], tile: int, how: str, d: int | None) -> Any:
    """:func:`wuhanmj.scoring.evaluate_win` of ``seat`` winning with 14 counts ``C`` on
    ``tile`` (from seat ``d``, or self-drawn), with the L1 facts and the L5 co-liable seats."""
    kw: dict[str, Any] = {}
    if d is not None and len(st.melds[seat]) == 4:
        # the discarder's facts matter only for 全求人 (four melds), liability L1
        h = st.hands[d]
        if how == "qianggang" and st.derived.sizes[d] % 3 == 2:  # the 蓄杠 tile is still in its hand
            h = h[:]
            h[tile] -= 1
        dh = list(hand_tuple(h))
        kw["discarder_ready"] = bool(is_ready(dh, st.specials.indicator, st.rules, st.derived.meld_values[d]))
        kw["discarder_holds_non_jiang"] = bool(holds_non_jiang(dh))
    x = st.xiayu[seat]
    if x is not None and x[2]:
        kw["co_liable"] = x[2]  # L5: used when the win is that 清一色 with L2 liability
    return scoring.evaluate_win(
        hand=list(hand_tuple(C)),
        win_tile=tile,
        how=how,
        winner=seat,
        dealer=st.dealer,
        indicator=st.specials.indicator,
        seats=st.seat_plays(),
        discarder=d,
        prev_laizi=st.prev_laizi,
        rules=st.rules,
        **kw,
    )


# ---------------------------------------------------------------- transitions
def apply(st: HandState, seat: int, code: int) -> None:
    """Play ``code`` for ``seat``; the caller has checked that it is in :func:`legal`."""
    st.derived.legal_seat = NO_SEAT
    ph = st.phase
    if ph == TURN:
        _turn_step(st, seat, code)
    elif ph == CLAIM or ph == ROB:
        _decide(st, seat, code)
    elif code == HU:  # HAIDI
        _win_self(st, seat)
    else:
        st.events.append(("pass", seat, PASS))
        st.derived.waits[seat] = None
        _haidi(st, (seat + 1) & 3)


def _turn_step(st: HandState, s: int, code: int) -> None:
    ev = st.events
    if code < 34:  # discard
        if st.rules.xiayu:
            _mark_co_liable(st, s, code)
        st.discard(s, code)
        if st.specials.special[code] or not _open_claims(st, s, code):
            _draw_next(st, (s + 1) & 3)
    elif code == HU:
        _win_self(st, s)
    elif code < AN_GANG:  # xu_gang
        t = code - XU_GANG
        ev.append({"type": "gang", "seat": s, "kind": "xu_gang", "tile": t, "action": code})
        if not _open_rob(st, s, t):
            st.extend_peng(s, t)
            _replace(st, s)
    elif code < HONGZHONG_GANG:  # an_gang
        t = code - AN_GANG
        st.an_gang(s, t)
        ev.append({"type": "gang", "seat": s, "kind": "an_gang", "tile": t, "action": code})
        _replace(st, s)
    else:  # special plays (P3)
        if code == HONGZHONG_GANG:
            t, kind = HONGZHONG, "hongzhong_gang"
        elif code == LAIZI_GANG:
            t, kind = st.specials.laizi, "laizi_gang"
        else:
            t, kind = code - PIZI_GANG, "pizi_gang"
        st.special(s, kind, t)
        ev.append({"type": "special", "seat": s, "kind": kind, "tile": t, "action": code})
        _replace(st, s)


# ---------------------------------------------------------------- claim windows
def _open_claims(st: HandState, d: int, t: int) -> bool:
    """Ask every seat that may claim discard ``t`` of seat ``d`` (P2). False if nobody may."""
    hands = st.hands
    opened = st.derived.openings
    special = st.specials.special
    gang_ok = gang_allowed(st)  # G4, D12
    opts = {}
    if st.derived.wins:
        st.derived.wins = {}
    for i in (1, 2, 3):
        s = (d + i) & 3
        C = hands[s]
        c = C[t]
        if i == 1 and t < 27:  # chi: only the next player (P2)
            o = []
            r = t % 9
            if r >= 2 and C[t - 2] and C[t - 1] and not special[t - 2] and not special[t - 1]:
                o.append(chi_code(t - 2))
            if 1 <= r <= 7 and C[t - 1] and C[t + 1] and not special[t - 1] and not special[t + 1]:
                o.append(chi_code(t - 1))
            if r <= 6 and C[t + 1] and C[t + 2] and not special[t + 1] and not special[t + 2]:
                o.append(chi_code(t))
        elif c < 2 and not opened[s]:
            continue  # no peng, and no hu before opening (W4)
        else:
            o = []
        if c >= 2:
            o.append(PENG)
            if c == 3 and gang_ok:
                o.append(CHONG_GANG)
        if opened[s] and _claim_win(st, s, t, d, "fangchong"):
            o.append(HU)
        if o:
            opts[s] = tuple(o)
    if not opts:
        return False
    st.open_window(CLAIM, d, t, opts)
    return True


def _open_rob(st: HandState, s: int, t: int) -> bool:
    """P4: after seat ``s`` declares 蓄杠 of ``t``, ask the seats that can win on ``t``."""
    opts: dict[int, tuple[int, ...]] = {}
    st.derived.wins = {}
    for i in (1, 2, 3):
        w = (s + i) & 3
        if st.derived.openings[w] and _claim_win(st, w, t, s, "qianggang"):
            opts[w] = (HU,)
    if not opts:
        return False
    st.open_window(ROB, s, t, opts)
    return True


def _decide(st: HandState, seat: int, code: int) -> None:
    st.decisions[seat] = code
    if code == PASS:
        st.events.append(("pass", seat, PASS))
    else:
        st.events.append(("claim", seat, KIND_OF_CODE[code], st.tile, st.turn, code))
    _try_resolve(st)


def _try_resolve(st: HandState) -> None:
    d = st.turn
    # P2, D11: hu > 冲杠/碰 > 吃; among equals the first in turn order counted from the
    # discarder (or the robbed seat) or from the dealer (it matters for hu only)
    o0 = d if st.rules.hu_order == "discarder" else st.dealer
    best = -1
    best_key = (9, 9)
    dec = st.decisions
    for s, c in dec.items():
        if c != PASS:
            key = (_RANK[c], (s - o0) & 3)
            if key < best_key:
                best_key = key
                best = s
    for s, o in st.options.items():
        if s not in dec and (min(_RANK[c] for c in o), (s - o0) & 3) < best_key:
            return  # an answer still pending could change the outcome
    t = st.tile
    assert t is not None  # a claim / rob window is open: its tile is set
    st.options = {}
    st.decisions = {}
    st.tile = None
    if st.phase == ROB:
        if best < 0:
            st.extend_peng(d, t)
            _replace(st, d)
        else:
            _win_claim(st, best, t, "qianggang", d)
        return
    if best < 0:
        _draw_next(st, (d + 1) & 3)
        return
    code = dec[best]
    tiles: tuple[int, ...]
    if code == HU:
        _win_claim(st, best, t, "fangchong", d)
        return
    if code == PENG:
        kind, tiles = "peng", (t, t, t)
    elif code == CHONG_GANG:
        kind, tiles = "chong_gang", (t, t, t, t)
    else:
        low = chi_low(code)
        kind, tiles = "chi", (low, low + 1, low + 2)
    st.claim(best, kind, tiles, d)
    if st.derived.openings[best] == 3 and st.rules.xiayu:
        _check_xiayu(st, best, d)
    if code == CHONG_GANG:
        _replace(st, best)
    else:
        st.phase = TURN
        st.turn = best
        st.drawn = None
        st.draw_kind = NO_DRAW
        st.derived.turn_win = None


# ---------------------------------------------------------------- L5 下雨/陪包
def _check_xiayu(st: HandState, s: int, feeder: int) -> None:
    """L5: seat ``s`` made its third opening from ``feeder``'s discard; when all its melds
    are of one suit, ``feeder`` is liable for its 清一色 (L2) and from now on the others
    must discard that suit first (下雨)."""
    suits = {m[1][0] // 9 for m in st.melds[s]}
    if len(suits) == 1 and min(suits) < 3:  # one suit, not the honors
        st.xiayu[s] = (suits.pop(), feeder, ())


def _mark_co_liable(st: HandState, s: int, t: int) -> None:
    """L5: seat ``s`` discards ``t``; for every 清一色 threat it is not part of, it is
    co-liable (陪包) when ``t`` is of another kind and it could discard that suit."""
    C = st.hands[s]
    special = st.specials.special
    for p in range(4):
        x = st.xiayu[p]
        if x is None or p == s:
            continue
        suit, liable, co = x
        if s == liable or s in co or t // 9 == suit:
            continue
        lo = 9 * suit
        if any(C[k] and not special[k] for k in range(lo, lo + 9)):
            st.xiayu[p] = (suit, liable, tuple(sorted(co + (s,))))


# ---------------------------------------------------------------- endings
def _win_self(st: HandState, s: int) -> None:
    res = st.derived.turn_win
    if res is None or res is False:  # restored from a dict: evaluate again
        res = _check_self_win(st, s)
    how = self_win_how(st)
    st.events.append({"type": "hu", "seat": s, "how": how, "tile": st.drawn, "from": None, "action": HU})
    _finish(st, HandResult(s, how, st.drawn, None, tuple(res.payments), res))


def _win_claim(st: HandState, w: int, t: int, how: str, d: int) -> None:
    res = st.derived.wins.get(w)
    if res is None:  # restored from a dict: evaluate again
        C2 = st.hands[w][:]
        C2[t] += 1
        res = evaluate(st, w, C2, t, how, d)
    st.win_tile(w, t, d, robbed=how == "qianggang")
    st.derived.wins = {}
    st.events.append({"type": "hu", "seat": w, "how": how, "tile": t, "from": d})
    _finish(st, HandResult(w, how, t, d, tuple(res.payments), res))


def _finish(st: HandState, result: HandResult) -> None:
    st.phase = OVER
    st.result = result
    st.options = {}
    st.decisions = {}
    st.tile = None
    e = {"type": "settlement", "winner": result.winner, "how": result.how, "tile": result.win_tile,
         "from": result.discarder, "payments": list(result.payments), "draw": result.winner is None}
    w = result.win
    if w is not None:
        e["big"] = list(w.big)
        e["hard"] = bool(w.hard)
        e["liable"] = w.liable
    st.events.append(e)


# ---------------------------------------------------------------- draws
def _replace(st: HandState, s: int) -> None:
    """Replacement draw from the back after a gang or special play (P1, P3, D1)."""
    t = st.wall[st.back]
    st.back -= 1
    st.draw(s, t, TURN, BACK, "back")


def _draw_next(st: HandState, s: int) -> None:
    """A normal draw is due for ``s``: from the front, or the 海底 phase (G2, G3)."""
    if st.back - st.front + 1 <= st.rules.dead_wall + 4:
        _haidi(st, s)
        return
    t = st.wall[st.front]
    st.front += 1
    st.draw(s, t, TURN, FRONT, "front")


def _haidi(st: HandState, s: int) -> None:
    """G3: each seat in turn draws one tile while more than ``dead_wall`` remain; only a
    self-drawn win (海底捞) may be declared. Seats that cannot win pass by themselves."""
    dead = st.rules.dead_wall
    while st.back - st.front + 1 > dead:
        t = st.wall[st.front]
        st.front += 1
        st.draw(s, t, HAIDI, FRONT, "front")
        if _turn_win_ok(st, s):
            return
        st.derived.waits[s] = None
        s = (s + 1) & 3
    st.drawn = None
    st.draw_kind = NO_DRAW
    _finish(st, HandResult(None, None, None, None, (0, 0, 0, 0), None))
