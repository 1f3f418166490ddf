"""Neon Arbiter: one authoritative rules referee for five cyberpunk tabletop games."""

__version__ = "0.1.0"
