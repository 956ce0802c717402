"""A person at the table: one seat played by a person against three built-in bots.

* :class:`Table` (:mod:`.table`): the match, the bots, what the person may see and do;
* :func:`hint` (:mod:`.hints`): shanten and discard advice from the seat's observation;
* :func:`play_match` (:mod:`.terminal`): the terminal game of ``wuhanmj play``;
* :mod:`.text`: the table and the actions as text.

The web table (:mod:`wuhanmj.web`, ``wuhanmj serve``) drives the same :class:`Table`.
"""

from .hints import Hint, hint
from .table import Table, bot_specs, public_event
from .terminal import play_match
from .text import action_label, table_text

__all__ = ["Table", "bot_specs", "public_event", "Hint", "hint", "play_match", "action_label", "table_text"]
