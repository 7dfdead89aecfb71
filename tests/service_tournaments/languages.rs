//! The three languages, and standings kept short.

use super::*;

#[test]
fn the_three_languages_have_their_words() {
    let mut seen = HashSet::new();
    for language in Language::ALL {
        let bot = Bot::new();
        let speaker = |user| Actor {
            language,
            guild_language: Some(language),
            ..actor(user)
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
        let mut texts = vec![created.text.clone()];
        texts.extend(
            created
                .components
                .iter()
                .flatten()
                .map(|c| format!("{c:?}")),
        );
        for user in FIRST..FIRST + 3 {
            texts.push(bot.click(&speaker(user), id, "join").text);
        }
        texts.push(bot.click(&speaker(FIRST), id, "join").text);
        texts.push(bot.act(&speaker(FIRST), TournamentAction::Start).text);
        let start = bot.act(&speaker(ADMIN), TournamentAction::Start);
        texts.push(start.text);
        texts.extend(start.notices.iter().map(|n| n.reply.text.clone()));
        let standings = bot.act(&speaker(FIRST), TournamentAction::Standings);
        texts.push(standings.text);
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
    assert!(standings.text.lines().count() <= 32, "{}", standings.text);
}
