"""找朋友 Zhao Pengyou ("Finding Friends"): 6-12 players, 2-4 decks, the declarer calls its friends.

Built on the Shengji-family machinery (``engine.family``: ``trickdeal``, ``tricks``, ``units``): this
package only adds what the game has of its own.

* ``rules``: the tables of docs/rules/zhaopengyou.md (decks, jokers, hand sizes, calls) and the
  house-rule options;
* ``actions``: the friend call (``call 2nd AS``) and the notation;
* ``scoring``: the first provisional dealer's draw, game points, rank rises, the next dealer;
* ``deal``: ``ZhaoDeal``, the ``TrickDeal`` subclass (declarations, calls, teams, views, result);
* ``bots``: random-legal and heuristic bots;
* ``expertplay``, ``expert``: the expert's one-ply bot (declares early, buries for voids) and
  the expert bot (the family's search);
* ``game``: the registered ``Game``.
"""

from __future__ import annotations

from engine.games.zhaopengyou.game import GAME

__all__ = ["GAME"]
