"""Relative luminance of #rrggbb colours (WCAG 2) and the ink that reads best on a ground."""


def luminance(colour):
    """Relative luminance from 0 (black) to 1 (white) of a #rrggbb colour."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    """WCAG contrast ratio of two #rrggbb colours, from 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(ground, *inks):
    """The ink (#rrggbb) with the highest contrast against the ground."""
    return max(inks, key=lambda ink: contrast(ground, ink))
