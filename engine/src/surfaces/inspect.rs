//! Inspecting an editor diagram: groups, chains without liberties and whether a study may
//! start from it. Creates no history.

use serde::Serialize;

use super::geometry::Surface;
use super::graphs::graph;
use super::Point;
use crate::go::{Board, BoardError, Chain};

/// What the editor shows about a diagram.
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
    Ok(Inspection {
        stable: without_liberties.is_empty(),
        without_liberties,
        area: super::rules::Area::of(&board, g),
        groups,
    })
}

/// The seed's simple sufficient two-eye certificate of one chain: at least two distinct
/// empty points each adjacent only to that chain's stones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SurfaceEyeCertificate")
)]
pub struct EyeCertificate {
    /// Index of the chain in `board.chains(graph)` (ordered by smallest stone).
    pub chain: usize,
    /// The chain's stones, ascending.
    pub stones: Vec<Point>,
    /// Every empty point whose neighbours are all stones of this chain, ascending (two
    /// or more).
    pub eyes: Vec<Point>,
}

/// Every chain of `board` on `surface` that carries the two-eye certificate. The
/// certificate proves life; its absence proves nothing (false eyes, seki).
pub fn two_eye_certificates(
    surface: Surface,
    board: &[u8],
) -> Result<Vec<EyeCertificate>, BoardError> {
    let g = graph(surface);
    let board = Board::from_colors(g, board)?;
    let chains = board.chains(g);
    let mut chain_of = vec![usize::MAX; board.len()];
    for (index, chain) in chains.iter().enumerate() {
        for &stone in &chain.stones {
            chain_of[usize::from(stone)] = index;
        }
    }
    let mut eyes: Vec<Vec<Point>> = vec![Vec::new(); chains.len()];
    for point in 0..board.len() as Point {
        if board.color_at(point).is_some() {
            continue;
        }
        let mut owners = g.neighbors(point).iter().map(|&n| chain_of[usize::from(n)]);
        let Some(first) = owners.next() else { continue };
        // An empty neighbour is no chain at all (usize::MAX), so it disqualifies the point.
        if first != usize::MAX && owners.all(|owner| owner == first) {
            eyes[first].push(point);
        }
    }
    Ok(chains
        .into_iter()
        .zip(eyes)
        .enumerate()
        .filter(|(_, (_, eyes))| eyes.len() >= 2)
        .map(|(chain, (found, eyes))| EyeCertificate {
            chain,
            stones: found.stones,
            eyes,
        })
        .collect())
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
        let certified = two_eye_certificates(surface, &board).unwrap();
        assert_eq!(certified.len(), 1, "{certified:?}");
        assert_eq!(certified[0].eyes, vec![40, 42]);
        assert_eq!(certified[0].stones.len(), black.len());
        // A white stone in one eye leaves a single eye: no certificate.
        board[42] = 2;
        assert!(two_eye_certificates(surface, &board).unwrap().is_empty());
        assert!(two_eye_certificates(surface, &[0u8; 3]).is_err());
        assert!(two_eye_certificates(surface, &vec![0u8; surface.points()])
            .unwrap()
            .is_empty());
    }
}
