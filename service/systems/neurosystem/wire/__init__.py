"""NeuroSystem's request and response models, one module per theme of `moves/` (shared ones in `shared`, `records`)."""
