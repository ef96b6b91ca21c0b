use super::*;

/// Builds a board of a square graph from rows written top (highest row) first, with
/// `X` black, `O` white and `.` empty, so tests read like diagrams.
fn diagram(rows: &[&str]) -> (Graph, Board) {
    let size = rows.len();
    let graph = Graph::square(size as u8);
    let mut cells = vec![0u8; size * size];
    for (r, line) in rows.iter().enumerate() {
        let row = size - 1 - r;
        for (column, ch) in line.chars().enumerate() {
            cells[row * size + column] = match ch {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
        }
    }
    let board = Board::from_colors(&graph, &cells).unwrap();
    (graph, board)
}

fn pt(size: usize, name: &str) -> Point {
    let column = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse::<usize>().unwrap() - 1;
    (row * size + column) as Point
}

#[test]
fn square_graph_has_a1_bottom_left_and_grid_neighbors() {
    let g = Graph::square(3);
    assert_eq!(g.len(), 9);
    let mut corner = g.neighbors(0).to_vec();
    corner.sort();
    assert_eq!(corner, vec![1, 3]);
    let mut center = g.neighbors(4).to_vec();
    center.sort();
    assert_eq!(center, vec![1, 3, 5, 7]);
    assert_eq!(pt(3, "C3"), 8);
}

#[test]
fn single_stone_capture_in_the_corner() {
    let (g, mut b) = diagram(&["...", "O..", "XO."]);
    assert_eq!(
        b.liberty_count(pt(3, "A1")),
        0,
        "diagram stone already surrounded"
    );
    let (g2, mut b2) = diagram(&["...", "...", "XO."]);
    let mut captured = Vec::new();
    let preview = b2
        .play(&g2, pt(3, "A2"), Color::White, &mut captured)
        .unwrap();
    assert_eq!(captured, vec![pt(3, "A1")]);
    assert_eq!(preview.captures, 1);
    assert_eq!(b2.color_at(pt(3, "A1")), None);
    assert_eq!(b2.hash(), zobrist::hash_cells(b2.colors()));
    assert_eq!(b2.liberty_count(pt(3, "B1")), 3);
    assert_eq!(b2.liberty_count(pt(3, "A2")), 3);
    // The diagram board with a dead stone still accepts moves that do not involve it.
    b.play(&g, pt(3, "C3"), Color::Black, &mut captured)
        .unwrap();
}

#[test]
fn one_placement_captures_two_chains_at_once() {
    // White at B1 captures both black stones A1 and C1, each in atari at B1.
    let (g, mut b) = diagram(&["...", "OXO", "X.X"]);
    let mut captured = Vec::new();
    let preview = b.check(&g, pt(3, "B1"), Color::White).unwrap();
    assert_eq!(preview.captures, 2);
    b.play(&g, pt(3, "B1"), Color::White, &mut captured)
        .unwrap();
    captured.sort();
    assert_eq!(captured, vec![pt(3, "A1"), pt(3, "C1")]);
    assert_eq!(preview.hash, b.hash());
    assert_eq!(b.liberty_count(pt(3, "B1")), 2);
}

#[test]
fn suicide_is_rejected_but_capturing_into_a_full_neighborhood_is_legal() {
    let (g, mut b) = diagram(&["...", "O..", ".O."]);
    let before = b.clone();
    let mut captured = vec![99];
    assert_eq!(
        b.play(&g, pt(3, "A1"), Color::Black, &mut captured),
        Err(PlaceError::Suicide { point: 0 })
    );
    assert_eq!(b, before);
    assert_eq!(captured, vec![99], "nothing is reported on error");

    // Black A1 has no empty neighbor but captures white B1 (in atari at A1).
    let (g, mut b) = diagram(&["...", "OX.", ".OX"]);
    captured.clear();
    b.play(&g, pt(3, "A1"), Color::Black, &mut captured)
        .unwrap();
    assert_eq!(captured, vec![pt(3, "B1")]);
    assert_eq!(b.liberty_count(pt(3, "A1")), 1);
}

#[test]
fn filling_the_last_liberty_of_an_own_chain_is_suicide() {
    let (g, b) = diagram(&["O..", "XO.", ".XO"]);
    assert_eq!(
        b.check(&g, pt(3, "A1"), Color::Black),
        Err(PlaceError::Suicide { point: 0 })
    );
    assert_eq!(
        b.check(&g, pt(3, "B2"), Color::Black),
        Err(PlaceError::Occupied { point: 4 })
    );
    assert_eq!(
        b.check(&g, 9, Color::Black),
        Err(PlaceError::OffBoard { point: 9 })
    );
}

#[test]
fn liberties_are_distinct_points() {
    // The black chain A1-B1-B2-A3... touches A2 from three sides; A2 counts once.
    let (g, mut b) = diagram(&["X..", ".X.", "XX."]);
    assert_eq!(
        b.liberties(&g, pt(3, "A1")),
        vec![pt(3, "C1"), pt(3, "A2"), pt(3, "C2"), pt(3, "B3")]
    );
    assert_eq!(b.liberty_count(pt(3, "A1")), 4);
    let mut captured = Vec::new();
    // Joining A3 through A2 merges two chains; liberties recounted without double counting.
    b.play(&g, pt(3, "A2"), Color::Black, &mut captured)
        .unwrap();
    assert_eq!(b.liberty_count(pt(3, "A3")), 3);
    assert_eq!(
        b.liberties(&g, pt(3, "A3")),
        vec![pt(3, "C1"), pt(3, "C2"), pt(3, "B3")]
    );
    // Extending a single chain by a stone whose new liberty the chain already had.
    b.play(&g, pt(3, "C2"), Color::Black, &mut captured)
        .unwrap();
    assert_eq!(
        b.liberties(&g, pt(3, "A1")),
        vec![pt(3, "C1"), pt(3, "B3"), pt(3, "C3")]
    );
    assert_eq!(b.liberty_count(pt(3, "A1")), 3);
}

#[test]
fn incremental_hash_matches_recomputation_and_zero_is_empty() {
    let g = Graph::square(4);
    let mut b = Board::new(&g);
    assert_eq!(b.hash(), 0);
    assert!(b.is_empty());
    let mut captured = Vec::new();
    for (i, p) in [5u16, 6, 9, 10, 1, 2, 4, 8, 13, 14, 0].iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let _ = b.play(&g, *p, color, &mut captured);
        assert_eq!(b.hash(), zobrist::hash_cells(b.colors()));
        assert_eq!(b, Board::from_colors(&g, b.colors()).unwrap());
    }
    assert_ne!(zobrist::key(0, Color::Black), zobrist::key(0, Color::White));
    assert_ne!(zobrist::key(0, Color::White), zobrist::key(1, Color::Black));
}

#[test]
fn area_counts_stones_and_single_color_regions() {
    let (g, b) = diagram(&["X.O", "X.O", "X.O"]);
    assert_eq!(b.area(&g), (3, 3), "the middle column touches both colors");
    let (g, b) = diagram(&["...", ".X.", "..."]);
    assert_eq!(b.area(&g), (9, 0));
    let (g, b) = diagram(&["...", "...", "..."]);
    assert_eq!(
        b.area(&g),
        (0, 0),
        "a region touching neither color is neutral"
    );
}

#[test]
fn chains_lists_each_group_with_its_liberties() {
    let (g, b) = diagram(&["..O", "XX.", "..."]);
    let chains = b.chains(&g);
    assert_eq!(chains.len(), 2);
    assert_eq!(chains[0].color, Color::Black);
    assert_eq!(chains[0].stones, vec![3, 4]);
    assert_eq!(chains[0].liberties, vec![0, 1, 5, 6, 7]);
    assert_eq!(chains[1].color, Color::White);
    assert_eq!(chains[1].stones, vec![8]);
    assert_eq!(chains[1].liberties, vec![5, 7]);
}

#[test]
fn from_colors_rejects_wrong_length_and_bad_values() {
    let g = Graph::square(2);
    assert_eq!(
        Board::from_colors(&g, &[0, 0, 0]),
        Err(BoardError::WrongLength {
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        Board::from_colors(&g, &[0, 3, 0, 0]),
        Err(BoardError::BadCell { point: 1, value: 3 })
    );
}

#[test]
fn from_adjacency_rejects_malformed_graphs() {
    assert_eq!(Graph::from_adjacency(vec![]), Err(GraphError::Empty));
    assert_eq!(
        Graph::from_adjacency(vec![vec![1], vec![0, 2]]),
        Err(GraphError::OutOfRange {
            point: 1,
            neighbor: 2
        })
    );
    assert_eq!(
        Graph::from_adjacency(vec![vec![0]]),
        Err(GraphError::SelfLoop { point: 0 })
    );
    assert_eq!(
        Graph::from_adjacency(vec![vec![1, 1], vec![0]]),
        Err(GraphError::DuplicateEdge {
            point: 0,
            neighbor: 1
        })
    );
    assert_eq!(
        Graph::from_adjacency(vec![vec![1], vec![]]),
        Err(GraphError::Asymmetric {
            point: 0,
            neighbor: 1
        })
    );
    let g = Graph::from_adjacency(vec![vec![1, 2], vec![0], vec![0]]).unwrap();
    assert_eq!(g.neighbors(0), &[1, 2]);
    assert_eq!(g.adjacency(), vec![vec![1, 2], vec![0], vec![0]]);
}

#[test]
fn boards_on_irregular_graphs_capture_through_any_adjacency() {
    // A triangle with a tail: 0-1-2-0 and 2-3.
    let g = Graph::from_adjacency(vec![vec![1, 2], vec![0, 2], vec![0, 1, 3], vec![2]]).unwrap();
    let mut b = Board::new(&g);
    let mut captured = Vec::new();
    b.play(&g, 0, Color::Black, &mut captured).unwrap();
    b.play(&g, 1, Color::Black, &mut captured).unwrap();
    assert_eq!(
        b.liberty_count(0),
        1,
        "2 is one liberty even though both stones touch it"
    );
    b.play(&g, 3, Color::White, &mut captured).unwrap();
    b.play(&g, 2, Color::White, &mut captured).unwrap();

    let mut sorted = captured.clone();
    sorted.sort();
    assert_eq!(sorted, vec![0, 1]);
    assert_eq!(b.liberty_count(2), 2);
}

#[test]
fn chains_around_a_point_list_its_own_group_first_then_each_touching_group_once() {
    // Black's L around B2: one chain touching B2 twice; White C2 and B3 apart.
    let (g, b) = diagram(&[".O.", "X.O", "XX."]);
    let around = b.chains_around(&g, pt(3, "B2"));
    let stones: Vec<Vec<Point>> = around.iter().map(|c| c.stones.clone()).collect();
    assert_eq!(
        stones,
        vec![
            vec![pt(3, "A1"), pt(3, "B1"), pt(3, "A2")],
            vec![pt(3, "C2")],
            vec![pt(3, "B3")],
        ]
    );
    assert_eq!(
        around[0].liberties,
        vec![pt(3, "C1"), pt(3, "B2"), pt(3, "A3")]
    );
    let own = b.chains_around(&g, pt(3, "B1"));
    assert_eq!(own[0], b.chain_at(&g, pt(3, "B1")).unwrap());
    assert_eq!(
        own.len(),
        1,
        "B1's only neighbours are its own group and empty C1"
    );
    assert!(b.chains_around(&g, 9).is_empty(), "off the board");
    assert_eq!(b.chain_at(&g, pt(3, "C1")), None);
}
