"""Hex maths: coordinates, round trips, and the pinned corner, side and direction numbering."""
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.draw.hexgrid import DIRECTIONS, FLAT, ORIGIN, POINTY, Hex, Layout, edge_midpoint, hex_to_pixel, hexhex, pixel_to_hex, polygon_corners, ring

coords = st.integers(-40, 40)
hexes = st.builds(Hex.axial, coords, coords)
layouts = st.builds(
    Layout,
    st.sampled_from([POINTY, FLAT]),
    st.floats(1, 100),
    st.tuples(st.floats(-500, 500), st.floats(-500, 500)),
)


def close(a, b, tol=1e-9):
    return math.isclose(a[0], b[0], abs_tol=tol) and math.isclose(a[1], b[1], abs_tol=tol)


def signed_area(points):
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])) / 2


def test_cube_constraint_is_enforced():
    with pytest.raises(ValueError):
        Hex(1, 1, 1)


def test_neighbours_and_distance():
    h = Hex.axial(2, -1)
    assert all(h.distance(n) == 1 for n in h.neighbours())
    assert len(set(h.neighbours())) == 6
    assert Hex.axial(3, -3).distance(Hex.axial(-3, 3)) == 6
    assert Hex.axial(4, 0).distance(Hex.axial(-1, -2)) == 7
    assert h.add(Hex(-2, 1, 1)) == ORIGIN
    assert [h.neighbour(d) for d in range(6)] == [h.add(d) for d in DIRECTIONS]


@given(hexes, layouts)
def test_hex_to_pixel_round_trip(h, layout):
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h


@given(hexes, layouts, st.floats(0, 2 * math.pi), st.floats(0, 0.99))
def test_points_inside_the_inscribed_circle_round_to_the_hex(h, layout, angle, fraction):
    cx, cy = hex_to_pixel(layout, h)
    d = fraction * layout.size / 2
    assert pixel_to_hex(layout, (cx + d * math.cos(angle), cy + d * math.sin(angle))) == h


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_size_is_across_the_flats(orientation):
    layout = Layout(orientation, 30.0)
    for n in ORIGIN.neighbours():
        assert math.dist(hex_to_pixel(layout, ORIGIN), hex_to_pixel(layout, n)) == pytest.approx(30.0)
    for corner in polygon_corners(layout, ORIGIN):
        assert math.dist((0, 0), corner) == pytest.approx(30.0 / math.sqrt(3))
    for side in range(6):
        assert math.dist((0, 0), edge_midpoint(layout, ORIGIN, side)) == pytest.approx(15.0)


def test_pointy_corner_order_is_pinned():
    r = 2.0
    layout = Layout(POINTY, r * math.sqrt(3), (10.0, 20.0))
    h = math.sqrt(3)
    expected = [(h, -1), (h, 1), (0, 2), (-h, 1), (-h, -1), (0, -2)]
    got = polygon_corners(layout, ORIGIN)
    assert all(close(g, (10 + x, 20 + y)) for g, (x, y) in zip(got, expected))


def test_flat_corner_order_is_pinned():
    layout = Layout(FLAT, 2 * math.sqrt(3))
    h = math.sqrt(3)
    expected = [(2, 0), (1, h), (-1, h), (-2, 0), (-1, -h), (1, -h)]
    assert all(close(g, e) for g, e in zip(polygon_corners(layout, ORIGIN), expected))


@given(hexes, layouts)
def test_corners_run_clockwise_on_screen(h, layout):
    # y points down, so a positive shoelace sum is a clockwise turn as seen on the page
    assert signed_area(polygon_corners(layout, h)) > 0


@given(hexes, layouts, st.integers(0, 5))
def test_side_i_is_shared_with_neighbour_i(h, layout, side):
    n = h.neighbour(side)
    mid = edge_midpoint(layout, h, side)
    tol = 1e-9 * max(1.0, *map(abs, mid))
    assert close(mid, edge_midpoint(layout, n, (side + 3) % 6), tol)
    (x0, y0), (x1, y1) = hex_to_pixel(layout, h), hex_to_pixel(layout, n)
    assert close(mid, ((x0 + x1) / 2, (y0 + y1) / 2), tol)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_directions_turn_clockwise_by_60_degrees(orientation):
    layout = Layout(orientation, 10.0)
    angles = [math.degrees(math.atan2(*reversed(hex_to_pixel(layout, d)))) for d in DIRECTIONS]
    steps = [(b - a) % 360 for a, b in zip(angles, angles[1:] + angles[:1])]
    assert steps == pytest.approx([60.0] * 6)
    assert angles[0] == pytest.approx(0.0 if orientation is POINTY else 30.0)


@pytest.mark.parametrize("radius, count", [(0, 1), (1, 7), (6, 127), (8, 217)])
def test_hexhex_counts_and_order(radius, count):
    cells = hexhex(radius)
    assert len(cells) == len(set(cells)) == count
    assert cells == sorted(cells)
    assert all(c.length() <= radius for c in cells)


@pytest.mark.parametrize("radius", [1, 2, 7])
def test_ring_walks_clockwise_from_corner_zero(radius):
    cells = ring(radius)
    assert len(cells) == len(set(cells)) == 6 * radius
    assert all(c.length() == radius for c in cells)
    assert cells[0] == DIRECTIONS[0].scale(radius)
    assert cells[radius] == DIRECTIONS[1].scale(radius)
    assert all(a.distance(b) == 1 for a, b in zip(cells, cells[1:] + cells[:1]))
    assert set(cells) == set(hexhex(radius)) - set(hexhex(radius - 1))
