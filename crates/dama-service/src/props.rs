//! Random commands and clicks through the service: any option values, well-formed component
//! ids and junk, by members who may or may not moderate, in a server with a game running. The
//! service never panics nor fails, and an action it refuses leaves every stored row as it was.

use dama_core::store::ColourChoice;
use dama_core::store::Member;
use std::sync::Arc;
use std::time::Duration;

use super::{
    Action, Actor, GameService, ManualClock, Origin, PuzzleAction, ServiceSettings, SettingsChange,
    TournamentAction, TournamentSpec,
};
use dama_core::i18n::Language;
use dama_core::store::{NotifyMode, TournamentFormat};
use dama_store::SqliteStore;
use proptest::prelude::*;

const GUILD: u64 = 1;
const CHANNELS: [u64; 2] = [100, 101];
const USERS: [u64; 4] = [11, 12, 13, 14];

fn settings() -> ServiceSettings {
    ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(2),
        hash_mb: 1,
        max_concurrent_searches: 1,
        seed: Some(5),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 500,
        engine_hints: 3,
    }
}

/// Who acts: one of four members, in one of two channels, with or without the moderators'
/// permissions and threads, in one of the languages.
#[derive(Debug, Clone)]
struct Who {
    user: u64,
    channel: u64,
    moderate: bool,
    manage: bool,
    threads: bool,
    language: Language,
}

impl Who {
    fn actor(&self) -> Actor {
        Actor::new(
            self.user,
            format!("player{}", self.user),
            GUILD,
            self.channel,
        )
        .can_moderate(self.moderate)
        .can_manage_server(self.manage)
        .language(self.language)
        .can_open_threads(self.threads)
    }
}

fn who() -> impl Strategy<Value = Who> {
    (
        prop::sample::select(USERS.to_vec()),
        prop::sample::select(CHANNELS.to_vec()),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(Language::ALL.to_vec()),
    )
        .prop_map(|(user, channel, moderate, manage, threads, language)| Who {
            user,
            channel,
            moderate,
            manage,
            threads,
            language,
        })
}

/// Text as people type it: moves, numbers, words, anything.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("22-18".to_owned()),
        Just("11-15".to_owned()),
        "[0-9]{1,2}[-x][0-9]{1,2}(x[0-9]{1,2})?",
        "[a-h][1-8]-[a-h][1-8]",
        "\\PC{0,24}",
    ]
}

fn member() -> impl Strategy<Value = Member> {
    (
        prop_oneof![prop::sample::select(USERS.to_vec()), any::<u64>()],
        "\\PC{0,40}",
        any::<bool>(),
    )
        .prop_map(|(user, name, is_bot)| Member { user, name, is_bot })
}

fn colour() -> impl Strategy<Value = ColourChoice> {
    prop_oneof![
        Just(ColourChoice::White),
        Just(ColourChoice::Black),
        Just(ColourChoice::Random),
    ]
}

fn duration() -> impl Strategy<Value = Duration> {
    prop_oneof![
        (0u64..=40 * 24 * 3600).prop_map(Duration::from_secs),
        any::<u64>().prop_map(Duration::from_secs),
    ]
}

/// A game number: the running game's, a few others, or any.
fn game_number() -> impl Strategy<Value = Option<i64>> {
    prop::option::of(prop_oneof![0i64..5, any::<i64>()])
}

fn settings_change() -> impl Strategy<Value = SettingsChange> {
    (
        prop::option::of(prop_oneof![
            Just(NotifyMode::Dm),
            Just(NotifyMode::Ping),
            Just(NotifyMode::Off)
        ]),
        prop::option::of(prop::option::of(prop::sample::select(
            Language::ALL.to_vec(),
        ))),
        prop::option::of(duration()),
        prop::option::of(prop::option::of(duration())),
        prop::option::of(any::<bool>()),
        prop::option::of(prop_oneof![
            prop::sample::select(CHANNELS.to_vec()),
            any::<u64>()
        ]),
        prop::option::of(any::<u64>()),
        prop::option::of(prop::option::of(any::<u64>())),
        prop::option::of(any::<u8>()),
    )
        .prop_map(
            |(notify, language, time, expiry, threads, add, remove, daily, hour)| SettingsChange {
                notify,
                language,
                time_per_move: time,
                challenge_expiry: expiry,
                threads,
                add_game_channel: add,
                remove_game_channel: remove,
                daily_puzzle: daily,
                daily_puzzle_hour: hour,
            },
        )
}

fn tournament_action() -> impl Strategy<Value = TournamentAction> {
    prop_oneof![
        (
            "\\PC{0,60}",
            prop_oneof![
                any::<u32>().prop_map(|rounds| TournamentFormat::Swiss { rounds }),
                Just(TournamentFormat::RoundRobin)
            ],
            any::<u8>(),
            prop::option::of(duration()),
            any::<bool>(),
            any::<bool>(),
            prop::option::of(duration()),
        )
            .prop_map(|(name, format, games, time, rated, openings, signup)| {
                TournamentAction::Create(TournamentSpec {
                    name,
                    format,
                    games_per_pairing: games,
                    time_per_move: time,
                    rated,
                    drawn_openings: openings,
                    signup,
                })
            }),
        Just(TournamentAction::Join),
        Just(TournamentAction::Leave),
        Just(TournamentAction::Start),
        Just(TournamentAction::Standings),
        prop::option::of(any::<u32>()).prop_map(|round| TournamentAction::Pairings { round }),
        Just(TournamentAction::Withdraw),
        member().prop_map(|member| TournamentAction::Forfeit { member }),
        Just(TournamentAction::Cancel),
        Just(TournamentAction::Pdn),
    ]
}

fn puzzle_action() -> impl Strategy<Value = PuzzleAction> {
    prop_oneof![
        Just(PuzzleAction::Next),
        Just(PuzzleAction::Daily),
        text().prop_map(|text| PuzzleAction::Answer { text }),
        Just(PuzzleAction::Ranking),
    ]
}

/// Every command, with any values for its options.
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (
            prop::option::of(member()),
            colour(),
            prop::option::of(duration())
        )
            .prop_map(|(opponent, colour, time_per_move)| Action::Challenge {
                opponent,
                colour,
                time_per_move,
                clock: None,
            }),
        prop::option::of(prop_oneof![
            prop::sample::select(USERS.to_vec()),
            any::<u64>()
        ])
        .prop_map(|from| Action::Accept { from }),
        Just(Action::Decline),
        Just(Action::Cancel),
        (any::<u8>(), colour()).prop_map(|(level, colour)| Action::PlayEngine {
            level,
            colour,
            clock: None
        }),
        text().prop_map(|text| Action::Move { text }),
        any::<bool>().prop_map(|flip| Action::Board { flip }),
        Just(Action::AskResign),
        Just(Action::Resign),
        Just(Action::OfferDraw),
        any::<bool>().prop_map(|accept| Action::AnswerDraw { accept }),
        Just(Action::Claim),
        Just(Action::Abort),
        Just(Action::Rematch),
        any::<u32>().prop_map(|page| Action::Leaderboard { page }),
        prop::option::of(member()).prop_map(|member| Action::Stats { member }),
        prop::option::of(member()).prop_map(|member| Action::History { member }),
        game_number().prop_map(|game| Action::Pdn { game }),
        game_number().prop_map(|game| Action::Replay { game }),
        Just(Action::Rules),
        Just(Action::Help),
        settings_change().prop_map(Action::Settings),
        any::<bool>().prop_map(|all| Action::Games { all }),
        Just(Action::Takeback),
        any::<bool>().prop_map(|accept| Action::AnswerTakeback { accept }),
        Just(Action::TakebackOrAccept),
        Just(Action::Bump),
        Just(Action::EndIdle),
        game_number().prop_map(|game| Action::Analysis { game }),
        Just(Action::Hint),
        tournament_action().prop_map(Action::Tournament),
        puzzle_action().prop_map(Action::Puzzle),
    ]
}

/// A component id: one of every kind the bot makes, with any numbers, or junk.
fn custom_id() -> impl Strategy<Value = String> {
    let number = || prop_oneof![0u64..4, any::<u64>()].prop_map(|n| n.to_string());
    prop_oneof![
        (
            number(),
            prop::sample::select(vec!["accept", "decline", "cancel", "nope"])
        )
            .prop_map(|(id, code)| format!("c:{id}:{code}")),
        (
            number(),
            number(),
            prop::sample::select(vec![
                "move", "resign", "resign!", "draw", "draw+", "draw-", "flipw", "flipb", "claim",
                "rematch", "undo", "undo+", "undo-", "bump", "endidle", "x"
            ])
        )
            .prop_map(|(game, ply, code)| format!("g:{game}:{ply}:{code}")),
        number().prop_map(|page| format!("l:{page}")),
        (number(), prop::sample::select(vec!["join", "leave", "x"]))
            .prop_map(|(id, code)| format!("t:{id}:{code}")),
        (
            number(),
            number(),
            prop::sample::select(vec!["move", "next", "x"])
        )
            .prop_map(|(id, step, code)| format!("p:{id}:{step}:{code}")),
        Just("pd".to_owned()),
        "\\PC{0,40}",
        "[a-z:0-9!+-]{0,20}",
    ]
}

/// One thing a member does.
#[derive(Debug, Clone)]
enum Step {
    Command(Who, Action),
    Click(Who, String, Vec<String>),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (who(), action()).prop_map(|(who, action)| Step::Command(who, action)),
        1 => (who(), custom_id(), prop::collection::vec(text(), 0..3))
            .prop_map(|(who, id, values)| Step::Click(who, id, values)),
    ]
}

/// Every stored row, table by table (sorted), as text.
fn snapshot(db: &rusqlite::Connection) -> Vec<(String, Vec<String>)> {
    let mut tables: Vec<String> = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    tables.retain(|t| !t.starts_with("sqlite_"));
    tables
        .into_iter()
        .map(|table| {
            let mut statement = db.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
            let columns = statement.column_count();
            let mut rows: Vec<String> = statement
                .query_map([], |row| {
                    let values: Vec<String> = (0..columns)
                        .map(|i| format!("{:?}", row.get_ref(i).unwrap()))
                        .collect();
                    Ok(values.join("|"))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            rows.sort();
            (table, rows)
        })
        .collect()
}

/// A service on a fresh file with a game running between the first two members in the first
/// channel, and a connection that reads the file.
fn world() -> (
    GameService,
    Arc<ManualClock>,
    rusqlite::Connection,
    tempfile::TempDir,
) {
    dama_core::i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dama.db");
    let store = SqliteStore::open(&path).unwrap();
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(Arc::new(store), clock.clone(), settings());
    let alice = Who {
        user: USERS[0],
        channel: CHANNELS[0],
        moderate: false,
        manage: false,
        threads: false,
        language: Language::En,
    };
    let bob = Who {
        user: USERS[1],
        ..alice.clone()
    };
    let challenge = service
        .act(
            &alice.actor(),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(Member {
                    user: bob.user,
                    name: "bob".into(),
                    is_bot: false,
                }),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    let accepted = service
        .act(&bob.actor(), Origin::Channel, Action::Accept { from: None })
        .unwrap();
    assert!(
        !challenge.ephemeral && !accepted.ephemeral,
        "{}",
        accepted.text
    );
    let db = rusqlite::Connection::open(&path).unwrap();
    (service, clock, db, dir)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_commands_and_clicks_never_panic_and_a_refusal_stores_nothing(
        steps in prop::collection::vec((step(), 0u64..7200), 1..6)
    ) {
        let (service, clock, db, _dir) = world();
        for (step, wait) in steps {
            clock.advance(Duration::from_secs(wait));
            let before = snapshot(&db);
            let answer = match &step {
                Step::Command(who, action) => {
                    service.act_checked(&who.actor(), Origin::Channel, action.clone())
                }
                Step::Click(who, id, values) => service.component_checked(&who.actor(), id, values),
            };
            let (reply, refused) = match answer {
                Ok(answer) => answer,
                Err(error) => panic!("{step:?}: {error}"),
            };
            prop_assert!(!reply.text.is_empty() || reply.board.is_some(), "{step:?}");
            if refused {
                prop_assert!(reply.ephemeral, "{step:?}: {}", reply.text);
                prop_assert_eq!(&before, &snapshot(&db), "{:?}: {}", step, reply.text);
            }
        }
    }
}
