"""Win evaluation: :func:`evaluate_win` → :class:`WinResult` (W1–W11, S1–S5, X, L).

Given a finished hand — the winner's concealed tiles and every seat's melds
and special plays — decide whether the win can be declared, which reading
of the hand pays the winner most (W10), and what every seat pays.

Readings (W9, W10): the hard reading (every 癞子 its own tile) and the soft
one (every 癞子 wild; it covers every mix, see :mod:`wuhanmj.hand.readings`), each
with the most big hu types its shape allows, found with the shape core. The
one that pays the winner more is taken, hard on a tie. Where RULES.md is
silent — soft readings that pay the same because every loser is at 金顶, or
two big hu shapes that pay the same — the wildcards are taken to stand for
the lowest kinds (in tile order) that reach that payment, and the hand counts
every big hu type its tiles then make; the public vectors agree.

>>> from wuhanmj.hand.meld import Meld, SeatPlays
>>> seats = [SeatPlays(), SeatPlays((Meld.peng("777s", source=2),)),
...          SeatPlays(), SeatPlays((Meld.peng("999p", source=0),), hongzhong_gang=1)]
>>> r = evaluate_win(hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1,
...                  dealer=0, indicator="5m", seats=seats)
>>> r.legal, r.hard, r.big, r.payments
(True, True, (), (-16, 56, -8, -32))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .. import _checks
from ..errors import WinInputError
from ..hand.bighu import BY_HOW, quanqiuren
from ..hand.meld import SeatPlays
from ..hand.readings import (
    MeldFacts,
    best_profile,
    best_spec,
    lowest_assignment,
    spec_holds,
)
from ..rules import Rules
from ..terms import HOWS
from ..tiles import Specials, format_tile, format_tiles, specials_of
from . import checks
from .fan import personal_fan, score_reading
from .result import Refusal, WinResult, refused
from .settlement import Amount

__all__ = ["evaluate_win", "check_win_inputs", "WinInputs"]

_NO_BI = (False, False, False, False)


def evaluate_win(
    *,
    hand: str | Sequence[int],
    win_tile: int | str,
    how: str,
    winner: int,
    dealer: int,
    indicator: int | str,
    seats: Sequence[SeatPlays],
    discarder: int | None = None,
    prev_laizi: int | str | None = None,
    discarder_ready: bool | None = None,
    discarder_holds_non_jiang: bool | None = None,
    rules: Rules | str | None = None,
    co_liable: Iterable[int] = (),
) -> WinResult:
    """Decide one win: legality, the best reading (W10), fan and payments.

    Args:
        hand: the winner's concealed tiles INCLUDING the winning tile (str like
            ``"234m456p789p55s"`` or tile indices); ``14 - 3 × melds`` tiles.
        win_tile: the tile won on (one of ``hand``).
        how: one of :data:`HOWS`.
        winner, dealer: seats 0–3.
        indicator: the indicator tile (R2); the 癞子 and 痞子 follow from it.
        seats: 4 :class:`~wuhanmj.hand.meld.SeatPlays`, the winner's included. For
            qianggang the robbed seat's meld is still a peng (L3).
        discarder: the seat that discarded (fangchong) or was robbed (qianggang), else None.
        prev_laizi: the previous hand's 癞子 (X4, M2), or None.
        discarder_ready, discarder_holds_non_jiang: facts for the 全求人
            liability (L1, D10); needed only when a 全求人 is won on a discard.
        rules: the rule set: a :class:`Rules`, a preset name (``"koukou_fan"``) or
            None for ``kaikou`` (:meth:`Rules.coerce`).
        co_liable: seats that discarded another kind while they could have
            discarded the suit of the winner's 清一色 threat (下雨/陪包, L5); each pays
            as much as the liable seat when the win is a 清一色 that L2 makes someone
            liable for. Needs ``rules.xiayu``; default none. The liable seat itself
            pays once.

    Returns:
        :class:`WinResult`. A win that cannot be declared (W4, W5, W1/W2/W7,
        W8, W11) is ``legal=False`` with the rule id in ``reason``.

    Raises:
        WinInputError: inconsistent facts — a hand of the wrong size, a
            ``win_tile`` not in the hand, a fifth copy over the whole table
            (a fourth of the indicator, D6), the winner equal to the
            discarder, a chi not claimed from the previous seat, a claimed
            癞子/红中/痞子, a qianggang without the robbed peng, a
            gangshanghua without a gang, missing L1 facts, co_liable seats that
            are not distinct losers or given while ``rules.xiayu`` is off.
        MeldError: a meld of any seat holding the 癞子 (R4) or a 痞子 (R3); the
            message names the seat.
        RulesError: ``rules`` is neither a Rules, a preset name nor None.
    """
    (rules, counts, win_tile, how, winner, dealer, discarder, indicator, prev_laizi, discarder_ready,
     discarder_holds_non_jiang, seats, co, sk) = check_win_inputs(
        hand=hand, win_tile=win_tile, how=how, winner=winner, dealer=dealer, indicator=indicator, seats=seats,
        discarder=discarder, prev_laizi=prev_laizi, discarder_ready=discarder_ready,
        discarder_holds_non_jiang=discarder_holds_non_jiang, rules=rules, co_liable=co_liable)
    wmelds = seats[winner].melds

    # W5, W4: checked before any shape.
    for k in sk.blocked:
        if counts[k]:
            return refused(Refusal("W5", tile=k), winner, how, rules)
    if not seats[winner].opened:
        return refused(Refusal("W4"), winner, how, rules)

    # Readings (W9, W10): every 癞子 as itself (hard), every 癞子 wild (soft).
    laizi = sk.laizi
    n = counts[laizi]
    st = seats[winner].facts
    facts = MeldFacts(len(wmelds), st.has_chi, st.suits, st.all_jiang)
    found = best_spec(bytes(counts), 0, facts, sk)
    hard_p = None if found is None else found[0][found[1]][0]
    soft_p = soft = None
    c0 = counts
    if n:
        c0 = bytearray(counts)
        c0[laizi] = 0
        soft = best_spec(bytes(c0), n, facts, sk)
        soft_p = None if soft is None else soft[0][soft[1]][0]
    b = BY_HOW.get(how)
    extra: tuple[str, ...] = (b.name,) if b is not None else ()  # 杠上开花, 海底捞, 抢杠 (W6)
    if quanqiuren(len(wmelds), st.an_gangs, how, win_tile, rules.qqr_pair):  # W6, D16
        extra = extra + ("quanqiuren",)
    candidates = []
    w8 = False
    for p, hard in ((hard_p, True), (soft_p, False)):
        if p is None:
            continue
        big = tuple(sorted(p + extra)) if extra else p
        if not big and n >= 2:
            w8 = True
            continue
        candidates.append((big, hard, 0 if hard else n))
    if not candidates:
        if w8:
            return refused(Refusal("W8", laizi=n), winner, how, rules)
        return refused(Refusal("W1/W2"), winner, how, rules)
    if len(candidates) == 2 and len(candidates[1][0]) <= len(candidates[0][0]):
        del candidates[1]  # the soft reading adds nothing: hard wins the tie (W10)

    personal = tuple(personal_fan(sp, rules) for sp in seats)
    doubled = rules.wind_laizi_double and (laizi >= 27 or laizi == prev_laizi)
    if rules.bi:  # X3: neither opened nor made a special play (an 暗杠 alone does not count)
        bi = tuple(s != winner and not seats[s].opened and not seats[s].special_plays for s in range(4))
    else:
        bi = _NO_BI
    ctx = (personal, rules, winner, dealer, how, discarder, seats,
           discarder_ready, discarder_holds_non_jiang, bi, doubled, co)
    best = None
    below_min = None
    for big, hard, wilds in candidates:
        r = score_reading(big, hard, wilds, *ctx)
        if not r.legal:
            below_min = below_min or r
            continue
        key = (r.payments[winner], r.hard)
        if best is None or key > best[0]:
            best = (key, r)
    if best is None:
        assert below_min is not None  # candidates is not empty: every reading was refused by W11
        return below_min
    r = best[1]
    if not r.hard:
        r = _plainest_soft(r, soft, n, facts, sk, extra, ctx)
    return r


def _total(k: int, extra: tuple[str, ...], wilds: int, ctx) -> Amount | None:
    """What a soft reading with ``k`` big hu types pays the winner (None if W11 refuses it)."""
    big = extra + ("_",) * (k - len(extra))  # placeholder names: the total ignores liability
    r = score_reading(big, False, wilds, *ctx)
    return r.payments[r.winner] if r.legal else None


def _plainest_soft(r: WinResult, soft, n: int, facts, sk, extra, ctx) -> WinResult:
    """Among the soft readings that pay as much as ``r`` (W10), the one whose
    wildcards stand for the lowest kinds; its hand counts every big hu its tiles make.

    Soft readings differ only in what the wildcards stand for; when caps make
    several pay the same, RULES.md is silent, and this picks one reading the
    same way every time (and the way the public vectors do). The search runs
    through the shape core (:func:`~wuhanmj.hand.readings.lowest_assignment`).
    ``soft`` is the ``best_spec`` of the all-wild reading.
    """
    specs, top_i, arr = soft
    st = r.settlement
    # Fewer big hu types can pay as much only when every loser is at the cap (金顶):
    # below it a loser's amount grows with every type.
    capped = st is not None and st.jinding
    k_top = len(r.big)
    k_min = k_top
    if capped:
        low = max(len(extra), 1 if n >= 2 else 0)  # W8: two 癞子 need a big hu
        target = r.payments[r.winner]
        while k_min > low and _total(k_min - 1, extra, n, ctx) == target:
            k_min -= 1
    need = k_min - len(extra)
    # specs come most types first; the first that holds (top_i) has the most,
    # so only specs after it, with at least ``need`` types, are left to ask.
    feasible = [specs[top_i]]
    for spec in specs[top_i + 1:]:
        if len(spec[0]) < need:
            break
        if len(spec[0]) + len(extra) == 0 and n >= 2:
            continue  # W8
        if spec_holds(arr, n, spec):
            feasible.append(spec)
    if len(feasible) <= 1:
        return r  # one profile pays the most: nothing to choose
    lowest = None
    for spec in feasible:
        a = lowest_assignment(arr, n, spec)
        if a is not None and (lowest is None or a < lowest):
            lowest = a
    if lowest is None:
        return r
    concrete = bytearray(arr.tobytes())
    for t in lowest:
        concrete[t] += 1
    if max(concrete) > 4:
        return r
    p = best_profile(bytes(concrete), 0, facts, sk)
    if p is None:
        return r
    big = tuple(sorted(p.big + extra))
    if big == r.big:
        return r
    alt = score_reading(big, False, n, *ctx)
    if not alt.legal or alt.payments[alt.winner] != r.payments[r.winner]:
        return r
    return alt


class WinInputs(NamedTuple):
    """:func:`evaluate_win`'s arguments, checked and normalised by :func:`check_win_inputs`."""

    rules: Rules
    counts: bytearray  # the winner's concealed tiles as 34 counts (win tile included)
    win_tile: int
    how: str
    winner: int
    dealer: int
    discarder: int | None
    indicator: int
    prev_laizi: int | None
    discarder_ready: bool | None
    discarder_holds_non_jiang: bool | None
    seats: tuple[SeatPlays, SeatPlays, SeatPlays, SeatPlays]
    co_liable: tuple[int, ...]
    specials: Specials  # what the indicator makes special (R2–R4, D8)


def check_win_inputs(
    *,
    hand: str | Sequence[int],
    win_tile: int | str,
    how: str,
    winner: int,
    dealer: int,
    indicator: int | str,
    seats: Sequence[SeatPlays],
    discarder: int | None = None,
    prev_laizi: int | str | None = None,
    discarder_ready: bool | None = None,
    discarder_holds_non_jiang: bool | None = None,
    rules: Rules | str | None = None,
    co_liable: Iterable[int] = (),
) -> WinInputs:
    """The input checks of :func:`evaluate_win` (its arguments, the same meaning), in one
    place for every scorer of a win (the native one too, :mod:`wuhanmj.native.scoreapi`).

    Returns:
        :class:`WinInputs`: the facts normalised (seats and tiles as ints, the hand as
        counts, the rules resolved).

    Raises:
        WinInputError, MeldError, RulesError: as :func:`evaluate_win`.
    """
    rules = Rules.coerce(rules)
    if how not in HOWS:
        raise WinInputError(f"how must be one of {', '.join(HOWS)}; got {how!r}")
    winner = _checks.seat(winner, "winner", WinInputError)
    dealer = _checks.seat(dealer, "dealer", WinInputError)
    if discarder is not None:
        discarder = _checks.seat(discarder, "discarder", WinInputError)
    indicator = _checks.tile(indicator, "indicator", WinInputError)
    win_tile = _checks.tile(win_tile, "win_tile", WinInputError)
    if prev_laizi is not None:
        prev_laizi = _checks.tile(prev_laizi, "prev_laizi", WinInputError)
    if isinstance(seats, SeatPlays):
        raise WinInputError(f"seats: four expected (one per seat), got {seats!r}")
    seats = _checks.four(seats, "seats", WinInputError)
    for sp in seats:
        if type(sp) is not SeatPlays and not isinstance(sp, SeatPlays):
            raise WinInputError(f"seats must hold SeatPlays values, got {sp!r}")
    if (discarder_ready is not None and discarder_ready.__class__ is not bool) or (
        discarder_holds_non_jiang is not None and discarder_holds_non_jiang.__class__ is not bool
    ):
        checks.discarder_facts(discarder_ready, discarder_holds_non_jiang)
    co = () if type(co_liable) is tuple and not co_liable else checks.co_liable_of(co_liable, winner, rules)
    tiles = _checks.tiles(hand, "hand", WinInputError)
    wmelds = seats[winner].melds
    want = 14 - 3 * len(wmelds)
    if len(tiles) != want:
        raise WinInputError(
            f"hand has {len(tiles)} tiles; with {len(wmelds)} meld(s) the winner holds {want} (W1)"
        )
    counts = bytearray(34)
    for t in tiles:
        counts[t] += 1
    if not counts[win_tile]:
        raise WinInputError(f"win_tile {format_tile(win_tile)} is not in the hand {format_tiles(tiles)}")
    sk = specials_of(indicator, rules.pizi)
    checks.table(seats, counts, sk, rules, winner)
    checks.how_facts(how, winner, discarder, win_tile, seats, sk)
    return WinInputs(rules, counts, win_tile, how, winner, dealer, discarder, indicator, prev_laizi,
                     discarder_ready, discarder_holds_non_jiang, seats, co, sk)
