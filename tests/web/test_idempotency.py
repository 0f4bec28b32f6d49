"""Each entry is stored once, whatever happens: the key a phone makes for it is kept with the
event, and the same key again is answered as the first time without a second event, also
after a restart and from another serving process."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
import sqlite_utils
from flask.testing import FlaskClient

from companion import store
from tests.conftest import english_client, make_app, soup, text
from tests.games.hyper_maker.table import form_fields, seat_table, whole_game

HX = {"HX-Request": "true"}


def post_card(client: FlaskClient, url: str, fields: dict[str, str], card: str, key: str | None,
              htmx: bool = True):  # type: ignore[no-untyped-def]
    data = {**fields, "card": card, **({"key": key} if key is not None else {})}
    return client.post(f"{url}/entries", data=data, headers=HX if htmx else {})


def stored(db_path: Path) -> list[tuple[int, str, str | None]]:
    conn = sqlite3.connect(db_path)
    try:
        return [(r[0], r[1], r[2]) for r in conn.execute("select seq, payload, key from events order by game_id, seq")]
    finally:
        conn.close()


def test_the_same_key_twice_stores_one_entry_and_answers_the_second_as_the_first(
        client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    first = post_card(client, url, fields, "R5B6", "k-one")
    again = post_card(client, url, fields, "R5B6", "k-one")  # the answer to the first was lost
    assert first.status_code == again.status_code == 200
    assert [row[2] for row in stored(db_path)] == ["k-one"]
    # Answered as the first time: the table with the entry, and no conflict said.
    assert soup(again).select_one("#prompt").get_text(strip=True) == "Aki's card"
    assert soup(again).select_one(".error") is None


def test_a_resend_after_the_table_moved_on_is_still_answered_as_stored(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    post_card(client, url, fields, "R5B6", "k-master")
    post_card(client, url, form_fields(soup(client.get(url))), "R1B10", "k-aki")
    late = post_card(client, url, fields, "R5B6", "k-master")  # the first, its seq long taken
    assert late.status_code == 200
    assert soup(late).select_one(".error") is None
    assert [row[0] for row in stored(db_path)] == [0, 1]


def test_a_plain_form_post_resent_is_redirected_as_the_first(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    for _ in range(2):
        response = post_card(client, url, fields, "R5B6", "k-plain", htmx=False)
        assert response.status_code == 303
    assert len(stored(db_path)) == 1


def test_a_repeated_key_through_another_process_after_a_restart_is_answered_as_the_first_with_the_table_now(
        client: FlaskClient, db_path: Path) -> None:
    """The same status and entry number as the first answer, a header saying it was stored
    before, and the panel of the table as it stands now (what the phone goes on from), not
    as it stood right after the entry."""
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    first = post_card(client, url, fields, "R5B6", "k-master")
    assert (first.status_code, first.headers.get("X-Entry-Seq"), first.headers.get("X-Entry-Repeated")) == (
        200, "0", None)
    other = english_client(make_app(db_path))  # another serving process: the next card
    aki = post_card(other, url, form_fields(soup(other.get(url))), "R1B10", "k-aki")
    assert (aki.status_code, aki.headers.get("X-Entry-Seq")) == (200, "1")
    restarted = english_client(make_app(db_path))  # and the server restarted since
    again = post_card(restarted, url, fields, "R5B6", "k-master")
    assert (again.status_code, again.headers.get("X-Entry-Seq"), again.headers.get("X-Entry-Repeated")) == (
        200, "0", "1")
    page = soup(again)
    assert page.select_one(".error") is None
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"  # the table now
    assert form_fields(page)["seq"] == "2"  # the next entry the phone makes follows Aki's
    plain = post_card(restarted, url, fields, "R5B6", "k-master", htmx=False)
    assert (plain.status_code, plain.headers.get("X-Entry-Seq"), plain.headers.get("X-Entry-Repeated")) == (
        303, "0", "1")
    assert [row[2] for row in stored(db_path)] == ["k-master", "k-aki"]


def test_another_key_at_a_taken_number_is_still_a_conflict(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    post_card(client, url, fields, "R5B6", "phone-a")
    refused = post_card(client, url, fields, "R2G9", "phone-b")  # another phone, the same turn
    assert refused.status_code == 409
    assert "Another entry got there first" in text(refused)
    assert [row[2] for row in stored(db_path)] == ["phone-a"]


def test_a_key_is_kept_across_a_restart(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    post_card(client, url, fields, "R5B6", "k-restart")
    restarted = english_client(make_app(db_path))
    again = post_card(restarted, url, fields, "R5B6", "k-restart")
    assert again.status_code == 200
    assert len(stored(db_path)) == 1


def test_racing_copies_through_two_serving_processes_store_one(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    phones = [english_client(make_app(db_path)) for _ in range(2)]  # each app: a process of its own
    cards = [card.code for _, _, card in whole_game(3, seed=7)][:4]
    for round_, card in enumerate(cards):
        fields = form_fields(soup(client.get(url)))
        codes: list[int] = []
        start = threading.Barrier(len(phones))

        def send(phone: FlaskClient, fields: dict[str, str] = fields, card: str = card, key: str = f"race-{round_}",
                 start: threading.Barrier = start, codes: list[int] = codes) -> None:
            start.wait()
            codes.append(post_card(phone, url, fields, card, key).status_code)

        threads = [threading.Thread(target=send, args=(phone,)) for phone in phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert codes == [200, 200]
    assert [row[2] for row in stored(db_path)] == ["race-0", "race-1", "race-2", "race-3"]


def test_undo_abandon_and_correct_take_a_key_too(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    post_card(client, url, form_fields(soup(client.get(url))), "R5B6", "k0")
    seq = form_fields(soup(client.get(url)))["seq"]
    for _ in range(2):
        assert client.post(f"{url}/undo", data={"seq": seq, "key": "k-undo"}, headers=HX).status_code == 200
    seq = form_fields(soup(client.get(url)))["seq"]
    for _ in range(2):
        assert client.post(f"{url}/abandon", data={"seq": seq, "key": "k-stop"}, headers=HX).status_code == 200
    assert [row[2] for row in stored(db_path)] == ["k0", "k-undo", "k-stop"]


def test_a_correction_resent_is_stored_once_and_answered_as_the_first(client: FlaskClient, db_path: Path) -> None:
    """The correction page's form carries a key of its own: sent twice (the first answer lost
    on the way), the correction is stored once and the second answer is the first's, with
    the entry's number and a word that it was stored before."""
    url = seat_table(client)
    post_card(client, url, form_fields(soup(client.get(url))), "R5B6", "k0")
    page = soup(client.get(f"{url}/correct/0"))
    fields = {i["name"]: i["value"] for i in page.select("form input[type=hidden]")}
    assert fields["key"] and fields["key"] != soup(client.get(f"{url}/correct/0")).select_one("input[name=key]")["value"]
    answers = [client.post(f"{url}/correct/0", data={**fields, "card": "R2G9"}) for _ in range(2)]
    assert [(a.status_code, a.headers.get("X-Entry-Seq"), a.headers.get("X-Entry-Repeated")) for a in answers] == [
        (303, "1", None), (303, "1", "1")]
    assert answers[0].headers["Location"] == answers[1].headers["Location"]
    keys = [row[2] for row in stored(db_path)]
    assert len(keys) == 2 and keys[1].startswith(fields["key"])
    # Another choice from the same page (come back to with Back) is not the same entry: the
    # table moved on since the page was drawn, and that is said; nothing more is stored.
    other = client.post(f"{url}/correct/0", data={**fields, "card": "B8Y3"})
    assert other.status_code == 409 and "X-Entry-Seq" not in other.headers
    assert soup(other).select_one("[role=alert]") is not None
    assert len(stored(db_path)) == 2


@pytest.mark.parametrize("key", ["x" * 65, "a b", "ключ", "k'1"])
def test_a_malformed_key_is_refused_with_a_clear_message_and_nothing_stored(
        client: FlaskClient, db_path: Path, key: str) -> None:
    url = seat_table(client)
    refused = post_card(client, url, form_fields(soup(client.get(url))), "R5B6", key)
    assert refused.status_code == 400
    assert "The request could not be read" in text(refused)
    assert stored(db_path) == []


def test_an_entry_without_a_key_is_stored_as_before(client: FlaskClient, db_path: Path) -> None:
    url = seat_table(client)
    assert post_card(client, url, form_fields(soup(client.get(url))), "R5B6", None).status_code == 200
    assert stored(db_path)[0][2] is None


def test_the_migration_gives_an_older_database_the_key_column_and_its_unique_index(
        tmp_path: Path, client: FlaskClient) -> None:
    path = tmp_path / "old.db"
    old = sqlite_utils.Database(path)
    store.migrations.apply(old, stop_before="m007_entry_keys")  # as the previous version left it
    assert "key" not in old.table("events").columns_dict
    old.close()
    app = make_app(path)
    phone = english_client(app)
    url = seat_table(phone)
    fields = form_fields(soup(phone.get(url)))
    for _ in range(2):
        assert post_card(phone, url, fields, "R5B6", "k-after").status_code == 200
    db = sqlite_utils.Database(path)
    index = [i for i in db.table("events").indexes if i.name == "events_game_key"]
    assert index and index[0].unique and index[0].columns == ["game_id", "key"]
    assert [r["key"] for r in db.table("events").rows] == ["k-after"]
