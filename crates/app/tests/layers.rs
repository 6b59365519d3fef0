//! The app's modules form layers: vocabulary (ids, commands, events, views,
//! replies, the catalogue) → channel state → use cases → the `App` facade
//! → front-ends and test harness. Each module may use only modules of a
//! lower rank (`RANKS`: the layer, and within a layer an order, so two
//! siblings never use each other). This test reads the app's source, finds
//! every `crate::…` path outside unit tests (a name the crate root
//! re-exports counts as the module it comes from), and fails naming each
//! import that breaks the order, and any module without a rank.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Layer bands: a module's rank is within its layer's band.
const VOCABULARY: u32 = 100;
const STATE: u32 = 200;
const USE_CASES: u32 = 300;
const FACADE: u32 = 400;
const FRONT_ENDS: u32 = 500;

/// Every module of the app and its rank. A module uses only modules of a
/// lower rank.
const RANKS: &[(&str, u32)] = &[
    // Vocabulary: plain data and the words for it; no store handle, no App.
    ("sync", VOCABULARY),
    ("clock", VOCABULARY + 1),
    ("place", VOCABULARY + 2),
    ("view", VOCABULARY + 3),
    ("command", VOCABULARY + 4),
    ("reading", VOCABULARY + 5),
    ("render", VOCABULARY + 6),
    ("reply", VOCABULARY + 7),
    ("pages", VOCABULARY + 8),
    ("event", VOCABULARY + 9),
    ("config", VOCABULARY + 10),
    ("text", VOCABULARY + 11),
    // State: what every handler shares, and the `App` that holds it.
    ("heavy", STATE),
    ("rates", STATE + 1),
    ("queue", STATE + 2),
    ("changes", STATE + 3),
    ("reviews", STATE + 4),
    ("channel", STATE + 5),
    ("state", STATE + 6),
    // Use cases, each using only those before it.
    ("limits", USE_CASES),
    ("bots", USE_CASES + 1),
    ("play", USE_CASES + 2),
    ("challenges", USE_CASES + 3),
    ("offers", USE_CASES + 4),
    ("press", USE_CASES + 5),
    ("records", USE_CASES + 6),
    ("listings", USE_CASES + 7),
    ("learn", USE_CASES + 8),
    ("review", USE_CASES + 9),
    ("teach", USE_CASES + 10),
    ("timers", USE_CASES + 11),
    ("direct", USE_CASES + 12),
    ("inline", USE_CASES + 13),
    ("boards", USE_CASES + 14),
    ("present", USE_CASES + 15),
    ("watch", USE_CASES + 16),
    // The facade: the `App`, dispatch.
    ("app", FACADE),
    // What runs the app: start-up, the console, the test harness.
    ("console", FRONT_ENDS),
    ("bot", FRONT_ENDS + 1),
    ("testkit", FRONT_ENDS + 2),
    ("corpus", FRONT_ENDS + 3),
];

/// The module a source file belongs to (`text/events.rs` is `text`).
fn module_of(path: &Path, src: &Path) -> Option<String> {
    let rel = path.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "lib").then(|| name.to_string())
}

/// The file's code without its unit tests and comments.
fn code_of(text: &str) -> String {
    let cut = text
        .find("#[cfg(test)]\nmod tests")
        .or_else(|| text.find("#[cfg(test)]\npub(crate) mod tests"))
        .unwrap_or(text.len());
    text[..cut]
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Names the crate root re-exports, and the module each comes from
/// (`pub use text::ui::{Permission, Ui}` gives `Ui` → `text`).
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let code = code_of(lib);
    for stmt in code.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, _)) = rest.split_once("::") else {
            continue;
        };
        let names = rest.rsplit_once("::").map_or(rest, |(_, n)| n);
        for n in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            let n = n.trim();
            let n = n.rsplit_once(" as ").map_or(n, |(_, alias)| alias).trim();
            if !n.is_empty() {
                out.insert(n.to_string(), module.trim().to_string());
            }
        }
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The modules `code` uses through `crate::…` paths.
fn uses(code: &str, root: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut name = |n: &str| {
        let n = n.trim();
        if n.is_empty() {
            return;
        }
        out.insert(root.get(n).cloned().unwrap_or_else(|| n.to_string()));
    };
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            for item in inner.split(',') {
                name(ident_at(item.trim()));
            }
        } else {
            name(ident_at(rest));
        }
    }
    out
}

#[test]
fn the_apps_modules_use_only_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let ranks: BTreeMap<&str, u32> = RANKS.iter().copied().collect();
    let root = root_names(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut problems = Vec::new();
    for path in &files {
        let Some(module) = module_of(path, &src) else {
            continue;
        };
        let Some(&rank) = ranks.get(module.as_str()) else {
            problems.push(format!(
                "{}: module `{module}` has no layer in RANKS",
                path.display()
            ));
            continue;
        };
        let code = code_of(&std::fs::read_to_string(path).unwrap());
        for used in uses(&code, &root) {
            if used == module {
                continue;
            }
            let Some(&theirs) = ranks.get(used.as_str()) else {
                problems.push(format!(
                    "{}: uses `crate::{used}`, which is no module with a layer in RANKS",
                    path.display()
                ));
                continue;
            };
            if theirs < rank {
                continue;
            }
            let why = if theirs / 100 > rank / 100 {
                "a higher layer"
            } else {
                "a sibling of its layer that comes after it"
            };
            problems.push(format!(
                "{}: `{module}` (rank {rank}) uses `{used}` (rank {theirs}), {why}",
                path.display()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_imports_in_every_form() {
    let root =
        root_names("pub use text::ui::{Permission, Ui};\npub use app::{App, Settings as S};");
    assert_eq!(root.get("Ui").map(String::as_str), Some("text"));
    assert_eq!(root.get("S").map(String::as_str), Some("app"));
    let code = code_of(
        "use crate::event::Event;\nuse crate::{App, Ui};\n// crate::bots in a comment\nfn f() { crate::channel::x() }\n#[cfg(test)]\nmod tests {\n    use crate::testkit;\n}\n",
    );
    let used: Vec<String> = uses(&code, &root).into_iter().collect();
    assert_eq!(used, ["app", "channel", "event", "text"]);
}
