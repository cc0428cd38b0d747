"""Forms of the replay pages: comments, uploads and the filters of recent deals."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from cardclub.games import catalogue
from league.models import Deal, Tournament
from replays.models import Comment
from replays.services import deal_pages


class CommentForm(forms.ModelForm):  # type: ignore[type-arg]  # not subscriptable at run time
    """A comment at a step of the replay."""

    class Meta:
        model = Comment
        fields = ["at", "text"]
        widgets = {"at": forms.HiddenInput, "text": forms.Textarea(attrs={"rows": 2})}
        labels = {"text": _("Comment")}


class UploadForm(forms.Form):
    """A deal record, a match file or NDJSON of deal records."""

    file = forms.FileField(label=_("Record or match file"))


class DealFilterForm(forms.Form):
    """Filters of a list of recent deals."""

    game = forms.ChoiceField(label=_("Game"), required=False)
    tournament = forms.ModelChoiceField(
        label=_("Tournament"), queryset=Tournament.objects.none(), required=False
    )
    since = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("Until"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: Any, tournaments: QuerySet[Tournament], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # django-stubs type self.fields as plain Fields: these are a ChoiceField and a ModelChoiceField.
        self.fields["game"].choices = [("", _("All games")), *((g.name, g.title) for g in catalogue())]  # type: ignore[attr-defined]
        self.fields["tournament"].queryset = tournaments  # type: ignore[attr-defined]
        self.fields["tournament"].empty_label = _("All tournaments and casual games")  # type: ignore[attr-defined]

    def apply(self, deals: QuerySet[Deal]) -> QuerySet[Deal]:
        """``deals`` narrowed by the valid filters."""
        if not self.is_valid():
            return deals
        data = self.cleaned_data
        if data["game"]:
            deals = deals.filter(game=data["game"])
        if data["tournament"]:
            deals = deals.filter(match__tournament=data["tournament"])
        # As ranges of the lists' order, so a date narrows the index the page is read from.
        if data["since"]:
            deals = deal_pages.finished_since(deals, data["since"])
        if data["until"]:
            deals = deal_pages.finished_until(deals, data["until"])
        return deals
