"""Polignac's own benchmarks: its computer players' strength (``bots``), one autosave of
a long session (``autosave``) and the replay of a long session file (``replay``).

Tools run by hand, like the house's (``python -m polignac_tui.benchmarks NAME``, which
finds them through ``Game.benchmarks``): each module has ``NAME``, ``HELP`` and
``run(argv) -> int``. They may write files and time things, so the games' purity test
passes over this folder as it passes over ``tui/``.
"""
