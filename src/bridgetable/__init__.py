"""Bridgetable: contract bridge with friends in the browser."""

__version__ = "0.1.0"
