//! The app's modules form layers: vocabulary (ids, commands, events, views,
//! replies, the catalogue) → channel state → use cases → the `App` facade
//! → front-ends and test harness. Each module may use only modules of a
//! lower layer (`LAYERS`) or before it in its own layer (so two siblings
//! never use each other). This test reads the app's source, finds
//! every `crate::…` path outside unit tests (a name the crate root
//! re-exports counts as the module it comes from), and fails naming each
//! import that breaks the order, and any module without a layer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first, and their modules in order: a module uses
/// only the modules of lower layers and those before it in its own.
const LAYERS: &[(&str, &[&str])] = &[
    // Plain data and the words for it; no store handle, no `App`.
    (
        "vocabulary",
        &[
            "sync",
            "webpath",
            "clock",
            "schedule",
            "gameclock",
            "place",
            "terms",
            "view",
            "tourview",
            "comfortwords",
            "command",
            "grammar",
            "reading",
            "render",
            "reply",
            "pages",
            "event",
            "config",
            "resolve",
            "text",
        ],
    ),
    // What every handler shares, and the `App` that holds it.
    (
        "state",
        &[
            "heavy",
            "rates",
            "answers",
            "queue",
            "changes",
            "webview",
            "reviews",
            "channel",
            "understand",
            "state",
        ],
    ),
    // The handlers, each an `impl App` of its own.
    (
        "use cases",
        &[
            "limits",
            "bots",
            "comforts",
            "rounds",
            "play",
            "challenges",
            "tournaments",
            "offers",
            "press",
            "records",
            "listings",
            "learn",
            "review",
            "teach",
            "timers",
            "direct",
            "digest",
            "inline",
            "boards",
            "present",
            "watch",
            "webtour",
            "webplay",
        ],
    ),
    // The facade: `execute`, `handle`, dispatch.
    ("facade", &["app"]),
    // What runs the app: the console, start-up, the test harness.
    ("front-ends", &["console", "bot", "testkit", "corpus"]),
];

/// Each module's layer and its place in the layer.
fn ranks() -> BTreeMap<&'static str, (usize, usize)> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(layer, (_, modules))| {
            modules
                .iter()
                .enumerate()
                .map(move |(place, m)| (*m, (layer, place)))
        })
        .collect()
}

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

/// What breaks the order in `file` (shown as `name`) of `module`, whose
/// code (`code_of`) is `code`.
fn problems_in(
    name: &str,
    module: &str,
    code: &str,
    root: &BTreeMap<String, String>,
) -> Vec<String> {
    let ranks = ranks();
    let Some(&rank) = ranks.get(module) else {
        return vec![format!("{name}: module `{module}` has no layer in LAYERS")];
    };
    let mut problems = Vec::new();
    for used in uses(code, root) {
        if used == module {
            continue;
        }
        let Some(&theirs) = ranks.get(used.as_str()) else {
            problems.push(format!(
                "{name}: uses `crate::{used}`, which is no module with a layer in LAYERS"
            ));
            continue;
        };
        if theirs < rank {
            continue;
        }
        let why = if theirs.0 > rank.0 {
            format!("of a higher layer ({})", LAYERS[theirs.0].0)
        } else {
            format!("after it in its own layer ({})", LAYERS[rank.0].0)
        };
        problems.push(format!(
            "{name}: `{module}` ({}) uses `{used}`, {why}",
            LAYERS[rank.0].0
        ));
    }
    problems
}

#[test]
fn the_apps_modules_use_only_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
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
    assert!(files.len() > 40, "the app's sources were not found");
    let mut problems = Vec::new();
    for path in &files {
        let Some(module) = module_of(path, &src) else {
            continue;
        };
        // A module's unit tests in a file of their own (`reading/tests.rs`)
        // are skipped, as `code_of` skips those written inline.
        if path.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(path).unwrap());
        problems.extend(problems_in(
            &path.display().to_string(),
            &module,
            &code,
            &root,
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_names_each_import_that_breaks_the_order() {
    let root = root_names("pub use state::{App, Settings};\npub use text::ui::Ui;");
    // The catalogue using a use case, the facade through a root name, and
    // a module nobody placed.
    let code = code_of("use crate::challenges::parse_game;\nuse crate::{App, Ui};\n");
    let found = problems_in("text/x.rs", "text", &code, &root);
    assert_eq!(
        found,
        [
            "text/x.rs: `text` (vocabulary) uses `challenges`, of a higher layer (use cases)",
            "text/x.rs: `text` (vocabulary) uses `state`, of a higher layer (state)",
        ]
    );
    // A use case using one after it in its own layer.
    let found = problems_in("play.rs", "play", "fn f() { crate::watch::x() }", &root);
    assert_eq!(
        found,
        ["play.rs: `play` (use cases) uses `watch`, after it in its own layer (use cases)"]
    );
    assert_eq!(
        problems_in("new.rs", "new", "", &root),
        ["new.rs: module `new` has no layer in LAYERS"]
    );
    assert!(problems_in("play.rs", "play", "use crate::state::App;", &root).is_empty());
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
