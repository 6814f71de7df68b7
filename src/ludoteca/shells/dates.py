"""Times from the store as a player reads them: "today 04:24", "yesterday 21:10", "26 Nov 2026".

The store keeps ISO 8601 stamps (saves in UTC with their offset, results in local time without
one). People want their own clock and their own language, not "2026-11-26T03:24:32.614041+00:00";
month names come from the catalogue rather than the system's locale, which a player may not have
set (and which would differ from the language chosen in Ludoteca).
"""

from __future__ import annotations

import datetime as dt

from ludoteca.i18n import N_, _

MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


def local(stamp: str) -> dt.datetime | None:
    """The moment `stamp` names, on this computer's clock (a stamp without an offset is taken as
    already local); None if it is not a time."""
    try:
        moment = dt.datetime.fromisoformat(stamp.strip())
    except ValueError:
        return None
    return moment.astimezone().replace(tzinfo=None) if moment.tzinfo is not None else moment


def when(stamp: str, now: dt.datetime | None = None) -> str:
    """`stamp` for people: the time alone today and yesterday, the date otherwise (as stored when
    it cannot be read)."""
    moment = local(stamp)
    if moment is None:
        return stamp
    today = (now or dt.datetime.now()).date()
    clock = moment.strftime("%H:%M")
    if moment.date() == today:
        return _("today {time}").format(time=clock)
    if moment.date() == today - dt.timedelta(days=1):
        return _("yesterday {time}").format(time=clock)
    return _("{day} {month} {year}").format(
        day=moment.day, month=_(MONTHS[moment.month - 1]), year=moment.year
    )
