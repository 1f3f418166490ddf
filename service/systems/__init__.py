"""The game systems. Importing this package registers every system and mechanic."""

from service.systems import dice  # noqa: F401
