"""The rules of Polignac, pure: no Textual, no I/O, randomness passed in."""

from .cards import Card, deck, glyph, hand_size, parse_card
from .deal import Action, Deal, Declare, Play, Trick, legal_cards, trick_winner
from .errors import RuleError
from .rules import PRESET_NAMES, Rules, preset
from .session import KINDS, LEVELS, Player, Session
from .view import DealResult, SeatView

__all__ = [
    "KINDS",
    "LEVELS",
    "PRESET_NAMES",
    "Action",
    "Card",
    "Deal",
    "DealResult",
    "Declare",
    "Play",
    "Player",
    "RuleError",
    "Rules",
    "SeatView",
    "Session",
    "Trick",
    "deck",
    "glyph",
    "hand_size",
    "legal_cards",
    "parse_card",
    "preset",
    "trick_winner",
]
