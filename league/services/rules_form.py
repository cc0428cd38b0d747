"""A form generated from a game's Rules dataclass: enums as selects, bools as checkboxes, ints as numbers."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any

from django import forms

from engine.core.errors import EngineError
from league.services.games import RULE_CHOICES, game, rule_label


def rules_form_class(game_name: str) -> type[forms.Form]:
    """A Form class with one field per option of ``game_name``'s rules, defaults pre-filled."""
    rules_type = game(game_name).rules_type
    defaults = rules_type()
    fields: dict[str, forms.Field] = {}
    for field in dataclasses.fields(rules_type):
        fields[field.name] = _form_field(field.name, getattr(defaults, field.name))
    return type(f"{rules_type.__name__}Form", (RulesForm,), {**fields, "game_name": game_name})


def _form_field(name: str, default: Any) -> forms.Field:
    """One form field for one option, chosen by the type of its default."""
    label = rule_label(name)
    if isinstance(default, enum.Enum):
        choices = [(member.value, choice_words(name, member)) for member in type(default)]
        coerce: Callable[[Any], Any] = type(default.value)  # the posted text back to the value's type
        # Not posted (a page from before the option), or the default's own value "": the default.
        return forms.TypedChoiceField(
            label=label,
            choices=choices,
            initial=default.value,
            coerce=coerce,
            required=False,
            empty_value=default.value,
        )
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False, initial=default)
    if isinstance(default, int):
        # A negative default is a sentinel the engine documents (Zhao Pengyou's -1: draw for it).
        # Left empty (a page or script from before the option existed), the option keeps its default.
        return forms.IntegerField(label=label, initial=default, min_value=min(0, default), required=False)
    return forms.CharField(label=label, initial=str(default), required=False)  # "" is a value too


def choice_words(name: str, member: enum.Enum) -> str:
    """A choice option's value as the form offers it: its translated words, else its name."""
    words = RULE_CHOICES.get((name, str(member.value)))
    return str(words) if words is not None else str(member.name).replace("_", " ").lower()


class RulesForm(forms.Form):
    """Base of the generated forms: ``rules_json`` validates through the engine."""

    game_name = ""

    def clean(self) -> dict[str, Any]:
        """Let the engine build the rules, so an option it refuses is a form error."""
        data = {k: v for k, v in (super().clean() or {}).items() if v is not None}  # empty: the default
        try:
            game(self.game_name).rules_from_json(data)
        except (EngineError, TypeError, ValueError) as exc:
            raise forms.ValidationError(str(exc)) from None
        return data

    def rules_json(self) -> dict[str, Any]:
        """The cleaned options as the engine's JSON form of the rules."""
        data = {k: v for k, v in self.cleaned_data.items() if v is not None}
        return game(self.game_name).rules_from_json(data).to_json()
