//! The square complex behind each board, derived from the side gluings alone: cells are
//! squares, glued sides are edges, corner classes are vertices. Tests and tools use this to
//! check (not trust) the topological facts the rules document states.

use super::geometry::{Crossing, Direction, Surface};
use super::Point;

/// One corner of a cell, in counter-clockwise order from north-east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    /// Between the east and north sides.
    NorthEast,
    /// Between the north and west sides.
    NorthWest,
    /// Between the west and south sides.
    SouthWest,
    /// Between the south and east sides.
    SouthEast,
}

const CORNERS: [Corner; 4] = [
    Corner::NorthEast,
    Corner::NorthWest,
    Corner::SouthWest,
    Corner::SouthEast,
];

/// Sides in counter-clockwise order, so that corner `k` lies between sides `k` and `k+1`.
const SIDES_CCW: [Direction; 4] = [Direction::E, Direction::N, Direction::W, Direction::S];

fn side_index(direction: Direction) -> usize {
    SIDES_CCW.iter().position(|&d| d == direction).unwrap_or(0)
}

/// The shape of a vertex link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkShape {
    /// A single closed cycle: an interior point of a surface.
    Circle,
    /// A single path: a point on the boundary.
    Arc,
    /// Anything else: the complex is not a surface there.
    Singular,
}

/// A vertex of the square complex: the corners meeting there and the shape of its link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// The cell corners identified to this vertex.
    pub corners: Vec<(Point, Corner)>,
    /// The shape of the link.
    pub link: LinkShape,
}

/// The square complex of a surface.
#[derive(Clone, Debug)]
pub struct SquareComplex {
    /// Number of squares (one per playable point).
    pub faces: usize,
    /// Number of edges: glued side pairs plus unglued boundary sides.
    pub edges: usize,
    /// Unglued sides.
    pub boundary_edges: usize,
    /// The vertices.
    pub vertices: Vec<Vertex>,
    /// True when the squares can be oriented consistently across every gluing.
    pub orientable: bool,
    /// Number of boundary circles (boundary components).
    pub boundary_components: usize,
}

impl SquareComplex {
    /// `V - E + F`.
    pub fn euler_characteristic(&self) -> i64 {
        self.vertices.len() as i64 - self.edges as i64 + self.faces as i64
    }

    /// True when there is no boundary.
    pub fn is_closed(&self) -> bool {
        self.boundary_edges == 0
    }
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.0[a] = b;
        }
    }
}

/// The two corners at the ends of side `side` (counter-clockwise index), start then end.
fn side_corners(side: usize) -> (usize, usize) {
    ((side + 3) % 4, side)
}

/// Corner identifications made by gluing side `i` of one cell to side `j` of another.
fn glued_corners(i: usize, j: usize, reversed: bool) -> [(usize, usize); 2] {
    let (a0, a1) = side_corners(i);
    let (b0, b1) = side_corners(j);
    if reversed {
        [(a0, b0), (a1, b1)]
    } else {
        [(a0, b1), (a1, b0)]
    }
}

impl Corner {
    /// True for the corners on the east side of a cell.
    pub fn is_east(self) -> bool {
        matches!(self, Corner::NorthEast | Corner::SouthEast)
    }

    /// True for the corners on the north side of a cell.
    pub fn is_north(self) -> bool {
        matches!(self, Corner::NorthEast | Corner::NorthWest)
    }
}

/// The two corners at the ends of side `direction` of a cell, each paired with the corner
/// of `crossing.to` it is glued to: how the gluing runs along the side.
pub fn glued_side_corners(direction: Direction, crossing: &Crossing) -> [(Corner, Corner); 2] {
    let pairs = glued_corners(
        side_index(direction),
        side_index(crossing.enters),
        crossing.reversed,
    );
    pairs.map(|(a, b)| (CORNERS[a], CORNERS[b]))
}

/// Builds the square complex of `surface` from its side gluings.
pub fn square_complex(surface: Surface) -> SquareComplex {
    let n = surface.points();
    let corner_id = |p: usize, c: usize| 4 * p + c;
    let mut classes = UnionFind((0..4 * n).collect());
    let mut glued_sides = 0;
    let mut boundary_sides = Vec::new();
    // link edges between corners, one per (cell, side, corner at its end) with a gluing
    let mut link_edges: Vec<(usize, usize)> = Vec::new();
    for p in 0..n {
        for (i, &direction) in SIDES_CCW.iter().enumerate() {
            match surface.side(p as Point, direction) {
                Some(crossing) => {
                    glued_sides += 1;
                    let q = usize::from(crossing.to);
                    let j = side_index(crossing.enters);
                    for (a, b) in glued_corners(i, j, crossing.reversed) {
                        classes.union(corner_id(p, a), corner_id(q, b));
                        link_edges.push((corner_id(p, a), corner_id(q, b)));
                    }
                }
                None => boundary_sides.push((p, i)),
            }
        }
    }
    let mut vertex_of = vec![usize::MAX; 4 * n];
    let mut vertices: Vec<Vec<usize>> = Vec::new();
    for corner in 0..4 * n {
        let root = classes.find(corner);
        if vertex_of[root] == usize::MAX {
            vertex_of[root] = vertices.len();
            vertices.push(Vec::new());
        }
        let v = vertex_of[root];
        vertex_of[corner] = v;
        vertices[v].push(corner);
    }
    // Each gluing was seen from both sides; keep one copy of each link edge.
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); 4 * n];
    for &(a, b) in &link_edges {
        if a < b {
            links[a].push(b);
            links[b].push(a);
        }
    }
    let vertices = vertices
        .into_iter()
        .map(|corners| Vertex {
            link: link_shape(&corners, &links),
            corners: corners
                .iter()
                .map(|&c| ((c / 4) as Point, CORNERS[c % 4]))
                .collect(),
        })
        .collect();
    let boundary_components = count_boundary_components(&boundary_sides, &mut classes);
    SquareComplex {
        faces: n,
        edges: glued_sides / 2 + boundary_sides.len(),
        boundary_edges: boundary_sides.len(),
        vertices,
        orientable: is_orientable(surface),
        boundary_components,
    }
}

/// Classifies the link of the vertex whose corners are `corners`.
fn link_shape(corners: &[usize], links: &[Vec<usize>]) -> LinkShape {
    let degrees: Vec<usize> = corners.iter().map(|&c| links[c].len()).collect();
    let ends = degrees.iter().filter(|&&d| d == 1).count();
    if degrees.iter().any(|&d| d == 0 || d > 2) || (ends != 0 && ends != 2) {
        return LinkShape::Singular;
    }
    // connected?
    let mut seen = vec![corners[0]];
    let mut stack = vec![corners[0]];
    while let Some(c) = stack.pop() {
        for &d in &links[c] {
            if !seen.contains(&d) {
                seen.push(d);
                stack.push(d);
            }
        }
    }
    match (seen.len() == corners.len(), ends) {
        (true, 0) => LinkShape::Circle,
        (true, _) => LinkShape::Arc,
        (false, _) => LinkShape::Singular,
    }
}

/// Counts boundary components: boundary sides are connected when they share a vertex.
fn count_boundary_components(sides: &[(usize, usize)], classes: &mut UnionFind) -> usize {
    let mut components = UnionFind((0..sides.len()).collect());
    let mut first_at_vertex = std::collections::HashMap::new();
    for (k, &(p, i)) in sides.iter().enumerate() {
        let (a, b) = side_corners(i);
        for corner in [a, b] {
            let vertex = classes.find(4 * p + corner);
            let first = *first_at_vertex.entry(vertex).or_insert(k);
            components.union(first, k);
        }
    }
    (0..sides.len())
        .filter(|&k| components.find(k) == k)
        .count()
}

/// Tries to orient every cell so that each gluing matches orientations.
fn is_orientable(surface: Surface) -> bool {
    let n = surface.points();
    let mut orientation: Vec<Option<bool>> = vec![None; n];
    for start in 0..n {
        if orientation[start].is_some() {
            continue;
        }
        orientation[start] = Some(true);
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            let here = orientation[p].unwrap_or(true);
            for direction in Direction::ALL {
                let Some(crossing) = surface.side(p as Point, direction) else {
                    continue;
                };
                let q = usize::from(crossing.to);
                let wanted = here != crossing.reversed;
                match orientation[q] {
                    None => {
                        orientation[q] = Some(wanted);
                        stack.push(q);
                    }
                    Some(existing) if existing != wanted => return false,
                    Some(_) => {}
                }
            }
        }
    }
    true
}

/// Faces of the cell-center graph of an orientable surface without boundary, traced with
/// the rotation system E, N, W, S at every point; `None` if some gluing is reversed or a
/// side is unglued. Each face is the cyclic list of points around it.
pub fn cell_graph_faces(surface: Surface) -> Option<Vec<Vec<Point>>> {
    let n = surface.points();
    let mut used = vec![false; 4 * n];
    let mut faces = Vec::new();
    for start in 0..4 * n {
        if used[start] {
            continue;
        }
        let mut face = Vec::new();
        let mut dart = start;
        while !used[dart] {
            used[dart] = true;
            let (p, i) = (dart / 4, dart % 4);
            face.push(p as Point);
            let crossing = surface.side(p as Point, SIDES_CCW[i])?;
            if crossing.reversed {
                return None;
            }
            let j = side_index(crossing.enters);
            dart = 4 * usize::from(crossing.to) + (j + 1) % 4;
        }
        if dart != start {
            return None;
        }
        faces.push(face);
    }
    Some(faces)
}
