"""A translated sentence with styled pieces in it: ``assemble(_("{name} wins with {card}"),
name="Denis", card=inline(...))`` keeps each piece's style and the sentence whole, so that
each language orders its own words."""

from __future__ import annotations

import re

from rich.text import Text

PLACE = re.compile(r"\{(\w+)\}")


def assemble(template: str, style: str = "", /, **parts: Text | str) -> Text:
    """``template`` with each ``{name}`` replaced by ``parts[name]`` (a ``Text`` keeps its
    styles); the words between take ``style``."""
    text = Text()
    position = 0
    for match in PLACE.finditer(template):
        text.append(template[position:match.start()], style=style)
        part = parts[match.group(1)]
        if isinstance(part, Text):
            text.append_text(part)
        else:
            text.append(part, style=style)
        position = match.end()
    text.append(template[position:], style=style)
    return text


def level_name(level: str) -> str:
    """A computer player's level in the current language."""
    from ..i18n import _
    return {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"),
            "expert": _("expert")}.get(level, level)
