//! `canon surface komi` as a user runs it: self-play games, the margins and the fair-komi
//! estimate with its interval in the JSON summary, reproducible from the seed.

mod common;

use common::{canon, last_json_line};

#[test]
fn a_study_reports_every_margin_and_the_median_as_the_fair_komi() {
    let args = [
        "surface",
        "komi",
        "--surface",
        "go-mobius-9x11-v1",
        "--games",
        "6",
        "--playouts",
        "20",
        "--seed",
        "4",
    ];
    let output = canon(&args, "");
    assert!(output.status.success(), "{output:?}");
    let summary = last_json_line(&output);
    assert_eq!(summary["surface"], "go-mobius-9x11-v1");
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["study_komi"], 0.0);
    let mut margins: Vec<f64> = summary["margins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_f64().unwrap())
        .collect();
    assert_eq!(margins.len(), 6);
    // Area margins on 99 points: whole numbers within ±99.
    assert!(margins.iter().all(|m| m.fract() == 0.0 && m.abs() <= 99.0));
    margins.sort_by(f64::total_cmp);
    let median = (margins[2] + margins[3]) / 2.0;
    assert_eq!(summary["median"].as_f64(), Some(median));
    let fair = summary["fair_komi"].as_f64().unwrap();
    assert_eq!((fair * 2.0).fract(), 0.0, "a multiple of 0.5");
    assert!((fair - median).abs() <= 0.25);
    // Six games: the interval of the median is the range of the sample.
    assert_eq!(summary["low"].as_f64(), Some(margins[0]));
    assert_eq!(summary["high"].as_f64(), Some(margins[5]));
    let wins = summary["black_wins_at_study_komi"].as_u64().unwrap()
        + summary["white_wins_at_study_komi"].as_u64().unwrap();
    let draws = margins.iter().filter(|&&m| m == 0.0).count() as u64;
    assert_eq!(wins + draws, 6);
    let black = summary["black_wins_at_study_komi"].as_f64().unwrap();
    let share = summary["black_score_at_study_komi"].as_f64().unwrap();
    assert!((share - (black + draws as f64 / 2.0) / 6.0).abs() < 1e-4);
    let (low, high) = (
        summary["black_low"].as_f64().unwrap(),
        summary["black_high"].as_f64().unwrap(),
    );
    assert!(low <= share && share <= high);
    assert_eq!(
        canon(&args, "").stdout,
        output.stdout,
        "same seed, same study"
    );
}

#[test]
fn study_arguments_are_checked() {
    for (args, message) in [
        (vec!["--games", "2"], "--surface ID is required"),
        (
            vec!["--surface", "torus", "--games", "2"],
            "unknown surface",
        ),
        (
            vec!["--surface", "go-klein-9x18-v1"],
            "--games N is required",
        ),
        (
            vec![
                "--surface",
                "go-klein-9x18-v1",
                "--games",
                "2",
                "--level",
                "wild",
            ],
            "unknown level",
        ),
    ] {
        let mut full = vec!["surface", "komi"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(message),
            "{message}"
        );
    }
}
