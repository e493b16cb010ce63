"""How lists of numbers read in messages and on sheets."""


def ranges(numbers) -> str:
    """Numbers as runs: '3', '1-20', '2-5, 8' (in the order given)."""
    runs = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)
