//! The conversation corpus through a fake Telegram group, with the
//! production defaults.

use std::path::Path;

use tablero_app::corpus;

use super::*;

/// The conversation corpus (`tests/conversations/*.txt` of the workspace)
/// through the fake Telegram server with the production defaults: each
/// line a group message as Telegram delivers it (a `/command` marked as
/// one, anything else plain chat), each answer read from what the bot
/// sent to the group, and what changed read from the store.
///
/// Each file is its own chat with its own fake server and bot, and the
/// files run at once: most of the time is spent waiting for quiet after
/// each line, and those waits overlap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_conversation_corpus_through_a_fake_telegram_group() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conversations");
    let files = tablero_app::testkit::text_files(&dir);
    assert!(files.len() >= 7, "the corpus: {files:?}");
    let failures: Vec<String> = futures_util::future::join_all(files.iter().map(|f| one_file(f)))
        .await
        .into_iter()
        .flatten()
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One corpus file through its own fake group: what went wrong, line by
/// line.
async fn one_file(f: &Path) -> Vec<String> {
    let group = ChannelKey::new(tablero_app::Platform::Telegram, GROUP.to_string());
    let mut failures = Vec::new();
    {
        let Running {
            fake,
            app,
            stop_tx,
            bot,
            mut c,
            ..
        } = start().await;
        let mut people: HashMap<String, Person> = HashMap::new();
        for x in corpus::exchanges(&std::fs::read_to_string(f).unwrap()).unwrap() {
            let n = people.len();
            let who = people.entry(x.user.clone()).or_insert_with(|| {
                let name: &'static str = Box::leak(x.user.clone().into_boxed_str());
                Person {
                    id: 100 + n as i64,
                    first: name,
                    username: Some(name),
                }
            });
            let before = corpus::games(app.store(), &group);
            let update = fake.next_update.load(Ordering::SeqCst) + 1;
            c.say(who, &x.said);
            // Handled: the update taken, the bot's searches done, and
            // nothing sent for a while.
            let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
            while fake
                .updates
                .lock()
                .unwrap()
                .iter()
                .any(|u| u["update_id"] == update)
            {
                assert!(tokio::time::Instant::now() < deadline, "update not taken");
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            // Every line but chat gets an answer: wait for it before
            // waiting for quiet, so a slow answer is not taken for none.
            if !matches!(x.want, corpus::Want::Silent | corpus::Want::Nothing) {
                while fake.calls.lock().unwrap()[c.seen..]
                    .iter()
                    .all(|k| !k.method.starts_with("send"))
                {
                    assert!(tokio::time::Instant::now() < deadline, "no answer");
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            }
            // Then quiet: nothing sent for a while, and the bot not to
            // move in any game of its own (its answer comes a second or
            // more after the move it answers).
            let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
            let mut seen = fake.calls.lock().unwrap().len();
            loop {
                tokio::time::sleep(Duration::from_millis(400)).await;
                let bot_to_move = app.ongoing_games(&group).unwrap().iter().any(|g| {
                    g.players[usize::from(g.to_move == tablero_rules::Side::Second)].id == "999"
                });
                let now = fake.calls.lock().unwrap().len();
                if now == seen && !bot_to_move {
                    break;
                }
                assert!(tokio::time::Instant::now() < deadline, "never quiet");
                seen = now;
            }
            let calls: Vec<Call> = fake.calls.lock().unwrap()[c.seen..].to_vec();
            c.seen = seen;
            let sent: Vec<&Call> = calls
                .iter()
                .filter(|k| k.method.starts_with("send") && k.params["chat_id"] == GROUP)
                .collect();
            let answer = (!sent.is_empty()).then(|| corpus::Answer {
                text: sent
                    .iter()
                    .map(|k| {
                        visible(
                            k.params["text"]
                                .as_str()
                                .or(k.params["caption"].as_str())
                                .unwrap_or(""),
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
                // An error is a message like any other on Telegram.
                error: false,
                offers_moves: sent
                    .iter()
                    .any(|k| buttons(&k.params).iter().any(|b| b.starts_with("m:"))),
            });
            let after = corpus::games(app.store(), &group);
            let changed = corpus::changed(&before, &after);
            if !corpus::judged(&x.want, &before, &changed, answer.as_ref(), true) {
                failures.push(format!(
                    "{} line {} {}> {}\n    want {:?}\n    changed {changed:?}\n    sent {}",
                    f.display(),
                    x.line,
                    x.user,
                    x.said,
                    x.want,
                    answer.map_or("(nothing)".into(), |a| a.text)
                ));
            }
        }
        stop_tx.send(()).unwrap();
        let _ = tokio::time::timeout(Duration::from_secs(10), bot).await;
    }
    failures
}

/// Telegram HTML as the corpus writes text: code between backticks, no
/// other markup, entities read.
fn visible(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html.replace("<code>", "`").replace("</code>", "`");
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        rest = rest[i..]
            .find('>')
            .map_or(String::new(), |j| rest[i + j + 1..].to_string());
    }
    out.push_str(&rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
