"""The table service: every open table of a server, its protocol, and its doors (SSH, web)."""
