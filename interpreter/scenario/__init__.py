"""Scenario files: rules tested as data (a position, answers, expected values)."""
