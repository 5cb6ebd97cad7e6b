"""Overlays that let the table show through, dimmed.

An app stylesheet rule ``Screen { background: ... }`` outranks any widget's
``DEFAULT_CSS``, so the see-through background is set as an inline style.
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.color import Color
from textual.screen import ModalScreen, Screen, ScreenResultType


class DismissedOnce(Screen[ScreenResultType]):
    """A screen whose ``dismiss`` does nothing unless it is on top. Textual's pops
    whichever screen is on top, so a second key reaching a screen already dismissed
    (keys faster than screens switch, e.g. ``t t``) closed the table behind it (F34)."""

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete()
        return super().dismiss(result)


class DimmedModal(DismissedOnce[ScreenResultType], ModalScreen[ScreenResultType]):
    """A modal screen whose background is the theme's, at ``DIM`` opacity."""

    DIM = 0.6

    def on_mount(self) -> None:
        variables = self.app.get_css_variables()
        try:
            colour = Color.parse(variables.get("background", "black"))
        except Exception:  # an odd theme value: plain black
            colour = Color(0, 0, 0)
        self.styles.background = colour.with_alpha(self.DIM)
