"""The English catalogue of explanation messages, keyed by message id.

A message says what a call is; the standard details follow it: "{min}-{max} HCP"
(or "{min}+ HCP" when there is no upper limit) and "{length}+ {suit}" for the length
shown in the bid suit. Other languages translate the same ids and the `DETAILS`.
Parameters: `suit` (C, D, H, S or NT: the bid's strain), `level`, `min`, `max`,
`length`, and per message `their_suit`, `target`, `trump`, `aces`.
"""

from __future__ import annotations

DETAILS: dict[str, str] = {
    "hcp_range": "{min}-{max} HCP",
    "hcp_min": "{min}+ HCP",
    "length": "{length}+ {suit}",
}
"""How the standard details are written after a message."""

MESSAGES: dict[str, str] = {
    # Openings.
    "strong_2c": "strong, artificial and forcing",
    "nt_opening": "balanced",
    "one_suit_opening": "opening bid",
    "weak_two": "weak two: a good six-card suit",
    "preempt": "preempt: a long suit, a weak hand",
    "no_opening": "no opening bid",
    # Responses and rebids.
    "jacoby_2nt": "Jacoby 2NT: game-forcing raise with four-card support",
    "splinter": "splinter: game raise with four-card support and at most one card in this suit",
    "limit_raise": "limit raise: invitational, with support",
    "preemptive_raise": "preemptive raise: long support, weak hand",
    "single_raise": "raise with support",
    "new_suit_forcing": "new suit, forcing for one round",
    "two_over_one": "new suit at the two level, forcing",
    "nt_response": "natural notrump",
    "weak_pass": "too weak to act",
    "raise_to_game": "raise to game",
    "jump_raise": "jump raise, invitational",
    "nt_rebid": "natural notrump rebid",
    "new_suit": "new suit, natural",
    "jump_rebid": "jump rebid of a long suit, invitational",
    "reverse": "reverse: extra strength, forcing",
    "rebid_suit": "rebids a long suit",
    "minimum_pass": "content with the contract",
    "game_in_suit": "game in this suit",
    "invite_in_suit": "invitation to game",
    "jacoby_minimum": "minimum opening: game and no more",
    "jacoby_extra": "extra values: slam interest",
    "raise_2_1": "raise of partner's two-level suit",
    "ogust_ask": "Ogust: asks about the weak two's strength and suit",
    "ogust_minimum_weak": "Ogust answer: minimum, a weak suit",
    "ogust_minimum_good": "Ogust answer: minimum, two of the top three honours",
    "ogust_maximum_weak": "Ogust answer: maximum, a weak suit",
    "ogust_maximum_good": "Ogust answer: maximum, two of the top three honours",
    # Notrump structures.
    "transfer": "transfer: five or more {target}",
    "minor_transfer": "transfer to clubs: six or more cards in a minor, a weak hand",
    "transfer_complete": "completes the transfer",
    "stayman": "Stayman: asks for a four-card major",
    "stayman_major": "answer to Stayman: four {suit}",
    "stayman_none": "answer to Stayman: no four-card major",
    "nt_slam": "slam in notrump",
    "quantitative": "quantitative: invites 6NT",
    "nt_game": "game in notrump",
    "nt_invite": "invitation to 3NT",
    "choice_of_games": "choice between 3NT and game in the major",
    "signoff_pass": "sign-off",
    "accept_invite": "accepts the invitation",
    "decline_invite": "declines the invitation",
    # Strong 2C.
    "positive_response": "positive response",
    "waiting": "waiting (artificial)",
    "strong_suit": "strong hand with this suit",
    "raise_strong": "support for partner's suit",
    # Competition.
    "nt_overcall": "natural, with a stopper in {their_suit}",
    "takeout_double": "takeout: short in {their_suit}, support for the other suits",
    "strong_double": "strong hand, to bid again",
    "weak_jump_overcall": "weak jump overcall: a six-card suit",
    "overcall": "overcall: five or more cards",
    "no_overcall": "no suitable overcall",
    "penalty_double": "penalty double",
    "penalty_pass": "converts the double to penalties: long, strong trumps",
    "no_support_pass": "nothing more to say",
    "jump_advance": "jump answer to the double, invitational",
    "advance_double": "answer to the takeout double",
    "free_advance": "free bid after interference",
    "negative_double": "negative double: four cards in an unbid major",
    "nt_negative_double": (
        "negative double: values, four cards in an unbid major or no stopper in {their_suit}"
    ),
    "reopening_double": "reopening double: short in {their_suit}, for takeout",
    "answer_negative_double": "answer to the negative double",
    "michaels_majors": "Michaels cue-bid: five or more cards in each major",
    "michaels_major_minor": (
        "Michaels cue-bid: five or more {target} and five or more cards in a minor"
    ),
    "unusual_nt": "unusual 2NT: five or more cards in each of the two lowest unbid suits",
    "two_suit_preference": "chooses between partner's two suits",
    "michaels_ask": "asks for partner's minor",
    "michaels_minor": "answer: five or more cards in this minor",
    "double_two_suiter": "values: ready to double their suits for penalties",
    # Slam.
    "blackwood": "Blackwood: asks for aces",
    "ace_answer": "answer to Blackwood: {aces} aces",
    "grand_slam": "grand slam: no ace missing",
    "small_slam": "small slam: at most one ace missing",
    "slam_in_fit": "small slam in the agreed fit",
    "slam_signoff": "two aces missing: sign-off",
    # Placement.
    "sit_penalty": "leaves partner's penalty double in",
    "accept_signoff": "respects partner's sign-off",
    "game_in_fit": "game in the agreed fit",
    "nt_game_combined": "game in notrump: enough points together",
    "forced_raise": "support for partner in a forcing auction",
    "forced_rebid": "long suit in a forcing auction",
    "forced_nt": "notrump in a forcing auction",
    "compete": "competes with a trump fit",
    "competitive_double": "competitive double: extra values, short in their suit",
    "preference": "preference for partner's first suit",
    "signoff": "sign-off in a long suit",
    "long_suit": "natural: a long suit and opening values",
    "no_suitable_call": "no suitable call",
    # Two-player game.
    "two_player_bid": "expects to make {level} {suit} with this hand alone",
    "two_player_double": "penalty double: expects to beat the contract",
    "two_player_pass": "no bid",
}
"""English text of every message id the rules use."""
