"""Session and stateless handlers, one module per theme, each declaring its mechanics on SYSTEM."""
