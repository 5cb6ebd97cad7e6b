"""What the house's shared screens ask of each game: its words and its panel at the table,
its own dialogs and panels elsewhere.

Each game draws its own part in ``games/<game>/tui`` (the only place under ``games/``
that may draw): a ``FACE``, a ``GameFace`` of its own. The table screen
(``screens.table``) speaks through it only, so a game adds its words, never a
branch of the screen; so do the help (a game's dialogs), the Rules screen (its
rulebook), the replay (its review's reasons), Statistics (its columns), Home (its line), the
card faces (a card's mark) and the screenshots (its scenes). ``GameFace`` holds the
defaults of a game with none of these.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from rich.cells import cell_len
from rich.text import Text

from ..games.base import Gathered, View
from ..games.events import Scored
from ..games.settings import CUSTOM
from ..i18n import N_, _, pgettext, tr
from .cardtext import CardLook, inline

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen
    from textual.widget import Widget

    from ..table.gameevents import GameHint
    from .widgets.trick import TrickArea, TrickAreaSeen

# A screen in the help: (title, module, class name, keys handled by widgets inside); the
# module under ``polignac_tui.ui`` (``screens.home``) or a full name (a game's own).
HelpEntry = tuple[str, str, str, tuple[tuple[str, str], ...]]
# The key of the button that says the words marked for a verb (Piquet's "Declare"), in
# every game and language: the table's footer names it beside Enter.
CONFIRM_KEY = "d"

# The house's words for what no game names: a preset of the person's own choosing (each
# game's presets, settings and values are in its FACE's ``preset_words``, ``setting_words``
# and ``value_words``).
HOUSE_PRESET_WORDS = {CUSTOM: N_("Custom")}


def preset_words(face: GameFace, name: str) -> str:
    """A preset's title: the game's own words, or the house's."""
    return face.preset_title(name) or tr(HOUSE_PRESET_WORDS.get(name, name))


def short_preset(face: GameFace, name: str) -> str:
    """A preset's title as a header or a list says it, without its country
    ("Classique (FR)" → "Classique")."""
    return preset_words(face, name).split(" (")[0]


# Columns of a name in a game's side column (a name may have 24).
SHORT_NAME = 12

#: a part of the table's header: (its words, its style, its importance: when the line is
#: short of room the least important part goes first)
HeaderPart = tuple[str, str, int]
#: the expert's advice for the seat asked (a question before the first card offers it)
HintSource = Callable[[], Awaitable["GameHint | None"]]


@dataclass(frozen=True, slots=True)
class Question:
    """A question a game asks before the first card (a declaration): its dialog and
    the action its answer is (None: the person left the table, the question waits)."""

    screen: Screen[Any]
    action: Callable[[Any], str | None]


class SidePanel(Protocol):
    """The scores at a game's table (``widgets.scoresheet.ScoreSheet``), open full over
    the table with ``s``: ↑/↓ choose a finished deal in them, Enter or p replays it. A
    game's own (Polignac's score table) is its side column too (``in_column``)."""

    @property
    def full(self) -> bool: ...
    @property
    def chosen(self) -> int | None: ...
    @property
    def in_column(self) -> bool: ...
    def show(self, view: View, look: CardLook) -> None: ...
    def set_wide(self, wide: bool) -> None: ...
    def toggle(self) -> bool: ...
    def choose(self, step: int) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Seating:
    """Who is who in a sentence: ``you`` is the seat of the one person at the keyboard
    (None with two people at one keyboard, or watching: every seat by its name)."""

    names: tuple[str, ...]
    you: int | None = None

    def who(self, seat: int, capital: bool = True) -> str:
        if seat == self.you:
            return pgettext("a seat", "You") if capital else pgettext("a seat", "you")
        return self.names[seat]

    def short(self, seat: int, width: int = SHORT_NAME, ascii: bool = False) -> str:
        """``who`` in ``width`` columns at most, cut with an ellipsis (the side column's
        lines keep to one row each, whatever the names)."""
        name = self.who(seat)
        if cell_len(name) <= width:
            return name
        mark = "." if ascii else "…"
        while name and cell_len(name + mark) > width:
            name = name[:-1]
        return name + mark

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.you


class GameFace(ABC):
    """A game's words and drawing for the shared table screen, and its own dialogs and
    panels for the house's other shared screens (help, rules, settings, saved, Home):
    each member as a game with none of its own has it, the abstract ones said by every
    game."""

    #: the game's own dialogs in the help, each run after the shared entry (by class
    #: name) it follows
    help_screens: Mapping[str, tuple[HelpEntry, ...]] = {}
    #: the game's line under Home's title ("": none)
    tagline = ""
    #: the Rules screen's numbers of players, and the one it starts with
    players: tuple[int, ...] = (2,)
    default_players = 2
    #: the questions the table asks for the game besides a card, each as (its words in
    #: English, the key answering it so that the deal goes on): a scripted player's
    #: answers (the doors benchmark)
    questions: tuple[tuple[str, str], ...] = ()

    @property
    def screens(self) -> Mapping[str, type[Screen[None]]]:
        """The game's own screens by class name (the help lists their keys; a door's
        zygote imports them before it forks)."""
        return {}

    #: the game's presets, settings and their choices' values in words, each a msgid
    #: marked with ``N_`` (translated when shown): the New session form, the rules
    preset_words: Mapping[str, str] = {}
    setting_words: Mapping[str, str] = {}
    value_words: Mapping[str, str] = {}

    def preset_title(self, name: str) -> str | None:
        """A preset's title in words, None for no preset of the game's own."""
        return tr(self.preset_words[name]) if name in self.preset_words else None

    def rules_presets(self) -> list[tuple[str, str]]:
        """(title, name) of each preset the Rules screen can show the rulebook of."""
        return []

    def rules_panel(self, name: str, players: int, ascii: bool) -> Widget | None:
        """The rulebook of preset ``name`` at ``players`` players (None: none)."""
        return None

    def setting_label(self, name: str) -> str:
        """A setting's name on the New session form (``Points to win``)."""
        return tr(self.setting_words[name]) if name in self.setting_words else name

    def value_label(self, value: object) -> str:
        """A setting's value in words: on/off, a choice's words, a number."""
        if isinstance(value, bool):
            return _("on") if value else _("off")
        if isinstance(value, str) and value in self.value_words:
            return tr(self.value_words[value])
        return str(value)

    #: the settings the New session form keeps behind More settings (m), so that its first
    #: screen holds the seats of a game for many (the others: on the first screen)
    form_more: tuple[str, ...] = ()

    def describe_setting(self, name: str, value: object) -> str:
        """A setting and its value in words (``Limit: 30``): what the New session form
        says a change from the preset is."""
        return _("{setting}: {value}").format(setting=self.setting_label(name),
                                              value=self.value_label(value))

    def scenes(self) -> ModuleType | None:
        """The game's own scenes for the house's screenshots (``ui/screenshots.py``)."""
        return None

    def card_mark(self, card: str) -> str | None:
        """The mark a card's face carries in this game (None: none)."""
        return None

    def stats_columns(self) -> tuple[tuple[str, str], ...]:
        """The Statistics table's columns after the player's name: (title, key)."""
        return ()

    def stats_row(self, stats: object) -> tuple[object, ...]:
        """A player's cells under those columns, from the store's statistics of them."""
        return ()

    def stats_note(self, sessions: str) -> str:
        """The line under the table: ``sessions`` (how many were counted) and what the
        game's own columns count."""
        return sessions

    def stats_summary(self, count: int) -> str | None:
        """The line under the table over ``count`` finished sessions, wholly in the
        game's words (None: the house's line, ending with ``stats_note``)."""
        return None

    @property
    @abstractmethod
    def side_width(self) -> int:
        """Columns of the side column (the game's panel) at 80 columns."""

    def word_label(self, word: str) -> str:
        """A word the seat may say, as its button: ``I propose``, ``Look at the talon``."""
        return word

    @abstractmethod
    def verb_label(self, verb: str) -> str:
        """The button that confirms ``verb`` with the words toggled (``Declare``)."""

    def word_key(self, word: str) -> str:
        """The key a word's button always has, in every deal and language (``""``: one
        chosen from its label). The confirming button (``"=" + verb``) takes the table's
        ``CONFIRM_KEY`` whatever this says: the footer names that key for every game."""
        return ""

    def toggle_label(self, word: str, view: View, on: bool) -> str:
        """A word toggled for a verb, as its button in ``view`` (``on``: toggled): what
        the seat would say (Piquet's ``Point of five (47)``)."""
        return self.word_label(word)

    def toggled_first(self, view: View) -> frozenset[str]:
        """The words of a verb toggled when its choice comes (Piquet: what its owner
        would declare to his gain)."""
        return frozenset()

    def talk_lines(self, view: View) -> int:
        """How many lines of talk the panel holds in ``view`` (Piquet's declarations),
        told one at a time by the screen through ``panel``'s ``answered``."""
        return 0

    def talk_speakers(self, view: View) -> tuple[int, ...]:
        """Who says each line of that talk, in the order it is told (the lines the
        screen's own seat said are shown at once: he knows what he said)."""
        return ()

    @abstractmethod
    def said(self, action: str, who: str) -> str:
        """A ``Said`` action worded as a sentence: ``Bruno proposes.``."""

    def shown_note(self, reason: str, who: str) -> str | None:
        """Cards ``who`` showed for ``reason`` (a ``Shown``), worded as a note for
        everyone (Piquet's carte blanche); None: nothing to note."""
        return None

    @abstractmethod
    def reason(self, reason: str) -> str:
        """A ``Scored`` reason code in words: ``the vole``, ``repique``."""

    @abstractmethod
    def refusal(self, code: str, params: Mapping[str, str | int], look: CardLook) -> Text | None:
        """A refusal's rule code worded (None: the table's own sentence is shown)."""

    @abstractmethod
    def prompt(self, view: View, look: CardLook) -> str | Text:
        """What the seat to act (the person here) is asked now, after "Your turn"."""

    @abstractmethod
    def ledger(self, view: View) -> tuple[Scored, ...]:
        """The points of the deal in view as this seat was told them, in order (from the
        view alone: the same after a resume)."""

    def panel(self, view: View, look: CardLook, seating: Seating,
              answered: int | None = None) -> Text:
        """The game's own lines (the side column); ``answered``: how many answers to the
        declarations are said so far (None: all of them), so that they come one at a
        time."""
        return Text()

    @abstractmethod
    def outcome(self, view: View, seating: Seating) -> Text:
        """The end of the match: who won, its value, the game's own words."""

    def hint_reason(self, why: str, params: Mapping[str, str | int]) -> str:
        """A hint's reason code in words (``""``: none to say)."""
        return ""

    def review_reason(self, why: str, params: Mapping[str, str | int],
                      names: tuple[str, ...], ascii: bool) -> str:
        """The expert's reason for its choice in a review (``games.review``'s ``Step``), in
        words (``""``: none to say); ``names``: the seats a reason may name."""
        return self.hint_reason(why, params)

    def rules_items(self, values: Mapping[str, object]) -> list[tuple[str, str]]:
        """The game's rulebook at its table, with ``values`` (the session's settings) in
        force: ("head", a heading) and ("line", an item under it), in order."""
        return []

    # -- the table's own moments and parts (``screens.table``) ---------------------
    #: True when the header carries the totals (the side column does not show them)
    totals_in_header = True

    def rule_values(self, view: View) -> dict[str, object]:
        """The session's settings as ``view`` tells them, and its preset (``preset``)."""
        return {}

    def sheet_note(self, view: View) -> str | None:
        """A line under the score sheet while the match goes on (how it ends)."""
        return None

    def chart_limit(self, view: View) -> int | None:
        """The total the score chart marks (a point limit), None for none."""
        return None

    def deals_to_play(self, view: View) -> int | None:
        """How many deals the match has when it ends after a number of them (None: it
        ends otherwise): the header says ``Deal 2 of 6``."""
        return None

    def header_parts(self, view: View, seating: Seating,
                     preset: str) -> tuple[HeaderPart, ...]:
        """The game's parts of the table's header (those of importance 2 or less before
        the deal, the others after its dealer): the preset (``preset``: the table's, as
        its client knows it; "" unknown), how the match ends, a declaration in force."""
        # the first part to go when the line is short (the game's name stays)
        return ((short_preset(self, preset), "", -1),) if preset else ()

    def trick_area(self) -> TrickArea:
        """The seats round the trick, as the game draws them."""
        from .gamedraw import GameTrickArea
        return GameTrickArea(id="trick")

    def table_seen(self, view: View, seat: int, humans: tuple[bool, ...]) -> TrickAreaSeen:
        """What ``trick_area`` draws of ``view`` for ``seat`` at the bottom."""
        from .gamedraw import seat_view_of
        return seat_view_of(view, seat, humans, view.phase == "play")

    def side_panel(self) -> SidePanel | None:
        """The game's own scores as its side column, a ``ScoreSheet`` drawing its column
        and its full sheet (None: the panel of ``panel``'s lines in the column, and the
        house's score sheet, ``sheet_note`` and ``outcome`` under it, opened with s)."""
        return None

    def centre(self, view: View, held: Gathered | None, seating: Seating,
               look: CardLook) -> Text | None:
        """The words in the middle of the table: the trick ``held`` on show, who won it
        and what (None: the house's words), or between tricks the game's (None: none)."""
        return None

    def status_note(self, view: View, seating: Seating, look: CardLook) -> Text | None:
        """A note before whose turn it is (a declaration that failed, the last trick
        worth a look), None for none."""
        return None

    def first_card(self, view: View) -> str | None:
        """The card the cursor rests on when the seat's turn comes (None: the first
        playable)."""
        return None

    def question(self, view: View, hint: HintSource, look: CardLook) -> Question | None:
        """The game's own question for the seat to act before the first card (a
        declaration), None when its choice is asked at the table."""
        return None

    def deal_summary(self, view: View, look: CardLook, seating: Seating) -> RenderableType | None:
        """The deal-over box's body in the game's words (None: the house's, the points of
        the deal)."""
        return None

    def match_summary(self, view: View, look: CardLook, seating: Seating,
                      served: bool) -> RenderableType | None:
        """The end-of-match box's body in the game's words (None: the house's)."""
        return None

    def table_rules(self, view: View, ascii: bool) -> Screen[None] | None:
        """The rules of the session at the table (r) as the game shows them (None: the
        house's, from the described settings)."""
        return None


#: the name the games' FACEs subclass (``games/<game>/tui``)
HouseParts = GameFace


def face_of(game: str) -> GameFace:
    """The ``FACE`` of ``game`` (``games/<game>/tui``)."""
    module = import_module(f"polignac_tui.games.{game}.tui")
    face = module.FACE
    return face  # type: ignore[no-any-return]


def cards_text(cards: tuple[str, ...] | list[str], look: CardLook) -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(inline(card, look, brackets=False))
    return text


def points_text(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def points_line(points: int, who: str, reason: str, width: int = 0) -> Text:
    """One item of the points of a deal: ``+1 Bruno: the king of trumps`` (the reason
    dim; each language's own punctuation: ``+1 Bruno : le roi d'atout``); the points
    right-aligned in ``width`` columns, so that a list's "+5" stands under its "+15"."""
    from .textfmt import assemble
    return assemble(_("{points} {who}: {reason}"), points=points_text(points).rjust(width),
                    who=who, reason=Text(reason, style="dim"))


__all__ = ["HOUSE_PRESET_WORDS", "GameFace", "HeaderPart", "HelpEntry",
           "HintSource", "HouseParts", "Question", "Seating", "SidePanel", "cards_text",
           "face_of", "points_line", "points_text", "preset_words"]
