//! The three boards as cell charts: coordinates, labels and the side gluings that make
//! up each surface. Everything else (adjacency, topology, symmetry) is derived from
//! [`Surface::side`], so the gluing table in this file is the single source of truth.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::Point;

/// Files of every chart, `a` to `i` including `i`.
pub const FILES: usize = 9;
/// Points of one genus-two chart.
const CHART: usize = 81;

/// One of the three playing surfaces; serialized as its graph identifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Surface {
    /// Möbius strip, 9 × 11 points, one physical boundary.
    #[serde(rename = "go-mobius-9x11-v1")]
    Mobius,
    /// Klein bottle, 9 × 18 points, closed and non-orientable.
    #[serde(rename = "go-klein-9x18-v1")]
    Klein,
    /// Genus-two staircase surface, two 9 × 9 charts, closed and orientable.
    #[serde(rename = "go-genus2-staircase-9x9-v1")]
    Genus2,
}

/// A cardinal direction on a chart (north is towards higher ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Direction {
    /// Towards higher ranks.
    N,
    /// Towards later files.
    E,
    /// Towards lower ranks.
    S,
    /// Towards earlier files.
    W,
}

impl Direction {
    /// All four directions in the order N, E, S, W.
    pub const ALL: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];

    /// The direction pointing back.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::N => Direction::S,
            Direction::E => Direction::W,
            Direction::S => Direction::N,
            Direction::W => Direction::E,
        }
    }

    /// Parses `N`, `E`, `S` or `W`.
    pub fn parse(text: &str) -> Option<Direction> {
        match text {
            "N" => Some(Direction::N),
            "E" => Some(Direction::E),
            "S" => Some(Direction::S),
            "W" => Some(Direction::W),
            _ => None,
        }
    }
}

/// Displayed coordinates of a point: chart (0 for `I`, 1 for `II`), file and rank from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Coord {
    /// Chart index: always 0 except for the second genus-two chart.
    pub sheet: u8,
    /// File from 0 (`a`).
    pub x: u8,
    /// Displayed rank from 0 (rank 1).
    pub y: u8,
}

/// Crossing one side of a cell: the cell reached, which of its sides is entered, and
/// whether the crossing reverses the north–south sense (a twisted seam).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The adjacent point.
    pub to: Point,
    /// The side of `to` through which the crossing enters.
    pub enters: Direction,
    /// True when the gluing reflects the side (the Möbius and Klein side seams).
    pub reversed: bool,
}

impl Surface {
    /// The three surfaces.
    pub const ALL: [Surface; 3] = [Surface::Mobius, Surface::Klein, Surface::Genus2];

    /// The graph identifier used in records.
    pub fn id(self) -> &'static str {
        match self {
            Surface::Mobius => "go-mobius-9x11-v1",
            Surface::Klein => "go-klein-9x18-v1",
            Surface::Genus2 => "go-genus2-staircase-9x9-v1",
        }
    }

    /// The surface with graph identifier `id`.
    pub fn from_id(id: &str) -> Option<Surface> {
        Surface::ALL.into_iter().find(|surface| surface.id() == id)
    }

    /// The short variant name (`mobius`, `klein`, `genus2`).
    pub fn variant(self) -> &'static str {
        match self {
            Surface::Mobius => "mobius",
            Surface::Klein => "klein",
            Surface::Genus2 => "genus2",
        }
    }

    /// Number of playable points.
    pub fn points(self) -> usize {
        self.sheets() * FILES * self.ranks()
    }

    /// Ranks of one chart.
    pub fn ranks(self) -> usize {
        match self {
            Surface::Mobius => 11,
            Surface::Klein => 18,
            Surface::Genus2 => 9,
        }
    }

    /// Number of charts (two on genus two).
    pub fn sheets(self) -> usize {
        match self {
            Surface::Genus2 => 2,
            _ => 1,
        }
    }

    /// Displayed coordinates of `point`, if it is on the board.
    pub fn coord(self, point: Point) -> Option<Coord> {
        let p = usize::from(point);
        if p >= self.points() {
            return None;
        }
        let per_sheet = FILES * self.ranks();
        let within = p % per_sheet;
        Some(Coord {
            sheet: (p / per_sheet) as u8,
            x: (within % FILES) as u8,
            y: (within / FILES) as u8,
        })
    }

    /// Canonical index of displayed coordinates: `9*y+x`, or `81*sheet+9*y+x` on genus two.
    pub fn point(self, coord: Coord) -> Option<Point> {
        let (sheet, x, y) = (
            usize::from(coord.sheet),
            usize::from(coord.x),
            usize::from(coord.y),
        );
        if sheet >= self.sheets() || x >= FILES || y >= self.ranks() {
            return None;
        }
        Some((sheet * FILES * self.ranks() + FILES * y + x) as Point)
    }

    /// Display label: `e5`, or `I:a1` / `II:a1` on genus two.
    pub fn label(self, point: Point) -> Option<String> {
        let coord = self.coord(point)?;
        let file = char::from(b'a' + coord.x);
        let rank = usize::from(coord.y) + 1;
        Some(match self {
            Surface::Genus2 => {
                let chart = if coord.sheet == 0 { "I" } else { "II" };
                format!("{chart}:{file}{rank}")
            }
            _ => format!("{file}{rank}"),
        })
    }

    /// The point with display label `label`, if there is one.
    pub fn parse_label(self, label: &str) -> Option<Point> {
        let (sheet, rest) = match self {
            Surface::Genus2 => {
                if let Some(rest) = label.strip_prefix("II:") {
                    (1u8, rest)
                } else {
                    (0u8, label.strip_prefix("I:")?)
                }
            }
            _ => (0u8, label),
        };
        let mut chars = rest.chars();
        let file = chars.next()?;
        if !('a'..='i').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if rank == 0 || rank > self.ranks() {
            return None;
        }
        self.point(Coord {
            sheet,
            x: file as u8 - b'a',
            y: (rank - 1) as u8,
        })
    }

    /// What lies across side `direction` of cell `point`: `None` off the board or at the
    /// Möbius boundary.
    pub fn side(self, point: Point, direction: Direction) -> Option<Crossing> {
        let coord = self.coord(point)?;
        let (x, y) = (usize::from(coord.x), usize::from(coord.y));
        match self {
            Surface::Mobius | Surface::Klein => self.side_twisted(x, y, direction),
            Surface::Genus2 => Some(genus2_side(usize::from(coord.sheet), x, y, direction)),
        }
    }

    /// The cardinal neighbour of `point` in `direction`, or `None` at the Möbius boundary.
    pub fn cardinal_neighbor(self, point: Point, direction: Direction) -> Option<Point> {
        self.side(point, direction).map(|crossing| crossing.to)
    }

    /// Sorted adjacency lists of every point (the cell-center graph).
    pub fn adjacency(self) -> Vec<Vec<Point>> {
        (0..self.points() as Point)
            .map(|point| {
                let mut neighbors: Vec<Point> = Direction::ALL
                    .into_iter()
                    .filter_map(|direction| self.cardinal_neighbor(point, direction))
                    .collect();
                neighbors.sort_unstable();
                neighbors
            })
            .collect()
    }

    /// Side gluings of the Möbius strip and the Klein bottle: the east–west seam sends
    /// rank `r` to `ranks+1-r`; Klein also wraps north–south without reflection.
    fn side_twisted(self, x: usize, y: usize, direction: Direction) -> Option<Crossing> {
        let ranks = self.ranks();
        let at = |x: usize, y: usize| (FILES * y + x) as Point;
        let plain = |to| Crossing {
            to,
            enters: direction.opposite(),
            reversed: false,
        };
        let seam = |to| Crossing {
            to,
            enters: direction.opposite(),
            reversed: true,
        };
        Some(match direction {
            Direction::E if x + 1 < FILES => plain(at(x + 1, y)),
            Direction::E => seam(at(0, ranks - 1 - y)),
            Direction::W if x > 0 => plain(at(x - 1, y)),
            Direction::W => seam(at(FILES - 1, ranks - 1 - y)),
            Direction::N if y + 1 < ranks => plain(at(x, y + 1)),
            Direction::S if y > 0 => plain(at(x, y - 1)),
            Direction::N if self == Surface::Klein => plain(at(x, 0)),
            Direction::S if self == Surface::Klein => plain(at(x, ranks - 1)),
            Direction::N | Direction::S => return None,
        })
    }
}

/// Raw genus-two rank of a displayed rank: `rawY = (displayedY + sheet) % 9`.
pub fn genus2_raw_rank(sheet: usize, displayed_y: usize) -> usize {
    (displayed_y + sheet) % FILES
}

/// Displayed genus-two rank of a raw rank (the second chart's display is shifted down one).
pub fn genus2_displayed_rank(sheet: usize, raw_y: usize) -> usize {
    (raw_y + FILES - sheet % FILES) % FILES
}

/// True when the raw side between rows `raw_y` and `raw_y + 1` of file `x` lies on the
/// staircase slit (crossing it changes chart).
fn slit_north_of(x: usize, raw_y: usize) -> bool {
    (raw_y == 3 && x <= 3) || (raw_y == 4 && x == 4) || (raw_y == 5 && x >= 5)
}

/// True when the raw side between files `x` and `x + 1` of row `raw_y` lies on the slit.
fn slit_east_of(x: usize, raw_y: usize) -> bool {
    (x == 3 && raw_y == 4) || (x == 4 && raw_y == 5)
}

/// Side gluing of the genus-two surface: two tori (each chart wraps) cut along the same
/// staircase slit in raw coordinates and glued crosswise along it.
fn genus2_side(sheet: usize, x: usize, y: usize, direction: Direction) -> Crossing {
    let n = FILES;
    let raw_y = genus2_raw_rank(sheet, y);
    let (to_x, to_raw_y, crosses) = match direction {
        Direction::N => (x, (raw_y + 1) % n, slit_north_of(x, raw_y)),
        Direction::S => (
            x,
            (raw_y + n - 1) % n,
            slit_north_of(x, (raw_y + n - 1) % n),
        ),
        Direction::E => ((x + 1) % n, raw_y, slit_east_of(x, raw_y)),
        Direction::W => ((x + n - 1) % n, raw_y, slit_east_of((x + n - 1) % n, raw_y)),
    };
    let to_sheet = if crosses { 1 - sheet } else { sheet };
    let to_y = genus2_displayed_rank(to_sheet, to_raw_y);
    Crossing {
        to: (CHART * to_sheet + n * to_y + to_x) as Point,
        enters: direction.opposite(),
        reversed: false,
    }
}

impl fmt::Display for Surface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
