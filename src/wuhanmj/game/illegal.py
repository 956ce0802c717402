"""Messages for illegal actions: which rule an action breaks (G, P, R, W ids).

Called by :meth:`wuhanmj.game.Game.step` only after the action was found illegal; it
reads the :class:`~wuhanmj.game.state.HandState` and :mod:`wuhanmj.game.moves`' queries
and never changes the state.
"""

from __future__ import annotations

from ..tiles import HONGZHONG, format_tile, format_tiles
from . import moves
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
    chi_low,
)
from .phases import CLAIM, HAIDI, OVER, ROB, TURN
from .state import HandState

__all__ = ["why_illegal"]


def why_illegal(st: HandState, seat: int, code: int) -> str:
    """A message naming the rule an illegal action breaks (never mutates the state)."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < ACTION_SPACE_SIZE:
        return f"action code must be an int 0-{ACTION_SPACE_SIZE - 1}, got {code!r}"
    name = KIND_OF_CODE[code]
    ph = st.phase
    if ph == OVER:
        return "the hand is over (a win or an exhaustive draw): no action is legal"
    if ph == TURN and seat != st.turn:
        if code in (PASS, HU) or CHI <= code <= CHONG_GANG:
            return f"P2: no discard is offered for claims now; it is seat {st.turn}'s turn"
        return f"P1: it is seat {st.turn}'s turn, not seat {seat}'s"
    if ph == HAIDI:
        if seat != st.turn:
            return f"G3: in the 海底 phase only seat {st.turn}, who drew, may act"
        return f"G3: in the 海底 phase only a self-drawn hu or pass is allowed, not {name}"
    if ph in (CLAIM, ROB):
        if seat == st.turn:
            return f"P2: seat {seat} cannot claim its own {'discard' if ph == CLAIM else '蓄杠'}"
        if seat in st.decisions:
            return f"P2: seat {seat} has already answered this claim window"
        if ph == ROB and code not in (HU, PASS):
            return f"P4: after a 蓄杠 the others may only rob it (hu) or pass, not {name}"
        if CHI <= code < PENG and seat != (st.turn + 1) & 3:
            return "P2: chi only by the next player (下家)"
        if seat not in st.options:
            if code == HU:
                return _why_no_hu(st, seat, st.tile)
            return f"P2: seat {seat} has no claim on this tile; nothing to decide"
        t = st.tile
        assert t is not None  # a claim / rob window is open: its tile is set
        C = st.hands[seat]
        if CHI <= code < PENG:
            low = chi_low(code)
            tiles = (low, low + 1, low + 2)
            if t not in tiles:
                return f"P2: chi {format_tiles(tiles)} does not use the discard {format_tile(t)}"
            for x in tiles:
                if x != t and st.specials.special[x]:
                    return f"R3/R4: {format_tile(x)} (癞子/痞子) cannot be used in a chi"
            return f"P2: seat {seat} lacks the tiles for chi {format_tiles(tiles)}"
        if code == PENG:
            return f"P2: peng needs two {format_tile(t)} in hand"
        if code == CHONG_GANG:
            if C[t] == 3:
                return _g4(st)
            return f"P2: chong_gang needs three {format_tile(t)} in hand"
        if code == HU:
            return _why_no_hu(st, seat, t)
        return f"P2: in a claim window only hu, chong_gang, peng, chi or pass, not {name}"
    # TURN, seat on turn
    C = st.hands[seat]
    gang_ok = moves.gang_allowed(st)
    if gang_ok and code not in (LAIZI_GANG, HU) and st.drawn == st.specials.laizi and moves.must_play_laizi(st, seat):
        return (f"W8/D13: seat {seat} was ready holding one 癞子 and drew a second: it must play a "
                "癞子杠 (LaiziGang) first, unless it declares hu (second_laizi = play_out)")
    if code == PASS:
        return "P1: a player on its turn must discard or act; pass is only for claims"
    if CHI <= code <= CHONG_GANG:
        return f"P2: {name} only claims another player's discard"
    if code < 34:
        t = code
        if not C[t]:
            return f"P1: seat {seat} holds no {format_tile(t)} to discard"
        if t == HONGZHONG:
            return "R1: 红中 is never discarded; play it as HongzhongGang (P3)"
        if t == st.specials.laizi:
            return "R4: a 癞子 is never discarded; play it as LaiziGang (P3)"
        return f"R3: a 痞子 ({format_tile(t)}) is never discarded; play it as PiziGang (P3)"
    if code == HU:
        if not st.draw_kind:
            return "P1: a self-drawn hu needs a drawn tile (none after a chi/peng)"
        return _why_no_hu(st, seat, None)
    if not gang_ok and code >= XU_GANG:
        return _g4(st)
    if code < AN_GANG:
        t = code - XU_GANG
        if not any(m[0] == "peng" and m[1][0] == t for m in st.melds[seat]):
            return f"P1: xu_gang needs an own peng of {format_tile(t)}"
        if C[t] and not moves.concealed_gang_allowed(st):
            return _d18("xu_gang")
        return f"P1: xu_gang needs a {format_tile(t)} in hand"
    if code < HONGZHONG_GANG:
        t = code - AN_GANG
        if t == HONGZHONG:
            return "R1: 红中 is never konged"
        if st.specials.special[t]:
            return f"R3/R4: {format_tile(t)} (癞子/痞子) can never be konged"
        if C[t] == 4 and not moves.concealed_gang_allowed(st):
            return _d18("an_gang")
        return f"P1: an_gang needs four {format_tile(t)} in hand"
    if code == HONGZHONG_GANG:
        return "P3: hongzhong_gang needs a 红中 in hand"
    if code == LAIZI_GANG:
        return f"P3: laizi_gang needs the 癞子 {format_tile(st.specials.laizi)} in hand"
    t = code - PIZI_GANG
    if t not in st.specials.pizi:
        return f"R3: {format_tile(t)} is not a 痞子 here" + ("" if st.rules.pizi else " (rule pizi is off)")
    return f"P3: pizi_gang needs a {format_tile(t)} in hand"


def _d18(name: str) -> str:
    return (f"P1/D18: no {name} in a turn that began with a chi/peng (claim_turn_gang = after_draw): "
            "暗杠 and 蓄杠 wait for a turn that begins with a draw; special plays and a discard are allowed")


def _g4(st: HandState) -> str:
    left = st.tiles_left
    floor = st.rules.gang_floor
    why = ("only the 海底's last four tiles and the dead wall are left" if st.rules.gang_cutoff == "haidi"
           else "only the dead wall is left")
    return f"G4: no gang or special play: {left} tiles left, {why} (more than {floor} needed, D12)"


def _why_no_hu(st: HandState, seat: int, t: int | None) -> str:
    if not st.derived.openings[seat]:
        return "W4: never opened (no chi/peng/明杠): cannot win"
    C = st.hands[seat][:]
    if C[HONGZHONG]:
        return "W5: holds a 红中: cannot win"
    for p in st.specials.pizi:
        if C[p]:
            return f"W5: holds a 痞子 ({format_tile(p)}): cannot win"
    if t is not None:
        C[t] += 1
    if not moves.shape_may_win(st, seat, C):
        return "W1: the tiles do not form a winning hand"
    if t is None:
        how = moves.self_win_how(st)
        drawn = st.drawn
        assert drawn is not None  # asked for a self-drawn hu only with a drawn tile (draw_kind set)
        res = moves.evaluate(st, seat, C, drawn, how, None)
    else:
        res = moves.evaluate(st, seat, C, t, "qianggang" if st.phase == ROB else "fangchong", st.turn)
    return res.reason or "W: the hand does not make a legal win under these rules"
