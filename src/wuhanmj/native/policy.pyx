# cython: language_level=3
"""PolicyAgent: a learned policy network, played natively.

A native agent (the ABI of ``wuhanmj/native/agent.pxd``): at each decision with more than
one legal code it encodes what its seat sees (:mod:`wuhanmj.native.encode`, the version-1
encoding of docs/ENCODING.md), appends the action mask, works out each legal code's
look-ahead features (:mod:`wuhanmj.native.lookahead`) and runs the network of
:mod:`wuhanmj.policy.forward` in C without the GIL: the context's first layer as a sum of
weight rows over the non-zero inputs (a few dozen of 4372), its second layer, and for each
legal code only the scorer and the logit. It plays the legal code with the largest logit
(the lowest code on a tie); with one legal code it plays it without the network. It is
deterministic and needs no reset.

The weights (:class:`wuhanmj.policy.PolicyWeights`: the shipped ``policy_v1.npz`` by
default) are read-only and shared by every copy of the agent (the seats of a simulation,
the games of a VectorEnv); a worker process rebuilds the agent from its weights file.
"""

from libc.math cimport INFINITY
from libc.stdint cimport int8_t, int16_t, int64_t, uint64_t
from libc.string cimport memcpy

from wuhanmj.native.agent cimport AgentSpec, AgentView, agent_capsule
from wuhanmj.native.agents cimport NativeAgent, agents_prepare
from wuhanmj.native.defs cimport N_ACTIONS
from wuhanmj.native.encode cimport OBS_SIZE, encode_view
from wuhanmj.native.lookahead cimport N_LOOK, lookahead_c

import numpy as np

from wuhanmj.errors import PolicyError
from wuhanmj.policy.weights import PolicyWeights, load_weights

__all__ = ["PolicyAgent", "native_forward"]

cdef enum:
    MAX_H = 4096


ctypedef struct NetC:
    int h1
    int h2
    int z
    const float* w1             # (OBS_SIZE + N_ACTIONS, h1): a row per input
    const float* b1
    const float* w2             # (h1, h2)
    const float* b2
    const float* wpt            # (N_ACTIONS, h2): the context's head transposed, a row per code
    const float* bp
    const float* wf             # (N_LOOK, z): the scorer, a row per look-ahead feature
    const float* wc             # (h2, z): the scorer's context
    const float* bs             # (z,)
    const float* ws             # (z,)


ctypedef struct PolicyState:
    const NetC* net


cdef inline void _add_row(float* h, const float* row, float v, int n) noexcept nogil:
    cdef int j
    for j in range(n):
        h[j] += v * row[j]


cdef void net_hidden(const NetC* net, const int8_t* x, const int16_t* codes, int n, float* h2) noexcept nogil:
    """The second hidden layer (after its ReLU) of observation x (OBS_SIZE) with the legal
    codes (the mask's ones) into h2 (net.h2 floats)."""
    cdef float h1[MAX_H]
    cdef int H1 = net.h1, H2 = net.h2, i, j, k
    cdef uint64_t word
    memcpy(h1, net.b1, H1 * sizeof(float))
    for k in range(OBS_SIZE // 8):        # most of the 4209 inputs are 0: skip them 8 at a time
        memcpy(&word, x + 8 * k, 8)
        if word == 0:
            continue
        for i in range(8 * k, 8 * k + 8):
            if x[i] != 0:
                _add_row(h1, net.w1 + <Py_ssize_t>i * H1, <float>x[i], H1)
    for i in range(OBS_SIZE // 8 * 8, OBS_SIZE):
        if x[i] != 0:
            _add_row(h1, net.w1 + <Py_ssize_t>i * H1, <float>x[i], H1)
    for k in range(n):
        _add_row(h1, net.w1 + <Py_ssize_t>(OBS_SIZE + codes[k]) * H1, 1.0, H1)
    memcpy(h2, net.b2, H2 * sizeof(float))
    for j in range(H1):
        if h1[j] > 0:
            _add_row(h2, net.w2 + <Py_ssize_t>j * H2, h1[j], H2)
    for j in range(H2):
        if h2[j] < 0:
            h2[j] = 0


cdef inline float _logit(const NetC* net, const float* h2, const float* ctx, const int8_t* f, int c) noexcept nogil:
    """The logit of code c: the context's (h2) and the scorer's on its features f (N_LOOK),
    ctx = h2 wc + bs."""
    cdef float s = 0, u
    cdef float z[MAX_H]
    cdef int j, k, Z = net.z
    cdef const float* row = net.wpt + <Py_ssize_t>c * net.h2
    for j in range(net.h2):
        s += row[j] * h2[j]
    s += net.bp[c]
    memcpy(z, ctx, Z * sizeof(float))
    for k in range(N_LOOK):
        if f[k] != 0:
            _add_row(z, net.wf + k * Z, <float>f[k], Z)
    for j in range(Z):
        u = z[j]
        if u > 0:
            s += u * net.ws[j]
    return s


cdef void net_context(const NetC* net, const float* h2, float* ctx) noexcept nogil:
    """ctx (net.z floats) = h2 wc + bs: the scorer's part of the context, once a decision."""
    cdef int j
    memcpy(ctx, net.bs, net.z * sizeof(float))
    for j in range(net.h2):
        if h2[j] != 0:
            _add_row(ctx, net.wc + <Py_ssize_t>j * net.z, h2[j], net.z)


cdef int net_choose(const NetC* net, const int8_t* x, const int16_t* codes, int n, const int8_t* feats,
                    float* logits) noexcept nogil:
    """The legal code (among codes[0 .. n-1], ascending; feats: their look-ahead rows, n x
    N_LOOK) of the largest logit, the first on a tie; their logits into logits (n) unless
    NULL."""
    cdef float h2[MAX_H]
    cdef float ctx[MAX_H]
    cdef float s, best = -INFINITY
    cdef int k, c = codes[0]
    net_hidden(net, x, codes, n, h2)
    net_context(net, h2, ctx)
    for k in range(n):
        s = _logit(net, h2, ctx, feats + k * N_LOOK, codes[k])
        if logits != NULL:
            logits[k] = s
        if s > best:
            best = s
            c = codes[k]
    return c


cdef int decide(void* state, const AgentView* v, const int16_t* codes, int n) noexcept nogil:
    cdef int8_t x[OBS_SIZE]
    cdef int8_t feats[N_ACTIONS * N_LOOK]
    if n == 1:
        return codes[0]
    encode_view(v, x)
    if lookahead_c(v, codes, n, feats) < 0:
        return -1
    return net_choose((<PolicyState*>state).net, x, codes, n, feats, NULL)


cdef AgentSpec SPEC
SPEC.name = b"policy"
SPEC.state_size = sizeof(PolicyState)
SPEC.reset = NULL
SPEC.decide = decide


cdef class _Net:
    """The C view of a PolicyWeights (the float32 arrays it points into are kept here)."""
    cdef NetC c
    cdef object keep

    def __init__(self, weights):
        a = weights.arrays
        h1, h2, z = weights.hidden          # from the arrays' shapes, checked when the weights were made
        if h1 > MAX_H or h2 > MAX_H or z > MAX_H:
            raise PolicyError(f"hidden sizes above {MAX_H}: {h1}, {h2}, {z}")
        f32 = lambda x: np.ascontiguousarray(x, dtype=np.float32)
        arrs = [f32(a["w1"]), f32(a["b1"]), f32(a["w2"]), f32(a["b2"]), f32(np.asarray(a["wp"]).T), f32(a["bp"]),
                f32(a["wf"]), f32(a["wc"]), f32(a["bs"]), f32(a["ws"])]
        self.keep = arrs
        cdef const float[:, ::1] w1 = arrs[0]
        cdef const float[::1] b1 = arrs[1]
        cdef const float[:, ::1] w2 = arrs[2]
        cdef const float[::1] b2 = arrs[3]
        cdef const float[:, ::1] wpt = arrs[4]
        cdef const float[::1] bp = arrs[5]
        cdef const float[:, ::1] wf = arrs[6]
        cdef const float[:, ::1] wc = arrs[7]
        cdef const float[::1] bs = arrs[8]
        cdef const float[::1] ws = arrs[9]
        self.c.h1 = h1
        self.c.h2 = h2
        self.c.z = z
        self.c.w1 = &w1[0, 0]
        self.c.b1 = &b1[0]
        self.c.w2 = &w2[0, 0]
        self.c.b2 = &b2[0]
        self.c.wpt = &wpt[0, 0]
        self.c.bp = &bp[0]
        self.c.wf = &wf[0, 0]
        self.c.wc = &wc[0, 0]
        self.c.bs = &bs[0]
        self.c.ws = &ws[0]


def _agent_from(source, arrays, meta):
    """A PolicyAgent rebuilt in a worker: from its weights file, or from the arrays."""
    if arrays is None:
        return PolicyAgent(source)
    return PolicyAgent(PolicyWeights(arrays, meta, source))


class PolicyAgent(NativeAgent):
    """The learned policy (see the module docstring), ``"policy"`` in every ``--agents``.

    Args:
        weights: a :class:`~wuhanmj.policy.PolicyWeights`, the path of a weights file, or
            None for the shipped weights (``wuhanmj/policy/policy_v1.npz``).

    Attributes:
        weights: the :class:`~wuhanmj.policy.PolicyWeights` it plays.

    Raises:
        PolicyError: a weights file that cannot be loaded (see
            :func:`wuhanmj.policy.load_weights`), or hidden sizes above 4096.
    """

    def __init__(self, weights=None):
        NativeAgent.__init__(self, agent_capsule(&SPEC))
        agents_prepare()
        w = weights if isinstance(weights, PolicyWeights) else load_weights(weights)
        self.weights = w
        self._net = _Net(w)
        self._point()

    def _point(self):
        cdef NativeAgent me = self
        cdef _Net net = self._net
        (<PolicyState*>me.state).net = &net.c

    def __copy__(self):
        c = NativeAgent.__copy__(self)
        c._point()
        return c

    def __deepcopy__(self, memo):
        return self.__copy__()      # the weights are read-only: shared

    def __reduce__(self):
        w = self.weights
        if w.source:
            return (_agent_from, (w.source, None, None))
        return (_agent_from, ("", dict(w.arrays), dict(w.meta)))

    def __repr__(self):
        return "PolicyAgent()" if not self.weights.source else f"PolicyAgent({self.weights.source!r})"


def native_forward(weights, obs, masks, features):
    """The native network's choice for a batch, as the agent makes it (tests, evaluation):
    ``(actions, logits)``, int64 ``(N,)`` and float32 ``(N, 163)`` (-inf at illegal codes).

    Args:
        weights: a PolicyWeights (or a PolicyAgent's ``weights``).
        obs: int8 ``(N, 4209)``; masks: ``(N, 163)`` (non-zero = legal, each with one);
        features: int8 ``(N, 163, 25)``, the look-ahead rows of the codes.

    Raises:
        PolicyError: ``weights`` not a PolicyWeights, wrong shapes or dtypes, or a mask
            without a legal code.
    """
    if not isinstance(weights, PolicyWeights):
        raise PolicyError(f"weights must be a PolicyWeights, got {type(weights).__name__}")
    cdef _Net net = _Net(weights)
    o = np.ascontiguousarray(obs)
    m = np.ascontiguousarray(masks)
    f = np.ascontiguousarray(features)
    if (o.dtype != np.int8 or o.ndim != 2 or o.shape[1] != OBS_SIZE or m.ndim != 2
            or m.shape != (o.shape[0], N_ACTIONS) or f.dtype != np.int8
            or f.shape != (o.shape[0], N_ACTIONS, N_LOOK)):
        raise PolicyError(f"obs must be int8 (N, {OBS_SIZE}), masks (N, {N_ACTIONS}) and features int8 "
                          f"(N, {N_ACTIONS}, {N_LOOK}), got {o.dtype} {o.shape}, {m.shape} and {f.dtype} {f.shape}")
    legal = m != 0
    if not legal.any(axis=1).all():
        raise PolicyError("every mask must have a legal code")
    cdef Py_ssize_t N = o.shape[0], i
    cdef int k, n
    actions = np.empty(N, dtype=np.int64)
    logits = np.full((N, N_ACTIONS), -np.inf, dtype=np.float32)
    cdef const int8_t[:, ::1] ov = o
    cdef const int8_t[:, :, ::1] fv = f
    cdef const unsigned char[:, ::1] lv = np.ascontiguousarray(legal, dtype=np.uint8)
    cdef int64_t[::1] av = actions
    cdef float[:, ::1] lg = logits
    cdef int16_t codes[N_ACTIONS]
    cdef int8_t rows[N_ACTIONS * N_LOOK]
    cdef float out[N_ACTIONS]
    with nogil:
        for i in range(N):
            n = 0
            for k in range(N_ACTIONS):
                if lv[i, k]:
                    codes[n] = k
                    memcpy(&rows[n * N_LOOK], &fv[i, k, 0], N_LOOK)
                    n += 1
            av[i] = net_choose(&net.c, &ov[i, 0], codes, n, rows, out)
            for k in range(n):
                lg[i, codes[k]] = out[k]
    return actions, logits
