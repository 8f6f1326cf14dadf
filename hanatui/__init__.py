"""hanatui: the hanafuda card table for the terminal (the app, CLI, files and bots)."""

__version__ = "0.1.0"
