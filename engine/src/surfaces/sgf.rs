//! A game, study or analysis as SGF (FF[4]), so ordinary Go programs can at least replay
//! its moves. They know nothing of seams: the root's comment and private properties say
//! which surface it is, and captures across a seam will look wrong in them.
//!
//! The mapping (also in docs/formats.md): `SZ[w:h]` is the chart's rectangle, Möbius
//! `9:11`, Klein `9:18`, genus two `19:9` (chart I in SGF columns a–i, an unused column
//! j, chart II in columns k–s, ranks side by side). A point of file `x` and rank `y`
//! (both from 0, ranks upward) is the SGF point `[x'][h-1-y]` with `x' = x` (chart II:
//! `x + 10`), letters from `a`, because SGF counts rows from the top. A pass is `B[]`
//! or `W[]`; a resignation is no move but the result `RE[B+R]`/`RE[W+R]`.

use std::fmt::Write;

use super::game::{Origin, SurfaceGame, STUDY_LABEL};
use super::geometry::{Surface, FILES};
use super::rules::{Action, EndReason, Winner, RULES_ID};
use super::words::surface_name;
use super::Point;
use crate::go::Color;

/// Columns between the left edges of genus two's two charts in the SGF rectangle.
pub const GENUS2_SHEET_OFFSET: usize = FILES + 1;

/// The SGF board size `(columns, rows)` of `surface`.
pub fn size(surface: Surface) -> (usize, usize) {
    match surface {
        Surface::Genus2 => (GENUS2_SHEET_OFFSET + FILES, surface.ranks()),
        _ => (FILES, surface.ranks()),
    }
}

/// The SGF coordinates of `point` (two letters), or `None` off the board.
pub fn point_to_sgf(surface: Surface, point: Point) -> Option<String> {
    let c = surface.coord(point)?;
    let (_, rows) = size(surface);
    let column = usize::from(c.x) + usize::from(c.sheet) * GENUS2_SHEET_OFFSET;
    let row = rows - 1 - usize::from(c.y);
    Some([letter(column), letter(row)].iter().collect())
}

/// The point at SGF coordinates `text` (two letters), or `None` if none is there (the
/// unused genus-two column included).
pub fn point_from_sgf(surface: Surface, text: &str) -> Option<Point> {
    let bytes = text.as_bytes();
    let [column, row] = [*bytes.first()?, *bytes.get(1)?].map(|b| b.checked_sub(b'a'));
    let (column, row) = (usize::from(column?), usize::from(row?));
    let (columns, rows) = size(surface);
    if bytes.len() != 2 || column >= columns || row >= rows {
        return None;
    }
    let (sheet, x) = match column {
        x if x < FILES => (0, x),
        x if x >= GENUS2_SHEET_OFFSET => (1, x - GENUS2_SHEET_OFFSET),
        _ => return None,
    };
    surface.point(super::geometry::Coord {
        sheet: sheet as u8,
        x: x as u8,
        y: (rows - 1 - row) as u8,
    })
}

fn letter(index: usize) -> char {
    char::from(b'a' + index as u8)
}

/// A text value with `]` and `\` escaped, as SGF requires.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A number of half points as SGF writes a real: `0.5`, `-3`, `6.5`.
fn half_points(value: i32) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let magnitude = value.unsigned_abs();
    if magnitude.is_multiple_of(2) {
        format!("{sign}{}", magnitude / 2)
    } else {
        format!("{sign}{}.5", magnitude / 2)
    }
}

/// How the surface's chart edges are glued, in words.
fn gluing(surface: Surface) -> &'static str {
    match surface {
        Surface::Mobius => {
            "9 files a-i by 11 ranks. Crossing the left or right edge sends rank r to rank \
             12-r (the strip's twist); the top and bottom edges are the strip's one boundary."
        }
        Surface::Klein => {
            "9 files a-i by 18 ranks. Crossing the left or right edge sends rank r to rank \
             19-r; the top and bottom edges are glued straight."
        }
        Surface::Genus2 => {
            "Two 9x9 charts side by side: chart I in columns a-i, chart II in columns k-s \
             (column j is not a point). Each chart wraps at its edges; a staircase of sides \
             around ranks 3 to 7 joins the two charts instead (see the rules document)."
        }
    }
}

/// The result property, if the line has ended.
fn result(line: &SurfaceGame) -> Option<String> {
    let outcome = line.outcome()?;
    let side = match outcome.winner {
        Winner::Black => "B",
        Winner::White => "W",
        Winner::Draw => return Some("0".to_owned()),
    };
    Some(match outcome.reason {
        EndReason::Resignation => format!("{side}+R"),
        EndReason::Score => format!(
            "{side}+{}",
            half_points(outcome.score.difference_half_points.abs())
        ),
    })
}

fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// The line as an SGF collection of one game tree: root properties, then one node per
/// placement or pass. A study's diagram is its setup (`AB`, `AW`, `PL`).
pub fn export(line: &SurfaceGame) -> String {
    let surface = line.surface();
    let (columns, rows) = size(surface);
    let mut sgf = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[Crab Canon:{}]",
        env!("CARGO_PKG_VERSION")
    );
    let _ = write!(sgf, "SZ[{columns}:{rows}]");
    let kind = match line.origin() {
        Origin::Game => "game",
        Origin::Study { .. } => "study",
        Origin::Analysis { .. } => "analysis",
    };
    let _ = write!(
        sgf,
        "GN[{}]",
        text(&format!("Go on a {}, {kind}", surface_name(surface)))
    );
    let mut comment = format!(
        "Go on a {} (graph {}, rules {RULES_ID}: area scoring, no suicide, positional superko). {}",
        surface_name(surface),
        surface.id(),
        gluing(surface)
    );
    match line.origin() {
        Origin::Study { .. } => {
            let _ = write!(comment, " {STUDY_LABEL}");
        }
        Origin::Analysis { prefix } => {
            let _ = write!(
                comment,
                " Analysis: the first {prefix} moves are the known game's."
            );
        }
        Origin::Game => {}
    }
    let _ = write!(sgf, "C[{}]", text(&comment));
    let _ = write!(
        sgf,
        "RU[{RULES_ID}]XS[{}]XG[{}]",
        surface.variant(),
        surface.id()
    );
    let _ = write!(sgf, "KM[{}]", half_points(line.komi_half_points()));
    if let Some(result) = result(line) {
        let _ = write!(sgf, "RE[{result}]");
    }
    if let Origin::Study { setup, first } = line.origin() {
        for (property, cell) in [("AB", 1u8), ("AW", 2u8)] {
            let stones: Vec<String> = (0..setup.len())
                .filter(|&p| setup[p] == cell)
                .filter_map(|p| point_to_sgf(surface, p as Point))
                .collect();
            if !stones.is_empty() {
                let _ = write!(sgf, "{property}[{}]", stones.join("]["));
            }
        }
        let _ = write!(sgf, "PL[{}]", color_letter(*first));
    }
    let mut player = line.first();
    for action in line.actions() {
        match *action {
            Action::Place { at } => {
                let at = point_to_sgf(surface, at).unwrap_or_default();
                let _ = write!(sgf, "\n;{}[{at}]", color_letter(player));
            }
            Action::Pass => {
                let _ = write!(sgf, "\n;{}[]", color_letter(player));
            }
            Action::Resign => {}
        }
        player = player.opposite();
    }
    sgf.push_str(")\n");
    sgf
}
