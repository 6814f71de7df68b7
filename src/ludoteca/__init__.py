"""Ludoteca: a shelf of board games with one engine, a terminal and a desktop front end."""

__version__ = "0.1.0"
