"""Forms of the organiser's pages; values are checked again by the services."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import fields as dataclass_fields
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from cardclub.games import game_info
from engine.core.registry import get_game
from league import access
from league.models import Club, Entry, Membership, Player, RuleSet, Tournament
from league.services import rulesets
from league.services.games import choices as game_choices
from league.services.games import tiebreak_name
from league.services.offline import DealInput
from league.tiebreaks import TIEBREAKS

TIEBREAK_SLOTS = 4
FIGURES = tuple(f.name for f in dataclass_fields(DealInput))  # a deal form's fields named as figures


class ClubForm(forms.ModelForm):  # type: ignore[type-arg]
    """A new club's name, description and visibility."""

    class Meta:
        model = Club
        fields = ["name", "description", "is_public"]


class ClubSettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    """What a club's directors switch on and off after creating it."""

    class Meta:
        model = Club
        fields = ["description", "is_public", "auto_review", "tournament_chat"]


class InvitationForm(forms.Form):
    """The role an invitation grants and, optionally, the offline player it claims."""

    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(Membership.Role.MEMBER, _("member")), (Membership.Role.DIRECTOR, _("director"))],
    )
    player = forms.ModelChoiceField(
        label=_("Claims the offline player"), queryset=Player.objects.none(), required=False
    )

    def __init__(self, club: Club, *args: Any, owner: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = club.players.filter(user__isnull=True)  # type: ignore[attr-defined]
        if not owner:
            # Only the owner makes directors: a director's invitations make members.
            role = self.fields["role"]
            assert isinstance(role, forms.ChoiceField)
            role.choices = [(Membership.Role.MEMBER, _("member"))]


class PlayerForm(forms.Form):
    """An offline player's name."""

    name = forms.CharField(label=_("Name"), max_length=100)


class LinkPlayerForm(forms.Form):
    """Link an offline player to a member's account."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    membership = forms.ModelChoiceField(label=_("Account"), queryset=Membership.objects.none())

    def __init__(self, club: Club, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = club.players.filter(user__isnull=True)  # type: ignore[attr-defined]
        self.fields["membership"].queryset = club.memberships.select_related("user").filter(  # type: ignore[attr-defined]
            user__player__isnull=True
        )


class RoleForm(forms.Form):
    """The owner's choice of a member's role."""

    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(Membership.Role.DIRECTOR, _("director")), (Membership.Role.MEMBER, _("member"))],
    )


class JoinRequestForm(forms.Form):
    """A short note to the directors."""

    message = forms.CharField(label=_("Message"), max_length=300, required=False)


class GameForm(forms.Form):
    """First step of a new tournament: the game decides the rule options shown next."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices)


class RuleSetCopyForm(forms.Form):
    """The name and title of a club's copy (empty: the source's)."""

    name = forms.SlugField(
        label=_("Short name"),
        max_length=80,
        required=False,
        help_text=_(
            "Letters, digits and hyphens; the same name as one of the club's makes its next version."
        ),
    )
    title = forms.CharField(label=_("Title"), max_length=120, required=False)


class RuleSetTitleForm(forms.Form):
    """A draft's title."""

    title = forms.CharField(label=_("Title"), max_length=120)


class RuleSetChoiceForm(forms.Form):
    """A published rule set version to play under instead of the options chosen one by one."""

    def __init__(self, club: Club, game_name: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"] = forms.ModelChoiceField(
            label=_("Rule set"),
            queryset=rulesets.available(club, game_name),
            required=False,
            empty_label=_("None: the house rules chosen below"),
            help_text=_("A rule set's options replace the house rules below."),
        )
        self.rows = [(r, rulesets.in_words(r)) for r in self.fields["ruleset"].queryset]  # type: ignore[attr-defined]

    def chosen(self) -> RuleSet | None:
        """The version chosen, or ``None``."""
        return self.cleaned_data.get("ruleset")


class TournamentForm(forms.ModelForm):  # type: ignore[type-arg]
    """Format and schedule of a new tournament; tie-breaks in the order they apply."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "format",
            "entry_kind",
            "movement",
            "boards_per_round",
            "rounds_planned",
            "table_size",
            "starts_at",
            "deals_per_match",
            "match_minutes",
            "seconds_per_decision",
            "next_deal_seconds",
            "spectator_delay",
            "rated",
            "is_public",
            "check_in",
        ]
        widgets = {"starts_at": forms.DateTimeInput(attrs={"type": "datetime-local"})}
        help_texts = {
            "table_size": _(
                "0: the game's usual table; Zhao Pengyou and Si Se Pai then size the tables from the "
                "entries. Otherwise the largest table: smaller ones seat everyone who can play."
            )
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["boards_per_round"].required = False
        self.fields["next_deal_seconds"].required = False
        options = [("", "—"), *((code, tiebreak_name(code)) for code in TIEBREAKS)]
        for i in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tie_break_{i}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": i}, choices=options, required=False
            )

    def clean_boards_per_round(self) -> int:
        """Only duplicate formats read it; left empty it keeps the model's default."""
        value = self.cleaned_data.get("boards_per_round")
        return int(value) if value else 2

    def clean_next_deal_seconds(self) -> int:
        """Left empty (an older page, a script) it keeps the model's default, 30 s."""
        value = self.cleaned_data.get("next_deal_seconds")
        return int(value) if value is not None else 30

    def tie_breaks(self) -> list[str]:
        """Chosen tie-break codes in order, each once."""
        codes = [self.cleaned_data.get(f"tie_break_{i}") for i in range(1, TIEBREAK_SLOTS + 1)]
        return list(dict.fromkeys(c for c in codes if c))


class EntryForm(forms.Form):
    """An entry: one player, or two for a fixed partnership."""

    def __init__(self, tournament: Tournament, size: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = tournament.club.players.exclude(entry_memberships__entry__tournament=tournament)
        for i in range(size):
            self.fields[f"player_{i}"] = forms.ModelChoiceField(
                label=_("Player %(n)s") % {"n": i + 1}, queryset=players
            )
        self.fields["name"] = forms.CharField(label=_("Team name"), max_length=120, required=False)
        self.size = size

    def players(self) -> list[Player]:
        """The chosen players in seating order."""
        return [self.cleaned_data[f"player_{i}"] for i in range(self.size)]


class KeepApartForm(forms.Form):
    """Two players that individual seating must never put at one table."""

    first = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    second = forms.ModelChoiceField(label=_("kept apart from"), queryset=Player.objects.none())

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(entry_memberships__entry__tournament=tournament)
        self.fields["first"].queryset = players  # type: ignore[attr-defined]
        self.fields["second"].queryset = players  # type: ignore[attr-defined]


class SwapEntriesForm(forms.Form):
    """Two entries of a draft round that exchange places."""

    first = forms.ModelChoiceField(label=_("Entry"), queryset=Entry.objects.none())
    second = forms.ModelChoiceField(label=_("swaps with"), queryset=Entry.objects.none())

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = tournament.entries.all()  # type: ignore[attr-defined]
        self.fields["second"].queryset = tournament.entries.all()  # type: ignore[attr-defined]


class SwapSeatsForm(forms.Form):
    """Two seats of one table that exchange players."""

    table = forms.IntegerField(label=_("Table"), min_value=1)
    seat_a = forms.IntegerField(label=_("Seat"), min_value=0)
    seat_b = forms.IntegerField(label=_("swaps with seat"), min_value=0)


class SeatedDealForm(forms.Form):
    """Base of the deal forms: the seat that declared (or dealt) it, among those that may.

    Only the figures the match's game reads under its rules are asked for (``read``, from
    ``offline.figures_read``); a value posted for any other figure, of this game's form or another
    game's, is refused rather than dropped, since it means the table played a rule this match does
    not have.
    """

    declarer = forms.TypedChoiceField(label=_("Declarer (seat)"), coerce=int, choices=())
    note: Promise | str = ""  # what the match page says of entering a deal of the form's games

    def __init__(
        self,
        seats: list[tuple[int, str]],
        declarers: list[tuple[int, str]],
        game: str,
        read: Collection[str],
        *args: Any,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["declarer"].choices = declarers  # type: ignore[attr-defined]
        self.unread = [name for name in FIGURES if name not in read]
        for name in self.unread:
            self.fields.pop(name, None)
        self.game = game
        self.for_table(seats, game)

    def for_table(self, seats: list[tuple[int, str]], game: str) -> None:
        """Fit the game's own fields to the table."""

    def count_throw_penalties(self) -> None:
        """Say that the defenders' points include the failed-throw penalties (``throw_penalty`` is on)."""
        if "defender_points" in self.fields:
            self.fields["defender_points"].help_text = _(
                "Failed-throw penalties included: 10 more for each failed throw of the declarer's side, "
                "10 fewer for each of the defenders' (never below 0)."
            )

    def clean(self) -> dict[str, Any]:
        """Refuse a value for a figure this match's rules do not read, naming the figure and why."""
        data = super().clean() or {}
        info = game_info(self.game)
        title = info.title if info else self.game
        refused = [
            _(
                "%(figure)s: a %(game)s deal has no such figure under this match's rules (a value means "
                "the table played a rule this match does not have); leave it empty."
            )
            % {"figure": figure_label(name), "game": title}
            for name in self.unread
            if self.data.get(name) not in (None, "")
        ]
        if refused:
            raise forms.ValidationError(refused)
        return data

    def deal_input(self) -> DealInput:
        """The service's input from the valid form."""
        raise NotImplementedError


class DealForm(SeatedDealForm):
    """One offline deal of a four-seat game: the declarer's seat, the defenders' points, San Da Ha's bid,
    one-deck Shengji's last trick and J-hook. The engine checks every range (``engine.core.entered``)."""

    defender_points = forms.IntegerField(label=_("Defenders' points"), initial=0)
    bid = forms.IntegerField(label=_("Bid"), required=False)
    defenders_last = forms.BooleanField(label=_("The defenders took the last trick"), required=False)
    hook = forms.ChoiceField(
        label=_("J-hook: the J that took the last trick at rank J"),
        choices=[("", _("none")), ("trump", _("the trump suit's J")), ("side", _("another suit's J"))],
        required=False,
    )

    def for_table(self, seats: list[tuple[int, str]], game: str) -> None:
        """San Da Ha's bid is required, and its defenders' points count the kitty."""
        if "bid" in self.fields:
            self.fields["bid"].required = True
            self.fields["defender_points"].label = _("Defenders' points (kitty included)")

    def deal_input(self) -> DealInput:
        """The service's input from the valid form."""
        data = self.cleaned_data
        return DealInput(
            data["declarer"],
            data["defender_points"],
            data.get("bid"),
            defenders_last=bool(data.get("defenders_last")),
            hook=data.get("hook") or None,
        )


class FriendsDealForm(SeatedDealForm):
    """One Zhao Pengyou deal: the declarer, who ended on its side as friends, the defenders' points;
    or a redeal when nobody declared."""

    note = _(
        "Zhao Pengyou sides change every deal: enter the declarer and the friends who ended on its side; "
        "the engine scores the ranks."
    )

    redeal = forms.BooleanField(
        label=_("Nobody declared: the cards were dealt again"),
        help_text=_("A redeal counts for nothing; the declarer chosen above is not read."),
        required=False,
    )
    friends = forms.TypedMultipleChoiceField(
        label=_("Friends (seats that joined the declarer)"),
        coerce=int,
        choices=(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    defender_points = forms.IntegerField(
        label=_("Defenders' points (kitty included)"), min_value=0, max_value=1000, initial=0
    )

    def for_table(self, seats: list[tuple[int, str]], game: str) -> None:
        """Any seat may be ticked; the engine refuses the declarer and too many friends."""
        self.fields["friends"].choices = seats  # type: ignore[attr-defined]

    def deal_input(self) -> DealInput:
        """The service's input from the valid form."""
        data = self.cleaned_data
        return DealInput(
            data["declarer"],
            data["defender_points"],
            friends=tuple(data["friends"]),
            redeal=bool(data.get("redeal")),
        )


class SiSePaiDealForm(SeatedDealForm):
    """One Si Se Pai deal: the winner and the winning hand's points, or a void deal."""

    note = _(
        "Si Se Pai: enter the winner and the winning hand's points, or a void deal; "
        "each other player pays the winner."
    )

    declarer = forms.TypedChoiceField(label=_("Dealer (seat)"), coerce=int, choices=())
    winner = forms.TypedChoiceField(
        label=_("Winner"), coerce=int, empty_value=None, required=False, choices=()
    )
    hand_points = forms.IntegerField(
        label=_("Winning hand's points"), min_value=1, max_value=41, required=False
    )

    def for_table(self, seats: list[tuple[int, str]], game: str) -> None:
        """The winner is any seat, or nobody when the stock ran out."""
        self.fields["winner"].choices = [("", _("nobody: the stock ran out (void deal)")), *seats]  # type: ignore[attr-defined]

    def deal_input(self) -> DealInput:
        """The service's input from the valid form."""
        data = self.cleaned_data
        return DealInput(data["declarer"], winner=data["winner"], hand_points=data["hand_points"])


class CorrectionFields(forms.Form):
    """What a director's correction adds to a deal's figures: which deal, and why."""

    number = forms.IntegerField(label=_("Deal number"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class CorrectionForm(DealForm, CorrectionFields):
    """A director's correction of one entered deal (level games, San Da Ha)."""


class FriendsCorrectionForm(FriendsDealForm, CorrectionFields):
    """A director's correction of one entered Zhao Pengyou deal."""


class SiSePaiCorrectionForm(SiSePaiDealForm, CorrectionFields):
    """A director's correction of one entered Si Se Pai deal."""


# (the entry form, the correction form); a game enters its deals with the first whose fields hold
# every figure the game reads (``Game.figures``).
DEAL_FORMS: tuple[tuple[type[SeatedDealForm], type[SeatedDealForm]], ...] = (
    (DealForm, CorrectionForm),
    (FriendsDealForm, FriendsCorrectionForm),
    (SiSePaiDealForm, SiSePaiCorrectionForm),
)


def figure_label(name: str) -> str:
    """A figure's label as the first deal form that asks for it shows it."""
    for form in (DealForm, FriendsDealForm, SiSePaiDealForm):
        if name in form.base_fields:
            return str(form.base_fields[name].label)
    return name


def deal_form_class(game: str, correction: bool = False) -> type[SeatedDealForm]:
    """The form that enters (or corrects) one deal of ``game``: the first that asks for its figures."""
    figures = set(get_game(game).figures)
    entry, corrects = next(
        (forms_ for forms_ in DEAL_FORMS if figures <= set(forms_[0].base_fields)), DEAL_FORMS[0]
    )
    return corrects if correction else entry


class UploadForm(forms.Form):
    """A deal record file (JSON), appended as the next deal or attached to an entered deal."""

    record = forms.FileField(label=_("Deal record (JSON)"))
    deal_number = forms.IntegerField(
        label=_("Attach to deal number (empty: next deal)"), min_value=1, required=False
    )


class RankingFilterForm(forms.Form):
    """Filters of the rankings page."""

    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), required=False)
    # Bounded: a huge number of days overflowed the date arithmetic (a server error before the bound).
    days = forms.IntegerField(
        label=_("Active in the last N days"), min_value=1, max_value=36_500, required=False
    )
    min_games = forms.IntegerField(label=_("Minimum games"), min_value=0, max_value=1_000_000, required=False)

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = access.visible_clubs(user)  # type: ignore[attr-defined]
