"""The referee's desk: read the rules, and judge one trick without starting a game."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import gettext

from .. import i18n, rulebooks, rules
from ..rules.base import RuleError
from .errors import NOT_HERE, PageError

bp = Blueprint("referee", __name__)


@bp.get("/rules/<slug>")
def rulebook(slug: str) -> tuple[str, int]:
    """The rulebook clause by clause: the Japanese original, the English beside it, our rulings."""
    module = rules.GAMES.get(slug)
    book = rulebooks.load(slug) if module is not None else None
    if module is None or book is None:
        raise PageError(404, NOT_HERE)
    return render_template("rulebook.html", module=module, book=book), 200


@bp.get("/judge")
def choose() -> tuple[str, int]:
    """Which game is the dispute about?"""
    return render_template("judge.html", games=rules.GAMES, module=None), 200


@bp.get("/judge/<slug>")
def judge(slug: str) -> tuple[str, int]:
    """Enter just the cards in dispute with the same pickers as in play, and get the ruling."""
    module = rules.GAMES.get(slug)
    if module is None:
        raise PageError(404, NOT_HERE)
    request_data, entered = module.quick_judge_request({k: request.args.getlist(k) for k in request.args})
    answer = error = None
    if request_data is not None:
        try:
            answer = module.judge(request_data)
        except RuleError as exc:
            error = i18n.ruling_text(exc.ruling, module)
    return render_template(
        "judge.html", games=rules.GAMES, module=module, entered=entered, answer=answer, error=error,
        say=lambda ruling: i18n.ruling_text(ruling, module),
        card_text=lambda code: i18n.card_text(module, code, gettext),
    ), 200
