//! Derives every topological fact the rules document states about the three boards from
//! the gluing data, instead of trusting it.

use std::collections::BTreeMap;

use canon_engine::surfaces::topology::{cell_graph_faces, square_complex, LinkShape};
use canon_engine::surfaces::{Coord, Direction, Surface};

fn label(surface: Surface, label: &str) -> u16 {
    surface
        .parse_label(label)
        .unwrap_or_else(|| panic!("{label} is not a point of {surface}"))
}

fn degree_counts(surface: Surface) -> BTreeMap<usize, usize> {
    let mut counts = BTreeMap::new();
    for neighbors in surface.adjacency() {
        *counts.entry(neighbors.len()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn ids_point_counts_and_degrees() {
    assert_eq!(Surface::from_id("go-mobius-9x11-v1"), Some(Surface::Mobius));
    assert_eq!(Surface::from_id("go-klein-9x18-v1"), Some(Surface::Klein));
    assert_eq!(
        Surface::from_id("go-genus2-staircase-9x9-v1"),
        Some(Surface::Genus2)
    );
    assert_eq!(Surface::from_id("go-torus"), None);
    assert_eq!(Surface::Mobius.points(), 99);
    assert_eq!(Surface::Klein.points(), 162);
    assert_eq!(Surface::Genus2.points(), 162);
    // Möbius: 18 points with three neighbours, 81 with four, no two-neighbour corners.
    assert_eq!(
        degree_counts(Surface::Mobius),
        BTreeMap::from([(3, 18), (4, 81)])
    );
    assert_eq!(degree_counts(Surface::Klein), BTreeMap::from([(4, 162)]));
    assert_eq!(degree_counts(Surface::Genus2), BTreeMap::from([(4, 162)]));
}

#[test]
fn adjacency_is_a_simple_symmetric_graph_and_sides_glue_back() {
    for surface in Surface::ALL {
        let adjacency = surface.adjacency();
        for (p, neighbors) in adjacency.iter().enumerate() {
            let p = p as u16;
            assert!(!neighbors.contains(&p), "{surface}: self-loop at {p}");
            assert!(
                neighbors.windows(2).all(|w| w[0] < w[1]),
                "{surface}: duplicate at {p}"
            );
            for &q in neighbors {
                assert!(
                    adjacency[usize::from(q)].contains(&p),
                    "{surface}: {p}-{q} one-way"
                );
            }
            for direction in Direction::ALL {
                if let Some(crossing) = surface.side(p, direction) {
                    let back = surface
                        .side(crossing.to, crossing.enters)
                        .expect("glued back");
                    assert_eq!(back.to, p);
                    assert_eq!(back.enters, direction);
                    assert_eq!(back.reversed, crossing.reversed);
                }
            }
        }
    }
}

#[test]
fn canonical_indices_and_labels() {
    for surface in Surface::ALL {
        for p in 0..surface.points() as u16 {
            let coord = surface.coord(p).unwrap();
            let expected =
                81 * usize::from(coord.sheet) + 9 * usize::from(coord.y) + usize::from(coord.x);
            assert_eq!(usize::from(p), expected);
            assert_eq!(surface.point(coord), Some(p));
            let text = surface.label(p).unwrap();
            assert_eq!(surface.parse_label(&text), Some(p), "{text}");
        }
        assert_eq!(surface.coord(surface.points() as u16), None);
        assert_eq!(surface.parse_label("j1"), None);
        assert_eq!(surface.parse_label("a0"), None);
    }
    assert_eq!(Surface::Mobius.label(49).as_deref(), Some("e6"));
    assert_eq!(Surface::Mobius.parse_label("a12"), None);
    assert_eq!(Surface::Klein.label(161).as_deref(), Some("i18"));
    assert_eq!(Surface::Genus2.label(0).as_deref(), Some("I:a1"));
    assert_eq!(Surface::Genus2.label(81).as_deref(), Some("II:a1"));
    assert_eq!(Surface::Genus2.parse_label("a1"), None);
    assert_eq!(Surface::Genus2.parse_label("III:a1"), None);
    assert_eq!(Surface::Genus2.parse_label("II:a10"), None);
    let coord = Surface::Genus2
        .coord(label(Surface::Genus2, "II:c7"))
        .unwrap();
    assert_eq!(
        coord,
        Coord {
            sheet: 1,
            x: 2,
            y: 6
        }
    );
}

#[test]
fn genus2_raw_rows_are_displayed_rows_shifted_on_the_second_chart() {
    use canon_engine::surfaces::geometry::{genus2_displayed_rank, genus2_raw_rank};
    for sheet in 0..2 {
        for y in 0..9 {
            let raw = genus2_raw_rank(sheet, y);
            assert_eq!(raw, (y + sheet) % 9);
            assert_eq!(genus2_displayed_rank(sheet, raw), y);
        }
    }
    // The second chart's displayed row is its raw row minus one modulo nine.
    assert_eq!(genus2_displayed_rank(1, 0), 8);
    assert_eq!(genus2_displayed_rank(1, 5), 4);
}

fn walk(surface: Surface, from: &str, direction: Direction) -> Option<String> {
    surface
        .cardinal_neighbor(label(surface, from), direction)
        .map(|p| surface.label(p).unwrap())
}

#[test]
fn mobius_side_crossings_reflect_ranks_and_top_and_bottom_are_boundary() {
    let s = Surface::Mobius;
    for rank in 1..=11 {
        let reflected = 12 - rank;
        assert_eq!(
            walk(s, &format!("i{rank}"), Direction::E),
            Some(format!("a{reflected}"))
        );
        assert_eq!(
            walk(s, &format!("a{rank}"), Direction::W),
            Some(format!("i{reflected}"))
        );
        assert!(
            s.side(label(s, &format!("i{rank}")), Direction::E)
                .unwrap()
                .reversed
        );
    }
    for file in 'a'..='i' {
        assert_eq!(walk(s, &format!("{file}11"), Direction::N), None);
        assert_eq!(walk(s, &format!("{file}1"), Direction::S), None);
        assert_eq!(
            walk(s, &format!("{file}5"), Direction::N),
            Some(format!("{file}6"))
        );
    }
    assert_eq!(walk(s, "e5", Direction::E), Some("f5".into()));
    let complex = square_complex(s);
    // Top and bottom are one physical boundary: a single boundary circle of 18 sides.
    assert_eq!(complex.boundary_edges, 18);
    assert_eq!(complex.boundary_components, 1);
    assert!(!complex.orientable);
    assert_eq!(complex.euler_characteristic(), 0);
    assert!(complex
        .vertices
        .iter()
        .all(|v| v.link == LinkShape::Circle || v.link == LinkShape::Arc));
}

#[test]
fn klein_sides_reflect_and_top_and_bottom_wrap_straight() {
    let s = Surface::Klein;
    for rank in 1..=18 {
        assert_eq!(
            walk(s, &format!("i{rank}"), Direction::E),
            Some(format!("a{}", 19 - rank))
        );
        assert_eq!(
            walk(s, &format!("a{rank}"), Direction::W),
            Some(format!("i{}", 19 - rank))
        );
    }
    for file in 'a'..='i' {
        assert_eq!(
            walk(s, &format!("{file}18"), Direction::N),
            Some(format!("{file}1"))
        );
        assert_eq!(
            walk(s, &format!("{file}1"), Direction::S),
            Some(format!("{file}18"))
        );
        assert!(
            !s.side(label(s, &format!("{file}18")), Direction::N)
                .unwrap()
                .reversed
        );
    }
    let complex = square_complex(s);
    assert!(complex.is_closed());
    assert!(!complex.orientable);
    assert_eq!(complex.euler_characteristic(), 0);
    assert!(complex.vertices.iter().all(|v| v.link == LinkShape::Circle));
}

/// The document's staircase tables, expanded to one pair per file.
fn staircase_table() -> Vec<(String, Direction, String)> {
    let mut pairs = Vec::new();
    let mut range =
        |from_chart: &str, files: &str, from_rank: u8, to_chart: &str, to_rank: u8, d| {
            for file in files.chars() {
                pairs.push((
                    format!("{from_chart}:{file}{from_rank}"),
                    d,
                    format!("{to_chart}:{file}{to_rank}"),
                ));
            }
        };
    range("I", "abcd", 4, "II", 4, Direction::N);
    range("II", "abcd", 3, "I", 5, Direction::N);
    range("I", "e", 5, "II", 5, Direction::N);
    range("II", "e", 4, "I", 6, Direction::N);
    range("I", "fghi", 6, "II", 6, Direction::N);
    range("II", "fghi", 5, "I", 7, Direction::N);
    pairs.push(("I:d5".into(), Direction::E, "II:e4".into()));
    pairs.push(("II:d4".into(), Direction::E, "I:e5".into()));
    pairs.push(("I:e6".into(), Direction::E, "II:f5".into()));
    pairs.push(("II:e5".into(), Direction::E, "I:f6".into()));
    pairs
}

#[test]
fn genus2_staircase_replaces_exactly_the_listed_adjacencies() {
    let s = Surface::Genus2;
    let table = staircase_table();
    let mut special = std::collections::HashSet::new();
    for (from, direction, to) in &table {
        assert_eq!(
            walk(s, from, *direction).as_deref(),
            Some(to.as_str()),
            "{from} {direction:?}"
        );
        // every adjacency works in reverse as well
        assert_eq!(
            walk(s, to, direction.opposite()).as_deref(),
            Some(from.as_str())
        );
        special.insert((label(s, from), *direction));
        special.insert((label(s, to), direction.opposite()));
    }
    assert_eq!(special.len(), 2 * table.len());
    // Other sides stay in their own chart and wrap at its outer edges.
    for p in 0..162u16 {
        let c = s.coord(p).unwrap();
        for direction in Direction::ALL {
            if special.contains(&(p, direction)) {
                continue;
            }
            let (dx, dy) = match direction {
                Direction::N => (0, 1),
                Direction::E => (1, 0),
                Direction::S => (0, 8),
                Direction::W => (8, 0),
            };
            let expected = Coord {
                sheet: c.sheet,
                x: (c.x + dx) % 9,
                y: (c.y + dy) % 9,
            };
            assert_eq!(
                s.cardinal_neighbor(p, direction),
                s.point(expected),
                "{}",
                s.label(p).unwrap()
            );
        }
    }
}

#[test]
fn genus2_square_complex_is_a_closed_orientable_surface_of_euler_characteristic_minus_two() {
    let complex = square_complex(Surface::Genus2);
    assert_eq!(complex.faces, 162);
    assert_eq!(complex.edges, 324);
    assert_eq!(complex.vertices.len(), 160);
    assert!(complex.vertices.iter().all(|v| v.link == LinkShape::Circle));
    assert!(complex.orientable);
    assert!(complex.is_closed());
    assert_eq!(complex.euler_characteristic(), -2);
    let eight: Vec<_> = complex
        .vertices
        .iter()
        .filter(|v| v.corners.len() == 8)
        .collect();
    assert_eq!(eight.len(), 2);
    assert!(complex
        .vertices
        .iter()
        .all(|v| v.corners.len() == 4 || v.corners.len() == 8));
}

#[test]
fn genus2_cell_graph_has_158_quadrilaterals_and_two_octagons() {
    let s = Surface::Genus2;
    let faces = cell_graph_faces(s).expect("orientable and closed");
    let mut lengths = BTreeMap::new();
    for face in &faces {
        *lengths.entry(face.len()).or_insert(0) += 1;
    }
    assert_eq!(lengths, BTreeMap::from([(4, 158), (8, 2)]));
    // Euler's formula for the cell-center graph on the same surface.
    assert_eq!(162 - 324 + faces.len() as i64, -2);
    // Faces of the cell-center graph are dual to the complex's vertices.
    let complex = square_complex(s);
    for face in faces.iter().filter(|f| f.len() == 8) {
        let mut cells: Vec<u16> = face.clone();
        cells.sort_unstable();
        let surrounds = complex
            .vertices
            .iter()
            .filter(|v| v.corners.len() == 8)
            .any(|v| {
                let mut around: Vec<u16> = v.corners.iter().map(|c| c.0).collect();
                around.sort_unstable();
                around == cells
            });
        assert!(
            surrounds,
            "octagon does not surround an eight-corner vertex"
        );
        // consecutive octagon points are adjacent, and the octagon is not an extra point
        for k in 0..8 {
            let (a, b) = (face[k], face[(k + 1) % 8]);
            assert!(s.adjacency()[usize::from(a)].contains(&b));
        }
    }
    // Klein and Möbius are non-orientable (Klein) or have boundary (Möbius): no rotation
    // system tracing applies.
    assert!(cell_graph_faces(Surface::Klein).is_none());
    assert!(cell_graph_faces(Surface::Mobius).is_none());
}

#[test]
fn octagons_surround_the_slit_ends() {
    let s = Surface::Genus2;
    let faces = cell_graph_faces(s).unwrap();
    let mut octagons: Vec<Vec<String>> = faces
        .iter()
        .filter(|f| f.len() == 8)
        .map(|f| {
            let mut labels: Vec<String> = f.iter().map(|&p| s.label(p).unwrap()).collect();
            labels.sort();
            labels
        })
        .collect();
    octagons.sort();
    // The slit runs from the raw corner between files i|a and rows 4|5 to the corner
    // between files i|a and rows 6|7; each end is surrounded by four cells of each chart.
    let mut expected = vec![
        vec![
            "I:a4", "I:a5", "I:i4", "I:i5", "II:a3", "II:a4", "II:i3", "II:i4",
        ],
        vec![
            "I:a6", "I:a7", "I:i6", "I:i7", "II:a5", "II:a6", "II:i5", "II:i6",
        ],
    ];
    for e in &mut expected {
        e.sort();
    }
    assert_eq!(octagons, expected);
}
