"""Where the data file lives when nobody names one."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: the file inside the data folder
DB_FILENAME = "ludoteca.sqlite3"
#: a folder that replaces the platform's user data folder (tests, portable installs)
HOME_VARIABLE = "LUDOTECA_HOME"


def data_home() -> Path:
    """LUDOTECA_HOME when set, else the platform's user data folder for Ludoteca."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("ludoteca", appauthor=False))


def default_db_path() -> Path:
    return data_home() / DB_FILENAME
