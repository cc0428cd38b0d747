"""The project speaks only of itself: no history names and no files outside the repository.

Code, docs, templates and tests cite a rule by its section of ``docs/rules/<game>.md`` and a
measurement by its dated file under ``bench/results/``; they never name a work session, a branch
of its history, a tracker's issue number, an outside rulings list or seed document, or a path
above the repository. The check reads every tracked source and documentation file.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.servers import ROOT

pytestmark = pytest.mark.backend_free

SUFFIXES = (".py", ".md", ".html", ".js")
# A history branch is a path whose first component is the single letter h; what comes before it
# (nothing of a word or a path) tells it from the repository's bench/... or engine/search/...
FORBIDDEN = {
    "a work session": r"[Ss]ession [0-9]",
    "a history branch": r"(?<![\w/.-])h/[a-z]+[0-9]*",
    "an issue number": r"[Ii]ssue [0-9]+",
    "the outside rulings list": "RUL" + "INGS",
    "a numbered ruling": r"\b[Rr]ulings? [0-9]",
    "a seed document": r"[Ss]eed 00[0-9]",
    "a path above the repository": r"\.\./shared",
    "the workplace's design notes": r"\b(DES" + "IGN|STY" + r"LE)\.md",
}


def tracked_files() -> list[Path]:
    """The repository's tracked source and documentation files (every file, without git)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
        ).stdout
        names = [name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()]
    skipped = (".venv/", ".git/", "node_modules/")
    return sorted(
        ROOT / name
        for name in names
        if name.endswith(SUFFIXES) and not name.startswith(skipped) and (ROOT / name).is_file()
    )


FILES = tracked_files()


def offending_lines(pattern: str) -> list[str]:
    """``path:line: text`` of every tracked line that matches ``pattern``."""
    found = re.compile(pattern)
    hits = []
    for path in FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if found.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return hits


def test_it_reads_the_tracked_files() -> None:
    """The check sees the project's own files: code, docs, templates and tests."""
    names = {str(p.relative_to(ROOT)) for p in FILES}
    expected = {
        "README.md",
        "docs/engine.md",
        "engine/core/game.py",
        "templates/base.html",
        "tests/conftest.py",
    }
    assert expected <= names


@pytest.mark.parametrize("kind", FORBIDDEN)
def test_it_names_no_history_and_no_outside_file(kind: str) -> None:
    """No tracked source or documentation line names this kind of outside thing."""
    assert offending_lines(FORBIDDEN[kind]) == []


# Written in pieces, so that this file passes its own check.
@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("see sess" + "ion 11 of the notebook", "a work session"),
        ("measured on h" + "/zpy2", "a history branch"),
        ("(h" + "/expert3)", "a history branch"),
        ("fixed in iss" + "ue 13", "an issue number"),
        ("as RUL" + "INGS 2 says", "the outside rulings list"),
        ("rul" + "ing 19 allows it", "a numbered ruling"),
        ("as told by se" + "ed 000", "a seed document"),
        ("see ../" + "shared/notes.md", "a path above the repository"),
    ],
)
def test_it_would_catch_each_kind(line: str, kind: str) -> None:
    """Each pattern matches the kind of citation it is there to keep out."""
    assert re.search(FORBIDDEN[kind], line)


@pytest.mark.parametrize(
    "line", ["bench/bots.py --deals 3", "engine/search/leaf.py", "docs/rules/tractor.md §Leading", "seed 1"]
)
def test_it_lets_the_project_s_own_paths_and_seeds_pass(line: str) -> None:
    """The repository's own paths (``bench/…``, ``engine/search/…``) and numeric seeds are not history."""
    assert not any(re.search(pattern, line) for pattern in FORBIDDEN.values())


# The check the project's layout was reviewed with, as written (``grep -rnE`` over the Python,
# Markdown and HTML files); it also matches inside the repository's own paths (``bench/results``,
# ``engine/search/leaf.py``), so a hit passes only as part of a path that exists here.
REVIEW_CHECK = r"[Ss]ession [0-9]|h/[a-z]+[0-9]*|issue [0-9]+|" + "RUL" + r"INGS [0-9]|\.\./shared"
REVIEW_SUFFIXES = (".py", ".md", ".html")
PATH_CHARACTER = re.compile(r"[\w./-]")


def enclosing_path(line: str, start: int, end: int) -> str:
    """The path-like word around ``line[start:end]``, without a sentence's final punctuation."""
    while start > 0 and PATH_CHARACTER.match(line[start - 1]):
        start -= 1
    while end < len(line) and PATH_CHARACTER.match(line[end]):
        end += 1
    return line[start:end].rstrip(".,:;")


def review_check_hits(lines: list[tuple[str, str]]) -> list[str]:
    """``where: text`` of every (where, line) the review check matches outside a repository path."""
    found = re.compile(REVIEW_CHECK)
    hits = []
    for where, line in lines:
        for match in found.finditer(line):
            path = enclosing_path(line, *match.span())
            if not path or path.startswith("/") or ".." in path or not (ROOT / path).exists():
                hits.append(f"{where}: {line.strip()}")
    return hits


def review_lines() -> list[tuple[str, str]]:
    """(``path:line``, text) of every tracked Python, Markdown and HTML line."""
    return [
        (f"{path.relative_to(ROOT)}:{number}", line)
        for path in FILES
        if path.name.endswith(REVIEW_SUFFIXES)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
    ]


def test_the_review_check_finds_only_the_repository_s_own_paths() -> None:
    """Every hit of the review's grep is inside a path that exists in the repository."""
    assert review_check_hits(review_lines()) == []


# Written in pieces, like the lines above, so that this file passes the check.
@pytest.mark.parametrize(
    "line",
    [
        "measured on h" + "/zpy2 last week",
        "as in sess" + "ion 4",
        "fixed by iss" + "ue 12",
        "RUL" + "INGS 3 allows it",
        "see ../" + "shared/RULES.md",
        "see bench" + "/results/2026-01-01-nothing.md, where nothing is",
        "nginx -c /path" + "/to/deploy/nginx.conf",
    ],
)
def test_the_review_check_catches_a_planted_line(line: str) -> None:
    """A history name, an outside path or a path that is not the repository's fails the check."""
    assert review_check_hits([("planted.md:1", line)]) == ["planted.md:1: " + line]


def test_the_review_check_passes_the_repository_s_paths() -> None:
    """``bench/results/…`` files and ``engine/search/leaf.py`` are the repository's own."""
    lines = [
        ("x.md:1", "see engine/search/leaf.py and bench/results/, then bench/results/2026-11-27-expert.md.")
    ]
    assert review_check_hits(lines) == []
