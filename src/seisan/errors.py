"""Typed errors whose messages a player can act on.

Every error seisan raises for bad input is a :class:`SeisanError`; the CLI
prints its message on one line and exits with status 2.
"""

from __future__ import annotations


class SeisanError(ValueError):
    """Base of every error caused by bad input (rules, points, names)."""


class RulesError(SeisanError):
    """A house rule is invalid: names the field and the value."""

    def __init__(self, field: str, value: object, problem: str) -> None:
        self.field = field
        self.value = value
        self.problem = problem
        super().__init__(f"rules: {field} = {value!r}: {problem}")


class UnknownNameError(SeisanError):
    """A preset, rounding mode or other named choice that seisan does not know."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = known
        super().__init__(f"unknown {kind} {name!r}; known: {', '.join(known)}")


class PointsError(SeisanError):
    """Final points that cannot be settled under the rules (count, units, total)."""
