"""Typed errors of the table service: a stable ``code`` and a human message, like the engine's."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class TableError(ValueError):
    """Base of every error the table service raises on a request it refuses; nothing changed."""

    code = "table_error"

    def __init__(self, message: object) -> None:
        super().__init__(str(message))
        self.message = str(message)

    def as_dict(self) -> dict[str, str]:
        """The error as the protocol's ``{"code", "message"}`` pair."""
        return {"code": self.code, "message": self.message}


class StaleVersion(TableError):
    """The move was made against a version that is no longer current."""

    code = "stale_version"

    def __init__(self, message: object = None) -> None:
        super().__init__(message or _("The table has moved on; here is the current view."))


class NotYourSeat(TableError):
    """A user acting for a seat that is not theirs (or a spectator acting)."""

    code = "not_your_seat"

    def __init__(self, message: object = None) -> None:
        super().__init__(message or _("You do not sit in that seat."))


class NotPlaying(TableError):
    """The table has no deal in play (still open, between deals, or finished)."""

    code = "not_playing"

    def __init__(self, message: object = None) -> None:
        super().__init__(message or _("No deal is in play at this table."))


class NotAllowed(TableError):
    """A lobby request the user may not make (not a member, not the host, seat taken)."""

    code = "not_allowed"


class BadMessage(TableError):
    """A WebSocket frame that is not a message of the protocol."""

    code = "bad_message"
