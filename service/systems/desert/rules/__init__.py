"""The rules of play in the game's own words: pure functions, no state store, no web."""
