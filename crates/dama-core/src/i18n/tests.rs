//! The files against the code: every message, variable and command attribute.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

#[test]
fn discord_locales_choose_the_language() {
    assert_eq!(Language::from_locale("it"), Language::It);
    assert_eq!(Language::from_locale("es-ES"), Language::Es);
    assert_eq!(Language::from_locale("es-419"), Language::Es);
    for other in ["en-US", "en-GB", "de", "fr", "pt-BR", ""] {
        assert_eq!(Language::from_locale(other), Language::En, "{other}");
    }
    assert_eq!(Language::default(), Language::En);
    for language in Language::ALL {
        assert_eq!(Language::from_code(language.code()), Some(language));
    }
    assert_eq!(Language::from_code("de"), None);
}

#[test]
fn the_embedded_files_load() {
    let texts = load().unwrap();
    let mut args = FluentArgs::new();
    args.set("repetitions", 3);
    args.set("quiet_moves", 40);
    for language in Language::ALL {
        let rules = texts.format(language, Text::Rules, &args);
        assert!(rules.contains("40"), "{language:?}: {rules}");
        assert!(!rules.contains('\u{2068}'), "no isolation marks: {rules}");
    }
}

#[test]
fn a_broken_file_is_named_with_its_line() {
    let broken = "help = Aiuto\nrules = { $repetitions ->\n    [one] una\n}\n";
    let mut sources = SOURCES;
    sources[0] = (Language::It, "broken/it.ftl", broken);
    let error = Texts::parse(&sources).unwrap_err();
    assert_eq!(error.file, "broken/it.ftl");
    // The parser notices the missing default variant where the select expression closes.
    assert_eq!(error.line, 4, "{error}");
    assert!(error.reason.contains("default variant"), "{error}");
    assert!(
        error.to_string().starts_with("broken/it.ftl:4: "),
        "{error}"
    );

    let missing = "help = Aiuto\n";
    sources[0] = (Language::It, "short/it.ftl", missing);
    let error = Texts::parse(&sources).unwrap_err();
    assert_eq!(error.to_string(), "short/it.ftl:1: no message `rules`");
}

/// The variables a pattern references, with those of its select expressions.
fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, out);
            }
            for named in &arguments.named {
                inline_variables(&named.value, out);
            }
        }
        ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for argument in &arguments.positional {
                inline_variables(argument, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, out);
        }
        _ => {}
    }
}

/// Every message of a file with the variables it references.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source).expect("the file parses");
    let mut messages = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let mut variables = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_variables(value, &mut variables);
                }
                for attribute in &message.attributes {
                    pattern_variables(&attribute.value, &mut variables);
                }
                messages.insert(message.id.name.to_owned(), variables);
            }
            ast::Entry::Term(term) => panic!("term -{} is not used", term.id.name),
            _ => {}
        }
    }
    messages
}

#[test]
fn every_language_has_the_same_messages_with_the_same_variables() {
    let english = messages(SOURCES[1].2);
    for (language, file, source) in SOURCES {
        assert_eq!(
            messages(source),
            english,
            "{file} ({language:?}) differs from English"
        );
    }
    for text in Text::ALL {
        let declared: BTreeSet<String> = text.variables().iter().map(|v| (*v).to_owned()).collect();
        assert_eq!(
            english.get(text.id()),
            Some(&declared),
            "`{}` takes other variables than the code declares",
            text.id()
        );
    }
    for id in command_ids() {
        assert_eq!(
            english.get(&id),
            Some(&BTreeSet::new()),
            "`{id}` takes no variable"
        );
    }
}

#[test]
fn the_files_hold_exactly_the_messages_the_code_uses() {
    let used: BTreeSet<String> = Text::ALL
        .iter()
        .map(|t| t.id().to_owned())
        .chain(command_ids())
        .collect();
    for (_, file, source) in SOURCES {
        let held: BTreeSet<String> = messages(source).into_keys().collect();
        let unused: Vec<_> = held.difference(&used).collect();
        let missing: Vec<_> = used.difference(&held).collect();
        assert!(
            unused.is_empty(),
            "{file}: messages the code does not use: {unused:?}"
        );
        assert!(missing.is_empty(), "{file}: messages missing: {missing:?}");
    }
}

/// The attributes of the files' messages: (message id, attribute).
fn attributes(source: &str) -> BTreeSet<(String, String)> {
    let resource = fluent_syntax::parser::parse(source).expect("the file parses");
    let mut out = BTreeSet::new();
    for entry in &resource.body {
        if let ast::Entry::Message(message) = entry {
            for attribute in &message.attributes {
                out.insert((message.id.name.to_owned(), attribute.id.name.to_owned()));
            }
        }
    }
    out
}

#[test]
fn the_files_hold_exactly_the_command_attributes_the_table_uses() {
    let used: BTreeSet<(String, String)> = crate::commands::attributes().into_iter().collect();
    assert!(
        used.contains(&("cmd-challenge".to_owned(), "member-description".to_owned())),
        "{used:?}"
    );
    let commands: BTreeSet<String> = command_ids().collect();
    for (id, attribute) in &used {
        assert!(
            commands.contains(id),
            "{id}.{attribute}: not a command's message"
        );
    }
    for (_, file, source) in SOURCES {
        let held = attributes(source);
        let unused: Vec<_> = held.difference(&used).collect();
        let missing: Vec<_> = used.difference(&held).collect();
        assert!(
            unused.is_empty(),
            "{file}: attributes the registration does not use: {unused:?}"
        );
        assert!(
            missing.is_empty(),
            "{file}: attributes missing: {missing:?}"
        );
    }
}

#[test]
fn durations_read_naturally_in_every_language() {
    set_strict(true);
    let cases: [(i64, [&str; 3]); 7] = [
        (1, ["1 minuto", "1 min", "1 min"]),
        (5 * 60_000, ["5 minuti", "5 min", "5 min"]),
        (3_600_000, ["1 ora", "1 h", "1 h"]),
        (90 * 60_000, ["1 ora e 30 min", "1 h 30 min", "1 h 30 min"]),
        (24 * 3_600_000, ["24 ore", "24 h", "24 h"]),
        (3 * 24 * 3_600_000, ["3 giorni", "3 days", "3 días"]),
        (
            (2 * 24 + 5) * 3_600_000,
            ["2 giorni e 5 h", "2 days 5 h", "2 días y 5 h"],
        ),
    ];
    for (ms, expected) in cases {
        for (language, want) in Language::ALL.into_iter().zip(expected) {
            assert_eq!(human_duration(language, ms), want, "{language:?} {ms}");
        }
    }
}
