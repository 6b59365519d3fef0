//! The crates' boundaries (ARCHITECTURE.md, "Invariants"): what each
//! crate may depend on and what its sources may name, read from the
//! manifests and the sources themselves.

use std::path::Path;

use crate::catalogue::{is_unit_test_file, sources, without_tests};

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

fn files_naming(krate: &str, needle: &str) -> Vec<String> {
    sources(&root().join("crates").join(krate).join("src"))
        .into_iter()
        .filter(|(p, code)| {
            // Test-only files of a crate (its fakes and harness, its unit
            // tests) are not part of what it runs.
            !p.ends_with("testkit.rs")
                && !is_unit_test_file(p)
                && names(without_tests(code), needle)
        })
        .map(|(p, _)| p)
        .collect()
}

/// Whether `code` holds `needle` as whole words: not inside a longer
/// name (`.awaited` is not `.await`, `tablero_store_x` not `tablero_store`).
fn names(code: &str, needle: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(needle).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + needle.len()..].chars().next();
        let glued_before = needle.starts_with(word) && before.is_some_and(word);
        let glued_after = needle.ends_with(word) && after.is_some_and(word);
        !(glued_before || glued_after)
    })
}

#[test]
fn names_finds_whole_words_only() {
    assert!(names("x.await;", ".await"));
    assert!(names("fut.await?", ".await"));
    assert!(!names("self.answers.awaited(&key)", ".await"));
    assert!(names("use tablero_store::Store;", "tablero_store"));
    assert!(!names("my_tablero_store", "tablero_store"));
    assert!(names("pub async fn go()", "async fn"));
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
