"""Comments pinned to a step: who may add them, who may delete them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from league.models import Club, Deal, Tournament
from replays.models import Comment
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for, user_with

pytestmark = pytest.mark.django_db


def add(user: User | None, deal: Deal, at: int, text: str = "Why lead the pair here?") -> object:
    return client_for(user).post(f"/deals/{deal.pk}/comments/", {"at": at, "text": text, "seat": "2"})


def test_a_member_pins_a_comment_to_a_step(tractor_deal: Deal, member: User) -> None:
    """The comment is stored at its step and the viewer reopens there, in the same perspective."""
    response = add(member, tractor_deal, 37)
    assert response.status_code == 302
    assert response["Location"].endswith(f"/deals/{tractor_deal.pk}/?at=37&seat=2#comments")
    comment = Comment.objects.get()
    assert (comment.at, comment.author, comment.deal) == (37, member, tractor_deal)
    page = client_for(None).get(f"/deals/{tractor_deal.pk}/").content.decode()
    assert "Why lead the pair here?" in page
    assert 'class="marker" data-at="37"' in page


def test_a_step_past_the_end_is_pinned_to_the_end(tractor_deal: Deal, member: User) -> None:
    """A position beyond the last action becomes the last step."""
    add(member, tractor_deal, 10_000)
    assert Comment.objects.get().at == tractor_deal.version


def test_outsiders_may_not_comment_on_a_casual_deal(tractor_deal: Deal, outsider: User) -> None:
    """A public club's casual deal: outsiders read it but cannot comment; anonymous is sent to log in."""
    assert add(outsider, tractor_deal, 3).status_code == 404
    assert add(None, tractor_deal, 3).status_code == 302
    assert not Comment.objects.exists()


def test_anyone_signed_in_comments_on_a_public_tournament(club: Club, outsider: User) -> None:
    """On a public tournament's deal, any signed-in visitor may comment."""
    tournament = Tournament.objects.create(
        club=club,
        name="Open",
        slug="open",
        game="tractor",
        format="swiss",
        entry_kind="team",
        status="running",
    )
    deal = play_sample_match(club, "tractor", 1, seed=9, tournament=tournament).deals.get()
    assert add(outsider, deal, 5).status_code == 302
    assert Comment.objects.filter(author=outsider).exists()


def test_an_empty_comment_is_not_saved(tractor_deal: Deal, member: User) -> None:
    """Blank text is refused."""
    add(member, tractor_deal, 3, text="")
    assert not Comment.objects.exists()


@pytest.mark.parametrize(("who", "deleted"), [("author", True), ("director", True), ("member", False)])
def test_the_author_or_a_director_deletes(
    club: Club, tractor_deal: Deal, member: User, director: User, who: str, deleted: bool
) -> None:
    """Only the author and the club's directors may delete a comment."""
    comment = Comment.objects.create(deal=tractor_deal, at=4, author=member, text="Nice throw")
    other = user_with(club, "member", "max")
    user = {"author": member, "director": director, "member": other}[who]
    response = client_for(user).post(f"/comments/{comment.pk}/delete/")
    assert response.status_code == (302 if deleted else 404)
    assert Comment.objects.filter(pk=comment.pk).exists() is not deleted


def test_the_delete_button_shows_only_to_those_who_may(
    tractor_deal: Deal, member: User, director: User
) -> None:
    """The page offers Delete to the author and the director, not to others."""
    comment = Comment.objects.create(deal=tractor_deal, at=4, author=member, text="Nice throw")
    url = f"/comments/{comment.pk}/delete/"
    assert url in client_for(member).get(f"/deals/{tractor_deal.pk}/").content.decode()
    assert url in client_for(director).get(f"/deals/{tractor_deal.pk}/").content.decode()
    assert url not in client_for(None).get(f"/deals/{tractor_deal.pk}/").content.decode()
