//! Attack masks: whether an opposing piece of the present can move onto a king instance,
//! answered with bit operations on the layers' occupancy masks and precomputed tables
//! instead of walking over pieces and displacements.
//!
//! A piece commanded in layer `top` reaches an instance `back` turns earlier only with a
//! move that goes exactly `back` turns back (A.3), which leaves few shapes:
//!
//! - `back == 0`: chess attacks within the layer (knight, king, pawn diagonals, sliders
//!   stopped by the first piece met);
//! - `back == 1`: a knight two squares away along a file or rank, a king on the same
//!   square or an orthogonal neighbour, a rook or queen on the same square, a bishop or
//!   queen on an orthogonal neighbour (no intermediate position for any of them);
//! - `back == 2`: a knight on an orthogonal neighbour;
//! - `2 <= back <= 7`: a rook or queen on the same square sliding straight back along t,
//!   or a bishop or queen `back` squares away along a file or rank sliding back along t
//!   and that axis; the slide passes one position per intermediate layer, `j` turns below
//!   `top` for its `j`-th step, and each must be empty.
//!
//! Pawns attack only their in-layer diagonal: a pawn's step into the future captures
//! nothing now (rules page, Decision 5).

use super::coord::Square;
use super::geometry::MAX_SLIDE;
use super::layer::Masks;
use super::piece::{Color, Kind};

/// The eight directions within a layer as (file step, rank step): four orthogonal, then
/// four diagonal.
const COMPASS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// The squares at in-layer offsets `offsets` from each square, clipped to the board.
const fn offsets_mask(offsets: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (file, rank) = ((s % 8) as i32, (s / 8) as i32);
        let mut i = 0;
        while i < offsets.len() {
            let (f, r) = (file + offsets[i].0, rank + offsets[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[s] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// The squares strictly beyond each square along each of the `COMPASS` directions.
const fn rays() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            let (mut f, mut r) = ((s % 8) as i32, (s / 8) as i32);
            loop {
                f += COMPASS[d].0;
                r += COMPASS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                table[d][s] |= 1u64 << (r * 8 + f);
            }
            s += 1;
        }
        d += 1;
    }
    table
}

/// For each distance `d` in `0..8`, the squares exactly `d` away along a file or a rank.
const fn orthogonal_at() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 1;
    while d < 8 {
        table[d as usize] = offsets_mask(&[(d, 0), (-d, 0), (0, d), (0, -d)]);
        d += 1;
    }
    table
}

/// The union of masks of `tables`.
const fn union(tables: &[[u64; 64]]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < tables.len() {
            table[s] |= tables[i][s];
            i += 1;
        }
        s += 1;
    }
    table
}

/// In-layer knight leaps.
const KNIGHT: [u64; 64] = offsets_mask(&[
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
]);

/// In-layer king steps.
const KING: [u64; 64] = offsets_mask(&COMPASS);

/// Squares from which a white pawn attacks each square (one rank below, one file aside).
const WHITE_PAWN_FROM: [u64; 64] = offsets_mask(&[(-1, -1), (1, -1)]);

/// Squares from which a black pawn attacks each square (one rank above, one file aside).
const BLACK_PAWN_FROM: [u64; 64] = offsets_mask(&[(-1, 1), (1, 1)]);

/// `RAYS[d][s]`: the squares strictly beyond `s` in direction `COMPASS[d]`.
const RAYS: [[u64; 64]; 8] = rays();

/// `ORTHOGONAL_AT[d][s]`: the squares exactly `d` away from `s` along its file or rank.
const ORTHOGONAL_AT: [[u64; 64]; 8] = orthogonal_at();

/// Every square a rook on an empty layer reaches from each square.
const ROOK_LINES: [u64; 64] = union(&[RAYS[0], RAYS[1], RAYS[2], RAYS[3]]);

/// Every square a bishop on an empty layer reaches from each square.
const BISHOP_LINES: [u64; 64] = union(&[RAYS[4], RAYS[5], RAYS[6], RAYS[7]]);

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a file, a
/// rank or a diagonal of the layer; empty otherwise.
static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (mut f, mut r) = ((a % 8) as i32, (a / 8) as i32);
            let mut path = 0u64;
            loop {
                f += COMPASS[d].0;
                r += COMPASS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                let b = (r * 8 + f) as usize;
                table[a][b] = path;
                path |= 1u64 << b;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// The squares of its own layer a piece of `kind` on `square` moves to or captures on
/// within that layer, ignoring time and king safety (nothing for pawns and kings): a
/// knight's leaps, or each slide up to and including the first occupied square. The
/// evaluation's mobility reads it.
pub(super) fn in_layer_reach(kind: Kind, square: usize, occupied: u64) -> u64 {
    let directions = match kind {
        Kind::Knight => return KNIGHT[square],
        Kind::Rook => 0..4,
        Kind::Bishop => 4..8,
        Kind::Queen => 0..8,
        Kind::Pawn | Kind::King => return 0,
    };
    let mut reach = 0;
    for direction in directions {
        let ray = RAYS[direction][square];
        let blockers = ray & occupied;
        reach |= if blockers == 0 {
            ray
        } else {
            // COMPASS's east, north, north-east and north-west raise the square index;
            // the others lower it, so their first blocker is the highest bit.
            let first = if matches!(direction, 0 | 1 | 4 | 5) {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            };
            ray & !RAYS[direction][first as usize]
        };
    }
    reach
}

/// Whether a slider among `straight` (rooks, queens) or `diagonal` (bishops, queens)
/// reaches `square` within one layer of occupancy `occupied`: one on a line through the
/// square with nothing in between.
fn slides_onto(occupied: u64, square: usize, straight: u64, diagonal: u64) -> bool {
    let mut sliders = (ROOK_LINES[square] & straight) | (BISHOP_LINES[square] & diagonal);
    while sliders != 0 {
        let from = sliders.trailing_zeros() as usize;
        sliders &= sliders - 1;
        if BETWEEN[square][from] & occupied == 0 {
            return true;
        }
    }
    false
}

/// The pieces of one side that could take a king, as masks of the layer they move from.
pub(super) struct Attackers {
    /// Their side (a pawn's capture direction depends on it).
    color: Color,
    /// Every occupied square of their layer: what stops a slide within it.
    occupied: u64,
    pawns: u64,
    knights: u64,
    kings: u64,
    /// Rooks and queens.
    straight: u64,
    /// Bishops and queens.
    diagonal: u64,
}

impl Attackers {
    /// The pieces of `color` in the layer whose masks are `top`.
    pub(super) fn new(top: &Masks, color: Color) -> Attackers {
        let queens = top.of(color, Kind::Queen);
        Attackers {
            color,
            occupied: top.occupied,
            pawns: top.of(color, Kind::Pawn),
            knights: top.of(color, Kind::Knight),
            kings: top.of(color, Kind::King),
            straight: top.of(color, Kind::Rook) | queens,
            diagonal: top.of(color, Kind::Bishop) | queens,
        }
    }

    /// Whether one of these pieces can move onto `square` of the layer `back` turns below
    /// theirs. `occupied_below(j)` is the occupancy of the layer `j` turns below theirs
    /// (asked for `0 < j < back`), whose position on a slide's path must be empty.
    pub(super) fn reach(
        &self,
        square: Square,
        back: u32,
        occupied_below: &impl Fn(u32) -> u64,
    ) -> bool {
        let s = square as usize;
        let bit = 1u64 << s;
        match back {
            0 => {
                let pawns_from = match self.color {
                    Color::White => WHITE_PAWN_FROM[s],
                    Color::Black => BLACK_PAWN_FROM[s],
                };
                KNIGHT[s] & self.knights != 0
                    || KING[s] & self.kings != 0
                    || pawns_from & self.pawns != 0
                    || slides_onto(self.occupied, s, self.straight, self.diagonal)
            }
            1 => {
                ORTHOGONAL_AT[2][s] & self.knights != 0
                    || ORTHOGONAL_AT[1][s] & (self.kings | self.diagonal) != 0
                    || bit & (self.kings | self.straight) != 0
            }
            _ if back <= MAX_SLIDE as u32 => {
                if back == 2 && ORTHOGONAL_AT[1][s] & self.knights != 0 {
                    return true;
                }
                // Straight back along t: every intermediate layer's copy of the square empty.
                if bit & self.straight != 0 && (1..back).all(|j| occupied_below(j) & bit == 0) {
                    return true;
                }
                // Back along t and one of x, y: the j-th step is j squares from the attacker.
                let mut from = ORTHOGONAL_AT[back as usize][s] & self.diagonal;
                while from != 0 {
                    let a = from.trailing_zeros() as i32;
                    from &= from - 1;
                    // Same file or same rank, so this is ±1 or ±8 exactly.
                    let unit = (s as i32 - a) / back as i32;
                    if (1..back).all(|j| occupied_below(j) & (1u64 << (a + j as i32 * unit)) == 0) {
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }
}

/// Most king instances `PastKings` holds (one per layer, plus braindead copies).
const MAX_PAST_KINGS: usize = 16;

/// One side's king instances two to seven turns below the attackers' layer, with the
/// squares of that layer an attacker would have to stand on to reach one of them. The
/// layers they stand in lie below the present, so the moves being judged in a position
/// leave them alone: they are gathered once, and most moves are cleared by three mask
/// tests.
pub(super) struct PastKings {
    /// (square, turns below the attackers' layer); `None` when there are too many to hold.
    instances: Option<([(Square, u32); MAX_PAST_KINGS], usize)>,
    /// Where a rook or queen would have to stand: the instances' own squares.
    straight: u64,
    /// Where a bishop or queen would have to stand: `back` squares along a file or rank.
    diagonal: u64,
    /// Where a knight would have to stand: next to an instance two turns below.
    knights: u64,
}

impl PastKings {
    /// Gathers the instances; `kings(back)` is the mask of the king's instances in the
    /// layer `back` turns below the attackers' (asked for `2..=back_max`).
    pub(super) fn new(back_max: u32, kings: impl Fn(u32) -> u64) -> PastKings {
        let mut past = PastKings {
            instances: Some(([(0, 0); MAX_PAST_KINGS], 0)),
            straight: 0,
            diagonal: 0,
            knights: 0,
        };
        for back in 2..=back_max.min(MAX_SLIDE as u32) {
            let mut mask = kings(back);
            while mask != 0 {
                let square = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                past.straight |= 1u64 << square;
                past.diagonal |= ORTHOGONAL_AT[back as usize][square];
                if back == 2 {
                    past.knights |= ORTHOGONAL_AT[1][square];
                }
                if let Some((list, count)) = past.instances.as_mut() {
                    if *count == MAX_PAST_KINGS {
                        past.instances = None;
                    } else {
                        list[*count] = (square as Square, back);
                        *count += 1;
                    }
                }
            }
        }
        past
    }

    /// Whether one of `attackers` reaches one of the instances; `occupied_below` as for
    /// `Attackers::reach`. `None` when there were too many instances to hold.
    pub(super) fn attacked(
        &self,
        attackers: &Attackers,
        occupied_below: impl Fn(u32) -> u64,
    ) -> Option<bool> {
        if attackers.straight & self.straight == 0
            && attackers.diagonal & self.diagonal == 0
            && attackers.knights & self.knights == 0
        {
            return Some(false);
        }
        let (list, count) = self.instances.as_ref()?;
        Some(
            list[..*count]
                .iter()
                .any(|&(square, back)| attackers.reach(square, back, &occupied_below)),
        )
    }
}
