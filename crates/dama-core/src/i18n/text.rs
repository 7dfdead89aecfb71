//! The messages the code uses, each with its id in the files and the variables it takes: a
//! data table, one entry per message.

/// Declares the messages the code uses: each [`Text`] variant with its id in the files and the
/// variables it takes (the tests check the files against these lists, and [`super::Texts::format`]
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
        "cmd_tournament_pdn", "cmd_puzzle", "cmd_puzzles"
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
    GameDrawStale = "game-draw-stale" ["cmd_board"],
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
    // ---- limits: what one member or server may ask of the bot ([limits] in the configuration)
    /// `$max`: the games against the engine a player may run; `$cmd`: `/games`.
    LimitEngineGamesPlayer = "limit-engine-games-player" ["max", "cmd"],
    LimitEngineGamesServer = "limit-engine-games-server" ["max"],
    /// The engine's line is full: for this player, or for everyone.
    LimitEngineBusyPlayer = "limit-engine-busy-player" [],
    LimitEngineBusy = "limit-engine-busy" [],
    /// A move waiting for the engine; `$place`: 1 for next.
    LimitEngineQueued = "limit-engine-queued" ["place"],
    /// The engine's reply comes later (the line filled up meanwhile).
    LimitEngineLater = "limit-engine-later" [],
    /// `$max`: the players a tournament takes.
    LimitTournamentFull = "limit-tournament-full" ["max"],
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
    /// A game named by its number that was played in a channel the asker cannot see.
    LookupGameHidden = "lookup-game-hidden" ["game"],
    // ---- settings
    /// `/settings` refused: only those who may manage the server (Discord's permission, by
    /// its name in the reader's Discord).
    SettingsNotManager = "settings-not-manager" [],
    /// `/settings language:` with a language: said in that language.
    SettingsLanguageChosen = "settings-language-chosen" [],
    /// `/settings language:` without one: back to a Community server's Discord language
    /// (`$source` `community`), or to each game in its starter's language (`players`).
    SettingsLanguageDiscord = "settings-language-discord" ["source"],
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
    OptionUnreadable = "option-unreadable" ["input"],
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
    OptionTimeUnreadable = "option-time-unreadable" ["input"],
    /// The sign-up time of `/tournament create` could not be read: `$input` as typed.
    OptionSignupUnreadable = "option-signup-unreadable" ["input"],
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
    OptionExpiryAutomatic = "option-expiry-automatic" [],
    /// The expiry of `/settings` could not be read: `$input` as typed, `$automatic` the word.
    OptionExpiryUnreadable = "option-expiry-unreadable" ["input", "automatic"],
    /// A message that pings: `$mentions` (the people pinged), then `$what` happened.
    DiscordPing = "discord-ping" ["mentions", "what"],
    /// The same with the game's number, `$game`.
    DiscordPingGame = "discord-ping-game" ["mentions", "what", "game"],
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
    /// A daily-puzzle channel where the bot cannot post: $permissions in bold, with commas.
    PuzzleSettingsChannelClosed = "puzzle-settings-channel-closed" ["channel", "permissions"],
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
    /// `@hide NAME #CHANNEL`: `$channel` hidden from `$name`; without both, how to use it.
    ConsoleHidden = "console-hidden" ["name", "channel"],
    ConsoleHideUsage = "console-hide-usage" [],
    /// Threads as channels: `$name` as typed after `@channel`.
    ConsoleThreadOpened = "console-thread-opened" ["name"],
    ConsoleThreadNow = "console-thread-now" ["name"],
    ConsoleThreadStaysOpen = "console-thread-stays-open" ["name"],
    /// What starts the lines of a direct message to `$name`.
    ConsoleDm = "console-dm" ["name"],
    /// A direct message to `$name` that failed, posted in `$channel` instead.
    ConsoleDmFailed = "console-dm-failed" ["name"],
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
    ConsoleNotALevel = "console-not-a-level" ["level"],
    ConsoleNotAColour = "console-not-a-colour" ["colour"],
    ConsoleDrawUsage = "console-draw-usage" ["draw", "typed", "offer", "accept", "decline"],
    ConsoleGameNumber = "console-game-number" ["pdn"],
    ConsoleSettingsUsage = "console-settings-usage" ["settings"],
    ConsoleClickUsage = "console-click-usage" [],
    /// Replies as text.
    ConsoleOnlyYou = "console-only-you" [],
    /// A moment, relative to the console's clock: `$duration` from now, or ago.
    ConsoleMomentFuture = "console-moment-future" ["duration"],
    ConsoleMomentPast = "console-moment-past" ["duration"],
    ConsoleBoardSaved = "console-board-saved" ["path"],
    ConsoleSaved = "console-saved" ["path"],
    ConsoleCannotSave = "console-cannot-save" ["path", "error"],
    ConsoleAttachment = "console-attachment" ["file", "bytes"],
    /// The last line of a text board: `$color` is `white` or `black`.
    ConsoleToMove = "console-to-move" ["color"],
    /// The text board's letters: a white man, a black man, a white king, a black king.
    ConsolePieces = "console-pieces" [],
    /// Values of options as the console reads them in a language: on, off, auto; the notify
    /// modes; the colours.
    ConsoleValueOn = "console-value-on" [],
    ConsoleValueOff = "console-value-off" [],
    ConsoleValueAuto = "console-value-auto" [],
    ConsoleNotifyDm = "console-notify-dm" [],
    ConsoleNotifyPing = "console-notify-ping" [],
    ConsoleNotifyOff = "console-notify-off" [],
    ConsoleColourWhite = "console-colour-white" [],
    ConsoleColourBlack = "console-colour-black" [],
    ConsoleColourRandom = "console-colour-random" [],
    // ---- the Activity's page: the words it shows (see `dama_web::words`)
    ActivityYourMove = "activity-your-move" [],
    ActivityTheirMove = "activity-their-move" [],
    ActivityWaiting = "activity-waiting" [],
    ActivitySpectators = "activity-spectators" [],
    ActivityAccept = "activity-accept" [],
    ActivityDecline = "activity-decline" [],
    ActivityConfirmResign = "activity-confirm-resign" [],
    ActivityAnalysis = "activity-analysis" [],
    ActivityLobby = "activity-lobby" [],
    ActivityNoGames = "activity-no-games" [],
    ActivityOpenChallenges = "activity-open-challenges" [],
    ActivityWatch = "activity-watch" [],
    ActivityChallenge = "activity-challenge" [],
    ActivityOpenChallenge = "activity-open-challenge" [],
    ActivityPlayEngine = "activity-play-engine" [],
    ActivityLevel = "activity-level" [],
    ActivityWhite = "activity-white" [],
    ActivityBlack = "activity-black" [],
    ActivityRandomColour = "activity-random-colour" [],
    ActivityChoosePath = "activity-choose-path" [],
    ActivityReconnecting = "activity-reconnecting" [],
    ActivityClock = "activity-clock" [],
    ActivityTimeLeft = "activity-time-left" [],
    ActivityTimePerMove = "activity-time-per-move" [],
    ActivityMoves = "activity-moves" [],
    ActivityDrawOffered = "activity-draw-offered" [],
    ActivityTakebackAsked = "activity-takeback-asked" [],
    ActivityBack = "activity-back" [],
    ActivityTooManyMessages = "activity-too-many-messages" [],
    ActivityBadMessage = "activity-bad-message" [],
    ActivityNoSuchGame = "activity-no-such-game" [],
    ActivitySignInFailed = "activity-sign-in-failed" [],
    ActivityNotInInstance = "activity-not-in-instance" [],
    ActivityPresent = "activity-present" [],
    ActivityNobodyPresent = "activity-nobody-present" [],
    ActivityChallengesForYou = "activity-challenges-for-you" [],
    ActivityCancel = "activity-cancel" [],
    /// A page's challenge to someone who is not present (nor known in the server).
    ActivityNotPresent = "activity-not-present" [],
    // ---- live games on a clock
    /// A live challenge: as `ChallengeMessage`, `$control` the time control (`5+3`),
    /// `$base` each side's time as a duration, `$increment` the seconds added per move.
    ChallengeMessageLive = "challenge-message-live" [
        "challenged", "challenger", "color", "control", "base", "increment", "expires"
    ],
    /// An open live challenge: as `StartOpenChallenge`, with the time control.
    StartOpenChallengeLive = "start-open-challenge-live" [
        "challenger", "color", "control", "base", "increment", "expires"
    ],
    /// A time control out of range: `$min`, `$max` the bases allowed (durations),
    /// `$max_increment` the longest increment in seconds.
    ClockRange = "clock-range" ["min", "max", "max_increment"],
    /// A live game's board line: whose turn, `$flag` when their flag falls (a live timestamp).
    GameBoardTurnLive = "game-board-turn-live" ["game", "move", "player", "color", "flag"],
    /// Both clocks under a live game's board: `$control` (`5+3`), `$white` and `$black` the
    /// time left as m:ss, `$running` the colour whose clock runs (`white`, `black` or `none`).
    GameBoardClocks = "game-board-clocks" ["control", "white", "black", "running"],
    /// A live game lost on time: `$loser` named, `$winner` mentioned.
    ClockFlagFell = "clock-flag-fell" ["loser", "winner", "game", "ratings"],
    /// A move sent after the mover's time ran out: the game is lost on time.
    ClockFlagFellOnMove = "clock-flag-fell-on-move" ["game"],
    /// A time that is neither a time per move nor a time control: `$input` as typed.
    OptionPaceUnreadable = "option-pace-unreadable" ["input"],
    /// A clock that is no time control (`/play clock:`): `$input` as typed.
    OptionClockUnreadable = "option-clock-unreadable" ["input"],
    // ---- the Activity (the board inside Discord)
    /// The button of every board that opens the Activity.
    ActivityButtonOpen = "activity-button-open" [],
    /// The private answer to an "Open the board" button when the Activity is not offered.
    ActivityUnavailable = "activity-unavailable" [],
    /// The app's Entry Point command: its name (lowercase, 1 to 32 letters) and description.
    ActivityLaunchName = "activity-launch-name" [],
    ActivityLaunchDescription = "activity-launch-description" [],
    /// The console's answer to "Open the board": the page's address, or how to serve it.
    ActivityConsoleOpen = "activity-console-open" ["address"],
    ActivityConsoleStart = "activity-console-start" [],
}
