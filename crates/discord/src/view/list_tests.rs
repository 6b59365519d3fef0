use serde_json::Value;
use tablero_app::{Listing, OpenGame, Pager, Pick, Reply, Text};
use tablero_rules::Lang;

use super::*;

fn bi(s: &str) -> tablero_app::reply::Bi {
    tablero_app::reply::Bi {
        en: Text::plain(s),
        es: Text::plain(s),
    }
}

fn ids(rows: &[CreateActionRow]) -> Vec<Vec<String>> {
    let v: Value = serde_json::to_value(rows).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row["components"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["custom_id"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .collect()
}

#[test]
fn a_page_of_challenges_has_accept_buttons_then_its_pages() {
    let mut r = Reply::new(bi("Challenges"), Lang::En);
    r.picks = (1..=7)
        .map(|id| Pick {
            challenge: id,
            label: format!("#{id} Chess · ana"),
        })
        .collect();
    r.pager = Some(Pager {
        list: Listing::Challenges,
        page: 2,
        pages: 3,
    });
    let rows = ids(&components(&r));
    assert_eq!(
        rows,
        [
            vec!["tb:c:1:a", "tb:c:2:a", "tb:c:3:a", "tb:c:4:a", "tb:c:5:a"],
            vec!["tb:c:6:a", "tb:c:7:a"],
            vec!["tb:l:a:1", "tb:l:a:3"],
        ]
    );
    // Each reads back as what it asks.
    assert_eq!(page_press("tb:l:a:3"), Some((Listing::Challenges, 3)));
    assert_eq!(challenge_answer("tb:c:6:a"), Some((6, true)));
    assert_eq!(page_press("tb:l:x:3"), None);
    assert_eq!(page_press("tb:l:a:0"), None);
}

#[test]
fn a_direct_chats_games_open_with_a_button_each_above_the_pages() {
    let mut r = Reply::new(bi("Your games"), Lang::En);
    r.open = ["kqa1", "2"]
        .iter()
        .map(|at| OpenGame {
            at: tablero_app::place::GameAt::parse(at).unwrap(),
            label: format!("#{at} Chess · Club"),
        })
        .collect();
    r.pager = Some(Pager {
        list: Listing::MyGames,
        page: 1,
        pages: 2,
    });
    assert_eq!(
        ids(&components(&r)),
        [vec!["tb:b:kqa1", "tb:b:2"], vec!["tb:l:g:2"]]
    );
}
