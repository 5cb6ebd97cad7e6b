"""Écarté's own benchmarks (``Game.benchmarks``), each run by its name:
``python -m polignac_tui.benchmarks NAME``."""
