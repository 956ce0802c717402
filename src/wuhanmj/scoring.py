"""Win evaluation: :func:`evaluate_win` → :class:`WinResult` (W1–W11, S1–S5, X, L).

Given a finished hand — the winner's concealed tiles and every seat's melds
and special plays — decide whether the win can be declared, which reading
of the hand pays the winner most (W10), and what every seat pays.

Readings (W9, W10): the hard reading (every 癞子 its own tile) and the soft
one (every 癞子 wild; it covers every mix, see :mod:`wuhanmj.readings`), each
with the most big hu types its shape allows, found with the shape core. The
one that pays the winner more is taken, hard on a tie. Where RULES.md is
silent — soft readings that pay the same because every loser is at 金顶, or
two big hu shapes that pay the same — the wildcards are taken to stand for
the lowest kinds (in tile order) that reach that payment, and the hand counts
every big hu type its tiles then make; the public vectors agree.

>>> from wuhanmj.meld import Meld, SeatPlays
>>> seats = [SeatPlays(), SeatPlays((Meld.peng("777s", source=2),)),
...          SeatPlays(), SeatPlays((Meld.peng("999p", source=0),), hongzhong_gang=1)]
>>> r = evaluate_win(hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1,
...                  dealer=0, indicator="5m", seats=seats)
>>> r.legal, r.hard, r.big, r.payments
(True, True, (), (-16, 56, -8, -32))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .errors import MeldError, TileError, WinInputError
from .meld import Meld, SeatPlays
from .readings import (
    NO_MELDS,
    MeldFacts,
    best_profile,
    best_spec,
    lowest_assignment,
    shape_waits,
    spec_holds,
    special_kinds,
)
from .rules import Rules
from .settlement import Amount, Settlement, _settle
from .terms import BIG_HU, FAN_ITEMS, HOWS
from .tiles import format_tile, format_tiles, parse_tile, parse_tiles

__all__ = [
    "HOWS",
    "BIG_HU",
    "FAN_ITEMS",
    "WinResult",
    "evaluate_win",
    "winning_tiles",
    "is_ready",
    "holds_non_jiang",
    "personal_fan",
]

_NO_BI = (False, False, False, False)
_SMALL_COUNTS = bytes(range(4))
_INT_ONLY = {int}
_ON_OTHERS_TILE = ("fangchong", "qianggang")
_GANGKAI_HAIDI = ("gangshanghua", "haidilao")
_IS_JIANG = tuple(t < 27 and t % 9 in (1, 4, 7) for t in range(34))
_SITUATIONAL = {"gangshanghua": ("gangshanghua",), "haidilao": ("haidilao",), "qianggang": ("qianggang",)}

FanItems = tuple[tuple[str, int], ...]


# ---------------------------------------------------------------- input helpers
def _tile(x: object, what: str) -> int:
    if type(x) is int and 0 <= x < 34:
        return x
    try:
        if isinstance(x, str):
            return parse_tile(x)
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < 34:
            raise WinInputError(f"{what} must be a tile (0-33 or like '5m'), got {x!r}")
        return int(x)
    except TileError as e:
        raise WinInputError(f"{what}: {e}") from None


def _tiles(x: object, what: str) -> list[int]:
    if type(x) is list or type(x) is tuple:
        try:
            if set(map(type, x)) <= _INT_ONLY and (not x or (min(x) >= 0 and max(x) < 34)):
                return list(x)
        except TypeError:
            pass
    try:
        if isinstance(x, str):
            return parse_tiles(x)
        out = []
        for t in x:  # type: ignore[union-attr]
            if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not 0 <= t < 34:
                raise WinInputError(f"{what}: {t!r} is not a tile index 0-33")
            out.append(int(t))
        return out
    except TileError as e:
        raise WinInputError(f"{what}: {e}") from None
    except TypeError:
        raise WinInputError(f"{what} must be a str or a sequence of tile indices, got {x!r}") from None


def _seat(x: object, what: str) -> int:
    if type(x) is int and 0 <= x <= 3:
        return x
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x <= 3:
        raise WinInputError(f"{what} must be a seat 0-3, got {x!r}")
    return int(x)


def personal_fan(plays: SeatPlays, rules: Rules) -> FanItems:
    """A seat's personal fan items (S1), counted for every player from its own plays.

    Returns:
        ``((name, fan), ...)`` with names from :data:`FAN_ITEMS`: ``kaikou`` (1 if
        opened at all, or 1 per opening under ``rules.opening == "per_opening"``),
        ``ming_gang`` (1 each), ``an_gang`` (2 each), ``hongzhong_gang`` and
        ``pizi_gang`` (1 each), ``laizi_gang`` (2 each); items worth 0 are left out.
    """
    mode = rules.opening
    cache = plays._fan
    if cache is not None:
        items = cache.get(mode)
        if items is not None:
            return items
    else:
        cache = {}
        object.__setattr__(plays, "_fan", cache)  # a cache, not a change of the value
    items = cache[mode] = _personal_items(plays, mode)
    return items


def _personal_items(plays: SeatPlays, mode: str) -> FanItems:
    openings, ming, an = plays._stats[:3]
    items = []
    if openings:
        items.append(("kaikou", openings if mode == "per_opening" else 1))
    if ming:
        items.append(("ming_gang", ming))
    if an:
        items.append(("an_gang", 2 * an))
    if plays.hongzhong_gang:
        items.append(("hongzhong_gang", plays.hongzhong_gang))
    if plays.pizi_gang:
        items.append(("pizi_gang", plays.pizi_gang))
    if plays.laizi_gang:
        items.append(("laizi_gang", 2 * plays.laizi_gang))
    return tuple(items)


# ---------------------------------------------------------------- result
@dataclass(frozen=True, slots=True)
class WinResult:
    """The verdict on one win (W, S, X, L). Immutable.

    Fields:
        legal: the win can be declared.
        reason: when not legal, why, starting with the rule id (``"W4: ..."``); else None.
        hard: 硬胡 (W9) — the chosen reading takes every 癞子 as itself.
        big: sorted big hu names (W6; see :data:`BIG_HU`), ``()`` for a small hu.
        fan: per seat, the fan items ``((name, fan), ...)`` (:data:`FAN_ITEMS`):
            the winner's S1 + S2 items, each loser's S1 + S3 items; ``()`` when
            the win was refused before any fan was counted (W1–W8).
        payments: 4 amounts [points or money], seat order, winner positive, sum 0.
        liable: the seat paying for all (L1–L4), or None.
        liable_rule: ``"L1"``, ``"L2"``, ``"L3"`` or None.
        co_liable: seats paying as much as the liable seat on top (陪包, L5), sorted.
        winner, how: as given.
        wilds: 癞子 read as wildcards in the chosen reading (0 when hard).
        big_fan: the big-hu fan of S4 (0 for a small hu).
        winner_fan: ``F_winner`` [fan].
        loser_fan: each loser's ``U_i`` of S5 [fan] (None for the winner); for an
            illegal win only when it was refused for 起胡 (W11), else all None.
        settlement: the :class:`~wuhanmj.settlement.Settlement` (caps, 金顶, 闭, X4), or None.
        rules: the rule set used.
    """

    legal: bool
    reason: str | None
    hard: bool
    big: tuple[str, ...]
    fan: tuple[FanItems, ...]
    payments: tuple[Amount, Amount, Amount, Amount]
    liable: int | None
    liable_rule: str | None
    co_liable: tuple[int, ...]
    winner: int
    how: str
    wilds: int
    big_fan: int
    winner_fan: int
    loser_fan: tuple[int | None, ...]
    settlement: Settlement | None
    rules: Rules

    def to_expect(self) -> dict:
        """The ``expect`` object of the cases schema (cases/README.md); an illegal win
        also gives its ``reason``, the rule id and message (``"W5: holds 红中 7z"``)."""
        if not self.legal:
            return {"legal": False, "reason": self.reason}
        return {
            "legal": True,
            "hard": self.hard,
            "big": list(self.big),
            "payments": list(self.payments),
            "liable": self.liable,
        }

    def explain(self) -> str:
        """A readable scoring sheet (fan items, each loser's fan and amount, caps, 金顶,
        闭, X4 and liability), Chinese terms with pinyin."""
        from .explain import explain_win

        return explain_win(self)


def _illegal(reason: str, winner: int, how: str, rules: Rules) -> WinResult:
    return WinResult(
        legal=False,
        reason=reason,
        hard=False,
        big=(),
        fan=(),
        payments=(0, 0, 0, 0),
        liable=None,
        liable_rule=None,
        co_liable=(),
        winner=winner,
        how=how,
        wilds=0,
        big_fan=0,
        winner_fan=0,
        loser_fan=(None, None, None, None),
        settlement=None,
        rules=rules,
    )


# ---------------------------------------------------------------- checks
def _co_liable(co_liable: object, winner: int, rules: Rules) -> tuple[int, ...]:
    """The L5 co-liable seats as a sorted tuple of distinct losing seats."""
    if isinstance(co_liable, (str, bytes)):
        raise WinInputError(f"co_liable must be a sequence of seats, got {co_liable!r} (L5)")
    try:
        seats = [_seat(c, "co_liable seat") for c in co_liable]  # type: ignore[union-attr]
    except TypeError:
        raise WinInputError(f"co_liable must be a sequence of seats, got {co_liable!r} (L5)") from None
    if not seats:
        return ()
    if not rules.xiayu:
        raise WinInputError(f"co_liable {seats} given but the rule set does not play 下雨/陪包 (xiayu, L5)")
    if len(set(seats)) != len(seats):
        raise WinInputError(f"co_liable names a seat twice: {seats} (L5)")
    if winner in seats:
        raise WinInputError(f"co_liable: the winner {winner} cannot be co-liable (L5)")
    return tuple(sorted(seats))


def _check_discarder_facts(ready: object, holds: object) -> None:
    """The L1 facts are bools (numpy bools too) or None: a truthy "no" must not pass for True."""
    for name, fact in (("discarder_ready", ready), ("discarder_holds_non_jiang", holds)):
        if fact is not None and not isinstance(fact, (bool, np.bool_)):
            raise WinInputError(f"{name} must be True, False or None, got {fact!r} (L1, D10)")


def _check_table(seats: tuple[SeatPlays, ...], hand_counts: bytearray, sk, rules: Rules, winner: int) -> None:
    """Melds against seats and the indicator; tile totals over the whole table (T1, D6, R1–R4).

    A 癞子 or 痞子 inside any seat's meld (R3, R4) is a MeldError naming the seat (a
    红中 never makes a :class:`Meld`, R1): no play makes such a meld.
    """
    tot = bytearray(hand_counts)
    laizi = sk.laizi
    pizi = sk.pizi
    hz = pz = lz = 0
    for s in range(4):
        sp = seats[s]
        st = sp._stats
        if sp.melds:
            chi = st[7]
            kinds = st[9]
            if (
                s in st[6]
                or (chi and (len(chi) > 1 or (s + 3) % 4 not in chi))
                or laizi in kinds
                or (pizi and (pizi[0] in kinds or pizi[1] in kinds))
            ):
                _meld_error(s, sp, laizi, pizi)
            for t, c in st[8]:
                tot[t] += c
        hz += sp.hongzhong_gang
        pz += sp.pizi_gang
        lz += sp.laizi_gang
    tot[33] += hz
    tot[laizi] += lz
    limit = sk.limit
    if tot.translate(None, _SMALL_COUNTS):  # some kind has 4 or more copies
        for k in range(34):
            if tot[k] > limit[k]:
                raise WinInputError(
                    f"{tot[k]} copies of {format_tile(k)} in the hand, melds and special plays; "
                    f"at most {limit[k]} (T1{', D6: it is the indicator' if limit[k] == 3 else ''})"
                )
    if pz:
        if not pizi:
            raise WinInputError(f"{pz} 痞子杠 given but the rule set does not play 痞子 (R3)")
        a, b = pizi
        if tot[a] + tot[b] + pz > limit[a] + limit[b]:
            raise WinInputError(
                f"{tot[a] + tot[b] + pz} 痞子 ({format_tiles(pizi)}) in the hand and 痞子杠; "
                f"at most {limit[a] + limit[b]} (T1, D6)"
            )


def _meld_error(s: int, sp: SeatPlays, laizi: int, pizi: tuple[int, ...]) -> None:
    """Raise the error for the first bad meld of seat ``s`` (P2, R3, R4)."""
    for m in sp.melds:
        if m.source == s:
            raise WinInputError(f"seat {s}: {m!r} is claimed from the seat itself")
        if m.kind == "chi" and m.source != (s + 3) % 4:
            raise WinInputError(f"seat {s}: {m!r} — a chi is claimed only from the previous seat {(s + 3) % 4} (P2)")
        if laizi in m.tiles:
            raise MeldError(f"seat {s}: {m!r} holds the 癞子 {format_tile(laizi)} (R4)")
        for t in pizi:
            if t in m.tiles:
                raise MeldError(f"seat {s}: {m!r} holds the 痞子 {format_tile(t)} (R3)")
    raise AssertionError("no bad meld found")  # pragma: no cover


def _check_how(how, winner, discarder, win_tile, seats, sk, rules) -> None:
    if how in _ON_OTHERS_TILE:
        if discarder is None:
            raise WinInputError(f"how={how!r} needs the discarder (or robbed) seat")
        if discarder == winner:
            raise WinInputError(f"the winner {winner} cannot win on its own tile (discarder {discarder})")
        if win_tile == sk.laizi:
            raise WinInputError(f"the 癞子 {format_tile(win_tile)} is never discarded or claimed (R4)")
        if win_tile == 33 or win_tile in sk.pizi:
            raise WinInputError(f"{format_tile(win_tile)} is played as a special gang, never claimed (R1, R3, P3)")
        if how == "qianggang" and not any(
            m.kind == "peng" and m.tiles[0] == win_tile for m in seats[discarder].melds
        ):
            raise WinInputError(
                f"qianggang: the robbed seat {discarder} has no peng of {format_tile(win_tile)} "
                "(its 蓄杠 did not happen, so the meld is still a peng; L3, P4)"
            )
    elif discarder is not None:
        raise WinInputError(f"how={how!r} is self-drawn: discarder must be None, got {discarder!r}")
    if how == "gangshanghua":
        sp = seats[winner]
        if not sp.special_plays and not any(m.is_gang for m in sp.melds):
            raise WinInputError("gangshanghua: the winner made no gang or special play to draw a replacement for")


# ---------------------------------------------------------------- evaluation
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
        seats: 4 :class:`~wuhanmj.meld.SeatPlays`, the winner's included. For
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
    rules = Rules.coerce(rules)
    if how not in HOWS:
        raise WinInputError(f"how must be one of {', '.join(HOWS)}; got {how!r}")
    winner = _seat(winner, "winner")
    dealer = _seat(dealer, "dealer")
    if discarder is not None:
        discarder = _seat(discarder, "discarder")
    indicator = _tile(indicator, "indicator")
    win_tile = _tile(win_tile, "win_tile")
    if prev_laizi is not None:
        prev_laizi = _tile(prev_laizi, "prev_laizi")
    if type(seats) is not tuple:
        if isinstance(seats, (str, bytes, SeatPlays)):
            raise WinInputError(f"seats must be a sequence of 4 SeatPlays, got {seats!r}")
        try:
            seats = tuple(seats)
        except TypeError:
            raise WinInputError(f"seats must be a sequence of 4 SeatPlays, got {seats!r}") from None
    if len(seats) != 4:
        raise WinInputError(f"seats must hold 4 SeatPlays, got {len(seats)}")
    for sp in seats:
        if type(sp) is not SeatPlays and not isinstance(sp, SeatPlays):
            raise WinInputError(f"seats must hold SeatPlays values, got {sp!r}")
    if (discarder_ready is not None and discarder_ready.__class__ is not bool) or (
        discarder_holds_non_jiang is not None and discarder_holds_non_jiang.__class__ is not bool
    ):
        _check_discarder_facts(discarder_ready, discarder_holds_non_jiang)
    co = () if type(co_liable) is tuple and not co_liable else _co_liable(co_liable, winner, rules)
    tiles = _tiles(hand, "hand")
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
    sk = special_kinds(indicator, rules.pizi)
    _check_table(seats, counts, sk, rules, winner)
    _check_how(how, winner, discarder, win_tile, seats, sk, rules)

    # W5, W4: checked before any shape.
    for k in sk.blocked:
        if counts[k]:
            what = "红中" if k == 33 else "痞子"
            return _illegal(f"W5: holds {what} {format_tile(k)}", winner, how, rules)
    if not seats[winner].opened:
        return _illegal("W4: never opened (no chi, peng or chong_gang)", winner, how, rules)

    # Readings (W9, W10): every 癞子 as itself (hard), every 癞子 wild (soft).
    laizi = sk.laizi
    n = counts[laizi]
    st = seats[winner]._stats
    facts = MeldFacts(len(wmelds), st[3], st[4], st[5])
    found = best_spec(bytes(counts), 0, facts, sk)
    hard_p = None if found is None else found[0][found[1]][0]
    soft_p = soft = None
    c0 = counts
    if n:
        c0 = bytearray(counts)
        c0[laizi] = 0
        soft = best_spec(bytes(c0), n, facts, sk)
        soft_p = None if soft is None else soft[0][soft[1]][0]
    extra = _SITUATIONAL.get(how, ())
    if (len(wmelds) == 4 and how in _ON_OTHERS_TILE and not st[2]  # 全求人 (W6): no 暗杠
            and (rules.qqr_pair == "w2" or _IS_JIANG[win_tile])):  # D16: the pair is the win tile's kind
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
            return _illegal(f"W8: {n} 癞子 in the hand forbid a small hu", winner, how, rules)
        return _illegal(
            "W1/W2: no winning shape (one 2/5/8 pair and four sets, or a big hu shape)", winner, how, rules
        )
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
    refused = None
    for big, hard, wilds in candidates:
        r = _score(big, hard, wilds, *ctx)
        if not r.legal:
            refused = refused or r
            continue
        key = (r.payments[winner], r.hard)
        if best is None or key > best[0]:
            best = (key, r)
    if best is None:
        return refused  # type: ignore[return-value]
    r = best[1]
    if not r.hard:
        r = _plainest_soft(r, soft, n, facts, sk, extra, ctx)
    return r


def _total(k: int, extra: tuple[str, ...], wilds: int, ctx) -> Amount | None:
    """What a soft reading with ``k`` big hu types pays the winner (None if W11 refuses it)."""
    big = extra + ("_",) * (k - len(extra))  # placeholder names: the total ignores liability
    r = _score(big, False, wilds, *ctx)
    return r.payments[r.winner] if r.legal else None


def _plainest_soft(r: WinResult, soft, n: int, facts, sk, extra, ctx) -> WinResult:
    """Among the soft readings that pay as much as ``r`` (W10), the one whose
    wildcards stand for the lowest kinds; its hand counts every big hu its tiles make.

    Soft readings differ only in what the wildcards stand for; when caps make
    several pay the same, RULES.md is silent, and this picks one reading the
    same way every time (and the way the public vectors do). The search runs
    through the shape core (:func:`~wuhanmj.readings.lowest_assignment`).
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
    alt = _score(big, False, n, *ctx)
    if not alt.legal or alt.payments[alt.winner] != r.payments[r.winner]:
        return r
    return alt


def _liability(big, how, discarder, wmelds, rules, ready, holds_non_jiang) -> tuple[int | None, str | None]:
    """L4: the first of L3, L1, L2 that applies."""
    if how == "qianggang":
        return discarder, "L3"
    if "quanqiuren" in big and how == "fangchong":
        if rules.qqr_liability == "not_ready":
            if ready is None:
                raise WinInputError("discarder_ready is needed: a 全求人 was won on a discard (L1)")
            if not ready:
                return discarder, "L1"
        else:
            if holds_non_jiang is None:
                raise WinInputError("discarder_holds_non_jiang is needed: a 全求人 was won on a discard (L1)")
            if holds_non_jiang:
                return discarder, "L1"
    if "qingyise" in big:
        k = 0
        for m in wmelds:
            if m.kind != "an_gang":
                k += 1
                if k == 3:
                    return m.source, "L2"
    return None, None


def _score(
    big, hard, wilds, personal, rules, winner, dealer, how, discarder, seats,
    ready, holds_non_jiang, bi, doubled, co_liable,
) -> WinResult:
    """Fan (S1–S5), 起胡 (W11), settlement (X) and liability (L) of one reading."""
    points = rules.schedule == "points"
    nbig = len(big)
    big_fan = rules.big_hu_fan + nbig - 1 if nbig else 0
    w_items = list(personal[winner])
    if hard:
        w_items.append(("ying_hu", 1))
    zimo_big = False
    if how == "zimo" or (rules.gangkai_haidi_zimo and how in _GANGKAI_HAIDI):  # S2, X1, D4
        if nbig and points:
            zimo_big = True  # X1: ×1.5 instead of the 自摸 fan
        else:
            w_items.append(("zimo", 1))
    fw = 0
    for item in w_items:
        fw += item[1]
    fan: list[FanItems] = [(), (), (), ()]
    fan[winner] = tuple(w_items)
    loser_fan = [0, 0, 0, 0]
    for s in range(4):
        if s == winner:
            continue
        items = personal[s]
        f = 0
        for item in items:
            f += item[1]
        if s == discarder:
            items = items + (("fangchong", 1),)
            f += 1
        if not nbig and (winner == dealer or s == dealer):
            items = items + (("zhuang", 1),)
            f += 1
        fan[s] = items
        loser_fan[s] = f
    if rules.min_fan is not None:
        low = [s for s in range(4) if s != winner and fw + loser_fan[s] + big_fan < rules.min_fan]
        if low:
            s = low[0]
            u = fw + loser_fan[s] + big_fan
            res = _illegal(
                f"W11: seat {s} has {u} fan, below the 起胡 minimum {rules.min_fan}", winner, how, rules
            )
            us = tuple(None if i == winner else fw + loser_fan[i] + big_fan for i in range(4))
            return _replace_fan(res, tuple(fan), big, hard, wilds, big_fan, fw, us)
    liable, rule = _liability(big, how, discarder, seats[winner].melds, rules, ready, holds_non_jiang)
    co = tuple(c for c in co_liable if c != liable) if rule == "L2" else ()  # L5 陪包 joins L2 only
    st = _settle(rules, winner, fw, loser_fan, nbig, zimo_big, bi, doubled, liable, co)
    return WinResult(
        legal=True,
        reason=None,
        hard=hard,
        big=big,
        fan=tuple(fan),
        payments=st.payments,  # type: ignore[arg-type]
        liable=liable,
        liable_rule=rule,
        co_liable=st.co_liable,
        winner=winner,
        how=how,
        wilds=wilds,
        big_fan=big_fan,
        winner_fan=fw,
        loser_fan=st.fan,
        settlement=st,
        rules=rules,
    )


def _replace_fan(res: WinResult, fan, big, hard, wilds, big_fan, fw, us) -> WinResult:
    return WinResult(
        legal=False,
        reason=res.reason,
        hard=hard,
        big=big,
        fan=fan,
        payments=(0, 0, 0, 0),
        liable=None,
        liable_rule=None,
        co_liable=(),
        winner=res.winner,
        how=res.how,
        wilds=wilds,
        big_fan=big_fan,
        winner_fan=fw,
        loser_fan=us,
        settlement=None,
        rules=res.rules,
    )


# ---------------------------------------------------------------- waiting
def winning_tiles(
    hand13: str | Sequence[int],
    melds: Iterable[Meld] | None,
    indicator: int | str,
    rules: Rules | str | None = None,
) -> list[int]:
    """Kinds that, added to ``hand13``, give a winning SHAPE (W1–W3, W5, D8).

    Ignores W4 (opening), W8 (two 癞子) and W11 (起胡), and how the tile comes,
    so it is a superset of the tiles :func:`evaluate_win` accepts: use it to
    list hu options quickly, then ask :func:`evaluate_win`.

    Args:
        hand13: concealed tiles, ``13 - 3 × len(melds)`` of them (str or indices).
        melds: the player's melds; None when unknown (then only the concealed
            tiles are checked for 碰碰胡 / 一色, and any size ``3k+1`` is accepted).
        indicator: the indicator tile (R2, R3).
        rules: rule set (only ``pizi`` matters): a Rules, a preset name or None for
            ``kaikou`` (:meth:`Rules.coerce`).

    Returns:
        sorted ``list[int]``: kinds with a copy left (not all held or melded,
        3 copies for the indicator's kind, D6), never 红中 or a 痞子 (W5). A
        kind equal to the 癞子 means a drawn 癞子 wins.

    Raises:
        WinInputError: bad tiles or a hand of the wrong size.
        RulesError: ``rules`` is neither a Rules, a preset name nor None.
    """
    rules = Rules.coerce(rules)
    tiles = _tiles(hand13, "hand13")
    indicator = _tile(indicator, "indicator")
    if melds is None:
        mlist: tuple[Meld, ...] = ()
        if len(tiles) % 3 != 1 or len(tiles) > 13:
            raise WinInputError(f"hand13 has {len(tiles)} tiles; expected 13 - 3k")
    else:
        try:
            mlist = tuple(melds)
        except TypeError:
            raise WinInputError(f"melds must be a sequence of Meld values, got {melds!r}") from None
        for m in mlist:
            if not isinstance(m, Meld):
                raise WinInputError(f"melds must hold Meld values, got {m!r}")
        if len(tiles) != 13 - 3 * len(mlist):
            raise WinInputError(
                f"hand13 has {len(tiles)} tiles; with {len(mlist)} meld(s) expected {13 - 3 * len(mlist)}"
            )
    sk = special_kinds(indicator, rules.pizi)
    counts = bytearray(34)
    for t in tiles:
        counts[t] += 1
    if max(counts, default=0) > 4:
        raise WinInputError(f"hand13 {format_tiles(tiles)} holds a fifth copy (T1)")
    for k in sk.blocked:
        if counts[k]:
            return []  # W5: 红中 / 痞子 held
    seen = bytearray(counts)
    for m in mlist:
        for t in m.tiles:
            seen[t] += 1
    facts = MeldFacts.of(mlist) if mlist else NO_MELDS
    laizi = sk.laizi
    n = counts[laizi]
    c0 = bytearray(counts)
    c0[laizi] = 0
    # Every 癞子 wild dominates every other reading (see readings.py), also for t.
    out = shape_waits(bytes(c0), n, facts, sk)
    out.discard(laizi)
    if best_profile(bytes(c0), n + 1, facts, sk) is not None:
        out.add(laizi)  # a drawn 癞子, read wild
    blocked = sk.blocked
    limit = sk.limit
    return sorted(t for t in out if t not in blocked and seen[t] < limit[t])


def is_ready(
    hand13: str | Sequence[int],
    indicator: int | str,
    rules: Rules | str | None = None,
    melds: Iterable[Meld] | None = None,
) -> bool:
    """听牌 (D10, for L1): some tile added to the concealed tiles gives a winning
    shape under W1–W3 and W5 (opening, W8 and 起胡 not required).

    Args:
        hand13: the concealed tiles (``13 - 3k``); ``melds``: the player's melds
            when known (see :func:`winning_tiles`).
        rules: a Rules, a preset name or None for ``kaikou`` (:meth:`Rules.coerce`).

    Raises:
        WinInputError: bad tiles or size.
        RulesError: ``rules`` is neither a Rules, a preset name nor None.
    """
    return bool(winning_tiles(hand13, melds, indicator, rules))


def holds_non_jiang(hand: str | Sequence[int]) -> bool:
    """Whether a hand holds any tile other than a 2/5/8 of a suit (L1, seed 001).

    Honors count as non-jiang. Raises WinInputError on bad tiles.
    """
    for t in _tiles(hand, "hand"):
        if t >= 27 or t % 9 not in (1, 4, 7):
            return True
    return False
