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
#[inline]
pub fn key(point: Point, color: Color) -> u64 {
    let index = 2 * point as usize + color.index();
    match TABLE.get(index) {
        Some(&key) => key,
        None => computed_key(index as u64),
    }
}

const fn computed_key(index: u64) -> u64 {
    mix(SEED.wrapping_add((index + 1).wrapping_mul(GOLDEN)))
}

/// Points whose keys are precomputed (every board of the app has at most 162 points).
const TABLE_POINTS: usize = 256;

/// The keys of the first [`TABLE_POINTS`] points, computed at compile time: play and
/// capture look keys up instead of mixing on every stone.
static TABLE: [u64; 2 * TABLE_POINTS] = {
    let mut table = [0; 2 * TABLE_POINTS];
    let mut i = 0;
    while i < table.len() {
        table[i] = computed_key(i as u64);
        i += 1;
    }
    table
};

/// The hash of a complete coloring given as cell values (`0`, `1`, `2`), recomputed from
/// scratch. Cell values other than 1 and 2 count as empty.
pub fn hash_cells(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter_map(|(point, &cell)| Color::from_cell(cell).map(|color| key(point as Point, color)))
        .fold(0, |hash, key| hash ^ key)
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_keys_equal_computed_keys_and_beyond_the_table_keys_are_computed() {
        use super::*;
        for point in [0u16, 1, 161, 255, 256, 1000] {
            for color in [Color::Black, Color::White] {
                let index = 2 * point as u64 + color.index() as u64;
                assert_eq!(key(point, color), computed_key(index));
            }
        }
        assert_eq!(key(0, Color::Black), mix(SEED.wrapping_add(GOLDEN)));
    }
}
