"""Tests of the robots' bidding."""
