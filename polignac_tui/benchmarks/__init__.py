"""Benchmarks whose output is quoted in the closing notes.

Run ``python -m polignac_tui.benchmarks NAME`` (``--help`` lists them). Each
benchmark is a module here with ``NAME`` (str), ``HELP`` (str) and
``run(argv: list[str]) -> int``; a game's own benchmarks are in its folder
(``games/<game>/benchmarks/``), found through the registry (``Game.benchmarks``).
"""
