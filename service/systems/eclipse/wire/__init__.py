"""Request and response models of the Eclipse Phase mechanics, one module per theme of `moves`."""
