"""No service names a game: what makes a game different is declared in its room (``Game`` traits).

The league, the live tables, the replays and the site's pages ask ``get_game(name).<trait>`` and
map the value; a game's name written as a literal there (``if game == "..."``, a table keyed by
names) is a branch a new game would have to join. The check reads their Python and templates.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import game_names
from tests.servers import ROOT

pytestmark = pytest.mark.backend_free

FOLDERS = ("league", "tables", "replays", "cardclub", "templates")
SUFFIXES = (".py", ".html")
EXCEPTIONS = {
    # Migrations are frozen history: they keep the names the schema and data had when written.
    "migrations": lambda path: "migrations" in path.parts,
    # Each game's rules page is that game's own, found by its file name (rules/<game>.<lang>.html);
    # its {% example "..." %} names an example of the page, as a tractor-shaped one.
    "rules pages": lambda path: path.parent == ROOT / "templates" / "rules",
    # The demo club's tournaments are stories written for particular games (their names, entries
    # and deals per match chosen for that game), as the demo's content rather than a rule.
    "demo data": lambda path: path == ROOT / "league" / "management" / "commands" / "demo_data.py",
}


def literal(names: list[str]) -> re.Pattern[str]:
    """A game's name in quotes, as code or a template compares or keys by it."""
    either = "|".join(map(re.escape, names))
    return re.compile(rf"""(["'])({either})\1""")


def scanned() -> list[Path]:
    """The service and page files the check reads, without the excepted ones."""
    files = [p for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*")) if p.suffix in SUFFIXES]
    return [p for p in files if not any(excepted(p) for excepted in EXCEPTIONS.values())]


def named(paths: list[Path], names: list[str]) -> list[str]:
    """``path:line: text`` of every line that writes a game's name as a literal."""
    found = literal(names)
    return [
        f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{number}: {line.strip()}"
        for path in paths
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if found.search(line)
    ]


def test_no_service_or_page_names_a_game() -> None:
    """league/, tables/, replays/, cardclub/ and the templates ask the game's traits instead."""
    assert named(scanned(), game_names()) == []


def test_it_reads_every_folder() -> None:
    """The scan reaches the services, the views and the templates of each folder."""
    read = {p.relative_to(ROOT).parts[0] for p in scanned()}
    assert read == set(FOLDERS)
    assert ROOT / "league" / "services" / "standings.py" in scanned()
    assert ROOT / "templates" / "league" / "_standings.html" in scanned()


def test_a_name_in_quotes_is_found(tmp_path: Path) -> None:
    """A comparison or a key by name is reported, in Python and in a template."""
    code = tmp_path / "view.py"
    code.write_text('if game == "tractor":\n    pass\nPOINTS = {\'sisepai\': "score"}\n', encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text('{% if head.game == "zhaopengyou" %}<h2>x</h2>{% endif %}\n', encoding="utf-8")
    hits = named([code, page], ["tractor", "sisepai", "zhaopengyou"])
    assert [hit.split(": ", 1)[1] for hit in hits] == [
        'if game == "tractor":',
        "POINTS = {'sisepai': \"score\"}",
        '{% if head.game == "zhaopengyou" %}<h2>x</h2>{% endif %}',
    ]


def test_a_name_within_a_word_is_not_a_game(tmp_path: Path) -> None:
    """Module names, CSS files and longer words that contain a name are not literals of it."""
    code = tmp_path / "view.py"
    code.write_text(
        'from tables.templatetags.sisepai import piece_words\nCSS = "css/sisepai.css"\n'
        'KIND = "tractor-skip"\n',
        encoding="utf-8",
    )
    assert named([code], ["sisepai", "tractor"]) == []
