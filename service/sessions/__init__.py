"""Shared session state: the Store protocol and its backends, the write path, seeds and tokens."""
