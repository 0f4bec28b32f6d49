"""CSRF tokens signed once per session (companion/csrf.py): the same protection, less work."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import TimestampSigner, URLSafeTimedSerializer

from companion import csrf
from companion.app import create_app
from tests.conftest import soup

PLAYERS = {"player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"}


@pytest.fixture
def checked(db_path: Path) -> Flask:
    return create_app({"DATABASE": str(db_path), "TESTING": True})


class TenMinutesAgo(TimestampSigner):
    """Signs as a page drawn ten minutes ago did (before the app kept its signature)."""

    def get_timestamp(self) -> int:
        return int(time.time()) - 600


def token_on_home(client: FlaskClient) -> str:
    return str(soup(client.get("/")).select_one("input[name=csrf_token]")["value"])


def test_a_session_gets_its_token_signed_once_and_the_same_token_on_every_page(
        checked: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    signed: list[str] = []
    real = csrf.generate_csrf

    def counting() -> str:
        signed.append(token := str(real()))
        return token

    monkeypatch.setattr(csrf, "generate_csrf", counting)
    client = checked.test_client()
    tokens = {token_on_home(client) for _ in range(3)}
    made = client.post("/tables", data={**PLAYERS, "csrf_token": tokens.pop()})
    assert made.status_code == 303
    page = soup(client.get(made.location))
    assert page.select_one("input[name=csrf_token]")["value"] == signed[0]
    assert len(signed) == 1 and not tokens


def test_each_session_has_its_own_token_and_another_sessions_is_refused(checked: Flask) -> None:
    mine, theirs = checked.test_client(), checked.test_client()
    my_token, their_token = token_on_home(mine), token_on_home(theirs)
    assert my_token != their_token
    assert mine.post("/tables", data={**PLAYERS, "csrf_token": their_token}).status_code == 400
    assert mine.post("/tables", data={**PLAYERS, "csrf_token": my_token + "x"}).status_code == 400
    assert mine.post("/tables", data={**PLAYERS, "csrf_token": my_token}).status_code == 303


def test_a_token_signed_at_another_moment_for_the_session_still_passes_the_full_check(checked: Flask) -> None:
    client = checked.test_client()
    kept = token_on_home(client)
    with client.session_transaction() as session:
        raw = session["csrf_token"]
    signed_elsewhere = URLSafeTimedSerializer(checked.secret_key, salt="wtf-csrf-token", signer=TenMinutesAgo).dumps(raw)
    assert signed_elsewhere != kept
    assert client.post("/tables", data={**PLAYERS, "csrf_token": signed_elsewhere}).status_code == 303


def test_with_a_time_limit_tokens_are_signed_per_request_as_flask_wtf_does(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_TIME_LIMIT": 3600})
    signed: list[str] = []
    real = csrf.generate_csrf
    monkeypatch.setattr(csrf, "generate_csrf", lambda: signed.append(str(real())) or signed[-1])
    client = app.test_client()
    token = token_on_home(client)
    token_on_home(client)
    assert len(signed) == 2
    assert client.post("/tables", data={**PLAYERS, "csrf_token": token}).status_code == 303


def test_the_judge_api_takes_a_question_sent_as_curl_sends_it_and_reads_no_cookie(checked: Flask) -> None:
    """curl -d posts the JSON as a form: the exempt API must still find its body untouched."""
    question = '{"ask": "trick", "master": "R5B6", "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4"]}'
    client = checked.test_client()
    client.get("/")  # a browser's session: the API must neither need nor touch it
    answer = client.post("/api/judge/hyper-maker", data=question,
                         headers={"Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en"})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["winner"] is not None
    assert "Cookie" not in answer.headers.get("Vary", "")


def session_cookie(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_a_session_cookie_is_checked_once_and_read_from_memory_after(
        checked: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = checked.test_client()
    token = token_on_home(client)
    checks: list[str] = []
    real = URLSafeTimedSerializer.loads

    def counting(self: URLSafeTimedSerializer, *args: object, **kwargs: object) -> object:
        checks.append("checked")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(URLSafeTimedSerializer, "loads", counting)
    for _ in range(3):
        assert token_on_home(client) == token
    made = client.post("/tables", data={**PLAYERS, "csrf_token": token})
    assert made.status_code == 303
    # The cookie's signature is checked the first time it comes back; the other pages and the
    # post read the remembered session (an altered cookie is checked: below).
    assert checks == ["checked"]


def test_a_changed_session_cookie_is_not_the_remembered_one_and_is_refused(checked: Flask) -> None:
    client = checked.test_client()
    token = token_on_home(client)
    cookie = session_cookie(client)
    payload, _, signature = cookie.rpartition(".")
    client.set_cookie("session", payload + "." + ("A" if signature[0] != "A" else "B") + signature[1:])
    # The altered cookie is read as no session at all: its token belongs to nobody.
    assert client.post("/tables", data={**PLAYERS, "csrf_token": token}).status_code == 400
    client.set_cookie("session", cookie)
    assert client.post("/tables", data={**PLAYERS, "csrf_token": token}).status_code == 303


def test_a_remembered_session_older_than_the_session_lifetime_is_no_longer_read(
        checked: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = checked.test_client()
    token = token_on_home(client)
    assert client.post("/tables", data={**PLAYERS, "csrf_token": token}).status_code == 303
    later = time.time() + checked.permanent_session_lifetime.total_seconds() + 60
    monkeypatch.setattr(time, "time", lambda: later)
    # As Flask's own check says of a cookie signed longer ago than the lifetime: expired, so
    # the post carries a token of no session.
    assert client.post("/tables", data={**PLAYERS, "csrf_token": token}).status_code == 400


def scorer_at_a_game(app: Flask, lang: str = "en") -> tuple[FlaskClient, str, str]:
    """A phone in `lang` that seated a Hyper Maker table through the pages: the phone, its
    game's address and its page's token (htmx's header, base.html)."""
    import json

    client = app.test_client()
    client.set_cookie("lang", lang)
    made = client.post("/tables", data={**PLAYERS, "csrf_token": token_on_home(client)})
    new_game = soup(client.get(made.location))
    game = client.post(made.location.split("?")[0].replace("/new", "/games"), data={
        "game": "hyper-maker", "first_leader": "0",
        "csrf_token": new_game.select_one("input[name=csrf_token]")["value"]}).location
    page = soup(client.get(game))
    return client, game, str(json.loads(page.body["data-hx-headers"])["X-CSRFToken"])


def test_an_htmx_entry_carrying_the_token_in_its_header_alone_is_taken_without_a_second_check(
        checked: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel's forms carry no token (csrf.csrf_field): htmx and the outbox send the page's
    in X-CSRFToken. The kept token of the phone's own session passes as it does in a form,
    without Flask-WTF signing it again; another's, or a wrong one, is refused."""
    from flask_wtf.csrf import CSRFProtect  # type: ignore[import-untyped]

    client, game, token = scorer_at_a_game(checked)
    other, _game, their_token = scorer_at_a_game(checked)
    full_checks: list[int] = []
    real = CSRFProtect.protect
    monkeypatch.setattr(CSRFProtect, "protect", lambda self: (full_checks.append(1), real(self))[1])
    panel = soup(client.get(game + "/panel", headers={"HX-Request": "true"}))
    assert panel.select_one("form.picker") is not None and panel.select_one("input[name=csrf_token]") is None
    full_checks.clear()  # (a GET passes through it too, and returns at once)
    entry = {"seq": "0", "kind": "master", "card": "R5B6"}
    for wrong in (their_token, token + "x", ""):
        refused = client.post(game + "/entries", data=entry, headers={"HX-Request": "true", "X-CSRFToken": wrong})
        assert refused.status_code == 400
    assert len(full_checks) == 3  # none of those is this session's kept token: Flask-WTF refused each
    taken = client.post(game + "/entries", data=entry, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert taken.status_code == 200 and taken.headers["X-Entry-Seq"] == "0"
    assert len(full_checks) == 3  # the kept token: let through here
    assert other.post(game + "/entries", data={**entry, "seq": "1"}, headers={"HX-Request": "true"}).status_code == 400


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The request could not be read, or the page was too old"),
    ("ja", "リクエストを読み取れなかったか、ページが古くなっています"),
])
def test_an_entry_with_no_token_in_its_form_nor_its_header_is_refused_in_the_phones_language(
        checked: Flask, lang: str, said: str) -> None:
    client, game, _token = scorer_at_a_game(checked, lang)
    for headers in ({"HX-Request": "true"}, {}):
        refused = client.post(game + "/entries", data={"seq": "0", "kind": "master", "card": "R5B6"}, headers=headers)
        assert refused.status_code == 400 and said in refused.get_data(as_text=True)
    assert soup(client.get(game + "/panel", headers={"HX-Request": "true"})).select_one("form.picker input[name=seq]")["value"] == "0"


def test_a_whole_game_page_keeps_the_token_in_every_form_for_a_post_without_javascript(checked: Flask) -> None:
    """Without JavaScript a form posts its own fields: the whole page's forms carry the token,
    and such a post is taken (a redirect back to the game)."""
    client, game, token = scorer_at_a_game(checked)
    page = soup(client.get(game))
    forms = page.select("#panel form")
    assert forms and all(f.select_one("input[name=csrf_token]")["value"] == token for f in forms)
    fields = {i["name"]: i["value"] for i in page.select("form.picker input[type=hidden]")}
    posted = client.post(game + "/entries", data={**fields, "card": "R5B6"})
    assert posted.status_code == 303 and posted.headers["X-Entry-Seq"] == "0"
