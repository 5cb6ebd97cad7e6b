"""English sentences said again in the current language by their form: a rule is a
pattern the whole sentence matches and the words the match becomes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def reworded(rules: Iterable[Rule], english: str) -> str:
    """``english`` by the first of ``rules`` its whole text matches; as it is else."""
    for pattern, word in rules:
        match = pattern.fullmatch(english)
        if match:
            return word(match)
    return english
