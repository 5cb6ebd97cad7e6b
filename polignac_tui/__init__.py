"""polignac-tui: the French card game Polignac (Quatre Valets) in the terminal."""

__version__ = "0.1.0"
