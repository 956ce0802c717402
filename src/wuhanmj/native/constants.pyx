# cython: language_level=3
"""The compile-time constants of the ``.pxd`` files, as C sees them, for the tests that
check each against the Python name it mirrors (``tests/native/test_native_defs.py``).

A ``cdef enum`` value exists only when C code is compiled: nothing at run time would show
that ``A_PENG`` in ``native/defs.pxd`` no longer equals ``wuhanmj.game.actions.PENG``.
:func:`pxd_constants` reads every one back; a constant added to a ``.pxd`` file without a
line here fails that test.
"""

from wuhanmj.core.checks cimport TOTALS_ANY, TOTALS_COMPLETE, TOTALS_SHANTEN, TOTALS_WAITING
from wuhanmj.core.defs cimport (
    EF_258,
    EF_ANY,
    EF_FLAG,
    EF_NONE,
    INF,
    JIANG_SUIT,
    MAX_TILES,
    N_HONOR,
    N_KINDS,
    N_ROUTES,
    N_SUIT,
    PAIR_258,
    PAIR_ANY,
    PAIR_NONE,
    RT_CHOWS,
    RT_FENG,
    RT_JIANG,
    RT_PENGPENG,
    RT_XIAOHU,
    SH_FLAG,
    SH_INF,
    SH_NTAU,
)
from wuhanmj.native.agent cimport AGENT_ABI_VERSION, AGENT_MAX_PLAYS, AGENT_MAX_STATE
from wuhanmj.native.agents cimport AGENT_GREEDY, AGENT_NATIVE, AGENT_PYTHON, AGENT_RANDOM
from wuhanmj.native.encode cimport (
    AN_GANG,
    CHI,
    CLAIM,
    DRAWN,
    ENC_VERSION,
    HAND,
    INDICATOR,
    LAIZI,
    MING_GANG,
    N_PLANES,
    N_RIVER,
    N_SCALARS,
    OBS_SIZE,
    PENG,
    PIZI,
    RIVER,
    SC,
    SPECIAL,
    S_DEALER,
    S_GANG_ALLOWED,
    S_HAND_SIZES,
    S_OPENINGS,
    S_PHASE,
    S_PREV_LAIZI,
    S_RULE_FAN,
    S_RULE_PER_OPENING,
    S_RULE_PIZI,
    S_TILES_LEFT,
    S_TURN,
    VISIBLE,
)
from wuhanmj.native.defs cimport (
    A_AN_GANG,
    A_CHI,
    A_CHONG_GANG,
    A_DISCARD,
    A_HONGZHONG_GANG,
    A_HU,
    A_LAIZI_GANG,
    A_PASS,
    A_PENG,
    A_PIZI_GANG,
    A_XU_GANG,
    BH_FENGYISE,
    BH_GANGSHANGHUA,
    BH_HAIDILAO,
    BH_JIANGYISE,
    BH_PENGPENGHU,
    BH_QIANGGANG,
    BH_QINGYISE,
    BH_QUANQIUREN,
    DK_BACK,
    DK_FRONT,
    DK_NONE,
    HONGZHONG,
    HOW_FANGCHONG,
    HOW_GANGSHANGHUA,
    HOW_HAIDILAO,
    HOW_QIANGGANG,
    HOW_ZIMO,
    LR_L1,
    LR_L2,
    LR_L3,
    LR_NONE,
    MAX_LOG,
    MAX_MONEY_FAN,
    MAX_RIVER,
    MK_AN_GANG,
    MK_CHI,
    MK_CHONG_GANG,
    MK_PENG,
    MK_XU_GANG,
    N_ACTIONS,
    PH_CLAIM,
    PH_HAIDI,
    PH_OVER,
    PH_ROB,
    PH_TURN,
    R_LEGAL,
    R_W1,
    R_W4,
    R_W5,
    R_W8,
    R_W11,
)
from wuhanmj.native.hand cimport MAX_LEGAL, MAX_PLAYS
from wuhanmj.native.infer cimport N_FEATURES

__all__ = ["pxd_constants"]


def pxd_constants():
    """Every ``cdef enum`` constant of the package's ``.pxd`` files, by file.

    Returns:
        dict[str, dict[str, int]]: ``{path under src/: {name: value}}``, e.g.
        ``pxd_constants()["wuhanmj/native/defs.pxd"]["A_PENG"] == 55``.
    """
    return {
        "wuhanmj/core/defs.pxd": {
            "MAX_TILES": MAX_TILES, "N_KINDS": N_KINDS, "N_SUIT": N_SUIT, "N_HONOR": N_HONOR, "INF": INF,
            "PAIR_NONE": PAIR_NONE, "PAIR_ANY": PAIR_ANY, "PAIR_258": PAIR_258,
            "SH_INF": SH_INF, "SH_NTAU": SH_NTAU, "SH_FLAG": SH_FLAG, "JIANG_SUIT": JIANG_SUIT,
            "N_ROUTES": N_ROUTES,
            "RT_XIAOHU": RT_XIAOHU, "RT_PENGPENG": RT_PENGPENG, "RT_CHOWS": RT_CHOWS,
            "RT_JIANG": RT_JIANG, "RT_FENG": RT_FENG,
            "EF_258": EF_258, "EF_NONE": EF_NONE, "EF_ANY": EF_ANY, "EF_FLAG": EF_FLAG,
        },
        "wuhanmj/core/checks.pxd": {
            "TOTALS_ANY": TOTALS_ANY, "TOTALS_COMPLETE": TOTALS_COMPLETE, "TOTALS_WAITING": TOTALS_WAITING,
            "TOTALS_SHANTEN": TOTALS_SHANTEN,
        },
        "wuhanmj/native/defs.pxd": {
            "HOW_ZIMO": HOW_ZIMO, "HOW_FANGCHONG": HOW_FANGCHONG, "HOW_QIANGGANG": HOW_QIANGGANG,
            "HOW_GANGSHANGHUA": HOW_GANGSHANGHUA, "HOW_HAIDILAO": HOW_HAIDILAO,
            "MK_CHI": MK_CHI, "MK_PENG": MK_PENG, "MK_CHONG_GANG": MK_CHONG_GANG, "MK_XU_GANG": MK_XU_GANG,
            "MK_AN_GANG": MK_AN_GANG,
            "BH_PENGPENGHU": BH_PENGPENGHU, "BH_QINGYISE": BH_QINGYISE, "BH_JIANGYISE": BH_JIANGYISE,
            "BH_FENGYISE": BH_FENGYISE, "BH_QUANQIUREN": BH_QUANQIUREN, "BH_GANGSHANGHUA": BH_GANGSHANGHUA,
            "BH_HAIDILAO": BH_HAIDILAO, "BH_QIANGGANG": BH_QIANGGANG,
            "R_LEGAL": R_LEGAL, "R_W1": R_W1, "R_W4": R_W4, "R_W5": R_W5, "R_W8": R_W8, "R_W11": R_W11,
            "LR_NONE": LR_NONE, "LR_L1": LR_L1, "LR_L2": LR_L2, "LR_L3": LR_L3,
            "PH_TURN": PH_TURN, "PH_CLAIM": PH_CLAIM, "PH_ROB": PH_ROB, "PH_HAIDI": PH_HAIDI, "PH_OVER": PH_OVER,
            "DK_NONE": DK_NONE, "DK_FRONT": DK_FRONT, "DK_BACK": DK_BACK,
            "A_DISCARD": A_DISCARD, "A_CHI": A_CHI, "A_PENG": A_PENG, "A_CHONG_GANG": A_CHONG_GANG,
            "A_XU_GANG": A_XU_GANG, "A_AN_GANG": A_AN_GANG, "A_HONGZHONG_GANG": A_HONGZHONG_GANG,
            "A_PIZI_GANG": A_PIZI_GANG, "A_LAIZI_GANG": A_LAIZI_GANG, "A_HU": A_HU, "A_PASS": A_PASS,
            "N_ACTIONS": N_ACTIONS,
            "HONGZHONG": HONGZHONG, "MAX_MONEY_FAN": MAX_MONEY_FAN, "MAX_RIVER": MAX_RIVER, "MAX_LOG": MAX_LOG,
        },
        "wuhanmj/native/hand.pxd": {"MAX_PLAYS": MAX_PLAYS, "MAX_LEGAL": MAX_LEGAL},
        "wuhanmj/native/agents.pxd": {"AGENT_RANDOM": AGENT_RANDOM, "AGENT_GREEDY": AGENT_GREEDY,
                                      "AGENT_NATIVE": AGENT_NATIVE, "AGENT_PYTHON": AGENT_PYTHON},
        "wuhanmj/native/agent.pxd": {"AGENT_ABI_VERSION": AGENT_ABI_VERSION, "AGENT_MAX_STATE": AGENT_MAX_STATE,
                                     "AGENT_MAX_PLAYS": AGENT_MAX_PLAYS},
        "wuhanmj/native/encode.pxd": {"ENC_VERSION": ENC_VERSION, "HAND": HAND, "DRAWN": DRAWN, "CHI": CHI, "PENG": PENG, "MING_GANG": MING_GANG, "AN_GANG": AN_GANG, "SPECIAL": SPECIAL, "VISIBLE": VISIBLE, "INDICATOR": INDICATOR, "LAIZI": LAIZI, "PIZI": PIZI, "CLAIM": CLAIM, "RIVER": RIVER, "N_RIVER": N_RIVER, "N_PLANES": N_PLANES, "SC": SC, "S_PHASE": S_PHASE, "S_TURN": S_TURN, "S_DEALER": S_DEALER, "S_TILES_LEFT": S_TILES_LEFT, "S_HAND_SIZES": S_HAND_SIZES, "S_OPENINGS": S_OPENINGS, "S_GANG_ALLOWED": S_GANG_ALLOWED, "S_RULE_PIZI": S_RULE_PIZI, "S_RULE_FAN": S_RULE_FAN, "S_RULE_PER_OPENING": S_RULE_PER_OPENING, "S_PREV_LAIZI": S_PREV_LAIZI, "N_SCALARS": N_SCALARS, "OBS_SIZE": OBS_SIZE},
        "wuhanmj/native/infer.pxd": {"N_FEATURES": N_FEATURES},
    }
