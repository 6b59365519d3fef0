//! Several processes on one PostgreSQL database: a page served by one
//! app hears of moves committed by another (the feeds poll the channels'
//! versions). Two `App`s on their own stores stand for two processes, as
//! in `crates/app/tests/it/shared.rs`.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use support::*;
use tablero_app::{App, FakeRenderer, Settings};
use tablero_store::Store;
use tablero_web::limit::Limits;

fn app_on(url: &str) -> Arc<App> {
    let settings = Settings {
        limits: tablero_app::limits::Limits {
            commands_per_minute: 100_000,
            ..tablero_app::limits::Limits::default()
        },
        ..Settings::default()
    };
    Arc::new(App::new(
        Store::open_url(url, 1 << 20).unwrap(),
        Arc::new(tablero_app::SystemClock),
        Arc::new(FakeRenderer),
        settings,
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_hears_of_another_process_moves() {
    let server = tablero_pgtest::PgServer::shared();
    let url = server.create_database();
    let (web_side, players_side) = (app_on(&url), app_on(&url));
    let p = players_side.clone();
    let token = tokio::task::spawn_blocking(move || {
        let t = chess_game(&p);
        say_as(&p, &group(), &ana(), "web list on", true);
        t
    })
    .await
    .unwrap();
    // Both processes derive the same page address from the shared secret.
    assert_eq!(web_side.game_token(&group(), 1).unwrap(), token);
    let addr = serve(web_side.clone(), Limits::default()).await;
    let mut page = Stream::open(addr, &format!("/g/{token}/events?lang=en")).await;
    let mut list = Stream::open(addr, "/events?lang=en").await;
    page.next(Duration::from_secs(5)).await.expect("the state");
    list.next(Duration::from_secs(5)).await.expect("the list");
    for (who, mv, plies) in [(ana(), "e4", 2), (ben(), "c5", 3), (ana(), "Nf3", 4)] {
        let p = players_side.clone();
        let started = Instant::now();
        tokio::task::spawn_blocking(move || ok(&p, &group(), &who, mv))
            .await
            .unwrap();
        let (_, data) = page
            .next(Duration::from_secs(2))
            .await
            .unwrap_or_else(|| panic!("{mv} made in the other process never showed"));
        assert!(started.elapsed() < Duration::from_secs(2));
        let state: serde_json::Value = serde_json::from_str(&data).unwrap();
        assert_eq!(state["plies"].as_array().unwrap().len(), plies, "{mv}");
        let (_, data) = list.next(Duration::from_secs(2)).await.expect("the list");
        assert!(data.contains(&token), "{data}");
    }
    // Listing turned off in the other process empties this one's list.
    let p = players_side.clone();
    tokio::task::spawn_blocking(move || say_as(&p, &group(), &ana(), "web list off", true))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (_, data) = list.next(Duration::from_secs(5)).await.expect("the list");
        if !data.contains(&token) {
            break;
        }
        assert!(Instant::now() < deadline, "still listed: {data}");
    }
}
