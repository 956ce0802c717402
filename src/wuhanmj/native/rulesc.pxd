# A Rules value as a C struct (§10), for the native engine: every field the engine and the
# scoring read, converted once with the GIL by rules_to_c().

from libc.stdint cimport uint8_t

from wuhanmj.native.defs cimport MAX_MONEY_FAN

ctypedef struct RulesC:
    int per_opening             # S1: 1 "per_opening" (口口翻), 0 "once" (开口翻)
    int fan_schedule            # X2: 1 "fan", 0 "points" (X1)
    double cap                  # 银顶 [points]
    double gold_cap             # 金顶 [points]
    int cap_fan                 # 银顶 [fan]
    double money[MAX_MONEY_FAN + 1]     # money[fan] (X2)
    uint8_t has_money[MAX_MONEY_FAN + 1]
    double gold_money           # 金顶 [money]
    int min_fan                 # W11 起胡, -1 for none
    int pizi                    # R3
    int bi                      # X3
    int wind_laizi_double       # X4
    int qqr_not_ready           # L1: 1 "not_ready" (seed 000), 0 "holds_non_jiang" (seed 001)
    int big_hu_fan              # S4
    int jinding_fixed           # D9: 1 "fixed", 0 "ceiling"
    int dead_wall               # G2
    double escape_penalty       # M3
    int hu_order_dealer         # P2, D11: 1 "dealer", 0 "discarder"
    int gang_floor              # G4, D12: Rules.gang_floor
    int second_laizi_play_out   # W8, D13
    int xiayu                   # L5, D14
    int gangkai_haidi_zimo      # D4
    int qqr_pair_258            # W6, D16
    int claim_turn_gang_any     # P1, D18: 1 "any", 0 "after_draw"

cdef int rules_to_c(object rules, RulesC* out) except -1
