"""Running batches of hands: one stand-alone hand (:mod:`~wuhanmj.running.loop`), a batch
of matches on the Python engine (:mod:`~wuhanmj.running.batch`) or the native one
(:mod:`~wuhanmj.running.native`), the arena's batches (:mod:`~wuhanmj.running.arena_batch`,
:mod:`~wuhanmj.running.arena_native`, :mod:`~wuhanmj.running.arena_spec`), and the one
loop that runs batches here, on a process pool or on any executor
(:mod:`~wuhanmj.running.executor`), used by both :func:`wuhanmj.sim.simulate.simulate`
and :func:`wuhanmj.sim.arena.arena`.

Each module is imported on its own; this package imports none of them.
"""
