"""The outcome of every hand of a binary records file as columns (:func:`record_outcomes`),
read from the rows without replaying any hand: what a rule study pairs hand by hand
(:func:`wuhanmj.sim.study.study`)."""

from __future__ import annotations

import numpy as np

from .records import F_FLOAT, F_JINDING, F_LIAB_SHIFT, FLOAT_EXT, RecordsReader

__all__ = ["record_outcomes"]


def record_outcomes(reader: RecordsReader) -> dict[str, np.ndarray]:
    """Every readable hand's outcome as columns, hand ``i`` at index ``i`` (what the rows
    store; a row with amounts that are not whole has its exact payments read from the part
    after its decisions, its CRC checked).

    Args:
        reader: an open records file (docs/RECORDS.md).

    Returns:
        ``{"match", "hand_in_match", "dealer", "winner", "how", "big", "reached",
        "jinding", "liability", "payments", "wall"}``: int64 arrays of shape (hands,) —
        ``winner`` −1 for a draw (X6); ``how`` the index in
        :data:`~wuhanmj.stats.outcome.HOWS`, −1 for a draw; ``big`` a bit per big hu of
        :data:`~wuhanmj.stats.outcome.BIG_HU`; ``reached`` the losers at the 银顶 (0–3, X1);
        ``jinding`` 0/1 (金顶, X1, D9); ``liability`` 0 for none, else 1 + the index in
        :data:`~wuhanmj.stats.outcome.LIABILITY` (承包, L1–L3) — and ``payments``
        (hands, 4) [points or money, X5]: int64 when every amount is whole, else float64
        (each amount as stored); ``wall`` (hands, 45) uint16, the packed wall (the same
        words ⇔ the same wall).

    Raises:
        RecordsError: a row with non-whole amounts whose record is corrupt.
    """
    rows = reader.rows()
    flags = rows["flags"].astype(np.int64)
    how = rows["how"].astype(np.int64)
    pays: np.ndarray = rows["payments"].astype(np.int64)
    floats = np.flatnonzero(flags & F_FLOAT)
    if floats.size:
        pays = pays.astype(np.float64)
        for i in floats.tolist():
            fields, var = reader.raw(int(rows["hand"][i]))
            n = fields[7]  # n_act: the decisions, then their seats, then the amounts
            amounts = FLOAT_EXT.unpack(var[n + (n + 3) // 4:])[1:]  # after the mask: scores, payments
            pays[i] = amounts[4:]
    return {
        "match": rows["match"].astype(np.int64),
        "hand_in_match": rows["hand_in_match"].astype(np.int64),
        "dealer": rows["dealer"].astype(np.int64),
        "winner": rows["winner"].astype(np.int64),
        "how": np.where(how == 255, -1, how),
        "big": rows["big"].astype(np.int64),
        "reached": rows["reached"].astype(np.int64),
        "jinding": (flags & F_JINDING != 0).astype(np.int64),
        "liability": (flags >> F_LIAB_SHIFT) & 3,
        "payments": pays,
        "wall": rows["wall"].copy(),
    }
