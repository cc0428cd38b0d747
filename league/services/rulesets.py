"""Rule sets clubs own: copy one, change its options, publish it as a frozen version, pick one.

A rule set names options only; a tournament or a table that picks a version copies its full
options into its own ``rules`` (and each deal keeps its own), so no later version reaches them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.core.errors import EngineError
from engine.core.rulesets import SHIPPED, differences
from league import access
from league.models import Club, RuleSet
from league.services.games import game, rule_label, rule_value

# The shipped rule sets' titles (engine/core/rulesets.py), for the catalogue: the site's rows show them
# translated (RuleSet.display_title); a test keeps this list in step with the engine's.
SITE_TITLES = (
    gettext_noop("Shengji (one deck): standard"),
    gettext_noop("Tractor (two decks): standard"),
    gettext_noop("San Da Ha: standard"),
    gettext_noop("Zhao Pengyou (Finding Friends): standard"),
    gettext_noop("Si Se Pai: standard"),
    gettext_noop("Tractor: throws judged against the hands"),
    gettext_noop("Shanghai 80 fen"),
    gettext_noop("Tractor: three decks, six players"),
)


class RuleSetError(Exception):
    """A rule set change that is not allowed; ``message`` is for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def ensure_shipped(model: Any = RuleSet) -> None:
    """The site's row of every shipped definition (engine/core/rulesets.py), published: the data migration
    writes them (``model``: its historical model), and a database emptied since (a test's flush)
    gets them back here."""
    have = set(model.objects.filter(club=None).values_list("name", "version"))
    for shipped in SHIPPED:
        if (shipped.name, shipped.version) not in have:
            model.objects.get_or_create(
                club=None,
                name=shipped.name,
                version=shipped.version,
                defaults={
                    "title": shipped.title,
                    "game": shipped.game,
                    "options": dict(shipped.options),
                    "status": RuleSet.Status.PUBLISHED,
                    "published": timezone.now(),
                },
            )


def available(club: Club | None, game_name: str | None = None) -> QuerySet[RuleSet]:
    """The published versions a club may pick: the site's and its own (``None``: the site's)."""
    ensure_shipped()
    rows = RuleSet.objects.filter(status=RuleSet.Status.PUBLISHED).filter(
        Q(club__isnull=True) | Q(club=club) if club is not None else Q(club__isnull=True)
    )
    return rows.filter(game=game_name) if game_name else rows


def rules_json(ruleset: RuleSet) -> dict[str, Any]:
    """Every option of the game under ``ruleset``, as the engine's JSON (what a deal is played under)."""
    return game(ruleset.game).rules_from_json(ruleset.options).to_json()


def check_options(game_name: str, options: dict[str, Any]) -> dict[str, Any]:
    """Only the options that differ from the seeds' rules, once the game accepts them all."""
    try:
        changed = differences(game_name, options)
    except (EngineError, TypeError, ValueError) as exc:
        raise RuleSetError(str(exc)) from None
    return {key: value for key, _default, value in changed}


def _require_manager(user: Any, club: Club) -> None:
    if not access.manages(user, club):
        raise RuleSetError(_("Only the club's owners and directors manage its rule sets."))


@transaction.atomic
def copy(source: RuleSet, club: Club, by: Any, name: str = "", title: str = "") -> RuleSet:
    """A draft in ``club`` with ``source``'s options: its next version if the club already uses
    the name (the club's own rule set), else version 1 of a new name."""
    _require_manager(by, club)
    name = name or source.name
    latest = RuleSet.objects.filter(club=club, name=name).aggregate(v=Max("version"))["v"] or 0
    if RuleSet.objects.filter(club=club, name=name, status=RuleSet.Status.DRAFT).exists():
        raise RuleSetError(_("This club already has a draft of that rule set: edit or publish it first."))
    return RuleSet.objects.create(
        club=club,
        name=name,
        version=latest + 1,
        title=title or source.title,
        game=source.game,
        options=dict(source.options),
        based_on=source,
        author=by,
    )


def edit(draft: RuleSet, by: Any, options: dict[str, Any], title: str = "") -> RuleSet:
    """Change a draft's options (checked by the game) and title; a published version is refused."""
    assert draft.club is not None, "the site's rule sets come from the engine"
    _require_manager(by, draft.club)
    if draft.is_published:
        raise RuleSetError(_("A published rule set is frozen: copy it to make a new version."))
    draft.options = check_options(draft.game, options)
    draft.title = title or draft.title
    draft.save(update_fields=["options", "title"])
    return draft


def publish(draft: RuleSet, by: Any) -> RuleSet:
    """Freeze the draft: from now on tournaments and tables may pick it, and nobody may change it."""
    assert draft.club is not None, "the site's rule sets come from the engine"
    _require_manager(by, draft.club)
    updated = RuleSet.objects.filter(pk=draft.pk, status=RuleSet.Status.DRAFT).update(
        status=RuleSet.Status.PUBLISHED, published=timezone.now()
    )
    if not updated:
        raise RuleSetError(_("This rule set version is already published."))
    draft.refresh_from_db()
    return draft


def picked(club: Club | None, game_name: str, ruleset_id: int | None) -> RuleSet | None:
    """The rule set version a form chose, if it is one ``club`` may pick for ``game_name``."""
    if ruleset_id is None:
        return None
    found = available(club, game_name).filter(pk=ruleset_id).first()
    if found is None:
        raise RuleSetError(_("That rule set is not one this club may pick for this game."))
    return found


def in_words(ruleset: RuleSet) -> list[str]:
    """Every difference from the seeds' rules, as a translated sentence per option."""
    return options_in_words(ruleset.game, ruleset.options)


def options_in_words(game_name: str, options: dict[str, Any]) -> list[str]:
    """``options``' differences from ``game_name``'s seeds' rules, one translated sentence each."""
    return [
        _("%(option)s: %(value)s (standard: %(default)s)")
        % {"option": rule_label(key), "value": _shown(value, key), "default": _shown(default, key)}
        for key, default, value in differences(game_name, options)
    ]


def _shown(value: Any, key: str) -> str:
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return rule_value(value, key)
