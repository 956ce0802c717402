"""An independent reference of the legal moves of ONE hand (RULES.md §3–4), for lockstep tests.

Written from ``docs/RULES.md`` (G1–G4, P1–P5, R1–R4, W4, W5, W8, D1, D10–D13, D18)
and from the decisions the engine documents where RULES.md is silent (the
module docstring of ``wuhanmj.game``, the action layout of ``wuhanmj.actions``,
the wall layout of ``wuhanmj.wall``, the D10 docstring of
``wuhanmj.scoring.winning_tiles``). It imports nothing from ``wuhanmj``: a win
is decided by the brute-force ``scoring_reference`` (W1–W11, S, X, L), a shape
by the plain recursion of ``reference`` (W1, W2, D8).

It is meant to be read, not to be fast: one method per rule, the rule id in
each docstring. State is plain lists: hands as 34 counts, melds as
``(kind, sorted tiles, source)``, rivers, special plays ``(kind, tile)``.

Entry points: :class:`MovesRef` (``legal``, ``current_player``, ``step``,
``over``, ``public_state``, ``outcome``).

Rule fields read (RULES.md §10): ``dead_wall`` (G2, G3), ``gang_cutoff`` (G4,
D12), ``hu_order`` (P2, D11), ``second_laizi`` (W8, D13), ``pizi`` (R3),
``claim_turn_gang`` (P1, D18), and every
field the scoring reference reads (``min_fan`` for W11 among them). Rule sets
whose payments the scoring reference does not model (``xiayu``,
``gangkai_haidi_zimo``, ``qqr_pair = "258"``) are refused.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from functools import cache
from types import SimpleNamespace
from typing import NamedTuple

_TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _TESTS not in sys.path:  # when used outside pytest (tests/conftest.py does this too)
    sys.path.insert(0, _TESTS)

from reference import scoring_ref as scoring_reference  # W1-W11, S, X, L (brute force)
from reference import shape_ref  # W1, W2, D8 shapes

__all__ = ["MovesRef", "is_ready", "winning_shape"]

N_KINDS = 34
HONGZHONG = 33  # T2: 7z

# The fixed action space (wuhanmj.actions module docstring; 163 codes).
DISCARD = 0  # 0-33: discard tile
CHI = 34  # 34-54: 34 + 7 * suit + (rank of the lowest tile - 1)
PENG = 55
CHONG_GANG = 56
XU_GANG = 57  # 57-90: + tile
AN_GANG = 91  # 91-124: + tile
HONGZHONG_GANG = 125
PIZI_GANG = 126  # 126-159: + tile
LAIZI_GANG = 160
HU = 161
PASS = 162

# The wall layout (wuhanmj.wall module docstring).
DEAL_END = 52  # wall[52]: the dealer's 14th tile
INDICATOR_POS = 53  # wall[53]: the indicator, out of play (R2, D6)
FIRST_DRAW_POS = 54  # normal draws: wall[54], wall[55], ... (G1)
LAST_POS = 135  # replacement draws: wall[135], wall[134], ... (G1, D1)

# P2 claim priority: hu > 冲杠/碰 > 吃 (a smaller rank wins).
_RANK_HU, _RANK_PENG, _RANK_CHI = 0, 1, 2


def chi_code(low: int) -> int:
    """The code of a chow whose lowest tile is ``low`` (actions layout)."""
    return CHI + 7 * (low // 9) + low % 9


def chi_low(code: int) -> int:
    """The lowest tile of the chow of ``code`` (inverse of :func:`chi_code`)."""
    k = code - CHI
    return 9 * (k // 7) + k % 7


def claim_rank(code: int) -> int:
    """P2: hu 0 > 冲杠/碰 1 > 吃 2."""
    if code == HU:
        return _RANK_HU
    if code in (PENG, CHONG_GANG):
        return _RANK_PENG
    assert CHI <= code < PENG, code
    return _RANK_CHI


def is_jiang(t: int) -> bool:
    """A 2, 5 or 8 of a suit (W2)."""
    return t < 27 and t % 9 in (1, 4, 7)


# ---------------------------------------------------------------------- R: special tiles
def laizi_of(indicator: int) -> int:
    """R2: the 癞子 is the kind after the indicator in its cycle (T3)."""
    return scoring_reference.next_kind(indicator)


def pizi_of(indicator: int, on: bool) -> tuple[int, ...]:
    """R3: with ``pizi`` on, the indicator's kind and the one before it (西北 for 中)."""
    return tuple(sorted(scoring_reference.pizi_kinds(indicator))) if on else ()


# ---------------------------------------------------------------------- W: shapes
def _split(counts: tuple[int, ...], laizi: int, meld_tiles: tuple[int, ...]) -> tuple[tuple[int, ...], int, list[int]]:
    """The concealed counts without the 癞子, the number of 癞子, and every real tile kind
    (concealed and melded) — the 癞子 are all wildcards for the shape checks (a wildcard
    may stand for the 癞子's own kind, D8, so this covers a 癞子 read as itself)."""
    n = counts[laizi]
    c = list(counts)
    c[laizi] = 0
    return tuple(c), n, [t for t in range(N_KINDS) if c[t]] + list(meld_tiles)


@cache
def luan_shape(counts: tuple[int, ...], laizi: int, meld_tiles: tuple[int, ...]) -> bool:
    """W3 乱风/乱将: every real tile is an honor (风一色) or a 2/5/8 (将一色), the wildcards
    standing for such kinds: a win whatever the shape."""
    _, _, real = _split(counts, laizi, meld_tiles)
    return all(t >= 27 for t in real) or all(is_jiang(t) for t in real)


@cache
def pengpeng_shape(counts: tuple[int, ...], laizi: int, pizi: tuple[int, ...],
                   meld_tiles: tuple[int, ...], has_chi: bool) -> bool:
    """W2, W6 碰碰胡: no chow meld, the concealed tiles are pongs and a pair of any kind."""
    c, n, _ = _split(counts, laizi, meld_tiles)
    return not has_chi and shape_ref.complete_ref(c, n, "any", pungs_only=True, forbid=(HONGZHONG,) + pizi)


@cache
def qingyise_shape(counts: tuple[int, ...], laizi: int, pizi: tuple[int, ...], meld_tiles: tuple[int, ...]) -> bool:
    """W2, W6 清一色: all 14 tiles of one suit (the wildcards stand for that suit, D8),
    sets and a pair of any kind."""
    c, n, real = _split(counts, laizi, meld_tiles)
    suits = {t // 9 for t in real}
    if len(suits) != 1 or min(suits) == 3:
        return False
    suit = suits.pop()
    forbid = {HONGZHONG, *pizi} | {k for k in range(N_KINDS) if k // 9 != suit}
    return shape_ref.complete_ref(c, n, "any", forbid=forbid)


@cache
def winning_shape(counts: tuple[int, ...], laizi: int, pizi: tuple[int, ...],
                  meld_tiles: tuple[int, ...], has_chi: bool) -> bool:
    """W1–W3, W5, D8: the concealed ``counts`` (the 癞子 among them) plus the melds
    form a winning SHAPE, every 癞子 read as itself or as a wildcard.

    Ignores W4 (opening), W8 and W11: an exact pre-filter of ``scoring_reference``
    (every reading it accepts has one of these shapes, and each shape has a reading).

    - W5: no 红中 and no 痞子 in the hand.
    - W3: all 14 tiles honors or all 2/5/8: any shape (:func:`luan_shape`).
    - W1 + W2: one pair and sets, a 2/5/8 pair;
    - W2: any pair for 碰碰胡 (:func:`pengpeng_shape`) and 清一色 (:func:`qingyise_shape`).
    - D8: a wildcard stands for any kind but 红中 and the 痞子 (fifth copies too).
    """
    if counts[HONGZHONG] or any(counts[p] for p in pizi):
        return False  # W5
    if luan_shape(counts, laizi, meld_tiles):
        return True  # W3
    c, n, _ = _split(counts, laizi, meld_tiles)
    if wilds_needed(c) > n:
        return False  # W1: not even with a pair of any kind
    if shape_ref.complete_ref(c, n, "258", forbid=(HONGZHONG,) + pizi):
        return True  # W1, W2
    return pengpeng_shape(counts, laizi, pizi, meld_tiles, has_chi) or qingyise_shape(counts, laizi, pizi, meld_tiles)


def big_hu_shape(counts: tuple[int, ...], laizi: int, pizi: tuple[int, ...],
                 meld_tiles: tuple[int, ...], has_chi: bool) -> bool:
    """W6: the shape itself is a big hu — 碰碰胡, 清一色, 将一色 or 风一色 (W3)."""
    return (luan_shape(counts, laizi, meld_tiles) or pengpeng_shape(counts, laizi, pizi, meld_tiles, has_chi)
            or qingyise_shape(counts, laizi, pizi, meld_tiles))


@cache
def _group_need(pattern: tuple[int, ...], honors: bool, mode: str) -> int:
    """Least wildcards completing one suit (9 counts) or the honors (7 counts) on its own:
    ``mode`` ``"sets"`` or ``"any"`` (sets and a pair of any kind); ``reference``'s recursion."""
    r = shape_ref.group_min_wilds_ref(pattern, honors, mode, False)
    return 99 if r is None else r


def wilds_needed(c: tuple[int, ...] | list[int]) -> int:
    """A lower bound of the wildcards that complete the real tiles ``c`` into sets and one
    pair of any kind (W1 with W2 relaxed, D8): every set and the pair lie in one suit or
    in the honors, so the groups are completed one by one (one of them holding the pair).
    Exact but for 红中/痞子 kinds, which a wildcard here may stand for (D8 forbids it):
    a necessary condition only, used to skip the recursion."""
    groups = ((tuple(c[0:9]), False), (tuple(c[9:18]), False), (tuple(c[18:27]), False),
              (tuple(c[27:34]), True))
    sets = [_group_need(g, h, "sets") for g, h in groups]
    pair = [_group_need(g, h, "any") for g, h in groups]
    return min(sum(sets) - sets[i] + pair[i] for i in range(4))


@cache
def near_win(counts13: tuple[int, ...], laizi: int, pizi: tuple[int, ...], meld_tiles: tuple[int, ...]) -> bool:
    """A cheap necessary condition of :func:`winning_shape` for ANY tile added to these 13
    tiles (one pre-filter computed per 13-tile state, shared by every discard it sees):
    every real tile is an honor / a 2/5/8 (W3), or the 13 tiles plus one wildcard (the
    added tile) complete with a pair of any kind (W1 with W2 relaxed, D8). W5 is not
    checked here."""
    n = counts13[laizi]
    c = list(counts13)
    c[laizi] = 0
    real = [t for t in range(N_KINDS) if c[t]] + list(meld_tiles)
    if all(t >= 27 for t in real) or all(is_jiang(t) for t in real):
        return True
    if wilds_needed(c) > n + 1:
        return False  # not enough wildcards (the added tile one of them)
    return shape_ref.complete_ref(c, n + 1, "any", forbid=(HONGZHONG,) + pizi)


@cache
def is_ready(counts13: tuple[int, ...], laizi: int, pizi: tuple[int, ...], indicator: int,
             meld_tiles: tuple[int, ...], has_chi: bool) -> bool:
    """D10 听牌: some tile added to the 13 tiles gives a winning shape under W1–W3 and W5
    (no opening, no W8, no 起胡).

    The tiles that may be added are the kinds with a copy left for this player: not
    all four held or in its own melds, three for the indicator's kind (D6) — the
    decision documented by the engine for D10 (``wuhanmj.scoring.winning_tiles``).
    """
    c = list(counts13)
    for t in range(N_KINDS):
        if t == HONGZHONG or t in pizi:
            continue  # W5: it could never win
        if c[t] + meld_tiles.count(t) + (t == indicator) >= 4:
            continue
        c[t] += 1
        ok = winning_shape(tuple(c), laizi, pizi, meld_tiles, has_chi)
        c[t] -= 1
        if ok:
            return True
    return False


def holds_non_jiang(counts: list[int]) -> bool:
    """L1 (seed 001): the hand holds a tile other than a 2/5/8 of a suit (honors count)."""
    return any(counts[t] and not is_jiang(t) for t in range(N_KINDS))


# ---------------------------------------------------------------------- scoring facts
class RMeld(NamedTuple):
    """A meld as ``scoring_reference`` reads it (kind, sorted tiles, source)."""

    kind: str
    tiles: tuple[int, ...]
    source: int | None


class RSeat(NamedTuple):
    """A seat's plays as ``scoring_reference`` reads them (S1)."""

    melds: tuple[RMeld, ...]
    hongzhong_gang: int
    pizi_gang: int
    laizi_gang: int


_NOT_MODELLED = {"xiayu": True, "gangkai_haidi_zimo": True, "qqr_pair": "258"}
_BEST: dict[tuple, object] = {}


def _rules_ns(rules: dict) -> SimpleNamespace:
    """A ``Rules.to_dict()`` dict as attributes (money keys made ints)."""
    d = dict(rules)
    for k, bad in _NOT_MODELLED.items():
        if d.get(k) == bad:
            raise NotImplementedError(f"{k}={bad!r}: payments not modelled by scoring_reference")
    d["money"] = {int(k): v for k, v in dict(d["money"]).items()}
    return SimpleNamespace(**d)


def _rules_key(rules: SimpleNamespace) -> tuple:
    return tuple(sorted((k, tuple(sorted(v.items())) if isinstance(v, dict) else v)
                        for k, v in vars(rules).items()))


def best_readings(kw: dict, key: tuple):
    """``scoring_reference.best_readings`` (W1–W11, W10's choice), memoized on the facts."""
    r = _BEST.get(key)
    if r is None:
        r = _BEST[key] = scoring_reference.best_readings(kw)
    return r


class WinFacts(NamedTuple):
    """The facts of one possible win, as ``scoring_reference`` takes them, and their memo key."""

    kw: dict
    key: tuple

    def readings(self):
        """Every reading W10 allows, or the reason string of a refused win."""
        return best_readings(self.kw, self.key)


# ---------------------------------------------------------------------- the hand
@dataclass
class Window:
    """A claim window on a discard (P2) or a rob window on a 蓄杠 (P4)."""

    kind: str  # "claim" | "rob"
    tile: int
    seat: int  # the discarder / the seat that declared the 蓄杠
    options: dict[int, tuple[int, ...]]  # seat -> its claim codes (Pass not included)
    answers: dict[int, int] = field(default_factory=dict)
    wins: dict[int, WinFacts] = field(default_factory=dict)  # seat -> the facts of its win


class MovesRef:
    """One hand of Wuhan Mahjong as a plain state machine (G1–G4, P1–P5, R1–R4, W4, W5, W8).

    Args:
        rules: a rule set as ``Rules.to_dict()`` gives it (RULES.md §10).
        wall: 136 tile indices in the engine's wall layout (``wuhanmj.wall``).
        dealer: the dealer seat.
        prev_laizi: the previous hand's 癞子 (X4), or None.

    Phases: ``"turn"``, ``"claim"``, ``"rob"``, ``"haidi"``, ``"over"`` (the engine's names).
    """

    def __init__(self, rules: dict, wall: list[int], dealer: int, prev_laizi: int | None = None) -> None:
        self.rules = _rules_ns(rules)
        self._rkey = _rules_key(self.rules)
        wall = [int(t) for t in wall]
        assert len(wall) == 136 and all(wall.count(t) == 4 for t in range(N_KINDS)), "T1"
        self.wall = wall
        self.dealer = dealer
        self.prev_laizi = prev_laizi
        self.hands = [[0] * N_KINDS for _ in range(4)]
        self.melds: list[list[tuple]] = [[], [], [], []]
        self.rivers: list[tuple[int, ...]] = [(), (), (), ()]  # discards still on the table
        self.specials: list[tuple[tuple[str, int], ...]] = [(), (), (), ()]
        self._deal()
        self.indicator = wall[INDICATOR_POS]
        self.laizi = laizi_of(self.indicator)  # R2
        self.pizi = pizi_of(self.indicator, self.rules.pizi)  # R3
        self.special_kinds = frozenset((HONGZHONG, self.laizi) + self.pizi)  # R1, R3, R4
        self.front = FIRST_DRAW_POS
        self.back = LAST_POS
        self.phase = "turn"
        self.turn = dealer  # G1: the dealer holds 14 tiles and acts first
        self.drawn: int | None = None  # the tile drawn at the start of this turn (None: no draw)
        self.drawn_from: str | None = None  # "front" | "back"
        self.must_play_laizi = False  # W8 play_out, set at the draw
        self.began_with_claim = False  # D18: this turn began with a 碰/吃 (until its discard)
        self.window: Window | None = None
        self.result: dict | None = None
        self._cache: dict = {}

    # ------------------------------------------------------------------ G1: the deal
    def _deal(self) -> None:
        """G1 + wall layout: ``wall[13i:13i+13]`` to seat ``dealer + i``, ``wall[52]`` to the dealer.

        The deal is not a draw: the dealer's first turn offers no 自摸 and no W8 play-out
        (W4 forbids a win before opening anyway)."""
        for i in range(4):
            s = (self.dealer + i) % 4
            for t in self.wall[13 * i: 13 * i + 13]:
                self.hands[s][t] += 1
        self.hands[self.dealer][self.wall[DEAL_END]] += 1

    # ------------------------------------------------------------------ public state
    @property
    def tiles_left(self) -> int:
        """G2, D1: tiles between the two ends of the wall."""
        return self.back - self.front + 1

    def over(self) -> bool:
        return self.phase == "over"

    def current_player(self) -> int | None:
        """The seat expected to act: the turn's (or 海底 drawer's) seat; in a claim/rob window
        the first seat still to answer in turn order after the discarder; None when over."""
        if self.phase in ("turn", "haidi"):
            return self.turn
        if self.phase == "over":
            return None
        p = self._pending()
        return p[0] if p else None

    def public_state(self) -> dict:
        """Hands (34 counts), melds, rivers, special plays, tiles left and phase."""
        return {
            "phase": self.phase,
            "tiles_left": self.tiles_left,
            "hands": tuple(tuple(h) for h in self.hands),
            "melds": tuple(tuple(m) for m in self.melds),
            "rivers": tuple(self.rivers),
            "specials": tuple(self.specials),
        }

    def outcome(self) -> dict | None:
        """At the end: winner, how, win tile, discarder, and the payments (and ``(big, hard)``)
        of every reading W10 allows (the scoring reference may return several that tie)."""
        return self.result

    # ------------------------------------------------------------------ helpers
    def _normal(self, t: int) -> bool:
        """R1, R3, R4: 红中, the 痞子 and the 癞子 are not normal tiles."""
        return t not in self.special_kinds

    def _opened(self, s: int) -> bool:
        """W4, P5: at least one 开口 (吃/碰/冲杠; a 蓄杠 keeps its 碰's). 暗杠 is not one."""
        return bool(self.melds[s]) and any(k != "an_gang" for k, _, _ in self.melds[s])

    def _meld_tiles(self, s: int) -> tuple[int, ...]:
        return tuple(sorted(t for _, ts, _ in self.melds[s] for t in ts))

    def _has_chi(self, s: int) -> bool:
        return any(k == "chi" for k, _, _ in self.melds[s])

    def _gang_allowed(self) -> bool:
        """G4, D12: a gang or special play only while more than ``dead_wall + 4`` tiles
        are left (``gang_cutoff = "haidi"``) or more than ``dead_wall`` (``"dead_wall"``)."""
        floor = self.rules.dead_wall + (4 if self.rules.gang_cutoff == "haidi" else 0)
        return self.tiles_left > floor

    def _seat_plays(self) -> tuple[RSeat, ...]:
        """Every seat's melds and special-play counts, as the scoring reference takes them (S1)."""
        out = []
        for s in range(4):
            kinds = [k for k, _ in self.specials[s]]
            out.append(RSeat(tuple(RMeld(*m) for m in self.melds[s]), kinds.count("hongzhong_gang"),
                             kinds.count("pizi_gang"), kinds.count("laizi_gang")))
        return tuple(out)

    def _ready(self, s: int) -> bool:
        """D10 for seat ``s`` (13 - 3 × melds concealed tiles)."""
        return is_ready(tuple(self.hands[s]), self.laizi, self.pizi, self.indicator,
                        self._meld_tiles(s), self._has_chi(s))

    # ------------------------------------------------------------------ W: may this seat win?
    def _win(self, s: int, counts: list[int], tile: int, how: str, discarder: int | None):
        """Whether seat ``s`` may win on ``tile`` with the 14 - 3k tiles ``counts`` (``tile``
        among them): None if not, else the facts of the win (:class:`WinFacts`).

        W4 (opened), W5 (no 红中/痞子) and the shape (W1–W3, D8) first. A winning shape is
        then a legal win unless W8 or W11 refuse it:

        - W8: with two or more 癞子 only a big hu wins: 杠上开花, 海底捞 and 抢杠 are big by
          how they are won, 全求人 by its melds (four claimed ones, won on another
          player's tile, W6), the others by the shape (:func:`big_hu_shape`);
        - W11 (``min_fan`` set): the scoring reference decides (it returns every legal
          reading or a reason).

        The scoring reference's readings are otherwise asked only when the win is taken.
        The L1 facts (D10 readiness, a non-2/5/8 tile held) are the discarder's after its
        discard, given only when a 全求人 is possible (four melds, won on a discard)."""
        if not self._opened(s):
            return None  # W4
        if counts[HONGZHONG] or any(counts[p] for p in self.pizi):
            return None  # W5
        mt = self._meld_tiles(s)
        c13 = list(counts)
        c13[tile] -= 1
        if not near_win(tuple(c13), self.laizi, self.pizi, mt):
            return None  # W1-W3 (a necessary condition, cheap and memoized)
        if not winning_shape(tuple(counts), self.laizi, self.pizi, mt, self._has_chi(s)):
            return None  # W1-W3, W5
        ready = hnj = None
        if how == "fangchong" and len(self.melds[s]) == 4:
            ready = self._ready(discarder)
            hnj = holds_non_jiang(self.hands[discarder])
        hand = [t for t in range(N_KINDS) for _ in range(counts[t])]
        seats = self._seat_plays()
        kw = {
            "rules": self.rules, "hand": hand, "seats": seats, "winner": s, "dealer": self.dealer,
            "how": how, "discarder": discarder, "indicator": self.indicator, "prev_laizi": self.prev_laizi,
            "discarder_ready": ready, "discarder_holds_non_jiang": hnj,
        }
        key = (self._rkey, tuple(hand), s, self.dealer, how, discarder, self.indicator, self.prev_laizi,
               seats, ready, hnj)
        facts = WinFacts(kw, key)
        if counts[self.laizi] >= 2 and not self._big_hu_possible(s, counts, how):
            return None  # W8
        if self.rules.min_fan is not None and isinstance(facts.readings(), str):
            return None  # W11 (and W8 again)
        return facts

    def _big_hu_possible(self, s: int, counts: list[int], how: str) -> bool:
        """W6, W8: a winning shape won this way is a big hu in some reading."""
        if how in ("gangshanghua", "haidilao", "qianggang"):
            return True
        melds = self.melds[s]
        if how == "fangchong" and len(melds) == 4 and all(k != "an_gang" for k, _, _ in melds):
            return True  # 全求人
        return big_hu_shape(tuple(counts), self.laizi, self.pizi, self._meld_tiles(s), self._has_chi(s))

    def _self_win(self):
        """P1, G3, W6: the facts of a self-drawn win of the seat on turn (right after a
        draw only): 海底捞 in the 海底 phase, 杠上开花 on a replacement draw (back), else 自摸."""
        if self.drawn is None:
            return None
        if "self_win" not in self._cache:
            s = self.turn
            self._cache["self_win"] = self._win(s, self.hands[s], self.drawn, self._self_how(), None)
        return self._cache["self_win"]

    def _self_how(self) -> str:
        if self.phase == "haidi":
            return "haidilao"
        return "gangshanghua" if self.drawn_from == "back" else "zimo"

    # ------------------------------------------------------------------ legal moves
    def legal(self, seat: int) -> tuple[int, ...]:
        """The sorted legal codes of ``seat`` now (empty when it has nothing to do)."""
        if self.phase == "turn":
            return self._turn_codes() if seat == self.turn else ()
        if self.phase in ("claim", "rob"):
            w = self.window
            if seat in w.options and seat not in w.answers:
                return tuple(sorted(w.options[seat] + (PASS,)))
            return ()
        if self.phase == "haidi":
            return (HU, PASS) if seat == self.turn else ()  # G3
        return ()

    def _turn_codes(self) -> tuple[int, ...]:
        """P1, P3, G4, W8 (D13), and the engine's decisions: what the seat on turn may do."""
        if "turn" in self._cache:
            return self._cache["turn"]
        s = self.turn
        h = self.hands[s]
        codes: set[int] = set()
        gang = self._gang_allowed()
        win = self._self_win() is not None  # P1: 自摸 only right after a draw
        if gang and self.must_play_laizi:
            codes.add(LAIZI_GANG)  # W8 play_out: a 癞子杠 before any other play...
            if win:
                codes.add(HU)  # ...unless it declares a legal win
        else:
            codes |= self._discards(h)
            if gang:
                if self._concealed_gangs_allowed():
                    codes |= self._an_gangs(h) | self._xu_gangs(s)
                codes |= self._special_plays(h)
            elif not codes:
                codes |= self._dead_discards(h)
            if win:
                codes.add(HU)
        out = self._cache["turn"] = tuple(sorted(codes))
        return out

    def _discards(self, h: list[int]) -> set[int]:
        """P1: discard a normal tile (never 红中/痞子/癞子: R1, R3, R4)."""
        return {DISCARD + t for t in range(N_KINDS) if h[t] and self._normal(t)}

    def _dead_discards(self, h: list[int]) -> set[int]:
        """Engine decision (game.py docstring): a player that must discard but holds only
        红中/痞子/癞子 while G4 forbids special plays discards one of them; never claimable."""
        return {DISCARD + t for t in range(N_KINDS) if h[t]}

    def _concealed_gangs_allowed(self) -> bool:
        """P1, D18: with ``claim_turn_gang = "after_draw"`` a turn that began with a 碰 or
        吃 is not a turn after drawing: no 暗杠 or 蓄杠 in it, only special plays and a
        discard. A 冲杠's replacement draw is a draw (that turn may gang). Reading of the
        engine where RULES.md is silent: a special play's replacement draw in a turn that
        began with a 碰/吃 does not make it a turn after drawing. ``"any"``: always allowed."""
        return self.rules.claim_turn_gang == "any" or not self.began_with_claim

    def _an_gangs(self, h: list[int]) -> set[int]:
        """P1: 暗杠 of four held tiles of a kind, not 癞子/红中/痞子 (G4 checked by the caller)."""
        return {AN_GANG + t for t in range(N_KINDS) if h[t] == 4 and self._normal(t)}

    def _xu_gangs(self, s: int) -> set[int]:
        """P1, D17: 蓄杠 — a held tile added to one's own 碰 (now or any later turn)."""
        return {XU_GANG + ts[0] for k, ts, _ in self.melds[s] if k == "peng" and self.hands[s][ts[0]]}

    def _special_plays(self, h: list[int]) -> set[int]:
        """P3: 红中杠, 痞子杠 (each held 痞子 kind), 癞子杠."""
        out = set()
        if h[HONGZHONG]:
            out.add(HONGZHONG_GANG)
        for p in self.pizi:
            if h[p]:
                out.add(PIZI_GANG + p)
        if h[self.laizi]:
            out.add(LAIZI_GANG)
        return out

    def _chi_codes(self, h: list[int], t: int) -> list[int]:
        """P2 吃: a suited chow holding the discard ``t`` and two held tiles, neither a
        癞子 nor a 痞子 (R3, R4: never used in melds; 红中 is an honor, never chowed)."""
        out = []
        if t >= 27:
            return out
        for low in (t - 2, t - 1, t):
            if low < 0 or low // 9 != t // 9 or low % 9 > 6:
                continue
            others = [x for x in (low, low + 1, low + 2) if x != t]
            if all(h[x] and self._normal(x) for x in others):
                out.append(chi_code(low))
        return out

    def _claim_options(self, s: int, t: int, d: int) -> tuple[tuple[int, ...], list | None]:
        """P2: what seat ``s`` may claim on ``d``'s discard ``t`` (Pass not included), and
        the facts of its win when 放冲 is one of them."""
        h = self.hands[s]
        o: list[int] = []
        if s == (d + 1) % 4:
            o += self._chi_codes(h, t)  # 吃 only by the next player
        if h[t] >= 2:
            o.append(PENG)
        if h[t] >= 3 and self._gang_allowed():
            o.append(CHONG_GANG)  # G4
        c = h[:]
        c[t] += 1
        r = self._win(s, c, t, "fangchong", d)  # P2 放冲, by anyone
        if r is not None:
            o.append(HU)
        return tuple(o), r

    # ------------------------------------------------------------------ windows
    def _pending(self) -> tuple[int, ...]:
        w = self.window
        d = w.seat
        return tuple(s for s in ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4) if s in w.options and s not in w.answers)

    def _order_key(self, s: int, code: int) -> tuple[int, int]:
        """P2, D11: priority, then turn order counted from the discarder (robbed seat) or the dealer."""
        origin = self.window.seat if self.rules.hu_order == "discarder" else self.dealer
        return (claim_rank(code), (s - origin) % 4)

    def _best_answer(self) -> tuple[int | None, tuple]:
        best, key = None, (9, 9)
        for s, c in self.window.answers.items():
            if c != PASS and self._order_key(s, c) < key:
                best, key = s, self._order_key(s, c)
        return best, key

    def _decided(self) -> bool:
        """The window closes as soon as no pending answer can change the outcome (game.py
        docstring): no seat still to answer has an option that would beat the best answer."""
        _, key = self._best_answer()
        w = self.window
        for s in self._pending():
            if min(self._order_key(s, c) for c in w.options[s]) < key:
                return False
        return True

    def _open_claim(self, d: int, t: int) -> None:
        """P2: after ``d`` discards the normal tile ``t``, ask every seat that may claim it;
        seats with nothing but Pass are not asked; with nobody to ask the next seat draws."""
        opts, wins = {}, {}
        for i in (1, 2, 3):
            s = (d + i) % 4
            o, r = self._claim_options(s, t, d)
            if o:
                opts[s] = o
            if r is not None:
                wins[s] = r
        if not opts:
            self._normal_draw((d + 1) % 4)
            return
        self.phase = "claim"
        self.turn = d
        self.window = Window("claim", t, d, opts, wins=wins)

    def _open_rob(self, s: int, t: int) -> None:
        """P4 抢杠: seat ``s`` declared a 蓄杠 of ``t``; the seats that can win on ``t`` (as
        qianggang, the robbed seat the discarder) are asked; none: the 蓄杠 stands."""
        wins = {}
        for i in (1, 2, 3):
            w = (s + i) % 4
            c = self.hands[w][:]
            c[t] += 1
            r = self._win(w, c, t, "qianggang", s)
            if r is not None:
                wins[w] = r
        if not wins:
            self._complete_xu(s, t)
            return
        self.phase = "rob"
        self.turn = s
        self.window = Window("rob", t, s, {w: (HU,) for w in wins}, wins=wins)

    def _resolve(self) -> None:
        """P2 / P4: apply the winning answer of a closed window."""
        w = self.window
        best, _ = self._best_answer()
        self.window = None
        d, t = w.seat, w.tile
        if w.kind == "rob":
            if best is None:
                self._complete_xu(d, t)
            else:
                # P4, L3: the tile moves from the robbed hand to the winner's; the 碰 stays
                self.hands[d][t] -= 1
                self.hands[best][t] += 1
                self._finish(best, "qianggang", t, d, w.wins[best])
            return
        if best is None:
            self._normal_draw((d + 1) % 4)
            return
        code = w.answers[best]
        assert self.rivers[d][-1] == t
        self.rivers[d] = self.rivers[d][:-1]  # the claimed discard leaves the river
        h = self.hands[best]
        if code == HU:
            h[t] += 1
            self._finish(best, "fangchong", t, d, w.wins[best])
        elif code == PENG:
            h[t] -= 2
            self.melds[best].append(("peng", (t, t, t), d))
            self._claimer_turn(best)
        elif code == CHONG_GANG:
            h[t] -= 3
            self.melds[best].append(("chong_gang", (t, t, t, t), d))
            self.began_with_claim = False  # D18: its replacement draw is a draw
            self._replacement(best)  # P2: a 冲杠 claimer draws a replacement
        else:
            low = chi_low(code)
            for x in (low, low + 1, low + 2):
                if x != t:
                    h[x] -= 1
            self.melds[best].append(("chi", (low, low + 1, low + 2), d))
            self._claimer_turn(best)

    def _claimer_turn(self, s: int) -> None:
        """P2: a 碰/吃 claimer then discards; it may make special plays first (P3), but not
        自摸 (it drew nothing), and 暗杠/蓄杠 only under ``claim_turn_gang = "any"`` (D18)."""
        self.phase = "turn"
        self.turn = s
        self.drawn = None
        self.drawn_from = None
        self.must_play_laizi = False
        self.began_with_claim = True

    def _complete_xu(self, s: int, t: int) -> None:
        """P1: the 蓄杠 stands: the 碰 becomes a xu_gang in place (same source); a replacement draw."""
        self.hands[s][t] -= 1
        for i, (k, ts, src) in enumerate(self.melds[s]):
            if k == "peng" and ts[0] == t:
                self.melds[s][i] = ("xu_gang", (t, t, t, t), src)
                break
        else:  # pragma: no cover
            raise AssertionError("xu_gang without its peng")
        self._replacement(s)

    # ------------------------------------------------------------------ draws
    def _draw(self, s: int, end: str) -> None:
        """G1, D1: a normal draw from the front or a replacement draw from the back.

        W8 (D13, ``second_laizi = "play_out"``): a player that was ready (D10) holding one
        癞子 and draws a second must play one out (a 癞子杠) unless it declares a legal win."""
        if end == "front":
            t = self.wall[self.front]
            self.front += 1
        else:
            t = self.wall[self.back]
            self.back -= 1
        h = self.hands[s]
        self.must_play_laizi = (self.rules.second_laizi == "play_out" and t == self.laizi
                                and h[self.laizi] == 1 and self._ready(s))
        h[t] += 1
        self.drawn = t
        self.drawn_from = end

    def _replacement(self, s: int) -> None:
        """P1, P2, P3, D1: after any gang or special play, a replacement draw from the back;
        the same seat continues its turn (G4 guarantees more than ``dead_wall`` tiles left)."""
        assert self.tiles_left > self.rules.dead_wall
        self._draw(s, "back")
        self.phase = "turn"
        self.turn = s

    def _normal_draw(self, s: int) -> None:
        """G2, G3: the next seat's normal draw — or the 海底 phase once at most
        ``dead_wall + 4`` tiles are left."""
        if self.tiles_left <= self.rules.dead_wall + 4:
            self._haidi(s)
            return
        self._draw(s, "front")
        self.phase = "turn"
        self.turn = s

    def _haidi(self, s: int) -> None:
        """G3 海底: each seat in turn, from ``s``, draws one tile while more than ``dead_wall``
        remain and may only declare 海底捞 or pass; a seat that cannot win passes by itself
        (engine: seats whose only option is Pass are never asked) and its tile stays in its
        hand (engine decision). Nobody wins: an exhaustive draw (荒庄, X6)."""
        self.must_play_laizi = False
        while self.tiles_left > self.rules.dead_wall:
            self._cache = {}
            self._draw(s, "front")
            self.must_play_laizi = False  # G3: no special play in the 海底 phase
            self.phase = "haidi"
            self.turn = s
            if self._self_win() is not None:
                return
            s = (s + 1) % 4
        self.phase = "over"
        self.drawn = None
        self.result = {"winner": None, "how": None, "win_tile": None, "discarder": None,
                       "payments": frozenset({(0, 0, 0, 0)}), "readings": frozenset()}

    def _finish(self, w: int, how: str, t: int, d: int | None, facts: WinFacts) -> None:
        """A win: the readings W10 allows give the payments (X5)."""
        readings = facts.readings()
        assert not isinstance(readings, str), readings
        self.phase = "over"
        self.drawn = None
        self.window = None
        self.result = {
            "winner": w, "how": how, "win_tile": t, "discarder": d,
            "payments": frozenset(r.payments for r in readings),
            "readings": frozenset((r.big, r.hard) for r in readings),
        }

    # ------------------------------------------------------------------ step
    def step(self, seat: int, code: int) -> None:
        """Apply ``code`` for ``seat``; a code not in :meth:`legal` raises ValueError."""
        if code not in self.legal(seat):
            raise ValueError(f"seat {seat}: code {code} not legal (legal {self.legal(seat)})")
        if self.phase == "turn":
            self._turn_step(seat, code)
        elif self.phase in ("claim", "rob"):
            self.window.answers[seat] = code
            if self._decided():
                self._resolve()
        elif code == HU:  # haidi (G3): 海底捞
            self._finish(seat, "haidilao", self.drawn, None, self._self_win())
        else:  # haidi: the next seat's 海底 draw
            self._haidi((seat + 1) % 4)
        if self.phase != "over":
            self._cache = {}

    def _turn_step(self, s: int, code: int) -> None:
        h = self.hands[s]
        if code == HU:
            self._finish(s, self._self_how(), self.drawn, None, self._self_win())
            return
        self.drawn = None
        self.must_play_laizi = False
        if code < 34:  # discard (P1); a dead discard opens no window (R1, R3, R4)
            t = code
            self.began_with_claim = False  # D18: the turn ends
            h[t] -= 1
            self.rivers[s] += (t,)
            if self._normal(t):
                self._open_claim(s, t)
            else:
                self._normal_draw((s + 1) % 4)
        elif AN_GANG <= code < AN_GANG + 34:  # P1 暗杠, never robbed (P4)
            t = code - AN_GANG
            h[t] -= 4
            self.melds[s].append(("an_gang", (t, t, t, t), None))
            self._replacement(s)
        elif XU_GANG <= code < XU_GANG + 34:  # P1 蓄杠, may be robbed (P4)
            self._open_rob(s, code - XU_GANG)
        else:  # P3 special plays
            if code == HONGZHONG_GANG:
                kind, t = "hongzhong_gang", HONGZHONG
            elif code == LAIZI_GANG:
                kind, t = "laizi_gang", self.laizi
            else:
                kind, t = "pizi_gang", code - PIZI_GANG
            h[t] -= 1
            self.specials[s] += ((kind, t),)
            self._replacement(s)
