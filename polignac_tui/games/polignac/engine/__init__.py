"""The rules of Polignac, pure: no Textual, no I/O, randomness passed in."""

from .cards import Card, deck, glyph, hand_size, parse_card
from .deal import Action, Deal, Declare, Happening, Play, Trick, legal_cards, trick_winner
from .errors import ReplayError, RuleError
from .happenings import DealEnded, SessionEnded
from .names import (
    CHELEM_MODES,
    DIRECTIONS,
    END_MODES,
    KINDS,
    LEVELS,
    PHASES,
    PRESET_NAMES,
    SEVENS,
    ChelemMode,
    DealPhase,
    Direction,
    EndMode,
    Level,
    Phase,
    PlayerKind,
    PresetName,
    Sevens,
    one_of,
)
from .rules import Rules, preset
from .session import Player, Session
from .view import DealResult, SeatView

__all__ = [
    "CHELEM_MODES",
    "DIRECTIONS",
    "END_MODES",
    "KINDS",
    "LEVELS",
    "PHASES",
    "PRESET_NAMES",
    "SEVENS",
    "Action",
    "Card",
    "ChelemMode",
    "Deal",
    "DealEnded",
    "DealPhase",
    "DealResult",
    "Declare",
    "Direction",
    "EndMode",
    "Happening",
    "Level",
    "Phase",
    "Play",
    "Player",
    "PlayerKind",
    "PresetName",
    "ReplayError",
    "RuleError",
    "Rules",
    "SeatView",
    "Session",
    "SessionEnded",
    "Sevens",
    "Trick",
    "deck",
    "glyph",
    "hand_size",
    "legal_cards",
    "one_of",
    "parse_card",
    "preset",
    "trick_winner",
]
