//! The surfaces' drawings checked against the engine's gluing table: every point drawn
//! once, every adjacency either a grid line or a seam whose two sides share number and
//! colour, arrow keys equal to the cardinal neighbours, the tiling's copies, the
//! recentred chart and the labels.

use std::collections::{BTreeSet, HashMap};

use canon_engine::go::layout::{BoardLayout, LayoutError, LayoutSeam, LineKind, Neighbours};
use canon_engine::surfaces::layout::{chart, recentred, tiled};
use canon_engine::surfaces::{Direction, Point, Surface};

fn pick(n: &Neighbours, direction: Direction) -> Option<Point> {
    match direction {
        Direction::N => n.n,
        Direction::E => n.e,
        Direction::S => n.s,
        Direction::W => n.w,
    }
}

/// The side of the cell drawn at `(x, y)` facing screen `direction`.
fn side(layout: &BoardLayout, (x, y): (i32, i32), direction: Direction) -> [(i32, i32); 2] {
    let h = layout.unit / 2;
    match direction {
        Direction::N => [(x - h, y - h), (x + h, y - h)],
        Direction::S => [(x - h, y + h), (x + h, y + h)],
        Direction::E => [(x + h, y - h), (x + h, y + h)],
        Direction::W => [(x - h, y - h), (x - h, y + h)],
    }
}

/// True when the axis-aligned segment `[a, b]` lies on the segment from `p` to `q`.
fn covers(p: (i32, i32), q: (i32, i32), a: (i32, i32), b: (i32, i32)) -> bool {
    let within = |v: i32, e: i32, f: i32| e.min(f) <= v && v <= e.max(f);
    let collinear = if p.0 == q.0 {
        a.0 == p.0 && b.0 == p.0
    } else if p.1 == q.1 {
        a.1 == p.1 && b.1 == p.1
    } else {
        false
    };
    collinear
        && within(a.0, p.0, q.0)
        && within(b.0, p.0, q.0)
        && within(a.1, p.1, q.1)
        && within(b.1, p.1, q.1)
}

/// The seams drawn on side `direction` of the cell at `centre`, facing that cell.
fn seams_on(layout: &BoardLayout, centre: (i32, i32), direction: Direction) -> Vec<LayoutSeam> {
    let segment = side(layout, centre, direction);
    let inward = match direction {
        Direction::N => (0, 1),
        Direction::S => (0, -1),
        Direction::E => (-1, 0),
        Direction::W => (1, 0),
    };
    layout
        .seams
        .iter()
        .flatten()
        .filter(|s| covers((s.x1, s.y1), (s.x2, s.y2), segment[0], segment[1]))
        .filter(|s| (s.inward_x, s.inward_y) == inward)
        .copied()
        .collect()
}

fn has_grid_line(layout: &BoardLayout, a: (i32, i32), b: (i32, i32)) -> bool {
    layout
        .lines
        .iter()
        .any(|l| l.kind == LineKind::Grid && covers((l.x1, l.y1), (l.x2, l.y2), a, b))
}

/// Every adjacency of cell `k` (a key that leads to another cell) is a grid line between
/// drawn neighbours, or a seam side whose partner side (the way back) has the same seam.
fn check_adjacencies_drawn(layout: &BoardLayout) {
    for (k, point) in layout.points.iter().enumerate() {
        for direction in Direction::ALL {
            let Some(to) = pick(&point.neighbours, direction) else {
                continue;
            };
            let other = &layout.points[usize::from(to)];
            let (a, b) = ((point.x, point.y), (other.x, other.y));
            let apart = (a.0 - b.0).abs() + (a.1 - b.1).abs();
            if apart == layout.unit && has_grid_line(layout, a, b) {
                continue;
            }
            let here = seams_on(layout, a, direction);
            let back = Direction::ALL
                .into_iter()
                .find(|&d| pick(&other.neighbours, d) == Some(k as Point))
                .unwrap_or_else(|| panic!("{} → {}: no way back", point.name, other.name));
            let there = seams_on(layout, b, back);
            assert!(
                here.len() == 1
                    && here.iter().any(|s| there
                        .iter()
                        .any(|t| t.number == s.number && t.colour == s.colour)),
                "{} {direction:?} → {}: neither a grid line nor one seam ({here:?} / {there:?})",
                point.name,
                other.name
            );
        }
    }
}

/// The graph given by the arrow keys, as sorted neighbour sets of real points.
fn key_graph(layout: &BoardLayout, real: impl Fn(usize) -> Point) -> Vec<BTreeSet<Point>> {
    let mut graph: HashMap<Point, BTreeSet<Point>> = HashMap::new();
    for (k, point) in layout.points.iter().enumerate() {
        let set = graph.entry(real(k)).or_default();
        for direction in Direction::ALL {
            if let Some(to) = pick(&point.neighbours, direction) {
                set.insert(real(usize::from(to)));
            }
        }
    }
    let mut keys: Vec<Point> = graph.keys().copied().collect();
    keys.sort_unstable();
    keys.into_iter().map(|p| graph[&p].clone()).collect()
}

fn engine_graph(surface: Surface) -> Vec<BTreeSet<Point>> {
    surface
        .adjacency()
        .into_iter()
        .map(|n| n.into_iter().collect())
        .collect()
}

#[test]
fn every_point_appears_once_in_the_chart_under_its_label() {
    for surface in Surface::ALL {
        let layout = chart(surface);
        assert_eq!(layout.points.len(), surface.points(), "{surface:?}");
        let mut positions = BTreeSet::new();
        for (p, point) in layout.points.iter().enumerate() {
            assert_eq!(Some(point.name.clone()), surface.label(p as Point));
            assert!(
                positions.insert((point.x, point.y)),
                "{} drawn twice",
                point.name
            );
            let v = layout.view;
            assert!(point.x > v.x && point.x < v.x + v.width);
            assert!(point.y > v.y && point.y < v.y + v.height);
        }
    }
    let genus = chart(Surface::Genus2);
    assert_eq!(genus.points[0].name, "I:a1");
    assert_eq!(genus.points[81].name, "II:a1");
    // ranks increase upward, files to the right
    let mobius = chart(Surface::Mobius);
    assert!(mobius.points[9].y < mobius.points[0].y);
    assert!(mobius.points[1].x > mobius.points[0].x);
}

#[test]
fn chart_arrow_keys_are_the_cardinal_neighbours() {
    for surface in Surface::ALL {
        let layout = chart(surface);
        for (p, point) in layout.points.iter().enumerate() {
            for direction in Direction::ALL {
                assert_eq!(
                    pick(&point.neighbours, direction),
                    surface.cardinal_neighbor(p as Point, direction),
                    "{surface:?} {} {direction:?}",
                    point.name
                );
            }
        }
    }
}

#[test]
fn every_adjacency_is_a_line_or_one_numbered_seam() {
    for surface in Surface::ALL {
        check_adjacencies_drawn(&chart(surface));
    }
}

#[test]
fn each_seam_has_two_sides_and_twists_only_where_the_gluing_does() {
    let expected = [
        (Surface::Mobius, 1usize),
        (Surface::Klein, 2),
        // two wraps per chart and the ten identifications of the staircase
        (Surface::Genus2, 14),
    ];
    for (surface, count) in expected {
        let layout = chart(surface);
        let seams = layout.seams.clone().unwrap();
        let mut sides: HashMap<u16, Vec<LayoutSeam>> = HashMap::new();
        for seam in &seams {
            sides.entry(seam.number).or_default().push(*seam);
        }
        assert_eq!(sides.len(), count, "{surface:?}");
        for (number, pair) in &sides {
            assert_eq!(pair.len(), 2, "{surface:?} seam {number}");
            assert_eq!(pair[0].colour, pair[1].colour);
            assert_eq!(pair[0].flips, pair[1].flips);
            let length = |s: &LayoutSeam| (s.x2 - s.x1).abs() + (s.y2 - s.y1).abs();
            assert_eq!(length(&pair[0]), length(&pair[1]));
            let vertical = pair[0].x1 == pair[0].x2;
            let twisted = match surface {
                Surface::Mobius => true,
                Surface::Klein => vertical,
                Surface::Genus2 => false,
            };
            assert_eq!(pair[0].flips, twisted, "{surface:?} seam {number}");
        }
        let colours: BTreeSet<u16> = seams.iter().map(|s| s.colour).collect();
        assert_eq!(colours.len(), count, "one colour per seam");
    }
    // The Möbius seam: i1's east side is glued to a11's west side, start to start.
    let mobius = chart(Surface::Mobius);
    let seams = mobius.seams.unwrap();
    let east = seams.iter().find(|s| s.x1 > 0).unwrap();
    let west = seams.iter().find(|s| s.x1 < 0).unwrap();
    assert!(east.y2 < east.y1, "drawn upwards");
    assert!(west.y2 > west.y1, "its partner downwards: the twist");
}

#[test]
fn the_mobius_edge_is_drawn_as_boundary() {
    let layout = chart(Surface::Mobius);
    let boundary: Vec<_> = layout
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Boundary)
        .collect();
    assert_eq!(boundary.len(), 2, "top and bottom");
    let top = layout.points[9 * 10].y - layout.unit / 2;
    let bottom = layout.points[0].y + layout.unit / 2;
    let mut ys: Vec<i32> = boundary.iter().map(|l| l.y1).collect();
    ys.sort_unstable();
    assert_eq!(ys, [top, bottom]);
    for line in &boundary {
        assert_eq!((line.x2 - line.x1).abs(), 9 * layout.unit);
    }
    for surface in [Surface::Klein, Surface::Genus2] {
        assert!(chart(surface)
            .lines
            .iter()
            .all(|l| l.kind != LineKind::Boundary));
    }
}

#[test]
fn the_genus_two_octagons_are_empty_regions_not_points() {
    let layout = chart(Surface::Genus2);
    let regions = layout.regions.clone().unwrap();
    assert_eq!(regions.len(), 2);
    let adjacency = Surface::Genus2.adjacency();
    for region in &regions {
        assert_eq!(region.around.len(), 8);
        for k in 0..8 {
            let (p, q) = (region.around[k], region.around[(k + 1) % 8]);
            assert!(adjacency[usize::from(p)].contains(&q), "a side of the face");
        }
        let area: i32 = region.pieces.iter().map(|r| r.width * r.height).sum();
        let quarter = (layout.unit / 2) * (layout.unit / 2);
        assert_eq!(area, 8 * quarter, "eight quarter-cells around one vertex");
        for piece in &region.pieces {
            for point in &layout.points {
                let inside = point.x > piece.x
                    && point.x < piece.x + piece.width
                    && point.y > piece.y
                    && point.y < piece.y + piece.height;
                assert!(!inside, "{} inside an octagon", point.name);
            }
        }
    }
    for surface in [Surface::Mobius, Surface::Klein] {
        assert_eq!(chart(surface).regions, Some(Vec::new()));
    }
}

fn label_at(layout: &BoardLayout, text: &str) -> Vec<(i32, i32)> {
    layout
        .labels
        .iter()
        .filter(|l| l.text == text)
        .map(|l| (l.x, l.y))
        .collect()
}

#[test]
fn labels_are_files_and_ranks_with_the_mirrored_ranks_beyond_the_twist() {
    let layout = chart(Surface::Mobius);
    for (x, file) in ('a'..='i').enumerate() {
        let at = label_at(&layout, &file.to_string());
        assert_eq!(at.len(), 1, "{file}");
        assert_eq!(at[0].0, layout.points[x].x);
        assert!(at[0].1 > layout.points[0].y);
    }
    for rank in 1..=11 {
        let row_y = layout.points[9 * (rank - 1)].y;
        let left = layout.points[0].x;
        let right = layout.points[8].x;
        let mut at = label_at(&layout, &rank.to_string());
        at.sort_unstable();
        // left of its own row, and right of the row it is glued to (rank 12 - r)
        let mirrored_y = layout.points[9 * (11 - rank)].y;
        let expected_right = (right + 95, mirrored_y);
        if rank == 6 {
            // the middle rank is glued to itself: one label
            assert_eq!(at, [(left - 95, row_y)]);
        } else {
            assert_eq!(at, [(left - 95, row_y), expected_right], "rank {rank}");
        }
    }
    let genus = chart(Surface::Genus2);
    assert_eq!(label_at(&genus, "I").len(), 1);
    assert_eq!(label_at(&genus, "II").len(), 1);
    assert_eq!(label_at(&genus, "a").len(), 2, "files under both charts");
    assert_eq!(
        label_at(&genus, "9").len(),
        2,
        "no mirrored ranks on genus two"
    );
}

#[test]
fn the_tiling_repeats_the_chart_across_its_seams() {
    for (surface, copies, homes) in [
        (Surface::Mobius, 3, 1),
        (Surface::Klein, 9, 1),
        (Surface::Genus2, 18, 2),
    ] {
        let t = tiled(surface);
        assert_eq!(t.copies.len(), copies, "{surface:?}");
        assert_eq!(t.copies.iter().filter(|c| c.home).count(), homes);
        assert!(t.copies.iter().take(homes).all(|c| c.home), "homes first");
        let n = surface.points();
        assert_eq!(t.layout.points.len(), copies * n / surface.sheets());
        assert_eq!(t.real.len(), t.layout.points.len());
        assert_eq!(t.copy.len(), t.layout.points.len());
        // every copy shows each point of its chart once
        for copy in &t.copies {
            let reals: Vec<Point> = (0..t.real.len())
                .filter(|&k| t.copy[k] == copy.index)
                .map(|k| t.real[k])
                .collect();
            let distinct: BTreeSet<Point> = reals.iter().copied().collect();
            assert_eq!(reals.len(), n / surface.sheets());
            assert_eq!(distinct.len(), reals.len());
            assert!(distinct
                .iter()
                .all(|&p| surface.coord(p).unwrap().sheet == copy.sheet));
            let reflected = surface != Surface::Genus2 && copy.across % 2 != 0;
            assert_eq!(copy.reflected, reflected, "{surface:?} {copy:?}");
        }
        // the arrow keys walk the real graph, and every drawn line joins real neighbours
        assert_eq!(key_graph(&t.layout, |k| t.real[k]), engine_graph(surface));
        for (k, point) in t.layout.points.iter().enumerate() {
            for direction in Direction::ALL {
                let Some(to) = pick(&point.neighbours, direction) else {
                    continue;
                };
                let other = &t.layout.points[usize::from(to)];
                if has_grid_line(&t.layout, (point.x, point.y), (other.x, other.y)) {
                    let adjacency = surface.adjacency();
                    assert!(adjacency[usize::from(t.real[k])].contains(&t.real[usize::from(to)]));
                }
            }
        }
    }
    // Beyond the Möbius chart's east side lies a reflected copy: right of i1 is a11.
    let t = tiled(Surface::Mobius);
    let i1 = (0..t.real.len())
        .find(|&k| t.real[k] == 8 && t.copies[usize::from(t.copy[k])].home)
        .unwrap();
    let right = t.layout.points[i1].neighbours.e.unwrap();
    assert_eq!(t.real[usize::from(right)], 90);
    assert_eq!(
        t.layout.points[usize::from(right)].x - t.layout.points[i1].x,
        100
    );
    assert_eq!(t.layout.points[usize::from(right)].y, t.layout.points[i1].y);
}

/// Distance (largest coordinate difference) from `(x, y)` to the nearest seam of `layout`
/// among those `which` accepts.
fn seam_distance(
    layout: &BoardLayout,
    (x, y): (i32, i32),
    which: impl Fn(&LayoutSeam) -> bool,
) -> i32 {
    layout
        .seams
        .iter()
        .flatten()
        .filter(|s| which(s))
        .map(|s| {
            let dx = (s.x1.min(s.x2) - x).max(x - s.x1.max(s.x2)).max(0);
            let dy = (s.y1.min(s.y2) - y).max(y - s.y1.max(s.y2)).max(0);
            dx.max(dy)
        })
        .min()
        .unwrap_or(i32::MAX)
}

#[test]
fn recentring_redraws_the_same_graph_with_the_point_away_from_the_seams() {
    for surface in Surface::ALL {
        let engine = engine_graph(surface);
        for p in 0..surface.points() as Point {
            let layout = recentred(surface, p).unwrap();
            assert_eq!(layout.points.len(), surface.points());
            for (q, point) in layout.points.iter().enumerate() {
                assert_eq!(Some(point.name.clone()), surface.label(q as Point));
            }
            let positions: BTreeSet<(i32, i32)> =
                layout.points.iter().map(|q| (q.x, q.y)).collect();
            assert_eq!(positions.len(), surface.points(), "each point drawn once");
            assert_eq!(
                key_graph(&layout, |k| k as Point),
                engine,
                "{surface:?} {p}"
            );
            check_adjacencies_drawn(&layout);
            let centre = (
                layout.points[usize::from(p)].x,
                layout.points[usize::from(p)].y,
            );
            // the staircase joins the two genus-two charts and cannot move away; every
            // other seam is at least four and a half points away
            let genus = surface == Surface::Genus2;
            let wraps = |s: &LayoutSeam| {
                !genus || {
                    let other = layout
                        .seams
                        .iter()
                        .flatten()
                        .find(|t| t.number == s.number && *t != s)
                        .unwrap();
                    let sheet = |x: i32| x > 10 * layout.unit;
                    sheet(s.x1.min(s.x2)) == sheet(other.x1.min(other.x2))
                }
            };
            assert!(
                seam_distance(&layout, centre, wraps) >= 450,
                "{surface:?} {}",
                layout.points[usize::from(p)].name
            );
        }
    }
    // far from the staircase too, where the surface allows it
    let a1 = recentred(Surface::Genus2, 0).unwrap();
    assert!(seam_distance(&a1, (a1.points[0].x, a1.points[0].y), |_| true) >= 250);
    assert_eq!(
        recentred(Surface::Klein, 162),
        Err(LayoutError::NotAPoint { point: 162 })
    );
}

#[test]
fn recentring_the_chart_on_its_own_centre_moves_nothing_on_klein_and_mobius() {
    // e6 is the Möbius chart's centre: the recentred chart is the chart itself
    let mobius = Surface::Mobius;
    let e6 = mobius.parse_label("e6").unwrap();
    let moved = recentred(mobius, e6).unwrap();
    let chart = chart(mobius);
    let offset = (
        moved.points[0].x - chart.points[0].x,
        moved.points[0].y - chart.points[0].y,
    );
    for (a, b) in moved.points.iter().zip(&chart.points) {
        assert_eq!((a.x - b.x, a.y - b.y), offset);
        assert_eq!(a.neighbours, b.neighbours);
    }
}

/// The points along a seam side, from its start: the cells it bounds.
fn cells_along(layout: &BoardLayout, seam: &LayoutSeam) -> Vec<usize> {
    let unit = layout.unit;
    let (dx, dy) = ((seam.x2 - seam.x1).signum(), (seam.y2 - seam.y1).signum());
    let length = (seam.x2 - seam.x1).abs() + (seam.y2 - seam.y1).abs();
    (0..length / unit)
        .map(|k| {
            let along = k * unit + unit / 2;
            let x = seam.x1 + dx * along + seam.inward_x * unit / 2;
            let y = seam.y1 + dy * along + seam.inward_y * unit / 2;
            layout
                .points
                .iter()
                .position(|p| (p.x, p.y) == (x, y))
                .unwrap_or_else(|| panic!("no point at {x},{y} beside {seam:?}"))
        })
        .collect()
}

#[test]
fn a_seam_glues_its_two_sides_start_to_start() {
    for surface in Surface::ALL {
        let adjacency = surface.adjacency();
        let mut layouts = vec![chart(surface)];
        layouts.extend(
            [0, 40, 80, surface.points() as Point - 1]
                .into_iter()
                .map(|p| recentred(surface, p).unwrap()),
        );
        for layout in layouts {
            let seams = layout.seams.clone().unwrap();
            for a in &seams {
                let b = seams
                    .iter()
                    .find(|b| b.number == a.number && *b != a)
                    .unwrap();
                let (along_a, along_b) = (cells_along(&layout, a), cells_along(&layout, b));
                assert_eq!(along_a.len(), along_b.len());
                for (&p, &q) in along_a.iter().zip(&along_b) {
                    assert!(
                        adjacency[p].contains(&(q as Point)),
                        "{surface:?} seam {}: {} and {} face each other but are not adjacent",
                        a.number,
                        layout.points[p].name,
                        layout.points[q].name
                    );
                }
            }
        }
    }
}
