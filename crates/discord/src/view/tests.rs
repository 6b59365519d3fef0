use serde_json::{Value, json};
use tablero_app::User;

use super::*;

fn group(origin: Option<&str>, moves: &[&str]) -> ChoiceGroup {
    ChoiceGroup {
        origin: origin.map(str::to_string),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        labels: Vec::new(),
    }
}

fn json(rows: &[CreateActionRow]) -> Value {
    serde_json::to_value(rows).unwrap()
}

fn values(menu: &Value) -> Vec<String> {
    menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn few_moves_fit_in_one_menu() {
    let groups = [
        group(Some("a2"), &["a2-a3", "a2-b3"]),
        group(None, &["pass"]),
    ];
    let v = json(&board_rows(GameAt::here(3), 12, &groups, Lang::En, false));
    assert_eq!(v.as_array().unwrap().len(), 1);
    let menu = &v[0]["components"][0];
    assert_eq!(menu["custom_id"], "tb:m:3:12");
    assert_eq!(values(menu), ["0:a2", "1:a2", "0:-"]);
    assert_eq!(menu["options"][1]["label"], "a2-b3");
    assert_eq!(menu["disabled"], false);
    let off = json(&board_rows(GameAt::here(3), 12, &groups, Lang::En, true));
    assert_eq!(off[0]["components"][0]["disabled"], true);
}

#[test]
fn many_moves_go_by_piece_then_by_page() {
    let cells: Vec<String> = (0..8).map(|i| format!("{}2", (b'a' + i) as char)).collect();
    let groups: Vec<ChoiceGroup> = cells
        .iter()
        .map(|c| group(Some(c), &["x", "y", "z", "w"]))
        .collect();
    let v = json(&board_rows(GameAt::here(1), 0, &groups, Lang::Es, false));
    let menu = &v[0]["components"][0];
    assert_eq!(menu["custom_id"], "tb:o:1:0");
    assert_eq!(values(menu)[..2], ["a2", "b2"]);
    assert_eq!(menu["options"][0]["label"], "a2 (4 jugadas)");

    // One group of 60 placements: three pages of moves, with buttons.
    let many: Vec<String> = (0..60).map(|i| format!("p{i}")).collect();
    let refs: Vec<&str> = many.iter().map(String::as_str).collect();
    let groups = [group(None, &refs)];
    let v = json(&board_rows(GameAt::here(2), 5, &groups, Lang::En, false));
    assert_eq!(v.as_array().unwrap().len(), 2);
    assert_eq!(values(&v[0]["components"][0]).len(), MAX_OPTIONS);
    let buttons = &v[1]["components"];
    assert_eq!(buttons[0]["disabled"], true, "no page before the first");
    assert_eq!(buttons[1]["custom_id"], "tb:p:2:5:1:-");
    let last = json(&picker_rows(
        GameAt::here(2),
        5,
        &groups,
        &List::Moves(None),
        2,
        Lang::En,
    ));
    assert_eq!(values(&last[0]["components"][0]).len(), 10);
    assert_eq!(values(&last[0]["components"][0])[0], "50:-");
    assert_eq!(last[1]["components"][0]["custom_id"], "tb:p:2:5:1:-");
    assert_eq!(last[1]["components"][1]["disabled"], true);
}

#[test]
fn missing_permissions_are_named() {
    let all = Permissions::all();
    assert!(missing_permissions(all, false, true, Lang::En).is_empty());
    let talk = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
    assert!(missing_permissions(talk, false, false, Lang::En).is_empty());
    assert_eq!(
        missing_permissions(talk, false, true, Lang::En),
        ["Embed Links", "Attach Files"]
    );
    assert_eq!(
        missing_permissions(talk, true, false, Lang::Es),
        ["Enviar mensajes en hilos"]
    );
    let t = missing_text(&["Attach Files"], Lang::En);
    assert!(t.contains("**Attach Files**"), "{t}");
}

#[test]
fn did_you_mean_moves_are_buttons_that_play_them() {
    let x = tablero_app::Text::plain("x");
    let mut r = Reply::error(
        tablero_app::reply::Bi {
            en: x.clone(),
            es: x,
        },
        Lang::Es,
    );
    r.suggestions = vec![tablero_app::Suggestion {
        game: 3,
        place: None,
        kind: tablero_rules::GameId::Chess,
        ply: 7,
        mv: "Nc3".into(),
        typed: ["Nc3".into(), "Cc3".into()],
    }];
    let v = json(&components(&r));
    assert_eq!(v[0]["components"][0]["custom_id"], "tb:y:3:7:Nc3");
    assert_eq!(v[0]["components"][0]["label"], "#3 Cc3");
}

#[test]
fn no_moves_no_components() {
    assert!(board_rows(GameAt::here(1), 9, &[], Lang::En, false).is_empty());
}

#[test]
fn long_texts_are_split_at_lines() {
    let reply = |t: &str| {
        Reply::new(
            tablero_rules::Msg::new(t.to_string(), t.to_string()),
            Lang::En,
        )
    };
    let line = "x".repeat(900);
    let text = format!("{line}\n{line}\n{line}");
    let p = parts(&reply(&text), MAX_CONTENT);
    assert_eq!(p.len(), 2);
    assert_eq!(p[0], format!("{line}\n{line}\n"));
    assert_eq!(p[1], line);
    // Discord counts characters: 2,000 "é" fit one message.
    let long = "é".repeat(2500);
    let p = parts(&reply(&long), MAX_CONTENT);
    assert_eq!(
        p.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
        [2000, 500]
    );
    assert_eq!(p.concat(), long);
    // Escapes count: 1,000 underscores are 2,000 characters escaped.
    let under = "_".repeat(1001);
    let p = parts(&reply(&under), MAX_CONTENT);
    assert_eq!(p.len(), 2);
    assert!(p.iter().all(|p| p.chars().count() <= MAX_CONTENT));
    assert_eq!(parts(&reply(""), MAX_CONTENT), [""]);
}

#[test]
fn only_the_mentioned_users_are_notified() {
    let ana = User {
        id: "42".into(),
        name: "ana_b".into(),
    };
    let t = tablero_app::Text::fill(
        "{} to move, @everyone: `move #1 e4`",
        [tablero_app::Span::Mention(ana.clone())],
    );
    let mut r = Reply::new(
        tablero_app::reply::Bi {
            en: t.clone(),
            es: t,
        },
        Lang::En,
    );
    assert_eq!(r.mentions, vec![ana]);
    assert_eq!(text(&r), "<@42> to move, @everyone: `move #1 e4`");
    let v = serde_json::to_value(allowed_mentions(&r)).unwrap();
    assert_eq!(v["users"], json!(["42"]));
    assert_eq!(v["parse"], json!([]));
    r.error = true;
    let v = serde_json::to_value(allowed_mentions(&r)).unwrap();
    assert_eq!(v["users"], json!([]));
    assert_eq!(text(&r), "@ana\\_b to move, @everyone: `move #1 e4`");
}

/// Markdown characters are escaped; a `#` only where it could begin a
/// heading or subtext (neither after nor before a letter or a digit), not
/// in a game's number or a chess move.
#[test]
fn markdown_is_escaped_and_numbers_are_left_alone() {
    let r = Reply::new(
        tablero_rules::Msg::new("# big_one\n-# small #3, #kqa7 ## *x* Qh4# #", ""),
        Lang::En,
    );
    assert_eq!(
        text(&r),
        "\\# big\\_one\n-\\# small #3, #kqa7 \\#\\# \\*x\\* Qh4# \\#"
    );
}
