"""Signals the league sends for the apps built on it (the league imports nothing from them)."""

from django.dispatch import Signal

# Sent inside the transaction that publishes a round (``rnd``): the live tables app opens the
# tables of a duplicate round's matches (tables/receivers.py).
round_published = Signal()
