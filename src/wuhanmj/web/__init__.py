"""The web table (``wuhanmj serve``): a person plays one seat in the browser against three bots.

* :mod:`.session`: one game on the server and its message protocol (no web framework);
* :mod:`.page`: the self-contained page;
* :mod:`.store`: the games on the server: limits, idle expiry, SQLite (no web framework);
* :mod:`.guard`: what is refused before a game is reached (hosts, origins, bodies, rates)
  and logging that never blocks;
* :mod:`.app`: the Starlette app and its routes (``pip install "wuhanmj[web]"``).

``wuhanmj.web`` itself imports no web framework: ``from wuhanmj.web.app import create_app``.
"""

from .page import page_html
from .session import MESSAGE_TYPES, WebGame, parse_message

__all__ = ["WebGame", "parse_message", "MESSAGE_TYPES", "page_html"]
