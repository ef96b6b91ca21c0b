//! Zobrist keys of (point, color) pairs from a fixed seed, so hashes are identical on every
//! machine and in every version. Keys are computed on demand from splitmix64, which supports
//! graphs of any size without a table.

use super::{Color, Point};

/// The fixed seed of the key sequence ("CrabCano" in ASCII).
pub const SEED: u64 = 0x4372_6162_4361_6E6F;

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The splitmix64 output mixing function.
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a stone of `color` at `point`: output number `2 * point + color + 1` of the
/// splitmix64 generator started at [`SEED`]. An empty point contributes nothing.
pub const fn key(point: Point, color: Color) -> u64 {
    let index = 2 * point as u64 + color.index() as u64 + 1;
    mix(SEED.wrapping_add(index.wrapping_mul(GOLDEN)))
}

/// The hash of a complete coloring given as cell values (`0`, `1`, `2`), recomputed from
/// scratch. Cell values other than 1 and 2 count as empty.
pub fn hash_cells(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter_map(|(point, &cell)| Color::from_cell(cell).map(|color| key(point as Point, color)))
        .fold(0, |hash, key| hash ^ key)
}
