"""Neuroscape's rules as pure modules in the game's own words: zones, piles, RAM, the mainframe, deploying,
battle, winning, the turn machine (`flow`), the actions (`actions.act`) and the menu of legal ones."""
