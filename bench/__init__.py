"""Benchmarks: each figure against a baseline measured in the same run (`python -m bench`)."""
