# cython: language_level=3
"""Matches of hands played natively, results as arrays.

:func:`run_matches` plays matches ``first_match`` … ``stop_match - 1`` of a simulation
exactly as :func:`wuhanmj.sim.batch.run_batch` plays them with the Python engine:

- match ``m``: ``match_seeds(root, m)`` (``SeedSequence(root, spawn_key=(m, 0))`` for the
  match, ``(m, 1)`` for the four agents), the first dealer ``m % 4``, no previous 癞子,
  scores 0 (M1); every agent reset with its seed (``RandomAgent``: ``default_rng(seed)``);
- hand ``h`` of the match: its seed ``integers(2**63)`` from ``default_rng(match_seed)``,
  the wall ``shuffled_wall(seed)`` (G1), the hand dealt with the dealer and the previous
  hand's 癞子 (M2, X4), played to its end: whoever ``hand_current`` names chooses among
  ``hand_legal``'s codes (``agent_choose``) and ``hand_apply`` plays it;
- after the hand: the payments added to the running scores (X5), the dealer passes to the
  next seat after a non-dealer win and stays otherwise (D5), the hand's 癞子 kept (M2).

Every seat is played by its agent: the built-in bots and registered native agents
(:class:`~wuhanmj.native.agents.NativeAgent`) in C, any other agent with the GIL at its own
decisions only (:mod:`wuhanmj.native.agents`), with the same observations, resets and errors
as the Python engine's loop (:func:`wuhanmj.game.loop.play_game`). Without Python agents the
whole loop runs without the GIL and makes no Python object per hand: the results are
numpy arrays, one row per hand (see :func:`run_matches`), and, when asked, each hand's
decisions (seat, code) in order, so that the Python engine can replay them
(:mod:`wuhanmj.sim.native` builds records and checks them against these arrays).
"""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

import numpy as np

from wuhanmj.native.agents cimport (
    AGENT_GREEDY,
    AGENT_NATIVE,
    AGENT_RANDOM,
    AgentC,
    agent_choose,
    agent_failure,
    agent_reset,
    agent_setup,
    agents_prepare,
)
from wuhanmj.native.defs cimport MAX_LOG, N_ACTIONS
from wuhanmj.native.hand cimport HandC, hand_apply, hand_current, hand_deal, hand_legal, hand_prepare
from wuhanmj.native.rng cimport Pcg64, match_seeds_c, pcg64_bounded, pcg64_seed_int, shuffled_wall_c
from wuhanmj.native.rulesc cimport RulesC, rules_to_c

from wuhanmj.errors import AgentError, SimulationError
from wuhanmj.native.rng import int_words

__all__ = ["run_matches", "AGENT_KINDS", "HAND_FIELDS"]

AGENT_KINDS = {"random": AGENT_RANDOM, "greedy": AGENT_GREEDY}
"""The built-in bots the native engine plays, by name (``wuhanmj.agents.AGENTS``)."""

cdef enum:
    LIVE_TILES = 82     # tiles in the wall after the deal and the indicator (136 - 54)

# (name, dtype, columns): the per-hand arrays of run_matches, in this order
HAND_FIELDS = (
    ("hand", np.int64, 1),          # the hand's index in the simulation
    ("match", np.int64, 1),
    ("hand_in_match", np.int32, 1),
    ("seed", np.uint64, 1),         # the wall seed (integers(2**63) of the match generator)
    ("dealer", np.int8, 1),
    ("prev_laizi", np.int8, 1),     # -1: none (first hand of a match)
    ("indicator", np.int8, 1),
    ("laizi", np.int8, 1),
    ("winner", np.int8, 1),         # -1: exhaustive draw (荒庄, X6)
    ("how", np.int8, 1),            # HOW_* (wuhanmj.terms.HOWS order), -1
    ("win_tile", np.int8, 1),       # -1
    ("discarder", np.int8, 1),      # -1: self-drawn or a draw
    ("big", np.uint16, 1),          # BH_* bits (wuhanmj.hand.bighu.CATALOGUE order)
    ("hard", np.int8, 1),           # 硬胡 (W9)
    ("wilds", np.int8, 1),
    ("payments", np.float64, 4),    # X5: winner positive, sum 0; zeros for a draw (X6)
    ("scores", np.float64, 4),      # the running scores at the deal (M1)
    ("liable", np.int8, 1),         # 承包 seat, -1
    ("liable_rule", np.int8, 1),    # LR_*: 0 none, 1 L1, 2 L2, 3 L3
    ("co_liable", np.uint8, 1),     # L5 bit mask
    ("reached", np.int8, 1),        # losers that reached the 银顶 (X1, X2)
    ("reached_mask", np.uint8, 1),  # which (bit per seat)
    ("jinding", np.int8, 1),        # 金顶 (D9)
    ("winner_fan", np.int16, 1),
    ("big_fan", np.int16, 1),
    ("loser_fan", np.int16, 4),     # U_i, -1 for the winner
    ("length", np.int16, 1),        # tiles drawn after the deal (G1, D1)
    ("decisions", np.int16, 1),     # agent decisions (every hand_apply)
)

# why a native hand stopped (set in the nogil loop, raised with the GIL)
cdef enum:
    E_OK = 0
    E_NO_LEGAL = 1      # a seat to act without a legal code
    E_ILLEGAL = 2       # the agent's code refused by hand_apply
    E_TOO_LONG = 3      # more than MAX_LOG decisions
    E_MEMORY = 4
    E_AGENT = 5         # a registered native or Python agent failed (raised, illegal action)
    E_AGENT_RESET = 6   # a Python agent's reset raised

ctypedef struct Out:            # the arrays' data pointers
    int64_t* hand
    int64_t* match
    int32_t* hand_in_match
    uint64_t* seed
    int8_t* dealer
    int8_t* prev_laizi
    int8_t* indicator
    int8_t* laizi
    int8_t* winner
    int8_t* how
    int8_t* win_tile
    int8_t* discarder
    uint16_t* big
    int8_t* hard
    int8_t* wilds
    double* payments
    double* scores
    int8_t* liable
    int8_t* liable_rule
    uint8_t* co_liable
    int8_t* reached
    uint8_t* reached_mask
    int8_t* jinding
    int16_t* winner_fan
    int16_t* big_fan
    int16_t* loser_fan
    int16_t* length
    int16_t* decisions


ctypedef struct Log:            # the decision log of every hand, grown as needed
    uint8_t* seat
    uint8_t* code
    uint8_t* after              # the hand after each decision: front, back, phase, turn
    uint8_t* walls              # every hand's wall (136 a hand, room made by run_matches)
    int64_t n
    int64_t cap

ctypedef struct Given:          # inputs that replace the batch's own (NULL: its own)
    const int8_t* dealer        # each hand's dealer (instead of D5 on the batch's results)
    const int8_t* prev_laizi    # each hand's previous 癞子, -1 none (instead of M2 on them)
    const uint64_t* agent_seeds  # (matches, 4): each seat's reset seed (instead of match_seeds)

ctypedef struct Err:
    int kind
    int64_t hand
    int64_t match
    int seat
    int code
    int n_legal
    int64_t rows        # the hands stored before the error (whole hands)
    HandC* at           # not NULL: where the hand was when an agent failed (copied there)


cdef int _log_push(Log* log, int seat, int code, const HandC* h) noexcept nogil:
    cdef int64_t cap
    cdef uint8_t* s
    cdef uint8_t* c
    cdef uint8_t* a
    if log.n == log.cap:
        cap = 2 * log.cap if log.cap else 4096
        s = <uint8_t*>realloc(log.seat, cap)
        if s == NULL:
            return -1
        log.seat = s
        c = <uint8_t*>realloc(log.code, cap)
        if c == NULL:
            return -1
        log.code = c
        a = <uint8_t*>realloc(log.after, 4 * cap)
        if a == NULL:
            return -1
        log.after = a
        log.cap = cap
    log.seat[log.n] = <uint8_t>seat
    log.code[log.n] = <uint8_t>code
    # what the records need to write the draws and the window's end without a replay
    # (wuhanmj.native.records): the wall ends, the phase and the seat after the decision
    a = &log.after[4 * log.n]
    a[0] = <uint8_t>h.front
    a[1] = <uint8_t>h.back
    a[2] = <uint8_t>h.phase
    a[3] = <uint8_t>h.turn
    log.n += 1
    return 0


cdef void _store(Out* o, int64_t i, const HandC* h, double* scores, int decisions) noexcept nogil:
    """Row i of the arrays from a finished hand (the deal facts are stored at the deal)."""
    cdef int s, w = h.winner, n_reached = 0
    cdef uint8_t mask = 0
    o.winner[i] = h.winner
    o.indicator[i] = h.indicator
    o.laizi[i] = h.laizi
    o.length[i] = <int16_t>(LIVE_TILES - (h.back - h.front + 1))
    o.decisions[i] = <int16_t>decisions
    for s in range(4):
        o.scores[4 * i + s] = scores[s]
    if w < 0:
        o.how[i] = -1
        o.win_tile[i] = -1
        o.discarder[i] = -1
        o.big[i] = 0
        o.hard[i] = 0
        o.wilds[i] = 0
        o.liable[i] = -1
        o.liable_rule[i] = 0
        o.co_liable[i] = 0
        o.reached[i] = 0
        o.reached_mask[i] = 0
        o.jinding[i] = 0
        o.winner_fan[i] = 0
        o.big_fan[i] = 0
        for s in range(4):
            o.payments[4 * i + s] = 0.0
            o.loser_fan[4 * i + s] = -1
        return
    o.how[i] = h.how
    o.win_tile[i] = h.win_tile
    o.discarder[i] = h.discarder
    o.big[i] = h.win.big
    o.hard[i] = h.win.hard
    o.wilds[i] = h.win.wilds
    o.liable[i] = h.win.liable
    o.liable_rule[i] = h.win.liable_rule
    o.co_liable[i] = h.win.co_liable
    for s in range(4):
        if s != w and h.win.reached[s]:
            n_reached += 1
            mask |= <uint8_t>(1 << s)
    o.reached[i] = <int8_t>n_reached
    o.reached_mask[i] = mask
    o.jinding[i] = h.win.jinding
    o.winner_fan[i] = h.win.winner_fan
    o.big_fan[i] = h.win.big_fan
    for s in range(4):
        o.payments[4 * i + s] = h.win.payments[s]
        o.loser_fan[4 * i + s] = h.win.loser_fan[s]


cdef int _play(const RulesC* rules, const uint32_t* root, int n_root, const AgentC* seats,
               int64_t first_match, int64_t stop_match, int64_t match_hands, int64_t hands,
               Out* o, Log* log, int64_t* offsets, Err* err, const Given* given) noexcept nogil:
    """The matches of run_matches; 0, or -1 with err filled."""
    cdef HandC h
    cdef AgentC agents[4]
    cdef Pcg64 match_rng
    cdef int16_t codes[N_ACTIONS]
    cdef uint8_t wall[136]
    cdef uint64_t match_seed, hand_seed
    cdef uint64_t agent_seeds[4]
    cdef double scores[4]
    cdef int64_t m, start, n, k, i = 0
    cdef int s, dealer, prev_laizi, seat, n_legal, code, decisions
    for m in range(first_match, stop_match):
        start = m * match_hands
        n = match_hands if hands - start > match_hands else hands - start
        match_seeds_c(root, n_root, <uint32_t>m, &match_seed, agent_seeds)
        if given.agent_seeds != NULL:
            memcpy(agent_seeds, &given.agent_seeds[4 * (m - first_match)], 4 * sizeof(uint64_t))
        pcg64_seed_int(&match_rng, match_seed)
        for s in range(4):
            scores[s] = 0.0
        for s in range(4):
            agents[s] = seats[s]
            agents[s].scores = scores
            if agent_reset(&agents[s], agent_seeds[s]) != 0:    # reset(seed=...) per match
                err.kind = E_AGENT_RESET
                err.seat = s
                err.match = m
                err.hand = start
                err.rows = i
                if log != NULL:
                    offsets[i] = log.n
                return -1
        dealer = <int>(m % 4)
        prev_laizi = -1
        for k in range(n):
            hand_seed = pcg64_bounded(&match_rng, <uint64_t>0x7FFFFFFFFFFFFFFF)   # integers(2**63)
            shuffled_wall_c(hand_seed, wall)
            if given.dealer != NULL:
                dealer = given.dealer[i]
            if given.prev_laizi != NULL:
                prev_laizi = given.prev_laizi[i]
            hand_deal(&h, rules, wall, dealer, prev_laizi)
            o.hand[i] = start + k
            o.match[i] = m
            o.hand_in_match[i] = <int32_t>k
            o.seed[i] = hand_seed
            o.dealer[i] = <int8_t>dealer
            o.prev_laizi[i] = <int8_t>prev_laizi
            if log != NULL:
                offsets[i] = log.n
                memcpy(log.walls + 136 * i, wall, 136)
            decisions = 0
            while True:
                seat = hand_current(&h)
                if seat < 0:
                    break
                n_legal = hand_legal(&h, seat, codes)
                if n_legal <= 0:
                    err.kind = E_NO_LEGAL
                    err.seat = seat
                    err.code = -1
                    err.n_legal = n_legal
                    err.hand = start + k
                    err.match = m
                    return -1
                code = agent_choose(&agents[seat], &h, seat, codes, n_legal)
                if hand_apply(&h, seat, code) != 0:
                    err.kind = E_AGENT if agents[seat].kind >= AGENT_NATIVE else E_ILLEGAL
                    err.rows = i
                    if err.at != NULL:
                        memcpy(err.at, &h, sizeof(HandC))
                    err.seat = seat
                    err.code = code
                    err.n_legal = n_legal
                    err.hand = start + k
                    err.match = m
                    return -1
                if log != NULL and _log_push(log, seat, code, &h) != 0:
                    err.kind = E_MEMORY
                    return -1
                decisions += 1
                if decisions > MAX_LOG:
                    err.kind = E_TOO_LONG
                    err.seat = seat
                    err.code = code
                    err.n_legal = n_legal
                    err.hand = start + k
                    err.match = m
                    return -1
            _store(o, i, &h, scores, decisions)
            for s in range(4):
                scores[s] += o.payments[4 * i + s]
            if h.winner >= 0 and h.winner != dealer:
                dealer = (dealer + 1) % 4      # D5
            prev_laizi = h.laizi               # M2
            i += 1
    if log != NULL:
        offsets[i] = log.n
    return 0


def run_matches(rules, agent_kinds, root_seed, first_match, stop_match, match_hands, hands, record=False,
                dealers=None, prev_laizi=None, agent_seeds=None, labels=None):
    """Play matches ``first_match`` … ``stop_match - 1`` natively (see the module docstring).

    Args:
        rules: a :class:`~wuhanmj.rules.Rules` or a preset name.
        agent_kinds: 4 agents by seat: the built-in ``"random"``/``"greedy"`` (or their
            :data:`AGENT_KINDS` numbers, or a RandomAgent / GreedyAgent: the native bots),
            a registered :class:`~wuhanmj.native.agents.NativeAgent` (called without the
            GIL), or any other agent (called with the GIL at its own decisions, as
            :func:`wuhanmj.game.loop.play_game` calls it; reset with the match's seed as
            :func:`wuhanmj.sim.batch.run_batch` resets it). The objects are used as they
            are (their state changes): pass copies to keep yours.
        root_seed: the simulation's root seed (int >= 0, any size).
        first_match, stop_match: the matches, 0 <= first < stop <= 2**32.
        match_hands: hands per match (>= 1).
        hands: the simulation's number of hands (the last match may be shorter).
        record: also return every hand's decisions.
        dealers, prev_laizi: None (D5 and M2 on the batch's own results), or each hand's
            dealer (0-3) / previous 癞子 (a tile 0-33, -1 for none), one per hand of the
            batch in hand order (int8-convertible arrays): the arena replays its first
            seating's match structure in the others this way.
        agent_seeds: None (``match_seeds``), or a ``(stop_match - first_match, 4)`` array
            of unsigned 64-bit seeds: seat ``s`` of match ``first_match + r`` is reset
            with ``agent_seeds[r, s]`` (the arena's ``agent_seed`` scheme).
        labels: 4 agent names for the messages (``seat 2 (agent 'mine')``), or None.

    Returns:
        a dict of numpy arrays, one row per hand in hand order (:data:`HAND_FIELDS`: the
        ``(n, 4)`` ones are ``payments``, ``scores`` and ``loser_fan``), and when ``record``:
        ``log_seat``, ``log_code`` (uint8, every decision in order), ``log_offsets``
        (int64, n + 1: hand ``i``'s decisions are ``log_offsets[i]:log_offsets[i + 1]``)
        and ``log_after`` (uint8, (decisions, 4): the hand after each decision: its
        ``front``, ``back``, ``phase`` and ``turn``, for :mod:`wuhanmj.native.records`)
        and ``log_wall`` (uint8, (n, 136): each hand's wall, G1).

    Raises:
        SimulationError: bad arguments (``dealers``, ``prev_laizi``, ``agent_seeds`` of
            the wrong shape or out of range, named), or the native engine stopped (a seat
            to act with no legal code, a built-in bot's code refused, a hand that does not
            end) — a bug, named with the match and hand.
        AgentError: a value that is no agent; an agent's ``act``/``reset`` raised (the
            message names the seat and the agent, as play_game's).
        IllegalActionError: an agent played an action that is not legal (the message names
            the seat and the rule, as play_game's).
        RulesError: bad rules.

        An agent's AgentError or IllegalActionError carries ``partial``: the arrays (and
        log, when ``record``) of the whole hands played before it, as this function would
        have returned them for those hands.
    """
    cdef RulesC rc
    cdef AgentC seats[4]
    cdef int64_t first, stop, mh, total
    cdef int64_t n_hands, s
    cdef Out o
    cdef Log log
    cdef Err err
    cdef int rc_play
    try:
        first, stop, mh, total = int(first_match), int(stop_match), int(match_hands), int(hands)
    except (OverflowError, TypeError, ValueError):
        raise SimulationError(f"native engine: bad batch (matches {first_match!r}-{stop_match!r}, "
                              f"match_hands {match_hands!r}, hands {hands!r}): 64-bit integers expected") from None
    rules_to_c(rules, &rc)
    from wuhanmj.rules import Rules
    py_rules = Rules.coerce(rules)
    ks = list(agent_kinds)
    if len(ks) != 4:
        raise AgentError(f"native engine: 4 agents expected, got {len(ks)}")
    labs = [None] * 4 if labels is None else [str(x) for x in labels]
    if len(labs) != 4:
        raise AgentError(f"native engine: 4 labels expected, got {len(labs)}")
    owners = [agent_setup(&seats[s], ks[s], <int>s, labs[s], py_rules) for s in range(4)]   # kept alive
    if mh < 1 or total < 1 or not 0 <= first < stop or stop > 2**32 or (stop - 1) * mh >= total:
        raise SimulationError(
            f"native engine: bad batch (matches {first}-{stop}, match_hands {mh}, hands {total})")
    words = np.ascontiguousarray(int_words(root_seed))
    cdef uint32_t[::1] root = words
    hand_prepare()
    if any(seats[s].kind == AGENT_GREEDY for s in range(4)):
        agents_prepare()        # the greedy bot's route specs and shanten tables
    n_hands = min(stop * mh, total) - first * mh
    arrays = {}
    for name, dtype, cols in HAND_FIELDS:
        arrays[name] = np.empty((n_hands, cols) if cols > 1 else n_hands, dtype=dtype)
    _bind(&o, arrays)
    offsets = np.zeros(n_hands + 1, np.int64)
    cdef int64_t[::1] off = offsets
    cdef Given given
    memset(&given, 0, sizeof(Given))
    keep = _given(&given, dealers, prev_laizi, agent_seeds, n_hands, stop - first)
    memset(&log, 0, sizeof(Log))
    memset(&err, 0, sizeof(Err))
    cdef bint rec = bool(record)
    walls = np.empty((n_hands if rec else 0, 136), np.uint8)
    cdef uint8_t[:, ::1] wv = walls
    if rec:
        log.walls = &wv[0, 0]
    if any(seats[s].kind >= AGENT_NATIVE for s in range(4)):
        err.at = <HandC*>malloc(sizeof(HandC))
        if err.at == NULL:
            raise MemoryError()
    try:
        with nogil:
            rc_play = _play(&rc, &root[0], <int>root.shape[0], seats, first, stop, mh, total, &o,
                            &log if rec else NULL, &off[0], &err, &given)
        if rc_play != 0:
            if err.kind == E_AGENT or err.kind == E_AGENT_RESET:
                s = err.seat
                if err.kind == E_AGENT_RESET:
                    failure = agent_failure(&seats[s], NULL, <int>s, -1, labs[s], py_rules)
                else:
                    seats[s].scores = NULL
                    failure = agent_failure(&seats[s], err.at, <int>s, err.code, labs[s], py_rules)
                if rec:
                    arrays["log_wall"] = walls
                failure.partial = _partial(arrays, err.rows, rec, &log, offsets)
                raise failure
            raise SimulationError(_error_text(&err))
        if rec:
            arrays["log_seat"] = _bytes_array(log.seat, log.n)
            arrays["log_code"] = _bytes_array(log.code, log.n)
            arrays["log_offsets"] = offsets
            arrays["log_after"] = _bytes_array(log.after, 4 * log.n).reshape(log.n, 4)
            arrays["log_wall"] = walls
    finally:
        free(log.seat)
        free(log.code)
        free(log.after)
        free(err.at)
        del owners
    return arrays


cdef dict _partial(dict arrays, int64_t rows, bint rec, Log* log, object offsets):
    """The arrays of the first rows hands (and their log and walls), as run_matches returns them."""
    part = {name: a[:rows].copy() for name, a in arrays.items()}
    if rec:
        off = offsets[:rows + 1].copy()
        n = int(off[rows]) if rows else 0
        part["log_seat"] = _bytes_array(log.seat, n)
        part["log_code"] = _bytes_array(log.code, n)
        part["log_offsets"] = off
        part["log_after"] = _bytes_array(log.after, 4 * n).reshape(n, 4)
    return part


cdef object _given(Given* g, object dealers, object prev_laizi, object agent_seeds, int64_t n_hands,
                   int64_t n_matches):
    """Point ``g`` at the given inputs, checked; returns the arrays (kept alive by the caller)."""
    cdef const int8_t[::1] d
    cdef const int8_t[::1] p
    cdef const uint64_t[:, ::1] a
    keep = []
    for name, arr, lo, hi in (("dealers", dealers, 0, 3), ("prev_laizi", prev_laizi, -1, 33)):
        if arr is None:
            continue
        x = np.asarray(arr)
        if x.shape != (n_hands,) or x.dtype.kind not in "iu" or (x.size and (x.min() < lo or x.max() > hi)):
            raise SimulationError(f"native engine: {name}: expected {n_hands} integers {lo}-{hi} "
                                  f"(one per hand of the batch), got {x.dtype} of shape {x.shape}")
        x = np.ascontiguousarray(x, dtype=np.int8)
        keep.append(x)
        if name == "dealers":
            d = x
            g.dealer = &d[0]
        else:
            p = x
            g.prev_laizi = &p[0]
    if agent_seeds is not None:
        x = np.asarray(agent_seeds)
        if x.shape != (n_matches, 4) or x.dtype.kind not in "iu" or (x.size and x.min() < 0):
            raise SimulationError(f"native engine: agent_seeds: expected ({n_matches}, 4) unsigned 64-bit "
                                  f"seeds (4 per match of the batch), got {x.dtype} of shape {x.shape}")
        x = np.ascontiguousarray(x, dtype=np.uint64)
        keep.append(x)
        a = x
        g.agent_seeds = &a[0, 0]
    return keep


cdef object _bytes_array(const uint8_t* data, int64_t n):
    out = np.empty(n, np.uint8)
    cdef uint8_t[::1] v = out
    if n:
        memcpy(&v[0], data, n)
    return out


cdef str _error_text(Err* err):
    if err.kind == E_MEMORY:
        return "native engine: out of memory for the decision log"
    what = {E_NO_LEGAL: "no legal action for the seat to act",
            E_ILLEGAL: f"code {err.code} refused by hand_apply ({err.n_legal} legal codes)",
            E_TOO_LONG: f"more than {MAX_LOG} decisions"}[err.kind]
    return f"native engine: match {err.match}, hand {err.hand}, seat {err.seat}: {what} (a bug of the native engine)"


cdef int _bind(Out* o, dict a) except -1:
    cdef int64_t[::1] hand = a["hand"]
    cdef int64_t[::1] match = a["match"]
    cdef int32_t[::1] him = a["hand_in_match"]
    cdef uint64_t[::1] seed = a["seed"]
    cdef uint16_t[::1] big = a["big"]
    cdef double[:, ::1] payments = a["payments"]
    cdef double[:, ::1] scores = a["scores"]
    cdef uint8_t[::1] co = a["co_liable"]
    cdef uint8_t[::1] rmask = a["reached_mask"]
    cdef int16_t[::1] wf = a["winner_fan"]
    cdef int16_t[::1] bf = a["big_fan"]
    cdef int16_t[:, ::1] lf = a["loser_fan"]
    cdef int16_t[::1] length = a["length"]
    cdef int16_t[::1] dec = a["decisions"]
    if hand.shape[0] == 0:
        raise SimulationError("native engine: an empty batch")
    o.hand, o.match, o.hand_in_match, o.seed = &hand[0], &match[0], &him[0], &seed[0]
    o.big, o.payments, o.scores = &big[0], &payments[0, 0], &scores[0, 0]
    o.co_liable, o.reached_mask = &co[0], &rmask[0]
    o.winner_fan, o.big_fan, o.loser_fan = &wf[0], &bf[0], &lf[0, 0]
    o.length, o.decisions = &length[0], &dec[0]
    o.dealer = _i8(a["dealer"])
    o.prev_laizi = _i8(a["prev_laizi"])
    o.indicator = _i8(a["indicator"])
    o.laizi = _i8(a["laizi"])
    o.winner = _i8(a["winner"])
    o.how = _i8(a["how"])
    o.win_tile = _i8(a["win_tile"])
    o.discarder = _i8(a["discarder"])
    o.hard = _i8(a["hard"])
    o.wilds = _i8(a["wilds"])
    o.liable = _i8(a["liable"])
    o.liable_rule = _i8(a["liable_rule"])
    o.reached = _i8(a["reached"])
    o.jinding = _i8(a["jinding"])
    return 0


cdef int8_t* _i8(object arr) except NULL:
    cdef int8_t[::1] v = arr
    return &v[0]

