"""NeuroSystem's rules in the text's own words: pure functions over frozen models, dice only from a stream."""
