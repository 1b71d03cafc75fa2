"""The meanings of robots' calls, marked for translation.

The bots explain a call as a message id plus parameters (`bridgetable.bots.bidding.messages`);
this module repeats their English texts inside `N_()` so that Babel extracts them into the
gettext catalogs. The table page embeds `MEANINGS` and `DETAILS` (id to English text) and the
client script translates the texts through the page's messages. A test checks that these
texts are exactly the bots' ones.
"""

from __future__ import annotations

from bridgetable.web.i18n import N_

DETAILS: dict[str, str] = {
    "hcp_range": N_("{min}-{max} HCP"),
    "hcp_min": N_("{min}+ HCP"),
    "length": N_("{length}+ {suit}"),
}
"""The details written after a message: HCP range or minimum, length in the suit."""

MEANINGS: dict[str, str] = {
    "strong_2c": N_("strong, artificial and forcing"),
    "nt_opening": N_("balanced"),
    "one_suit_opening": N_("opening bid"),
    "weak_two": N_("weak two: a good six-card suit"),
    "preempt": N_("preempt: a long suit, a weak hand"),
    "no_opening": N_("no opening bid"),
    "jacoby_2nt": N_("Jacoby 2NT: game-forcing raise with four-card support"),
    "splinter": N_("splinter: game raise with four-card support and at most one card in this suit"),
    "limit_raise": N_("limit raise: invitational, with support"),
    "preemptive_raise": N_("preemptive raise: long support, weak hand"),
    "single_raise": N_("raise with support"),
    "new_suit_forcing": N_("new suit, forcing for one round"),
    "two_over_one": N_("new suit at the two level, forcing"),
    "nt_response": N_("natural notrump"),
    "weak_pass": N_("too weak to act"),
    "raise_to_game": N_("raise to game"),
    "jump_raise": N_("jump raise, invitational"),
    "nt_rebid": N_("natural notrump rebid"),
    "new_suit": N_("new suit, natural"),
    "jump_rebid": N_("jump rebid of a long suit, invitational"),
    "reverse": N_("reverse: extra strength, forcing"),
    "rebid_suit": N_("rebids a long suit"),
    "minimum_pass": N_("content with the contract"),
    "game_in_suit": N_("game in this suit"),
    "invite_in_suit": N_("invitation to game"),
    "jacoby_minimum": N_("minimum opening: game and no more"),
    "jacoby_extra": N_("extra values: slam interest"),
    "raise_2_1": N_("raise of partner's two-level suit"),
    "ogust_ask": N_("Ogust: asks about the weak two's strength and suit"),
    "ogust_minimum_weak": N_("Ogust answer: minimum, a weak suit"),
    "ogust_minimum_good": N_("Ogust answer: minimum, two of the top three honours"),
    "ogust_maximum_weak": N_("Ogust answer: maximum, a weak suit"),
    "ogust_maximum_good": N_("Ogust answer: maximum, two of the top three honours"),
    "transfer": N_("transfer: five or more {target}"),
    "minor_transfer": N_("transfer to clubs: six or more cards in a minor, a weak hand"),
    "transfer_complete": N_("completes the transfer"),
    "stayman": N_("Stayman: asks for a four-card major"),
    "stayman_major": N_("answer to Stayman: four {suit}"),
    "stayman_none": N_("answer to Stayman: no four-card major"),
    "nt_slam": N_("slam in notrump"),
    "quantitative": N_("quantitative: invites 6NT"),
    "nt_game": N_("game in notrump"),
    "nt_invite": N_("invitation to 3NT"),
    "choice_of_games": N_("choice between 3NT and game in the major"),
    "signoff_pass": N_("sign-off"),
    "accept_invite": N_("accepts the invitation"),
    "decline_invite": N_("declines the invitation"),
    "positive_response": N_("positive response"),
    "waiting": N_("waiting (artificial)"),
    "strong_suit": N_("strong hand with this suit"),
    "raise_strong": N_("support for partner's suit"),
    "nt_overcall": N_("natural, with a stopper in {their_suit}"),
    "takeout_double": N_("takeout: short in {their_suit}, support for the other suits"),
    "strong_double": N_("strong hand, to bid again"),
    "weak_jump_overcall": N_("weak jump overcall: a six-card suit"),
    "overcall": N_("overcall: five or more cards"),
    "no_overcall": N_("no suitable overcall"),
    "penalty_double": N_("penalty double"),
    "penalty_pass": N_("converts the double to penalties: long, strong trumps"),
    "no_support_pass": N_("nothing more to say"),
    "jump_advance": N_("jump answer to the double, invitational"),
    "advance_double": N_("answer to the takeout double"),
    "free_advance": N_("free bid after interference"),
    "negative_double": N_("negative double: four cards in an unbid major"),
    "nt_negative_double": N_(
        "negative double: values, four cards in an unbid major or no stopper in {their_suit}"
    ),
    "reopening_double": N_("reopening double: short in {their_suit}, for takeout"),
    "answer_negative_double": N_("answer to the negative double"),
    "michaels_majors": N_("Michaels cue-bid: five or more cards in each major"),
    "michaels_major_minor": N_(
        "Michaels cue-bid: five or more {target} and five or more cards in a minor"
    ),
    "unusual_nt": N_("unusual 2NT: five or more cards in each of the two lowest unbid suits"),
    "two_suit_preference": N_("chooses between partner's two suits"),
    "michaels_ask": N_("asks for partner's minor"),
    "michaels_minor": N_("answer: five or more cards in this minor"),
    "double_two_suiter": N_("values: ready to double their suits for penalties"),
    "blackwood": N_("Blackwood: asks for aces"),
    "ace_answer": N_("answer to Blackwood: {aces} aces"),
    "grand_slam": N_("grand slam: no ace missing"),
    "small_slam": N_("small slam: at most one ace missing"),
    "slam_in_fit": N_("small slam in the agreed fit"),
    "slam_signoff": N_("two aces missing: sign-off"),
    "sit_penalty": N_("leaves partner's penalty double in"),
    "accept_signoff": N_("respects partner's sign-off"),
    "game_in_fit": N_("game in the agreed fit"),
    "nt_game_combined": N_("game in notrump: enough points together"),
    "forced_raise": N_("support for partner in a forcing auction"),
    "forced_rebid": N_("long suit in a forcing auction"),
    "forced_nt": N_("notrump in a forcing auction"),
    "compete": N_("competes with a trump fit"),
    "competitive_double": N_("competitive double: extra values, short in their suit"),
    "preference": N_("preference for partner's first suit"),
    "signoff": N_("sign-off in a long suit"),
    "long_suit": N_("natural: a long suit and opening values"),
    "no_suitable_call": N_("no suitable call"),
    "two_player_bid": N_("expects to make {level} {suit} with this hand alone"),
    "two_player_double": N_("penalty double: expects to beat the contract"),
    "two_player_pass": N_("no bid"),
}
"""What each message id says, in English (the msgid)."""


def message_ids() -> frozenset[str]:
    """Every English text of a meaning or detail, for the client's message table."""
    return frozenset(MEANINGS.values()) | frozenset(DETAILS.values())
