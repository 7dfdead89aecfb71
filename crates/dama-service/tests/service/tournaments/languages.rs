//! The three languages, and standings kept short.

use super::*;

#[test]
fn the_three_languages_have_their_words() {
    let mut seen = HashSet::new();
    for language in Language::ALL {
        let bot = Bot::new();
        let speaker = |user| {
            actor(user)
                .language(language)
                .guild_language(Some(language))
        };
        let created = bot.act(
            &speaker(ADMIN),
            TournamentAction::Create(TournamentSpec {
                signup: Some(DAY),
                drawn_openings: true,
                ..spec(TournamentFormat::Swiss { rounds: 3 })
            }),
        );
        let id = created.tournament.unwrap();
        let mut texts = vec![created.text.to_string()];
        texts.extend(
            created
                .components
                .iter()
                .flatten()
                .map(|c| format!("{c:?}")),
        );
        for user in FIRST..FIRST + 3 {
            texts.push(bot.click(&speaker(user), id, "join").text.to_string());
        }
        texts.push(bot.click(&speaker(FIRST), id, "join").text.to_string());
        texts.push(
            bot.act(&speaker(FIRST), TournamentAction::Start)
                .text
                .to_string(),
        );
        let start = bot.act(&speaker(ADMIN), TournamentAction::Start);
        texts.push(start.text.to_string());
        texts.extend(start.notices.iter().map(|n| n.reply.text.to_string()));
        let standings = bot.act(&speaker(FIRST), TournamentAction::Standings);
        texts.push(standings.text.to_string());
        texts.extend(standings.table.unwrap().header);
        for text in &texts {
            assert!(
                !text.contains("{ $") && !text.contains("tournament-"),
                "{text}"
            );
        }
        assert!(seen.insert(created.text.clone()), "{language:?}");
        let (yes, round) = match language {
            Language::It => ("svizzero", "turno 1 di 3"),
            Language::En => ("Swiss", "round 1 of 3"),
            Language::Es => ("suizo", "ronda 1 de 3"),
        };
        assert!(created.text.contains(yes), "{}", created.text);
        assert!(texts.iter().any(|t| t.contains(round)), "{texts:#?}");
    }
}

#[test]
fn a_big_tournament_keeps_its_standings_text_short() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 5 }));
    bot.sign_up(id, 33);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert_eq!(bot.open_threads(&start.notices), 16, "and a bye");
    let standings = bot.act(&actor(FIRST), TournamentAction::Standings);
    assert_eq!(standings.table.unwrap().rows.len(), 33);
    assert!(
        standings.text.contains("3 more in the table"),
        "{}",
        standings.text
    );
    assert!(
        standings.text.to_string().lines().count() <= 32,
        "{}",
        standings.text
    );
}

/// Every word a reply shows: its text, its buttons and its menu.
fn words_of(reply: &Reply) -> Vec<String> {
    let mut words = vec![reply.text.to_string()];
    words.extend(reply.components.iter().flatten().map(|c| match c {
        Component::Button { label, .. } => label.clone(),
        Component::Select {
            placeholder,
            options,
            ..
        } => format!(
            "{placeholder} {}",
            options
                .iter()
                .map(|o| o.label.clone())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }));
    words
}

#[test]
fn a_tournament_in_an_ordinary_server_speaks_the_language_of_whoever_created_it() {
    // A server that is not a Community server has no language of its own: an Italian creates
    // the tournament, players of every language join it, and its sign-up message, rounds,
    // games and end stay Italian, whoever clicks.
    let bot = Bot::new();
    let speaking = |user, language| actor(user).language(language);
    let created = bot.act(
        &speaking(ADMIN, Language::It),
        TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
    );
    let id = created
        .tournament
        .unwrap_or_else(|| panic!("{}", created.text));
    bot.service
        .set_tournament_message(
            id,
            MessageRef {
                channel: CHANNEL,
                message: 9000,
            },
        )
        .unwrap();
    let mut public = words_of(&created);
    for (user, language) in [
        (FIRST, Language::Es),
        (FIRST + 1, Language::En),
        (FIRST + 2, Language::It),
    ] {
        let joined = bot.click(&speaking(user, language), id, "join");
        assert!(!joined.ephemeral, "{}", joined.text);
        public.extend(words_of(&joined));
    }
    let start = bot.act(&speaking(ADMIN, Language::It), TournamentAction::Start);
    let mut threads = 0;
    for notice in &start.notices {
        public.extend(words_of(&notice.reply));
        if let Some(thread) = &notice.reply.thread {
            let first = bot
                .service
                .thread_opened(thread.game, THREADS + thread.game.0 as u64)
                .unwrap();
            public.extend(words_of(&first));
            threads += 1;
        }
    }
    assert_eq!(threads, 1, "three players: one game and a bye");
    let game = bot.games_in_play(id, 1)[0];
    assert_eq!(
        bot.store().game(game).unwrap().unwrap().language,
        Some(Language::It)
    );
    // The Spanish player loses by resignation: the end in the thread and in the channel.
    let record = bot.store().game(game).unwrap().unwrap();
    let white_is_spanish = record.white.user() == Some(FIRST);
    for notice in bot.resign(game, white_is_spanish) {
        public.extend(words_of(&notice.reply));
    }
    assert!(
        public.iter().any(|t| t.contains("turno 1 di 3")),
        "{public:#?}"
    );
    for text in &public {
        assert!(
            dama_core::i18n::english_words(text).is_empty(),
            "English in {text:?}"
        );
        for spanish in ["ronda", "partida", "juegan"] {
            assert!(!text.contains(spanish), "Spanish in {text:?}");
        }
    }
}
