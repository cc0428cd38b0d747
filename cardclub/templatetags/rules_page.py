"""Tags of the players' rules pages (templates/rules/): drawn examples, house rules, melds.

The pages are written once per language; what they share (the cards of each example, the options
of the game's ``Rules`` and their defaults, the Si Se Pai meld points) comes from here, so the three
languages show the same cards and explain the same options.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from django import template
from django.template.base import NodeList, Parser, Token
from django.template.context import Context
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from cardclub.cards import SPRITE, card_label
from cardclub.rules_examples import EXAMPLES, MELD_EXAMPLES, ROLES, Row
from engine import get_game
from engine.games.sisepai.melds import Meld
from tables.templatetags.sisepai import piece_words

register = template.Library()

MARKS = {"allowed": "✓", "refused": "✗"}


def card_faces(cards: tuple[str, ...], *, trump: bool = False) -> SafeString:
    """Playing cards drawn from the sprite, each named for screen readers."""
    css = "card-face trump" if trump else "card-face"
    return format_html_join(
        "",
        '<span class="{}" role="img" aria-label="{}" title="{}" data-card="{}">'
        '<svg viewBox="0 0 60 84" aria-hidden="true"><use href="{}#c-{}"></use></svg></span>',
        ((css, card_label(c), card_label(c), c, static(SPRITE), c) for c in cards),
    )


def piece_faces(cards: tuple[str, ...]) -> SafeString:
    """Si Se Pai pieces drawn from the sprite, each named ("red general") for screen readers."""
    words = piece_words()
    names = [f"{words['colours'][c[0]]} {words['pieces'][c[1]]}" for c in cards]
    return format_html_join(
        "",
        '<span class="piece col-{}" role="img" aria-label="{}" title="{}" data-card="{}">'
        '<svg viewBox="0 0 40 64" aria-hidden="true"><use href="{}#p-{}"></use></svg></span>',
        ((c[0], name, name, c, static(SPRITE), c) for c, name in zip(cards, names, strict=True)),
    )


def draw(game: str, cards: tuple[str, ...], *, trump: bool = False) -> SafeString:
    """The game's own faces: pieces for Si Se Pai, playing cards for the others."""
    return piece_faces(cards) if game == "sisepai" else card_faces(cards, trump=trump)


def draw_row(game: str, row: Row) -> SafeString:
    """One labelled row of an example, its groups drawn apart."""
    groups = format_html_join(
        "",
        '<span class="example-group">{}</span>',
        ((draw(game, group, trump=row.role == "trumps"),) for group in row.groups),
    )
    label = ROLES[row.role]
    if not label:
        return format_html('<div class="example-row">{}</div>', groups)
    mark = MARKS.get(row.role, "")
    return format_html(
        '<div class="example-row role-{}"><span class="example-role">{}{}</span>'
        '<span class="example-cards">{}</span></div>',
        row.role,
        f"{mark} " if mark else "",
        label,
        groups,
    )


def page_game(context: Context) -> str:
    """The name of the game whose page is being rendered."""
    return str(context["game"].name)


class ExampleNode(template.Node):
    def __init__(self, name: str, caption: NodeList) -> None:
        self.name, self.caption = name, caption

    def render(self, context: Context) -> SafeString:
        game = page_game(context)
        drawn = format_html_join("", "{}", ((draw_row(game, row),) for row in EXAMPLES[game][self.name]))
        return format_html(
            '<figure class="example" data-example="{}">{}<figcaption>{}</figcaption></figure>',
            self.name,
            drawn,
            mark_safe(self.caption.render(context).strip()),  # noqa: S308 (rendered template: safe)
        )


@register.tag
def example(parser: Parser, token: Token) -> ExampleNode:
    """``{% example "tractor" %}caption{% endexample %}``: the game's drawn example with a caption."""
    name = quoted_argument(token)
    caption = parser.parse(("endexample",))
    parser.delete_first_token()
    return ExampleNode(name, caption)


def rule_default(rules_type: type, name: str) -> Any:
    """The default of the ``Rules`` field ``name``; ``TemplateSyntaxError`` for no such option."""
    for field in fields(rules_type):
        if field.name == name and field.default is not MISSING:
            return field.default
    raise template.TemplateSyntaxError(f"{rules_type.__name__} has no option {name!r}")


class HouseRuleNode(template.Node):
    def __init__(self, name: str, body: NodeList) -> None:
        self.name, self.body = name, body

    def render(self, context: Context) -> SafeString:
        default = rule_default(get_game(page_game(context)).rules_type, self.name)
        with context.push(default=default):
            body = mark_safe(self.body.render(context).strip())  # noqa: S308 (rendered template: safe)
        if isinstance(default, bool):
            usual = _("On unless the club turns it off") if default else _("Off unless the club turns it on")
            note = format_html('<p class="rule-default">{}</p>', usual)
        else:
            note = SafeString("")
        css = "house-rule on" if default is True else "house-rule"
        return format_html('<div class="{}" data-option="{}">{}{}</div>', css, self.name, body, note)


@register.tag
def house_rule(parser: Parser, token: Token) -> HouseRuleNode:
    """``{% house_rule "tractor_follow" %}…{% endhouse_rule %}``: one option explained; inside,
    ``{{ default }}`` is the option's default, and an on/off option shows whether it is played."""
    name = quoted_argument(token)
    body = parser.parse(("endhouse_rule",))
    parser.delete_first_token()
    return HouseRuleNode(name, body)


@register.simple_tag
def meld_table() -> SafeString:
    """Every Si Se Pai meld drawn, with its name and its points concealed and exposed."""
    names = piece_words()["melds"]
    rows = []
    for cards in MELD_EXAMPLES:
        meld = Meld.of(cards)
        exposed = "—" if meld.kind.value == "pair" else str(Meld.of(cards, exposed=True).points)
        rows.append((piece_faces(cards), names[meld.kind.value], meld.points, exposed))
    body = format_html_join(
        "",
        '<tr><th scope="row"><span class="meld-cards">{}</span> <span class="meld-name">{}</span></th>'
        "<td>{}</td><td>{}</td></tr>",
        rows,
    )
    return format_html(
        '<table class="table melds"><thead><tr><th scope="col">{}</th><th scope="col">{}</th>'
        '<th scope="col">{}</th></tr></thead><tbody>{}</tbody></table>',
        _("Meld"),
        _("Concealed"),
        _("Exposed"),
        body,
    )


def quoted_argument(token: Token) -> str:
    """The one quoted argument of a block tag."""
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError(f"{bits[0]} takes one quoted name")
    return bits[1][1:-1]
