"""English sentences said again in the current language by their form: a rule is a
pattern the whole sentence matches and the words the match becomes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from .translator import tr

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def reworded(rules: Iterable[Rule], english: str) -> str:
    """``english`` by the first of ``rules`` its whole text matches; as it is else."""
    for pattern, word in rules:
        match = pattern.fullmatch(english)
        if match:
            return word(match)
    return english


def said_again(template: str, parts: Mapping[str, str] | None = None,
               words: Mapping[str, Callable[[str], str]] | None = None) -> Rule:
    """The rule of a sentence whose English is its msgid ``template`` (marked with ``N_``):
    each ``{part}`` matches ``.+`` (or its pattern in ``parts``) and is kept as it is (or
    said again by its function in ``words``)."""
    pieces = re.split(r"\{(\w+)\}", template)
    pattern = "".join(re.escape(piece) if i % 2 == 0
                      else f"(?P<{piece}>{(parts or {}).get(piece, '.+')})"
                      for i, piece in enumerate(pieces))
    said = words or {}

    def word(match: re.Match[str]) -> str:
        return tr(template).format(**{name: said[name](text) if name in said else text
                                      for name, text in match.groupdict().items()})

    return re.compile(pattern), word
