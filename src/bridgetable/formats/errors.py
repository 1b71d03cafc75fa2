"""The error for input that cannot be read at all (as opposed to an illegal action)."""


class FormatError(ValueError):
    """Input that is not a well-formed action, game or record."""

    code = "malformed"
