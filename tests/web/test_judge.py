"""The judge, one rules question as JSON: the API and the CLI give the same answers."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from flask.testing import FlaskClient

from companion import cli

EXAMPLE = {"ask": "trick", "master": "R5B6", "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4"]}


def test_api_answers_the_rulebook_example(client: FlaskClient) -> None:
    response = client.post("/api/judge/hyper-maker", json=EXAMPLE, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    answer = response.get_json()
    assert (answer["follow_suit"], answer["winner"], answer["points"], answer["next_leader"]) == ("R", 2, 6, 2)
    assert [r["clause"] for r in answer["rulings"]] == ["5(3)", "5(3)", "5(4)", "2"]
    assert answer["rulings"][1]["text"].startswith("Player C wins")


def test_api_speaks_japanese_when_asked(client: FlaskClient) -> None:
    client.delete_cookie("lang")
    response = client.post("/api/judge/hyper-maker", json=EXAMPLE, headers={"Accept-Language": "ja"})
    assert "プレイヤーC" in response.get_json()["rulings"][1]["text"]


def test_api_lists_illegal_plays_when_hands_are_given(client: FlaskClient) -> None:
    request = {**EXAMPLE, "plays": ["R2G9", "G1Y10", "R9B2", "R7Y4"],
               "hands": [["R2G9"], ["G1Y10", "B8Y3"], ["R9B2"], ["R7Y4"]]}
    answer = client.post("/api/judge/hyper-maker", json=request).get_json()
    assert [(i["player"], i["card"], i["could_follow_with"], i["clause"]) for i in answer["illegal"]] == [
        (1, "G1Y10", ["B8Y3"], "5(2)")
    ]


def test_api_refuses_bad_input_with_422_and_a_reason(client: FlaskClient) -> None:
    cases = {
        "not json": "is not valid JSON",
        json.dumps({**EXAMPLE, "master": "R5B5"}): "add up to 11",
        json.dumps({**EXAMPLE, "plays": ["R2G9", "R2G9", "R9B2"]}): "appears twice",
        json.dumps({**EXAMPLE, "plays": ["R5B6", "B8Y3", "R9B2"]}): "is the master card",
        json.dumps({**EXAMPLE, "plays": ["R2G9", "B8Y3"]}): "3 to 5 cards",
        json.dumps({"ask": "trick", "plays": ["R2G9"]}): "“master” is missing",
        json.dumps({**EXAMPLE, "plays": ["X1Z10", "B8Y3", "R9B2"]}): "there is no suit",
    }
    for body, reason in cases.items():
        response = client.post("/api/judge/hyper-maker", data=body, content_type="application/json")
        assert response.status_code == 422, body
        assert reason in response.get_json()["error"], (body, response.get_json())


def test_api_unknown_game_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/judge/chess", json=EXAMPLE)
    assert response.status_code == 422
    assert "Unknown game" in response.get_json()["error"]


def test_cli_answers_each_line_and_exits_2_if_any_failed() -> None:
    lines = io.StringIO(json.dumps(EXAMPLE) + "\n{oops\n" + json.dumps({**EXAMPLE, "master": "G1Y10", "plays": ["R2B9", "R3B8", "R4B7"]}) + "\n")
    out = io.StringIO()
    status = cli.judge_lines("hyper-maker", "en", lines, out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 2
    assert answers[0]["winner"] == 2
    assert "not valid JSON" in answers[1]["error"]
    assert answers[2]["follow_suit"] is None and answers[2]["winner"] is None


def test_cli_and_api_agree(client: FlaskClient) -> None:
    client.delete_cookie("lang")
    out = io.StringIO()
    assert cli.judge_lines("hyper-maker", "ja", io.StringIO(json.dumps(EXAMPLE)), out) == 0
    api = client.post("/api/judge/hyper-maker", json=EXAMPLE, headers={"Accept-Language": "ja"}).get_json()
    assert json.loads(out.getvalue()) == api


def test_the_companion_command_runs_the_judge() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "companion.cli", "judge", "hyper-maker", "--lang", "ja"],
        input=json.dumps(EXAMPLE) + "\n", capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["points"] == 6
