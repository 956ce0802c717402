"""The native engine: whole hands in Cython — the game, the scoring and the
built-in bots — on the same tables as :mod:`wuhanmj.core`, with the same results as the
Python engine (:mod:`wuhanmj.game`, :func:`wuhanmj.scoring.evaluate_win`,
:mod:`wuhanmj.agents`), hand for hand.

Modules, each a ``.pyx`` with a ``.pxd`` to cimport: ``defs`` (constants), ``rulesc``
(Rules as a C struct), ``rng`` (numpy-compatible streams), ``score`` (one win),
``hand`` (one hand), ``agents`` (random and greedy, registered native agents of the ABI
in ``agent.pxd``, Python agents called at their own decisions), ``batch`` (matches of
hands), ``records`` (their records written from the arrays), ``search`` (determinize,
evaluate_actions, the agents' SearchView). Their Python faces: ``scoreapi`` (the native
scoring's entries, for tests and benchmarks), ``handapi`` (``NativeHand``, one hand from
Python), ``constants`` (the ``.pxd`` constants, for their tests) and ``fallback`` (the
Python scoring the hand engine can call instead, for tests).
"""
