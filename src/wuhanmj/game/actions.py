"""Player actions: small immutable values, each with a stable integer code (P1–P4).

Every action a player can take in a hand is one value of this module, and one
integer of a single fixed action space (``ACTION_SPACE_SIZE`` = 163), so bots,
servers and learning code share one vocabulary (legal-action masks are boolean
arrays of that size). The layout never changes:

=========================  =====  ===============================================
action                     codes  meaning
=========================  =====  ===============================================
``Discard(tile)``            0–33  discard a normal tile (P1); code = tile
``Chi(low)``                34–54  claim the discard for a chow (P2); code = 34 +
                                   7 * suit + (rank of the lowest tile - 1)
``Peng()``                     55  claim the discard for a pong (P2)
``ChongGang()``                56  claim the discard for a kong from a concealed
                                   triplet (冲杠, P2)
``XuGang(tile)``           57–90  add a tile to one's own pong (蓄杠, P1, P4)
``AnGang(tile)``          91–124  concealed kong (暗杠, P1)
``HongzhongGang()``           125  play out a 红中 (红中杠, P3)
``PiziGang(tile)``       126–159  play out a 痞子 (痞子杠, P3, R3)
``LaiziGang()``               160  play out a 癞子 (癞子杠, P3, R4)
``Hu()``                      161  declare a win (自摸 on one's turn, or a claim, P2, P4, G3)
``Pass()``                    162  decline a claim or a 海底 win
=========================  =====  ===============================================

>>> Discard("5m").code, decode(4)
(4, Discard("5m"))
>>> Chi("345m").code, Chi("345m").tiles
(36, (2, 3, 4))
>>> decode(Peng().code) == Peng()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union, cast

from .. import _checks
from ..errors import IllegalActionError, TileError
from ..tiles import HONGZHONG, format_tile, format_tiles, parse_tile, parse_tiles

__all__ = [
    "Action",
    "Discard",
    "Chi",
    "Peng",
    "ChongGang",
    "XuGang",
    "AnGang",
    "HongzhongGang",
    "PiziGang",
    "LaiziGang",
    "Hu",
    "Pass",
    "decode",
    "encode",
    "action_name",
    "chi_code",
    "chi_low",
    "ACTION_SPACE_SIZE",
    "DISCARD",
    "CHI",
    "PENG",
    "CHONG_GANG",
    "XU_GANG",
    "AN_GANG",
    "HONGZHONG_GANG",
    "PIZI_GANG",
    "LAIZI_GANG",
    "HU",
    "PASS",
]

# Offsets of the action space (stable: never reorder).
DISCARD = 0
CHI = 34
PENG = 55
CHONG_GANG = 56
XU_GANG = 57
AN_GANG = 91
HONGZHONG_GANG = 125
PIZI_GANG = 126
LAIZI_GANG = 160
HU = 161
PASS = 162
ACTION_SPACE_SIZE = 163


def chi_code(low: int) -> int:
    """The code of the chi whose lowest tile is ``low`` (0-26, rank 1-7 of its suit; not
    checked): 34 + 7 * suit + rank - 1 (P2). The inverse of :func:`chi_low`; the native
    engine's ``chi_code`` (``native/defs.pxd``) is the same formula."""
    return CHI + 7 * (low // 9) + low % 9


def chi_low(code: int) -> int:
    """The lowest tile (0-26) of the chi of ``code`` (34-54; not checked, P2). The inverse
    of :func:`chi_code`."""
    k = code - CHI
    return 9 * (k // 7) + k % 7


def _tile(value: int | str, what: str) -> int:
    if isinstance(value, str):
        return parse_tile(value)
    t = _checks.index(value)
    if t is None or not 0 <= t < 34:
        raise TileError(f"{what}: expected a tile 0-33 or its notation, got {value!r}")
    return t


def _parse_chi_low(value: int | str) -> int:
    """The lowest tile of a chow from ``"345m"``, ``"3m"`` or an int."""
    if isinstance(value, str):
        tiles = parse_tiles(value)
        if len(tiles) == 1:
            low = tiles[0]
        elif len(tiles) == 3:
            tiles = sorted(tiles)
            low = tiles[0]
            if tiles != [low, low + 1, low + 2]:
                raise IllegalActionError(f"P2: {value!r} is not a chow of three consecutive tiles")
        else:
            raise IllegalActionError(f"P2: a chow is three tiles, got {value!r}")
    else:
        low = _tile(value, "Chi")
    if low >= 27 or low % 9 > 6:
        raise IllegalActionError(f"P2: no chow starts at {format_tile(low)} (honors never chow; 8 and 9 cannot start one)")
    return low


class Action:
    """Base class of every action. Subclasses are frozen dataclasses with slots.

    ``code`` is the action's integer in the fixed action space; ``kind`` its
    pinyin name (``"discard"``, ``"chi"``, … ``"pass"``).
    """

    __slots__ = ()
    kind: str = ""

    @property
    def code(self) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def encode(self) -> int:
        """The action's integer code in ``range(ACTION_SPACE_SIZE)``."""
        return self.code


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    """Discard a normal tile (P1). ``tile``: int 0–33 or notation like ``"5m"``."""

    tile: int
    kind = "discard"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", _tile(self.tile, "Discard"))

    @property
    def code(self) -> int:
        return DISCARD + self.tile

    def __repr__(self) -> str:
        return f'Discard("{format_tile(self.tile)}")'


@dataclass(frozen=True, slots=True, repr=False)
class Chi(Action):
    """Claim the discard for a chow (吃, P2), only by the next player.

    ``low``: the lowest tile of the chow (int) or the chow's text, ``"345m"``
    (``"3m"`` also works). ``tiles`` gives the three kinds.
    """

    low: int
    kind = "chi"

    def __post_init__(self) -> None:
        object.__setattr__(self, "low", _parse_chi_low(self.low))

    @property
    def tiles(self) -> tuple[int, int, int]:
        return (self.low, self.low + 1, self.low + 2)

    @property
    def code(self) -> int:
        return chi_code(self.low)

    def __repr__(self) -> str:
        return f'Chi("{format_tiles(self.tiles)}")'


@dataclass(frozen=True, slots=True, repr=False)
class Peng(Action):
    """Claim the discard for a pong (碰, P2)."""

    kind = "peng"

    @property
    def code(self) -> int:
        return PENG

    def __repr__(self) -> str:
        return "Peng()"


@dataclass(frozen=True, slots=True, repr=False)
class ChongGang(Action):
    """Claim the discard for a kong with a concealed triplet (冲杠, P2); a replacement draw follows."""

    kind = "chong_gang"

    @property
    def code(self) -> int:
        return CHONG_GANG

    def __repr__(self) -> str:
        return "ChongGang()"


@dataclass(frozen=True, slots=True, repr=False)
class XuGang(Action):
    """Add ``tile`` to one's own exposed pong (蓄杠, P1); others may rob it (P4)."""

    tile: int
    kind = "xu_gang"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", _tile(self.tile, "XuGang"))

    @property
    def code(self) -> int:
        return XU_GANG + self.tile

    def __repr__(self) -> str:
        return f'XuGang("{format_tile(self.tile)}")'


@dataclass(frozen=True, slots=True, repr=False)
class AnGang(Action):
    """Concealed kong of four held ``tile`` (暗杠, P1); a replacement draw follows."""

    tile: int
    kind = "an_gang"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", _tile(self.tile, "AnGang"))

    @property
    def code(self) -> int:
        return AN_GANG + self.tile

    def __repr__(self) -> str:
        return f'AnGang("{format_tile(self.tile)}")'


@dataclass(frozen=True, slots=True, repr=False)
class HongzhongGang(Action):
    """Play out a 红中 (红中杠, P3, R1); never claimable, a replacement draw follows."""

    kind = "hongzhong_gang"

    @property
    def tile(self) -> int:
        return HONGZHONG

    @property
    def code(self) -> int:
        return HONGZHONG_GANG

    def __repr__(self) -> str:
        return "HongzhongGang()"


@dataclass(frozen=True, slots=True, repr=False)
class PiziGang(Action):
    """Play out a 痞子 ``tile`` (痞子杠, P3, R3); never claimable, a replacement draw follows."""

    tile: int
    kind = "pizi_gang"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", _tile(self.tile, "PiziGang"))

    @property
    def code(self) -> int:
        return PIZI_GANG + self.tile

    def __repr__(self) -> str:
        return f'PiziGang("{format_tile(self.tile)}")'


@dataclass(frozen=True, slots=True, repr=False)
class LaiziGang(Action):
    """Play out a 癞子 (癞子杠, P3, R4); never claimable, a replacement draw follows."""

    kind = "laizi_gang"

    @property
    def code(self) -> int:
        return LAIZI_GANG

    def __repr__(self) -> str:
        return "LaiziGang()"


@dataclass(frozen=True, slots=True, repr=False)
class Hu(Action):
    """Declare a win: self-drawn on one's turn (P1, G3) or on a discard / robbed 蓄杠 (P2, P4)."""

    kind = "hu"

    @property
    def code(self) -> int:
        return HU

    def __repr__(self) -> str:
        return "Hu()"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """Decline every claim on a discard or a 蓄杠, or a 海底 win (P2, P4, G3)."""

    kind = "pass"

    @property
    def code(self) -> int:
        return PASS

    def __repr__(self) -> str:
        return "Pass()"


ActionLike = Union[Action, int]


def _build_table() -> tuple[Action, ...]:
    table: list[Action | None] = [None] * ACTION_SPACE_SIZE
    a: Action
    for t in range(34):
        table[DISCARD + t] = Discard(t)
        table[XU_GANG + t] = XuGang(t)
        table[AN_GANG + t] = AnGang(t)
        table[PIZI_GANG + t] = PiziGang(t)
    for suit in range(3):
        for r in range(7):
            a = Chi(9 * suit + r)
            table[a.code] = a
    for a in (Peng(), ChongGang(), HongzhongGang(), LaiziGang(), Hu(), Pass()):
        table[a.code] = a
    assert all(a is not None and a.code == i for i, a in enumerate(table))
    return tuple(cast("list[Action]", table))  # no None left: asserted above


ACTIONS: tuple[Action, ...] = _build_table()
"""``ACTIONS[code]`` is the action of that code (shared instances)."""

KIND_OF_CODE: tuple[str, ...] = tuple(a.kind for a in ACTIONS)
"""``KIND_OF_CODE[code]`` is the action kind's name."""


def decode(code: int) -> Action:
    """The action of an integer code. Raises IllegalActionError if out of range."""
    c = _checks.index(code)
    if c is None or not 0 <= c < ACTION_SPACE_SIZE:
        raise IllegalActionError(f"action code must be an int 0-{ACTION_SPACE_SIZE - 1}, got {code!r}")
    return ACTIONS[c]


def encode(action: ActionLike) -> int:
    """The integer code (a plain int) of an action value or of an integer code (numpy
    integers included), as :meth:`Game.step` reads it.

    Raises:
        IllegalActionError: a code out of range 0-162 or not an integer (a bool, a float),
            or the :class:`Action` base class itself (it has no code).
    """
    if isinstance(action, Action):
        try:
            c = action.code
        except NotImplementedError:
            raise IllegalActionError(f"{action!r} is not a concrete action (the Action base class has "
                                     "no code); use Discard, Chi, Peng, ... or an int code") from None
        if type(c) is int:
            return c
        action = c
    return decode(action).code


def action_name(code: int) -> str:
    """A short readable name of a code: ``"discard 5m"``, ``"chi 345m"``, ``"hu"``."""
    a = decode(code)
    if isinstance(a, Chi):
        return f"chi {format_tiles(a.tiles)}"
    if isinstance(a, (Discard, XuGang, AnGang, PiziGang)):
        return f"{a.kind} {format_tile(a.tile)}"
    return a.kind
