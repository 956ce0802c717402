"""Phase and draw-kind constants shared by :mod:`wuhanmj.game` and :mod:`wuhanmj.game.illegal`."""

TURN, CLAIM, ROB, HAIDI, OVER = range(5)
PHASES = ("turn", "claim", "rob", "haidi", "over")
NO_DRAW, FRONT, BACK = 0, 1, 2
