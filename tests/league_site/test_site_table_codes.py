"""The table enters its own result by phone: a card's code opens one match, PINs enter and confirm.

Read as the table would use it, without accounts: the code opens the phone page; a side types its
PIN to enter deals; the other side confirms with theirs. The confirmation rule is the match page's
(league.services.confirmation): in Tractor a side is a pair of partners, in Zhao Pengyou and Si Se
Pai every other player. Codes expire with their round, guesses are rate-limited and logged, and a
code never reaches another match.
"""

from __future__ import annotations

import html
import itertools
import logging
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Match, Player, ResultEvent, ResultReport, Round, TableCode, Tournament
from league.services import confirmation, offline, results, rounds, table_codes
from tests.league_site.conftest import enter_players, make_tournament
from tests.league_site.test_site_confirmation import a_deal, sisepai
from tests.league_site.test_site_entered_figures import zpy_match

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]
ADDRESSES = (f"10.30.{i // 250}.{i % 250 + 1}" for i in itertools.count())


def tractor(tournament: Tournament) -> Match:
    """Round 1's table: Owner 0 & Director 2 (side 0) against Member 1 & Offline 0 at 3 (side 1)."""
    return Match.objects.get(tournament=tournament, round__number=1)


def card_of(match: Match) -> table_codes.Card:
    """The match's printed card: its code and each side's PIN."""
    code = table_codes.current(match)
    assert code is not None
    return table_codes.card(code)


def phone(address: str | None = None) -> Client:
    """A phone with no account and no session, from its own address."""
    return Client(REMOTE_ADDR=address or next(ADDRESSES))


def signed_in(as_user: Login, persona: str) -> Client:
    """A persona's client from an address of its own (the code guesses of other tests never count)."""
    client = as_user(persona)
    client.defaults["REMOTE_ADDR"] = next(ADDRESSES)
    return client


def deal_data(match: Match) -> dict[str, object]:
    """The phone form's fields for a legal next deal of the match."""
    match.refresh_from_db()
    entry = a_deal(match)
    # The form offers only the seats that may declare (deal) next, as the match page's does.
    declarer = offline.eligible_declarers(match.game, results.next_start(match), match.seats.count())
    first = entry.declarer if entry.declarer in declarer else declarer[0]
    data: dict[str, object] = {"declarer": first, "defender_points": entry.defender_points}
    if match.game == "zhaopengyou":
        data["friends"] = list(entry.friends)
    if match.game == "sisepai":
        data = {"declarer": entry.declarer, "winner": entry.winner, "hand_points": entry.hand_points}
    return data


def post(client: Client, card: table_codes.Card, action: str, data: dict[str, object] | None = None) -> str:
    """One step on the phone page; the page it lands on (as text, entities unescaped)."""
    return html.unescape(client.post(f"/t/{card.text}/{action}/", data or {}, follow=True).content.decode())


class Table:
    """The phones of a table: one per side, each unlocked with its side's PIN on first use."""

    def __init__(self, match: Match) -> None:
        self.match, self.card = match, card_of(match)
        self.phones: dict[int, Client] = {}

    def of(self, side: int) -> Client:
        if side not in self.phones:
            self.phones[side] = phone()
            post(self.phones[side], self.card, "unlock", {"pin": self.card.pins[side]})
        return self.phones[side]

    def play(self, steps: str) -> None:
        """``p1+`` side 1's phone enters a deal, ``p1-`` removes the last, ``p1!`` submits;
        ``owner+`` a signed-in player enters on the match page."""
        for step in steps.split():
            who, act = step[:-1], step[-1]
            if who.startswith("p"):
                client = self.of(int(who[1:]))
                action = {"+": "deal", "-": "undo", "!": "submit"}[act]
                post(client, self.card, action, deal_data(self.match) if act == "+" else None)
            else:
                self.match.refresh_from_db()
                results.enter_deal(self.match, User.objects.get(username=who), a_deal(self.match))
        self.match.refresh_from_db()


def check(match: Match, steps: str, allowed: set[int]) -> None:
    """After ``steps`` exactly the ``allowed`` sides confirm by PIN; the others are refused."""
    table = Table(match)
    table.play(steps)
    assert match.report.status == ResultReport.Status.PENDING
    sides = sorted(table.card.pins)
    assert {s for s in sides if confirmation.side_may_confirm(match, s)} == allowed
    for side in sorted(set(sides) - allowed):
        page = post(phone(), table.card, "confirm", {"pin": table.card.pins[side]})
        assert "did not enter or change the result" in page
        match.refresh_from_db()
        assert match.report.status == ResultReport.Status.PENDING
    if allowed:
        side = min(allowed)
        assert "Result confirmed." in post(phone(), table.card, "confirm", {"pin": table.card.pins[side]})
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED
        last = match.result_events.order_by("id").last()
        assert last is not None and last.kind == ResultEvent.Kind.CONFIRMED
        assert last.table_code == table.card.code and last.by is None


TRACTOR = [
    # Side 0: Owner (seat 0) & Director (seat 2); side 1: Member (seat 1) & Offline 0 (seat 3).
    ("p0+ p0+ p0!", {1}),
    ("p1+ p1!", {0}),
    ("p0+ p1- p1+ p1!", set()),
    ("p1+ p0- p1+ p1+ p1!", set()),
    ("owner+ p0!", {1}),
    ("member+ p0!", set()),
]
SISEPAI = [
    # Every seat is its own side: Owner 0, Director 1, Member 2.
    ("p0+ p0!", {1, 2}),
    ("p0+ p1- p0+ p0!", {2}),
    ("p2+ p2!", {0, 1}),
    ("owner+ p1!", {2}),
]
ZHAOPENGYOU = [
    ("p0+ p0!", {1, 2, 3, 4, 5}),
    ("p0+ p3- p0+ p0!", {1, 2, 4, 5}),
    ("owner+ p5!", {1, 2, 3, 4}),
]


@pytest.mark.parametrize(("steps", "allowed"), TRACTOR)
def test_tractor_sides_by_phone(tractor_round: Tournament, steps: str, allowed: set[int]) -> None:
    check(tractor(tractor_round), steps, allowed)


@pytest.mark.parametrize(("steps", "allowed"), SISEPAI)
def test_si_se_pai_every_other_player_by_phone(club: Club, steps: str, allowed: set[int]) -> None:
    check(sisepai(club), steps, allowed)


@pytest.mark.parametrize(("steps", "allowed"), ZHAOPENGYOU)
def test_zhao_pengyou_every_other_player_by_phone(club: Club, steps: str, allowed: set[int]) -> None:
    check(zpy_match(club), steps, allowed)


def test_publishing_gives_each_table_a_card_with_a_pin_per_side(tractor_round: Tournament) -> None:
    """One card in force per table; two PINs at a Tractor table, one per pair of partners."""
    match = tractor(tractor_round)
    card = card_of(match)
    assert sorted(card.pins) == [0, 1] and card.seats == {0: [0, 2], 1: [1, 3]}
    assert len(card.text) == table_codes.CODE_LENGTH and all(len(p) == 4 for p in card.pins.values())
    assert len(set(card.pins.values())) == 2


def test_only_digests_of_the_code_and_pins_are_stored(tractor_round: Tournament) -> None:
    """The row holds no code or PIN in clear: a copy of the database opens no table."""
    card = card_of(tractor(tractor_round))
    row = TableCode.objects.values().get(pk=card.code.pk)
    stored = " ".join(str(v) for v in row.values())
    assert card.text not in stored
    assert not any(pin in stored for pin in card.pins.values())


def test_the_code_opens_the_phone_page_without_an_account(tractor_round: Tournament) -> None:
    """No session, no login: the table's seats and the PIN form."""
    match = tractor(tractor_round)
    card = card_of(match)
    response = phone().get(f"/t/{card.text.lower()}/")
    text = response.content.decode()
    assert response.status_code == 200
    assert "Owner" in text and "Member" in text and "Start entering" in text


def test_a_typed_code_with_spaces_finds_its_table(tractor_round: Tournament) -> None:
    """The code page accepts what was read off the card, in any case, with spaces."""
    card = card_of(tractor(tractor_round))
    typed = f" {card.text[:4].lower()} {card.text[4:]} "
    response = phone().post("/t/", {"code": typed})
    assert response.status_code == 302 and response["Location"] == f"/t/{card.text}/"


def test_an_unknown_code_opens_nothing(tractor_round: Tournament) -> None:
    """A code of no table answers 404 with the reason."""
    response = phone().get("/t/ZZZZZZZZ/")
    assert response.status_code == 404
    assert "No table has this code" in response.content.decode()


def test_two_deals_entered_and_confirmed_by_the_other_sides_pin(tractor_round: Tournament) -> None:
    """The whole evening at one table: unlock, two deals, submit, the opponents' PIN confirms."""
    match = tractor(tractor_round)
    table = Table(match)
    table.play("p0+ p0+")
    page = post(table.of(0), table.card, "submit")
    assert "hand the phone to the other side" in page
    assert "Result confirmed." in post(table.of(0), table.card, "confirm", {"pin": table.card.pins[1]})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.report.status == ResultReport.Status.CONFIRMED
    kinds = list(match.result_events.values_list("kind", "seat", "table_code"))
    code = table.card.code.pk
    assert kinds == [
        (ResultEvent.Kind.ENTERED, 0, code),
        (ResultEvent.Kind.ENTERED, 0, code),
        (ResultEvent.Kind.SUBMITTED, 0, code),
        (ResultEvent.Kind.CONFIRMED, 1, code),
    ]


def test_the_match_page_names_the_card_of_each_phone_step(tractor_round: Tournament, as_user: Login) -> None:
    """The event log says the step came from the table, and which card."""
    match = tractor(tractor_round)
    table = Table(match)
    table.play("p0+")
    page = as_user("director").get(f"/matches/{match.pk}/").content.decode()
    assert f"at the table, card {table.card.code.label}" in page


def test_a_wrong_pin_is_refused_and_changes_nothing(tractor_round: Tournament) -> None:
    """A PIN of no side of this card neither unlocks nor confirms."""
    match = tractor(tractor_round)
    table = Table(match)
    wrong = next(p for p in (f"{i:04d}" for i in range(10_000)) if p not in table.card.pins.values())
    client = phone()
    assert "not one of this table's" in post(client, table.card, "unlock", {"pin": wrong})
    assert "Unlock entering" in post(client, table.card, "deal", deal_data(match))
    table.play("p0+ p0!")
    assert "not one of this table's" in post(client, table.card, "confirm", {"pin": wrong})
    match.refresh_from_db()
    assert match.deals.count() == 1 and match.report.status == ResultReport.Status.PENDING


def test_entering_needs_the_sides_pin_first(tractor_round: Tournament) -> None:
    """The code alone reads the table; entering a deal needs a side's PIN."""
    match = tractor(tractor_round)
    card = card_of(match)
    assert "Unlock entering with your side's PIN first." in post(phone(), card, "deal", deal_data(match))
    assert match.deals.count() == 0


def test_the_phone_checks_the_deal_like_the_match_page(tractor_round: Tournament) -> None:
    """Points that are no multiple of 5 are refused with the engine's reason; nothing stored."""
    match = tractor(tractor_round)
    table = Table(match)
    page = post(table.of(0), table.card, "deal", {"declarer": 0, "defender_points": 33})
    assert "multiple of 5" in page
    assert match.deals.count() == 0


def test_a_signed_in_player_of_the_other_side_confirms_without_a_pin(
    tractor_round: Tournament, as_user: Login
) -> None:
    """Member (side 1) confirms side 0's phone entry from the phone page, signed in."""
    match = tractor(tractor_round)
    table = Table(match)
    table.play("p0+ p0!")
    assert "Result confirmed." in post(signed_in(as_user, "member"), table.card, "confirm")
    match.refresh_from_db()
    assert match.report.confirmed_by == User.objects.get(username="member")


def test_a_signed_in_player_of_the_entering_side_cannot_confirm(
    tractor_round: Tournament, as_user: Login
) -> None:
    """Owner (side 0) is asked for a PIN and may not confirm side 0's entry on the match page either."""
    match = tractor(tractor_round)
    table = Table(match)
    table.play("p0+ p0!")
    owner = signed_in(as_user, "owner")
    assert "Type your side's PIN" in post(owner, table.card, "confirm")
    page = html.unescape(owner.post(f"/matches/{match.pk}/confirm/", follow=True).content.decode())
    assert "did not enter or change the result" in page
    match.refresh_from_db()
    assert match.report.status == ResultReport.Status.PENDING


@pytest.fixture
def two_tables(club: Club) -> tuple[Match, Match]:
    """A published Tractor round of two tables."""
    tournament = make_tournament(club)
    enter_players(tournament, list(Player.objects.filter(club=club).order_by("pk")[:8]))
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    first, second = rnd.matches.order_by("table_number")
    return first, second


def test_a_code_reaches_its_own_match_only(two_tables: tuple[Match, Match]) -> None:
    """Table 1's code enters at table 1; table 2's PINs do nothing on table 1's card."""
    first, second = two_tables
    one, two = card_of(first), card_of(second)
    client = phone()
    assert "not one of this table's" in post(client, one, "unlock", {"pin": two.pins[0]}) or (
        two.pins[0] in one.pins.values()
    )
    post(client, one, "unlock", {"pin": one.pins[0]})
    post(client, one, "deal", deal_data(first))
    assert first.deals.count() == 1 and second.deals.count() == 0
    # The session unlocked table 1's card only: table 2's card still asks for a PIN.
    assert "Unlock entering" in post(client, two, "deal", deal_data(second))
    assert second.deals.count() == 0
    assert "Table 2" not in client.get(f"/t/{one.text}/").content.decode()


def test_an_actor_of_one_card_has_no_seat_at_another_match(two_tables: tuple[Match, Match]) -> None:
    """Even called directly, a table's side is nobody at another table."""
    first, second = two_tables
    actor = table_codes.actor(card_of(first).code, 0)
    with pytest.raises(results.ResultError):
        results.enter_deal(second, actor, offline.DealInput(0, 30))


def test_a_code_expires_when_its_round_closes(tractor_round: Tournament, as_user: Login) -> None:
    """The round finishes with its last match: the card then answers 410 and enters nothing."""
    match = tractor(tractor_round)
    table = Table(match)
    table.play("p0+ p0+ p0!")
    post(phone(), table.card, "confirm", {"pin": table.card.pins[1]})
    assert Round.objects.get(pk=match.round_id).status == Round.Status.FINISHED
    response = phone().get(f"/t/{table.card.text}/")
    assert response.status_code == 410 and "has expired" in response.content.decode()
    assert phone().post(f"/t/{table.card.text}/undo/").status_code == 410


def test_a_new_card_replaces_the_old_one(tractor_round: Tournament, as_user: Login) -> None:
    """The director issues table 1 a new card: the old code expires, the new one works."""
    match = tractor(tractor_round)
    old = card_of(match)
    url = f"/clubs/riverside/t/{tractor_round.slug}/rounds/1/cards/"
    as_user("director").post(url, {"table": match.table_number})
    new = card_of(match)
    assert new.text != old.text and new.code.label.endswith("·2")
    assert phone().get(f"/t/{old.text}/").status_code == 410
    assert phone().get(f"/t/{new.text}/").status_code == 200


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """The table codes' log."""
    with caplog.at_level(logging.INFO, logger="league.services.table_codes"):
        yield caplog


@pytest.mark.parametrize("wrong", [table_codes.CODE_GUESSES - 1, table_codes.CODE_GUESSES])
def test_code_guesses_are_limited_per_address(
    tractor_round: Tournament, one_window: None, logs: pytest.LogCaptureFixture, wrong: int
) -> None:
    """After the limit of wrong codes from one address, even the right code waits; each is logged."""
    card = card_of(tractor(tractor_round))
    address = next(ADDRESSES)
    for i in range(wrong):
        assert phone(address).get(f"/t/WRONG{i:03d}/").status_code == 404
    status = phone(address).get(f"/t/{card.text}/").status_code
    assert status == (429 if wrong >= table_codes.CODE_GUESSES else 200)
    assert phone().get(f"/t/{card.text}/").status_code == 200  # another address is not held up
    assert sum("unknown table code" in r.message for r in logs.records) == wrong


@pytest.mark.parametrize("wrong", [table_codes.PIN_GUESSES - 1, table_codes.PIN_GUESSES])
def test_pin_guesses_are_limited_per_card(
    tractor_round: Tournament, one_window: None, logs: pytest.LogCaptureFixture, wrong: int
) -> None:
    """After the limit of wrong PINs on one card (from any address), even the right PIN waits."""
    card = card_of(tractor(tractor_round))
    bad = [p for p in (f"{i:04d}" for i in range(10_000)) if p not in card.pins.values()]
    for pin in bad[:wrong]:
        assert "not one of this table's" in post(phone(), card, "unlock", {"pin": pin})
    page = post(phone(), card, "unlock", {"pin": card.pins[0]})
    if wrong >= table_codes.PIN_GUESSES:
        assert "Too many wrong PINs" in page and "Entering for" not in page
    else:
        assert "Entering for" in page
    assert sum("wrong PIN on card" in r.message for r in logs.records) == wrong


def test_the_director_prints_the_cards_with_qr_codes(tractor_round: Tournament, as_user: Login) -> None:
    """The cards page shows each table's code, its QR code as SVG and every side's PIN."""
    card = card_of(tractor(tractor_round))
    url = f"/clubs/riverside/t/{tractor_round.slug}/rounds/1/cards/"
    page = as_user("director").get(url).content.decode()
    assert card.text in page and "<svg" in page
    assert all(pin in page for pin in card.pins.values())
    assert "North" in page and "West" in page


@pytest.mark.parametrize(("persona", "status"), [("member", 403), ("outsider", 404)])
def test_only_directors_see_the_cards(
    tractor_round: Tournament, as_user: Login, persona: str, status: int
) -> None:
    """PINs are the directors' to hand out: members and outsiders never see the cards page."""
    url = f"/clubs/riverside/t/{tractor_round.slug}/rounds/1/cards/"
    assert as_user(persona).get(url).status_code == status
