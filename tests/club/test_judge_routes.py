"""The event's judge on the command line and over HTTP: `companion judge event` and
`POST /api/judge/event` give the same answers, refuse bad input with a sentence in the asker's
language, and a question about the event loads neither the web nor the database."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from flask.testing import FlaskClient

from companion import cli

ROOT = Path(__file__).resolve().parents[2]
STANDINGS = {"ask": "standings", "players": ["Ann", "Ben", "Cy", "Dee"],
             "results": [{"round": 1, "players": ["Ann", "Ben", "Cy", "Dee"], "places": [2, 1, 4, 3],
                          "points": [20, 31, 2, 9]}]}
DRAW = {"ask": "draw", "players": ["Ben", "Ann", "Dee", "Cy", "Eve", "Fay", "Gus", "Hal"], "sizes": [3, 4, 5],
        "met": [["Ann", "Ben"], ["Cy", "Dee"]],
        "round": 2, "seed": 7}


def test_the_api_answers_the_standings(client: FlaskClient) -> None:
    response = client.post("/api/judge/event", json=STANDINGS, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    answer = response.get_json()
    assert [(line["player"], line["rank"], line["score"]) for line in answer["standings"]] == [
        ("Ben", 1, 3), ("Ann", 2, 2), ("Dee", 3, 1), ("Cy", 4, 0)]


def test_the_api_draws_a_round_keeping_apart_those_who_met(client: FlaskClient) -> None:
    answer = client.post("/api/judge/event", json=DRAW).get_json()
    assert answer["repeats"] == 0 and [len(t) for t in answer["tables"]] == [4, 4]
    assert [sorted(t) for t in answer["tables"]] == [["Ben", "Dee", "Eve", "Fay"], ["Ann", "Cy", "Gus", "Hal"]]
    assert sorted(p for t in answer["tables"] for p in t) == sorted(DRAW["players"])


def test_the_api_refuses_in_the_askers_language_with_422(client: FlaskClient) -> None:
    client.delete_cookie("lang")
    bad = {**STANDINGS, "players": ["Ann", "Ann"]}
    response = client.post("/api/judge/event", json=bad, headers={"Accept-Language": "ja"})
    assert response.status_code == 422
    assert response.get_json() == {"error": "「Ann」が2回あります。プレイヤーを区別してください。"}
    response = client.post("/api/judge/event", data="{oops", content_type="application/json",
                           headers={"Accept-Language": "en"})
    assert response.status_code == 422 and "is not valid JSON" in response.get_json()["error"]


def test_a_game_is_still_judged_beside_the_event(client: FlaskClient) -> None:
    response = client.post("/api/judge/hyper-maker", json={"ask": "trick", "master": "R5B6",
                                                           "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4"]})
    assert response.status_code == 200 and response.get_json()["winner"] == 2


def test_the_command_and_the_api_agree(client: FlaskClient) -> None:
    client.delete_cookie("lang")
    for request in (STANDINGS, DRAW, {"ask": "nothing"}):
        out = io.StringIO()
        status = cli.judge_lines("event", "ja", io.StringIO(json.dumps(request) + "\n"), out)
        api = client.post("/api/judge/event", json=request, headers={"Accept-Language": "ja"})
        assert json.loads(out.getvalue()) == api.get_json()
        assert (status == 0) == (api.status_code == 200)


def test_the_command_answers_each_line_and_exits_2_if_any_failed() -> None:
    lines = io.StringIO(json.dumps(STANDINGS) + "\n\n{oops\n" + json.dumps(DRAW) + "\n")
    out = io.StringIO()
    assert cli.judge_lines("event", "en", lines, out) == 2
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [sorted(a) for a in answers] == [["rulings", "standings"], ["error"],
                                            ["repeats", "repeats_proved_fewest", "rulings", "sit_out", "tables"]]


WRAPPER = """import json, sys
from companion.cli import main
status = main()
sys.stderr.write("\\nmodules: " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(status)"""


def test_companion_judge_event_loads_neither_the_web_nor_the_database_nor_a_game() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WRAPPER, "judge", "event", "--lang", "ja"], cwd=ROOT, env=env,
                          input=json.dumps(DRAW) + "\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["repeats"] == 0
    modules = set(json.loads(done.stderr.rsplit("modules: ", 1)[1]))
    outside = ("flask", "flask_babel", "werkzeug", "jinja2", "babel", "sqlite3", "sqlite_utils", "gevent", "gunicorn")
    assert sorted(m for m in modules if m.split(".")[0] in outside) == []
    ours = sorted(m for m in modules if m.startswith("companion.") and not m.startswith(("companion.rules.",
                                                                                          "companion.club.")))
    assert ours == ["companion.cli", "companion.club", "companion.i18n", "companion.limits", "companion.rules"]
    assert not any(m.startswith("companion.rules.") and m.count(".") == 2 and not m.endswith((".base", ".contract"))
                   for m in modules)  # no game's package
