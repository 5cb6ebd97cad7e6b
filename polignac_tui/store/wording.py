"""The store's English words (kept in the index and in errors: language-free data) in the
current language, where they are shown: a session's state, a damaged file's reason.

The index keeps ``state`` and ``where`` as each game's summary writes them (English) and
a damaged file's reason as the file's reader words it; here each known form is matched
(a game's own first: ``Game.books.say_again``) and said again in the current language, its
names, numbers and cards kept. A form not known here is shown as it is.
"""

from __future__ import annotations

import re

from ..games.namewords import is_default_name, names_again
from ..games.namewords import label_words as label_words
from ..games.namewords import names_text as names_text
from ..i18n.reword import Rule, reworded, said_again
from ..i18n.translator import N_, _, current

SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def game_title(game: str) -> str:
    """A game's title, as the house writes it in every language ("Écarté")."""
    from ..games import get_game
    return get_game(game).title


def _games_say(kind: str, english: str, where: str = "") -> str | None:
    """``english`` said again by the game whose words it is (``Game.books.say_again``)."""
    from ..games import game_names, get_game
    for name in game_names():
        said = get_game(name).books.say_again(kind, english, where)
        if said is not None:
            return said
    return None


STATE_RULES: list[Rule] = [
    said_again(N_("finished, {result}"), words={"result": lambda r: result_words(r)}),
    said_again(N_("in play, deal {number} to be dealt"), {"number": r"\d+"}),
    said_again(N_("in play, your turn")),
    said_again(N_("in play, {name}'s turn")),
]

_WON = {"value": r"\d+"}
RESULT_RULES: list[Rule] = [
    *(said_again(form, _WON, {"name": names_again}) for form in (
        N_("{name} won a treble game"), N_("{name} won a double game"),
        N_("{name} won a single game"), N_("{name} won the partie, worth {value}"),
        N_("{name} won by {value}"))),
    said_again(N_("the partie was drawn")),
    said_again(N_("nobody won")),
]


def result_words(english: str) -> str:
    """How a finished Écarté or Piquet session ended (``gamesummary.result``) in the
    current language; as it is when its form is not known here."""
    return reworded(RESULT_RULES, english)


def state_words(english: str) -> str:
    """A session's state (``Summary.state``) in the current language."""
    return _said("state", STATE_RULES, english)


def _said(kind: str, rules: list[Rule], english: str) -> str:
    """``english`` (of ``kind``) in the current language: as a game says it, else by
    ``rules``, else as it is."""
    if current().code == "en":
        return english
    own = _games_say(kind, english)
    return own if own is not None else reworded(rules, english)


def _card(text: str) -> str:
    from ..games.cards import DECK as FULL_DECK
    from ..games.cardwords import glyph
    code = ("T" + text[2:]) if text.startswith("10") else text
    return glyph(code, True) if code in FULL_DECK else text


def _reason(english: str) -> str:
    """A rule's refusal as a file's reader quotes it, in the current language."""
    match = re.fullmatch(r"(?P<card>\w{2,3}): you must follow (?P<suit>\w+): you hold an? \w+",
                         english)
    if match and match["suit"] in SUIT_WORDS:
        from ..games.cardwords import suit_symbol
        return _("{card}: you must follow {suit}").format(
            card=_card(match["card"]), suit=suit_symbol(SUIT_WORDS[match["suit"]]))
    match = re.fullmatch(r"(?P<card>\w{2,3}) is not in the hand of seat (?P<seat>\d+)",
                         english)
    if match:
        return _("{card} is not in the hand of seat {seat}").format(
            card=_card(match["card"]), seat=match["seat"])
    return file_error_text(english)


_DEAL = {"deal": r"\d+", "play": r"\d+", "card": r"[^) ]+", "name": r"[^)]+"}
_SESSION = {"id": r"\S+"}
FILE_RULES: list[Rule] = [
    said_again(N_("cannot read the file: {why}")),
    said_again(N_("too large for a session file (over {mb} MB)"), {"mb": r"\d+"}),
    said_again(N_("not a text file (not UTF-8)")),
    said_again(N_("not valid TOML: {detail}")),
    said_again(N_("missing format = 1 (is this a polignac-tui session file?)")),
    said_again(N_("unknown format {format} (this version reads format {number})"),
               {"number": r"\d+"}),
    said_again(N_("unknown key {key}")),
    said_again(N_("missing [rules] table")),
    said_again(N_("deal {deal}, play {play} ({card} by {name}): {why}"), _DEAL,
               {"card": _card, "why": _reason}),
    said_again(N_("deal {deal}, play {play} ({card}): {why}"), _DEAL,
               {"card": _card, "why": _reason}),
    said_again(N_("deal {deal}: {why}"), _DEAL, {"why": _reason}),
    said_again(N_("session {id} is already open in another polignac-tui ({pid}); close it "
                  "there first"), {**_SESSION, "pid": r"[^)]*"}),
    said_again(N_("session {id} is played at a served table: join it with "
                  "`polignac-tui join`"), _SESSION),
    said_again(N_("session {id} is already open in this polignac-tui"), _SESSION),
    said_again(N_("session {id} is unreadable ({why}); damaged files are left untouched: "
                  "move or remove {path} yourself"), _SESSION,
               {"why": lambda w: file_error_text(w)}),
    (re.compile(r"session (?P<id>\S+) is finished; nothing left to play "
                r"\(see polignac-tui show (?P<again>\S+)\)"),
     lambda m: _("session {id} is finished; nothing left to play (see polignac-tui show {id})"
                 ).format(id=m["id"])),
    said_again(N_("no saved session {id} (see polignac-tui list)"), _SESSION),
    said_again(N_("session {id} cannot be resumed: {why}"), _SESSION,
               {"why": lambda w: file_error_text(w)}),
    (re.compile(r"file: id must be at most (?P<most>\d+) printable characters"),
     lambda m: _("the id in the file must be at most {most} printable characters").format(
         most=m["most"])),
    (re.compile(r"player (?P<n>\d+): name must be at most (?P<most>\d+) printable characters, "
                r"not (?P<length>[\d,]+)"),
     lambda m: _("player {number}: the name must be at most {most} printable characters, "
                 "not {length}").format(number=m["n"], most=m["most"],
                                        length=m["length"].replace(",", ""))),
    (re.compile(r"player (?P<n>\d+): name must be at most (?P<most>\d+) printable characters: "
                r"character (?P<index>\d+) \((?P<char>.+)\) is not printable"),
     lambda m: _("player {number}: the name must be at most {most} printable characters: "
                 "character {index} ({char}) is not printable").format(
         number=m["n"], most=m["most"], index=m["index"], char=m["char"])),
    said_again(N_("{where}: missing key {key}"), {"where": r"[a-z_\[\]0-9 .]+"}),
]


def file_error_text(english: str) -> str:
    """Why a session file cannot be read (``SessionFileError``), in the current language;
    as it is when its form is not known here."""
    return _said("file", FILE_RULES, english)


_WHERE = re.compile(r"deal (?P<n>\d+)(?: of (?P<of>\d+)|, limit (?P<limit>\d+)|, to (?P<to>\d+))?"
                    r"(?P<rest>.*)")
def where_words(english: str) -> str:
    """Where a session stands (``Summary.where``, long or short) in the current
    language."""
    yours = re.fullmatch(r"(?P<head>.+), (?P<name>.+) to play", english)
    if yours and is_default_name(yours["name"]):      # the app's "You", "Toi", "Tu"
        return _("{where}, your turn").format(where=where_words(yours["head"]))
    if current().code == "en":
        return english
    own = _games_say("where", english)
    if own is not None:
        return own
    finished = english.startswith("finished: ")
    result = english.removeprefix("finished: ")
    if any(pattern.fullmatch(result) for pattern, _word in RESULT_RULES):
        line = result_words(result)
        return _("finished: {what}").format(what=line) if finished else line
    match = _WHERE.fullmatch(english)
    if not match:
        return english
    if match["of"]:
        where = _("deal {number} of {limit}").format(number=match["n"], limit=match["of"])
    elif match["limit"]:
        where = _("deal {number}, limit {limit}").format(number=match["n"],
                                                        limit=match["limit"])
    elif match["to"]:
        where = _("deal {number}, to {target}").format(number=match["n"], target=match["to"])
    else:
        where = _("deal {number}").format(number=match["n"])
    rest = match["rest"]
    if not rest:
        return where
    if rest == " over":
        return _("{where} over").format(where=where)
    if rest == " over, the next deal is to be dealt":
        return _("{where} over, the next deal is to be dealt").format(where=where)
    if rest == ", to be dealt":
        return _("{where}, to be dealt").format(where=where)
    own = _games_say("clause", rest, where)
    if own is not None:
        return own
    clause = re.fullmatch(r", (?P<name>.+) to play", rest)
    if clause:
        return _("{where}, {name} to play").format(where=where, name=clause["name"])
    return english
