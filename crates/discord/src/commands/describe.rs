//! The slash commands' descriptions, names and choices in both
//! languages, from the app's catalogue, within Discord's limits.

use tablero_app::command::CommandSpec;

use crate::{Data, Error};

/// Spanish locales Discord knows.
pub(super) const ES: [&str; 2] = ["es-ES", "es-419"];
/// The longest command or option description Discord accepts.
pub(super) const MAX_DESCRIPTION: usize = 100;

pub(super) fn describe(c: &mut poise::Command<Data, Error>, spec: &CommandSpec) {
    c.description = Some(clip(spec.en).into());
    let mut d = Vec::new();
    let mut n = Vec::new();
    for l in ES {
        d.push((l.into(), clip(spec.es).into()));
        // The first alias is the Spanish name; Discord wants 1-32
        // lower-case letters, digits, `-` or `_`.
        if let Some(es) = spec.aliases.first().filter(|a| valid_name(a)) {
            n.push((l.into(), (*es).into()));
        }
    }
    c.description_localizations = d.into();
    c.name_localizations = n.into();
    let command = c.name.clone();
    for p in &mut c.parameters {
        describe_option(&command, p);
    }
}

/// An option's description, Spanish name and fixed choices, from the
/// catalogue (`tablero_app::option_text`, `choice_text`).
fn describe_option(command: &str, p: &mut poise::CommandParameter<Data, Error>) {
    let Some(t) = tablero_app::option_text(command, &p.name) else {
        return;
    };
    p.description = Some(clip(t.en).into());
    p.description_localizations = ES
        .iter()
        .map(|l| ((*l).into(), clip(t.es).into()))
        .collect::<Vec<_>>()
        .into();
    if let Some(es) = t.es_name {
        p.name_localizations = ES
            .iter()
            .map(|l| ((*l).into(), es.into()))
            .collect::<Vec<_>>()
            .into();
    }
    let option = p.name.to_string();
    let choices: Vec<poise::CommandParameterChoice> = p
        .choices
        .iter()
        .map(|choice| {
            let mut choice = choice.clone();
            if let Some((en, es)) = tablero_app::choice_text(&option, &choice.name) {
                choice.name = en.into();
                choice.localizations = ES
                    .iter()
                    .map(|l| ((*l).into(), es.into()))
                    .collect::<Vec<_>>()
                    .into();
            }
            choice
        })
        .collect();
    p.choices = choices.into();
}

pub(super) fn valid_name(s: &str) -> bool {
    (1..=32).contains(&s.chars().count())
        && s.chars()
            .all(|c| (c.is_alphanumeric() && !c.is_uppercase()) || c == '-' || c == '_')
}

/// `s` shortened to Discord's description limit, at a word.
pub(super) fn clip(s: &str) -> String {
    if s.chars().count() <= MAX_DESCRIPTION {
        return s.to_string();
    }
    let head: String = s.chars().take(MAX_DESCRIPTION - 1).collect();
    let cut = head
        .rfind([' ', ';', ','])
        .filter(|&i| i > MAX_DESCRIPTION / 2)
        .unwrap_or(head.len());
    format!("{}…", head[..cut].trim_end_matches([' ', ';', ',']))
}
