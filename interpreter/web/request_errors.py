"""A request that cannot be done, for every part of the web application."""
from __future__ import annotations


class RequestError(Exception):
    """A request that cannot be done: its HTTP status and the reason, for the JSON answer."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason
