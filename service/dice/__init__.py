"""Randomness you can audit: the seeded stream, audit records, verify, and dice notation."""
