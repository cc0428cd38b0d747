"""What the league reads of each game's traits (``engine/core/traits.py``): seats, sides, entry kinds."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from cardclub.games import game_info
from engine import game_names, get_game
from engine.core.game import Game
from engine.core.traits import Sides


def game(name: str) -> Game:
    """The engine's game called ``name``."""
    return get_game(name)


def choices() -> list[tuple[str, str]]:
    """(name, title) of every registered game, for form selects, in the page's language."""
    return [(name, display_name(name)) for name in game_names()]


def display_name(name: str) -> str:
    """A registered game's name as the page's language shows it ("Tractor 拖拉机", "拖拉机")."""
    info = game_info(name)
    return info.label() if info else name


def table_size(name: str) -> int:
    """Seats at one table of the game (its default count; Zhao Pengyou and Si Se Pai vary)."""
    return get_game(name).default_seats


def partnerships(name: str) -> bool:
    """The game is played by two fixed sides, partners opposite (seats 0 & 2 against 1 & 3)."""
    return get_game(name).sides is Sides.PARTNERS


def side_of(name: str, seat: int) -> int:
    """The side a seat plays on: partners share one in partnership games, else every seat is alone."""
    return seat % 2 if partnerships(name) else seat


def allows_teams(name: str) -> bool:
    """Fixed partnerships may enter as one entry (Tractor, one-deck Shengji)."""
    return partnerships(name)


# Labels of the engine's rule options, by field name; an unknown option shows its own name.
RULE_LABELS: dict[str, Promise] = {
    "first_drawer": _("Seat that draws first in the first deal"),
    "first_bidder": _("Seat that bids first in the first deal"),
    "pointless_redeal": _("A hand without 5, 10 or K may demand a redeal"),
    "notrump_ranks": _("With no trump suit the rank cards stay trump"),
    "two_always_trump": _("2s are always trump (levels start at 3)"),
    "four_of_a_kind": _("Four of a kind may be led together"),
    "last_trick_passes": _("Defenders taking the last trick take the deal"),
    "j_hook": _("J-hook: losing at J sends the declarers back"),
    "match_deals": _("Deals in a match (0: the league decides)"),
    "dealer_21": _("The dealer starts with 21 cards"),
    "min_points": _("Fewest points a winning hand needs"),
    "redeal": _("A hand without a general may demand a redeal"),
    "tractor_follow": _("A tractor lead must be answered with a tractor when one is held"),
    "kitty_per_card": _("Kitty multiplier: ×2 per card of the last lead's largest unit"),
    "real_hand_throws": _(
        "Throws judged against the real hands: a failed throw plays its smallest beatable part"
    ),
    "throw_penalty": _("A failed throw costs the thrower's side 10 points"),
    "kitty_per_trick": _("Kitty multiplier: ×2 per card each player played to the last trick"),
    "level_step": _("Points per level in the results table"),
    "zero_rise": _("Levels the dealer's side rises when the defenders take no points"),
    "must_defend": _("Must-defend ranks (e.g. 5TK): a side stops there until it wins a deal there as dealer"),
    "must_defend_jump": _("Levels a rise may go past the first must-defend rank it reaches"),
    "weak_points": _("A hand with at most this many points may demand a redeal (-1: never)"),
    "weak_trumps": _("A hand with at most this many trumps may demand a redeal (-1: never)"),
    "no_declaration": _("When nobody declares"),
    "own_copy_counts": _("The declarer's own copies count towards a friend call"),
    "call_point_cards": _("A 5, 10 or K may be called as a friend card"),
    "call_top_card": _("The highest card of a suit may be called as a friend card"),
    "first_dealer": _("Seat of the first provisional dealer (-1: drawn for)"),
    "kitty_multiplier": _("The kitty's points count this many times for the last trick's side"),
    "passive_penalty": _("Ranks fewer for a winner who lost the deal before"),
    "kitty_stealing": _(
        "Kitty stealing: after a burial the others in turn may take the kitty up with a stronger declaration"
    ),
    "dead_zone": _("Steps past the line in which the defenders take the deal and nobody rises"),
    "ruff_every_unit": _("A second ruff of a throw must beat every part of the first"),
    "short_bonus": _("Bonus for a winning declarer's team with fewer friends than called"),
    "decks": _("Decks: 2 for four players, 3 for six in fixed partnerships"),
}


def rule_label(name: str) -> str:
    """The label of a rule option."""
    label = RULE_LABELS.get(name)
    return str(label) if label is not None else name.replace("_", " ").capitalize()


# Words for the values of a choice option, by option and value; an unknown one shows its value.
RULE_CHOICES: dict[tuple[str, str], Promise] = {
    ("short_bonus", "per_missing_member"): _("one game point per missing member"),
    ("short_bonus", "one_level"): _("one game point however many are missing"),
    ("short_bonus", "none"): _("no bonus"),
}


def rule_value(value: object, name: str = "") -> str:
    """A rule option's value in words (yes/no for switches, a choice's words where it has them)."""
    if isinstance(value, bool):
        return pgettext("house rule", "yes") if value else pgettext("house rule", "no")
    words = RULE_CHOICES.get((name, str(value)))
    return str(words) if words is not None else str(value)


# The tie-breaks of league/tiebreaks.py with their names translated (the pure module keeps plain strings).
TIEBREAK_LABELS: dict[str, tuple[Promise, Promise]] = {
    "BH": (_("Buchholz"), _("Sum of the final points of every opponent met.")),
    "BH-C1": (
        _("Buchholz cut 1"),
        _("Buchholz without the single lowest opponent score (softens one weak pairing)."),
    ),
    "SB": (
        _("Sonneborn-Berger"),
        _("Final points of each opponent beaten, plus half of each opponent drawn."),
    ),
    "DE": (_("Direct encounter"), _("Score in the games among the entries still tied (win 1, draw 1/2).")),
    "DIFF": (
        _("Level difference"),
        _("Levels (or card points) won minus levels conceded, over all matches."),
    ),
    "WIN": (_("Number of wins"), _("Matches won over the table (byes are not wins).")),
}


def tiebreak_name(code: str) -> str:
    """The translated name of a tie-break code."""
    label = TIEBREAK_LABELS.get(code)
    return str(label[0]) if label else code
