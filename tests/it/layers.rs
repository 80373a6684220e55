//! Issue 94, point 2: the layers are crates, and what each may never depend on is kept (ARCHITECTURE,
//! "A workspace of layers"). Read from each crate's `Cargo.toml`, which Cargo enforces: a
//! layer that needs a forbidden crate has to add it there, and this test says no.

use std::collections::BTreeSet;

/// The names under `[dependencies]` of `crate_dir`'s manifest.
fn dependencies(crate_dir: &str) -> BTreeSet<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(crate_dir)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&path).expect("a manifest");
    let mut names = BTreeSet::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside
            && !line.starts_with('#')
            && let Some((name, _)) = line.split_once('=')
        {
            names.insert(name.trim().to_string());
        }
    }
    assert!(
        !names.is_empty(),
        "{}: no dependencies read",
        path.display()
    );
    names
}

#[test]
fn each_layer_depends_only_on_the_layers_above_it() {
    let window_and_io = [
        "eframe",
        "egui",
        "egui_plot",
        "rfd",
        "tokio",
        "axum",
        "rusqlite",
        "serialport",
        "nokhwa",
        "image",
    ];
    let engine = dependencies("crates/engine");
    for name in &engine {
        assert!(
            [
                "serde",
                "serde_json",
                "toml",
                "rand",
                "smallvec",
                "thiserror",
                "fnv"
            ]
            .contains(&name.as_str()),
            "the engine depends on {name}: it is pure (no I/O, no window, no clock)"
        );
    }
    // Pictures in, dice out: the reader takes images, and nothing else of the outside.
    for (layer, may, pictures) in [
        ("crates/words", &["foreman-engine"][..], false),
        ("crates/planner", &["foreman-engine"][..], false),
        ("crates/vision", &["foreman-dice-protocol"][..], true),
    ] {
        for name in dependencies(layer) {
            assert!(
                !window_and_io.contains(&name.as_str()) || (pictures && name == "image"),
                "{layer} depends on {name}"
            );
            if name.starts_with("foreman-") {
                assert!(may.contains(&name.as_str()), "{layer} depends on {name}");
            }
        }
    }
    for name in dependencies("crates/app") {
        assert!(
            !["eframe", "egui", "egui_plot", "rfd", "foreman"].contains(&name.as_str()),
            "the application depends on {name}: the window is above it"
        );
    }
}
