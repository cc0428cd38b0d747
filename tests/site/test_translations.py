"""Every UI string reads in Simplified and Traditional Chinese: the CI check and what it catches."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from types import ModuleType

import polib
import pytest

from tests.servers import ROOT

pytestmark = pytest.mark.backend_free


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check = load(ROOT / ".ci" / "check_translations.py", "check_translations")
zh_hant = load(ROOT / "locale" / "make_zh_hant.py", "make_zh_hant")


@pytest.mark.skipif(
    shutil.which("xgettext") is None and os.environ.get("CI") != "true",
    reason="needs GNU gettext (apt-get install gettext); CI always has it",
)
def test_it_has_a_translation_for_every_ui_string(capsys: pytest.CaptureFixture[str]) -> None:
    """makemessages on a scratch copy finds no untranslated or fuzzy entry in either Chinese, and no
    template or script text escapes translation."""
    assert check.main() == 0, capsys.readouterr().out


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_template_text_outside_translate_is_found(tmp_path: Path) -> None:
    """A heading and a title attribute written in English are reported."""
    page = write(tmp_path, "p.html", '<h1>Standings</h1><a title="Next deal" href="#">{{ n }}</a>')
    assert check.template_literals(page) == ["Standings", "Next deal"]


def test_translated_template_text_passes(tmp_path: Path) -> None:
    """Translated text, variables, class blocks and names shown as they are pass."""
    page = write(
        tmp_path,
        "p.html",
        '{% load i18n %}<h1>{% translate "Standings" %}</h1>{% block table_class %} sisepai{% endblock %}'
        "<p>{% blocktranslate %}Deal {{ n }}{% endblocktranslate %} · Elo {{ rating }}</p>"
        '<script>const words = "not read";</script>',
    )
    assert check.template_literals(page) == []


@pytest.mark.parametrize(
    "script",
    [
        'box.textContent = "Your turn";',
        "alert('Connection lost');",
        'const note = "The deal is over.";',
        'const tip = "Select cards first";',
        'label.append("红桃");',
        'el.setAttribute("aria-label", "big joker");',
    ],
)
def test_script_text_a_visitor_reads_is_found(script: str) -> None:
    """Prose, Chinese or any text put straight into the page, in a script, is reported."""
    assert check.script_literals(script) != []


@pytest.mark.parametrize(
    "script",
    [
        'el.className = "tag move";',
        'document.querySelectorAll("#plays .seat-play");',
        'if (event.key === "ArrowRight") next();',
        'import { cardFace } from "./cards.js";',
        "box.textContent = fmt(L.deal, { number });",
        '// A comment may say "Pong 碰: three identical".',
        'const url = scheme + "https://" + host;',
    ],
)
def test_script_code_strings_pass(script: str) -> None:
    """Class names, selectors, key names, paths, comments and translated strings are not text."""
    assert check.script_literals(script) == []


def test_the_site_scripts_take_every_word_from_the_page() -> None:
    """No script in static/js holds text of its own."""
    assert check.script_gaps() == {}


def test_a_renamed_translation_function_is_found() -> None:
    """makemessages cannot see strings marked with ``_lazy``: the import itself is reported."""
    module = (
        "from django.utils.translation import gettext_lazy as _lazy\n"
        "from django.utils.translation import gettext as _\n"
    )
    assert check.python_aliases(module) == ["gettext_lazy as _lazy"]


def test_a_missing_rules_page_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game in en, zh_Hans and zh_Hant: the one page not written is reported."""
    for game in check.GAMES:
        for lang in check.RULES_LANGUAGES:
            if (game, lang) != ("sisepai", "zh_Hant"):
                write(tmp_path, f"{game}.{lang}.html", "<p>…</p>")
    monkeypatch.setattr(check, "ROOT", tmp_path.parent)
    monkeypatch.setattr(check, "RULES", tmp_path)
    assert check.missing_rules_pages() == [f"{tmp_path.name}/sisepai.zh_Hant.html"]


def test_no_rules_folder_is_not_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the rules pages exist the check has nothing to ask for."""
    monkeypatch.setattr(check, "RULES", tmp_path / "rules")
    assert check.missing_rules_pages() is None


def test_an_empty_or_fuzzy_translation_is_reported(tmp_path: Path) -> None:
    """The catalogue check names entries with no translation, or a fuzzy one, in a locale."""
    po = polib.POFile()
    po.append(polib.POEntry(msgid="Pass", msgstr="過"))
    po.append(polib.POEntry(msgid="Bid", msgstr=""))
    po.append(polib.POEntry(msgid="Throw", msgstr="甩牌", flags=["fuzzy"]))
    (tmp_path / "locale/zh_Hant/LC_MESSAGES").mkdir(parents=True)
    po.save(str(tmp_path / "locale/zh_Hant/LC_MESSAGES/django.po"))
    assert check.untranslated("zh_Hant", tmp_path) == ["Bid", "Throw"]


def test_the_traditional_catalogue_is_generated_from_the_simplified_one() -> None:
    """Rerunning locale/make_zh_hant.py changes nothing: zh-Hant holds every zh-Hans entry, converted."""
    source = polib.pofile(str(zh_hant.SOURCE))
    expected = zh_hant.traditional(source, zh_hant.Converter(zh_hant.glossary_terms()))
    committed = polib.pofile(str(zh_hant.TARGET))
    assert [(e.msgid, e.msgstr) for e in committed] == [(e.msgid, e.msgstr) for e in expected], (
        "run: .venv/bin/python locale/make_zh_hant.py"
    )


@pytest.mark.parametrize(
    ("simplified", "taiwan"),
    [
        ("升级", "升級"),
        ("拖拉机", "拖拉機"),
        ("红桃", "紅心"),
        ("大王", "大鬼"),
        ("循环赛", "循環賽"),
        ("登录", "登入"),
        ("吃碰窗口", "吃碰時機"),
        ("%(name)s 的牌桌", "%(name)s 的牌桌"),
    ],
)
def test_taiwan_terms_replace_the_first_pass(simplified: str, taiwan: str) -> None:
    """s2twp's characters and phrasing, with the glossary's reviewed terms for the games."""
    convert = zh_hant.Converter(zh_hant.glossary_terms())
    assert convert(simplified) == taiwan
