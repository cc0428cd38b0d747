"""Signals the league sends for the apps built on it (the league imports nothing from them)."""

from django.dispatch import Signal

# Sent inside the transaction that publishes a round (``rnd``): the live tables app opens the
# tables of a duplicate round's matches (tables/receivers.py).
round_published = Signal()

# Sent inside the transaction that stores a match's first deal not played at its live table
# (entered by hand or uploaded: the table plays with real cards): the live tables app closes the
# match's live table if it has not started (tables/receivers.py).
played_offline = Signal()

# Sent inside the transaction that stores a finished deal's full move log that did not come from
# a live table (an uploaded or imported record, or one attached to a deal entered by hand): the
# replays app offers it for automatic review (replays/receivers.py), as a live table does for its
# own deals.
record_stored = Signal()
