"""Dice notation as a mechanic: the stateless roll and the session roll."""

from service.systems.dice import mechanics  # noqa: F401  (registers the declarations)
