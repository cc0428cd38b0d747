"""Zhao Pengyou's expert bot: the family's knowledge with Zhao Pengyou's bots.

The calls and the friends revealed so far are public facts the deal state carries into every
world; who else holds a called card is hidden, so the worlds deal it like any other card. The
one-ply bot (declarations, burials, calls, unsearched plays, the first candidate) is
``ZhaoExpertPlayBot``; the playouts are the heuristic's.
"""

from __future__ import annotations

from engine.expert import PLAYOUT_SAMPLE, TrickKnowledge
from engine.search.expert import ExpertBot
from engine.zhaopengyou.bots import ZhaoHeuristicBot
from engine.zhaopengyou.expertplay import ZhaoExpertPlayBot


class ZhaoPlayout(ZhaoHeuristicBot):
    """The playout policy: Zhao Pengyou's heuristic, looking at fewer candidate plays."""

    sample = PLAYOUT_SAMPLE


class ZhaoExpertBot(ExpertBot):
    """The expert bot of Zhao Pengyou."""

    knowledge = TrickKnowledge(ZhaoExpertPlayBot, ZhaoPlayout)
