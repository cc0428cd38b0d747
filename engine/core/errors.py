"""Typed engine errors: every one is a ``ValueError`` with a stable ``code`` and a human message."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input; the state is left untouched."""

    code = "engine_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def as_dict(self) -> dict[str, str]:
        """The error as the ``{"code", "message"}`` pair the protocol sends."""
        return {"code": self.code, "message": self.message}


class NotationError(EngineError):
    """Text that is not a card, piece or action in the engine's notation."""

    code = "bad_notation"


class WrongPhase(EngineError):
    """An action of a kind the current phase does not accept (a play during the draw, ...)."""

    code = "wrong_phase"


class NotYourTurn(EngineError):
    """A seat acting when it is not among the seats to move."""

    code = "not_your_turn"


class IllegalAction(EngineError):
    """An action of the right kind that the rules forbid here (revoke, unsafe throw, ...)."""

    code = "illegal_action"


class BadSetup(EngineError):
    """A deal that cannot start: wrong deck, seat count or rules for this game."""

    code = "bad_setup"


class BadRecord(EngineError):
    """A deal record that does not load or does not replay."""

    code = "bad_record"


class BadResult(EngineError):
    """Figures entered for a deal played at a physical table that no deal of the game can produce.

    ``reason`` is a stable key so that the league can show the message in the visitor's language:
    ``no_such_seat``, ``seats``, ``points``, ``points_fives``, ``not_a_winner``, ``friends``,
    ``too_many_friends``, ``hand_points``, ``void_points``, ``bid`` (San Da Ha), ``hook``
    (one-deck Shengji's J-hook), ``redeal_figures`` (friends or points with a Zhao Pengyou redeal),
    ``no_redeal`` (a redeal of another game) and ``not_entered`` (a game whose results cannot be
    entered by hand); a stored result that cannot be read raises it too: ``not_an_object``, and
    ``format`` (written in a later format, engine/core/result.py).
    """

    code = "bad_result"

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
