"""Rejoin links: a key per table and seat, a confirmation page, the seat moved by POST
only, the visitor's own token never changed, and the token itself never sent out."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator

import pytest

from tests.server.conftest import BACKENDS
from tests.server.harness import Answer, Player, ServerProcess, fetch, new_token

pytestmark = pytest.mark.asyncio


@pytest.fixture(params=sorted(BACKENDS), scope="module")
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """The whole site (pages too) in a process: SQLite, then PostgreSQL and Redis (one
    per test module and backend: each test opens tables of its own)."""
    if BACKENDS[request.param]:
        request.getfixturevalue("run_database")
    process = ServerProcess(
        tmp_path_factory.mktemp("data"), env=BACKENDS[request.param], pages=True
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def key_of(link: str) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["k"][0]


async def sat(
    site: ServerProcess, table: str, seat: str, name: str, token: str | None = None
) -> Player:
    player = Player(site.base, table, token=token)
    await player.connect()
    assert (await player.settled(await player.act("sit", seat=seat, name=name))) is None
    return player


def take(
    site: ServerProcess, table: str, key: str, token: str | None, origin: str | None = ""
) -> Answer:
    """The confirmation page's button: a form POST from the site's own origin."""
    headers = {} if origin is None else {"Origin": origin or site.base}
    return fetch(f"{site.base}/t/{table}/rejoin", token=token, form={"k": key}, headers=headers)


async def test_the_token_never_leaves_the_cookie(site: ServerProcess) -> None:
    token = new_token()
    table = site.create_table(token=token)
    player = await sat(site, table, "S", "Sam", token)
    other = await sat(site, table, "N", "Nora")
    await player.act("chat", text="hello")
    await player.wait_for(lambda p: bool(p.state and p.state["table"]["chat"]))
    link = player.me["rejoin"]
    assert link.startswith(f"/t/{table}/rejoin?k=")
    seen = [json.dumps(m) for m in player.messages + other.messages]
    pages = [f"/t/{table}", "/", link, f"/api/tables/{table}", f"/t/{table}/record.pbn"]
    for path in pages:
        answer = fetch(site.base + path, token=token)
        assert answer.status == 200, path
        seen.append(answer.body)
        seen.extend(answer.cookies)
    page = fetch(f"{site.base}/t/{table}", token=token).body
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert any(".js" in asset for asset in assets)
    seen.extend(fetch(site.base + asset, token=token).body for asset in assets)
    assert all(token not in text for text in seen)
    assert key_of(link) != token
    await player.close()
    await other.close()


async def test_a_key_belongs_to_one_table_and_one_seat(site: ServerProcess) -> None:
    token = new_token()
    first, second = site.create_table(), site.create_table()
    here = await sat(site, first, "S", "Sam", token)
    there = await sat(site, second, "S", "Sam", token)
    partner = await sat(site, first, "N", "Nora")
    watcher = Player(site.base, first)
    await watcher.connect()
    await watcher.wait_for(lambda p: p.state is not None)
    here_key, there_key = key_of(here.me["rejoin"]), key_of(there.me["rejoin"])
    partner_key = key_of(partner.me["rejoin"])
    assert len({here_key, there_key, partner_key, token}) == 4
    assert len(here_key) >= 43  # 256 bits
    assert watcher.me["rejoin"] is None
    # only its holder ever sees a key
    everything = json.dumps(partner.messages + watcher.messages)
    assert here_key not in everything and there_key not in everything
    assert partner_key not in json.dumps(here.messages + watcher.messages)
    # the other table's key opens nothing here
    answer = fetch(f"{site.base}/t/{first}/rejoin?k={there_key}")
    assert answer.status == 404
    assert "Sam" not in answer.body
    page = fetch(f"{site.base}/t/{first}/rejoin?k={here_key}")
    assert page.status == 200 and "Take back seat South at this table?" in page.body
    assert "Sam" in page.body
    for player in (here, there, partner, watcher):
        await player.close()


async def test_a_key_is_revoked_when_its_holder_stands_or_is_freed(site: ServerProcess) -> None:
    creator = new_token()
    table = site.create_table(token=creator)
    host = await sat(site, table, "N", "Nora", creator)
    player = await sat(site, table, "S", "Sam")
    first = key_of(player.me["rejoin"])
    assert (await player.settled(await player.act("stand"))) is None
    assert player.me["seat"] is None and player.me["rejoin"] is None
    gone = fetch(f"{site.base}/t/{table}/rejoin?k={first}")
    assert gone.status == 410 and "This link no longer works" in gone.body
    assert (await player.settled(await player.act("sit", seat="S", name="Sam"))) is None
    second = key_of(str(player.me.get("rejoin")))
    assert second != first
    await player.close()
    await host.wait_for(lambda p: not (p.state or {})["table"]["seats"]["S"]["online"])
    assert (await host.settled(await host.act("free", seat="S"))) is None
    assert fetch(f"{site.base}/t/{table}/rejoin?k={second}").status == 410
    assert take(site, table, second, new_token()).status == 410
    await host.close()


async def test_opening_the_link_changes_nothing(site: ServerProcess) -> None:
    table = site.create_table()
    holder = await sat(site, table, "S", "Sam")
    link = holder.me["rejoin"]
    page = fetch(site.base + link)  # a visitor with no cookie at all
    assert page.status == 200
    assert page.cookies == []
    assert "Take back seat South at this table?" in page.body and "Sam" in page.body
    assert 'method="post"' in page.body
    assert fetch(site.base + link, token=new_token()).cookies == []
    await holder.act("chat", text="still here")
    await holder.wait_for(lambda p: bool(p.state and p.state["table"]["chat"]))
    assert holder.me["seat"] == "S" and holder.me["rejoin"] == link
    await holder.close()


@pytest.mark.parametrize("origin", [None, "https://evil.example", "null"])
async def test_a_post_from_elsewhere_is_refused(site: ServerProcess, origin: str | None) -> None:
    table = site.create_table()
    holder = await sat(site, table, "S", "Sam")
    key = key_of(holder.me["rejoin"])
    visitor = new_token()
    for token in (visitor, None):
        answer = take(site, table, key, token, origin=origin)
        assert answer.status == 403
        assert answer.cookies == []
    watcher = Player(site.base, table, token=visitor)
    await watcher.connect()
    await watcher.wait_for(lambda p: p.state is not None)
    assert watcher.me["seat"] is None
    assert watcher.state is not None and watcher.state["table"]["seats"]["S"]["online"]
    assert holder.me["seat"] == "S" and key_of(holder.me["rejoin"]) == key
    await holder.close()
    await watcher.close()


HEADINGS = {
    "en": ("This link does not give a seat", "This link no longer works"),
    "da": ("Dette link giver ikke en plads", "Dette link virker ikke længere"),
    "cs": ("Tento odkaz nedává žádné místo", "Tento odkaz už neplatí"),
    "el": ("Αυτός ο σύνδεσμος δεν δίνει θέση", "Αυτός ο σύνδεσμος δεν ισχύει πια"),
    "ja": ("このリンクでは席に着けません", "このリンクはもう使えません"),
    "es": ("Este enlace no da ningún asiento", "Este enlace ya no funciona"),
}


async def test_unknown_and_revoked_keys_get_a_page_in_the_visitors_language(
    site: ServerProcess,
) -> None:
    table = site.create_table()
    player = await sat(site, table, "W", "Wendy")
    revoked = key_of(player.me["rejoin"])
    assert (await player.settled(await player.act("stand"))) is None
    unknown = new_token()[:43]
    cases = [
        (f"/t/{table}/rejoin?k={unknown}", 0, 404),
        (f"/t/{table}/rejoin?k=short", 0, 404),
        (f"/t/{table}/rejoin", 0, 404),
        (f"/t/no-such-table/rejoin?k={revoked}", 0, 404),
        (f"/t/{table}/rejoin?k={revoked}", 1, 410),
    ]
    for language, headings in HEADINGS.items():
        asks = {"Accept-Language": language}
        for path, which, status in cases:
            for token in (None, new_token()):
                answer = fetch(site.base + path, token=token, headers=asks)
                assert answer.status == status, (language, path)
                assert answer.headers["content-language"] == language
                assert headings[which] in answer.body, (language, path)
                assert answer.cookies == []
        for key, which, status in ((unknown, 0, 404), ("", 0, 404), (revoked, 1, 410)):
            for token in (None, new_token()):
                posted = fetch(
                    f"{site.base}/t/{table}/rejoin",
                    token=token,
                    form={"k": key},
                    headers={**asks, "Origin": site.base},
                )
                assert posted.status == status and headings[which] in posted.body
                assert posted.cookies == []
    assert player.me["seat"] is None
    await player.close()


async def test_taking_the_seat_back_keeps_the_visitors_own_token(site: ServerProcess) -> None:
    table = site.create_table()
    holder = await sat(site, table, "S", "Sam")
    old_key = key_of(holder.me["rejoin"])
    phone = new_token()
    answer = take(site, table, old_key, phone)
    assert answer.status == 303 and answer.headers["location"] == f"/t/{table}"
    assert answer.cookies == []  # the visitor stays who they are
    await holder.wait_for(lambda p: p.me["seat"] is None)
    assert holder.me["rejoin"] is None
    assert holder.state is not None and holder.state["table"]["seats"]["S"]["name"] == "Sam"
    again = Player(site.base, table, token=phone)
    await again.connect()
    await again.wait_for(lambda p: p.state is not None)
    assert again.me["seat"] == "S" and again.me["name"] == "Sam"
    new_key = key_of(again.me["rejoin"])
    assert new_key not in (old_key, phone)
    assert fetch(f"{site.base}/t/{table}/rejoin?k={old_key}").status == 410
    # the former holder's token opens nothing now, and cannot take the seat with the old key
    assert take(site, table, old_key, holder.token).status == 410
    # the new key brings the seat back to the first browser
    assert take(site, table, new_key, holder.token).status == 303
    await holder.wait_for(lambda p: p.me["seat"] == "S")
    await again.wait_for(lambda p: p.me["seat"] is None)
    await holder.close()
    await again.close()


async def test_a_visitor_without_a_token_gets_a_fresh_one(site: ServerProcess) -> None:
    table = site.create_table()
    holder = await sat(site, table, "E", "Eve")
    answer = take(site, table, key_of(holder.me["rejoin"]), None)
    assert answer.status == 303
    [set_cookie] = answer.cookies
    token = set_cookie.split("bt_player=")[1].split(";")[0]
    assert token != holder.token and "HttpOnly" in set_cookie
    player = Player(site.base, table, token=token)
    await player.connect()
    await player.wait_for(lambda p: p.state is not None)
    assert player.me["seat"] == "E"
    await holder.wait_for(lambda p: p.me["seat"] is None)
    await holder.close()
    await player.close()


async def test_one_seat_per_person(site: ServerProcess) -> None:
    table = site.create_table()
    south = await sat(site, table, "S", "Sam")
    north = await sat(site, table, "N", "Nora")
    answer = take(site, table, key_of(south.me["rejoin"]), north.token)
    assert answer.status == 409 and "You already have a seat at this table" in answer.body
    # the holder opening its own link keeps the seat and its key
    link = south.me["rejoin"]
    assert take(site, table, key_of(link), south.token).status == 303
    await south.act("chat", text="still mine")
    await south.wait_for(lambda p: bool(p.state and p.state["table"]["chat"]))
    assert south.me["seat"] == "S" and south.me["rejoin"] == link
    assert north.me["seat"] == "N"
    await south.close()
    await north.close()


async def test_no_one_takes_a_second_hand_of_the_deal_under_way(site: ServerProcess) -> None:
    table = site.create_table()
    players = {seat: await sat(site, table, seat, f"P{seat}") for seat in "NESW"}
    north, south = players["N"], players["S"]
    await north.wait_for(lambda p: p.game is not None and p.me["hands"]["N"].get("cards"))
    key = key_of(south.me["rejoin"])
    assert (await north.settled(await north.act("stand"))) is None
    answer = take(site, table, key, north.token)
    assert answer.status == 409
    assert "You can take this seat back after this deal" in answer.body
    assert south.me["seat"] == "S" and north.me["seat"] is None
    assert key_of(south.me["rejoin"]) == key
    # someone who has held no seat of this deal may take it
    assert take(site, table, key, new_token()).status == 303
    await south.wait_for(lambda p: p.me["seat"] is None)
    for player in players.values():
        await player.close()


async def test_the_key_outlives_a_restart(site: ServerProcess) -> None:
    table = site.create_table()
    holder = await sat(site, table, "W", "Wendy")
    link = holder.me["rejoin"]
    await holder.close()
    site.stop()
    site.start()
    again = Player(site.base, table, token=holder.token)
    await again.connect()
    await again.wait_for(lambda p: p.state is not None)
    assert again.me["seat"] == "W" and again.me["rejoin"] == link
    assert fetch(site.base + link).status == 200
    assert take(site, table, key_of(link), new_token()).status == 303
    await again.wait_for(lambda p: p.me["seat"] is None)
    await again.close()
