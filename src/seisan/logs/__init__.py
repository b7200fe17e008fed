"""Readers of real game logs, imported explicitly (like ``chess.pgn``):
``seisan.logs.tenhou`` turns Tenhou's mjlog XML into seisan game records."""
