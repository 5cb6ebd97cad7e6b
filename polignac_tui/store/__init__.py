"""Saved sessions: the file format and the folder they live in."""
