"""Neuroscape's request and response models, one module per theme of `moves`, and the card schema."""
