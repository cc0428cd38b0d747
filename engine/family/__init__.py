"""The Shengji family's shared trick-game machinery: cards, trumps, tricks, the trick deal, bots, expert.

Shengji, Tractor, San Da Ha and Zhao Pengyou build on it; Si Se Pai does not.
"""
