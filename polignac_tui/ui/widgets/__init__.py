"""Widgets of the table screen: hand, trick, score table, rules panel, trick log."""
