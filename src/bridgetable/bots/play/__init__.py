"""Robots' card play: sampling the unseen cards and solving them double-dummy.

- `situation`: what a seat knows, read from its view;
- `sampling`: layouts of the hidden hands consistent with it (and with the auction);
- `solver`: the double-dummy solver for four hands (the only module using endplay);
- `twohand`: an exact solver for the two hands of Draw Bridge;
- `cardplay`: the card to play; `heuristic`: the simple fallback player;
- `draw_phase`: the draw phase of Draw Bridge; `claims`: making and answering claims;
- `budget`: the time a decision may take.

The entry point is `bridgetable.bots.robot.decide`.
"""
