"""NCB's rules in the text's own words: pure functions over plain values, no session and no wire."""
