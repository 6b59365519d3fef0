//! Golden images of the rating chart and the leaderboard table, in both
//! languages, compared by decoded pixels with `golden/stats-*.png`
//! (`TABLERO_BLESS=1` rewrites them; look at each before committing).

use crate::support;

use support::compare::{blessing, check_golden, decode};
use tablero_render::{
    ChartOptions, Column, ColumnAlign, RatingPoint, TableOptions, TableRow, render_rating_chart,
    render_table,
};

const DAY: i64 = 86_400_000;
/// 2025-11-01 00:00 UTC: 20,393 days after 1970-01-01 (2025-01-01 is day
/// 20,089, and January to October have 304 days).
const NOV_1: i64 = 20_393 * DAY;

/// A made-up history: a newcomer's deviation falling game by game as the
/// rating climbs, with a dip.
fn history() -> Vec<RatingPoint> {
    let ratings = [
        1500.0, 1662.0, 1590.0, 1641.0, 1702.0, 1688.0, 1731.0, 1705.0, 1690.0, 1722.0, 1748.0,
        1739.0, 1760.0, 1781.0, 1769.0,
    ];
    let deviations = [
        350.0, 290.0, 250.0, 215.0, 185.0, 160.0, 140.0, 122.0, 110.0, 100.0, 92.0, 86.0, 81.0,
        77.0, 74.0,
    ];
    ratings
        .iter()
        .zip(deviations)
        .enumerate()
        .map(|(i, (&rating, deviation))| RatingPoint {
            time_ms: NOV_1 + i as i64 * DAY / 2,
            rating,
            deviation,
        })
        .collect()
}

fn leaderboard() -> Vec<TableRow> {
    let rows = [
        ("1", "Ana María", "1781", "74", "12", "1", "2"),
        ("2", "Bo", "1702", "61", "20", "4", "9"),
        ("3", "Carmen 🙂", "1650", "58", "15", "2", "11"),
        ("4", "Diego", "1588?", "131", "3", "0", "2"),
        ("5", "Eve", "1540", "90", "7", "3", "8"),
    ];
    rows.iter()
        .map(|r| TableRow {
            cells: [r.0, r.1, r.2, r.3, r.4, r.5, r.6]
                .map(String::from)
                .to_vec(),
            highlight: r.1 == "Bo",
        })
        .collect()
}

fn columns(names: [&str; 7]) -> Vec<Column> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let align = match i {
                1 => ColumnAlign::Left,
                0 => ColumnAlign::Center,
                _ => ColumnAlign::Right,
            };
            Column::new(n, align)
        })
        .collect()
}

#[test]
fn charts_and_tables_match_their_goldens() {
    let bless = blessing();
    let mut images: Vec<(&str, Vec<u8>)> = Vec::new();
    let en = ChartOptions::new(
        "Ana María · Chess",
        "1769 ± 74 · 14 rated games",
        "No rated games yet",
    );
    images.push((
        "stats-chart-en.png",
        render_rating_chart(&history(), &en).unwrap(),
    ));
    let es = ChartOptions::new(
        "Ana María · Ajedrez",
        "1769 ± 74 · 14 partidas puntuables",
        "Aún no hay partidas puntuables",
    );
    images.push((
        "stats-chart-es.png",
        render_rating_chart(&history(), &es).unwrap(),
    ));
    images.push((
        "stats-chart-empty.png",
        render_rating_chart(&[], &es).unwrap(),
    ));
    images.push((
        "stats-chart-one.png",
        render_rating_chart(&history()[..1], &en).unwrap(),
    ));
    let table_en = TableOptions {
        title: "Chess leaderboard".into(),
        subtitle: "This server · 5 players · ? = provisional".into(),
        columns: columns(["#", "Player", "Rating", "RD", "W", "D", "L"]),
        empty: "Nobody has played a rated game yet".into(),
    };
    images.push((
        "stats-table-en.png",
        render_table(&leaderboard(), &table_en).unwrap(),
    ));
    let table_es = TableOptions {
        title: "Clasificación de ajedrez".into(),
        subtitle: "Este servidor · 5 jugadores · ? = provisional".into(),
        columns: columns(["#", "Jugador", "Puntos", "DR", "G", "T", "P"]),
        empty: "Nadie ha jugado aún una partida puntuable".into(),
    };
    images.push((
        "stats-table-es.png",
        render_table(&leaderboard(), &table_es).unwrap(),
    ));
    images.push((
        "stats-table-empty.png",
        render_table(&[], &table_es).unwrap(),
    ));
    let failures: Vec<String> = images
        .iter()
        .filter_map(|(name, png)| check_golden(name, png, bless))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sizes_follow_the_options_and_content() {
    let mut opts = ChartOptions::new("t", "s", "e");
    opts.width = 900;
    opts.height = 500;
    let img = decode(&render_rating_chart(&history(), &opts).unwrap()).unwrap();
    assert_eq!((img.width, img.height), (900, 500));
    // A table is as tall as its rows: 96 px of title, a heading row and a
    // row per entry at 40 px, 24 px of margin.
    let t = TableOptions {
        title: "t".into(),
        subtitle: String::new(),
        columns: columns(["#", "a", "b", "c", "d", "e", "f"]),
        empty: String::new(),
    };
    let img = decode(&render_table(&leaderboard(), &t).unwrap()).unwrap();
    assert_eq!(img.height, 96 + 40 * 6 + 24);
    assert!(img.width >= 480);
}
