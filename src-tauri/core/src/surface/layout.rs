//! The surfaces' drawings as the board component reads them: the flat chart (or the
//! chart recentred on a point) and the chart repeated across its seams. The engine draws
//! them; these commands only pass them on, so the UI never knows a surface's shape.

use crate::error::{AppError, CommandResult};
use canon_engine::go::layout::BoardLayout;
use canon_engine::surfaces::layout::{chart, recentred, tiled, TiledLayout};
use canon_engine::surfaces::{Point, Surface};
use serde::Deserialize;
use ts_rs::TS;

/// Arguments of `surface_layout`: which surface, and optionally the point to draw in the
/// middle of its chart (the chart's cut moved away from it).
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceLayoutArgs {
    /// The surface, by its graph identifier.
    pub surface: Surface,
    /// The point to centre the chart on; the plain chart when absent.
    #[serde(default)]
    #[ts(optional)]
    pub recentre_on: Option<Point>,
}

/// Arguments of `surface_tiling`: which surface.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceTilingArgs {
    /// The surface, by its graph identifier.
    pub surface: Surface,
}

/// The chart of a surface, recentred on `recentre_on` when given; a point the surface
/// does not have is refused by name.
pub fn surface_layout(args: SurfaceLayoutArgs) -> CommandResult<BoardLayout> {
    match args.recentre_on {
        None => Ok(chart(args.surface)),
        Some(point) => recentred(args.surface, point).map_err(|error| {
            AppError::invalid(format!(
                "cannot centre {} on point {point}: {error}",
                args.surface.id()
            ))
        }),
    }
}

/// The chart of a surface repeated across its seams.
pub fn surface_tiling(args: SurfaceTilingArgs) -> TiledLayout {
    tiled(args.surface)
}
