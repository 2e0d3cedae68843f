"""Benchmarks run by hand against a scratch database (see table.py)."""
