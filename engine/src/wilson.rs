//! The 95% Wilson score interval of a proportion: the one interval every match result
//! and measured value of the project is given with (`canon`'s match runners, the
//! measured komi's Black score).

/// The 95% Wilson score interval of a proportion `p` over `n` trials, clamped to 0…1.
pub fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
