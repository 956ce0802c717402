"""The statistics of played hands: exact tallies (:mod:`~wuhanmj.stats.tally`), what a
hand leaves (:mod:`~wuhanmj.stats.outcome`), the t distribution
(:mod:`~wuhanmj.stats.tdist`), paired comparisons over walls
(:mod:`~wuhanmj.stats.paired`), and the results they make: a simulation's
(:mod:`~wuhanmj.stats.results`, laid out as text by :mod:`~wuhanmj.stats.summary`, as
table rows by :mod:`~wuhanmj.stats.figures`) and an arena's
(:mod:`~wuhanmj.stats.arena_result`).

Pure functions of their inputs: nothing here plays a hand or writes a file. Each module
is imported on its own; this package imports none of them.
"""
