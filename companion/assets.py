"""The static files the pages name (scripts, stylesheets, the keep-awake clips), each under a
name that carries a hash of the bytes served: `/static/companion.3f9a0c2b1d.js`.

A page names every file through `url(name)` (the templates' `asset(name)`), so a new version
of a file is a new address: the answer to a hashed address never changes and is cached for a
year (`IMMUTABLE`), and a phone never runs last week's script against today's pages. The
same file under its plain name, or under a hash that is not its bytes' (a page kept in a
phone's back-forward cache from before an upgrade), still answers, with the file as it is
now and `Cache-Control: no-cache`, so it is asked again (an ETag makes that a 304) and never
pinned.

The hash is a path segment, not a query (`companion.js?v=...`): caches between a phone and
the server may ignore or refuse to keep a query, and a stylesheet's relative `url()` names a
file beside it the same way as the stylesheet itself is named.

What is served is not always the file's bytes: our own scripts and stylesheets are
minified (rjsmin, rcssmin: comments and spaces go, nothing is renamed), and a stylesheet's
`@import` of another of ours is replaced by that stylesheet's text (a game's stylesheet
imports rules/kit/static/kit.css): one request instead of two, without the second request's
headers and without a round trip the page waits for before it can draw; the kit's rules
then travel once per game stylesheet that imports them (about 1 KB compressed), which a
phone downloads once per game kind an evening. Any other `url()` naming one of our files is
rewritten to its hashed name. Scripts and stylesheets are compressed once (brotli at its
highest quality, gzip at 9) instead of at every answer; the clips are sent as they are,
with byte ranges (Safari asks a video for ranges).

What is read once is remembered per app in derived.py ("static files"): the files ship
with the code and do not change while a process runs.

Not WhiteNoise, the well-kept static server for WSGI apps: outside Django it serves files
under the names they have (hashed names come from Django's manifest storage), its
compressed copies are files a build step writes beside the originals, and it answers
before the app, so the security headers (headers.py), the games' stylesheets in their own
packages and the kit's inlining would each need its hooks: more than the code here.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import brotli
import rcssmin
import rjsmin
from flask import Response, abort, current_app, request, url_for
from werkzeug.security import safe_join

from . import derived

HASH_LENGTH = 10
"""Hex digits of the hash in a file's name: 40 bits, against a file changing unnoticed."""

IMMUTABLE = "public, max-age=31536000, immutable"
"""The answer to a hashed name: kept a year, never asked again (its bytes never change)."""

TEXT = {".js": "text/javascript", ".css": "text/css", ".txt": "text/plain", ".svg": "image/svg+xml"}
"""Files compressed when sent (and whose type is said with charset=utf-8 where text/)."""

ENCODINGS = ("br", "gzip")
"""The encodings offered, best first."""

HASHED = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{HASH_LENGTH}}})(?P<ext>\.[^./]+)$")
REFERENCE = re.compile(r"""@import\s+(?:url\(\s*)?(["']?)(?P<imported>[^"')\s;]+)\1\s*\)?\s*;"""
                       r"""|url\(\s*(["']?)(?P<href>[^"')\s]+)\3\s*\)""")
"""A stylesheet's `@import` (of a quoted address or a url()) or any other `url()`."""


@dataclass(frozen=True)
class Served:
    """A static file as it is served."""

    name: str
    """Its plain name under /static/: "companion.js", "games/<slug>.css", "kit.css"."""
    body: bytes
    """The bytes served (identity encoding)."""
    digest: str
    mimetype: str
    text: bool
    """Compressed when sent."""

    @property
    def hashed(self) -> str:
        """The name it is served under for good: "companion.3f9a0c2b1d.js"."""
        return with_digest(self.name, self.digest)


def with_digest(name: str, digest: str) -> str:
    stem, _, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if stem else f"{name}.{digest}"


def without_digest(filename: str) -> tuple[str, str | None]:
    """A hashed name's plain name and hash; a name that carries none, itself and None."""
    found = HASHED.match(filename)
    if found is None:
        return filename, None
    return found["stem"] + found["ext"], found["digest"]


def source(static_folder: str | None, name: str) -> Path | None:
    """The file a plain name stands for: a game's stylesheet ("games/<slug>.css") in its
    package, the kit's ("kit.css") in rules/kit, anything else in the static folder."""
    from . import rules

    if name == "kit.css":
        return Path(rules.__file__).parent / "kit" / "static" / "kit.css"
    if name.startswith("games/"):
        slug = name.removeprefix("games/").removesuffix(".css")
        if name.endswith(".css") and slug in rules.GAMES:
            return rules.folder(slug) / "static" / f"{slug}.css"
        return None
    joined = safe_join(static_folder, name) if static_folder else None
    path = Path(joined) if joined else None
    try:
        return path if path is not None and path.is_file() else None
    except OSError:  # a name the file system cannot hold (too long, say) names no file
        return None


def read(static_folder: str | None, name: str, digest_of: Callable[[str], str | None]) -> Served | None:
    """The file named `name` as served, or None if there is none. `digest_of(name)` gives
    another file's hash (for the `url()`s of a stylesheet)."""
    path = source(static_folder, name)
    if path is None:
        return None
    ext = path.suffix
    body = path.read_bytes()
    own = not path.name.endswith(".min" + ext)  # a vendored .min file is sent as it came
    if ext == ".css":
        text = stylesheet(static_folder, name, body.decode("utf-8"), name, (name,), digest_of)
        body = (rcssmin.cssmin(text) if own else text).encode("utf-8")
    elif ext == ".js" and own:
        body = rjsmin.jsmin(body.decode("utf-8"), keep_bang_comments=True).encode("utf-8")
    kind = TEXT.get(ext) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return Served(name, body, hashlib.sha256(body).hexdigest()[:HASH_LENGTH], kind, ext in TEXT)


def beside(name: str, href: str) -> str | None:
    """The plain name a stylesheet's relative reference stands for, or None (an address
    elsewhere, a data: URL, a fragment)."""
    if ":" in href or href.startswith(("/", "#")):
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(name), href.split("?")[0].split("#")[0]))
    return None if joined.startswith("..") else joined


def stylesheet(static_folder: str | None, name: str, text: str, outer: str, within: tuple[str, ...],
               digest_of: Callable[[str], str | None]) -> str:
    """The text of stylesheet `name` as stylesheet `outer` serves it (`outer` is `name` itself,
    or a stylesheet that imports it): each `@import` of another of ours replaced by that
    stylesheet's text (in turn; one already being inlined, `within`, is left as it is), and
    each other `url()` naming one of our files rewritten to its hashed name, relative to
    `outer`."""

    def replaced(found: re.Match[str]) -> str:
        imported = found["imported"]
        target = beside(name, imported or found["href"])
        if imported is not None:
            path = source(static_folder, target) if target and target not in within else None
            if target is None or path is None:
                return found[0]
            return stylesheet(static_folder, target, path.read_text(encoding="utf-8"), outer,
                              (*within, target), digest_of)
        digest = digest_of(target) if target and target != outer else None
        if target is None or digest is None:
            return found[0]
        return f'url("{posixpath.relpath(with_digest(target, digest), posixpath.dirname(outer) or ".")}")'

    return REFERENCE.sub(replaced, text)


def encoded(file: Served, encoding: str) -> bytes:
    if encoding == "br":
        compressed: bytes = brotli.compress(file.body, quality=11)
        return compressed
    return gzip.compress(file.body, 9, mtime=0)


# --------------------------------------------------------------------------- in the app


def served(name: str) -> Served | None:
    """The current app's file `name` as served (read once per app, derived.static_file)."""
    folder = current_app.static_folder
    return derived.static_file(name, lambda: read(folder, name, digest_of))


def digest_of(name: str) -> str | None:
    found = served(name)
    return found.digest if found else None


def url(name: str) -> str:
    """The address of static file `name` under its hashed name (a page names files so).
    A name that names no file is a mistake in a template: LookupError."""
    found = served(name)
    if found is None:
        raise LookupError(f"no static file {name!r}")
    return url_for("static", filename=found.hashed)


def answer(filename: str) -> Response:
    """GET /static/<filename>: a file under its hashed name (kept a year), its plain name or
    another hash (asked again each time), else 404."""
    found = served(filename)
    digest = None
    if found is None:
        name, digest = without_digest(filename)
        found = served(name) if digest else None
    if found is None:
        abort(404)
    encoding = None
    if found.text:
        accepted = request.accept_encodings
        encoding = next((e for e in ENCODINGS if accepted.quality(e) > 0), None)
    if encoding is None:
        body = found.body
    else:
        file, chosen = found, encoding
        body = derived.static_encoded(file.name, chosen, lambda: encoded(file, chosen))
    response = current_app.response_class(body, mimetype=found.mimetype)
    if found.text:
        response.vary.add("Accept-Encoding")
    if encoding is not None:
        response.headers["Content-Encoding"] = encoding
    if digest == found.digest:
        response.headers["Cache-Control"] = IMMUTABLE
        if not found.text:
            response.make_conditional(request, accept_ranges=True, complete_length=len(body))
        return response
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(found.digest + (f":{encoding}" if encoding else ""))
    response.make_conditional(request, accept_ranges=not found.text, complete_length=len(body))
    return response
