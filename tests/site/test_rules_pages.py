"""The players' rules pages: every game in English, Simplified and Traditional Chinese, with its
sections, its drawn examples and every house rule explained, and none of the engine's notation."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import fields
from html import unescape

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.test import Client, override_settings

from cardclub.cards import card_label
from cardclub.games import GAMES, GAMES_BY_NAME
from cardclub.rules_examples import EXAMPLES
from engine import get_game
from engine.games.sisepai.melds import Meld
from engine.games.sisepai.partition import winning_score
from engine.games.sisepai.rules import SiSePaiRules

pytestmark = pytest.mark.django_db

GAME_NAMES = [game.name for game in GAMES]
# zh-hant is listed here so the pages are checked whether or not the site's settings offer it yet.
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文"), ("zh-hant", "繁體中文")]
SECTIONS = ("cards", "deal", "play", "scoring", "house-rules")
# Words a player should never meet: the engine's option names, notation and working notes.
ENGINE_WORDS = re.compile(r"=\s*(true|false)|Engine name|\bseed\b|RULING[S]|`|failed_throws|max_team", re.I)


def rules_page(client: Client, game: str, language: str) -> str:
    """The rules page of ``game`` as a visitor reading ``language`` gets it."""
    with override_settings(LANGUAGES=LANGUAGES):
        client.cookies["django_language"] = language
        response = client.get(f"/games/{game}/")
    assert response.status_code == 200
    return response.content.decode()


def article(page: str) -> str:
    """The page's rules text (the written page, without the site's frame)."""
    match = re.search(r'<article class="rules-page" lang="([^"]+)">(.*)</article>', page, re.S)
    assert match, "the page has no rules article"
    return match.group(2)


def visible_text(html: str) -> str:
    """What a reader sees: the markup without tags and attributes."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


def house_rules(html: str) -> dict[str, str]:
    """Each explained option with the text of its explanation: a heading, then a paragraph."""
    found = re.findall(r'<div class="house-rule[^"]*" data-option="(\w+)">(.*?)</div>', html, re.S)
    for name, body in found:
        assert re.match(r"<h3>[^<]+</h3><p>", body), f"{name}: {body[:60]}"
    return {name: visible_text(body).strip() for name, body in found}


@pytest.mark.parametrize("language", [code for code, _ in LANGUAGES])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_page_is_written_in_the_readers_language(client: Client, game: str, language: str) -> None:
    """The page's own text is the one written in the reader's language, not the English one."""
    page = rules_page(client, game, language)
    assert f'<article class="rules-page" lang="{language}">' in page


@pytest.mark.parametrize("language", [code for code, _ in LANGUAGES])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_page_has_the_players_sections(client: Client, game: str, language: str) -> None:
    """The cards, a deal step by step, leading and following, scoring and the house rules."""
    text = article(rules_page(client, game, language))
    for section in SECTIONS:
        assert re.search(rf'<h2 id="{section}">[^<]+</h2>', text), section


@pytest.mark.parametrize("language", [code for code, _ in LANGUAGES])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_contents_link_every_section(client: Client, game: str, language: str) -> None:
    """The list at the top links each section of the page, and the bots below it."""
    page = rules_page(client, game, language)
    sections = re.findall(r'<h2 id="([\w-]+)">', article(page))
    nav = re.search(r'<nav class="rules-contents".*?</nav>', page, re.S)
    assert nav and re.findall(r'href="#([\w-]+)"', nav.group(0)) == [*sections, "bots"]


@pytest.mark.parametrize("language", [code for code, _ in LANGUAGES])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_page_draws_every_example_of_its_game(client: Client, game: str, language: str) -> None:
    """Every example of the game is on the page, each with its cards drawn and a caption."""
    text = article(rules_page(client, game, language))
    shown = dict(re.findall(r'<figure class="example" data-example="([\w-]+)">(.*?)</figure>', text, re.S))
    assert set(shown) == set(EXAMPLES[game])
    for name, example_rows in EXAMPLES[game].items():
        drawn = re.findall(r'data-card="(\w+)"', shown[name])
        assert drawn == [card for row in example_rows for card in row.cards], name
        caption = re.search(r"<figcaption>(.+?)</figcaption>", shown[name], re.S)
        assert caption and visible_text(caption.group(1)).strip(), name
        assert "&lt;" not in caption.group(1), name


@pytest.mark.parametrize("language", [code for code, _ in LANGUAGES])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_house_rule_is_explained(client: Client, game: str, language: str) -> None:
    """Each option of the game's Rules has its own explanation, with a heading and a sentence."""
    explained = house_rules(article(rules_page(client, game, language)))
    assert set(explained) == {field.name for field in fields(get_game(game).rules_type)}
    for name, text in explained.items():
        assert len(text) > 20, name


@pytest.mark.parametrize("language", [code for code, _ in LANGUAGES])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_page_shows_no_engine_notation(client: Client, game: str, language: str) -> None:
    """No option identifier, notation or working note in what a player reads."""
    text = visible_text(article(rules_page(client, game, language)))
    assert not ENGINE_WORDS.search(text), ENGINE_WORDS.search(text)
    for field in fields(get_game(game).rules_type):
        # One-word options ("redeal") are plain words; identifiers are the joined ones.
        assert "_" not in field.name or field.name not in text


@pytest.mark.parametrize("game", GAME_NAMES)
def test_an_on_off_rule_says_whether_it_is_played(client: Client, game: str) -> None:
    """Each on/off option says whether the table plays it unless the club changes it."""
    explained = house_rules(article(rules_page(client, game, "en")))
    for field in fields(get_game(game).rules_type):
        if isinstance(field.default, bool):
            usual = "On unless the club turns it off" if field.default else "Off unless the club turns it on"
            assert explained[field.name].endswith(usual), field.name


def test_the_chinese_page_names_cards_and_shows_the_bots_in_chinese(client: Client) -> None:
    """The drawn cards are named in the page's language, and the bot strength lines stay."""
    page = rules_page(client, "tractor", "zh-hans")
    assert 'aria-label="黑桃7"' in page
    assert "牌桌上的机器人" in page and "高手机器人：" in page


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_language_without_a_page_reads_the_english_one(client: Client, game: str) -> None:
    """A reader of another language the site may offer gets the English page, not an error."""
    with override_settings(LANGUAGES=[*LANGUAGES, ("fr", "Français")]):
        client.cookies["django_language"] = "fr"
        page = client.get(f"/games/{game}/").content.decode()
    assert '<article class="rules-page" lang="en">' in page


def test_a_house_rule_that_the_game_does_not_have_is_refused() -> None:
    """A page explaining an option its game does not have fails to render instead of misleading."""
    source = '{% load rules_page %}{% house_rule "no_such_option" %}<p>text</p>{% endhouse_rule %}'
    with pytest.raises(TemplateSyntaxError, match="no option 'no_such_option'"):
        Template(source).render(Context({"game": GAMES_BY_NAME["tractor"]}))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_example_card_is_a_card_of_the_game(game: str) -> None:
    """Examples draw only cards (or pieces) that the game's deck holds."""
    deck = set(get_game(game).deck(get_game(game).rules_type(), get_game(game).default_seats))
    for name, example_rows in EXAMPLES[game].items():
        for row in example_rows:
            assert set(row.cards) <= deck, (name, set(row.cards) - deck)


def test_the_si_se_pai_winning_hand_wins_with_13_points() -> None:
    """The page's winning hand is a win for the engine, worth the 13 points its caption says."""
    (exposed, hand, shown) = EXAMPLES["sisepai"]["win"]
    assert len(exposed.cards) + len(hand.cards) + len(shown.cards) == 21
    melds = [Meld.of(exposed.cards, exposed=True)]
    score = winning_score(Counter(hand.cards), shown.cards[0], melds, SiSePaiRules().min_points)
    assert score == 13


def test_a_drawn_card_is_named_for_screen_readers(client: Client) -> None:
    """Each drawn card carries its name, as every other page's cards do."""
    page = rules_page(client, "shengji", "en")
    assert f'aria-label="{card_label("BJ")}"' in page and 'aria-label="10 of hearts"' in page


# The games' own words, as Chinese players say them (docs/rules/<game>.md, glossaries).
TERMS = {
    "shengji": ("亮主", "扣底", "甩牌", "庄家", "闲家", "主牌", "副牌", "升级", "打几"),
    "tractor": ("亮主", "反主", "自保", "扣底", "抠底", "甩牌", "拖拉机", "对子", "无主"),
    "sandaha": ("叫分", "常主", "庄家", "扣底", "抠底", "甩牌", "拖拉机"),
    "zhaopengyou": ("找朋友", "朋友", "亮主", "庄家", "闲家", "拖拉机", "甩牌"),
    "sisepai": ("自摸", "胡", "吃", "碰", "将士象", "车马炮", "流局"),
}
TRADITIONAL = {"亮主": "亮主", "扣底": "扣底", "抠底": "摳底", "闲家": "閒家", "庄家": "莊家", "升级": "升級"}
SIMPLIFIED_ONLY = "张级庄闲门对这们说发轮赢过"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_simplified_page_speaks_the_games_terms(client: Client, game: str) -> None:
    """The Chinese page uses the words players use at the table."""
    text = visible_text(article(rules_page(client, game, "zh-hans")))
    assert [term for term in TERMS[game] if term not in text] == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_traditional_page_is_written_in_traditional_characters(client: Client, game: str) -> None:
    """No Simplified-only character on the Traditional page, and the games' terms in their
    Traditional forms (紅心 for hearts, as Taiwan says it)."""
    text = visible_text(article(rules_page(client, game, "zh-hant")))
    assert [c for c in SIMPLIFIED_ONLY if c in text] == []
    for simplified, traditional in TRADITIONAL.items():
        if simplified in TERMS[game]:
            assert traditional in text, traditional
    assert "紅桃" not in text
