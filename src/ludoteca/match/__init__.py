"""A game being played: the one controller every front end drives."""

from ludoteca.match.events import Event
from ludoteca.match.in_play import GameInPlay
from ludoteca.match.match import Match

__all__ = ["Event", "GameInPlay", "Match"]
