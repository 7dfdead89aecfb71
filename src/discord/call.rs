//! From Discord to the service: who acts, and which service call an interaction asks for.
//!
//! Poise parses the options of a slash command into typed arguments; the functions here turn
//! those arguments (and the interaction's member data) into an [`Actor`] and an [`Action`] (or
//! a [`Click`]), without any network, so they are tested directly.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::game::{
    Action, Actor, ColourChoice, Member, PuzzleAction, SettingsChange, TournamentAction,
    TournamentSpec, human_duration,
};
use crate::i18n::{Language, t};
use crate::store::{NotifyMode, TournamentFormat};

/// A click on a button or a pick in a select menu: the component's id and, for a menu, the
/// values picked. The service reads the id ([`GameService::component`](crate::game::GameService::component)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Click {
    pub custom_id: String,
    pub values: Vec<String>,
}

impl Click {
    /// The click of a component interaction.
    #[must_use]
    pub fn from_data(data: &serenity::ComponentInteractionData) -> Click {
        let values = match &data.kind {
            serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
            _ => Vec::new(),
        };
        Click {
            custom_id: data.custom_id.clone(),
            values,
        }
    }
}

/// The level of `/play` when none is given.
pub const DEFAULT_LEVEL: u8 = 1;

/// `/leaderboard [page]`, with pages counted from 1 by people and from 0 by the service.
#[must_use]
pub fn leaderboard(page: Option<u32>) -> Action {
    Action::Leaderboard {
        page: page.unwrap_or(1).saturating_sub(1),
    }
}

/// `/play [level] [colour]`.
#[must_use]
pub fn play_engine(level: Option<u8>, colour: Option<ColourOption>) -> Action {
    Action::PlayEngine {
        level: level.unwrap_or(DEFAULT_LEVEL),
        colour: colour.map_or(ColourChoice::Random, ColourChoice::from),
    }
}

/// `/challenge [member] [colour] [time]`: without a member, an open challenge.
#[must_use]
pub fn challenge(
    opponent: Option<Member>,
    colour: Option<ColourOption>,
    time: Option<TimeOption>,
) -> Action {
    Action::Challenge {
        opponent,
        colour: colour.map_or(ColourChoice::Random, ColourChoice::from),
        time_per_move: time.map(TimeOption::duration),
    }
}

/// `/puzzle [daily] [move]`: a typed move answers the open puzzle (whatever `daily` says: the
/// puzzle open is the one answered); `daily:True` opens the server's puzzle of the day; no
/// option, a new puzzle near one's puzzle rating.
#[must_use]
pub fn puzzle(daily: Option<bool>, text: Option<String>) -> Action {
    let answer = text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    Action::Puzzle(match (answer, daily) {
        (Some(text), _) => PuzzleAction::Answer { text },
        (None, Some(true)) => PuzzleAction::Daily,
        (None, _) => PuzzleAction::Next,
    })
}

/// The colour option of `/challenge` and `/play` (its choices are named from the files, in this
/// order: `discord-choice-white`, `-black`, `-random`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ColourOption {
    White,
    Black,
    Random,
}

impl From<ColourOption> for ColourChoice {
    fn from(option: ColourOption) -> ColourChoice {
        match option {
            ColourOption::White => ColourChoice::White,
            ColourOption::Black => ColourChoice::Black,
            ColourOption::Random => ColourChoice::Random,
        }
    }
}

/// The language option of `/settings` (its choices are named from the files,
/// `discord-choice-language`, in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageOption {
    Italian,
    English,
    Spanish,
    /// The server's language as Discord gives it.
    Automatic,
}

impl LanguageOption {
    /// Every choice, in the order of registration.
    pub const ALL: [LanguageOption; 4] = [
        LanguageOption::Italian,
        LanguageOption::English,
        LanguageOption::Spanish,
        LanguageOption::Automatic,
    ];

    /// The language chosen; `None` for Discord's.
    #[must_use]
    pub fn language(self) -> Option<Language> {
        match self {
            LanguageOption::Italian => Some(Language::It),
            LanguageOption::English => Some(Language::En),
            LanguageOption::Spanish => Some(Language::Es),
            LanguageOption::Automatic => None,
        }
    }

    /// The key of its name in `discord-choice-language`.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.language().map_or("auto", Language::code)
    }
}

/// How `/settings notify` tells someone about their games (its choices are named from the
/// files, `discord-choice-notify`, in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyOption {
    Dm,
    Ping,
    Off,
}

impl NotifyOption {
    /// Every choice, in the order of registration.
    pub const ALL: [NotifyOption; 3] = [NotifyOption::Dm, NotifyOption::Ping, NotifyOption::Off];

    #[must_use]
    pub fn mode(self) -> NotifyMode {
        match self {
            NotifyOption::Dm => NotifyMode::Dm,
            NotifyOption::Ping => NotifyMode::Ping,
            NotifyOption::Off => NotifyMode::Off,
        }
    }

    /// The key of its name in `discord-choice-notify`.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            NotifyOption::Dm => "dm",
            NotifyOption::Ping => "ping",
            NotifyOption::Off => "off",
        }
    }
}

/// `/settings threads` (its choices are named from the files, `discord-choice-threads`, in
/// this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SwitchOption {
    On,
    Off,
}

impl SwitchOption {
    pub const ALL: [SwitchOption; 2] = [SwitchOption::On, SwitchOption::Off];

    #[must_use]
    pub fn is_on(self) -> bool {
        self == SwitchOption::On
    }

    /// The key of its name in `discord-choice-threads`.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            SwitchOption::On => "on",
            SwitchOption::Off => "off",
        }
    }
}

/// The expiry of `/settings`: a time, or the word for "fits the time per move" in any of the
/// bot's languages (`automatic`, `automatica`, `automática`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpiryOption {
    /// Fits the time control of each challenge.
    Automatic,
    After(TimeOption),
}

impl ExpiryOption {
    /// Reads an expiry; `None` when it is neither a time nor the automatic word.
    #[must_use]
    pub fn parse(text: &str) -> Option<ExpiryOption> {
        let typed = text.trim().to_lowercase();
        let automatic = Language::ALL
            .iter()
            .any(|&language| t!(language, DiscordExpiryAutomatic).to_lowercase() == typed);
        if automatic || typed == "auto" {
            return Some(ExpiryOption::Automatic);
        }
        TimeOption::parse(&typed).map(ExpiryOption::After)
    }

    /// For [`SettingsChange::challenge_expiry`]: `None` fits the time per move.
    #[must_use]
    pub fn duration(self) -> Option<Duration> {
        match self {
            ExpiryOption::Automatic => None,
            ExpiryOption::After(time) => Some(time.duration()),
        }
    }
}

/// What the expiry option of `/settings` suggests: the automatic word in the reader's language
/// first (when it starts like what is typed, or nothing is typed), then the times of
/// [`time_suggestions`].
#[must_use]
pub fn expiry_suggestions(language: Language, typed: &str) -> Vec<String> {
    let automatic = t!(language, DiscordExpiryAutomatic);
    let lower = typed.trim().to_lowercase();
    let mut out = Vec::new();
    if automatic.to_lowercase().starts_with(&lower) {
        out.push(automatic);
    }
    out.extend(time_suggestions(language, typed));
    out
}

/// The options of `/settings`, read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingsOptions {
    pub language: Option<LanguageOption>,
    pub notify: Option<NotifyOption>,
    pub time: Option<TimeOption>,
    pub expiry: Option<ExpiryOption>,
    pub threads: Option<SwitchOption>,
    pub add_channel: Option<serenity::ChannelId>,
    pub remove_channel: Option<serenity::ChannelId>,
    /// The channel of the daily puzzle's posts.
    pub daily_puzzle: Option<serenity::ChannelId>,
    /// The hour (0-23, UTC) at which the puzzle of the day changes and is posted.
    pub daily_puzzle_hour: Option<u8>,
    /// `True` stops the daily posts (`False` changes nothing).
    pub daily_puzzle_off: Option<bool>,
}

/// `/settings [language] [notify] [time] [expiry] [threads] [add-channel] [remove-channel]
/// [daily-puzzle] [daily-puzzle-hour] [daily-puzzle-off]`: what to change; no option shows the
/// settings. The language's `automatic` follows the server's Discord language again;
/// `daily-puzzle-off:True` stops the daily posts, and wins over a channel given with it.
#[must_use]
pub fn settings(options: SettingsOptions) -> Action {
    Action::Settings(SettingsChange {
        notify: options.notify.map(NotifyOption::mode),
        language: options.language.map(LanguageOption::language),
        time_per_move: options.time.map(TimeOption::duration),
        challenge_expiry: options.expiry.map(ExpiryOption::duration),
        threads: options.threads.map(SwitchOption::is_on),
        add_game_channel: options.add_channel.map(serenity::ChannelId::get),
        remove_game_channel: options.remove_channel.map(serenity::ChannelId::get),
        daily_puzzle: if options.daily_puzzle_off == Some(true) {
            Some(None)
        } else {
            options.daily_puzzle.map(|c| Some(c.get()))
        },
        daily_puzzle_hour: options.daily_puzzle_hour,
    })
}

/// The format of `/tournament create` (its choices are named by the command's own attributes,
/// `cmd-tournament-create.format-swiss` and `.format-round-robin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatOption {
    #[name = "swiss"]
    Swiss,
    #[name = "round-robin"]
    RoundRobin,
}

/// The Swiss rounds of `/tournament create` when none are given.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The options of `/tournament create`, as poise read them (times already read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentOptions {
    pub name: String,
    pub format: Option<FormatOption>,
    /// Swiss rounds; a round robin has as many as it needs.
    pub rounds: Option<u32>,
    /// Games each pairing plays, 1 or 2.
    pub games: Option<u8>,
    pub time: Option<TimeOption>,
    pub rated: Option<bool>,
    pub openings: Option<bool>,
    pub signup: Option<TimeOption>,
}

/// `/tournament create`: Swiss of [`DEFAULT_SWISS_ROUNDS`] rounds, one game a pairing, rated,
/// from the start position and open until `/tournament start`, unless the options say
/// otherwise.
#[must_use]
pub fn tournament_create(options: &TournamentOptions) -> Action {
    let format = match options.format.unwrap_or(FormatOption::Swiss) {
        FormatOption::Swiss => TournamentFormat::Swiss {
            rounds: options.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
        },
        FormatOption::RoundRobin => TournamentFormat::RoundRobin,
    };
    Action::Tournament(TournamentAction::Create(TournamentSpec {
        name: options.name.trim().to_owned(),
        format,
        games_per_pairing: options.games.unwrap_or(1).clamp(1, 2),
        time_per_move: options.time.map(TimeOption::duration),
        rated: options.rated.unwrap_or(true),
        drawn_openings: options.openings.unwrap_or(false),
        signup: options.signup.map(TimeOption::duration),
    }))
}

/// The time per move of `/challenge`, as typed in any of the bot's languages: `5 min`, `2 ore`,
/// `3 días`, `24h`, `1 ora e 30 min`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeOption(Duration);

/// The times `/challenge` suggests, in minutes.
pub const TIME_PRESETS: [u64; 4] = [5, 60, 24 * 60, 3 * 24 * 60];

impl TimeOption {
    /// Reads a time: numbers each followed by a unit (minutes, hours or days, in Italian,
    /// English or Spanish, written out or short: `m`, `min`, `h`, `ore`, `d`, `g`, `días`),
    /// joined by spaces, commas or `e` / `and` / `y`. `None` when it is not such a time.
    #[must_use]
    pub fn parse(text: &str) -> Option<TimeOption> {
        let lower = text.trim().to_lowercase();
        let mut tokens: Vec<String> = Vec::new();
        for c in lower.chars() {
            let kind = |s: &str| s.chars().next().map(|f| f.is_ascii_digit());
            let digit = c.is_ascii_digit();
            if c.is_whitespace() || c == ',' {
                tokens.push(String::new());
            } else if c.is_alphabetic() || digit || c == '\'' {
                match tokens.last_mut() {
                    Some(last) if !last.is_empty() && kind(last) == Some(digit) => last.push(c),
                    _ => tokens.push(c.to_string()),
                }
            } else {
                return None;
            }
        }
        tokens.retain(|t| !t.is_empty() && !matches!(t.as_str(), "e" | "and" | "y"));
        if tokens.is_empty() || tokens.len() % 2 != 0 {
            return None;
        }
        let mut minutes: u64 = 0;
        for pair in tokens.chunks(2) {
            let number: u64 = pair[0].parse().ok()?;
            let unit = unit_minutes(&pair[1])?;
            minutes = minutes.checked_add(number.checked_mul(unit)?)?;
        }
        let seconds = minutes.checked_mul(60)?;
        (minutes > 0).then(|| TimeOption(Duration::from_secs(seconds)))
    }

    #[must_use]
    pub fn duration(self) -> Duration {
        self.0
    }
}

/// The minutes of a unit of time.
fn unit_minutes(unit: &str) -> Option<u64> {
    Some(match unit {
        "m" | "min" | "mins" | "minute" | "minutes" | "minuto" | "minuti" | "minutos" | "'" => 1,
        "h" | "hr" | "hrs" | "hour" | "hours" | "ora" | "ore" | "hora" | "horas" => 60,
        "d" | "g" | "day" | "days" | "giorno" | "giorni" | "día" | "días" | "dia" | "dias" => {
            24 * 60
        }
        _ => return None,
    })
}

/// What the time option of `/challenge` suggests for what is typed: the time typed (when it
/// reads as one) in the reader's words, then the usual times that start like it (all of them
/// when none does). Each suggestion is its own value, and reads back with [`TimeOption::parse`].
#[must_use]
pub fn time_suggestions(language: Language, typed: &str) -> Vec<String> {
    let say = |minutes: u64| {
        human_duration(
            language,
            i64::try_from(minutes.saturating_mul(60_000)).unwrap_or(i64::MAX),
        )
    };
    let presets: Vec<String> = TIME_PRESETS.iter().map(|&m| say(m)).collect();
    let typed = typed.trim();
    let mut out = Vec::new();
    if let Some(time) = TimeOption::parse(typed) {
        out.push(say(time.duration().as_secs() / 60));
    }
    let lower = typed.to_lowercase();
    let matching: Vec<&String> = presets
        .iter()
        .filter(|p| p.to_lowercase().starts_with(&lower))
        .collect();
    let rest = if matching.is_empty() {
        presets.iter().collect()
    } else {
        matching
    };
    for preset in rest {
        if !out.contains(preset) {
            out.push(preset.clone());
        }
    }
    out
}

/// What the bot needs in a channel to open a public thread from a message there and play in
/// it: see the channel, post in it, create public threads and post in threads.
pub const THREAD_PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::CREATE_PUBLIC_THREADS)
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// Whether the bot may open public threads in an interaction's channel and play in them: the
/// interaction's `app_permissions` hold [`THREAD_PERMISSIONS`] and the channel is a text
/// channel (type 0; not a thread, a voice channel's chat, an announcement channel or a forum).
/// Unknown permissions or an unknown channel say no: the game then stays in the channel.
#[must_use]
pub fn can_open_threads(
    app_permissions: Option<serenity::Permissions>,
    channel: Option<&serenity::PartialChannel>,
) -> bool {
    let text_channel = channel.is_some_and(|c| c.kind == serenity::ChannelType::Text);
    text_channel && app_permissions.is_some_and(|p| p.contains(THREAD_PERMISSIONS))
}

/// Where an interaction happens, as far as the actor is concerned.
#[derive(Debug, Clone, Copy)]
pub struct ChannelContext<'a> {
    pub guild: Option<serenity::GuildId>,
    pub channel: serenity::ChannelId,
    /// The channel as the interaction describes it (its type).
    pub channel_data: Option<&'a serenity::PartialChannel>,
    /// What the bot may do there (the interaction's `app_permissions`).
    pub app_permissions: Option<serenity::Permissions>,
}

impl ChannelContext<'_> {
    /// Where a slash command (or its autocomplete) was used.
    #[must_use]
    pub fn of_command(interaction: &serenity::CommandInteraction) -> ChannelContext<'_> {
        ChannelContext {
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            channel_data: interaction.channel.as_ref(),
            app_permissions: interaction.app_permissions,
        }
    }

    /// Where a component was clicked.
    #[must_use]
    pub fn of_click(interaction: &serenity::ComponentInteraction) -> ChannelContext<'_> {
        ChannelContext {
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            channel_data: interaction.channel.as_ref(),
            app_permissions: interaction.app_permissions,
        }
    }
}

/// Who acts: the invoking user in a guild channel. `None` outside a guild (in DMs).
///
/// The member's `permissions` are those Discord resolved for the interaction's channel;
/// Manage Messages there makes a moderator. The `locale` is the user's Discord language (the
/// interaction's `locale`), which the actor's replies follow; the `guild_locale` is the server's,
/// for its public messages. The bot's own permissions and the channel's type say whether games
/// may go in threads ([`can_open_threads`]).
#[must_use]
pub fn actor(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    place: ChannelContext<'_>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Option<Actor> {
    let guild = place.guild?;
    let channel = place.channel;
    let name = member.map_or_else(|| user.display_name(), serenity::Member::display_name);
    let can_moderate = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_MESSAGES));
    let can_manage_server = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_GUILD));
    Some(Actor {
        user: user.id.get(),
        name: name.to_owned(),
        guild: guild.get(),
        channel: channel.get(),
        can_moderate,
        can_manage_server,
        language: Language::from_locale(locale),
        guild_language: guild_locale.map(Language::from_locale),
        can_open_threads: can_open_threads(place.app_permissions, place.channel_data),
    })
}

/// A member named in an option, with the server nickname when Discord resolved one.
#[must_use]
pub fn member(user: &serenity::User, resolved: &serenity::CommandDataResolved) -> Member {
    let nick = resolved.members.get(&user.id).and_then(|m| m.nick.clone());
    Member {
        user: user.id.get(),
        name: nick.unwrap_or_else(|| user.display_name().to_owned()),
        is_bot: user.bot,
    }
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter as _;

    use super::*;

    /// A component interaction as Discord sends it (trimmed to the fields that matter).
    fn component_interaction(data: &serde_json::Value) -> serenity::ComponentInteraction {
        let json = serde_json::json!({
            "id": "1100", "application_id": "900", "type": 3, "token": "tok", "version": 1,
            "guild_id": "10", "channel_id": "20", "locale": "it", "entitlements": [],
            "attachment_size_limit": 10_485_760, "app_permissions": "117760",
            "member": {
                "user": {"id": "42", "username": "alice", "global_name": "Alice", "discriminator": "0"},
                "nick": "Ali", "roles": [], "joined_at": "2024-01-01T00:00:00Z",
                "deaf": false, "mute": false, "flags": 0, "permissions": "8192"
            },
            "message": {
                "id": "555", "channel_id": "20", "content": "", "timestamp": "2024-01-01T00:00:00Z",
                "author": {"id": "900", "username": "dama", "discriminator": "0", "bot": true},
                "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [], "pinned": false, "type": 0
            },
            "data": data,
        });
        serde_json::from_value(json).expect("a well-formed component interaction")
    }

    #[test]
    fn select_menu_pick_becomes_a_component_call_with_its_value() {
        let interaction = component_interaction(&serde_json::json!({
            "custom_id": "g:7:12:move", "component_type": 3, "values": ["22x13x6"]
        }));
        assert_eq!(
            Click::from_data(&interaction.data),
            Click {
                custom_id: "g:7:12:move".into(),
                values: vec!["22x13x6".into()]
            }
        );
        let actor = actor(
            &interaction.user,
            interaction.member.as_ref(),
            ChannelContext::of_click(&interaction),
            &interaction.locale,
            interaction.guild_locale.as_deref(),
        )
        .unwrap();
        assert_eq!(
            actor,
            Actor {
                user: 42,
                name: "Ali".into(),
                guild: 10,
                channel: 20,
                can_moderate: true,
                can_manage_server: false,
                language: Language::It,
                guild_language: None,
                can_open_threads: false,
            }
        );
    }

    #[test]
    fn button_click_has_no_values() {
        let interaction = component_interaction(&serde_json::json!({
            "custom_id": "c:3:accept", "component_type": 2
        }));
        assert_eq!(
            Click::from_data(&interaction.data),
            Click {
                custom_id: "c:3:accept".into(),
                values: vec![]
            }
        );
    }

    /// Channel 1 of guild `guild`, nothing known of its type or the bot's permissions.
    fn in_guild(guild: Option<u64>) -> ChannelContext<'static> {
        ChannelContext {
            guild: guild.map(serenity::GuildId::new),
            channel: serenity::ChannelId::new(1),
            channel_data: None,
            app_permissions: None,
        }
    }

    fn channel_of_type(kind: u8) -> serenity::PartialChannel {
        serde_json::from_value(serde_json::json!({
            "id": "20", "name": "games", "type": kind, "permissions": "0"
        }))
        .expect("a well-formed partial channel")
    }

    #[test]
    fn threads_need_their_permissions_in_a_text_channel() {
        use poise::serenity_prelude::Permissions as P;
        let text = channel_of_type(0);
        let invite = P::VIEW_CHANNEL
            | P::SEND_MESSAGES
            | P::EMBED_LINKS
            | P::ATTACH_FILES
            | P::READ_MESSAGE_HISTORY
            | P::CREATE_PUBLIC_THREADS
            | P::SEND_MESSAGES_IN_THREADS;
        assert!(can_open_threads(Some(invite), Some(&text)));
        for lacking in [
            P::CREATE_PUBLIC_THREADS,
            P::SEND_MESSAGES_IN_THREADS,
            P::VIEW_CHANNEL,
            P::SEND_MESSAGES,
        ] {
            assert!(
                !can_open_threads(Some(invite - lacking), Some(&text)),
                "without {lacking:?}"
            );
        }
        // 11: a public thread, 2: a voice channel's chat, 15: a forum, 5: announcements.
        for kind in [11, 12, 2, 15, 5] {
            assert!(
                !can_open_threads(Some(invite), Some(&channel_of_type(kind))),
                "channel type {kind}"
            );
        }
        assert!(!can_open_threads(None, Some(&text)), "unknown permissions");
        assert!(!can_open_threads(Some(invite), None), "an unknown channel");
    }

    #[test]
    fn a_click_in_a_text_channel_with_the_thread_permissions_may_open_threads() {
        let mut interaction = component_interaction(&serde_json::json!({
            "custom_id": "c:3:accept", "component_type": 2
        }));
        interaction.channel = Some(channel_of_type(0));
        interaction.app_permissions = Some(THREAD_PERMISSIONS);
        let opens = |interaction: &serenity::ComponentInteraction| {
            actor(
                &interaction.user,
                interaction.member.as_ref(),
                ChannelContext::of_click(interaction),
                &interaction.locale,
                None,
            )
            .unwrap()
            .can_open_threads
        };
        assert!(opens(&interaction));
        interaction.channel = Some(channel_of_type(11));
        assert!(!opens(&interaction), "in a thread");
    }

    #[test]
    fn actor_needs_a_guild_and_manage_messages_to_moderate() {
        let user: serenity::User = serde_json::from_value(serde_json::json!({
            "id": "5", "username": "bob", "global_name": null, "discriminator": "0"
        }))
        .unwrap();
        assert_eq!(actor(&user, None, in_guild(None), "en-US", None), None);
        let plain = actor(&user, None, in_guild(Some(2)), "es-419", Some("es-ES")).unwrap();
        assert_eq!(plain.name, "bob");
        assert_eq!(plain.language, Language::Es);
        assert!(!plain.can_moderate);
        let mut member: serenity::Member = serde_json::from_value(serde_json::json!({
            "user": {"id": "5", "username": "bob", "discriminator": "0"}, "roles": [],
            "joined_at": "2024-01-01T00:00:00Z", "deaf": false, "mute": false, "flags": 0,
            "permissions": "3072"
        }))
        .unwrap();
        let viewer = actor(
            &user,
            Some(&member),
            in_guild(Some(2)),
            "en-GB",
            Some("es-ES"),
        )
        .unwrap();
        assert!(
            !viewer.can_moderate,
            "View Channel and Send Messages do not moderate"
        );
        member.permissions = Some(serenity::Permissions::MANAGE_MESSAGES);
        let moderator = actor(
            &user,
            Some(&member),
            in_guild(Some(2)),
            "en-GB",
            Some("es-ES"),
        )
        .unwrap();
        assert!(moderator.can_moderate);
    }

    #[test]
    fn named_member_uses_the_resolved_nickname() {
        let resolved: serenity::CommandDataResolved = serde_json::from_value(serde_json::json!({
            "users": {"7": {"id": "7", "username": "carol", "global_name": "Carol", "discriminator": "0"}},
            "members": {"7": {"nick": "Caro", "roles": [], "joined_at": "2024-01-01T00:00:00Z",
                              "deaf": false, "mute": false, "flags": 0}}
        }))
        .unwrap();
        let carol = &resolved.users[&serenity::UserId::new(7)];
        assert_eq!(
            member(carol, &resolved),
            Member {
                user: 7,
                name: "Caro".into(),
                is_bot: false
            }
        );
        let no_members = serenity::CommandDataResolved::default();
        assert_eq!(member(carol, &no_members).name, "Carol");
        let mut bot = carol.clone();
        bot.bot = true;
        assert!(member(&bot, &no_members).is_bot);
    }

    #[test]
    fn choice_indices_on_the_wire_map_to_service_arguments() {
        // Discord sends the index of the picked choice.
        assert_eq!(
            ColourChoice::from(ColourOption::from_index(0).unwrap()),
            ColourChoice::White
        );
        assert_eq!(
            ColourChoice::from(ColourOption::from_index(1).unwrap()),
            ColourChoice::Black
        );
        assert_eq!(
            ColourChoice::from(ColourOption::from_index(2).unwrap()),
            ColourChoice::Random
        );
        assert_eq!(ColourOption::from_index(3), None);
        let languages: Vec<Option<Language>> = (0..4)
            .map(|i| LanguageOption::from_index(i).unwrap().language())
            .collect();
        assert_eq!(
            languages,
            [
                Some(Language::It),
                Some(Language::En),
                Some(Language::Es),
                None
            ]
        );
        assert_eq!(LanguageOption::from_index(4), None);
    }

    #[test]
    fn settings_options_map_to_one_change() {
        assert_eq!(
            settings(SettingsOptions::default()),
            Action::Settings(SettingsChange::default()),
            "no option: show the settings"
        );
        assert_eq!(
            settings(SettingsOptions {
                language: Some(LanguageOption::Spanish),
                ..SettingsOptions::default()
            }),
            Action::Settings(SettingsChange {
                language: Some(Some(Language::Es)),
                ..SettingsChange::default()
            })
        );
        assert_eq!(
            settings(SettingsOptions {
                language: Some(LanguageOption::Automatic),
                notify: Some(NotifyOption::from_index(0).unwrap()),
                ..SettingsOptions::default()
            }),
            Action::Settings(SettingsChange {
                language: Some(None),
                notify: Some(NotifyMode::Dm),
                ..SettingsChange::default()
            })
        );
        let all = settings(SettingsOptions {
            language: None,
            notify: Some(NotifyOption::Off),
            time: TimeOption::parse("2 giorni"),
            expiry: ExpiryOption::parse("automática"),
            threads: Some(SwitchOption::from_index(1).unwrap()),
            add_channel: Some(serenity::ChannelId::new(31)),
            remove_channel: Some(serenity::ChannelId::new(32)),
            ..SettingsOptions::default()
        });
        assert_eq!(
            all,
            Action::Settings(SettingsChange {
                notify: Some(NotifyMode::Off),
                language: None,
                time_per_move: Some(Duration::from_secs(2 * 24 * 3600)),
                challenge_expiry: Some(None),
                threads: Some(false),
                add_game_channel: Some(31),
                remove_game_channel: Some(32),
                ..SettingsChange::default()
            })
        );
        let modes: Vec<NotifyMode> = (0..3)
            .map(|i| NotifyOption::from_index(i).unwrap().mode())
            .collect();
        assert_eq!(modes, [NotifyMode::Dm, NotifyMode::Ping, NotifyMode::Off]);
        assert_eq!(NotifyOption::from_index(3), None);
        assert!(SwitchOption::from_index(0).unwrap().is_on());
        assert_eq!(SwitchOption::from_index(2), None);
    }

    #[test]
    fn the_daily_puzzle_settings_set_a_channel_an_hour_or_stop_the_posts() {
        let change = |options| match settings(options) {
            Action::Settings(change) => (change.daily_puzzle, change.daily_puzzle_hour),
            other => panic!("{other:?}"),
        };
        let channel = Some(serenity::ChannelId::new(40));
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle: channel,
                daily_puzzle_hour: Some(7),
                ..SettingsOptions::default()
            }),
            (Some(Some(40)), Some(7))
        );
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle_off: Some(true),
                ..SettingsOptions::default()
            }),
            (Some(None), None)
        );
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle: channel,
                daily_puzzle_off: Some(true),
                ..SettingsOptions::default()
            }),
            (Some(None), None),
            "off wins over a channel given with it"
        );
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle_off: Some(false),
                ..SettingsOptions::default()
            }),
            (None, None),
            "False changes nothing"
        );
    }

    #[test]
    fn puzzle_options_pick_the_puzzle_action() {
        let action = |daily, text: Option<&str>| puzzle(daily, text.map(str::to_owned));
        assert_eq!(action(None, None), Action::Puzzle(PuzzleAction::Next));
        assert_eq!(
            action(Some(false), None),
            Action::Puzzle(PuzzleAction::Next)
        );
        assert_eq!(
            action(Some(true), None),
            Action::Puzzle(PuzzleAction::Daily)
        );
        let answer = Action::Puzzle(PuzzleAction::Answer {
            text: "22-18".into(),
        });
        assert_eq!(action(None, Some(" 22-18 ")), answer);
        assert_eq!(action(Some(true), Some("22-18")), answer, "a move answers");
        assert_eq!(
            action(Some(true), Some("  ")),
            Action::Puzzle(PuzzleAction::Daily),
            "a blank move is no answer"
        );
    }

    #[test]
    fn expiries_are_times_or_automatic_in_every_language() {
        crate::i18n::set_strict(true);
        for word in ["automatic", "Automatica", "automática", "auto"] {
            assert_eq!(
                ExpiryOption::parse(word),
                Some(ExpiryOption::Automatic),
                "{word}"
            );
        }
        assert_eq!(
            ExpiryOption::parse("3 ore").and_then(ExpiryOption::duration),
            Some(Duration::from_secs(3 * 3600))
        );
        for junk in ["", "never", "3", "sometimes"] {
            assert_eq!(ExpiryOption::parse(junk), None, "{junk:?}");
        }
        assert_eq!(
            expiry_suggestions(Language::It, ""),
            ["automatica", "5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        assert_eq!(expiry_suggestions(Language::Es, "aut"), {
            let mut want = vec!["automática".to_owned()];
            want.extend(time_suggestions(Language::Es, "aut"));
            want
        });
        assert_eq!(expiry_suggestions(Language::En, "2 h")[0], "2 h");
        let unreadable = |language| {
            t!(
                language,
                DiscordExpiryUnreadable,
                input = "presto",
                automatic = t!(language, DiscordExpiryAutomatic),
            )
        };
        assert!(
            unreadable(Language::It).contains("scadenza delle sfide `presto`")
                && unreadable(Language::It).ends_with("`automatica`."),
            "{}",
            unreadable(Language::It)
        );
        assert!(
            unreadable(Language::Es).contains("caducidad de los retos `presto`")
                && unreadable(Language::Es).ends_with("`automática`."),
            "{}",
            unreadable(Language::Es)
        );
        for language in Language::ALL {
            assert!(!unreadable(language).contains("{$"));
            for suggestion in expiry_suggestions(language, "") {
                assert!(
                    ExpiryOption::parse(&suggestion).is_some(),
                    "{language:?}: {suggestion} does not read back"
                );
            }
        }
    }

    fn minutes(text: &str) -> Option<u64> {
        TimeOption::parse(text).map(|t| t.duration().as_secs() / 60)
    }

    #[test]
    fn times_are_read_in_every_language() {
        let day = 24 * 60;
        for (text, want) in [
            ("3 giorni", 3 * day),
            ("2 ore", 120),
            ("3 días", 3 * day),
            ("3 dias", 3 * day),
            ("24h", day),
            ("24 h", day),
            ("5 min", 5),
            ("5m", 5),
            ("1 ora e 30 min", 90),
            ("1 h 30 min", 90),
            ("2 días y 5 h", 2 * day + 5 * 60),
            ("2 days, 5 h", 2 * day + 5 * 60),
            ("1 Giorno", day),
            ("1 hora", 60),
            ("10 minuti", 10),
            ("3d", 3 * day),
        ] {
            assert_eq!(minutes(text), Some(want), "{text}");
        }
        for junk in [
            "", "24", "soon", "h 24", "3 weeks", "0 min", "-5 min", "5 min 3", "1.5 h",
        ] {
            assert_eq!(minutes(junk), None, "{junk:?}");
        }
    }

    #[test]
    fn time_suggestions_are_in_the_reader_s_words_and_read_back() {
        crate::i18n::set_strict(true);
        assert_eq!(
            time_suggestions(Language::En, ""),
            ["5 min", "1 h", "24 h", "3 days"]
        );
        assert_eq!(
            time_suggestions(Language::It, ""),
            ["5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        assert_eq!(time_suggestions(Language::Es, "3")[0], "3 días");
        assert_eq!(
            time_suggestions(Language::It, "2 ore"),
            ["2 ore", "5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        assert_eq!(
            time_suggestions(Language::It, "1 h 30"),
            ["5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        for language in Language::ALL {
            for minutes_typed in [5, 60, 90, 24 * 60, 2 * 24 * 60 + 5 * 60, 3 * 24 * 60] {
                for suggestion in time_suggestions(language, &format!("{minutes_typed} min")) {
                    assert!(
                        TimeOption::parse(&suggestion).is_some(),
                        "{language:?}: {suggestion} does not read back"
                    );
                }
                let spoken = time_suggestions(language, &format!("{minutes_typed} min"))[0].clone();
                assert_eq!(
                    minutes(&spoken),
                    Some(minutes_typed),
                    "{language:?}: {spoken}"
                );
            }
        }
    }

    #[test]
    fn optional_arguments_get_their_defaults() {
        assert_eq!(
            play_engine(None, None),
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::Random
            }
        );
        assert_eq!(
            play_engine(Some(8), Some(ColourOption::Black)),
            Action::PlayEngine {
                level: 8,
                colour: ColourChoice::Black
            }
        );
        assert_eq!(leaderboard(None), Action::Leaderboard { page: 0 });
        assert_eq!(leaderboard(Some(3)), Action::Leaderboard { page: 2 });
        assert_eq!(leaderboard(Some(0)), Action::Leaderboard { page: 0 });
        let bob = Member {
            user: 5,
            name: "bob".into(),
            is_bot: false,
        };
        assert_eq!(
            challenge(None, Some(ColourOption::White), None),
            Action::Challenge {
                opponent: None,
                colour: ColourChoice::White,
                time_per_move: None,
            },
            "an open challenge"
        );
        assert_eq!(
            challenge(Some(bob.clone()), None, TimeOption::parse("1 h")),
            Action::Challenge {
                opponent: Some(bob),
                colour: ColourChoice::Random,
                time_per_move: Some(Duration::from_secs(3600)),
            }
        );
    }

    #[test]
    fn tournament_create_fills_in_the_defaults_and_reads_the_options() {
        let bare = TournamentOptions {
            name: "  Coppa d'autunno ".into(),
            format: None,
            rounds: None,
            games: None,
            time: None,
            rated: None,
            openings: None,
            signup: None,
        };
        assert_eq!(
            tournament_create(&bare),
            Action::Tournament(TournamentAction::Create(TournamentSpec {
                name: "Coppa d'autunno".into(),
                format: TournamentFormat::Swiss {
                    rounds: DEFAULT_SWISS_ROUNDS
                },
                games_per_pairing: 1,
                time_per_move: None,
                rated: true,
                drawn_openings: false,
                signup: None,
            }))
        );
        let full = TournamentOptions {
            format: Some(FormatOption::RoundRobin),
            rounds: Some(3),
            games: Some(2),
            time: TimeOption::parse("2 ore"),
            rated: Some(false),
            openings: Some(true),
            signup: TimeOption::parse("30 min"),
            ..bare.clone()
        };
        let Action::Tournament(TournamentAction::Create(spec)) = tournament_create(&full) else {
            panic!("a tournament to create");
        };
        assert_eq!(
            spec.format,
            TournamentFormat::RoundRobin,
            "rounds are for Swiss"
        );
        assert_eq!(spec.games_per_pairing, 2);
        assert_eq!(spec.time_per_move, Some(Duration::from_secs(7200)));
        assert!(!spec.rated && spec.drawn_openings);
        assert_eq!(spec.signup, Some(Duration::from_secs(1800)));
        let swiss = TournamentOptions {
            format: Some(FormatOption::Swiss),
            rounds: Some(7),
            ..bare
        };
        let Action::Tournament(TournamentAction::Create(spec)) = tournament_create(&swiss) else {
            panic!("a tournament to create");
        };
        assert_eq!(spec.format, TournamentFormat::Swiss { rounds: 7 });
        assert_eq!(
            FormatOption::list()
                .iter()
                .map(|c| &*c.name)
                .collect::<Vec<_>>(),
            ["swiss", "round-robin"]
        );
    }
}
