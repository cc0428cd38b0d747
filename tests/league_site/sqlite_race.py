"""Six deal entries of one match at the same moment on a SQLite file (run by test_site_bad_input).

Run inside ``manage.py shell`` against a migrated scratch SQLite database: prints one JSON line with
the status of each request and the numbers of the deals stored.
"""

from __future__ import annotations

import json
import threading

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from league.models import Club, Match, Membership, Player
from league.services import rounds, tournaments

ENTRIES = 6


def main() -> None:
    """Set up a tractor match and post its next deal from six threads at once."""
    club = Club.objects.create(name="Race", slug="race", is_public=False)
    owner = User.objects.create_user("owner")
    Membership.objects.create(club=club, user=owner, role="owner")
    players = [
        Player.objects.create(club=club, name=f"P{i}", user=owner if i == 0 else None) for i in range(4)
    ]
    t = tournaments.create_tournament(
        club,
        owner,
        {},
        name="Race",
        game="tractor",
        format="round_robin",
        entry_kind="team",
        rounds_planned=1,
        deals_per_match=20,
        tie_breaks=[],
    )
    for i in (0, 2):
        tournaments.add_entry(t, players[i : i + 2])
    rnd = rounds.generate_round(t)
    rounds.publish_round(rnd)
    match = Match.objects.get(tournament=t)
    barrier = threading.Barrier(ENTRIES)
    codes: list[int] = []

    def enter() -> None:
        client = Client(raise_request_exception=False)
        client.force_login(owner)
        barrier.wait()
        try:
            codes.append(
                client.post(f"/matches/{match.pk}/deals/", {"declarer": 0, "defender_points": 30}).status_code
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=enter) for _ in range(ENTRIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    numbers = list(match.deals.order_by("number").values_list("number", flat=True))
    print(json.dumps({"codes": sorted(codes), "deals": numbers}))


main()
