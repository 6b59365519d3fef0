//! The command menu Telegram shows when `/` is typed, from the app's
//! command table: English names for everyone, Spanish names for users whose
//! Telegram speaks Spanish (the app takes both).

use tablero_app::command::COMMANDS;
use tablero_rules::Lang;
use teloxide::types::BotCommand;

/// Whether Telegram takes `name` as a command: 1 to 32 of `a-z0-9_`.
fn valid(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// A description cut to Telegram's 256 characters.
fn description(s: &str) -> String {
    if s.chars().count() <= 256 {
        return s.to_string();
    }
    let mut d: String = s.chars().take(255).collect();
    d.push('…');
    d
}

/// The menus to register: `(language code, commands)`; `None` is the
/// default menu.
#[must_use]
pub fn menus() -> Vec<(Option<&'static str>, Vec<BotCommand>)> {
    let en = COMMANDS
        .iter()
        .map(|c| BotCommand::new(c.name, description(c.help(Lang::En))))
        .collect();
    let es = COMMANDS
        .iter()
        .map(|c| {
            let name = c
                .aliases
                .iter()
                .copied()
                .find(|a| valid(a))
                .unwrap_or(c.name);
            BotCommand::new(name, description(c.help(Lang::Es)))
        })
        .collect();
    vec![(None, en), (Some("es"), es)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_menu_entry_is_valid_and_parses() {
        for (_, menu) in menus() {
            assert_eq!(menu.len(), COMMANDS.len());
            for c in &menu {
                assert!(valid(&c.command), "{}", c.command);
                assert!((3..=256).contains(&c.description.chars().count()));
                let spec = tablero_app::command::find(&c.command).expect("the app knows it");
                assert!(spec.name == c.command || spec.aliases.contains(&c.command.as_str()));
            }
        }
        let es = &menus()[1].1;
        assert!(es.iter().any(|c| c.command == "desafiar"));
        assert!(es.iter().any(|c| c.command == "mover"));
    }
}
