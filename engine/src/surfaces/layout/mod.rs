//! The surfaces drawn as data for the shared board component: the flat chart, the chart
//! repeated across its seams (the tiled view), and the chart with its cut moved so a
//! chosen point lies away from the seams.
//!
//! Every drawing is built the same way: each drawn cell shows one real point at a grid
//! position, possibly upside down (a copy reflected by a twisted seam). A side between
//! two drawn cells is a grid line when the engine's gluing joins exactly those cells,
//! a physical boundary when the engine has nothing there, and a seam otherwise. So the
//! lines, seams and arrow keys are read off the gluing table, never drawn by hand.

mod drawing;
mod seams;

use std::sync::OnceLock;

use serde::Serialize;

use super::geometry::{Surface, FILES};
use super::Point;
use crate::go::layout::{BoardLayout, LayoutError, LayoutRect};
use drawing::{Cell, Drawing, HALF, SHEET_STRIDE, TILED_SHEET_STRIDE};
use seams::{seam_sides, tiled_seams};

/// The cells of the flat chart: each chart at its coordinates, genus two's side by side.
fn chart_cells(surface: Surface) -> Vec<Cell> {
    (0..surface.points() as Point)
        .filter_map(|p| {
            let c = surface.coord(p)?;
            Some(Cell {
                real: p,
                sheet: c.sheet,
                column: i32::from(c.sheet) * SHEET_STRIDE + i32::from(c.x),
                row: i32::from(c.y),
                flipped: false,
                copy: u16::from(c.sheet),
            })
        })
        .collect()
}

/// The flat chart of `surface`: point `p` is `points[p]`, every seam drawn on its sides
/// with a number and colour shared by the two glued sides, the Möbius edge as boundary,
/// the genus-two octagons as regions.
pub fn chart(surface: Surface) -> BoardLayout {
    CHARTS[slot(surface)]
        .get_or_init(|| build_chart(surface))
        .clone()
}

/// Built once per surface: the drawings never change.
static CHARTS: [OnceLock<BoardLayout>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
static TILINGS: [OnceLock<TiledLayout>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

fn slot(surface: Surface) -> usize {
    match surface {
        Surface::Mobius => 0,
        Surface::Klein => 1,
        Surface::Genus2 => 2,
    }
}

fn build_chart(surface: Surface) -> BoardLayout {
    let drawing = Drawing::new(surface, chart_cells(surface), |_| true);
    let seams = seam_sides(&drawing.seam_runs());
    drawing.layout(seams, drawing.sheet_areas())
}

/// One copy of the chart in the tiled drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TileCopy {
    /// The copy's index (what [`TiledLayout::copy`] refers to).
    pub index: u16,
    /// The chart it repeats (1 for genus two's chart `II`, else 0).
    pub sheet: u8,
    /// Charts to the right of the home chart (negative: to the left).
    pub across: i8,
    /// Charts above the home chart (negative: below).
    pub up: i8,
    /// True when the copy is drawn upside down (reached across a twisted seam).
    pub reflected: bool,
    /// True for the chart itself; the other copies are drawn dimmed.
    pub home: bool,
    /// The copy's background.
    pub area: LayoutRect,
}

/// The chart repeated across its seams. The layout's points are drawn cells (several per
/// real point); a tap on cell `k` plays on `real[k]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TiledLayout {
    /// The drawing; its `points` are cells, its arrow keys move between cells.
    pub layout: BoardLayout,
    /// The real point each cell stands for.
    pub real: Vec<Point>,
    /// The copy each cell belongs to (an index into `copies`).
    pub copy: Vec<u16>,
    /// Every copy; the home charts first.
    pub copies: Vec<TileCopy>,
}

/// Grid position of `p` in the copy `across`, `up` of its chart's tiling: Möbius and
/// Klein copies beside the chart are reflected (their side seams twist), copies above
/// and below are translated; genus two's charts tile as the tori they are cut from.
fn tile_position(surface: Surface, p: Point, across: i32, up: i32) -> Option<(i32, i32, bool)> {
    let c = surface.coord(p)?;
    let (x, y) = (i32::from(c.x), i32::from(c.y));
    let files = FILES as i32;
    let ranks = surface.ranks() as i32;
    Some(match surface {
        Surface::Mobius | Surface::Klein => {
            let flipped = across.rem_euclid(2) == 1;
            let row = if flipped { ranks - 1 - y } else { y };
            (files * across + x, ranks * up + row, flipped)
        }
        Surface::Genus2 => (files * across + x, ranks * up + y, false),
    })
}

/// The copies' offsets (across, up) of one sheet, the home chart first.
fn tile_offsets(surface: Surface) -> Vec<(i32, i32)> {
    let ups: &[i32] = match surface {
        Surface::Mobius => &[0],
        Surface::Klein | Surface::Genus2 => &[1, 0, -1],
    };
    let mut offsets = vec![(0, 0)];
    for &up in ups {
        for across in -1..=1 {
            if (across, up) != (0, 0) {
                offsets.push((across, up));
            }
        }
    }
    offsets
}

/// The chart of `surface` repeated across its seams: Möbius three charts side by side,
/// Klein three by three, genus two each chart three by three as the torus it is cut
/// from (its staircase stays a seam: the two charts cannot both be unfolded in a plane).
pub fn tiled(surface: Surface) -> TiledLayout {
    TILINGS[slot(surface)]
        .get_or_init(|| build_tiled(surface))
        .clone()
}

fn build_tiled(surface: Surface) -> TiledLayout {
    let mut cells = Vec::new();
    let mut copies = Vec::new();
    let offsets = tile_offsets(surface);
    // home copies first, then the rest
    let order: Vec<(u8, (i32, i32))> = offsets
        .iter()
        .flat_map(|&offset| (0..surface.sheets() as u8).map(move |sheet| (sheet, offset)))
        .collect();
    for (index, &(sheet, (across, up))) in order.iter().enumerate() {
        let mut reflected = false;
        for p in (0..surface.points() as Point)
            .filter(|&p| surface.coord(p).is_some_and(|c| c.sheet == sheet))
        {
            if let Some((column, row, flipped)) = tile_position(surface, p, across, up) {
                reflected = flipped;
                cells.push(Cell {
                    real: p,
                    sheet,
                    column: i32::from(sheet) * TILED_SHEET_STRIDE + column,
                    row,
                    flipped,
                    copy: index as u16,
                });
            }
        }
        copies.push(TileCopy {
            index: index as u16,
            sheet,
            across: across as i8,
            up: up as i8,
            reflected,
            home: (across, up) == (0, 0),
            area: LayoutRect {
                x: 0,
                y: 0,
                width: 0,
                height: 0,
            },
        });
    }
    let drawing = Drawing::new(surface, cells, |cell| {
        copies
            .get(usize::from(cell.copy))
            .is_some_and(|copy| copy.home)
    });
    for copy in &mut copies {
        copy.area = drawing.bounds(|cell| cell.copy == copy.index, HALF);
    }
    let seams = tiled_seams(surface, &drawing);
    let areas = copies.iter().map(|copy| copy.area).collect();
    TiledLayout {
        layout: drawing.layout(seams, areas),
        real: drawing.cells.iter().map(|cell| cell.real).collect(),
        copy: drawing.cells.iter().map(|cell| cell.copy).collect(),
        copies,
    }
}

/// The chart of `surface` with its cut moved so `point` is drawn in the middle of its
/// chart, as far from the seams as the surface allows: the same points (`points[p]` is
/// still point `p`) and the same neighbours, drawn from another window of the tiling.
/// On genus two both charts move together, so the staircase keeps its shape.
pub fn recentred(surface: Surface, point: Point) -> Result<BoardLayout, LayoutError> {
    let centre = surface.coord(point).ok_or(LayoutError::NotAPoint {
        point: usize::from(point),
    })?;
    let files = FILES as i32;
    let ranks = surface.ranks() as i32;
    let (cx, cy) = (i32::from(centre.x), i32::from(centre.y));
    let column_start = cx - files / 2;
    let row_start = match surface {
        Surface::Mobius => 0,
        Surface::Klein | Surface::Genus2 => cy - (ranks - 1) / 2,
    };
    let offsets = tile_offsets(surface);
    let cells = (0..surface.points() as Point)
        .map(|p| {
            let sheet = surface.coord(p).map_or(0, |c| c.sheet);
            let placed = offsets.iter().find_map(|&(across, up)| {
                let (column, row, flipped) = tile_position(surface, p, across, up)?;
                let inside = (column_start..column_start + files).contains(&column)
                    && (row_start..row_start + ranks).contains(&row);
                inside.then_some((column, row, flipped))
            });
            let (column, row, flipped) = placed.unwrap_or((0, 0, false));
            Cell {
                real: p,
                sheet,
                column: i32::from(sheet) * SHEET_STRIDE + column - column_start,
                row: row - row_start,
                flipped,
                copy: u16::from(sheet),
            }
        })
        .collect();
    let drawing = Drawing::new(surface, cells, |_| true);
    let seams = seam_sides(&drawing.seam_runs());
    Ok(drawing.layout(seams, drawing.sheet_areas()))
}
