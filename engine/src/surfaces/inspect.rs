//! Inspecting a board (an editor diagram or the board in play): groups with their
//! liberties, chains without liberties, whether a study may start from it, and the rules
//! document's two-eye certificate. Creates no history.
//!
//! The certificate: two distinct empty points, each adjacent only to stones of the same
//! connected chain, keep that chain alive — the opponent cannot fill either while the
//! other remains a liberty. It is sufficient, not necessary: chains it does not certify
//! may still live (seki, larger eyes), and it is not a life-and-death classifier.

use serde::Serialize;

use super::geometry::Surface;
use super::graphs::graph;
use super::Point;
use crate::go::{Board, BoardError, Chain, Color};

/// An empty point every neighbour of which is a stone of one colour: an eye if its wall
/// is one chain, a possible false eye if the wall is several chains.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceEye"))]
pub struct Eye {
    /// The empty point.
    pub point: Point,
    /// The colour of every stone around it.
    pub color: Color,
    /// Indices into the inspection's `groups` of the chains forming its wall, ascending.
    pub wall: Vec<usize>,
    /// True when the wall is one chain: the point counts towards that chain's certificate.
    /// A wall of several chains can be broken by capturing one of them (a false eye).
    pub single_chain: bool,
}

/// A chain certified alive by two eyes of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SurfaceEyeCertificate")
)]
pub struct Certificate {
    /// Index into the inspection's `groups` of the chain.
    pub chain: usize,
    /// Every empty point adjacent only to this chain (two or more), ascending; any two
    /// of them prove the chain cannot be captured.
    pub eyes: Vec<Point>,
}

/// What the editor and the inspect mode show about a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SurfaceBoardInspection")
)]
pub struct Inspection {
    /// Every chain with its distinct liberties, ordered by smallest stone.
    pub groups: Vec<Chain>,
    /// Indices into `groups` of the chains without any liberty.
    pub without_liberties: Vec<usize>,
    /// True when every chain has a liberty, so a study may start here.
    pub stable: bool,
    /// Area counts of the diagram as it stands.
    pub area: super::rules::Area,
    /// Every empty point surrounded by one colour, ascending by point.
    pub eyes: Vec<Eye>,
    /// The chains certified alive by the two-eye certificate, ascending by chain.
    pub certified: Vec<Certificate>,
}

/// Inspects `board` on `surface` (it may hold chains without liberties).
pub fn inspect_board(surface: Surface, board: &[u8]) -> Result<Inspection, BoardError> {
    let g = graph(surface);
    let board = Board::from_colors(g, board)?;
    let groups = board.chains(g);
    let without_liberties: Vec<usize> = groups
        .iter()
        .enumerate()
        .filter(|(_, chain)| chain.liberties.is_empty())
        .map(|(k, _)| k)
        .collect();
    let mut chain_of = vec![usize::MAX; board.len()];
    for (k, chain) in groups.iter().enumerate() {
        for &stone in &chain.stones {
            chain_of[usize::from(stone)] = k;
        }
    }
    let cells = board.colors();
    let mut eyes = Vec::new();
    for point in 0..board.len() {
        if cells[point] != 0 {
            continue;
        }
        let neighbors = g.neighbors(point as Point);
        let Some(color) = neighbors
            .first()
            .and_then(|&n| Color::from_cell(cells[usize::from(n)]))
        else {
            continue;
        };
        if neighbors
            .iter()
            .any(|&n| cells[usize::from(n)] != color.cell())
        {
            continue;
        }
        let mut wall: Vec<usize> = neighbors
            .iter()
            .map(|&n| chain_of[usize::from(n)])
            .collect();
        wall.sort_unstable();
        wall.dedup();
        eyes.push(Eye {
            point: point as Point,
            color,
            single_chain: wall.len() == 1,
            wall,
        });
    }
    let certified = (0..groups.len())
        .filter_map(|chain| {
            let own: Vec<Point> = eyes
                .iter()
                .filter(|eye| eye.single_chain && eye.wall[0] == chain)
                .map(|eye| eye.point)
                .collect();
            (own.len() >= 2).then_some(Certificate { chain, eyes: own })
        })
        .collect();
    Ok(Inspection {
        stable: without_liberties.is_empty(),
        without_liberties,
        area: super::rules::Area::of(&board, g),
        groups,
        eyes,
        certified,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_chain_around_two_single_point_eyes_is_certified_and_one_eye_is_not() {
        let surface = Surface::Klein;
        // Black d4–h4, d5, f5, h5 and d6–h6: eyes at e5 (40) and g5 (42).
        let black: [usize; 13] = [30, 31, 32, 33, 34, 39, 41, 43, 48, 49, 50, 51, 52];
        let mut board = vec![0u8; surface.points()];
        for stone in black {
            board[stone] = 1;
        }
        let certified = inspect_board(surface, &board).unwrap().certified;
        assert_eq!(certified.len(), 1, "{certified:?}");
        assert_eq!(certified[0].eyes, vec![40, 42]);
        // A white stone in one eye leaves a single eye: no certificate.
        board[42] = 2;
        assert!(inspect_board(surface, &board).unwrap().certified.is_empty());
        assert!(inspect_board(surface, &[0u8; 3]).is_err());
        assert!(inspect_board(surface, &vec![0u8; surface.points()])
            .unwrap()
            .certified
            .is_empty());
    }
}
