//! How each kind of piece moves through x (file), y (rank) and t (turn): chess movement
//! extruded into time (Appendix A.3), as tables of steps and as a recogniser of one
//! displacement, which check detection uses to look from a king instance outward.

use super::piece::{Color, Kind};

/// A displacement in file, rank and turn.
pub type Delta = (i32, i32, i32);

/// The furthest a sliding piece goes in one move, in every axis including time.
pub const MAX_SLIDE: i32 = 7;

/// Unit steps along one axis: the rook's directions.
pub const ORTHOGONAL: [Delta; 6] = [
    (1, 0, 0),
    (-1, 0, 0),
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
];

/// Unit steps along two orthogonal axes at once: the bishop's directions.
pub const DIAGONAL: [Delta; 12] = [
    (1, 1, 0),
    (1, -1, 0),
    (-1, 1, 0),
    (-1, -1, 0),
    (1, 0, 1),
    (1, 0, -1),
    (-1, 0, 1),
    (-1, 0, -1),
    (0, 1, 1),
    (0, 1, -1),
    (0, -1, 1),
    (0, -1, -1),
];

/// Two along one axis and one along another: the knight's 24 leaps.
pub const KNIGHT: [Delta; 24] = [
    (1, 2, 0),
    (2, 1, 0),
    (-1, 2, 0),
    (-2, 1, 0),
    (1, -2, 0),
    (2, -1, 0),
    (-1, -2, 0),
    (-2, -1, 0),
    (1, 0, 2),
    (2, 0, 1),
    (-1, 0, 2),
    (-2, 0, 1),
    (1, 0, -2),
    (2, 0, -1),
    (-1, 0, -2),
    (-2, 0, -1),
    (0, 1, 2),
    (0, 2, 1),
    (0, -1, 2),
    (0, -2, 1),
    (0, 1, -2),
    (0, 2, -1),
    (0, -1, -2),
    (0, -2, -1),
];

/// The directions a sliding or stepping piece may take (empty for knight and pawn).
pub fn directions(kind: Kind) -> &'static [Delta] {
    const QUEEN: [Delta; 18] = {
        let mut all = [(0, 0, 0); 18];
        let mut i = 0;
        while i < 6 {
            all[i] = ORTHOGONAL[i];
            i += 1;
        }
        while i < 18 {
            all[i] = DIAGONAL[i - 6];
            i += 1;
        }
        all
    };
    match kind {
        Kind::Rook => &ORTHOGONAL,
        Kind::Bishop => &DIAGONAL,
        Kind::Queen | Kind::King => &QUEEN,
        Kind::Knight | Kind::Pawn => &[],
    }
}

/// How many places a piece of `kind` may go along one of its directions.
pub fn reach(kind: Kind) -> i32 {
    if kind == Kind::King {
        1
    } else {
        MAX_SLIDE
    }
}

/// What a displacement means for one piece: whether the piece's movement allows it, and
/// if so the unit step of its path (for blocking) and the number of steps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// The piece cannot make this displacement.
    Impossible,
    /// A leap or single step with no intermediate position.
    Leap,
    /// A slide of `steps` unit steps; positions 1..steps-1 along it must be empty.
    Slide {
        /// The unit step.
        unit: Delta,
        /// How many unit steps.
        steps: i32,
    },
}

/// Pawn displacements, which also carry what the destination must hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PawnStep {
    /// One step forward in rank or time onto an empty position.
    Advance,
    /// Two steps forward in rank or time, first move only, both positions empty.
    Double,
    /// One file sideways with one step forward in rank or time, onto an opposing piece.
    Capture,
}

/// Classifies a pawn displacement for a pawn of `color` (Figure A.5, read in the rules page).
pub fn pawn_step(color: Color, (dx, dy, dt): Delta) -> Option<PawnStep> {
    let fwd = color.forward();
    match (dx.abs(), dy, dt) {
        (0, y, 0) if y == fwd => Some(PawnStep::Advance),
        (0, 0, 1) => Some(PawnStep::Advance),
        (0, y, 0) if y == 2 * fwd => Some(PawnStep::Double),
        (0, 0, 2) => Some(PawnStep::Double),
        (1, y, 0) if y == fwd => Some(PawnStep::Capture),
        (1, 0, 1) => Some(PawnStep::Capture),
        _ => None,
    }
}

/// The displacements of a pawn of `color`, in a fixed order.
pub fn pawn_deltas(color: Color) -> [(Delta, PawnStep); 8] {
    let f = color.forward();
    [
        ((0, f, 0), PawnStep::Advance),
        ((0, 2 * f, 0), PawnStep::Double),
        ((-1, f, 0), PawnStep::Capture),
        ((1, f, 0), PawnStep::Capture),
        ((0, 0, 1), PawnStep::Advance),
        ((0, 0, 2), PawnStep::Double),
        ((-1, 0, 1), PawnStep::Capture),
        ((1, 0, 1), PawnStep::Capture),
    ]
}

/// Whether a piece of `kind` and `color` can make displacement `d`, and its path.
pub fn shape(kind: Kind, color: Color, d: Delta) -> Shape {
    let (dx, dy, dt) = d;
    if d == (0, 0, 0) {
        return Shape::Impossible;
    }
    let mut abs = [dx.abs(), dy.abs(), dt.abs()];
    let nonzero = abs.iter().filter(|&&a| a != 0).count();
    match kind {
        Kind::Knight => {
            abs.sort_unstable();
            if abs == [0, 1, 2] {
                Shape::Leap
            } else {
                Shape::Impossible
            }
        }
        Kind::Pawn => match pawn_step(color, d) {
            Some(PawnStep::Double) => Shape::Slide {
                unit: (dx.signum(), dy.signum(), dt.signum()),
                steps: 2,
            },
            Some(_) => Shape::Leap,
            None => Shape::Impossible,
        },
        Kind::King | Kind::Rook | Kind::Bishop | Kind::Queen => {
            let size = *abs.iter().max().unwrap_or(&0);
            let straight = nonzero == 1;
            let diagonal = nonzero == 2 && abs.iter().all(|&a| a == 0 || a == size);
            let allowed = match kind {
                Kind::Rook => straight,
                Kind::Bishop => diagonal,
                _ => straight || diagonal,
            };
            if !allowed || size > reach(kind) {
                Shape::Impossible
            } else if size == 1 {
                Shape::Leap
            } else {
                Shape::Slide {
                    unit: (dx.signum(), dy.signum(), dt.signum()),
                    steps: size,
                }
            }
        }
    }
}
