# Shanten (向听) tables and functions, included into _core.pyx so they share its
# keys and tables. Owned by the hand-analysis work (issue 5).
