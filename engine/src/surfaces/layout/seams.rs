//! Seams: the glued side pairs of a drawing grouped into runs that continue on both
//! sides, numbered, with the direction in which each gluing runs.

use std::collections::HashMap;

use super::super::geometry::{Direction, Surface};
use super::super::topology::{glued_side_corners, Corner};
use super::super::Point;
use super::chart_cells;
use super::drawing::{inward, turned, Drawing, Side};
use crate::go::layout::LayoutSeam;

/// One glued side pair of a drawing with each real point drawn once: the primary side
/// (cell, screen direction, chart corners from start to end) and its partner.
#[derive(Clone, Copy, Debug)]
pub(super) struct GluedPair {
    pub(super) side: (usize, Direction),
    partner: (usize, Direction),
    ends: [(i32, i32); 2],
    partner_ends: [(i32, i32); 2],
    corners: [Corner; 2],
    partner_corners: [Corner; 2],
}

/// A run of glued pairs continuing each other on both sides: one numbered seam.
#[derive(Clone, Debug)]
pub(super) struct SeamRun {
    pairs: Vec<GluedPair>,
    flips: bool,
}

pub(super) fn vector(ends: &[(i32, i32); 2]) -> (i32, i32) {
    (
        (ends[1].0 - ends[0].0).signum(),
        (ends[1].1 - ends[0].1).signum(),
    )
}

impl Drawing {
    /// Every glued side pair once, its primary side drawn left to right or bottom to top.
    pub(super) fn glued_pairs(&self) -> Vec<GluedPair> {
        let mut pairs = Vec::new();
        for k in 0..self.cells.len() {
            for direction in Direction::ALL {
                let Side::Seam(crossing) = self.side(k, direction) else {
                    continue;
                };
                let chart = turned(direction, self.cells[k].flipped);
                let t = self.home[usize::from(crossing.to)];
                let partner = turned(crossing.enters, self.cells[t].flipped);
                let forward = |d: Direction| matches!(d, Direction::N | Direction::E);
                let primary = match (forward(direction), forward(partner)) {
                    (true, false) => true,
                    (false, true) => false,
                    _ => (k, direction as u8) < (t, partner as u8),
                };
                if !primary {
                    continue;
                }
                let [(a0, b0), (a1, b1)] = glued_side_corners(chart, &crossing);
                let mut pair = GluedPair {
                    side: (k, direction),
                    partner: (t, partner),
                    ends: [self.corner(k, a0), self.corner(k, a1)],
                    partner_ends: [self.corner(t, b0), self.corner(t, b1)],
                    corners: [a0, a1],
                    partner_corners: [b0, b1],
                };
                let (vx, vy) = vector(&pair.ends);
                if vx < 0 || vy > 0 {
                    pair.ends.swap(0, 1);
                    pair.partner_ends.swap(0, 1);
                    pair.corners.swap(0, 1);
                    pair.partner_corners.swap(0, 1);
                }
                pairs.push(pair);
            }
        }
        pairs
    }

    /// The seams: glued pairs grouped into runs that continue on both sides, numbered
    /// in drawing order (vertical sides left to right, then horizontal ones top down).
    pub(super) fn seam_runs(&self) -> Vec<SeamRun> {
        let mut pairs = self.glued_pairs();
        let order = |p: &GluedPair| {
            let [(x1, y1), _] = p.ends;
            let vertical = matches!(p.side.1, Direction::E | Direction::W);
            let line = if vertical { x1 } else { y1 };
            let along = if vertical { -y1 } else { x1 };
            (!vertical, p.side.1 as u8, p.partner.1 as u8, line, along)
        };
        pairs.sort_by_key(order);
        let mut runs: Vec<SeamRun> = Vec::new();
        for pair in pairs {
            if let Some(run) = runs.last_mut() {
                let last = run.pairs[run.pairs.len() - 1];
                if last.side.1 == pair.side.1
                    && last.partner.1 == pair.partner.1
                    && last.ends[1] == pair.ends[0]
                    && last.partner_ends[1] == pair.partner_ends[0]
                {
                    run.pairs.push(pair);
                    continue;
                }
            }
            let opposite = pair.partner.1 == pair.side.1.opposite();
            let same_way = vector(&pair.ends) == vector(&pair.partner_ends);
            runs.push(SeamRun {
                pairs: vec![pair],
                flips: opposite != same_way,
            });
        }
        runs
    }
}

/// The two drawn sides of each seam run.
pub(super) fn seam_sides(runs: &[SeamRun]) -> Vec<LayoutSeam> {
    let mut seams = Vec::new();
    for (k, run) in runs.iter().enumerate() {
        let first = &run.pairs[0];
        let last = &run.pairs[run.pairs.len() - 1];
        for (start, end, direction) in [
            (first.ends[0], last.ends[1], first.side.1),
            (first.partner_ends[0], last.partner_ends[1], first.partner.1),
        ] {
            let (inward_x, inward_y) = inward(direction);
            seams.push(LayoutSeam {
                number: k as u16 + 1,
                colour: k as u16,
                flips: run.flips,
                inward_x,
                inward_y,
                x1: start.0,
                y1: start.1,
                x2: end.0,
                y2: end.1,
            });
        }
    }
    seams
}

/// The seams of the tiled drawing, numbered as on the chart: each glued side takes the
/// number of the chart seam it repeats.
pub(super) fn tiled_seams(surface: Surface, drawing: &Drawing) -> Vec<LayoutSeam> {
    let chart = Drawing::new(surface, chart_cells(surface), |_| true);
    let mut numbers: HashMap<(Point, Direction), (u16, bool, [Corner; 2])> = HashMap::new();
    for (k, run) in chart.seam_runs().iter().enumerate() {
        for pair in &run.pairs {
            let side = (chart.cells[pair.side.0].real, pair.side.1);
            let partner = (chart.cells[pair.partner.0].real, pair.partner.1);
            numbers.insert(side, (k as u16 + 1, run.flips, pair.corners));
            numbers.insert(partner, (k as u16 + 1, run.flips, pair.partner_corners));
        }
    }
    let mut pieces = Vec::new();
    for (k, cell) in drawing.cells.iter().enumerate() {
        for direction in Direction::ALL {
            if let Side::Seam(_) = drawing.side(k, direction) {
                let chart_side = (cell.real, turned(direction, cell.flipped));
                if let Some(&(number, flips, [c0, c1])) = numbers.get(&chart_side) {
                    let (a, b) = (drawing.corner(k, c0), drawing.corner(k, c1));
                    let (inward_x, inward_y) = inward(direction);
                    pieces.push(LayoutSeam {
                        number,
                        colour: number - 1,
                        flips,
                        inward_x,
                        inward_y,
                        x1: a.0,
                        y1: a.1,
                        x2: b.0,
                        y2: b.1,
                    });
                }
            }
        }
    }
    merge_seams(pieces)
}

/// Joins seam pieces of one seam that continue each other in the same direction.
pub(super) fn merge_seams(pieces: Vec<LayoutSeam>) -> Vec<LayoutSeam> {
    let starts: HashMap<(u16, i32, i32, i32, i32), usize> = pieces
        .iter()
        .enumerate()
        .map(|(k, s)| ((s.number, s.inward_x, s.inward_y, s.x1, s.y1), k))
        .collect();
    let continues = |a: &LayoutSeam, b: &LayoutSeam| {
        ((a.x2 - a.x1).signum(), (a.y2 - a.y1).signum())
            == ((b.x2 - b.x1).signum(), (b.y2 - b.y1).signum())
    };
    let mut has_predecessor = vec![false; pieces.len()];
    for a in &pieces {
        if let Some(&b) = starts.get(&(a.number, a.inward_x, a.inward_y, a.x2, a.y2)) {
            if continues(a, &pieces[b]) {
                has_predecessor[b] = true;
            }
        }
    }
    let mut merged = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        if has_predecessor[k] {
            continue;
        }
        let mut seam = *piece;
        let mut current = *piece;
        while let Some(&next) = starts.get(&(
            current.number,
            current.inward_x,
            current.inward_y,
            current.x2,
            current.y2,
        )) {
            if !continues(&current, &pieces[next]) {
                break;
            }
            current = pieces[next];
            seam.x2 = current.x2;
            seam.y2 = current.y2;
        }
        merged.push(seam);
    }
    merged
}
