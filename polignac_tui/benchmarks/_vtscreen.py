"""A tiny terminal screen: enough of VT100 to read what Textual draws on a terminal.

Textual (with autowrap off) draws with cursor positioning (``ESC [ row ; col H``), colours
(``ESC [ … m``), carriage returns and line feeds; everything else it sends (modes, titles,
queries) changes nothing on the screen and is skipped. Fed the bytes an SSH client receives,
``Screen`` holds the characters a player sees, so a benchmark can tell when a card appears.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

_SEQUENCE = re.compile(
    r"\x1b(?:\[(?P<params>[0-9;?<>=$]*)(?P<inter>[ -/]*)(?P<final>[@-~])"
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][A-Z0-9]|[^\[\]()])")
_INCOMPLETE = re.compile(r"\x1b(?:\[[0-9;?<>=$ -/]*|\][^\x07\x1b]*(?:\x1b)?|[()])?\Z")


class Screen:
    """``rows`` lines of ``columns`` cells, updated by ``feed``."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""      # an escape sequence cut by the end of a chunk

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        cut = _INCOMPLETE.search(text)
        self._pending = text[cut.start():] if cut and cut.group(0) else ""
        if self._pending:
            text = text[:cut.start()] if cut else text
        position = 0
        for match in _SEQUENCE.finditer(text):
            self._write(text[position:match.start()])
            if match.group("final") is not None and not match.group("inter"):
                self._control(match.group("params") or "", match.group("final"))
            position = match.end()
        self._write(text[position:])

    def _control(self, params: str, final: str) -> None:
        if params.startswith(("?", "<", ">", "=")):
            return
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        if final in "Hf":
            row = numbers[0] if numbers else 1
            column = numbers[1] if len(numbers) > 1 else 1
            self.row = min(max(row, 1), self.rows) - 1
            self.column = min(max(column, 1), self.columns) - 1
        elif final == "J" and (numbers or [0])[0] == 2:
            self.cells = [[" "] * self.columns for _ in range(self.rows)]
        elif final == "K":
            mode = (numbers or [0])[0]
            line = self.cells[self.row]
            start, end = {0: (self.column, self.columns), 1: (0, self.column + 1)}.get(
                mode, (0, self.columns))
            line[start:end] = [" "] * (end - start)

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.column = 0
            elif char == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif char >= " ":
                if unicodedata.combining(char):
                    continue
                wide = unicodedata.east_asian_width(char) in "WF"
                if self.column < self.columns:
                    self.cells[self.row][self.column] = char
                    if wide and self.column + 1 < self.columns:
                        self.cells[self.row][self.column + 1] = ""
                self.column = min(self.column + (2 if wide else 1), self.columns)

    def lines(self) -> list[str]:
        """The screen as text, one string per row (a wide character stands for two cells)."""
        return ["".join(line).rstrip() for line in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())
