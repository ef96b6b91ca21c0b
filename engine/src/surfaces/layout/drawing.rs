//! Drawn cells and what lies across their sides, read off the gluing table: points,
//! arrow keys, grid and boundary lines, the octagons' regions, labels and backgrounds.

use std::collections::{BTreeMap, HashMap};

use super::super::geometry::{Crossing, Direction, Surface, FILES};
use super::super::topology::{cell_graph_faces, square_complex, Corner};
use super::super::Point;
use crate::go::layout::{
    BoardLayout, LayoutLabel, LayoutLine, LayoutPoint, LayoutRect, LayoutRegion, LayoutSeam,
    LineKind, Neighbours,
};

/// Distance between neighbouring points, in layout units.
pub(super) const UNIT: i32 = 100;
pub(super) const HALF: i32 = UNIT / 2;
/// Distance from an outer point's centre to the coordinate written beside it.
pub(super) const LABEL_OFFSET: i32 = 95;
/// Room left around the outermost points for the labels.
pub(super) const MARGIN: i32 = 140;
/// Columns from one genus-two chart to the next in the chart and recentred drawings.
pub(super) const SHEET_STRIDE: i32 = FILES as i32 + 3;
/// Columns from one genus-two sheet's tiling to the next in the tiled drawing.
pub(super) const TILED_SHEET_STRIDE: i32 = 3 * FILES as i32 + 3;

/// One drawn cell: the real point it shows, where, and whether the chart is upside down
/// there (north on the chart drawn towards the bottom of the screen).
#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    pub(super) real: Point,
    pub(super) sheet: u8,
    pub(super) column: i32,
    pub(super) row: i32,
    pub(super) flipped: bool,
    pub(super) copy: u16,
}

/// What lies across one side of a drawn cell.
#[derive(Clone, Copy, Debug)]
pub(super) enum Side {
    /// The neighbouring drawn cell is the engine's neighbour: a grid line joins them.
    Grid(usize),
    /// The engine's neighbour is drawn elsewhere: the side is glued to another side.
    Seam(Crossing),
    /// Nothing lies across (the Möbius strip's edge).
    Boundary,
}

/// A set of drawn cells on one surface, with the lookups every drawing needs.
pub(super) struct Drawing {
    pub(super) surface: Surface,
    pub(super) cells: Vec<Cell>,
    pub(super) at: HashMap<(i32, i32), usize>,
    /// For each real point, the cell of its home copy (the one arrow keys jump to).
    pub(super) home: Vec<usize>,
}

/// The screen direction that is `direction` on a cell drawn with `flipped` (its own
/// inverse, so it also turns a chart direction into a screen direction).
pub(super) fn turned(direction: Direction, flipped: bool) -> Direction {
    match (direction, flipped) {
        (Direction::N, true) => Direction::S,
        (Direction::S, true) => Direction::N,
        (other, _) => other,
    }
}

/// Screen vector from a side facing `direction` towards the cell it bounds.
pub(super) fn inward(direction: Direction) -> (i32, i32) {
    let (dc, dr) = step(direction);
    (-dc, dr)
}

/// Grid step of a screen direction: (columns, rows), rows counted upwards.
pub(super) fn step(direction: Direction) -> (i32, i32) {
    match direction {
        Direction::N => (0, 1),
        Direction::E => (1, 0),
        Direction::S => (0, -1),
        Direction::W => (-1, 0),
    }
}

impl Drawing {
    pub(super) fn new(
        surface: Surface,
        cells: Vec<Cell>,
        is_home: impl Fn(&Cell) -> bool,
    ) -> Drawing {
        let at = cells
            .iter()
            .enumerate()
            .map(|(k, cell)| ((cell.column, cell.row), k))
            .collect();
        let mut home = vec![0; surface.points()];
        for (k, cell) in cells.iter().enumerate() {
            if is_home(cell) {
                home[usize::from(cell.real)] = k;
            }
        }
        Drawing {
            surface,
            cells,
            at,
            home,
        }
    }

    /// Centre of cell `k` on the screen (`y` grows downwards).
    pub(super) fn centre(&self, k: usize) -> (i32, i32) {
        let cell = &self.cells[k];
        (cell.column * UNIT, -cell.row * UNIT)
    }

    /// Screen position of chart corner `corner` of cell `k`.
    pub(super) fn corner(&self, k: usize, corner: Corner) -> (i32, i32) {
        let (x, y) = self.centre(k);
        let north = corner.is_north() != self.cells[k].flipped;
        let dx = if corner.is_east() { HALF } else { -HALF };
        let dy = if north { -HALF } else { HALF };
        (x + dx, y + dy)
    }

    /// What lies across screen side `direction` of cell `k`.
    pub(super) fn side(&self, k: usize, direction: Direction) -> Side {
        let cell = &self.cells[k];
        let Some(crossing) = self
            .surface
            .side(cell.real, turned(direction, cell.flipped))
        else {
            return Side::Boundary;
        };
        let (dc, dr) = step(direction);
        match self.at.get(&(cell.column + dc, cell.row + dr)) {
            Some(&t)
                if self.cells[t].real == crossing.to
                    && turned(direction.opposite(), self.cells[t].flipped) == crossing.enters =>
            {
                Side::Grid(t)
            }
            _ => Side::Seam(crossing),
        }
    }

    pub(super) fn neighbours(&self, k: usize) -> Neighbours {
        let toward = |direction| match self.side(k, direction) {
            Side::Grid(t) => Some(t as Point),
            Side::Seam(crossing) => Some(self.home[usize::from(crossing.to)] as Point),
            Side::Boundary => None,
        };
        Neighbours {
            n: toward(Direction::N),
            e: toward(Direction::E),
            s: toward(Direction::S),
            w: toward(Direction::W),
        }
    }

    pub(super) fn points(&self) -> Vec<LayoutPoint> {
        (0..self.cells.len())
            .map(|k| {
                let (x, y) = self.centre(k);
                LayoutPoint {
                    name: self.surface.label(self.cells[k].real).unwrap_or_default(),
                    x,
                    y,
                    neighbours: self.neighbours(k),
                }
            })
            .collect()
    }

    /// Grid lines joining drawn neighbours and boundary lines, collinear pieces merged.
    pub(super) fn lines(&self) -> Vec<LayoutLine> {
        let mut pieces = Vec::new();
        for k in 0..self.cells.len() {
            let (x, y) = self.centre(k);
            for direction in [Direction::E, Direction::N] {
                if let Side::Grid(t) = self.side(k, direction) {
                    let (x2, y2) = self.centre(t);
                    pieces.push(segment(LineKind::Grid, (x, y), (x2, y2)));
                }
            }
            for direction in Direction::ALL {
                if let Side::Boundary = self.side(k, direction) {
                    let (a, b) = self.side_ends(k, direction);
                    pieces.push(segment(LineKind::Boundary, a, b));
                }
            }
        }
        merge_lines(pieces)
    }

    /// The two screen ends of side `direction` of cell `k`, left to right or bottom to top.
    pub(super) fn side_ends(&self, k: usize, direction: Direction) -> ((i32, i32), (i32, i32)) {
        let (x, y) = self.centre(k);
        match direction {
            Direction::N => ((x - HALF, y - HALF), (x + HALF, y - HALF)),
            Direction::S => ((x - HALF, y + HALF), (x + HALF, y + HALF)),
            Direction::E => ((x + HALF, y + HALF), (x + HALF, y - HALF)),
            Direction::W => ((x - HALF, y + HALF), (x - HALF, y - HALF)),
        }
    }

    /// The octagons (and any other face that is not a square), with the parts of the
    /// drawing each covers: the quarter-cells around its corners.
    pub(super) fn regions(&self) -> Vec<LayoutRegion> {
        let complex = square_complex(self.surface);
        let faces = cell_graph_faces(self.surface).unwrap_or_default();
        let mut regions = Vec::new();
        for vertex in complex.vertices.iter().filter(|v| v.corners.len() > 4) {
            let mut around: Vec<Point> = vertex.corners.iter().map(|&(p, _)| p).collect();
            around.sort_unstable();
            if let Some(face) = faces.iter().find(|face| {
                let mut sorted = face.to_vec();
                sorted.sort_unstable();
                sorted == around
            }) {
                around = face.clone();
            }
            // quarter-cells grouped by the drawn corner they touch
            let mut quarters: BTreeMap<(i32, i32), Vec<LayoutRect>> = BTreeMap::new();
            for (k, cell) in self.cells.iter().enumerate() {
                for &(_, corner) in vertex.corners.iter().filter(|(p, _)| *p == cell.real) {
                    let (cx, cy) = self.centre(k);
                    let (px, py) = self.corner(k, corner);
                    quarters.entry((px, py)).or_default().push(LayoutRect {
                        x: cx.min(px),
                        y: cy.min(py),
                        width: HALF,
                        height: HALF,
                    });
                }
            }
            let mut pieces = Vec::new();
            for ((px, py), mut group) in quarters {
                if group.len() == 4 {
                    pieces.push(LayoutRect {
                        x: px - HALF,
                        y: py - HALF,
                        width: UNIT,
                        height: UNIT,
                    });
                } else {
                    group.sort_by_key(|r| (r.y, r.x));
                    pieces.extend(group);
                }
            }
            regions.push(LayoutRegion {
                number: regions.len() as u16 + 1,
                around,
                pieces,
            });
        }
        regions
    }

    /// Coordinates around each sheet's drawing: files below the columns, ranks left of
    /// the rows, and right of the rows the ranks found across the right edge when they
    /// differ (the mirrored ranks beyond a twisted seam); the chart names above the
    /// genus-two sheets.
    pub(super) fn labels(&self) -> Vec<LayoutLabel> {
        let mut labels = Vec::new();
        for sheet in 0..self.surface.sheets() as u8 {
            let in_sheet: Vec<usize> = (0..self.cells.len())
                .filter(|&k| self.cells[k].sheet == sheet)
                .collect();
            let mut columns: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
            let mut rows: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
            for &k in &in_sheet {
                columns.entry(self.cells[k].column).or_default().push(k);
                rows.entry(self.cells[k].row).or_default().push(k);
            }
            let coord = |k: usize| self.surface.coord(self.cells[k].real);
            let Some((&bottom, _)) = rows.iter().next() else {
                continue;
            };
            let top = rows.keys().next_back().copied().unwrap_or(bottom);
            for (&column, cells) in &columns {
                let files: Vec<u8> = cells
                    .iter()
                    .filter_map(|&k| coord(k))
                    .map(|c| c.x)
                    .collect();
                if files.windows(2).all(|w| w[0] == w[1]) {
                    if let Some(&file) = files.first() {
                        labels.push(LayoutLabel {
                            text: char::from(b'a' + file).to_string(),
                            x: column * UNIT,
                            y: -bottom * UNIT + LABEL_OFFSET,
                        });
                    }
                }
            }
            for (&row, cells) in &rows {
                let leftmost = cells.iter().copied().min_by_key(|&k| self.cells[k].column);
                let rightmost = cells.iter().copied().max_by_key(|&k| self.cells[k].column);
                let (Some(left), Some(right)) = (leftmost, rightmost) else {
                    continue;
                };
                let rank = |p: Point| self.surface.coord(p).map(|c| (c.y + 1).to_string());
                let Some(left_rank) = rank(self.cells[left].real) else {
                    continue;
                };
                let y = -row * UNIT;
                labels.push(LayoutLabel {
                    text: left_rank.clone(),
                    x: self.cells[left].column * UNIT - LABEL_OFFSET,
                    y,
                });
                let across = match self.side(right, Direction::E) {
                    Side::Seam(crossing) => rank(crossing.to),
                    Side::Grid(_) | Side::Boundary => None,
                };
                if let Some(across) = across.filter(|text| *text != left_rank) {
                    labels.push(LayoutLabel {
                        text: across,
                        x: self.cells[right].column * UNIT + LABEL_OFFSET,
                        y,
                    });
                }
            }
            if self.surface == Surface::Genus2 {
                let (min, max) = (
                    columns.keys().next().copied().unwrap_or(0),
                    columns.keys().next_back().copied().unwrap_or(0),
                );
                labels.push(LayoutLabel {
                    text: if sheet == 0 { "I" } else { "II" }.to_owned(),
                    x: (min + max) * UNIT / 2,
                    y: -top * UNIT - LABEL_OFFSET,
                });
            }
        }
        labels
    }

    /// Bounding box of the cells of `which`, grown by `margin` on every side.
    pub(super) fn bounds(&self, which: impl Fn(&Cell) -> bool, margin: i32) -> LayoutRect {
        let mut min = (i32::MAX, i32::MAX);
        let mut max = (i32::MIN, i32::MIN);
        for (k, cell) in self.cells.iter().enumerate() {
            if which(cell) {
                let (x, y) = self.centre(k);
                min = (min.0.min(x), min.1.min(y));
                max = (max.0.max(x), max.1.max(y));
            }
        }
        if min.0 > max.0 {
            return LayoutRect {
                x: 0,
                y: 0,
                width: 0,
                height: 0,
            };
        }
        LayoutRect {
            x: min.0 - margin,
            y: min.1 - margin,
            width: max.0 - min.0 + 2 * margin,
            height: max.1 - min.1 + 2 * margin,
        }
    }

    /// The whole layout, with `seams` and the backgrounds `areas` given.
    pub(super) fn layout(&self, seams: Vec<LayoutSeam>, areas: Vec<LayoutRect>) -> BoardLayout {
        let mut lines = self.lines();
        lines.extend(
            seams
                .iter()
                .map(|s| segment(LineKind::Seam, (s.x1, s.y1), (s.x2, s.y2))),
        );
        BoardLayout {
            unit: UNIT,
            view: self.bounds(|_| true, MARGIN),
            areas,
            points: self.points(),
            lines,
            labels: self.labels(),
            marks: Vec::new(),
            seams: Some(seams),
            regions: Some(self.regions()),
        }
    }

    /// One background per sheet, covering its points and their labels.
    pub(super) fn sheet_areas(&self) -> Vec<LayoutRect> {
        (0..self.surface.sheets() as u8)
            .map(|sheet| self.bounds(|cell| cell.sheet == sheet, MARGIN - 2))
            .collect()
    }
}

pub(super) fn segment(kind: LineKind, (x1, y1): (i32, i32), (x2, y2): (i32, i32)) -> LayoutLine {
    LayoutLine {
        kind,
        x1,
        y1,
        x2,
        y2,
    }
}

/// Joins segments of one kind that continue each other along the same line, so a row
/// of the grid is one line.
pub(super) fn merge_lines(mut pieces: Vec<LayoutLine>) -> Vec<LayoutLine> {
    let key = |l: &LayoutLine| {
        let horizontal = l.y1 == l.y2;
        let kind = l.kind as u8;
        if horizontal {
            (kind, 0, l.y1, l.x1.min(l.x2))
        } else {
            (kind, 1, l.x1, l.y1.min(l.y2))
        }
    };
    for l in &mut pieces {
        // lay every piece left to right or top to bottom
        if (l.x1, l.y1) > (l.x2, l.y2) {
            *l = segment(l.kind, (l.x2, l.y2), (l.x1, l.y1));
        }
    }
    pieces.sort_by_key(key);
    let mut merged: Vec<LayoutLine> = Vec::new();
    for piece in pieces {
        if let Some(last) = merged.last_mut() {
            let same_line = key(last).0 == key(&piece).0
                && key(last).1 == key(&piece).1
                && key(last).2 == key(&piece).2;
            if same_line && (last.x2, last.y2) == (piece.x1, piece.y1) {
                last.x2 = piece.x2;
                last.y2 = piece.y2;
                continue;
            }
        }
        merged.push(piece);
    }
    merged
}
