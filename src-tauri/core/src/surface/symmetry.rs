//! The symmetries of a surface as the picker lists them: the engine's automorphisms, each
//! described by where it takes a1 and the directions there.

use crate::error::{AppError, CommandResult};
use canon_engine::surfaces::graphs::automorphisms;
use canon_engine::surfaces::symmetry::Automorphism;
use canon_engine::surfaces::{Direction, Point, Surface};
use serde::Serialize;
use ts_rs::TS;

/// One symmetry of a surface.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SurfaceSymmetry {
    /// What `surface_transform` takes.
    pub index: usize,
    /// What it does, in words (`a1 → e5; north → east, east → south`).
    pub description: String,
    /// Whether it is the identity.
    pub identity: bool,
    /// Whether it reverses the handedness at a1 (a reflection there).
    pub mirrors: bool,
    /// Where each point goes (`images[p]`), for a before/after picture.
    pub images: Vec<Point>,
}

/// The symmetry number `index` of `surface`.
pub fn get(surface: Surface, index: usize) -> CommandResult<&'static Automorphism> {
    let all = automorphisms(surface);
    all.get(index).ok_or_else(|| {
        AppError::invalid(format!(
            "there is no symmetry {index}: the surface has {} (0 to {})",
            all.len(),
            all.len() - 1
        ))
    })
}

/// Every symmetry of `surface`, the identity first.
pub fn list(surface: Surface) -> Vec<SurfaceSymmetry> {
    automorphisms(surface)
        .iter()
        .enumerate()
        .map(|(index, automorphism)| describe(surface, index, automorphism))
        .collect()
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::N => "north",
        Direction::E => "east",
        Direction::S => "south",
        Direction::W => "west",
    }
}

/// The direction from `from` that reaches `to`, if they are neighbours.
fn towards(surface: Surface, from: Point, to: Point) -> Option<Direction> {
    Direction::ALL
        .into_iter()
        .find(|&direction| surface.cardinal_neighbor(from, direction) == Some(to))
}

fn describe(surface: Surface, index: usize, automorphism: &Automorphism) -> SurfaceSymmetry {
    let origin: Point = 0;
    let image = automorphism.apply(origin);
    let label = |point: Point| surface.label(point).unwrap_or_default();
    // a1 has a northern and an eastern neighbour on every surface.
    let turned = |direction: Direction| {
        surface
            .cardinal_neighbor(origin, direction)
            .and_then(|neighbor| towards(surface, image, automorphism.apply(neighbor)))
    };
    let (north, east) = (turned(Direction::N), turned(Direction::E));
    let clockwise = |direction: Direction| Direction::ALL.iter().position(|&d| d == direction);
    let mirrors = match (north.and_then(clockwise), east.and_then(clockwise)) {
        (Some(n), Some(e)) => (n + 1) % 4 != e,
        _ => false,
    };
    let identity = automorphism.is_identity();
    let description = if identity {
        "Identity: every point stays where it is.".to_owned()
    } else {
        let mut words = format!("{} → {}", label(origin), label(image));
        if let (Some(north), Some(east)) = (north, east) {
            words.push_str(&format!(
                "; north → {}, east → {}",
                direction_name(north),
                direction_name(east)
            ));
        }
        words.push_str(&format!(
            " ({} at {})",
            if mirrors {
                "a reflection"
            } else {
                "keeps the handedness"
            },
            label(origin)
        ));
        words
    };
    SurfaceSymmetry {
        index,
        description,
        identity,
        mirrors,
        images: automorphism.images().to_vec(),
    }
}
