"""Conversions at the edge: JSON for actions and games, PBN and LIN for hand records."""
