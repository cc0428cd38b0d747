"""Fail when any text a visitor reads is not translated into both Chinese.

Four checks, each printing what it found:

- **catalogues**: Django's makemessages (GNU gettext) on a scratch copy of the project, so the
  checkout is left untouched, for zh-Hans and zh-Hant; every marked string of the templates, the
  Python code and the JavaScript strings the pages hand to their scripts must be translated in
  both, and not fuzzy (zh-Hant is generated: ``locale/make_zh_hant.py``).
- **templates**: text or a visible attribute (title, alt, placeholder, aria-label) written in a
  template outside ``{% translate %}`` / ``{% blocktranslate %}``.
- **scripts**: a string in ``static/js`` that reads as prose or holds Chinese, or any text put
  straight into the page (``textContent =``, ``title =``, ``alert(``): the scripts take every
  word from the translated strings the page embeds.
- **Python**: a translation function imported under another name than ``_`` (xgettext finds only
  the names Django tells it, so ``gettext_lazy as _lazy`` would hide every string marked with it).
- **rules pages**: each game's player page in every language, ``templates/rules/<game>.<lang>.html``
  (skipped while the folder does not exist).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
# The engine too: the apps import it, and the installed one may be another checkout's.
COPY = ["manage.py", "cardclub", "engine", "league", "replays", "templates", "locale", "static"]
OPTIONAL = ["tables"]
LOCALES = ["zh_Hans", "zh_Hant"]
GAMES = ["shengji", "tractor", "sandaha", "zhaopengyou", "sisepai"]
RULES_LANGUAGES = ["en", *LOCALES]
RULES = ROOT / "templates" / "rules"
# Words a template may show as they are in every language (names and standard abbreviations).
AS_IS = {"Elo", "SHA-256", "JSON", "NDJSON", "UTF-8"}


def untranslated(locale: str, root: Path) -> list[str]:
    """Entries of ``root``'s regenerated catalogue for ``locale`` that are empty or fuzzy."""
    po = polib.pofile(str(root / "locale" / locale / "LC_MESSAGES" / "django.po"))
    return [e.msgid for e in po if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)]


def catalogue_gaps() -> dict[str, list[str]]:
    """Each Chinese locale's missing translations, after makemessages on a scratch copy."""
    with tempfile.TemporaryDirectory() as tmp:
        for name in COPY + [n for n in OPTIONAL if (ROOT / n).exists()]:
            src = ROOT / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, Path(tmp) / name)
        languages = [arg for locale in LOCALES for arg in ("-l", locale)]
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", *languages, "--no-location", "-v0"],
            cwd=tmp,
            check=True,
        )
        return {locale: untranslated(locale, Path(tmp)) for locale in LOCALES}


# Template syntax removed before reading the text: comments, translated blocks, tags, variables.
DJANGO = [
    re.compile(r"\{%\s*block \w*class\s*%\}.*?\{%\s*endblock\s*%\}", re.S),  # class names
    re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S),
    re.compile(r"\{%\s*blocktrans(?:late)?\b.*?\{%\s*endblocktrans(?:late)?\s*%\}", re.S),
    re.compile(r"\{#.*?#\}", re.S),
    re.compile(r"\{%.*?%\}", re.S),
    re.compile(r"\{\{.*?\}\}", re.S),
]
SHOWN_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "label"}
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")


class ShownText(HTMLParser):
    """The text of a page a visitor reads or hears: text nodes and the shown attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        self.found += [v for k, v in attrs if v and k in SHOWN_ATTRIBUTES]
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.found.append(dict(attrs).get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.found.append(data)


def template_literals(path: Path) -> list[str]:
    """Words written in a template where no translation reaches them."""
    source = path.read_text(encoding="utf-8")
    for pattern in DJANGO:
        source = pattern.sub(" ", source)
    parser = ShownText()
    parser.feed(source)
    return [t.strip() for t in parser.found if set(WORD.findall(t)) - AS_IS]


def template_gaps() -> dict[str, list[str]]:
    """Untranslated template text by file; the rules pages are written once per language."""
    out = {}
    templates = ROOT / "templates"
    for path in sorted([*templates.rglob("*.html"), *templates.rglob("*.txt")]):  # pages and e-mails
        if RULES in path.parents:
            continue
        found = template_literals(path)
        if found:
            out[str(path.relative_to(ROOT))] = found
    return out


LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.S)
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Two words, then either a capital at the start or sentence punctuation: prose, not a class list.
PROSE = re.compile(r"^[A-Z][a-z]+[ ,][A-Za-z]|[A-Za-z]{2,} [A-Za-z ,']*[A-Za-z][.!?…](\s|$)")
INTO_PAGE = re.compile(
    r"(?:\.textContent|\.innerText|\.innerHTML|\.title|\.placeholder)\s*=\s*$"
    r"|(?:alert|confirm|prompt)\(\s*$|setAttribute\(\s*[\"'](?:aria-label|title|placeholder)[\"'],\s*$"
)


def script_literals(text: str) -> list[str]:
    """Strings of a script a visitor would read untranslated."""
    code = COMMENT.sub(" ", text)
    found = []
    for match in LITERAL.finditer(code):
        value = next(g for g in match.groups() if g is not None)
        words = re.sub(r"\$\{[^}]*\}", " ", value)
        before = code[max(0, match.start() - 60) : match.start()]
        if CJK.search(words) or PROSE.search(words) or (INTO_PAGE.search(before) and WORD.search(words)):
            found.append(value)
    return found


def script_gaps() -> dict[str, list[str]]:
    """Untranslated script strings by file."""
    out = {}
    for path in sorted((ROOT / "static" / "js").glob("*.js")):
        found = script_literals(path.read_text(encoding="utf-8"))
        if found:
            out[str(path.relative_to(ROOT))] = found
    return out


ALIAS = re.compile(r"^from django\.utils\.translation import (\w+) as (\w+)$", re.M)
APPS = ["cardclub", "league", "tables", "replays"]


def python_aliases(text: str) -> list[str]:
    """Translation functions a module renames so that makemessages cannot find their strings."""
    return [f"{name} as {alias}" for name, alias in ALIAS.findall(text) if alias != "_"]


def python_gaps() -> dict[str, list[str]]:
    """Hidden translation aliases by module."""
    out = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            found = python_aliases(path.read_text(encoding="utf-8"))
            if found:
                out[str(path.relative_to(ROOT))] = found
    return out


def missing_rules_pages() -> list[str] | None:
    """The player rules pages not written yet, or ``None`` while there are none at all."""
    if not RULES.is_dir():
        return None
    wanted = [RULES / f"{game}.{lang}.html" for game in GAMES for lang in RULES_LANGUAGES]
    return [str(p.relative_to(ROOT)) for p in wanted if not p.is_file()]


def report(title: str, found: dict[str, list[str]]) -> int:
    """Print one check's findings; the number of problems."""
    count = sum(len(v) for v in found.values())
    if count:
        print(f"{title}: {count}")
        for where, items in found.items():
            for item in items:
                print(f"  {where}: {item!r}")
    return count


def main() -> int:
    """Run every check; 1 when any found something."""
    gaps = catalogue_gaps()
    problems = report("UI strings without a translation (locale/<locale>/LC_MESSAGES/django.po)", gaps)
    problems += report("template text outside {% translate %}", template_gaps())
    problems += report("script strings not taken from the page's translated strings", script_gaps())
    problems += report("translation functions renamed out of makemessages' sight", python_gaps())
    rules = missing_rules_pages()
    problems += report("rules pages missing", {"templates/rules": rules or []})
    if problems:
        print("zh-Hant is generated: run .venv/bin/python locale/make_zh_hant.py after editing zh-Hans")
        return 1
    pages = "no rules pages yet" if rules is None else f"all {len(GAMES) * len(RULES_LANGUAGES)} rules pages"
    print(f"translations: every UI string in {' and '.join(LOCALES)}, no text left untranslated; {pages}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
