"""Which of the app's own routes a path is, read from the app's URL map.

The server's front (a table's live stream, server.py) and the unchanged-poll answer
(polls.py) recognise a request before Flask sees it. They ask the same URL map the
blueprints built, so a route's shape is written once, in its blueprint, and a route moved
there moves here too.
"""

from __future__ import annotations

from typing import Any

from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, MapAdapter, RequestRedirect


class Addresses:
    """The endpoint and arguments of a path, by the app's URL map (bound on first use, when
    every blueprint is registered)."""

    def __init__(self, url_map: Map) -> None:
        self.url_map = url_map
        self.adapter: MapAdapter | None = None
        self._endings: dict[str, tuple[str, ...]] = {}

    def match(self, path: str, method: str = "GET") -> tuple[str, dict[str, Any]] | None:
        """(endpoint, arguments) of the route `path` names, or None if none does."""
        if self.adapter is None:
            self.adapter = self.url_map.bind("companion")
        try:
            endpoint, arguments = self.adapter.match(path, method=method)
        except (HTTPException, RequestRedirect):
            return None
        return str(endpoint), dict(arguments)

    def endings(self, endpoint: str) -> tuple[str, ...]:
        """The fixed text each route of `endpoint` ends with ("/live" of "/t/<token>/live"; ""
        for a route ending in a variable part), read from its rules once."""
        found = self._endings.get(endpoint)
        if found is None:
            found = self._endings[endpoint] = tuple(rule.rule.rsplit(">", 1)[-1] if ">" in rule.rule else rule.rule
                                                    for rule in self.url_map.iter_rules(endpoint))
        return found

    def arguments_of(self, path: str, endpoint: str) -> dict[str, Any] | None:
        """The arguments of `path` if it is a route of `endpoint`, else None. A path that does
        not end as one of the endpoint's routes does is not matched at all: asked of every
        request before the app sees it, the full match cost the serving thread a tenth of its
        time."""
        if not any(path.endswith(ending) for ending in self.endings(endpoint)):
            return None
        found = self.match(path)
        return found[1] if found is not None and found[0] == endpoint else None

    def token_of(self, path: str, endpoint: str) -> str | None:
        """The table link (`token`) of `path` if it is a route of `endpoint`, else None."""
        token = (self.arguments_of(path, endpoint) or {}).get("token")
        return token if isinstance(token, str) else None
