"""Reading a replay like a game record: it opens at the start, a spoiler-free link hides every
result until the last step, the last step shows the deal's end (levels or scores after it, the
kitty, who deals next), moves are described for sentences, and Si Se Pai steps turn by turn."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest

from engine import review as engine_review
from engine.core.match import selfplay_deal
from engine.core.registry import get_game
from league.models import Deal, Match
from league.services import archive
from replays.models import Review, ReviewLine
from replays.services.graph import declaring_sides, expected_points
from replays.services.moves import describe
from replays.services.records import deal_record
from replays.services.reviews import review_json
from replays.services.samples import play_sample_match
from replays.services.steps import WINDOWS, build
from replays.services.viewer import ending
from tests.replays.conftest import client_for

pytestmark = pytest.mark.django_db


def html_of(deal: Deal, query: str = "") -> str:
    response = client_for(None).get(f"/deals/{deal.pk}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def opened_at(html: str) -> tuple[int, int]:
    """The step the viewer opens at and the last step, from the page."""
    found = re.search(r'data-at="(\d+)" data-last="(\d+)"', html)
    assert found is not None
    return int(found.group(1)), int(found.group(2))


def hidden(html: str, element_id: str) -> bool:
    """Whether the element with ``element_id`` carries the ``hidden`` attribute."""
    tag = re.search(rf'<[^>]*id="{element_id}"[^>]*>', html)
    assert tag is not None, element_id
    return " hidden" in tag.group(0)


def test_it_opens_at_the_first_step(tractor_deal: Deal) -> None:
    """Without ?at the viewer shows the deal as dealt, so ▶ plays it from the start."""
    at, last = opened_at(html_of(tractor_deal))
    assert at == 0 and last > 0


def test_a_deep_link_opens_its_own_step(tractor_deal: Deal) -> None:
    assert opened_at(html_of(tractor_deal, "?at=37"))[0] == 37


@pytest.mark.parametrize("query", ["", "?at=5"])
def test_a_spoiler_free_link_hides_every_result_before_the_last_step(tractor_deal: Deal, query: str) -> None:
    """The result section (with other tables' results of the board), the points chart and the
    deal's end are all hidden; the page says when they will show."""
    html = html_of(tractor_deal, query + ("&" if query else "?") + "spoilers=hide")
    assert 'data-spoiler-free="1"' in html
    for element_id in ("result-section", "ending"):
        assert hidden(html, element_id)
    assert re.search(r'<figure class="chart spoiler" hidden>', html)
    assert 'id="spoiler-note"' in html


def test_a_spoiler_free_link_at_the_last_step_shows_the_result(tractor_deal: Deal) -> None:
    _, last = opened_at(html_of(tractor_deal))
    html = html_of(tractor_deal, f"?at={last}&spoilers=hide")
    assert not hidden(html, "result-section") and not hidden(html, "ending")


def test_without_the_spoiler_free_link_the_result_is_not_hidden(tractor_deal: Deal) -> None:
    assert not hidden(html_of(tractor_deal), "result-section")


def test_the_end_of_a_level_game_shows_the_levels_after_the_deal(tractor_match: Match) -> None:
    """Levels before → after per team, the kitty with its points and multiplier, who deals next."""
    deal = tractor_match.deals.order_by("number").first()
    assert deal is not None
    result = deal.result
    names = [s["name"] for s in archive.seats(deal)]
    rows = {row["label"]: row for row in ending(deal, names)}
    level = f"Level of {names[0]}, {names[2]}"
    assert rows[level]["value"] == f"{result['levels_before'][0]} → {result['levels_after'][0]}"
    assert rows["Kitty"]["cards"] == result["kitty"]
    assert f"× {result['kitty_multiplier']}" in rows["Kitty"]["value"]
    assert rows["Deals next"]["value"] == names[result["next_dealer"]]


def test_the_end_of_a_si_se_pai_deal_shows_the_scores_after_it(club: object) -> None:
    """The second deal of a match starts from the first one's scores and adds its own payments."""
    match = play_sample_match(club, "sisepai", 2, seed=3)  # type: ignore[arg-type]
    deal = match.deals.order_by("number").last()
    situation = archive.head(deal).situation if deal is not None else None
    assert deal is not None and situation and situation.get("scores")
    names = [s["name"] for s in archive.seats(deal)]
    before, change = situation["scores"], deal.result["payments"]
    rows = {row["label"]: row["value"] for row in ending(deal, names)}
    for seat, name in enumerate(names):
        after = before[seat] + change[seat]
        assert rows[f"Score of {name}"] == f"{before[seat]} → {after} ({change[seat]:+d})"


@pytest.mark.parametrize(
    ("text", "trick", "words"),
    [
        ("play AS", [], {"verb": "lead", "cards": ["AS"]}),
        ("play AS", [[1, ["KS"]]], {"verb": "play", "cards": ["AS"]}),
        ("bury 7S 7H", [], {"verb": "bury", "cards": ["7S", "7H"]}),
        ("bid 70", None, {"verb": "bid", "n": "70"}),
        ("trump H", None, {"verb": "trump", "suit": "♥"}),
        ("call 2nd AH", None, {"verb": "call", "nth": 2, "cards": ["AH"]}),
        ("meld", None, {"verb": "meld_single", "cards": []}),
        ("pong", None, {"verb": "pong"}),
    ],
)
def test_a_move_is_described_for_a_sentence(text: str, trick: list | None, words: dict) -> None:
    """A play to an empty trick is a lead; cards and numbers are kept apart from the verb."""
    frame = None if trick is None else {"trick": trick}
    assert describe(text, frame) == words


def test_a_hidden_move_has_no_description() -> None:
    assert describe(None) is None


def test_every_step_of_a_replay_has_its_move_described(tractor_deal: Deal) -> None:
    """One description per action, none in engine notation's place."""
    replay = build(deal_record(tractor_deal))
    assert len(replay.words) == len(replay.moves) == len(replay.frames) - 1
    assert all(w is not None and w["verb"] for w in replay.words)


def test_si_se_pai_turns_skip_the_windows_nobody_took() -> None:
    """A turn step is a move made outside a claim window, or a claim that won; the answers
    that left a window open, and its closing passes, are stepped over."""
    game = get_game("sisepai")
    record = selfplay_deal(game, game.rules_from_json({}), 3, None, random.Random(8), ["heuristic"])
    replay = build(record)
    frames, turns = replay.frames, replay.story.turns
    claims = {c["at"] for c in replay.story.claims}
    expected = [k for k in range(1, len(frames)) if frames[k - 1]["phase"] not in WINDOWS or k in claims]
    assert turns == expected
    # A window's last answer carries out the claim that won; every other answer in it is skipped.
    window_passes = [
        k
        for k in range(1, len(frames))
        if frames[k - 1]["phase"] in WINDOWS and record.actions[k - 1][1] == "pass" and k not in claims
    ]
    assert window_passes and not set(window_passes) & set(turns)


def test_a_review_line_carries_both_moves_described(tractor_deal: Deal) -> None:
    """The verdict's sentences come from the stored line: played and best, cards apart."""
    review = Review.objects.create(
        deal=tractor_deal, budget="fast", engine_version=engine_review.ENGINE_VERSION, status="done"
    )
    ReviewLine.objects.create(
        review=review, index=3, seat=1, kind="play", played="play AS", best="play 9C",
        value_played=0, value_best=17.9, loss=17.9, se=8.7, label="mistake",
    )  # fmt: skip
    line = review_json(review)["lines"][0]
    assert line["played_words"] == {"verb": "play", "cards": ["AS"]}
    assert line["best_words"] == {"verb": "play", "cards": ["9C"]}


@pytest.mark.parametrize(("finished", "seconds"), [(None, None), (14.4, 14), (14.6, 15)])
def test_a_finished_review_says_how_long_it_took(
    tractor_deal: Deal, finished: float | None, seconds: int | None
) -> None:
    review = Review.objects.create(
        deal=tractor_deal, budget="fast", engine_version=engine_review.ENGINE_VERSION
    )
    if finished is not None:
        review.finished_at = review.created + timedelta(seconds=finished)
    assert review_json(review, lines=False)["seconds"] == seconds


def test_a_review_that_waited_in_the_queue_counts_from_its_start(tractor_deal: Deal) -> None:
    review = Review.objects.create(
        deal=tractor_deal, budget="fast", engine_version=engine_review.ENGINE_VERSION
    )
    review.started_at = review.created + timedelta(minutes=30)
    review.finished_at = review.started_at + timedelta(seconds=14)
    assert review_json(review, lines=False)["seconds"] == 14


def stored_lines(deal: Deal, unit: str = "card points") -> list[dict]:
    """A review with three judged plays, one of them a mistake, as the page reads them."""
    record = deal_record(deal)
    plays = [i for i, (_, text) in enumerate(record.actions) if text.startswith("play ")][:3]
    review = Review.objects.create(
        deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION, status="done", unit=unit
    )
    for n, index in enumerate(plays):
        seat, text = record.actions[index]
        ReviewLine.objects.create(
            review=review, index=index, seat=seat, kind="play", played=text, best=text,
            value_played=10.0 * (n + 1), value_best=10.0 * (n + 1), loss=0, se=1,
            label="mistake" if n == 1 else "best",
        )  # fmt: skip
    return review_json(review)["lines"]


def test_the_graph_has_a_point_per_stored_line_for_the_declaring_side(tractor_deal: Deal) -> None:
    """Each judged decision is drawn at the step its move led to, with the value the review
    stored, negated for a defender's decision; the mistake is marked."""
    lines = stored_lines(tractor_deal)
    record = deal_record(tractor_deal)
    last = len(record.actions)
    graph = expected_points(record, "card points", lines, last)
    assert graph is not None
    sides = declaring_sides(record)
    assert [p.at for p in graph.points] == [line["index"] + 1 for line in lines]
    for point, line in zip(graph.points, lines, strict=True):
        assert point.value == (line["value_played"] if sides[line["seat"]] else -line["value_played"])
    assert [p.marked for p in graph.points] == [False, True, False]
    dealer = tractor_deal.result["dealer"]
    assert sides == {s: (s - dealer) % 2 == 0 for s in range(4)}


def test_the_page_draws_the_graph_and_each_point_jumps_to_its_step(tractor_deal: Deal) -> None:
    lines = stored_lines(tractor_deal)
    html = html_of(tractor_deal)
    drawn = re.findall(r'<circle class="gpoint[^"]*" data-at="(\d+)"', html)
    assert drawn == [str(line["index"] + 1) for line in lines]


def test_a_spoiler_free_link_hides_the_graph_too(tractor_deal: Deal) -> None:
    """The estimates tell how the deal ends: hidden with the rest until the last step."""
    stored_lines(tractor_deal)
    assert hidden(html_of(tractor_deal, "?spoilers=hide"), "graph")
    assert not hidden(html_of(tractor_deal), "graph")


def test_a_payment_review_without_the_dealers_value_has_no_graph(tractor_deal: Deal) -> None:
    """Points paid are a seat's own: without the dealer's value (an older review) nothing to draw."""
    lines = stored_lines(tractor_deal, "points paid")
    assert expected_points(deal_record(tractor_deal), "points paid", lines, 100) is None
