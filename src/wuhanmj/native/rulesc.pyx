# cython: language_level=3
"""A :class:`~wuhanmj.rules.Rules` as the C struct the native engine reads (§10)."""

from libc.string cimport memset

from wuhanmj.native.defs cimport MAX_MONEY_FAN

from wuhanmj.errors import RulesError
from wuhanmj.rules import Rules


cdef int rules_to_c(object rules, RulesC* out) except -1:
    """Fill ``out`` from ``rules`` (a Rules or a preset name). Raises RulesError."""
    r = Rules.coerce(rules)
    memset(out, 0, sizeof(RulesC))
    out.per_opening = r.opening == "per_opening"
    out.fan_schedule = r.schedule == "fan"
    out.cap = r.cap
    out.gold_cap = r.gold_cap
    out.cap_fan = r.cap_fan
    for fan, money in r.money:
        if not 0 <= fan <= MAX_MONEY_FAN:
            raise RulesError(f"money: fan {fan} outside 0-{MAX_MONEY_FAN} (native engine)")
        out.money[fan] = money
        out.has_money[fan] = 1
    out.gold_money = r.gold_money
    out.min_fan = -1 if r.min_fan is None else r.min_fan
    out.pizi = r.pizi
    out.bi = r.bi
    out.wind_laizi_double = r.wind_laizi_double
    out.qqr_not_ready = r.qqr_liability == "not_ready"
    out.big_hu_fan = r.big_hu_fan
    out.jinding_fixed = r.jinding == "fixed"
    out.dead_wall = r.dead_wall
    out.escape_penalty = r.escape_penalty
    out.hu_order_dealer = r.hu_order == "dealer"
    out.gang_floor = r.gang_floor
    out.second_laizi_play_out = r.second_laizi == "play_out"
    out.xiayu = r.xiayu
    out.gangkai_haidi_zimo = r.gangkai_haidi_zimo
    out.qqr_pair_258 = r.qqr_pair == "258"
    out.claim_turn_gang_any = r.claim_turn_gang == "any"
    return 0


def rules_dict(rules) -> dict:
    """The C struct that :func:`rules_to_c` fills from ``rules``, read back (for tests).

    Args:
        rules: a :class:`~wuhanmj.rules.Rules`, a preset name or None (kaikou).

    Returns:
        dict: one key per field of ``RulesC`` (``rulesc.pxd``) and its C value: ints for
        the flags and counts, floats for the amounts; ``money`` and ``has_money`` as lists
        of ``MAX_MONEY_FAN + 1`` entries indexed by fan (X2).

    Raises:
        RulesError: ``rules`` is no rule set, or its money table names a fan above
            ``MAX_MONEY_FAN``.
    """
    cdef RulesC c
    rules_to_c(rules, &c)
    d = dict(c)
    d["money"] = [c.money[i] for i in range(MAX_MONEY_FAN + 1)]
    d["has_money"] = [c.has_money[i] for i in range(MAX_MONEY_FAN + 1)]
    return d
