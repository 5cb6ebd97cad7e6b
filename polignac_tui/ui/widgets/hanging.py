"""Lines that wrap under themselves: a list item's continuation is indented past its
head (``+1 Bruno: the point (3 or 4`` / ``   tricks)``), so that a wrapped reason reads as
part of its item, never as a line of its own."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

__all__ = ["Hanging", "hang", "indent_of"]


def indent_of(line: str, paragraphs: bool = False) -> int:
    """Where a wrapped ``line`` goes on: past its points (``+1``, ``-2``) for an item of
    points, two columns past its own indent otherwise (``paragraphs``: a line that starts
    at the margin goes on at the margin)."""
    stripped = line.lstrip(" ")
    lead = len(line) - len(stripped)
    if paragraphs and not lead:
        return 0
    head = stripped.split(" ", 1)[0]
    if len(head) > 1 and head[0] in "+-" and head[1:].isdigit():
        return lead + len(head) + 1
    return lead + 2


def hang(line: Text, width: int, console: Console, paragraphs: bool = False) -> list[Text]:
    """``line`` (one line, no newline) wrapped to ``width`` columns, its continuation
    indented (``indent_of``)."""
    if width <= 0 or line.cell_len <= width:
        return [line]
    first = line.wrap(console, width)[0]
    first.rstrip()
    end = len(first.plain.rstrip())
    rest = line[end:]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
    indent = min(indent_of(line.plain, paragraphs), width // 2)
    lines = [first]
    for part in rest.wrap(console, max(1, width - indent)):
        part.rstrip()
        lines.append(Text(" " * indent) + part)
    return lines


class Hanging:
    """A Rich renderable: ``text``'s lines each wrapped with a hanging indent at the
    width it is given (``paragraphs``: lines at the margin wrap at the margin)."""

    def __init__(self, text: Text, paragraphs: bool = False) -> None:
        self.text = text
        self.paragraphs = paragraphs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        out: list[Text] = []
        for line in self.text.split("\n", allow_blank=True):
            out.extend(hang(line, width, console, self.paragraphs))
        yield Text("\n").join(out)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    def __str__(self) -> str:
        return self.text.plain
