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
