//! The crates' boundaries (ARCHITECTURE.md, "Invariants"): what each
//! crate may depend on and what its sources may name, read from the
//! manifests and the sources themselves.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The names in a manifest's `[dependencies]` table (not dev or build).
fn dependencies(krate: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml"))
        .expect("the crate's manifest");
    dependencies_in(&text)
}

fn dependencies_in(manifest: &str) -> Vec<String> {
    let mut in_deps = false;
    let mut names = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if !in_deps || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = line.split(['=', '.', ' ']).next().unwrap_or("");
        names.push(name.to_string());
    }
    names
}

/// Every `.rs` file under `dir`, with its text, unit tests cut off (a
/// `#[cfg(test)]` module is the end of a file here).
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a source folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).expect("a source file");
                let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
                out.push((p, code));
            }
        }
    }
    out
}

fn files_naming(krate: &str, needle: &str) -> Vec<String> {
    sources(&root().join("crates").join(krate).join("src"))
        .into_iter()
        .filter(|(p, code)| {
            // Test-only files of a crate (its fakes and harness) are
            // not part of what it runs.
            !p.ends_with("testkit.rs") && code.contains(needle)
        })
        .map(|(p, _)| p.display().to_string())
        .collect()
}

#[test]
fn the_pure_crates_depend_on_nothing_that_does_io() {
    let allowed: &[(&str, &[&str])] = &[
        ("rules", &[]),
        ("engine", &["tablero-rules", "rustc-hash"]),
        ("rating", &["serde"]),
        ("tournament", &["serde"]),
        ("ids", &["serde"]),
    ];
    for (krate, ok) in allowed {
        let extra: Vec<String> = dependencies(krate)
            .into_iter()
            .filter(|d| !ok.contains(&d.as_str()))
            .collect();
        assert!(extra.is_empty(), "crates/{krate} depends on {extra:?}");
    }
}

#[test]
fn the_renderer_knows_no_store_app_or_network() {
    for d in dependencies("render") {
        assert!(
            !matches!(
                d.as_str(),
                "tablero-store" | "tablero-app" | "tokio" | "sled" | "tablero-engine"
            ),
            "crates/render depends on {d}"
        );
    }
}

#[test]
fn the_app_has_no_async_code() {
    for needle in [".await", "async fn", "async move"] {
        let found = files_naming("app", needle);
        assert!(found.is_empty(), "`{needle}` in {found:?}");
    }
}

#[test]
fn front_ends_never_name_the_store() {
    for krate in ["discord", "telegram", "web"] {
        let found = files_naming(krate, "tablero_store");
        assert!(
            found.is_empty(),
            "crates/{krate} names the store in {found:?}"
        );
        assert!(
            !dependencies(krate).iter().any(|d| d == "tablero-store"),
            "crates/{krate} depends on tablero-store"
        );
    }
}

#[test]
fn the_manifest_reader_sees_only_the_dependencies_table() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\n# a comment\nserde.workspace = true\ntokio = { version = \"1\" }\n\n[dev-dependencies]\nsled = \"0.34\"\n";
    assert_eq!(dependencies_in(manifest), ["serde", "tokio"]);
}
