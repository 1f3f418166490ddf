"""Neuroscape's mechanics, one module per theme: each declares its handlers on the system."""
