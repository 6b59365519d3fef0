//! Every sentence a user reads is in the app's catalogue
//! (`crates/app/src/text/`): the chat adapters name what they show with
//! the catalogue's keys and never choose between languages themselves.
//! This test reads the adapters' sources (tests excluded) and fails on a
//! `Lang::` branch, on Spanish words, and on a literal fed straight to
//! something a user reads (a label, a placeholder, a message's content).

use std::path::Path;

/// The adapters' source folders, from the workspace root.
const ADAPTERS: [&str; 2] = ["crates/telegram/src", "crates/discord/src"];

/// Words that only a Spanish sentence has.
const SPANISH: [&str; 12] = [
    " de ", " la ", " el ", " una ", " tu ", "partida", "jugada", "desafío", "tablero ", " mira",
    " puedo", "ya no",
];

/// The calls whose text a user reads.
const SHOWN: [&str; 9] = [
    ".label(",
    ".placeholder(",
    ".content(",
    "::callback(",
    "CreateEmbedFooter::new(",
    ".title(",
    ".caption(",
    "BotCommand::new(",
    "text: Some(",
];

/// What is wrong in `code` (one file, tests already cut off), one line
/// each.
fn findings(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        if [
            "Lang::En =>",
            "Lang::Es =>",
            "== Lang::",
            "!= Lang::",
            "Lang::En |",
            "Lang::Es |",
        ]
        .iter()
        .any(|b| line.contains(b))
        {
            out.push(format!("line {}: a language branch: {trimmed}", n + 1));
        }
        for lit in literals(line) {
            let lower = lit.to_lowercase();
            if lit.chars().any(|c| "áéíóúñ¿¡".contains(c))
                || SPANISH.iter().any(|w| lower.contains(w))
            {
                out.push(format!("line {}: Spanish text: \"{lit}\"", n + 1));
            }
        }
    }
    // A call and its literal argument may be on different lines.
    let flat: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| [l.trim(), " "])
        .collect();
    for call in SHOWN {
        for (at, _) in flat.match_indices(call) {
            let rest = flat[at + call.len()..].trim_start();
            let rest = rest.strip_prefix("format!(").unwrap_or(rest).trim_start();
            if let Some(lit) = rest.strip_prefix('"').and_then(|r| r.split('"').next())
                && without_holes(lit)
                    .chars()
                    .filter(|c| c.is_alphabetic())
                    .count()
                    >= 2
            {
                out.push(format!("{call}\"{lit}\": a literal shown to users"));
            }
        }
    }
    out
}

/// The string literals of one line (escaped quotes are rare enough in
/// these files to ignore).
fn literals(line: &str) -> Vec<&str> {
    line.split('"').skip(1).step_by(2).collect()
}

/// A format string without its `{…}` holes.
fn without_holes(lit: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in lit.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether `path` is a module's unit tests kept in a file of their own
/// (`view/tests.rs`, `view/list_tests.rs`), which is test code as an
/// inline `#[cfg(test)]` module is.
pub(crate) fn is_unit_test_file(path: &str) -> bool {
    path.ends_with("tests.rs")
}

/// `code` without its test module.
pub(crate) fn without_tests(code: &str) -> &str {
    code.split("#[cfg(test)]").next().unwrap_or(code)
}

/// Every `.rs` file under `dir`: its path and its text.
pub(crate) fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let code = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), code));
        }
    }
    out
}

#[test]
fn adapters_hold_no_sentence_of_their_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bad = Vec::new();
    let mut files = 0;
    for dir in ADAPTERS {
        for (name, code) in sources(&root.join(dir)) {
            if is_unit_test_file(&name) {
                continue;
            }
            files += 1;
            for f in findings(without_tests(&code)) {
                bad.push(format!("{name}: {f}"));
            }
        }
    }
    assert!(files >= 10, "read only {files} files");
    assert!(
        bad.is_empty(),
        "adapters hold user-facing text; move it to the catalogue (crates/app/src/text/):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    let cases = [
        "let l = if lang == Lang::Es { a } else { b };",
        "Lang::En => \"x\".into(),",
        r#"InlineKeyboardButton::callback("Join", data)"#,
        "CreateButton::new(id)\n    .label(\n        \"Choose a piece\",\n    )",
        r#"let t = format!("Partida #{id}");"#,
        r#"r.content(format!("Game #{id} · after {ply} moves"))"#,
        r#"let s = "Este botón ya no funciona";"#,
    ];
    for c in cases {
        assert!(!findings(c).is_empty(), "not found in: {c}");
    }
    let fine = [
        "tracing::warn!(error = %e, \"cannot post\");",
        ".label(Ui::Join.text(lang))",
        r#".label(format!("{}/{pages} ▶", page + 2))"#,
        r#"CreateButton::new(format!("tb:c:{}:{answer}", c.id))"#,
        "// Lang::Es in a comment",
        "BotCommand::new(c.name, description(c.help(Lang::En)))",
    ];
    for c in fine {
        assert!(findings(c).is_empty(), "flagged: {c}: {:?}", findings(c));
    }
}
