//! Foreman's languages: Fluent message files `assets/i18n/<lang>.ftl`, embedded in the
//! binary. Every label of the window goes through [`Tr::t`] / [`Tr::t_args`]; a message
//! missing from a language falls back to English (a test checks that none is missing).
//! [`words`] puts the game's own words (cards, tools, phases, refusals, events, actions) into
//! a language; the command line uses it in English.

pub mod gains;
pub mod journal;
pub mod words;

// The concurrent bundle: a `Tr` may be shared by the threads serving a game (`net`).
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::{LanguageIdentifier, langid};

/// The interface languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Fr,
    Es,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Es, Lang::Ru];

    /// The language a POSIX locale names ("fr_FR.UTF-8", "es", "ru_RU"), if Foreman speaks it.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let code = locale
            .split(['_', '.', '@', '-'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match code.as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            "es" => Some(Lang::Es),
            "ru" => Some(Lang::Ru),
            _ => None,
        }
    }

    /// The system's language, by the usual order of the locale's variables (`LC_ALL`,
    /// `LC_MESSAGES`, `LANG`; the first set and not empty decides), if Foreman speaks it.
    pub fn of_system(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| var(v).filter(|s| !s.is_empty()))
            .next()
            .and_then(|l| Lang::from_locale(&l))
    }

    /// The language's two-letter code ("fr").
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ru => "ru",
        }
    }

    /// The language's own name, as shown in the language menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::Ru => "Русский",
        }
    }

    /// The Fluent source of this language.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/i18n/en.ftl"),
            Lang::Fr => include_str!("../../../assets/i18n/fr.ftl"),
            Lang::Es => include_str!("../../../assets/i18n/es.ftl"),
            Lang::Ru => include_str!("../../../assets/i18n/ru.ftl"),
        }
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::En => langid!("en"),
            Lang::Fr => langid!("fr"),
            Lang::Es => langid!("es"),
            Lang::Ru => langid!("ru"),
        }
    }

    /// Card names exist in English and French (cards.md); the other languages show English.
    pub fn card_names_in_french(self) -> bool {
        self == Lang::Fr
    }
}

/// Translations for one language, with English behind it.
pub struct Tr {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    english: FluentBundle<FluentResource>,
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let mut b = FluentBundle::new_concurrent(vec![lang.id()]);
    // No Unicode isolation marks around arguments: they show as boxes in some fonts and
    // would make labels differ from what tests and screen readers look for.
    b.set_use_isolating(false);
    match FluentResource::try_new(lang.source().to_string()) {
        Ok(res) => {
            if let Err(errors) = b.add_resource(res) {
                tracing::warn!(?lang, ?errors, "duplicate messages in a language file");
            }
        }
        Err((res, errors)) => {
            tracing::warn!(?lang, ?errors, "syntax errors in a language file");
            b.add_resource_overriding(res);
        }
    }
    b
}

impl Tr {
    pub fn new(lang: Lang) -> Tr {
        Tr {
            lang,
            bundle: bundle(lang),
            english: bundle(Lang::En),
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether `key` exists in this language's own file (not through the English fallback).
    pub fn has(&self, key: &str) -> bool {
        self.bundle
            .get_message(key)
            .is_some_and(|m| m.value().is_some())
    }

    /// The message `key`.
    pub fn t(&self, key: &str) -> String {
        self.format(key, None)
    }

    /// The message `key` with named arguments (numbers stay numbers, for plural rules).
    pub fn t_args(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let mut fa = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Num(n) => fa.set(*name, FluentValue::from(*n)),
                Arg::Text(s) => fa.set(*name, FluentValue::from(s.clone())),
            }
        }
        self.format(key, Some(&fa))
    }

    fn format(&self, key: &str, args: Option<&FluentArgs>) -> String {
        for b in [&self.bundle, &self.english] {
            if let Some(pattern) = b.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = b.format_pattern(pattern, args, &mut errors);
                if !errors.is_empty() {
                    tracing::warn!(key, ?errors, "message formatting");
                }
                return text.into_owned();
            }
        }
        key.to_string()
    }
}

/// An argument of a message.
#[derive(Debug, Clone)]
pub enum Arg {
    Num(i64),
    Text(String),
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(i64::from(n))
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(n as i64)
    }
}
impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u16> for Arg {
    fn from(n: u16) -> Arg {
        Arg::Num(i64::from(n))
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

/// Every message id of a Fluent source, in order (for the completeness test).
pub fn message_ids(source: &str) -> Vec<String> {
    use fluent_syntax::ast::Entry;
    // A file with a broken entry still names the others (the broken one is a junk entry).
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(partial, _)| partial);
    resource
        .body
        .iter()
        .filter_map(|e| match e {
            Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod locale_tests {
    use super::Lang;

    /// A first launch speaks the system's language when Foreman has it (README: "Foreman
    /// starts in your system's language if it has it"; the rulebooks' French, Spanish and
    /// Russian, and English).
    #[test]
    fn the_first_launch_speaks_the_systems_language() {
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("es_AR"), Some(Lang::Es));
        assert_eq!(Lang::from_locale("ru_RU.KOI8-R"), Some(Lang::Ru));
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), None);
        assert_eq!(Lang::from_locale("C.UTF-8"), None);
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |v: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == v)
                    .map(|(_, x)| x.to_string())
            }
        };
        // LC_ALL before LC_MESSAGES before LANG; an empty one is not set.
        assert_eq!(
            Lang::of_system(env(&[("LANG", "es_ES.UTF-8"), ("LC_ALL", "ru_RU.UTF-8")])),
            Some(Lang::Ru)
        );
        assert_eq!(
            Lang::of_system(env(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "")])),
            Some(Lang::Fr)
        );
        assert_eq!(
            Lang::of_system(env(&[("LANG", "fr_FR"), ("LC_MESSAGES", "es_ES")])),
            Some(Lang::Es)
        );
        assert_eq!(Lang::of_system(env(&[])), None);
        assert_eq!(Lang::of_system(env(&[("LANG", "ja_JP.UTF-8")])), None);
    }
}

#[cfg(test)]
mod plural_tests {
    use super::{Lang, Tr};

    /// Issue 89, point 8: one round is "1 round", not "1 rounds"; one position searched the
    /// same, in each language that says a number before its noun.
    /// A key written twice takes the first and hides the second (the Machine's "Rolled:"
    /// stood for "The Machine rolled: red 4, …", its dice never said): each key once.
    #[test]
    fn every_key_is_written_once() {
        for lang in Lang::ALL {
            let mut seen = std::collections::HashSet::new();
            for line in lang.source().lines() {
                let Some((key, _)) = line.split_once(" =") else {
                    continue;
                };
                if key.is_empty() || key.starts_with([' ', '#', '*', '[']) {
                    continue;
                }
                assert!(seen.insert(key), "{lang:?}: {key} written twice");
            }
        }
    }

    #[test]
    fn one_is_said_in_the_singular() {
        for (lang, one, two) in [
            (Lang::En, "1 round", "2 rounds"),
            (Lang::Fr, "1 tour", "2 tours"),
            (Lang::Es, "1 ronda", "2 rondas"),
        ] {
            let tr = Tr::new(lang);
            let said = |n: usize| tr.t_args("history-length", &[("rounds", n.into())]);
            assert_eq!(said(1), one, "{lang:?}");
            assert_eq!(said(2), two, "{lang:?}");
            let timed = tr.t_args(
                "history-length-timed",
                &[("rounds", 1usize.into()), ("minutes", 30usize.into())],
            );
            assert_eq!(timed, format!("{one}, 30 min"), "{lang:?}");
        }
        let en = Tr::new(Lang::En);
        let title = |n: usize| en.t_args("suggest-title-hint", &[("positions", n.into())]);
        assert!(title(1).contains("(1 position searched)"), "{}", title(1));
        assert!(
            title(564).contains("(564 positions searched)"),
            "{}",
            title(564)
        );
    }
}
