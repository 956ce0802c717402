"""The field's terms in one place: names used in results and cases, with their Chinese.

Every module that prints or checks these names takes them from here; the big hu have
their own catalogue (:data:`wuhanmj.hand.bighu.BIG_HU`).
"""

__all__ = ["HOWS", "HOW_NAMES", "FAN_ITEMS", "LIABILITY"]

HOWS = ("zimo", "fangchong", "qianggang", "gangshanghua", "haidilao")
"""How a hand is won: self-drawn, on a discard, robbing a 蓄杠 (P4), on a
replacement draw after a gang (杠上开花), in the 海底 phase (G3)."""

HOW_NAMES = {
    "zimo": "自摸",
    "fangchong": "放冲",
    "qianggang": "抢杠",
    "gangshanghua": "杠上开花",
    "haidilao": "海底捞",
}
"""``how`` → Chinese."""

FAN_ITEMS = {
    "kaikou": "开口",
    "ming_gang": "明杠",
    "an_gang": "暗杠",
    "hongzhong_gang": "红中杠",
    "pizi_gang": "痞子杠",
    "laizi_gang": "癞子杠",
    "ying_hu": "硬胡",
    "zimo": "自摸",
    "fangchong": "放冲",
    "zhuang": "庄",
}
"""Fan item names (S1–S3) → Chinese. ``kaikou`` counts 1 (开口翻) or 1 per opening (口口翻)."""

LIABILITY = {
    "L1": "全求人 on its discard",
    "L2": "清一色: it fed the third opening",
    "L3": "抢杠: its 蓄杠 was robbed",
}
"""Liability cases (承包, L1–L3)."""
