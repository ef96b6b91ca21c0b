//! How a board is drawn, as data: where each point sits, its name and cardinal
//! neighbours, the lines, labels and marks around the points.
//!
//! The screens draw every board from a [`BoardLayout`] and decide nothing about its shape,
//! so a square Go board and the surfaces' charts (points on several sheets, seams whose
//! crossing neighbours are far apart on the screen) are drawn by the same component.
//! Positions are integers in layout units; [`BoardLayout::unit`] is the distance between
//! two neighbouring points, so stones and marks scale with it.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Point;

/// Distance between neighbouring points of a square board, in layout units.
const UNIT: i32 = 100;
/// Room left of the grid (row numbers) and below it (column letters).
const LABEL_MARGIN: i32 = 96;
/// Room above and right of the grid.
const FAR_MARGIN: i32 = 66;
/// Gap between the drawing's edge and the board's background.
const INSET: i32 = 2;
/// Largest square board with a column letter per file.
pub const MAX_SQUARE_SIZE: u8 = 19;

/// A board that cannot be laid out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// The square size is outside `1..=MAX_SQUARE_SIZE`.
    #[error("a square board has 1 to {MAX_SQUARE_SIZE} points per side, not {size}")]
    BadSize {
        /// The refused size.
        size: u8,
    },
    /// A drawing was asked for around a point the board does not have.
    #[error("point {point} is not on this board")]
    NotAPoint {
        /// The refused point.
        point: usize,
    },
}

/// A rectangle in layout units (`y` grows downwards, as on screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutRect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub width: i32,
    /// Height.
    pub height: i32,
}

/// The point reached by each arrow key from a point; `None` where the board ends. On a
/// surface a neighbour may lie across a seam, far from the point on the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Neighbours {
    /// Up on the screen (towards higher rows).
    pub n: Option<Point>,
    /// Right on the screen.
    pub e: Option<Point>,
    /// Down on the screen.
    pub s: Option<Point>,
    /// Left on the screen.
    pub w: Option<Point>,
}

/// One point: its name as players write it, its position and its neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutPoint {
    /// The name used everywhere for this point (records' words, rejections, the screen).
    pub name: String,
    /// Centre, horizontally.
    pub x: i32,
    /// Centre, vertically.
    pub y: i32,
    /// Where the arrow keys go from here.
    pub neighbours: Neighbours,
}

/// What a line of the drawing is, so each kind has its own look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// A line joining neighbouring points.
    Grid,
    /// A side glued to another side: crossing it leads to the matching seam.
    Seam,
    /// A physical edge of the surface: nothing lies beyond it.
    Boundary,
}

/// A straight segment of the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutLine {
    /// Kind of line.
    pub kind: LineKind,
    /// Start, horizontally.
    pub x1: i32,
    /// Start, vertically.
    pub y1: i32,
    /// End, horizontally.
    pub x2: i32,
    /// End, vertically.
    pub y2: i32,
}

/// A text drawn centred on a position (coordinates, chart names, seam letters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutLabel {
    /// The text.
    pub text: String,
    /// Centre, horizontally.
    pub x: i32,
    /// Centre, vertically.
    pub y: i32,
}

/// A fixed mark of the board itself (not of a position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// A star point (hoshi).
    Star,
}

/// A fixed mark at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutMark {
    /// Kind of mark.
    pub kind: MarkKind,
    /// Centre, horizontally.
    pub x: i32,
    /// Centre, vertically.
    pub y: i32,
}

/// One of the two glued sides of a seam, drawn from `(x1, y1)` to `(x2, y2)`: the start
/// of one side is glued to the start of the other, so arrows drawn along both show how
/// the gluing runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutSeam {
    /// The seam's number, shared by its two sides (from 1).
    pub number: u16,
    /// Index of the seam's colour in the screen's palette, shared by its two sides.
    pub colour: u16,
    /// True when the gluing reverses the drawing's orientation (a twisted seam).
    pub flips: bool,
    /// Towards the points this side bounds, horizontally (-1, 0 or 1): the two sides of
    /// one drawn line can belong to different seams (a slit).
    pub inward_x: i32,
    /// Towards the points this side bounds, vertically (-1, 0 or 1).
    pub inward_y: i32,
    /// Start, horizontally.
    pub x1: i32,
    /// Start, vertically.
    pub y1: i32,
    /// End, horizontally.
    pub x2: i32,
    /// End, vertically.
    pub y2: i32,
}

/// A face of the board's graph that is no point and no eye (the genus-two octagons),
/// drawn as the rectangles `pieces`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutRegion {
    /// The region's number (from 1).
    pub number: u16,
    /// The points around the face, in cyclic order (its sides join consecutive ones).
    pub around: Vec<Point>,
    /// The parts of the drawing the face covers; on a cut chart it falls in several places.
    pub pieces: Vec<LayoutRect>,
}

/// Everything needed to draw a board and move around it, point `p` being `points[p]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardLayout {
    /// Distance between two neighbouring points; stones and marks are sized from it.
    pub unit: i32,
    /// The part of the plane the drawing covers.
    pub view: LayoutRect,
    /// Board backgrounds (one per chart).
    pub areas: Vec<LayoutRect>,
    /// Every point, indexed by its number.
    pub points: Vec<LayoutPoint>,
    /// Grid lines and seams.
    pub lines: Vec<LayoutLine>,
    /// Coordinates and other texts.
    pub labels: Vec<LayoutLabel>,
    /// Star points and other fixed marks.
    pub marks: Vec<LayoutMark>,
    /// The glued sides of a surface's chart; absent on a plain board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seams: Option<Vec<LayoutSeam>>,
    /// Faces of the graph drawn as empty regions; absent on a plain board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub regions: Option<Vec<LayoutRegion>>,
}

/// Column letters as Go players write them: `I` is skipped so it is never read as 1.
const COLUMN_LETTERS: &[u8; MAX_SQUARE_SIZE as usize] = b"ABCDEFGHJKLMNOPQRST";

/// The name of a point of a square board: column letter then row number, `A1` bottom left.
pub fn square_point_name(point: Point, size: u8) -> String {
    let size = u16::from(size.max(1));
    let column = COLUMN_LETTERS
        .get(usize::from(point % size))
        .map_or('?', |&letter| char::from(letter));
    format!("{column}{}", point / size + 1)
}

impl BoardLayout {
    /// The square board of `size` points per side: `A1` bottom left, point
    /// `row * size + column`, column letters below and row numbers left of the grid.
    pub fn square(size: u8) -> Result<BoardLayout, LayoutError> {
        if !(1..=MAX_SQUARE_SIZE).contains(&size) {
            return Err(LayoutError::BadSize { size });
        }
        let n = i32::from(size);
        let far = (n - 1) * UNIT;
        let span = LABEL_MARGIN + FAR_MARGIN + far;
        let view = LayoutRect {
            x: -LABEL_MARGIN,
            y: -FAR_MARGIN,
            width: span,
            height: span,
        };
        let area = LayoutRect {
            x: view.x + INSET,
            y: view.y + INSET,
            width: span - 2 * INSET,
            height: span - 2 * INSET,
        };
        let at = |row: i32, column: i32| (row * n + column) as Point;
        let inside = |row: i32, column: i32| (0..n).contains(&row) && (0..n).contains(&column);
        let step = |row: i32, column: i32| inside(row, column).then(|| at(row, column));
        let points = (0..n * n)
            .map(|p| {
                let (row, column) = (p / n, p % n);
                LayoutPoint {
                    name: square_point_name(p as Point, size),
                    x: column * UNIT,
                    // A1 is bottom left, so higher rows are drawn higher up.
                    y: (n - 1 - row) * UNIT,
                    neighbours: Neighbours {
                        n: step(row + 1, column),
                        e: step(row, column + 1),
                        s: step(row - 1, column),
                        w: step(row, column - 1),
                    },
                }
            })
            .collect();
        let mut lines = Vec::with_capacity(2 * usize::from(size));
        let mut labels = Vec::with_capacity(2 * usize::from(size));
        for i in 0..n {
            let along = i * UNIT;
            lines.push(LayoutLine {
                kind: LineKind::Grid,
                x1: 0,
                y1: along,
                x2: far,
                y2: along,
            });
            lines.push(LayoutLine {
                kind: LineKind::Grid,
                x1: along,
                y1: 0,
                x2: along,
                y2: far,
            });
            let name = square_point_name(i as Point, size);
            labels.push(LayoutLabel {
                text: name[..1].to_owned(),
                x: along,
                y: far + 69,
            });
            labels.push(LayoutLabel {
                text: (i + 1).to_string(),
                x: -66,
                y: far - along,
            });
        }
        // Only the 5×5 board has a star point worth marking: its centre.
        let marks = if size == 5 {
            vec![LayoutMark {
                kind: MarkKind::Star,
                x: 2 * UNIT,
                y: 2 * UNIT,
            }]
        } else {
            Vec::new()
        };
        Ok(BoardLayout {
            unit: UNIT,
            view,
            areas: vec![area],
            points,
            lines,
            labels,
            marks,
            seams: None,
            regions: None,
        })
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// True for a layout without points.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The name of `point`, if it is on the board.
    pub fn name(&self, point: Point) -> Option<&str> {
        self.points.get(usize::from(point)).map(|p| p.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_neighbours_stop_at_the_edges() {
        let layout = BoardLayout::square(5).unwrap();
        assert_eq!(layout.len(), 25);
        let corner = layout.points[0].neighbours;
        assert_eq!(
            corner,
            Neighbours {
                n: Some(5),
                e: Some(1),
                s: None,
                w: None
            }
        );
        let centre = layout.points[12].neighbours;
        assert_eq!(
            centre,
            Neighbours {
                n: Some(17),
                e: Some(13),
                s: Some(7),
                w: Some(11)
            }
        );
        let top_right = layout.points[24].neighbours;
        assert_eq!((top_right.n, top_right.e), (None, None));
        assert_eq!((top_right.s, top_right.w), (Some(19), Some(23)));
    }

    #[test]
    fn neighbours_are_mutual_on_every_size() {
        for size in 1..=MAX_SQUARE_SIZE {
            let layout = BoardLayout::square(size).unwrap();
            for (p, point) in layout.points.iter().enumerate() {
                let p = p as Point;
                let back = |q: Option<Point>, pick: fn(&Neighbours) -> Option<Point>| {
                    q.map(|q| pick(&layout.points[usize::from(q)].neighbours))
                };
                let nb = point.neighbours;
                assert!(back(nb.n, |b| b.s).is_none_or(|q| q == Some(p)));
                assert!(back(nb.e, |b| b.w).is_none_or(|q| q == Some(p)));
                assert!(back(nb.s, |b| b.n).is_none_or(|q| q == Some(p)));
                assert!(back(nb.w, |b| b.e).is_none_or(|q| q == Some(p)));
            }
        }
    }

    #[test]
    fn square_names_run_from_a1_bottom_left() {
        let layout = BoardLayout::square(5).unwrap();
        let names: Vec<&str> = [0, 4, 12, 20, 24]
            .iter()
            .map(|&p| layout.name(p).unwrap())
            .collect();
        assert_eq!(names, ["A1", "E1", "C3", "A5", "E5"]);
        assert_eq!(layout.name(25), None);
        // The engine's words (rejections, records) name points the same way.
        for p in 0..25 {
            assert_eq!(
                layout.name(p).unwrap(),
                crate::timego::point_name(p, 5).as_str()
            );
        }
    }

    #[test]
    fn columns_skip_the_letter_i() {
        assert_eq!(square_point_name(7, 19), "H1");
        assert_eq!(square_point_name(8, 19), "J1");
        assert_eq!(square_point_name(18 + 19 * 18, 19), "T19");
    }

    #[test]
    fn higher_rows_are_drawn_higher_and_inside_the_view() {
        let layout = BoardLayout::square(4).unwrap();
        assert!(layout.points[4].y < layout.points[0].y);
        assert_eq!(layout.points[1].x - layout.points[0].x, layout.unit);
        let v = layout.view;
        for point in &layout.points {
            assert!(point.x > v.x && point.x < v.x + v.width);
            assert!(point.y > v.y && point.y < v.y + v.height);
        }
        let labels: Vec<&str> = layout.labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(labels, ["A", "1", "B", "2", "C", "3", "D", "4"]);
    }

    #[test]
    fn only_the_five_board_has_a_star_point() {
        assert_eq!(BoardLayout::square(5).unwrap().marks.len(), 1);
        assert!(BoardLayout::square(4).unwrap().marks.is_empty());
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert_eq!(
            BoardLayout::square(0),
            Err(LayoutError::BadSize { size: 0 })
        );
        assert_eq!(
            BoardLayout::square(20),
            Err(LayoutError::BadSize { size: 20 })
        );
    }
}
