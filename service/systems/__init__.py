"""The game systems. Importing this package registers every system and mechanic."""

from service.systems import desert, dice, eclipse, ncb, neuroscape, neurosystem  # noqa: F401
