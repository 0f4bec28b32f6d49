"""CSRF tokens signed once per session, not once per request.

Flask-WTF signs the session's raw token afresh for every request that draws a form (an
HMAC over JSON and base64, 6% of the CPU an entry costs the server), and checks a posted
token's signature on every post. The app sets WTF_CSRF_TIME_LIMIT to None (a table keeps one
page open all evening), so a signature never expires and the first one made for a raw token
is as good as any later one. That one is kept (derived.csrf_signed) and handed
out again; a post that carries exactly the kept token of its own session's raw token is the
token this app signed, so it is let through without a second check. Anything else (another
token, no session, a time limit set after all) goes through Flask-WTF as before.

The session (a signed cookie) holds nothing but that raw token, and a phone sends the same
cookie with every request all evening: RememberedSessions checks each cookie's signature
once (derived.session_read) and its age at every request, as Flask's own sessions do.
"""

from __future__ import annotations

import hmac
import time
from typing import Any

from flask import Blueprint, Flask, Request, current_app, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect, generate_csrf  # type: ignore[import-untyped]
from itsdangerous import BadSignature
from markupsafe import Markup, escape

from .derived import csrf_signed, keep_csrf_signed, keep_session_read, session_read

FIELD = "csrf_token"


def _lasting() -> bool:
    """Whether a signature is good forever here (no time limit), so that keeping one is safe."""
    return current_app.config.get("WTF_CSRF_TIME_LIMIT") is None


def csrf_token() -> str:
    """This phone's signed CSRF token: `generate_csrf`, signed once per session's raw token."""
    if FIELD not in g:
        raw = session.get(FIELD)
        kept = csrf_signed(raw) if isinstance(raw, str) and _lasting() else None
        if kept is None:
            kept = str(generate_csrf())
            if _lasting():
                keep_csrf_signed(session[FIELD], kept)
        setattr(g, FIELD, kept)
    return str(g.get(FIELD))


IN_FRAGMENT = "drawing_fragment"
"""Set on `g` while a part of a page is drawn for htmx to swap in (views._htmx.render_block)."""


def csrf_field() -> Markup:
    """The hidden field that carries this phone's CSRF token in a form of a whole page, for
    the form posted without JavaScript; nothing in a part of a page drawn for htmx, whose
    every request carries the token in its X-CSRFToken header (from the page's body,
    base.html) as the phone's outbox does (companion.js). Without it, a panel at a version
    is the same bytes for every phone of its role, so it is drawn and compressed once."""
    if g.get(IN_FRAGMENT):
        return Markup("")
    return Markup('<input type="hidden" name="csrf_token" value="%s">') % escape(csrf_token())


class SignedOnce(CSRFProtect):  # type: ignore[misc]
    """CSRFProtect that knows the tokens it signed (see the module's docstring)."""

    def __init__(self, app: Any = None) -> None:
        self.exempt_blueprints: set[str] = set()
        super().__init__(app)

    def exempt(self, view: Any) -> Any:
        """As CSRFProtect.exempt, for a blueprint (this app exempts only the judge API): its
        name is kept here, where `protect` looks before reading any form."""
        if not isinstance(view, Blueprint):
            raise TypeError("only a blueprint is exempted here")
        self.exempt_blueprints.add(view.name)
        return super().exempt(view)

    def init_app(self, app: Any) -> None:
        super().init_app(app)
        app.jinja_env.globals[FIELD] = csrf_token  # the context processor's is replaced in app.py
        app.jinja_env.globals["csrf_field"] = csrf_field

    def protect(self, apply_exemptions: bool = False) -> None:
        # Exempt views first, untouched: reading the form here would use up a body such a
        # view reads itself (the judge API takes JSON that curl -d sends as a form).
        if apply_exemptions and (not request.endpoint or request.blueprint in self.exempt_blueprints):
            return
        if self._signed_here():
            g.csrf_valid = True
            return
        super().protect()

    @staticmethod
    def _signed_here() -> bool:
        config = current_app.config
        if request.method not in config["WTF_CSRF_METHODS"] or not _lasting() \
                or (request.is_secure and config["WTF_CSRF_SSL_STRICT"]):
            return False
        if request.mimetype not in ("application/x-www-form-urlencoded", "multipart/form-data"):
            return False  # no form to carry the token: Flask-WTF looks in the headers
        raw = session.get(FIELD)
        # Where Flask-WTF looks, in its order: the form's field, else its headers (htmx's and
        # the outbox's X-CSRFToken: a panel's forms carry no field, see csrf_field).
        posted = request.form.get(FIELD) or next(
            (request.headers[name] for name in config["WTF_CSRF_HEADERS"] if name in request.headers), None)
        kept = csrf_signed(raw) if isinstance(raw, str) else None
        # Compared as bytes: compare_digest refuses str with characters past ASCII, which a
        # posted field may hold (a TypeError, answered 500).
        return bool(kept and posted) and hmac.compare_digest(str(kept).encode(), str(posted).encode())


class RememberedSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, each cookie's signature checked once (see the module's
    docstring): a cookie read before is its remembered contents while it is younger than the
    session lifetime, as Flask's check (`max_age`) would have it; anything else is read by
    Flask's own serializer."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie or not app.secret_key:
            return super().open_session(app, request)
        max_age = app.permanent_session_lifetime.total_seconds()
        found = session_read(cookie)
        if found is not None and time.time() - found[1] <= max_age:
            return self.session_class(found[0])
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        try:
            data, signed = serializer.loads(cookie, max_age=int(max_age), return_timestamp=True)
        except BadSignature:
            return self.session_class()
        keep_session_read(cookie, dict(data), signed.timestamp())
        return self.session_class(data)
