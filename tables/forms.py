"""The open-table form: the game, the players, the decision clock, and the game's house rules.

The house rules are the tournaments' own form (``league.services.rules_form``), one per game with
the seeds' defaults preselected; the page shows the chosen game's and the view reads only that one.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.http import QueryDict
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from engine import game_names, get_game
from league.models import Club
from league.services import names, rulesets
from league.services.games import choices as game_choices
from league.services.rules_form import rules_form_class
from tables.services import facts


def rules_prefix(game: str) -> str:
    """The field-name prefix of ``game``'s house rules in the open-table form."""
    return f"rules-{game}"


class OpenTableForm(forms.Form):
    """What a member chooses when opening a casual table (the services check it again)."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    seats = forms.IntegerField(label=_("Players"), required=False, min_value=1, max_value=99)
    seconds_per_decision = forms.TypedChoiceField(
        label=_("Decision clock"),
        choices=facts.clock_choices,
        coerce=int,
        initial=facts.DEFAULT_CLOCK,
        required=False,
        help_text=_(
            "Time for each decision; when it runs out, the expert bot makes a quick move for the seat."
        ),
    )

    # Between deals (services/between.py); a field of its own, apart from the clock and the rules.
    next_deal_seconds = forms.TypedChoiceField(
        label=_("Countdown before the next deal"),
        choices=facts.next_deal_choices,
        coerce=int,
        initial=facts.DEFAULT_NEXT_DEAL,
        required=False,
        help_text=_('The result stays on the table until everybody has pressed "Next deal", or this long.'),
    )

    deals = forms.IntegerField(
        label=_("Deals in the match"),
        required=False,
        min_value=1,
        max_value=facts.MAX_DEALS,
        help_text=_("Empty: every player deals twice. At most %(max)s; the game's own end may come first.")
        % {"max": facts.MAX_DEALS},
    )
    leave_bot = forms.ChoiceField(
        label=_("When a player leaves mid-match"),
        choices=facts.leave_choices,
        initial=facts.DEFAULT_LEAVE_BOT,
        required=False,
    )

    def clean(self) -> dict[str, Any]:
        """The number of players must fit the game (empty: the game's usual number; no clock: 30 s;
        no length: every player deals twice)."""
        data = super().clean() or {}
        data["seconds_per_decision"] = data.get("seconds_per_decision") or facts.DEFAULT_CLOCK
        data["next_deal_seconds"] = data.get("next_deal_seconds") or facts.DEFAULT_NEXT_DEAL
        name, seats = data.get("game"), data.get("seats")
        if name:
            game = get_game(name)
            data["seats"] = seats = seats or game.default_seats
            if not game.min_seats <= seats <= game.max_seats:
                self.add_error(
                    "seats",
                    _("This game needs %(min)s to %(max)s players.")
                    % {"min": game.min_seats, "max": game.max_seats},
                )
            # Empty: every player deals twice, counted once the rules have fixed the seats (lobby.open_table).
            data["deals"] = data.get("deals") or None
        return data


class RuleSetPickForm(forms.Form):
    """A published rule set of the chosen game, whose options replace the house rules (optional)."""

    def __init__(self, club: Club, game: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"] = forms.ModelChoiceField(
            label=_("Rule set"),
            queryset=rulesets.available(club, game).select_related("club"),
            required=False,
            empty_label=_("None: the house rules below"),
        )
        self.rows = [(r, rulesets.in_words(r)) for r in self.fields["ruleset"].queryset]  # type: ignore[attr-defined]


def ruleset_forms(club: Club) -> dict[str, RuleSetPickForm]:
    """Every game's rule set choice, unbound, by game name."""
    return {name: RuleSetPickForm(club, name, prefix=f"ruleset-{name}") for name in game_names()}


# The largest number a house rule takes at a casual table (the forms set no bound of their own,
# and a number like 10**30 would only fail deep inside a deal's scoring).
RULE_NUMBER_MAX = 999


# House rules whose value is a seat (numbered from 0 in the rules and records): people choose them
# by the seat's name, "South" or "Seat 1" (league.services.names).
SEAT_RULES = ("first_drawer", "first_bidder")


def seat_field(game: str, field: forms.Field) -> forms.Field:
    """A seat-valued rule's field as a choice of seats named for people (the value stays from 0)."""
    engine_game = get_game(game)
    count = engine_game.max_seats
    choices = [(seat, names.seat_label(seat, count)) for seat in range(count)]
    return forms.TypedChoiceField(
        label=field.label, choices=choices, coerce=int, initial=field.initial, required=field.required
    )


def rules_form(game: str, data: QueryDict | None = None) -> forms.Form:
    """``game``'s house-rules form with the seeds' defaults preselected, its numbers bounded, its
    seats named."""
    form = rules_form_class(game)(data, prefix=rules_prefix(game))
    for name in SEAT_RULES:
        if name in form.fields and isinstance(form.fields[name], forms.IntegerField):
            form.fields[name] = seat_field(game, form.fields[name])
    for name, field in form.fields.items():
        if isinstance(field, forms.IntegerField):
            # A rule that sets the match's length is bounded as the table's own length is.
            top = facts.MAX_DEALS if name == "match_deals" else RULE_NUMBER_MAX
            field.max_value = top
            field.validators.append(MaxValueValidator(top))
            field.widget.attrs["max"] = top
    return form


def rules_forms() -> dict[str, forms.Form]:
    """Every game's house-rules form, unbound, by game name."""
    return {name: rules_form(name) for name in game_names()}


# A blank house-rules form's paragraphs by (game, language): the same for everyone, and the lobby
# shows every game's (about 60 ms of its 110 at load 8, 2026-12-02).
_BLANK_HTML: dict[tuple[str, str], SafeString] = {}


def rules_html(game: str, form: forms.Form) -> SafeString:
    """The house-rules form as paragraphs; a blank one is rendered once per game and language."""
    if form.is_bound:
        return form.as_p()
    key = (game, translation.get_language() or "")
    if key not in _BLANK_HTML:
        _BLANK_HTML[key] = form.as_p()
    return _BLANK_HTML[key]


def posted_rules(game: str, data: QueryDict) -> forms.Form | None:
    """The chosen game's house-rules form as posted, or ``None`` when the post has none of its fields.

    Such a post (an older page, a script) keeps the game's defaults: bound, its unticked boxes would
    read as "off" and quietly turn off the rules that are on by default.
    """
    prefix = rules_prefix(game) + "-"
    if not any(key.startswith(prefix) for key in data):
        return None
    return rules_form(game, data)
