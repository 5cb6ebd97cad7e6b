"""Piquet's declarations as a dialogue at the table (RULES-piquet.md §4), read from a
seat's view alone (so the same after a resume): the elder's calls one kind at a time,
the younger's answer to each ("Good", "Not good: point of six (52)", "Equal"), then the
younger's own combinations where the elder called none; one speaker a line.

What the elder may not know yet stays out: before his first lead his view holds the
younger's answers but not her combinations, so he reads "Not good." and, once he has
led, "Not good: point of six (52)."

Each line has its place in the order it is said (``Line.order``): the calls first, then
the answers, then the younger's own combinations. A screen that tells the dialogue a
line at a time shows the lines whose place is under its count; a line the view adds later
(an answer, or her combinations after the lead) never moves one already shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from ....i18n import _
from ....ui.textfmt import assemble
from ...base import JSON, View
from ..rules import KINDS
from ..words import answer_words, combination_words, nothing_words

# The panel's text is wrapped here (its 34 columns less a border and a margin each
# side), a continuation indented under its first line.
WIDTH = 31
_MEASURE = Console(width=WIDTH, color_system=None, force_terminal=False)


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence of the dialogue: who says it, the words, its place in time."""

    seat: int
    words: str
    order: int


def declared_of(part: Mapping[str, JSON], seat: int) -> dict[str, Mapping[str, JSON]] | None:
    """``seat``'s declared combinations by kind as the view shows them (None: not
    declared yet, or not to be seen yet)."""
    declared = part.get("declared")
    if not isinstance(declared, list) or not 0 <= seat < len(declared):
        return None
    mine = declared[seat]
    if not isinstance(mine, list):
        return None
    return {str(d["kind"]): d for d in mine if isinstance(d, dict) and "kind" in d}


def said_of(kind: str, item: Mapping[str, JSON]) -> str:
    """A declared combination (the view's JSON form) as its owner says it."""
    parts = item.get("parts")
    first = parts[0] if isinstance(parts, list) and parts else []
    cards = [str(c) for c in first] if isinstance(first, list) else []
    key = item.get("key")
    pair = (int(str(key[0])), int(str(key[1]))) if isinstance(key, list) and len(key) == 2 \
        else (len(cards), 0)
    return combination_words(kind, cards, pair)


def dialogue(view: View) -> list[Line]:
    """The declarations said so far in ``view``'s deal, in reading order."""
    part = view.game_part
    elder, younger = part.get("elder"), part.get("younger")
    if not isinstance(elder, int) or not isinstance(younger, int):
        return []
    calls = declared_of(part, elder)
    if calls is None:
        return []
    hers = declared_of(part, younger)
    answers = part.get("answers")
    said = answers if isinstance(answers, dict) else {}
    called = [kind for kind in KINDS if kind in calls]
    answered = [kind for kind in called if isinstance(said.get(kind), str)]
    own = [kind for kind in KINDS if hers is not None and kind in hers and kind not in calls]
    lines: list[Line] = []
    if not called:
        lines.append(Line(elder, nothing_words(), 0))
    for kind in KINDS:
        if kind in calls:
            lines.append(Line(elder, said_of(kind, calls[kind]), called.index(kind)))
            if kind in answered:
                answer = str(said[kind])
                theirs = hers.get(kind) if hers is not None else None
                words = answer_words(answer, None if theirs is None else said_of(kind, theirs))
                lines.append(Line(younger, words, len(called) + answered.index(kind)))
        elif kind in own:
            assert hers is not None
            lines.append(Line(younger, said_of(kind, hers[kind]),
                              max(len(called), 1) + len(answered) + own.index(kind)))
    if hers == {} and not called:
        lines.append(Line(younger, nothing_words(), 1))
    return lines


def hang(text: Text, indent: int = 2, width: int = WIDTH) -> Text:
    """``text`` wrapped to ``width`` columns, every line after the first indented by
    ``indent`` so that it reads as part of the one above."""
    if text.cell_len <= width:
        return text
    lines = text.wrap(_MEASURE, width - indent)
    return Text("\n" + " " * indent).join(lines)


def dialogue_text(view: View, who: Mapping[int, str], shown: int | None = None) -> list[Text]:
    """The dialogue's lines as the panel shows them: ``Ana: Point of five (47).``, the
    speaker in bold, wrapped lines indented; only the lines whose place is under
    ``shown`` (None: all)."""
    found: list[Text] = []
    for line in dialogue(view):
        if shown is not None and line.order >= shown:
            continue
        found.append(hang(assemble(_("{who}: {words}."), who=Text(who[line.seat],
                                                                     style="bold"),
                                   words=line.words)))
    return found


__all__ = ["Line", "declared_of", "dialogue", "dialogue_text", "hang", "said_of"]
