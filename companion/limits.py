"""How much one table keeps: limits far above any real evening, in one place.

Each is several times what the longest game or evening measured needs, so that no table
ever meets one; past it an entry, a game, a name or a record is refused with a sentence
(docs/operating.md, "Hostile input, floods and bad files"). Without them one record of a million entries or a table name of
100 MB was taken, and that table's pages then took tens of seconds for everyone served by
the same process.
"""

from __future__ import annotations

ENTRIES_PER_GAME = 5_000
"""Entries in one game's log, undos, corrections and abandoning included. Of 2,000 seeded
random games (the games' test drivers, tests/games/*/driver.py, undos included) of the
game played longest, to a target score by random bids, the longest had 714 entries; of
every other game, at most 198 (docs/operating.md, "Hostile input, floods and bad files"). A real game is shorter than a
random one."""

ENTRIES_PER_TABLE = 50_000
"""Entries in all of one table's games: a long evening of 30 games of 200 entries holds
6,000. Keeps a table's record under RECORD_BYTES (about 170 bytes an entry as `companion
export` writes it, indented), so that whatever a table holds can be imported again."""

GAMES_PER_TABLE = 500
"""Games at one table: a game every ten minutes for eight hours is 48."""

PLAYER_NAME = 24
"""Characters in a player's name (a name tag, not a sentence)."""

TABLE_NAME = 60
"""Characters in a table's name."""

RECORD_BYTES = 16 * 1024 * 1024
"""Bytes in a record to import, by the home page or `companion import`: a record of 301
games (bench/evening.py) is 1.9 MB. Refused before it is read when its size is known."""

WEB_RECORD_BYTES = 1024 * 1024
"""Bytes in a record to import by the home page: every request's body is read whole into
memory before the app sees it (server.py), for thousands of connections at once, so the
page takes an evening of about 60 games (15 KB a game, compact as the page exports it);
a larger record goes through `companion import`."""

FORM_BYTES = 64 * 1024
"""Bytes in any other request (the app's MAX_CONTENT_LENGTH), and the room an import's
form needs beside its record."""

MB = 1024 * 1024
"""A megabyte, as the refusals count the record limits."""
