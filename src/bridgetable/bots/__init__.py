"""Robots: decisions from one seat's view only (bidding in `bots.bidding`)."""
