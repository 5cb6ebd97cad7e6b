"""Polignac's own UI: its dialogs (la générale, the deal summary, the cognac moment), its
widgets (the rules panel, the score marks, the header, the trick log), its replay and its
words, reached by the house's shared screens through ``FACE`` (``ui/gameface.py``)."""

from .face import FACE

__all__ = ["FACE"]
