"""Determinized search shared by every game's expert bot (see docs/engine.md, "Search").

``worlds`` deals the cards a seat cannot see again, consistently with what it knows;
``evaluate`` scores the candidate actions of one decision by playouts from the same worlds;
``policy`` plays those playouts; ``leaf`` scores them by short playouts and a game's estimate of
the rest of the deal (``LeafKnowledge``: Tractor); ``expert`` is the ``ExpertBot`` a game plugs its
``Knowledge`` into.
"""
