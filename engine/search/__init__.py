"""Determinized search shared by every game's expert bot (see docs/engine.md, "Search").

``worlds`` deals the cards a seat cannot see again, consistently with what it knows;
``evaluate`` scores the candidate actions of one decision by playouts from the same worlds;
``policy`` plays those playouts; ``expert`` is the ``ExpertBot`` a game plugs its ``Knowledge`` into.
"""
