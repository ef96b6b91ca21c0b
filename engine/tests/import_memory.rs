//! Peak memory of every importer on the worst inputs we could construct at its format's size
//! limit stays within 10 × the input size plus a constant (issue 16, item 1). Counted by a
//! global allocator that only this test binary (and the fuzz suite) uses. Figures are in
//! `docs/reliability.md`; `--nocapture` prints them.

mod alloc_counter;
mod common;

use alloc_counter::peak_of;
use canon_engine::surfaces::records::IMPORT_LIMIT;
use canon_engine::timechess::MAX_RECORD_BYTES;
use canon_engine::timego::DOCUMENT_LIMIT;
use common::imports::{chess_import, surface_import, timego_import, Import};

/// The constant allowed on top of 10 × the input.
const CONSTANT: usize = 4 << 20;

/// `head`, then `unit` repeated (joined by commas) while the document stays within `limit`
/// bytes, then `tail`.
fn filled(head: &str, unit: &str, tail: &str, limit: usize) -> Vec<u8> {
    let room = limit - head.len() - tail.len();
    let count = room / (unit.len() + 1);
    let mut text = String::with_capacity(limit);
    text.push_str(head);
    for index in 0..count {
        if index > 0 {
            text.push(',');
        }
        text.push_str(unit);
    }
    text.push_str(tail);
    assert!(text.len() <= limit);
    text.into_bytes()
}

/// What closes the array and objects `head` opened.
fn closing(head: &str) -> String {
    let open = head.matches('{').count() - head.matches('}').count();
    format!("]{}", "}".repeat(open))
}

/// A value nested `depth` arrays deep, repeated to fill the room.
fn nested(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

/// The worst inputs of one format: (what, document).
fn hostile(
    schema_head: &str,
    limit: usize,
    lists: &[(&str, &str, &str)],
) -> Vec<(String, Vec<u8>)> {
    let long = "x".repeat(limit - schema_head.len() - 64);
    let mut cases = vec![
        (
            "small arrays under an unknown key".to_string(),
            filled(&format!("{schema_head},\"x\":["), "[]", "]}", limit),
        ),
        (
            "arrays nested 100 deep, repeated, as the schema".to_string(),
            filled("{\"schema\":[", &nested(100), "]}", limit),
        ),
        (
            "a long unknown key".to_string(),
            format!("{schema_head},\"{long}\":1}}").into_bytes(),
        ),
        (
            "a long escaped schema string".to_string(),
            format!("{{\"schema\":\"{}\"}}", "\\u00e9".repeat((limit - 64) / 6)).into_bytes(),
        ),
    ];
    for (name, head, unit) in lists {
        let head = format!("{schema_head},{head}[");
        cases.push((
            name.to_string(),
            filled(&head, unit, &closing(&head), limit),
        ));
    }
    cases
}

fn measure(format: &str, limit: usize, import: Import, cases: Vec<(String, Vec<u8>)>) {
    let mut worst = (0usize, String::new());
    for (name, bytes) in cases {
        assert!(
            bytes.len() <= limit,
            "{format} {name}: {} bytes",
            bytes.len()
        );
        let (result, peak) = peak_of(|| import(&bytes));
        let message = result.err().unwrap_or_default();
        println!(
            "{format}: {name}: {} bytes in, peak {} bytes ({:.2}×): {}",
            bytes.len(),
            peak,
            peak as f64 / bytes.len() as f64,
            message.chars().take(100).collect::<String>()
        );
        assert!(
            peak <= 10 * bytes.len() + CONSTANT,
            "{format} {name}: peak {peak} bytes for {} bytes of input",
            bytes.len()
        );
        if peak > worst.0 {
            worst = (peak, name);
        }
    }
    println!("{format}: worst peak {} bytes ({})", worst.0, worst.1);
}

/// One test, so that no other test of this binary allocates while a peak is measured.
#[test]
fn import_memory_is_bounded_at_each_formats_limit() {
    timego_import_memory();
    surface_import_memory();
    time_chess_import_memory();
}

fn timego_import_memory() {
    let head = r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":5,"komi":0,"cursor":0"#;
    let cases = hostile(
        head,
        DOCUMENT_LIMIT,
        &[
            (
                "actions",
                r#""actions":"#,
                r#"{"player":"black","type":"pass"}"#,
            ),
            ("small arrays as actions", r#""actions":"#, "[]"),
            (
                "checkpoint board",
                r#""actions":[],"checkpoint":{"placements":[],"board":"#,
                "0",
            ),
            (
                "checkpoint placements",
                r#""actions":[],"checkpoint":{"board":[],"placements":"#,
                r#"{"player":"black","point":0}"#,
            ),
        ],
    );
    measure("time-go-game", DOCUMENT_LIMIT, timego_import, cases);
}

fn surface_import_memory() {
    let head = r#"{"schema":"surface-go-game","version":1,"graph":"go-klein-9x18-v1","rules":"graph-area-no-suicide-psk-v1","komiHalfPoints":1"#;
    let mut cases = hostile(
        head,
        IMPORT_LIMIT,
        &[
            ("actions", r#""actions":"#, r#"{"type":"place","at":1}"#),
            ("small arrays as actions", r#""actions":"#, "[]"),
            (
                "snapshot board",
                r#""actions":[],"snapshot":{"next":"black","board":"#,
                "0",
            ),
        ],
    );
    let study = r#"{"schema":"surface-go-study","version":1,"graph":"go-klein-9x18-v1","rules":"graph-area-no-suicide-psk-v1","komiHalfPoints":1,"actions":[]"#;
    cases.push((
        "study setup board".into(),
        filled(
            &format!("{study},\"setup\":{{\"next\":\"black\",\"board\":["),
            "0",
            "]}}",
            IMPORT_LIMIT,
        ),
    ));
    let replay = r#"{"schema":"surface-go-replay","version":1,"cursor":0,"document":"#;
    cases.push((
        "replay of many actions".into(),
        filled(
            &format!("{replay}{head},\"actions\":["),
            r#"{"type":"place","at":1}"#,
            "]}}",
            IMPORT_LIMIT,
        ),
    ));
    let analysis = r#"{"schema":"surface-go-analysis","version":1,"graph":"go-klein-9x18-v1","rules":"graph-area-no-suicide-psk-v1","komiHalfPoints":1,"actions":[]"#;
    cases.push((
        "analysis prefix".into(),
        filled(
            &format!("{analysis},\"prefix\":["),
            r#"{"type":"place","at":1}"#,
            "]}",
            IMPORT_LIMIT,
        ),
    ));
    measure("surface", IMPORT_LIMIT, surface_import, cases);
}

fn time_chess_import_memory() {
    let head = r#"{"schema":"time-chess-game","version":1,"rules":"time-chess-v1""#;
    let cases = hostile(
        head,
        MAX_RECORD_BYTES,
        &[
            ("moves", r#""moves":"#, r#""a2t0a3t0""#),
            ("empty moves", r#""moves":"#, r#""""#),
            ("small arrays as moves", r#""moves":"#, "[]"),
            (
                "checkpoint present",
                r#""moves":[],"checkpoint":{"turn":0,"next":"white","futureQueue":[],"result":null,"present":"#,
                r#"{"at":"a1t0","color":"white","kind":"rook"}"#,
            ),
            (
                "checkpoint queue",
                r#""moves":[],"checkpoint":{"turn":0,"next":"white","present":[],"result":null,"futureQueue":"#,
                r#"{"from":"a1t0","to":"a1t1","color":"white","kind":"rook"}"#,
            ),
        ],
    );
    measure("time-chess-game", MAX_RECORD_BYTES, chess_import, cases);
}
