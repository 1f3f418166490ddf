"""Request and response models, one module per theme, matching `moves`."""
