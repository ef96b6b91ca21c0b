//! `surface_layout` and `surface_tiling` through the bridge's request lines: they hand
//! over the engine's drawings unchanged, and a surface or point that does not exist is
//! refused with an invalid-argument error naming it.

use canon_app_core::bridge::answer_line;
use canon_app_core::test_dir::{core_in, TestDir};
use canon_engine::surfaces::layout::{chart, recentred, tiled};
use canon_engine::surfaces::Surface;
use serde_json::{json, Value};

const SURFACES: [(Surface, usize); 3] = [
    (Surface::Mobius, 99),
    (Surface::Klein, 162),
    (Surface::Genus2, 162),
];

/// Sends one request line and returns the bridge's answer.
fn ask(label: &str, cmd: &str, args: Value) -> Value {
    let dir = TestDir::new(label);
    let mut core = core_in(&dir);
    let line = json!({"id": 1, "cmd": cmd, "args": args}).to_string();
    serde_json::from_str(&answer_line(&mut core, &line)).unwrap()
}

#[test]
fn the_chart_of_every_surface_is_the_engines() {
    for (surface, points) in SURFACES {
        let answer = ask(
            "surface-chart",
            "surface_layout",
            json!({"args": {"surface": surface.id()}}),
        );
        assert_eq!(answer["ok"], serde_json::to_value(chart(surface)).unwrap());
        assert_eq!(answer["ok"]["points"].as_array().unwrap().len(), points);
        assert!(!answer["ok"]["seams"].as_array().unwrap().is_empty());
    }
}

#[test]
fn a_recentred_chart_is_the_engines() {
    for (surface, points) in SURFACES {
        let point = (points - 1) as u16;
        let answer = ask(
            "surface-recentred",
            "surface_layout",
            json!({"args": {"surface": surface.id(), "recentre_on": point}}),
        );
        let expected = recentred(surface, point).unwrap();
        assert_eq!(answer["ok"], serde_json::to_value(expected).unwrap());
    }
}

#[test]
fn the_tiling_of_every_surface_is_the_engines() {
    for (surface, _) in SURFACES {
        let answer = ask(
            "surface-tiling",
            "surface_tiling",
            json!({"args": {"surface": surface.id()}}),
        );
        assert_eq!(answer["ok"], serde_json::to_value(tiled(surface)).unwrap());
        assert!(answer["ok"]["copies"][0]["home"].as_bool().unwrap());
    }
}

fn refusal(answer: &Value) -> String {
    assert_eq!(answer["err"]["kind"], "invalid_argument", "{answer}");
    answer["err"]["message"].as_str().unwrap().to_owned()
}

#[test]
fn an_unknown_surface_is_refused_by_name() {
    for cmd in ["surface_layout", "surface_tiling"] {
        let answer = ask(
            "surface-unknown",
            cmd,
            json!({"args": {"surface": "go-torus-9x9-v1"}}),
        );
        let message = refusal(&answer);
        assert!(message.contains("go-torus-9x9-v1"), "{message}");
        assert!(message.contains(cmd), "{message}");
    }
}

#[test]
fn a_point_the_surface_does_not_have_is_refused_by_number() {
    let answer = ask(
        "surface-bad-point",
        "surface_layout",
        json!({"args": {"surface": "go-mobius-9x11-v1", "recentre_on": 99}}),
    );
    let message = refusal(&answer);
    assert!(message.contains("99"), "{message}");
    assert!(message.contains("go-mobius-9x11-v1"), "{message}");
    let answer = ask(
        "surface-negative-point",
        "surface_layout",
        json!({"args": {"surface": "go-klein-9x18-v1", "recentre_on": -1}}),
    );
    assert!(refusal(&answer).contains("-1"));
}
