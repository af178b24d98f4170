"""The shared syntax: grammar.lark turned into plain "raw" items with their positions.

The raw form knows shapes only (words, numbers, pairs, comparisons, brackets, legs); a game vocabulary gives them
meaning. Offsets are 0-based here; errors report 1-based columns.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Transformer, Token
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from cards.effects.errors import END_OF_EFFECT, EffectError
from cards.effects.phrases import Joined, _

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")


class Raw:
    __slots__ = ("start", "end")

    def source(self, text: str) -> str:
        return text[self.start:self.end]


class RawWord(Raw):
    """A bare word (`take`) or a quoted name (`"Flower Orchard"`, quoted=True, text without the quotes)."""
    __slots__ = ("text", "quoted")

    def __init__(self, text, quoted, start, end):
        self.text, self.quoted, self.start, self.end = text, quoted, start, end


class RawNumber(Raw):
    __slots__ = ("value",)

    def __init__(self, value, start, end):
        self.value, self.start, self.end = value, start, end


class RawDotted(Raw):
    """A dotted word: the phase prefix of a leg, or a dotted argument (`action.emeraldstronghold`)."""
    __slots__ = ("text",)

    def __init__(self, text, start, end):
        self.text, self.start, self.end = text, start, end


class RawPair(Raw):
    """`key=value`; value is its text without spaces (`g:1,s:1`), value_start its offset (for errors about it)."""
    __slots__ = ("key", "value", "value_start")

    def __init__(self, key, value, start, end, value_start=None):
        self.key, self.value, self.start, self.end = key, value, start, end
        self.value_start = start if value_start is None else value_start


class RawCompare(Raw):
    """`field OP value`; value is an int, or a str (quoted tells whether it was written in quotes)."""
    __slots__ = ("field", "op", "value", "quoted", "op_start", "value_start")

    def __init__(self, field, op, value, quoted, start, op_start, value_start, end):
        self.field, self.op, self.value, self.quoted = field, op, value, quoted
        self.start, self.op_start, self.value_start, self.end = start, op_start, value_start, end


class RawAll(Raw):
    __slots__ = ("terms",)

    def __init__(self, terms):
        self.terms = terms
        self.start, self.end = terms[0].start, terms[-1].end


class RawAny(Raw):
    __slots__ = ("terms",)

    def __init__(self, terms):
        self.terms = terms
        self.start, self.end = terms[0].start, terms[-1].end


class RawLeg(Raw):
    """One leg: optional phase, its items, and what follows it (for "found ..." when the leg ends too early)."""
    __slots__ = ("phase", "items", "follow_start", "follow_text")

    def __init__(self, phase, items, start, end):
        self.phase, self.items, self.start, self.end = phase, items, start, end
        self.follow_start, self.follow_text = end, END_OF_EFFECT


class RawBracket(Raw):
    """`<legs [where condition]>`."""
    __slots__ = ("legs", "where", "where_start")

    def __init__(self, legs, where, where_start, start, end):
        self.legs, self.where, self.where_start, self.start, self.end = legs, where, where_start, start, end


def _follow(legs, plus_tokens):
    for leg, plus in zip(legs, plus_tokens):
        leg.follow_start, leg.follow_text = plus.start_pos, "+"


class _ToRaw(Transformer):
    """Builds raw items while the LALR parser runs (no intermediate parse tree)."""

    def start(self, children):
        return children[0]

    def effect(self, children):
        legs = [c for c in children if isinstance(c, RawLeg)]
        _follow(legs, [c for c in children if isinstance(c, Token)])
        return legs

    def phased_leg(self, children):
        phase = children[0]
        dotted = RawDotted(str(phase), phase.start_pos, phase.end_pos)
        items = children[1:]
        return RawLeg(dotted, items, dotted.start, items[-1].end if items else dotted.end)

    def plain_leg(self, children):
        return RawLeg(None, children, children[0].start, children[-1].end)

    def dotted(self, children):
        (token,) = children
        return RawDotted(str(token), token.start_pos, token.end_pos)

    def word(self, children):
        (token,) = children
        return RawWord(str(token), False, token.start_pos, token.end_pos)

    def string(self, children):
        (token,) = children
        return RawWord(str(token)[1:-1], True, token.start_pos, token.end_pos)

    def number(self, children):
        (token,) = children
        return RawNumber(int(token), token.start_pos, token.end_pos)

    def pair(self, children):
        key, _equals, value = children
        text, start, end = value
        return RawPair(str(key), text, key.start_pos, end, start)

    def pair_value(self, children):
        parts = [c for c in children if not (isinstance(c, Token) and c.type == "COMMA")]
        return ",".join(p[0] for p in parts), parts[0][1], parts[-1][2]

    def pair_part(self, children):
        atoms = [c for c in children if c.type != "COLON"]
        return ":".join(str(a) for a in atoms), atoms[0].start_pos, atoms[-1].end_pos

    def comparison(self, children):
        field, op, value = children
        if value.type == "NUMBER":
            parsed, quoted = int(value), False
        elif value.type == "STRING":
            parsed, quoted = str(value)[1:-1], True
        else:
            parsed, quoted = str(value), False
        return RawCompare(str(field), str(op), parsed, quoted, field.start_pos, op.start_pos, value.start_pos,
                          value.end_pos)

    def any_of(self, children):
        terms = [c for c in children if not isinstance(c, Token)]
        return terms[0] if len(terms) == 1 else RawAny(terms)

    def all_of(self, children):
        terms = [c for c in children if not isinstance(c, Token)]
        return terms[0] if len(terms) == 1 else RawAll(terms)

    def parenthesised(self, children):
        return children[1]

    def bracket(self, children):
        opening, legs, closing = children[0], children[1], children[-1]
        where = where_start = None
        if len(children) == 5:
            where_token, where = children[2], children[3]
            where_start = where_token.start_pos
            legs[-1].follow_start, legs[-1].follow_text = where_start, "where"
        else:
            legs[-1].follow_start, legs[-1].follow_text = closing.start_pos, ">"
        return RawBracket(legs, where, where_start, opening.start_pos, closing.end_pos)


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                transformer=_ToRaw(), maybe_placeholders=False)


_TERMINAL_WORDS = [
    ("WORD", _("a word")), ("PHASE", _("a dotted word such as turn.end")), ("STRING", _('a "quoted name"')),
    ("NUMBER", _("a number")), ("LANGLE", "'<'"), ("OP", _("a comparison operator (==, !=, <, <=, >, >=)")),
    ("EQUALS", "'='"), ("COLON", "':'"), ("COMMA", "','"), ("LPAR", "'('"), ("AND", "'and'"), ("OR", "'or'"),
    ("WHERE", "'where'"), ("RPAR", "')'"), ("RANGLE", "'>'"), ("PLUS", "'+'"), ("$END", _("end of effect")),
]
_OPERATOR_CHARS = "=<>!"


def join_choices(words: list[str]) -> str:
    """"a, b or c": a phrase (cards.effects.phrases), so the "or" is translated with the words it joins."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("%(choices)s or %(last)s", choices=Joined(", ", words[:-1]), last=words[-1])


def _describe_terminals(names) -> str:
    names = set(names)
    return join_choices([words for name, words in _TERMINAL_WORDS if name in names]) or _("something else")


_COMPARISON_OPERATORS = ("==", "!=", "<=", ">=", "<", ">")
_SPACED_OPERATOR = _("a comparison written without spaces, like coins>=10")


def _operator_run(text: str, start: int) -> str:
    """The run of operator characters starting at `start` (`==`, `>=` ...), or the single character there."""
    end = start + 1
    if text[start] in _OPERATOR_CHARS:
        while end < len(text) and text[end] in _OPERATOR_CHARS:
            end += 1
    return text[start:end]


def _is_spaced_operator(text: str, start: int, found: str) -> bool:
    """`coins == 0` or `coins >=10`: an operator that is not glued to its field and value.

    A lone `<` or `>` only counts with a space before it: `cup> c` is a bracket closing, not a comparison.
    """
    if found not in _COMPARISON_OPERATORS:
        return False
    end = start + len(found)
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if len(found) == 1:
        return before.isspace()
    return before.isspace() or after.isspace()


def _syntax_error(text: str, error: LarkError) -> EffectError:
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            return EffectError(len(text) + 1, END_OF_EFFECT, _describe_terminals(error.expected))
        start, found = token.start_pos, str(token)
        if token.type == "EQUALS" and start > 0 and text[start - 1] == "=":
            start -= 1  # `coins == 0`: the lexer took the first '=' as a key=value sign
        if token.type in ("EQUALS", "LANGLE", "RANGLE"):
            found = _operator_run(text, start)
        if found != "=" and _is_spaced_operator(text, start, found):
            return EffectError(start + 1, found, _SPACED_OPERATOR)
        return EffectError(start + 1, found, _describe_terminals(error.expected))
    if isinstance(error, UnexpectedCharacters):
        start = error.pos_in_stream
        found = _operator_run(text, start)
        if _is_spaced_operator(text, start, found):
            return EffectError(start + 1, found, _SPACED_OPERATOR)
        if found == '"':
            closed = '"' in text[start + 1:].split("\n", 1)[0]
            expected = _("a space after the closing '\"'") if closed else _("a closing '\"' on the same line")
            return EffectError(start + 1, found, expected)
        return EffectError(start + 1, found, _describe_terminals(error.allowed or ()))
    if isinstance(error, UnexpectedEOF):
        return EffectError(len(text) + 1, END_OF_EFFECT, _describe_terminals(error.expected))
    return EffectError(1, text[:1], _("an effect string"))


def parse_raw(text: str) -> list[RawLeg]:
    """The legs of `text` in raw form, or EffectError for anything the shared syntax does not allow."""
    try:
        return _lark().parse(text)
    except LarkError as error:
        raise _syntax_error(text, error) from None
