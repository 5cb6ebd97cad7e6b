"""What the table service says (its refusals, its goodbyes, a lost connection) in the
current language.

The service answers in English on the wire (a refusal's ``message``, a ``bye``'s
``reason``), with a language-free ``code`` beside it; the client's own words for a lost
connection are English too. Each app words them here, from their known forms; a form not
known here (a newer service) is shown as it came, literally.
"""

from __future__ import annotations

import re

from ..i18n.reword import Rule, reworded
from ..i18n.translator import _, current, ngettext

RULES: list[Rule] = [
    (re.compile(r"there is no table (?P<table>.+)"),
     lambda m: _("there is no table {table}").format(table=m["table"])),
    (re.compile(r"every name at a table must be different"),
     lambda m: _("every name at a table must be different")),
    (re.compile(r"cannot create the table: (?P<why>.+)"),
     lambda m: _("cannot create the table: {why}").format(why=m["why"])),
    (re.compile(r"you already sit at seat (?P<seat>\d+) of this table"),
     lambda m: _("you already sit at seat {seat} of this table").format(seat=m["seat"])),
    (re.compile(r"seat (?P<seat>\d+) is not free"),
     lambda m: _("seat {seat} is not free").format(seat=m["seat"])),
    (re.compile(r"someone at this table is called (?P<name>.+) already: choose another name"),
     lambda m: _("someone at this table is called {name} already: choose another name"
                 ).format(name=m["name"])),
    (re.compile(r"only the table's creator starts it"),
     lambda m: _("only the table's creator starts it")),
    (re.compile(r"the table has started already"), lambda m: _("the table has started already")),
    (re.compile(r"the table cannot start: (?P<why>.+)"),
     lambda m: _("the table cannot start: {why}").format(why=m["why"])),
    (re.compile(r"you are not at a table in play"), lambda m: _("you are not at a table in play")),
    (re.compile(r"a hint is already on its way"), lambda m: _("a hint is already on its way")),
    (re.compile(r"seat (?P<seat>\d+) is not yours"),
     lambda m: _("seat {seat} is not yours").format(seat=m["seat"])),
    (re.compile(r"no table service at (?P<path>.+): start one with `polignac-tui serve`"),
     lambda m: _("no table service at {path}: start one with `polignac-tui serve`").format(
         path=m["path"])),
    (re.compile(r"the table service at (?P<path>.+?) did not answer: (?P<why>.+)"),
     lambda m: _("the table service at {path} did not answer: {why}").format(
         path=m["path"], why=m["why"])),
    (re.compile(r"not connected to the table service \((?P<why>.+)\)"),
     lambda m: _("not connected to the table service ({why})").format(
         why=service_words(m["why"]))),
    (re.compile(r"the table service did not answer in time"),
     lambda m: _("the table service did not answer in time")),
    (re.compile(r"the table service closed the connection"),
     lambda m: _("the table service closed the connection")),
    (re.compile(r"the table service said goodbye: (?P<why>.+)"),
     lambda m: _("the table service said goodbye: {why}").format(why=service_words(m["why"]))),
    (re.compile(r"the connection to the table service broke: (?P<why>.+)"),
     lambda m: _("the connection to the table service broke: {why}").format(why=m["why"])),
    (re.compile(r"you are not reading what the service sends"),
     lambda m: _("you are not reading what the service sends")),
    (re.compile(r"(?P<count>\d+) refused messages: goodbye"),
     lambda m: _("{count} refused messages: goodbye").format(count=m["count"])),
    (re.compile(r"the service is stopping"), lambda m: _("the service is stopping")),
    (re.compile(r"the host stopped the table service: every table is saved and comes back "
                r"when it starts again"),
     lambda m: _("the host stopped the table service: every table is saved and comes back "
                 "when it starts again")),
    (re.compile(r"protocol version mismatch"), lambda m: _("protocol version mismatch")),
    (re.compile(r"the table service at (?P<path>.+?) refused us: (?P<why>.+)"),
     lambda m: _("the table service at {path} refused us: {why}").format(
         path=m["path"], why=service_words(m["why"]))),
    (re.compile(r"this table service \(polignac-tui (?P<version>[^)]+)\) speaks protocol "
                r"(?P<theirs>\d+) and your polignac-tui speaks protocol (?P<ours>\d+): "
                r"install the same version as the service to play here"),
     lambda m: _("this table service (polignac-tui {version}) speaks protocol {theirs} and "
                 "your polignac-tui speaks protocol {ours}: install the same version as the "
                 "service to play here").format(version=m["version"], theirs=m["theirs"],
                                                ours=m["ours"])),
    (re.compile(r"this service has no computer players for (?P<game>.+) yet: every seat is "
                r"a person's"),
     lambda m: _("this service has no computer players for {game} yet: every seat is a "
                 "person's").format(game=m["game"])),
    (re.compile(r"this service has no computer players for (?P<game>.+) yet: start once a "
                r"friend sits at every open seat"),
     lambda m: _("this service has no computer players for {game} yet: start once a friend "
                 "sits at every open seat").format(game=m["game"])),
    (re.compile(r"this service speaks protocol (?P<theirs>\d+), not (?P<ours>\d+)"),
     lambda m: _("this service speaks protocol {theirs}, not {ours}").format(
         theirs=m["theirs"], ours=m["ours"])),
    (re.compile(r"it closed the connection"), lambda m: _("it closed the connection")),
    (re.compile(r"closed"), lambda m: _("closed")),
    (re.compile(r"say hello first"), lambda m: _("say hello first")),
    (re.compile(r"you sat at this seat from another terminal"),
     lambda m: _("you sat at this seat from another terminal")),
]


def service_words(english: str) -> str:
    """``english``, as the table service or its client said it, in the current language;
    as it is when its form is not known here."""
    return english if current().code == "en" else reworded(RULES, english)


def _limit_words(code: str, params: dict[str, str | int]) -> str | None:
    """A refusal of the service's limits (``too_many``, ``busy``, a line of talk's
    ``say_bad`` and ``say_too_fast``) from its details."""
    what, count = params.get("what"), params.get("count")
    if code == "too_many" and what == "waiting" and isinstance(count, int):
        minutes = params.get("minutes")
        words = ngettext("You already have {count} table waiting: start it first.",
                         "You already have {count} tables waiting: start one of them first.",
                         count).format(count=count)
        if isinstance(minutes, int):
            words += " " + ngettext(
                "A waiting table nobody is at closes after {minutes} minute.",
                "A waiting table nobody is at closes after {minutes} minutes.",
                minutes).format(minutes=minutes)
        return words
    if code == "too_many" and what == "tables" and isinstance(count, int):
        return ngettext("The service has {count} table already: no new table until one ends.",
                        "The service has {count} tables already: no new table until one "
                        "ends.", count).format(count=count)
    if code == "say_too_fast" and isinstance(count, int):
        seconds = params.get("seconds")
        if isinstance(seconds, int):
            return ngettext("At most {count} line in {seconds} seconds: wait a moment.",
                            "At most {count} lines in {seconds} seconds: wait a moment.",
                            count).format(count=count, seconds=seconds)
    if code == "say_bad" and isinstance(params.get("most"), int):
        return _("A line is 1 to {most} printable characters.").format(most=params["most"])
    if code == "busy":
        short = {"files": _("The service is short of open files just now"),
                 "space": _("The service is short of disk space just now"),
                 "memory": _("The service is short of memory just now")}.get(str(what))
        if short is not None:
            return short + ": " + _("no new table for a while (the tables in play go on).")
    return None


def refusal_words(code: str, message: str,
                  params: tuple[tuple[str, str | int], ...] = ()) -> str:
    """A refusal of the service (an ``error``'s code, English message and details) in the
    current language: from its details when they are known here, else as
    ``service_words`` words the message."""
    words = _limit_words(code, dict(params))
    return words if words is not None else service_words(message)
