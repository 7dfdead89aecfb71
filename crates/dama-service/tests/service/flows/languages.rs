//! The server's language: who sets it, what speaks it, and challenges in each reader's language.

use super::*;

/// Someone who may manage the server (Discord: Manage Server), reading `language`, in a server
/// whose Discord language is `guild_language`.
fn manager(language: Language, guild_language: Option<Language>) -> Actor {
    actor(CAROL)
        .can_manage_server(true)
        .language(language)
        .guild_language(guild_language)
}

fn set_language(w: &World, who: &Actor, language: Option<Language>) -> Reply {
    w.service
        .act(
            who,
            Origin::Channel,
            Action::Settings(SettingsChange {
                language: Some(language),
                ..SettingsChange::default()
            }),
        )
        .unwrap()
}

#[test]
fn only_managers_set_the_language_and_are_told_so_in_their_language() {
    let w = world();
    for (language, permission) in [
        (Language::En, "**Manage Server**"),
        (Language::It, "**Gestire il server**"),
        (Language::Es, "**Gestionar servidor**"),
    ] {
        let someone = actor(ALICE)
            .language(language)
            .guild_language(Some(Language::En));
        let reply = set_language(&w, &someone, Some(Language::It));
        assert!(reply.ephemeral, "{}", reply.text);
        assert!(
            reply.text.contains(permission),
            "{language:?}: {}",
            reply.text
        );
        assert!(!reply.text.contains("{$"), "{}", reply.text);
    }
    // Nothing was chosen: the server still speaks its Discord language.
    assert_eq!(w.service.server_language(GUILD), Language::En);
    assert_eq!(
        w.service
            .public_language(&actor(ALICE).guild_language(Some(Language::Es))),
        Language::Es
    );
}

#[test]
fn the_chosen_language_speaks_publicly_until_discords_comes_back() {
    let w = world();
    let reply = set_language(
        &w,
        &manager(Language::En, Some(Language::Es)),
        Some(Language::It),
    );
    assert!(!reply.ephemeral, "the whole server hears it");
    assert_eq!(reply.text, "D'ora in poi parlo italiano in questo server.");

    // Whatever the server's or the reader's Discord language, public messages are Italian.
    let reader = actor(ALICE)
        .language(Language::Es)
        .guild_language(Some(Language::Es));
    assert_eq!(w.service.public_language(&reader), Language::It);
    assert_eq!(w.service.server_language(GUILD), Language::It);
    // What only the reader sees stays theirs.
    let help = w
        .service
        .act(&reader, Origin::Channel, Action::Help)
        .unwrap();
    assert!(help.text.contains("reta a un miembro"), "{}", help.text);
    // Another server has chosen nothing.
    assert_eq!(w.service.server_language(GUILD + 1), Language::En);

    let reply = set_language(
        &w,
        &manager(Language::It, Some(Language::Es)),
        Some(Language::Es),
    );
    assert_eq!(
        reply.text,
        "De ahora en adelante hablo español en este servidor."
    );
    let reply = set_language(
        &w,
        &manager(Language::It, Some(Language::En)),
        Some(Language::En),
    );
    assert_eq!(reply.text, "From now on I speak English in this server.");

    // `None` goes back to Discord's language, and says so in it.
    let reply = set_language(&w, &manager(Language::En, Some(Language::Es)), None);
    assert!(!reply.ephemeral);
    assert_eq!(
        reply.text,
        "De ahora en adelante sigo el idioma elegido en Discord para este servidor de comunidad: español."
    );
    assert_eq!(w.service.public_language(&reader), Language::Es);
    let italian_server = reader.clone().guild_language(Some(Language::It));
    assert_eq!(w.service.public_language(&italian_server), Language::It);
}

#[test]
fn the_public_language_is_the_community_servers_else_the_readers() {
    dama_core::i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dama.db");
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(
        Arc::new(SqliteStore::open(&path).unwrap()),
        clock.clone(),
        settings(),
    );
    // No server language known at all: the reader's own.
    let reader = actor(ALICE).language(Language::Es).guild_language(None);
    assert_eq!(service.public_language(&reader), Language::Es);
    assert_eq!(service.server_language(GUILD), Language::En);

    // A Community server's Discord language, once seen, is remembered for the server.
    let in_server = reader.clone().guild_language(Some(Language::It));
    assert_eq!(service.public_language(&in_server), Language::It);
    assert_eq!(service.server_language(GUILD), Language::It);
    let stored = service.store().server_settings(GUILD).unwrap();
    assert_eq!(stored.discord_language, Some(Language::It));
    assert_eq!(stored.language, None);

    // A message in the same language writes nothing: the row removed behind the service's
    // back stays removed.
    let sql = rusqlite::Connection::open(&path).unwrap();
    sql.execute("DELETE FROM servers", []).unwrap();
    assert_eq!(service.public_language(&in_server), Language::It);
    assert_eq!(
        service.store().server_settings(GUILD).unwrap(),
        dama_core::store::ServerSettings::default()
    );
    // A new Discord language is written.
    let spanish_server = reader.clone().guild_language(Some(Language::Es));
    assert_eq!(service.public_language(&spanish_server), Language::Es);
    assert_eq!(
        service
            .store()
            .server_settings(GUILD)
            .unwrap()
            .discord_language,
        Some(Language::Es)
    );

    // After a restart the stored language is read back.
    let restarted = GameService::new(
        Arc::new(SqliteStore::open(&path).unwrap()),
        clock,
        settings(),
    );
    assert_eq!(restarted.server_language(GUILD), Language::Es);
    let english_reader = actor(BOB).language(Language::En).guild_language(None);
    // A server that reports no language of its own (no longer a Community server): the
    // reader's, and the server forgets the one it had.
    assert_eq!(restarted.public_language(&english_reader), Language::En);
    assert_eq!(restarted.server_language(GUILD), Language::En);
}

/// The forfeit notice of a game left unplayed in a server that chose `language` (English
/// when `None`).
fn forfeit_notice(language: Option<Language>) -> String {
    let w = world();
    if let Some(language) = language {
        set_language(
            &w,
            &manager(Language::En, Some(Language::En)),
            Some(language),
        );
    }
    start_game(&w);
    w.clock.advance(Duration::from_secs(49 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    notices[0].reply.text.to_string()
}

#[test]
fn a_timeout_notice_follows_the_chosen_language() {
    let english = forfeit_notice(None);
    assert!(english.contains("did not move for twice"), "{english}");
    for language in [Language::It, Language::Es] {
        let notice = forfeit_notice(Some(language));
        assert_ne!(notice, english, "{language:?}");
        assert!(!notice.contains("did not move"), "{language:?}: {notice}");
        assert!(!notice.contains("{$"), "{language:?}: {notice}");
    }
}

/// What the challenge flow says in one language, phrase by phrase.
struct ChallengePhrases {
    language: Language,
    message: [&'static str; 4],
    buttons: [&'static str; 3],
    time_range: &'static str,
    yourself: &'static str,
    not_yours: &'static str,
    own: &'static str,
    declined: &'static str,
    was_declined: &'static str,
    expired: &'static str,
    accepted: &'static str,
    busy: &'static str,
}

fn challenge_phrases() -> [ChallengePhrases; 3] {
    [
        ChallengePhrases {
            language: Language::It,
            message: [
                "@12, @11 ti sfida a una partita di dama valida per la classifica",
                "(@11 ha il Bianco,",
                "24 ore per mossa",
                "Accetta o rifiuta: scade [t:1796000600].",
            ],
            buttons: ["Accetta", "Rifiuta", "Annulla"],
            time_range: "Il tempo per mossa deve essere compreso tra 1 minuto e 14 giorni.",
            yourself: "Non puoi sfidare te stesso. Sfida un altro membro, oppure gioca contro di me con `/gioca`.",
            not_yours: "Solo bob può accettare questa sfida.",
            own: "Solo bob può rifiutare questa sfida. Per ritirarla, premi Annulla.",
            declined: "bob ha rifiutato la sfida di @11.",
            was_declined: "Questa sfida è stata rifiutata.",
            expired: "Questa sfida è scaduta. Lanciane una nuova con `/sfida`.",
            accepted: "bob ha accettato! @11 ha il Bianco, @12 il Nero. Muove per primo il Bianco.",
            busy: "Qui c'è già una partita in corso (#1)",
        },
        ChallengePhrases {
            language: Language::En,
            message: [
                "@12, @11 challenges you to a rated game of dama",
                "(@11 plays White,",
                "24 h per move",
                "Accept or decline: it expires [t:1796000600].",
            ],
            buttons: ["Accept", "Decline", "Cancel"],
            time_range: "The time per move must be between 1 min and 14 days.",
            yourself: "You cannot challenge yourself. Challenge another member, or play me with `/play`.",
            not_yours: "Only bob can accept this challenge.",
            own: "Only bob can decline this challenge. To withdraw it, press Cancel.",
            declined: "bob declined the challenge from @11.",
            was_declined: "This challenge was declined.",
            expired: "This challenge has expired. Send a new one with `/challenge`.",
            accepted: "bob accepted! @11 plays White, @12 plays Black. White moves first.",
            busy: "A game is running here (#1) — start one in a thread",
        },
        ChallengePhrases {
            language: Language::Es,
            message: [
                "@12, @11 te reta a una partida de damas puntuable",
                "(@11 juega con blancas,",
                "24 h por jugada",
                "Acepta o rechaza: caduca [t:1796000600].",
            ],
            buttons: ["Aceptar", "Rechazar", "Cancelar"],
            time_range: "El tiempo por jugada tiene que estar entre 1 min y 14 días.",
            yourself: "No puedes retarte a ti mismo. Reta a otro miembro o juega contra mí con `/jugar`.",
            not_yours: "Solo bob puede aceptar este reto.",
            own: "Solo bob puede rechazar este reto. Para retirarlo, pulsa Cancelar.",
            declined: "bob ha rechazado el reto de @11.",
            was_declined: "Este reto fue rechazado.",
            expired: "Este reto ha caducado. Envía uno nuevo con `/retar`.",
            accepted: "¡bob ha aceptado! @11 juega con blancas y @12 con negras. Empiezan las blancas.",
            busy: "Aquí ya hay una partida en juego (#1)",
        },
    ]
}

#[test]
fn challenges_are_answered_in_the_language_of_each_reader() {
    for phrases in challenge_phrases() {
        let w = world();
        let language = phrases.language;
        let (alice, bob, carol) = (
            speaking(ALICE, language),
            speaking(BOB, language),
            speaking(CAROL, language),
        );
        let check = |reply: &Reply, private: bool, phrase: &str| {
            assert_finished_text(reply);
            assert_eq!(reply.ephemeral, private, "{language:?}: {}", reply.text);
            assert!(reply.text.contains(phrase), "{language:?}: {}", reply.text);
        };

        let refused = challenge_as(&w, &alice, BOB, Some(Duration::from_secs(10)));
        check(&refused, true, phrases.time_range);
        let refused = challenge_as(&w, &alice, ALICE, None);
        check(&refused, true, phrases.yourself);

        let challenge = challenge_as(&w, &alice, BOB, None);
        for phrase in phrases.message {
            check(&challenge, false, phrase);
        }
        assert_eq!(labels(&challenge), phrases.buttons, "{language:?}");
        let accept = id_ending(&challenge, ":accept");
        let reply = w.service.component(&carol, &accept, &[]).unwrap();
        check(&reply, true, phrases.not_yours);
        let reply = w
            .service
            .component(&alice, &id_ending(&challenge, ":decline"), &[])
            .unwrap();
        check(&reply, true, phrases.own);
        let reply = w
            .service
            .act(&bob, Origin::Channel, Action::Decline)
            .unwrap();
        check(&reply, false, phrases.declined);
        let reply = w.service.component(&bob, &accept, &[]).unwrap();
        check(&reply, true, phrases.was_declined);

        // An expiry nobody asked for speaks the server's language.
        w.clock.advance(CHALLENGE_COOLDOWN);
        let challenge = challenge_as(&w, &alice, BOB, None);
        w.clock.advance(Duration::from_secs(11 * 60));
        let notices = w.service.sweep().unwrap();
        assert_eq!(notices.len(), 1);
        let expected = match w.service.server_language(GUILD) {
            Language::It => "La sfida di @11 a bob è scaduta.",
            Language::En => "The challenge from @11 to bob has expired.",
            Language::Es => "El reto de @11 a bob ha caducado.",
        };
        check(&notices[0].reply, false, expected);
        let reply = w
            .service
            .component(&bob, &id_ending(&challenge, ":accept"), &[])
            .unwrap();
        check(&reply, true, phrases.expired);

        let challenge = challenge_as(&w, &alice, BOB, None);
        let board = w
            .service
            .component(&bob, &id_ending(&challenge, ":accept"), &[])
            .unwrap();
        check(&board, false, phrases.accepted);
        let refused = challenge_as(&w, &carol, BOB, None);
        check(&refused, true, phrases.busy);
    }
}

#[test]
fn the_sweep_forfeit_names_the_winner_in_the_servers_language() {
    let w = world();
    let alice = speaking(ALICE, Language::Es);
    let challenge = challenge_as(&w, &alice, BOB, None);
    w.service
        .component(
            &speaking(BOB, Language::Es),
            &id_ending(&challenge, ":accept"),
            &[],
        )
        .unwrap();
    w.clock.advance(Duration::from_secs(49 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    let text = &notices[0].reply.text;
    assert!(
        !text.contains("{$") && !text.contains("challenge-"),
        "{text}"
    );
    let expected = match w.service.server_language(GUILD) {
        Language::It => {
            "alice non ha mosso per il doppio del tempo per mossa. **@12 vince** a tavolino la partita #1."
        }
        Language::En => {
            "alice did not move for twice the time per move. **@12 wins** game #1 by forfeit."
        }
        Language::Es => {
            "alice no ha jugado en el doble del tiempo por jugada. **@12 gana** la partida #1 por incomparecencia."
        }
    };
    assert!(text.contains(expected), "{text}");
}
