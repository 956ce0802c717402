"""The exceptions of wuhanmj: one base class, one subclass per kind of bad input.

Every error the library raises on purpose is a :class:`WuhanMJError`; the
input-validation errors are also :class:`ValueError` so that generic code that
catches ``ValueError`` keeps working.
"""

__all__ = [
    "WuhanMJError",
    "TileError",
    "TileCountError",
    "ShapeError",
    "RulesError",
    "MeldError",
    "WinInputError",
    "IllegalActionError",
    "ReplayError",
    "CaseError",
    "SetupError",
    "HandError",
    "SimulationError",
    "StudyError",
    "AgentError",
    "BotError",
    "StatsError",
    "EnvError",
    "RecordsError",
    "ReportError",
    "RenderError",
    "RequestError",
    "ReviewError",
    "PolicyError",
]


class WuhanMJError(Exception):
    """Base class of every error raised by wuhanmj."""


class TileError(WuhanMJError, ValueError):
    """A tile string or tile index is malformed (T1, T2)."""


class TileCountError(TileError):
    """More copies of a kind than exist: a fifth copy, or a fourth of the indicator (T1, D6)."""


class ShapeError(WuhanMJError, ValueError):
    """A counts array for the shape core has the wrong shape, dtype or values (W1, W2)."""


class RulesError(WuhanMJError, ValueError):
    """A rule field is unknown or out of range (§10)."""


class MeldError(WuhanMJError, ValueError):
    """A meld is not a legal chi/peng/gang, or holds 红中/痞子/癞子 (R1, R3, R4, P5)."""


class WinInputError(WuhanMJError, ValueError):
    """The facts given for a win are inconsistent (tile totals, seats, how it was won)."""


class IllegalActionError(WuhanMJError, ValueError):
    """An action is not legal now; the message names the rule it breaks (G, P)."""


class ReplayError(WuhanMJError, ValueError):
    """An event log cannot be replayed: it does not match the game it claims to be."""


class CaseError(WuhanMJError, ValueError):
    """A JSON case (cases/ schema) is malformed."""


class SetupError(WuhanMJError, ValueError):
    """A game or match cannot be set up as asked: a bad dealer seat or scores, a seed
    given together with a wall, or a saved state that does not hold together (G1, M1)."""


class HandError(WuhanMJError, ValueError):
    """A hand given for analysis does not fit its melds: the wrong number of tiles for
    the melds (13 or 14 with a meld counted as 3), or more than four melds (W1)."""


class SimulationError(WuhanMJError, ValueError):
    """A simulation cannot run as asked: a bad argument of ``simulate()`` (hands, seed,
    workers, records, progress …), an output that cannot be written, or Dask missing
    or out of reach."""


class StudyError(SimulationError):
    """A rule study (:func:`wuhanmj.study`, ``wuhanmj study``) cannot run as asked: fewer
    than two rule sets, two rule sets that are equal, a target of the sample-size
    planner on an unknown quantity or with a malformed half-width. A rule field that is
    unknown or out of range in a sweep is a :class:`RulesError`."""


class AgentError(WuhanMJError, ValueError):
    """An agent cannot be made from its name, is not an agent, cannot be sent to a
    worker, or failed while choosing an action (the message names the seat)."""


class BotError(AgentError):
    """A bot played over the line protocol (:class:`wuhanmj.agents.process.ProcessAgent`,
    docs/PROTOCOL.md) failed: it could not be started, crashed (exited), took longer than
    its timeout, printed a line that is not a JSON answer, or answered an action that is
    not legal. The message names the bot's command, the seat, the hand and what it did;
    the same facts are the attributes ``bot``, ``seat``, ``hand`` (1 = the first hand
    the process played, None before any) and ``fault`` (``"start"``, ``"crash"``,
    ``"timeout"``, ``"not_json"``, ``"illegal"``); in a simulation or an arena,
    ``record_hand`` is the run's index of the hand (as its records number it, also named in
    the message), else None."""

    def __init__(self, message: str, *, bot: str = "", seat: int | None = None, hand: int | None = None,
                 fault: str = "") -> None:
        super().__init__(message)
        self.bot, self.seat, self.hand, self.fault = bot, seat, hand, fault
        self.record_hand: int | None = None


class StatsError(WuhanMJError, ValueError):
    """A statistic is not a finite real number, or a tally, a hand outcome or a
    simulation result is malformed or inconsistent (X5, X6)."""


class EnvError(WuhanMJError, ValueError):
    """A learning environment (:mod:`wuhanmj.envs`) cannot be made or stepped as asked: a bad
    argument (rules, opponents, seat, number of games, reward scale, illegal-action policy,
    reset options) or actions of the wrong shape. An action that is not legal is an
    :class:`IllegalActionError`."""


class RecordsError(ReplayError):
    """A binary records file (``.wmj``, docs/RECORDS.md) cannot be read or written as
    asked: not such a file, a newer format version, a corrupt or truncated part (the
    message names the hand), or a hand that cannot be stored in the format."""


class ReportError(WuhanMJError, ValueError):
    """A report cannot be made: the result file is not a simulation or arena result,
    or matplotlib (the extra ``wuhanmj[report]``) is not installed."""


class RenderError(WuhanMJError, ValueError):
    """A drawing cannot be made as asked: an unknown format or option of
    :mod:`wuhanmj.render`, a view that is neither an observation nor a game, or a page
    that cannot be written."""


class RequestError(WuhanMJError, ValueError):
    """A request to the web table (``wuhanmj serve``) is refused: a malformed message, an
    unknown game id, a stale or illegal action, or a record asked for before the hand
    is over. Nothing changes. ``status`` is the HTTP status the server answers with
    (400 malformed, 404 unknown game, 409 stale or too early, 422 illegal action; 500 when
    one of the server's own bots failed, the person's action having been played)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class ReviewError(WuhanMJError, ValueError):
    """A review of one seat's decisions (:func:`wuhanmj.review_hand`, ``wuhanmj review``)
    cannot be made as asked: a hand number the file does not have, a seat that is not
    0-3, a negative number of rollouts, or a record without an ``events`` list."""


class PolicyError(WuhanMJError, ValueError):
    """A learned policy (:mod:`wuhanmj.policy`) cannot be loaded, saved or trained as
    asked: a weights file that is not one (not a zip of arrays, truncated or corrupted), of
    another format or encoding version, with a missing, extra or misshapen array, an array
    of another dtype or with a value that is not finite, unreadable metadata; or a bad
    argument of the training (the message names the file and what is wrong)."""
