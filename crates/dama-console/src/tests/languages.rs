//! Whole sessions in Italian and in Spanish, in an ordinary server (not a Community server,
//! so without a Discord language of its own): not one English word in what the bot writes.

use super::*;

/// What the bot wrote, without the component ids the console lists (`[label: g:1:0:draw]`),
/// which are no words.
fn words_of(out: &str) -> String {
    out.split_whitespace()
        .filter(|token| {
            let token = token.trim_end_matches([']', ',']);
            !token
                .char_indices()
                .any(|(i, c)| c == ':' && i + 1 < token.len())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays a whole session in `locale` with the commands of `lines`, and returns everything
/// the console showed for each line.
fn session(locale: &str, lines: &[&str]) -> Vec<(String, String)> {
    let (mut c, _service) = console();
    let mut shown = vec![(
        format!("@locale {locale}"),
        say(&mut c, &format!("@locale {locale}")),
    )];
    for line in lines {
        shown.push(((*line).to_owned(), say(&mut c, line)));
    }
    shown
}

fn assert_no_english(shown: &[(String, String)]) {
    for (line, out) in shown {
        let english = i18n::english_words(&words_of(out));
        assert!(english.is_empty(), "{line}: {english:?} in\n{out}");
    }
}

#[test]
fn a_whole_italian_session_has_no_english_word() {
    let shown = session(
        "it",
        &[
            "bob: /impostazioni notifiche:dm",
            "alice: /sfida bob colore:bianco tempo:1h",
            "bob: /accetta",
            "alice: /mossa 22-18",
            "@advance 31m",
            "bob: /mossa 10-14",
            "alice: /patta proponi",
            "bob: /patta rifiuta",
            "alice: /damiera",
            "alice: /abbandona",
            "@channel general",
            "alice: /gioca livello:2 colore:nero",
            "alice: /mossa 10-14",
            "alice: /abbandona",
        ],
    );
    assert!(shown[3].1.contains("tocca al Bianco"), "{}", shown[3].1);
    assert!(shown[10].1.contains("Vince @bob"), "{}", shown[10].1);
    assert!(shown[14].1.contains("Vince Dama"), "{}", shown[14].1);
    assert_no_english(&shown);
}

#[test]
fn a_whole_spanish_session_has_no_english_word() {
    let shown = session(
        "es",
        &[
            "bob: /ajustes avisos:md",
            "alice: /retar bob color:blancas tiempo:1h",
            "bob: /aceptar",
            "alice: /jugada 22-18",
            "@advance 31m",
            "bob: /jugada 10-14",
            "alice: /tablas ofrecer",
            "bob: /tablas rechazar",
            "alice: /tablero",
            "alice: /abandonar",
            "@channel general",
            "alice: /jugar nivel:2 color:negras",
            "alice: /jugada 10-14",
            "alice: /abandonar",
        ],
    );
    assert!(shown[10].1.contains("**Gana @bob**"), "{}", shown[10].1);
    assert!(shown[14].1.contains("**Gana Dama"), "{}", shown[14].1);
    assert_no_english(&shown);
}

#[test]
fn the_console_switches_language_with_locale() {
    let (mut console, _service) = console();
    let english = console.line("alice: /rules");
    assert!(english.contains("Capturing is compulsory"), "{english}");
    assert_eq!(console.line("@locale it"), "(ora rispondo in italiano)\n");
    let italian = console.line("alice: /rules");
    assert!(italian.contains("La presa è obbligatoria"), "{italian}");
    assert!(!italian.contains("Capturing"), "{italian}");
    assert_eq!(console.line("@locale es"), "(ahora respondo en español)\n");
    let spanish = console.line("bob: /help");
    assert!(spanish.contains("reta a un miembro"), "{spanish}");
    let refused = console.line("@locale de");
    assert_eq!(refused, "@locale necesita un idioma: it, en o es.\n");
    assert!(
        console
            .line("alice: /rules")
            .contains("La captura es obligatoria")
    );
    assert!(console.line("@help").contains("@locale it|en|es"));
    assert_eq!(console.line("@locale en"), "(replies now in English)\n");
}
