"""Tests of the robots."""
