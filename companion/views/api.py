"""The judge API: one rules question as JSON, answered as JSON in the Accept-Language."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from .. import club, i18n

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/judge/event")
def judge_event() -> tuple[Response, int]:
    """A club night's standings or draw (companion/club); 422 with {"error"} when it cannot be answered."""
    ok, answer = club.judge_text(request.get_data(as_text=True), i18n.request_words())
    return jsonify(answer), 200 if ok else 422


@bp.post("/judge/<game>")
def judge(game: str) -> tuple[Response, int]:
    """Answer one request of the judge contract; 422 with {"error"} when it cannot be answered."""
    ok, answer = i18n.judge_text(game, request.get_data(as_text=True), i18n.request_words())
    return jsonify(answer), 200 if ok else 422
