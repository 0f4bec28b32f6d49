"""companion: referee and scorekeeper for card games played with real cards at a real table."""

__version__ = "0.1.0"
