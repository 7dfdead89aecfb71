//! The bot's words in Italian, English and Spanish, from Project Fluent files.
//!
//! Each language has one file, `assets/locales/{it,en,es}/dama.ftl`, embedded in the binary
//! and parsed once ([`load`], called at start-up, fails naming the file and line of a broken
//! message). The reader's [`Language`] comes from their Discord locale
//! ([`Language::from_locale`]). The code names messages only through [`Text`]; the tests
//! check that every [`Text`] exists in every file with the same variables, and that the files
//! hold nothing else.

use std::fmt;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    It,
    #[default]
    En,
    Es,
}

impl Language {
    /// Every language, in the order of [`Texts`]' bundles.
    pub const ALL: [Language; 3] = [Language::It, Language::En, Language::Es];

    /// The language of a Discord locale: `it` is Italian, `es-ES` and `es-419` Spanish,
    /// anything else English.
    #[must_use]
    pub fn from_locale(locale: &str) -> Language {
        let primary = locale
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "it" => Language::It,
            "es" => Language::Es,
            _ => Language::En,
        }
    }

    /// The language's code: `it`, `en`, `es` (the folder of its file).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Language::It => "it",
            Language::En => "en",
            Language::Es => "es",
        }
    }

    /// The language of a code as [`Language::code`] writes it.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    fn index(self) -> usize {
        match self {
            Language::It => 0,
            Language::En => 1,
            Language::Es => 2,
        }
    }
}

/// Declares the messages the code uses: each [`Text`] variant with its id in the files and the
/// variables it takes (the tests check the files against these lists, and [`Texts::format`]
/// checks the arguments a caller gives).
macro_rules! texts {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal [$($var:literal),* $(,)?] ),* $(,)?) => {
        /// A message of the files, by what the code needs it for.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Text {
            $( $(#[$doc])* $variant, )*
        }

        impl Text {
            /// Every message the code uses.
            pub const ALL: &'static [Text] = &[$(Text::$variant),*];

            /// The message's id in the files.
            #[must_use]
            pub fn id(self) -> &'static str {
                match self {
                    $(Text::$variant => $id,)*
                }
            }

            /// The variables the message takes.
            #[must_use]
            pub fn variables(self) -> &'static [&'static str] {
                match self {
                    $(Text::$variant => &[$($var),*],)*
                }
            }
        }
    };
}

texts! {
    // ---- help and rules
    /// `/help`: every command. Each `$cmd_*` is a command as the reader sees it.
    Help = "help" [
        "max_level", "cmd_challenge", "cmd_accept", "cmd_decline", "cmd_cancel", "cmd_play",
        "cmd_move", "cmd_board", "cmd_draw_offer", "cmd_draw_accept", "cmd_draw_decline",
        "cmd_resign", "cmd_claim", "cmd_abort", "cmd_leaderboard", "cmd_stats", "cmd_history",
        "cmd_pdn", "cmd_replay", "cmd_rules", "cmd_settings", "cmd_games", "cmd_takeback",
        "cmd_hint", "cmd_analysis", "cmd_tournament_create", "cmd_tournament_join",
        "cmd_tournament_start", "cmd_tournament_standings", "cmd_tournament_pairings",
        "cmd_tournament_withdraw", "cmd_tournament_forfeit", "cmd_tournament_cancel",
        "cmd_tournament_pdn"
    ],
    /// `/rules`.
    Rules = "rules" ["repetitions", "quiet_moves"],
    // ---- shared words
    /// A length of time: `$minutes` in all, shown as minutes, hours or days.
    DurationMinutes = "duration-minutes" ["minutes"],
    DurationHours = "duration-hours" ["hours", "minutes"],
    DurationDays = "duration-days" ["days", "hours"],
    /// The engine as a player: `$level` and its name.
    EngineName = "engine-name" ["level"],
    /// A level's name, for `$level` 1 to 8.
    LevelName = "level-name" ["level"],
    /// A command that has no registered id (the console): `$name` as the reader types it.
    CommandTyped = "command-typed" ["name"],
    // ---- challenges
    /// A bot was challenged. `$max_level`: the strongest engine level.
    ChallengeBot = "challenge-bot" ["cmd_play", "max_level"],
    ChallengeSelf = "challenge-self" ["cmd_play"],
    /// `$min`, `$max`: durations.
    ChallengeTimeRange = "challenge-time-range" ["min", "max"],
    /// `$opponent`: whom the actor's open challenge is to.
    ChallengeAlreadyOpen = "challenge-already-open" ["opponent", "cmd_cancel"],
    /// The challenge message: mentions, `$color` the challenger's (`white`, `black`, `random`),
    /// `$time` a duration, `$expires` a live timestamp.
    ChallengeMessage = "challenge-message" ["challenged", "challenger", "color", "time", "expires"],
    ChallengeButtonAccept = "challenge-button-accept" [],
    ChallengeButtonDecline = "challenge-button-decline" [],
    ChallengeButtonCancel = "challenge-button-cancel" [],
    /// `$game`: the number of the game running in the channel.
    ChallengeChannelBusy = "challenge-channel-busy" ["game"],
    ChallengeGameRunning = "challenge-game-running" [],
    ChallengeNotFound = "challenge-not-found" [],
    ChallengeNoneReceived = "challenge-none-received" [],
    ChallengeNoneSent = "challenge-none-sent" [],
    ChallengeWasAccepted = "challenge-was-accepted" [],
    ChallengeWasDeclined = "challenge-was-declined" [],
    ChallengeWasCancelled = "challenge-was-cancelled" [],
    ChallengeExpired = "challenge-expired" ["cmd_challenge"],
    /// `$name`: the one who may.
    ChallengeAcceptNotYours = "challenge-accept-not-yours" ["name"],
    ChallengeDeclineNotYours = "challenge-decline-not-yours" ["name"],
    /// The challenger pressed Decline on their own challenge.
    ChallengeDeclineOwn = "challenge-decline-own" ["name"],
    ChallengeCancelNotYours = "challenge-cancel-not-yours" ["name"],
    /// `$name` accepted; `$white`, `$black`: mentions.
    ChallengeAccepted = "challenge-accepted" ["name", "white", "black"],
    ChallengeDeclined = "challenge-declined" ["name", "challenger"],
    ChallengeCancelled = "challenge-cancelled" ["name", "challenged"],
    ChallengeLevelRange = "challenge-level-range" ["max_level"],
    /// A game against the engine begins: `$color` the player's, `$engine` its name.
    ChallengeEngineGame = "challenge-engine-game" ["name", "color", "engine"],
    ChallengeGameNotFound = "challenge-game-not-found" [],
    ChallengeRematchRunning = "challenge-rematch-running" [],
    ChallengeRematchNotPlayer = "challenge-rematch-not-player" [],
    /// Nobody answered a challenge in time: `$challenger` a mention, `$challenged` a name.
    ChallengeExpiredNotice = "challenge-expired-notice" ["challenger", "challenged"],
    /// A game forfeited by the sweep: `$winner` a mention or the engine, `$ratings` the rating
    /// changes (from a space) or nothing.
    ChallengeTimeoutForfeit = "challenge-timeout-forfeit" ["loser", "winner", "game", "ratings"],
    // ---- games
    /// The caption strip of a board image: players with ratings, move number, state.
    GameCaption = "game-caption" ["white", "black", "move", "state"],
    GameCaptionTurn = "game-caption-turn" ["color"],
    GameCaptionResult = "game-caption-result" ["result"],
    /// The board message: the game, whose turn, the clock, what to know.
    GameBoardTurn = "game-board-turn" ["game", "move", "player", "color"],
    /// `$deadline`: when the time to move runs out, as a Discord timestamp (a live clock).
    GameBoardTurnClock = "game-board-turn-clock" [
        "game", "move", "player", "color", "per_move", "deadline"
    ],
    GameBoardCapture = "game-board-capture" [],
    GameBoardDrawOffer = "game-board-draw-offer" ["player"],
    GameBoardTypeMove = "game-board-type-move" ["count", "cmd_move"],
    GameBoardOver = "game-board-over" ["game"],
    /// The board's buttons and move menu.
    GameButtonOfferDraw = "game-button-offer-draw" [],
    GameButtonResign = "game-button-resign" [],
    GameButtonFlip = "game-button-flip" [],
    GameButtonClaim = "game-button-claim" [],
    GameButtonAcceptDraw = "game-button-accept-draw" [],
    GameButtonDeclineDraw = "game-button-decline-draw" [],
    GameButtonRematch = "game-button-rematch" [],
    GameButtonResignConfirm = "game-button-resign-confirm" [],
    GameMoveMenu = "game-move-menu" [],
    /// What the endgame tables say about the position.
    GameVerdictDraw = "game-verdict-draw" [],
    GameVerdictWin = "game-verdict-win" ["color", "moves"],
    GameVerdictNoMove = "game-verdict-no-move" ["color"],
    /// A player the store does not know, by id.
    GameUnknownPlayer = "game-unknown-player" ["user"],
    /// Moves, the engine's replies, and the ends of games by the rules.
    GameMovePlayed = "game-move-played" ["player", "move"],
    GameEngineReplied = "game-engine-replied" ["engine", "move"],
    GameEngineNoLevel = "game-engine-no-level" ["level"],
    GameThinking = "game-thinking" [],
    GameNotYourTurn = "game-not-your-turn" ["player", "color"],
    GameWonNoPieces = "game-won-no-pieces" ["player", "color"],
    GameWonNoMoves = "game-won-no-moves" ["player", "color"],
    GameDrawRepetition = "game-draw-repetition" [],
    GameDrawFortyMoves = "game-draw-forty-moves" ["quiet_moves"],
    GameRatings = "game-ratings" [
        "white", "white_before", "white_after", "black", "black_before", "black_after"
    ],
    /// Why a move cannot be played (each `dama_rules::NotationError`), with the legal moves.
    GameIllegalEmpty = "game-illegal-empty" ["legal"],
    GameIllegalLightSquare = "game-illegal-light-square" ["square", "legal"],
    GameIllegalNotASquare = "game-illegal-not-a-square" ["text", "legal"],
    GameIllegalTooManySquares = "game-illegal-too-many-squares" ["legal"],
    GameIllegalOneSquare = "game-illegal-one-square" ["text", "legal"],
    GameIllegalNoPiece = "game-illegal-no-piece" ["square", "legal"],
    GameIllegalNotYourPiece = "game-illegal-not-your-piece" ["square", "color", "legal"],
    GameIllegalCaptureCompulsory = "game-illegal-capture-compulsory" ["attempted", "captures"],
    GameIllegalMove = "game-illegal-move" ["attempted", "legal"],
    GameIllegalAmbiguous = "game-illegal-ambiguous" ["attempted", "candidates"],
    GameLegalNone = "game-legal-none" [],
    GameListOr = "game-list-or" ["first", "rest"],
    /// Resigning, draws by agreement, claims on time, aborts.
    GameResignConfirm = "game-resign-confirm" [],
    GameResigned = "game-resigned" ["player", "winner", "color"],
    GameDrawOffered = "game-draw-offered" ["player", "opponent"],
    GameDrawAlreadyOffered = "game-draw-already-offered" [],
    GameDrawReoffer = "game-draw-reoffer" ["ago", "left"],
    GameDrawEngineDeclines = "game-draw-engine-declines" ["engine"],
    GameDrawAccepted = "game-draw-accepted" ["player"],
    GameDrawNoOffer = "game-draw-no-offer" ["cmd_draw_offer"],
    GameDrawOwnOffer = "game-draw-own-offer" [],
    GameDrawWithdrawn = "game-draw-withdrawn" ["player"],
    GameDrawDeclined = "game-draw-declined" ["player"],
    GameClaimYourTurn = "game-claim-your-turn" [],
    GameClaimTooEarly = "game-claim-too-early" ["player", "left"],
    GameClaimWon = "game-claim-won" ["player", "winner"],
    GameAbortNotAllowed = "game-abort-not-allowed" ["cmd_resign", "cmd_draw_offer"],
    GameAborted = "game-aborted" ["player", "game"],
    /// Finding the game an action is about, stale boards and clicks.
    GameOverRefusal = "game-over-refusal" ["result", "game"],
    GameMissing = "game-missing" [],
    GameNoneHere = "game-none-here" ["cmd_challenge", "cmd_play"],
    GameNotPlaying = "game-not-playing" [],
    GameOutOfDate = "game-out-of-date" ["cmd_board"],
    GameTooLate = "game-too-late" ["cmd_board"],
    GameUnknownButton = "game-unknown-button" [],
    GameElsewhere = "game-elsewhere" [],
    GamePickMove = "game-pick-move" [],
    /// An action used again too soon.
    GameCooldownCommand = "game-cooldown-command" ["cmd", "seconds"],
    GameCooldownDrawOffer = "game-cooldown-draw-offer" ["seconds"],
    /// The `/move` autocomplete's hints (commands as typed, no mentions).
    GameHintNoGame = "game-hint-no-game" ["cmd_challenge", "cmd_play"],
    GameHintUnreadable = "game-hint-unreadable" [],
    GameHintNotYourTurn = "game-hint-not-your-turn" ["player"],
    GameHintNoMatch = "game-hint-no-match" ["typed"],
    // ---- look-ups
    LookupLeaderboardEmpty = "lookup-leaderboard-empty" ["cmd_challenge"],
    LookupLeaderboardTitle = "lookup-leaderboard-title" ["page", "pages"],
    /// One player: `$rank` padded, `$rating` and `$deviation` rounded.
    LookupLeaderboardLine = "lookup-leaderboard-line" [
        "rank", "name", "rating", "deviation", "wins", "losses", "draws"
    ],
    LookupLeaderboardPrevious = "lookup-leaderboard-previous" [],
    LookupLeaderboardNext = "lookup-leaderboard-next" [],
    LookupStatsNone = "lookup-stats-none" ["name"],
    LookupStatsRating = "lookup-stats-rating" ["name", "rating", "deviation"],
    LookupStatsMembers = "lookup-stats-members" ["wins", "losses", "draws"],
    /// `$outcome`: `win`, `loss` or `draw`; `$length`: games in a row.
    LookupStatsStreak = "lookup-stats-streak" ["length", "outcome"],
    LookupStatsEngine = "lookup-stats-engine" [],
    LookupStatsEngineLine = "lookup-stats-engine-line" ["engine", "wins", "losses", "draws"],
    LookupHistoryMember = "lookup-history-member" ["name"],
    LookupHistoryChannel = "lookup-history-channel" [],
    LookupHistoryMemberNone = "lookup-history-member-none" ["name"],
    LookupHistoryChannelNone = "lookup-history-channel-none" [],
    LookupHistoryFooter = "lookup-history-footer" ["cmd_pdn", "cmd_replay"],
    /// One game of the history: `$state` one of the `lookup-state-*` texts.
    LookupHistoryLine = "lookup-history-line" ["game", "white", "black", "state", "moves"],
    LookupStatePlaying = "lookup-state-playing" [],
    LookupStateAborted = "lookup-state-aborted" [],
    LookupStateFinished = "lookup-state-finished" [],
    /// `$result`: `white`, `black` (who won) or `draw`; `$reason`: an end reason as the store
    /// writes it (`resign`, `no-moves`, ...) or `none`.
    LookupStateEnded = "lookup-state-ended" ["result", "reason"],
    LookupNoSuchGame = "lookup-no-such-game" ["game", "cmd_history"],
    LookupNoGameHere = "lookup-no-game-here" [],
    LookupPdn = "lookup-pdn" ["game"],
    /// `$line`: the game as the history lists it.
    LookupReplay = "lookup-replay" ["game", "line"],
    /// Replay frame captions: names as written.
    LookupReplayStart = "lookup-replay-start" ["white", "black"],
    /// `$number`: the move's number; `$color`: who played it; `$notation`: the move.
    LookupReplayMove = "lookup-replay-move" ["white", "black", "number", "color", "notation"],
    // ---- settings
    /// `/settings` refused: only those who may manage the server (Discord's permission, by
    /// its name in the reader's Discord).
    SettingsNotManager = "settings-not-manager" [],
    /// `/settings language:` with a language: said in that language.
    SettingsLanguageChosen = "settings-language-chosen" [],
    /// `/settings language:` without one: back to the server's Discord language, said in it.
    SettingsLanguageDiscord = "settings-language-discord" [],
    // ---- threads and starting games
    /// A game is started in a game's own thread: `$channel` the thread's channel, a mention.
    StartThreadTaken = "start-thread-taken" ["game", "channel"],
    /// A game starts in a thread of the channel: `$white`, `$black` names.
    StartInThread = "start-in-thread" ["game", "white", "black"],
    /// A game's thread: names as written, shortened to fit 100 characters.
    StartThreadName = "start-thread-name" ["game", "white", "black"],
    /// The first board of a game between members in its thread: mentions.
    StartThreadHeadline = "start-thread-headline" ["white", "black"],
    /// Threads are on but the bot may not open them here: Discord's permission names.
    StartThreadsTip = "start-threads-tip" [],
    /// The thread of a starting game could not be opened: the board comes here instead.
    StartThreadFailed = "start-thread-failed" [],
    /// A typed command in the parent channel of the actor's game: `$thread` a link to it.
    StartPlayedInThread = "start-played-in-thread" ["game", "thread"],
    /// The autocomplete's hint for the same (plain text).
    StartHintInThread = "start-hint-in-thread" ["game"],
    /// An open challenge: `$challenger` a mention, `$color` theirs (`white`, `black`,
    /// `random`), `$time` a duration, `$expires` a live timestamp.
    StartOpenChallenge = "start-open-challenge" ["challenger", "color", "time", "expires"],
    /// The actor already has an open challenge (to anyone) here.
    StartAlreadyOpenAnyone = "start-already-open-anyone" ["cmd_cancel"],
    /// The challenger pressed Accept on their own open challenge.
    StartOpenOwnAccept = "start-open-own-accept" [],
    /// Someone pressed Decline on an open challenge: `$expires` a live timestamp.
    StartOpenDecline = "start-open-decline" ["expires"],
    /// The challenger pressed Decline on their own open challenge.
    StartOpenDeclineOwn = "start-open-decline-own" [],
    /// `$name` withdrew their open challenge.
    StartOpenCancelled = "start-open-cancelled" ["name"],
    /// Nobody accepted an open challenge in time: `$challenger` a mention.
    StartOpenExpired = "start-open-expired" ["challenger"],
    /// `/accept` with several challenges open for the actor: `$names` who challenged.
    StartAcceptWhich = "start-accept-which" ["names", "cmd_accept"],
    /// `/accept from:` a member who has no challenge open for the actor here.
    StartNoneFrom = "start-none-from" ["name"],
    /// A game against the engine blocks the channel: `$idle` how long it has had no move.
    StartIdleEngine = "start-idle-engine" ["game", "idle"],
    StartButtonEndIdle = "start-button-end-idle" [],
    /// The idle game had a move since the question.
    StartIdleAlive = "start-idle-alive" ["game"],
    /// The game is not idle (long enough) to be ended.
    StartIdleNotIdle = "start-idle-not-idle" ["game"],
    /// The game is over already.
    StartIdleGone = "start-idle-gone" ["game"],
    /// The idle game was ended: `$name` who ended it may start theirs.
    StartIdleEnded = "start-idle-ended" ["game", "name", "cmd_challenge", "cmd_play"],
    /// The sweep ended an idle engine game: `$idle` a duration.
    StartIdleSwept = "start-idle-swept" ["game", "idle"],
    /// Games may start only in the server's game channels: `$channels` links.
    StartChannelNotAllowed = "start-channel-not-allowed" ["channels"],
    /// `/settings` answers: what changed.
    StartSettingsTime = "start-settings-time" ["time"],
    StartSettingsExpiry = "start-settings-expiry" ["expiry"],
    StartSettingsExpiryAuto = "start-settings-expiry-auto" [],
    /// `$threads`: `on` or `off`.
    StartSettingsThreads = "start-settings-threads" ["threads"],
    /// `$channel` a link; `$channels` the list as it is now.
    StartSettingsChannelAdded = "start-settings-channel-added" ["channel", "channels"],
    StartSettingsChannelRemoved = "start-settings-channel-removed" ["channel", "channels"],
    /// The game channels when none is listed.
    StartSettingsEveryChannel = "start-settings-every-channel" [],
    /// A challenge expiry out of range: `$min`, `$max` durations.
    StartSettingsExpiryRange = "start-settings-expiry-range" ["min", "max"],
    /// The expiry that fits the time control, as the settings show it.
    StartSettingsExpiryFits = "start-settings-expiry-fits" [],
    /// `/settings` without options: `$notify` (`dm`, `ping`, `off`), `$language` (`it`, `en`,
    /// `es`) and `$language_source` (`chosen`, `discord`), durations, `$threads` (`on`,
    /// `off`), `$channels` links or every channel.
    StartSettingsShow = "start-settings-show" [
        "notify", "language", "language_source", "time", "expiry", "threads", "channels"
    ],

    // ---- notifications
    /// `/settings notify`: what the person will get (`$mode`: `dm`, `ping` or `off`).
    NotifySet = "notify-set" ["mode"],
    /// The headline of a move when a person is to move next (`$deadline`: a Discord timestamp).
    NotifyMoveTurn = "notify-move-turn" ["player", "move", "deadline"],
    NotifyEngineTurn = "notify-engine-turn" ["engine", "move", "deadline"],
    /// Direct messages: your turn, reminders, a claim you can make, the result (`$link`: the
    /// board message, or the game's thread or channel).
    NotifyDmTurn = "notify-dm-turn" ["game", "opponent", "move", "deadline", "link"],
    NotifyReminder = "notify-reminder" ["left", "game", "opponent", "deadline", "link"],
    NotifyReminderPing = "notify-reminder-ping" ["player", "left", "game", "opponent", "deadline"],
    /// The board edited when the time to move is out: a headline without mentions.
    NotifyTimeUp = "notify-time-up" ["player", "winner"],
    NotifyClaim = "notify-claim" ["player", "game", "cmd_claim", "link"],
    NotifyClaimPing = "notify-claim-ping" ["winner", "player", "game", "cmd_claim"],
    /// A game's result in one line, without mentions (`$result`: `win`, `draw` or `aborted`;
    /// `$first`, `$second`: winner and loser, else White and Black; `$reason`: an end reason
    /// as the store writes it, or `idle`).
    NotifyResult = "notify-result" ["game", "result", "first", "second", "reason"],
    NotifyDmResult = "notify-dm-result" ["line", "link"],

    // ---- takebacks, bumps and game lists
    /// The board's second row of buttons, and a takeback request's answers.
    TakebackButton = "takeback-button" [],
    TakebackButtonAccept = "takeback-button-accept" [],
    TakebackButtonDecline = "takeback-button-decline" [],
    GamesButtonBump = "games-button-bump" [],
    /// A takeback against the engine: what went back, how many are left; and its refusals.
    TakebackEngineDone = "takeback-engine-done" ["player", "moves", "left"],
    TakebackEngineWait = "takeback-engine-wait" ["engine"],
    TakebackEngineNoneLeft = "takeback-engine-none-left" ["allowed"],
    TakebackNothing = "takeback-nothing" [],
    /// A takeback request between members, its answers and refusals.
    TakebackRequested = "takeback-requested" ["player", "opponent", "moves"],
    TakebackOpponentAsked = "takeback-opponent-asked" ["opponent"],
    TakebackOwnRequest = "takeback-own-request" ["opponent", "cmd_takeback"],
    TakebackStale = "takeback-stale" ["cmd_board"],
    TakebackAccepted = "takeback-accepted" ["player", "requester", "moves"],
    TakebackDeclined = "takeback-declined" ["player", "requester"],
    TakebackWithdrawn = "takeback-withdrawn" ["player"],
    /// A takeback as a PDN comment.
    TakebackPdnComment = "takeback-pdn-comment" ["player", "moves"],
    /// `/games`: the list, its lines and its refusals.
    GamesAllNotAllowed = "games-all-not-allowed" ["cmd_games"],
    GamesNone = "games-none" ["cmd_challenge", "cmd_play"],
    GamesNoneInServer = "games-none-in-server" ["cmd_challenge", "cmd_play"],
    GamesTitle = "games-title" ["count"],
    GamesTitleAll = "games-title-all" ["count"],
    GamesMore = "games-more" ["count"],
    GamesYourMove = "games-your-move" ["deadline"],
    GamesToMove = "games-to-move" ["player", "deadline"],
    GamesEngineToMove = "games-engine-to-move" ["player"],
    GamesLine = "games-line" ["game", "opponent", "turn", "link"],
    GamesLineAll = "games-line-all" ["game", "white", "black", "turn", "link"],

    // ---- hints (/hint)
    /// `/hint`'s refusals.
    HintBetweenPeople = "hint-between-people" [],
    HintEngineWait = "hint-engine-wait" ["engine"],
    HintOff = "hint-off" [],
    HintNoneLeft = "hint-none-left" ["allowed"],
    HintStale = "hint-stale" [],
    /// The answer: the move, its reason, the hints left, the board's caption.
    HintMove = "hint-move" ["move"],
    HintAgain = "hint-again" [],
    HintLeft = "hint-left" ["left"],
    HintCaption = "hint-caption" ["move"],
    HintReasonOnlyMove = "hint-reason-only-move" [],
    HintReasonTableWin = "hint-reason-table-win" ["moves"],
    HintReasonForcedWin = "hint-reason-forced-win" ["moves"],
    HintReasonCapture = "hint-reason-capture" ["taken", "kings"],
    HintReasonCaptureLoses = "hint-reason-capture-loses" ["other", "pieces"],
    HintReasonCaptureWorse = "hint-reason-capture-worse" ["other", "margin"],
    HintReasonShot = "hint-reason-shot" ["line", "pieces"],
    HintReasonShotCrowns = "hint-reason-shot-crowns" ["line", "pieces"],
    HintReasonAvoidsShot = "hint-reason-avoids-shot" ["alternative", "line", "pieces"],
    HintReasonCrowns = "hint-reason-crowns" [],
    HintReasonPositional = "hint-reason-positional" ["evaluation"],
    HintReasonResists = "hint-reason-resists" [],
    /// The game's PDN: a comment before the move each hint was asked for, and the count.
    HintPdnComment = "hint-pdn-comment" ["player", "move"],
    HintPdnTotal = "hint-pdn-total" ["player", "count"],

    // ---- analysis (/analysis)
    /// Refusals: a game still being played, an aborted game without moves, a game without
    /// moves, a number that is no game of this server, no ended game in this channel.
    AnalysisGameRunning = "analysis-game-running" ["game"],
    AnalysisAbortedEmpty = "analysis-aborted-empty" ["game"],
    AnalysisNoMoves = "analysis-no-moves" ["game"],
    AnalysisNoSuchGame = "analysis-no-such-game" ["game", "cmd_history"],
    AnalysisNoneHere = "analysis-none-here" ["cmd_analysis", "cmd_history"],
    /// Progress: waiting for a place on the engines, then `$percent` of the positions done.
    AnalysisQueued = "analysis-queued" ["game"],
    AnalysisProgress = "analysis-progress" ["game", "percent"],
    /// The answer's first line: `$result` is `white`, `black`, `draw` or `aborted`.
    AnalysisTitle = "analysis-title" ["game", "white", "black", "result"],
    AnalysisAccuracy = "analysis-accuracy" ["white", "white_accuracy", "black", "black_accuracy"],
    AnalysisMomentsTitle = "analysis-moments-title" [],
    /// A key moment: `$played` with its mark (`12. 22-18??`), `$mark` (`blunder`, `mistake`,
    /// `inaccuracy`), `$better` the better move, `$after` an [`Text::AnalysisAfterEvaluation`]
    /// or [`Text::AnalysisAfterTables`].
    AnalysisMoment = "analysis-moment" ["played", "mark", "better", "after"],
    AnalysisMomentNoBetter = "analysis-moment-no-better" ["played", "mark", "after"],
    AnalysisAfterEvaluation = "analysis-after-evaluation" ["evaluation"],
    AnalysisAfterTables = "analysis-after-tables" ["before", "after"],
    /// A table verdict from the mover's view: `$outcome` is `win`, `draw` or `loss`, `$moves`
    /// the winner's moves to the end.
    AnalysisVerdict = "analysis-verdict" ["outcome", "moves"],
    /// The marked moves left out: `$kind` is `inaccuracies` when all are, else `moves`.
    AnalysisMore = "analysis-more" ["count", "kind"],
    AnalysisClean = "analysis-clean" [],
    AnalysisFooter = "analysis-footer" ["nodes"],
    /// The caption of the worst moment's board.
    AnalysisBoardCaption = "analysis-board-caption" ["played", "better"],
    AnalysisBoardCaptionNoBetter = "analysis-board-caption-no-better" ["played"],
    /// The chart's words.
    AnalysisChartMoves = "analysis-chart-moves" [],
    AnalysisChartWhite = "analysis-chart-white" [],
    AnalysisChartBlack = "analysis-chart-black" [],
    /// The comment of a marked move in the annotated PDN (no Markdown). `$mark`: `blunder`,
    /// `mistake` or `inaccuracy`; `$after`: `AnalysisAfterEvaluation` or `AnalysisAfterTables`.
    AnalysisPdnComment = "analysis-pdn-comment" ["mark", "better", "after"],
    AnalysisPdnCommentNoBetter = "analysis-pdn-comment-no-better" ["mark", "after"],
    /// The annotated PDN's last comment.
    AnalysisPdnSummary = "analysis-pdn-summary" ["white_accuracy", "black_accuracy", "nodes"],

    // ---- Discord
    /// Something failed on the bot's side.
    DiscordApology = "discord-apology" [],
    /// A command registered by an older version of the bot.
    DiscordOutdatedCommand = "discord-outdated-command" [],
    /// An option that could not be read: `$input` as typed.
    DiscordOptionUnreadable = "discord-option-unreadable" ["input"],
    DiscordOptionsUnreadable = "discord-options-unreadable" [],
    DiscordCheckFailed = "discord-check-failed" [],
    /// A command used again too soon: `$seconds` to wait.
    DiscordCooldown = "discord-cooldown" ["seconds"],
    /// The user lacks `$permission` (a [`Text::DiscordPermission`]).
    DiscordMissingUserPermission = "discord-missing-user-permission" ["permission"],
    DiscordMissingUserPermissions = "discord-missing-user-permissions" [],
    /// The bot lacks `$count` permissions, named in `$permissions`.
    DiscordMissingBotPermissions = "discord-missing-bot-permissions" ["count", "permissions"],
    /// A permission's name as Discord shows it: `$permission` is its key (`attach-files`).
    DiscordPermission = "discord-permission" ["permission"],
    DiscordGuildOnly = "discord-guild-only" [],
    DiscordSlashOnly = "discord-slash-only" [],
    /// A command with subcommands used alone: `$choices` lists them.
    DiscordSubcommandRequired = "discord-subcommand-required" ["choices"],
    DiscordNotAModerator = "discord-not-a-moderator" ["cmd_resign", "cmd_draw_offer"],
    /// The time of `/challenge` could not be read: `$input` as typed.
    DiscordTimeUnreadable = "discord-time-unreadable" ["input"],
    /// The sign-up time of `/tournament create` could not be read: `$input` as typed.
    DiscordSignupUnreadable = "discord-signup-unreadable" ["input"],
    DiscordMovesUnavailable = "discord-moves-unavailable" [],
    DiscordMovePlaceholder = "discord-move-placeholder" [],
    /// A link to the current board under a refusal: `$link`.
    DiscordCurrentBoard = "discord-current-board" ["link"],
    /// A file bigger than the server allows: `$file`, `$megabytes`.
    DiscordFileTooBig = "discord-file-too-big" ["file", "megabytes"],
    /// The board a ping is about: `$link`.
    DiscordBoardLink = "discord-board-link" ["link"],
    DiscordChoiceWhite = "discord-choice-white" [],
    DiscordChoiceBlack = "discord-choice-black" [],
    DiscordChoiceRandom = "discord-choice-random" [],
    /// A level choice of `/play`: `$level` 1 to 8.
    DiscordChoiceLevel = "discord-choice-level" ["level"],
    /// A language choice of `/settings`: `$language` is `it`, `en`, `es` or `auto`.
    DiscordChoiceLanguage = "discord-choice-language" ["language"],
    /// A choice of `/settings notify`: `$mode` is `dm`, `ping` or `off`.
    DiscordChoiceNotify = "discord-choice-notify" ["mode"],
    /// A choice of `/settings threads`: `$threads` is `on` or `off`.
    DiscordChoiceThreads = "discord-choice-threads" ["threads"],
    /// The `/settings expiry` that fits the time per move, as typed and offered.
    DiscordExpiryAutomatic = "discord-expiry-automatic" [],
    /// The expiry of `/settings` could not be read: `$input` as typed, `$automatic` the word.
    DiscordExpiryUnreadable = "discord-expiry-unreadable" ["input", "automatic"],
    // ---- tournaments (/tournament)
    TournamentCreateNotAllowed = "tournament-create-not-allowed" [],
    /// $cmd_settings: the /settings command.
    TournamentThreadsOff = "tournament-threads-off" ["cmd_settings"],
    TournamentNeedsThreads = "tournament-needs-threads" [],
    TournamentNameInvalid = "tournament-name-invalid" ["max"],
    TournamentRoundsInvalid = "tournament-rounds-invalid" ["max"],
    TournamentGamesInvalid = "tournament-games-invalid" [],
    /// $min, $max: durations in words.
    TournamentTimeInvalid = "tournament-time-invalid" ["min", "max"],
    TournamentSignupInvalid = "tournament-signup-invalid" ["min", "max"],
    TournamentAlreadyOpen = "tournament-already-open" ["name"],
    TournamentNone = "tournament-none" [],
    /// The sign-up message, line by line.
    TournamentSignupTitle = "tournament-signup-title" ["name"],
    TournamentSignupClosed = "tournament-signup-closed" ["name"],
    TournamentSignupCancelled = "tournament-signup-cancelled" ["name"],
    TournamentFormatSwiss = "tournament-format-swiss" ["rounds"],
    TournamentFormatRoundRobin = "tournament-format-round-robin" [],
    /// $rated, $openings: yes or no; $time: a duration in words.
    TournamentDetails = "tournament-details" ["format", "games", "time", "rated", "openings"],
    /// $deadline: a live Discord time ("in 2 hours").
    TournamentSignupDeadline = "tournament-signup-deadline" ["deadline"],
    TournamentSignupUntilStart = "tournament-signup-until-start" [],
    TournamentEntrants = "tournament-entrants" ["count", "names"],
    TournamentEntrantsNone = "tournament-entrants-none" [],
    TournamentButtonJoin = "tournament-button-join" [],
    TournamentButtonLeave = "tournament-button-leave" [],
    TournamentJoined = "tournament-joined" ["name"],
    TournamentLeft = "tournament-left" ["name"],
    TournamentJoinTwice = "tournament-join-twice" ["name"],
    TournamentJoinClosed = "tournament-join-closed" ["name"],
    TournamentNotEntered = "tournament-not-entered" ["name"],
    TournamentMemberNotEntered = "tournament-member-not-entered" ["player", "name"],
    TournamentLeaveStarted = "tournament-leave-started" ["name"],
    TournamentOver = "tournament-over" ["name"],
    TournamentStartNotAllowed = "tournament-start-not-allowed" ["creator"],
    TournamentStartAgain = "tournament-start-again" ["name"],
    TournamentStartFew = "tournament-start-few" ["count", "min"],
    TournamentStartDone = "tournament-start-done" ["name"],
    TournamentStarted = "tournament-started" ["name", "count"],
    /// A round's pairings, line by line.
    TournamentRoundTitle = "tournament-round-title" ["name", "round", "rounds"],
    /// $opening: three moves (21-17 11-14 22-18).
    TournamentRoundOpening = "tournament-round-opening" ["opening"],
    /// $result: 1-0, ½-½, +/− (a forfeit) or the in-play word; $game: " · #12" or empty.
    TournamentBoard = "tournament-board" ["board", "white", "black", "result", "game"],
    TournamentInPlay = "tournament-in-play" [],
    TournamentBye = "tournament-bye" ["player", "points"],
    /// The line a tournament game's thread opens from (names, no mentions: the first board in
    /// the thread names the players).
    TournamentGameStart = "tournament-game-start" ["name", "round", "board", "game", "white", "black"],
    TournamentStandingsTitle = "tournament-standings-title" ["name", "round", "rounds"],
    TournamentFinalTitle = "tournament-final-title" ["name"],
    /// $buchholz: Buchholz cut-1; $sb: Sonneborn-Berger.
    TournamentStandingsRow = "tournament-standings-row" ["rank", "name", "points", "buchholz", "sb", "games"],
    /// After the first rows of the standings as text: `$count` more are in the table.
    TournamentStandingsMore = "tournament-standings-more" ["count"],
    TournamentWithdrawnMark = "tournament-withdrawn-mark" [],
    /// The standings table's headings.
    TournamentColumnRank = "tournament-column-rank" [],
    TournamentColumnPlayer = "tournament-column-player" [],
    TournamentColumnPoints = "tournament-column-points" [],
    TournamentColumnBuchholz = "tournament-column-buchholz" [],
    TournamentColumnSonneborn = "tournament-column-sonneborn" [],
    TournamentColumnGames = "tournament-column-games" [],
    TournamentWinner = "tournament-winner" ["winner", "name"],
    TournamentEndedEarly = "tournament-ended-early" ["name"],
    TournamentNotStarted = "tournament-not-started" ["name"],
    TournamentNoRound = "tournament-no-round" ["round", "last"],
    TournamentWithdrawSignup = "tournament-withdraw-signup" ["name"],
    TournamentWithdrawOver = "tournament-withdraw-over" ["name"],
    TournamentWithdrawnAlready = "tournament-withdrawn-already" ["name"],
    TournamentWithdrew = "tournament-withdrew" ["player", "name"],
    TournamentForfeitNotAllowed = "tournament-forfeit-not-allowed" [],
    TournamentNotRunning = "tournament-not-running" ["name"],
    TournamentForfeited = "tournament-forfeited" ["player", "moderator", "name"],
    TournamentForfeitGame = "tournament-forfeit-game" ["player", "game"],
    TournamentAbortedGame = "tournament-aborted-game" ["game"],
    TournamentCancelNotAllowed = "tournament-cancel-not-allowed" [],
    TournamentCancelled = "tournament-cancelled" ["name", "player"],
    TournamentCancelledGame = "tournament-cancelled-game" ["name", "game"],
    TournamentTooFewCancelled = "tournament-too-few-cancelled" ["name", "count"],
    TournamentPdn = "tournament-pdn" ["name"],
    TournamentPdnEmpty = "tournament-pdn-empty" ["name"],

    // ---- puzzles (/puzzle, /puzzles)
    /// No puzzle collection could be loaded (start-up reported why).
    PuzzleUnavailable = "puzzle-unavailable" [],
    /// Autocomplete hints of `/puzzle move` (at most 100 characters; $cmd as typed).
    PuzzleHintUnavailable = "puzzle-hint-unavailable" [],
    PuzzleHintNoneOpen = "puzzle-hint-none-open" ["cmd"],
    /// $legal: the legal moves, comma separated.
    PuzzleHintNoMatch = "puzzle-hint-no-match" ["legal"],
    /// A new personal puzzle. $rated: yes or no.
    PuzzleNew = "puzzle-new" ["id", "difficulty", "rated"],
    PuzzlePreviousClosed = "puzzle-previous-closed" [],
    /// Today's puzzle of the server. $next: a live time (when the next one comes).
    PuzzleDailyNew = "puzzle-daily-new" ["difficulty", "rated", "next"],
    PuzzleDailyAgain = "puzzle-daily-again" ["next"],
    /// $solved: yes or no.
    PuzzleDailyDone = "puzzle-daily-done" ["solved", "next"],
    /// Refusals. $cmd: the /puzzle command.
    PuzzleStale = "puzzle-stale" ["cmd"],
    PuzzleNotYours = "puzzle-not-yours" ["cmd"],
    PuzzleNoneOpen = "puzzle-none-open" ["cmd"],
    PuzzleGone = "puzzle-gone" ["cmd"],
    /// A correct move the defender answers: $color the defender's, $reply their move.
    PuzzleCorrect = "puzzle-correct" ["move", "color", "reply"],
    PuzzleSolved = "puzzle-solved" ["move"],
    /// $solution: the move that was due.
    PuzzleWrong = "puzzle-wrong" ["move", "solution"],
    /// $line: the whole solution in long notation.
    PuzzleSolution = "puzzle-solution" ["line"],
    /// $change: signed (+16, -12).
    PuzzleRatingChange = "puzzle-rating-change" ["before", "after", "change"],
    PuzzleUnrated = "puzzle-unrated" [],
    PuzzleStreak = "puzzle-streak" ["streak", "best"],
    /// The board's menu and the line under it; $color: the solver's.
    PuzzleMoveMenu = "puzzle-move-menu" [],
    PuzzleYourMove = "puzzle-your-move" ["color", "cmd"],
    /// Image captions (plain text): the solver's colour, the solution.
    PuzzleCaption = "puzzle-caption" ["color"],
    PuzzleCaptionSolution = "puzzle-caption-solution" ["line"],
    PuzzleButtonNext = "puzzle-button-next" [],
    PuzzleButtonSolve = "puzzle-button-solve" [],
    /// `/puzzles`.
    PuzzleRankingMine = "puzzle-ranking-mine" ["name", "rating", "solved", "failed", "streak", "best"],
    PuzzleRankingMineNone = "puzzle-ranking-mine-none" ["name", "cmd"],
    PuzzleRankingTitle = "puzzle-ranking-title" [],
    PuzzleRankingLine = "puzzle-ranking-line" ["rank", "name", "rating", "solved", "attempts", "best"],
    PuzzleRankingEmpty = "puzzle-ranking-empty" ["min"],
    /// The daily post, and yesterday's solution with how many solved it.
    PuzzleDailyPost = "puzzle-daily-post" ["color", "difficulty", "next"],
    PuzzleDailyYesterday = "puzzle-daily-yesterday" ["line", "solvers"],
    /// `/settings daily-puzzle`, `daily-puzzle-hour`: $hour as 18:00, $first a live time.
    PuzzleSettingsHourRange = "puzzle-settings-hour-range" [],
    PuzzleSettingsDaily = "puzzle-settings-daily" ["channel", "hour", "first"],
    PuzzleSettingsDailyOff = "puzzle-settings-daily-off" [],
    PuzzleSettingsHour = "puzzle-settings-hour" ["hour"],
    /// The daily puzzle's line of `/settings`; $posted: yes or no.
    PuzzleSettingsShow = "puzzle-settings-show" ["channel", "posted", "hour"],
    // ---- console
    /// The greeting of an interactive console. `$help`: `/help` as typed in the language.
    ConsoleBanner = "console-banner" ["help"],
    /// A line that is neither `NAME: /command` nor `@directive`.
    ConsoleLineForm = "console-line-form" ["challenge"],
    /// `@help`.
    ConsoleHelp = "console-help" ["challenge"],
    /// The directives' answers.
    ConsoleChannel = "console-channel" ["name"],
    ConsoleGuild = "console-guild" ["name"],
    ConsoleAdvance = "console-advance" ["duration"],
    ConsoleAdvanceUsage = "console-advance-usage" ["error"],
    /// `@advance` without a duration: the round of the channel's tournament played out
    /// (`$games` unfinished games), or no tournament running in the channel.
    ConsoleAdvanceRound = "console-advance-round" ["round", "name", "games"],
    ConsoleAdvanceNoTournament = "console-advance-no-tournament" [],
    /// `/tournament` without a step it knows: `$steps`, the steps as typed.
    ConsoleTournamentUsage = "console-tournament-usage" ["steps"],
    /// `/tournament create` with an option it cannot read: `$create` as typed.
    ConsoleTournamentCreateUsage = "console-tournament-create-usage" ["create"],
    /// `/tournament pairings` with a round that is no number; `/tournament forfeit` without
    /// a member.
    ConsoleTournamentRound = "console-tournament-round" ["pairings"],
    ConsoleTournamentMember = "console-tournament-member" ["forfeit"],
    ConsoleModerator = "console-moderator" ["name"],
    /// `@threads on|off`: `$on` is `on` or `off`.
    ConsoleThreads = "console-threads" ["on"],
    ConsoleThreadsUsage = "console-threads-usage" [],
    /// `@dm-closed NAME`, `@dm-open NAME`.
    ConsoleDmClosed = "console-dm-closed" ["name"],
    ConsoleDmOpen = "console-dm-open" ["name"],
    /// Threads as channels: `$name` as typed after `@channel`.
    ConsoleThreadOpened = "console-thread-opened" ["name"],
    ConsoleThreadNow = "console-thread-now" ["name"],
    ConsoleThreadArchived = "console-thread-archived" ["name"],
    /// What starts the lines of a direct message to `$name`.
    ConsoleDm = "console-dm" ["name"],
    /// A direct message to `$name` that failed, posted in `$channel` instead.
    ConsoleDmFailed = "console-dm-failed" ["name", "channel"],
    /// `@locale`: `$language` is the code of the language now spoken.
    ConsoleLocale = "console-locale" ["language"],
    ConsoleLocaleUsage = "console-locale-usage" [],
    ConsoleUnknownDirective = "console-unknown-directive" ["directive"],
    /// A command without its `/`.
    ConsoleSlash = "console-slash" ["name", "help"],
    ConsoleUnknownCommand = "console-unknown-command" ["name", "help"],
    ConsoleInternalError = "console-internal-error" ["error"],
    /// `/move` without a move, and `/suggest`.
    ConsoleWhichMove = "console-which-move" ["moves"],
    ConsoleWhichMoveHint = "console-which-move-hint" ["hint"],
    ConsoleSuggestions = "console-suggestions" ["moves"],
    ConsoleSuggestionsNone = "console-suggestions-none" ["hint"],
    /// Commands the console cannot read.
    ConsoleTimeUsage = "console-time-usage" ["error"],
    ConsoleNotALevel = "console-not-a-level" ["level"],
    ConsoleNotAColour = "console-not-a-colour" ["colour"],
    ConsoleDrawUsage = "console-draw-usage" ["draw", "typed", "offer", "accept", "decline"],
    ConsoleGameNumber = "console-game-number" ["pdn"],
    ConsoleSettingsUsage = "console-settings-usage" ["settings"],
    ConsoleClickUsage = "console-click-usage" [],
    /// Replies as text.
    ConsoleOnlyYou = "console-only-you" [],
    ConsoleBoardSaved = "console-board-saved" ["path"],
    ConsoleSaved = "console-saved" ["path"],
    ConsoleCannotSave = "console-cannot-save" ["path", "error"],
    ConsoleAttachment = "console-attachment" ["file", "bytes"],
    /// The last line of a text board: `$color` is `white` or `black`.
    ConsoleToMove = "console-to-move" ["color"],
    /// The text board's letters: a white man, a black man, a white king, a black king.
    ConsolePieces = "console-pieces" [],
    /// Option names and colours as typed in a language.
    ConsoleOptionColour = "console-option-colour" [],
    ConsoleOptionTime = "console-option-time" [],
    ConsoleOptionMember = "console-option-member" [],
    ConsoleOptionLevel = "console-option-level" [],
    ConsoleOptionMove = "console-option-move" [],
    ConsoleOptionFlip = "console-option-flip" [],
    ConsoleOptionPage = "console-option-page" [],
    ConsoleOptionGame = "console-option-game" [],
    ConsoleOptionLanguage = "console-option-language" [],
    ConsoleOptionFrom = "console-option-from" [],
    ConsoleOptionAll = "console-option-all" [],
    ConsoleOptionNotify = "console-option-notify" [],
    ConsoleOptionExpiry = "console-option-expiry" [],
    ConsoleOptionThreads = "console-option-threads" [],
    ConsoleOptionAddChannel = "console-option-add-channel" [],
    ConsoleOptionRemoveChannel = "console-option-remove-channel" [],
    /// Values of options as typed in a language: on, off, auto; the notify modes.
    ConsoleValueOn = "console-value-on" [],
    ConsoleValueOff = "console-value-off" [],
    ConsoleValueAuto = "console-value-auto" [],
    ConsoleNotifyDm = "console-notify-dm" [],
    ConsoleNotifyPing = "console-notify-ping" [],
    ConsoleNotifyOff = "console-notify-off" [],
    ConsoleColourWhite = "console-colour-white" [],
    ConsoleColourBlack = "console-colour-black" [],
    ConsoleColourRandom = "console-colour-random" [],
}

/// The commands as the reader's Discord shows them: every command and subcommand, by its
/// English (registered) name, with its name in each language from the files (`cmd-…`).
pub const COMMANDS: &[&str] = &[
    "challenge",
    "accept",
    "decline",
    "cancel",
    "play",
    "move",
    "board",
    "resign",
    "draw offer",
    "draw accept",
    "draw decline",
    "claim",
    "abort",
    "leaderboard",
    "stats",
    "history",
    "pdn",
    "replay",
    "rules",
    "help",
    "settings",
    "games",
    "takeback",
    "hint",
    "analysis",
    "tournament create",
    "tournament join",
    "tournament start",
    "tournament standings",
    "tournament pairings",
    "tournament withdraw",
    "tournament forfeit",
    "tournament cancel",
    "tournament pdn",
    "puzzle",
    "puzzles",
];

/// The files as they are embedded: language, file name, source.
pub const SOURCES: [(Language, &str, &str); 3] = [
    (
        Language::It,
        "assets/locales/it/dama.ftl",
        include_str!("../assets/locales/it/dama.ftl"),
    ),
    (
        Language::En,
        "assets/locales/en/dama.ftl",
        include_str!("../assets/locales/en/dama.ftl"),
    ),
    (
        Language::Es,
        "assets/locales/es/dama.ftl",
        include_str!("../assets/locales/es/dama.ftl"),
    ),
];

/// A file that does not load: which, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    /// From 1.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.reason)
    }
}

impl std::error::Error for LoadError {}

/// The parsed bundles, one per language.
pub struct Texts {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts")
            .field("languages", &self.bundles.len())
            .finish()
    }
}

impl Texts {
    /// Parses one source per language, in the order of [`Language::ALL`].
    pub fn parse(sources: &[(Language, &str, &str)]) -> Result<Texts, LoadError> {
        let mut bundles = Vec::with_capacity(Language::ALL.len());
        for language in Language::ALL {
            let Some(&(_, file, source)) = sources.iter().find(|(l, _, _)| *l == language) else {
                return Err(LoadError {
                    file: format!("assets/locales/{}/dama.ftl", language.code()),
                    line: 1,
                    reason: "missing".to_owned(),
                });
            };
            let resource = FluentResource::try_new(source.to_owned()).map_err(|(_, errors)| {
                let first = &errors[0];
                LoadError {
                    file: file.to_owned(),
                    line: line_of(source, first.pos.start),
                    reason: first.to_string(),
                }
            })?;
            let langid: LanguageIdentifier = language.code().parse().map_err(|_| LoadError {
                file: file.to_owned(),
                line: 1,
                reason: format!("bad language code {}", language.code()),
            })?;
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // Discord shows the Unicode isolation marks around placeables as junk.
            bundle.set_use_isolating(false);
            bundle.add_builtins().map_err(|error| LoadError {
                file: file.to_owned(),
                line: 1,
                reason: error.to_string(),
            })?;
            bundle.add_resource(resource).map_err(|errors| LoadError {
                file: file.to_owned(),
                line: 1,
                reason: errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            })?;
            let ids = Text::ALL
                .iter()
                .map(|text| text.id().to_owned())
                .chain(command_ids());
            for id in ids {
                if bundle.get_message(&id).and_then(|m| m.value()).is_none() {
                    return Err(LoadError {
                        file: file.to_owned(),
                        line: 1,
                        reason: format!("no message `{id}`"),
                    });
                }
            }
            bundles.push(bundle);
        }
        Ok(Texts { bundles })
    }

    /// The text of a message in a language, with its variables.
    ///
    /// Arguments that differ from [`Text::variables`] are a mistake in the code: logged, and a
    /// panic in strict mode ([`set_strict`], which the tests turn on).
    #[must_use]
    pub fn format(&self, language: Language, text: Text, args: &FluentArgs<'_>) -> String {
        let given: Vec<&str> = args.iter().map(|(name, _)| name).collect();
        let expected = text.variables();
        if given.len() != expected.len() || !expected.iter().all(|v| given.contains(v)) {
            mistake(&format!(
                "message `{}` takes {expected:?}, was given {given:?}",
                text.id()
            ));
        }
        self.pattern(language, text.id(), None, args)
    }

    /// The name of a command or subcommand (`draw offer`) as typed in a language:
    /// `/patta proponi`.
    #[must_use]
    pub fn command_name(&self, language: Language, command: &str) -> String {
        let mut typed = String::from("/");
        let mut id = String::from("cmd");
        for (i, segment) in command.split(' ').enumerate() {
            id.push('-');
            id.push_str(segment);
            if i > 0 {
                typed.push(' ');
            }
            typed.push_str(&self.pattern(language, &id, None, &FluentArgs::new()));
        }
        typed
    }

    /// An attribute of a command's message (`cmd-challenge.description`), where the file has
    /// it.
    #[must_use]
    pub fn command_attribute(
        &self,
        language: Language,
        command: &str,
        attribute: &str,
    ) -> Option<String> {
        let id = format!("cmd-{}", command.replace(' ', "-"));
        let bundle = &self.bundles[language.index()];
        bundle.get_message(&id)?.get_attribute(attribute)?;
        Some(self.pattern(language, &id, Some(attribute), &FluentArgs::new()))
    }

    fn pattern(
        &self,
        language: Language,
        id: &str,
        attribute: Option<&str>,
        args: &FluentArgs<'_>,
    ) -> String {
        let bundle = &self.bundles[language.index()];
        let message = bundle.get_message(id);
        let pattern = match attribute {
            None => message.and_then(|m| m.value()),
            Some(name) => message
                .and_then(|m| m.get_attribute(name))
                .map(|a| a.value()),
        };
        let Some(pattern) = pattern else {
            // `parse` checked that every message exists.
            mistake(&format!("no message `{id}` in {}", language.code()));
            return id.to_owned();
        };
        let mut errors = Vec::new();
        let value = bundle.format_pattern(pattern, Some(args), &mut errors);
        for error in &errors {
            mistake(&format!("message `{id}` in {}: {error}", language.code()));
        }
        value.into_owned()
    }
}

/// The ids of the messages that name commands: `cmd-draw` and `cmd-draw-offer` for `draw
/// offer`.
fn command_ids() -> impl Iterator<Item = String> {
    let mut ids: Vec<String> = Vec::new();
    for command in COMMANDS {
        let mut id = String::from("cmd");
        for segment in command.split(' ') {
            id.push('-');
            id.push_str(segment);
            if !ids.contains(&id) {
                ids.push(id.clone());
            }
        }
    }
    ids.into_iter()
}

static STRICT: AtomicBool = AtomicBool::new(false);

/// Makes a mistake in the use of a message (a wrong variable, a missing message) panic instead
/// of only being logged. The tests turn it on; so does `DAMA_STRICT_TEXTS=1` at start-up.
pub fn set_strict(strict: bool) {
    STRICT.store(strict, Ordering::Relaxed);
}

fn mistake(what: &str) {
    assert!(!STRICT.load(Ordering::Relaxed), "{what}");
    tracing::error!("texts: {what}");
}

/// A message of [`texts`] in a language: `t!(language, MovePlayed, mover = name, ...)`. Each
/// `name = value` sets the variable `$name` (a string or a number).
macro_rules! t {
    ($language:expr, $text:ident $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $value); )*
        $crate::i18n::texts().format($language, $crate::i18n::Text::$text, &args)
    }};
}
pub(crate) use t;

/// The line (from 1) of a byte offset.
fn line_of(source: &str, offset: usize) -> usize {
    source
        .get(..offset.min(source.len()))
        .unwrap_or(source)
        .matches('\n')
        .count()
        + 1
}

static TEXTS: OnceLock<Texts> = OnceLock::new();

/// Parses the embedded files once; start-up calls it so that a broken file stops the bot
/// before it answers anybody.
pub fn load() -> Result<&'static Texts, LoadError> {
    if let Some(texts) = TEXTS.get() {
        return Ok(texts);
    }
    if std::env::var_os("DAMA_STRICT_TEXTS").is_some_and(|v| v == "1") {
        set_strict(true);
    }
    let texts = Texts::parse(&SOURCES)?;
    Ok(TEXTS.get_or_init(|| texts))
}

/// The embedded texts (parsed on first use where start-up did not [`load`] them).
///
/// # Panics
/// When an embedded file is broken, which the unit tests rule out.
#[must_use]
pub fn texts() -> &'static Texts {
    match load() {
        Ok(texts) => texts,
        Err(error) => panic!("the embedded texts do not load: {error}"),
    }
}

#[cfg(test)]
mod tests {
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
            let declared: BTreeSet<String> =
                text.variables().iter().map(|v| (*v).to_owned()).collect();
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
    fn the_files_hold_exactly_the_command_attributes_the_registration_uses() {
        let used: BTreeSet<(String, String)> = crate::discord::commands::command_attributes()
            .into_iter()
            .collect();
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
}
