"""Points as people read them: exact values rounded to hundredths, trailing zeros dropped."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoring.report import rounded

_HUNDREDTHS = Decimal("0.01")


def show(value: Fraction | Decimal | int) -> str:
    """1 → «1», 0.30 → «0.3», 0.1333… → «0.13», −0.4 → «−0.4»."""
    exact = value if isinstance(value, Fraction) else Fraction(value)
    number = rounded(exact, _HUNDREDTHS).normalize()
    text = format(number, "f")
    return text.replace("-", "−")


def signed(value: Fraction | Decimal | int) -> str:
    text = show(value)
    return text if text.startswith("−") or text == "0" else f"+{text}"
