"""The one exception type of the effect grammar."""

END_OF_EFFECT = ""


class EffectError(ValueError):
    """An effect string that does not parse, or a tree that cannot be printed.

    column: 1-based position of the offending token in the string (len + 1 for "end of effect").
    token: the offending text ("" when the effect ended too early).
    expected: what would have been accepted there, in words.
    """

    def __init__(self, column: int, token: str, expected: str):
        self.column = column
        self.token = token
        self.expected = expected
        super().__init__(self._message())

    def _message(self) -> str:
        shown = self.token.replace("\n", "\\n").replace("\t", "\\t")
        found = "end of effect" if self.token == END_OF_EFFECT else f"'{shown}'"
        return f"col {self.column}: expected {self.expected}, found {found}"

    def __str__(self) -> str:
        return self._message()

    def __reduce__(self):
        return (type(self), (self.column, self.token, self.expected))
