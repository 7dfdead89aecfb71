# English texts of Dama. Every message here exists in it/ and es/ with the same variables.
# Variables named $cmd_* are commands as the reader sees them: a clickable Discord command
# mention, or the typed name (/challenge) where there is none.
# The commands (cmd-*) are at the end: the value is the name, attributes the description and
# the options (.description, .OPTION, .OPTION-description, by the options' English names).

# /help: every command. $max_level: the strongest engine level.
help = **Dama: Italian draughts on Discord**
    { "**" }Play**
    { $cmd_challenge } [member] [colour] [time]: challenge a member, or anyone without one (rated; time per move 5 min to 3 days)
    { $cmd_accept }, { $cmd_decline }, { $cmd_cancel }: answer or withdraw a challenge (or use its buttons)
    { $cmd_play } [level] [colour]: play me, from level 1 (beginner) to { $max_level } (master)
    { $cmd_move } move: play a move, `22-18`, `22x13`, `22x13x6` or `d3-c4`; the list suggests legal moves
    { $cmd_board }: show the board again (or pick your move from the menu under it)
    { $cmd_draw_offer }, { $cmd_draw_accept }, { $cmd_draw_decline }, { $cmd_resign }: end the game
    { $cmd_claim }: win when your opponent's time per move has run out
    { $cmd_takeback }: take back your last move (against a member: ask them)
    { $cmd_hint }: against me, my best move and why (a few a game; the game's PDN notes them)
    { $cmd_games }: your games in this server, whose move it is and the time left
    { $cmd_abort } (moderators): stop the game here without a result
    { "**" }Tournaments**
    { $cmd_tournament_create } (managers of the server) opens the sign-up: join with its button or { $cmd_tournament_join }; { $cmd_tournament_start } pairs the first round
    Each game gets its own thread; when a round ends I pair the next. { $cmd_tournament_standings }, { $cmd_tournament_pairings } [round], { $cmd_tournament_withdraw }, { $cmd_tournament_pdn }; { $cmd_tournament_forfeit } and { $cmd_tournament_cancel } for moderators and managers
    { "**" }Puzzles**
    { $cmd_puzzle }: a shot to solve near your puzzle rating, just for you; answer from its menu or with the move option. With daily: the server's puzzle of the day
    { $cmd_puzzles }: your puzzle rating and streak, and the server's best solvers
    { "**" }Look up**
    { $cmd_leaderboard }, { $cmd_stats } [member], { $cmd_history } [member]
    { $cmd_pdn } [game]: the game as a PDN file; { $cmd_replay } [game]: as an animation
    { $cmd_analysis } [game]: a finished game reviewed by the engine: the mistakes, a chart of the advantage and the annotated PDN
    { $cmd_rules }: the rules of dama italiana
    { $cmd_settings }: how you hear about your games (direct messages, pings or neither); managers of the server also choose its language, time per move, threads and game channels
    Where I may open threads, each game gets a thread of its own.

# /rules. $repetitions: how many times a position occurs to draw; $quiet_moves: moves by each
# side without a capture or a man move that draw.
rules = **Dama italiana: the rules in a minute** (Federazione Italiana Dama)
    • 8×8 board; play on the dark squares. For each player the **bottom-right corner is dark**. Squares are numbered 1-32 from Black's side: White starts on 21-32 and **moves first**.
    • Men move one square diagonally **forward**. A man reaching the far row becomes a king, and **the move ends there**, even in the middle of a capture.
    • Kings move **one square** diagonally in any direction. **No flying kings.**
    • **Capturing is compulsory**, and a capture goes on while it can. Men capture forward only and **a man can never capture a king**; kings capture men and kings, forward and backward.
    • When several captures are possible you must take, in this order: the one that takes the **most pieces**; then the one **made by a king**; then the one that takes the **most kings**; then the one that meets a **king earliest**. Anything still equal is your choice.
    • You lose when you have no pieces or **no legal move** (there is no stalemate draw).
    • Draws: by agreement, when the same position comes back for the { NUMBER($repetitions, type: "ordinal") ->
        [one] { $repetitions }st
        [two] { $repetitions }nd
        [few] { $repetitions }rd
       *[other] { $repetitions }th
    } time, or after { $quiet_moves } moves each with no capture and no man move.
    Moves are written `22-18`, captures `22x13` or with every landing square `22x13x6`.


## Shared words

# A time span. $minutes, $hours, $days: its parts.
duration-minutes = { $minutes } min
duration-hours = { $minutes ->
        [0] { $hours } h
       *[other] { $hours } h { $minutes } min
    }
duration-days = { $hours ->
        [0] { $days ->
            [one] { $days } day
           *[other] { $days } days
        }
       *[other] { $days ->
            [one] { $days } day
           *[other] { $days } days
        } { $hours } h
    }
# The engine as a player. $level: 1 to 8.
engine-name = Dama (level { $level }, { level-name })
level-name = { $level ->
        [1] beginner
        [2] novice
        [3] casual
        [4] amateur
        [5] club
        [6] advanced
        [7] expert
       *[8] master
    }


## Challenges
# Section: challenges: /challenge, /accept, /decline, /cancel, /play, rematches, expiries.
# A bot was challenged. $cmd_play: the command to play the engine; $max_level: its strongest level.
challenge-bot = Bots cannot accept challenges. To play me, use { $cmd_play } with a level from 1 (beginner) to { $max_level } (master).
challenge-self = You cannot challenge yourself. Challenge another member, or play me with { $cmd_play }.
# $min, $max: durations.
challenge-time-range = The time per move must be between { $min } and { $max }.
# $opponent: the name of the member the open challenge is to.
challenge-already-open = You already have an open challenge here (to { $opponent }). Cancel it with { $cmd_cancel } first.
# The challenge. $challenged, $challenger: mentions; $color: the challenger's (white, black or
# random); $time: the time per move; $expires: when it expires (a live timestamp: "in 10 minutes").
challenge-message = { $challenged }, { $challenger } challenges you to a rated game of dama ({ $color ->
        [white] { $challenger } plays White
        [black] { $challenger } plays Black
       *[random] colours drawn at random
    }, { $time } per move). Accept or decline: it expires { $expires }.
challenge-button-accept = Accept
challenge-button-decline = Decline
challenge-button-cancel = Cancel
# $game: the number of the game running in the channel.
challenge-channel-busy = A game is running here (#{ $game }) — start one in a thread, or wait for it to end.
challenge-game-running = A game is running here.
challenge-not-found = That challenge does not exist.
challenge-none-received = Nobody has challenged you in this channel.
challenge-none-sent = You have no open challenge in this channel.
challenge-was-accepted = This challenge was already accepted.
challenge-was-declined = This challenge was declined.
challenge-was-cancelled = This challenge was cancelled.
challenge-expired = This challenge has expired. Send a new one with { $cmd_challenge }.
# $name: the member who may.
challenge-accept-not-yours = Only { $name } can accept this challenge.
challenge-decline-not-yours = Only { $name } can decline this challenge.
# The challenger pressed Decline on their own challenge.
challenge-decline-own = Only { $name } can decline this challenge. To withdraw it, press Cancel.
challenge-cancel-not-yours = Only { $name } can cancel this challenge.
# $name: who accepted; $white, $black: mentions.
challenge-accepted = { $name } accepted! { $white } plays White, { $black } plays Black. White moves first.
# $challenger, $challenged: mentions.
challenge-declined = { $name } declined the challenge from { $challenger }.
challenge-cancelled = { $name } cancelled the challenge to { $challenged }.
challenge-level-range = Levels go from 1 (beginner) to { $max_level } (master).
# A game against the engine begins. $color: the player's; $engine: the engine's name.
challenge-engine-game = { $name } plays { $color ->
        [white] white
       *[black] black
    } against { $engine }.
challenge-game-not-found = That game does not exist.
challenge-rematch-running = This game is still being played.
challenge-rematch-not-player = Only the players of this game can ask for a rematch.
# Nobody answered a challenge in time. $challenger: a mention; $challenged: a name.
challenge-expired-notice = The challenge from { $challenger } to { $challenged } has expired.
# A game forfeited because the player to move let twice the time per move pass. $loser: a name;
# $winner: a mention or the engine; $game: its number; $ratings: the rating changes (starting
# with a space), or nothing.
challenge-timeout-forfeit = { $loser } did not move for twice the time per move. **{ $winner } wins** game #{ $game } by forfeit.{ $ratings }


## Live games
# Section: live games on a clock: challenges with a time control, both clocks, flags.
# A live challenge. $control: the time control as written (5+3); $base: each side's time (a
# duration); $increment: the seconds added after each move.
challenge-message-live = { $challenged }, { $challenger } challenges you to a rated live game of dama ({ $color ->
        [white] { $challenger } plays White
        [black] { $challenger } plays Black
       *[random] colours drawn at random
    }, clock { $control }: { $base } each, { $increment } s added per move). Accept or decline: it expires { $expires }.
start-open-challenge-live = { $challenger } is looking for an opponent: a rated live game of dama ({ $color ->
        [white] { $challenger } plays White
        [black] { $challenger } plays Black
       *[random] colours drawn at random
    }, clock { $control }: { $base } each, { $increment } s added per move), open to anyone. It expires { $expires }.
clock-range = A live clock starts with between { $min } and { $max } each and adds at most { $max_increment } seconds per move, e.g. 5+3.
# $flag: when the flag of the player to move falls (a live timestamp).
game-board-turn-live = **Game #{ $game }** · move { $move } · { $player } ({ $color ->
        [white] white
       *[black] black
    }) to move · flag falls { $flag }
# $white, $black: the time left as m:ss; $running: whose clock runs (white, black or none).
game-board-clocks = ⏱ { $control } · White { $white }{ $running ->
        [white] {" "}◀
       *[other] {""}
    } · Black { $black }{ $running ->
        [black] {" "}◀
       *[other] {""}
    }
clock-flag-fell = { $loser }'s time ran out. **{ $winner } wins** game #{ $game } on time.{ $ratings }
clock-flag-fell-on-move = Your time ran out before your move: game #{ $game } is lost on time.
option-pace-unreadable = I could not read the time `{ $input }`: write a time per move like `5 min`, `2 h` or `3 days`, or a live clock like `5+3` (minutes + seconds added per move).
option-clock-unreadable = I could not read the clock `{ $input }`: write it like `5+3` (minutes + seconds added per move).


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.
# The caption strip of a board image. $white, $black: names with their ratings; $move: the
# move number; $state: game-caption-turn or game-caption-result.
game-caption = { $white } vs { $black } · move { $move } · { $state }
# $color: white or black, the side to move.
game-caption-turn = { $color ->
        [white] White
       *[black] Black
    } to move
# $result: white, black (who won), draw, or aborted.
game-caption-result = { $result ->
        [white] 1-0
        [black] 0-1
        [draw] 1/2-1/2
       *[aborted] aborted
    }
# The board message. $game: its number; $move: the move number; $player: who is to move (a
# mention or the engine's name); $color: white or black.
game-board-turn = **Game #{ $game }** · move { $move } · { $player } ({ $color ->
        [white] white
       *[black] black
    }) to move
# The same with the clock. $per_move: a duration; $deadline: when the time runs out (a Discord
# timestamp, "in 23 hours", live).
game-board-turn-clock = **Game #{ $game }** · move { $move } · { $player } ({ $color ->
        [white] white
       *[black] black
    }) to move · { $per_move } per move, due { $deadline }
game-board-capture = A capture is compulsory.
# $player: who offered.
game-board-draw-offer = { $player } offers a draw.
# More legal moves than a menu holds. $count: how many.
game-board-type-move = { $count } legal moves: type yours with { $cmd_move }.
game-board-over = **Game #{ $game }** is over.
game-button-offer-draw = Offer draw
game-button-resign = Resign
game-button-flip = Flip board
game-button-claim = Claim win
game-button-accept-draw = Accept draw
game-button-decline-draw = Decline draw
game-button-rematch = Rematch
game-button-resign-confirm = Yes, resign
game-move-menu = Choose your move
# What the endgame tables say. $color: the winner; $moves: the winner's moves to the win.
game-verdict-draw = Endgame tables: drawn with best play
game-verdict-win = Endgame tables: won for { $color ->
        [white] White
       *[black] Black
    } in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
game-verdict-no-move = Endgame tables: won for { $color ->
        [white] White: Black
       *[black] Black: White
    } has no move
# A player the database does not know. $user: their id.
game-unknown-player = player { $user }
# A move and its reply. $player: who moved; $move: the move as written; $engine: the engine's name.
game-move-played = { $player } played **{ $move }**.
game-engine-replied = { $engine } replied **{ $move }**.
game-engine-no-level = The engine level { $level } does not exist.
game-thinking = Dama is thinking about its move.
# $player, $color: the side to move.
game-not-your-turn = It is not your turn: { $player } ({ $color ->
        [white] white
       *[black] black
    }) is to move.
# The end of a game by the rules. $player: the winner; $color: the winner's colour.
game-won-no-pieces = **{ $player } wins** ({ $color ->
        [white] White): Black
       *[black] Black): White
    } has no pieces left.
game-won-no-moves = **{ $player } wins** ({ $color ->
        [white] White): Black
       *[black] Black): White
    } cannot move.
game-draw-repetition = **Draw** by repetition.
# $quiet_moves: moves by each side without a capture or a man move.
game-draw-forty-moves = **Draw** by the { $quiet_moves }-move rule: { $quiet_moves } moves each without a capture or a man move.
# The ratings after a rated game: names, then each one's rating before and after.
game-ratings = Ratings: { $white } { $white_before } → { $white_after }, { $black } { $black_before } → { $black_after }.
# Why a move cannot be played. $legal: the legal moves, listed.
game-illegal-empty = A move is empty; write it like 22-18 or 22x13. Legal moves: { $legal }.
game-illegal-light-square = `{ $square }` is a light square; pieces stand on the dark squares. Legal moves: { $legal }.
game-illegal-not-a-square = `{ $text }` is not a square; use 1-32 (or a dark square like c3). Legal moves: { $legal }.
game-illegal-too-many-squares = Too many squares for one move. Legal moves: { $legal }.
game-illegal-one-square = `{ $text }` needs a start and an end square, like 22-18. Legal moves: { $legal }.
game-illegal-no-piece = There is no piece on { $square }. Legal moves: { $legal }.
# $color: the side to move.
game-illegal-not-your-piece = The piece on { $square } is not { $color ->
        [white] white
       *[black] black
    }'s. Legal moves: { $legal }.
# $attempted: the move as understood; $captures: the legal captures.
game-illegal-capture-compulsory = { $attempted } is not allowed: a capture is compulsory ({ $captures }). A capture is compulsory, and the one that takes the most pieces comes first.
game-illegal-move = { $attempted } is not a legal move here. Legal moves: { $legal }.
# $candidates: the moves it could be.
game-illegal-ambiguous = { $attempted } could be { $candidates }; write every landing square.
game-legal-none = none
# Two choices of a list: $first, then $rest (itself a list).
game-list-or = { $first } or { $rest }
# Resigning.
game-resign-confirm = Do you really want to resign this game?
# $player: who resigns; $winner and $color: who wins.
game-resigned = { $player } resigns. **{ $winner } wins** ({ $color ->
        [white] White
       *[black] Black
    }).
# Draw offers. $player: who offers or answers; $opponent: who is offered.
game-draw-offered = { $player } offers a draw to { $opponent }.
game-draw-already-offered = You have already offered a draw; wait for the answer.
# $ago: plies since the last offer; $left: plies to wait.
game-draw-reoffer = You offered a draw { $ago ->
        [one] { $ago } ply
       *[other] { $ago } plies
    } ago; you can offer again after { $left ->
        [one] { $left } more ply
       *[other] { $left } more plies
    }.
game-draw-engine-declines = { $engine } declines the draw: it likes its position.
game-draw-accepted = { $player } accepts the draw. **Draw** by agreement.
game-draw-no-offer = There is no draw offer to answer. Offer one with { $cmd_draw_offer }.
game-draw-own-offer = You made this offer; your opponent must answer it.
game-draw-withdrawn = { $player } withdraws the draw offer.
game-draw-declined = { $player } declines the draw. Play on!
game-draw-stale = This draw offer is no longer open: it was answered, withdrawn or made again since. Use the latest board (or { $cmd_board }).
# Claims on time. $player: who is to move; $left: their time left; $winner: who claims.
game-claim-your-turn = It is your turn: make your move instead of claiming.
game-claim-too-early = { $player } still has { $left } to move; you can claim the win after that.
game-claim-won = { $player }'s time ran out. **{ $winner } wins** on time.
# Aborts. $player: the moderator; $game: the game's number.
game-abort-not-allowed = Only moderators (Manage Messages) can abort a game. Players can { $cmd_resign } or offer a draw with { $cmd_draw_offer }.
game-aborted = { $player } aborted game #{ $game }. It does not count for anyone.
# Finding the game. $result: white, black, draw or aborted.
game-over-refusal = { $result ->
        [white] Game #{ $game } is over (1-0).
        [black] Game #{ $game } is over (0-1).
        [draw] Game #{ $game } is over (1/2-1/2).
       *[aborted] Game #{ $game } is over.
    }
game-missing = That game does not exist.
game-none-here = There is no game in this channel. Start one with { $cmd_challenge } or play me with { $cmd_play }.
game-not-playing = You are not playing in this game.
game-out-of-date = This board is out of date: the game has moved on. Use the latest board (or { $cmd_board }).
game-too-late = That move came too late: the game changed in the meantime. Use the latest board (or { $cmd_board }).
# Components.
game-unknown-button = This button is not one I know any more.
game-elsewhere = This button belongs to a message in another channel; use the one there.
game-pick-move = Pick a move from the list.
# Cooldowns. $cmd: the command; $seconds: how long to wait.
game-cooldown-command = Not so fast: you can use { $cmd } again in { $seconds } s.
game-cooldown-draw-offer = Not so fast: you can offer a draw again in { $seconds } s.
# Autocomplete hints of /move (at most 100 characters; commands as typed: $cmd_challenge).
game-hint-no-game = No game in this channel: start one with { $cmd_challenge } or { $cmd_play }.
game-hint-unreadable = This game's position cannot be read.
game-hint-not-your-turn = Not your turn: { $player } is to move
# Followed by the legal moves. $typed: what was typed.
game-hint-no-match = No legal move starts with { $typed }:


# Limits: what one member or server may ask of the bot (the [limits] of the configuration).
# $max: the games against the engine a player may run at once; $cmd: the command that lists them.
limit-engine-games-player = You already have { $max } games against the engine running here: finish or resign one (see { $cmd }), then start another.
# $max: the games against the engine a server may run at once.
limit-engine-games-server = This server already has { $max } games against the engine running: try again when one of them ends.
limit-engine-busy-player = You already have requests waiting for the engine: try again once it has answered them, in a few seconds.
limit-engine-busy = The engine is busy with too many requests: try again in a minute.
# A move waiting for the engine. $place: its place in the line, 1 for next.
limit-engine-queued = The engine is busy: your move is queued ({ NUMBER($place, type: "ordinal") ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}).
limit-engine-later = The engine is busy: it replies within a minute or two.
# $max: the players a tournament takes.
limit-tournament-full = This tournament is full ({ $max } players): try again if someone leaves before it starts.

## Look-ups
# Section: look-ups: /leaderboard, /stats, /history, /pdn, /replay.
lookup-leaderboard-empty = Nobody is on the leaderboard yet: finish a game against another member ({ $cmd_challenge }) to get on it.
lookup-leaderboard-title = **Leaderboard** · page { $page } of { $pages }
# One player. $rank: their place, padded; $rating, $deviation: rounded; $wins, $losses, $draws:
# games against members.
lookup-leaderboard-line = `{ $rank }.` **{ $name }** { $rating } (±{ $deviation }) · { $wins }W { $losses }L { $draws }D
lookup-leaderboard-previous = Previous
lookup-leaderboard-next = Next
lookup-stats-none = { $name } has not played here yet.
lookup-stats-rating = **{ $name }** · rating { $rating } (±{ $deviation })
lookup-stats-members = Against members: { $wins } won, { $losses } lost, { $draws } drawn
# $outcome: win, loss or draw; $length: how many in a row.
lookup-stats-streak = Current streak: { $length } { $outcome ->
        [win] won
        [loss] lost
       *[draw] drawn
    } in a row
lookup-stats-engine = Against the engine:
# $engine: the engine's name at a level.
lookup-stats-engine-line = { $engine }: { $wins } won, { $losses } lost, { $draws } drawn
lookup-history-member = **Recent games of { $name }**
lookup-history-channel = **Recent games in this channel**
lookup-history-member-none = Recent games of { $name }: none yet.
lookup-history-channel-none = Recent games in this channel: none yet.
lookup-history-footer = Use { $cmd_pdn } or { $cmd_replay } with a game's number to see one.
# One game. $game: its number; $white, $black: names; $state: one of the lookup-state-* texts;
# $moves: moves played.
lookup-history-line = `#{ $game }` { $white } vs { $black } · { $state } · { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
lookup-state-playing = in progress
lookup-state-aborted = aborted
lookup-state-finished = finished
# $result: white, black (who won) or draw; $reason: how it ended, or none.
lookup-state-ended = { $result ->
        [white] White won
        [black] Black won
       *[draw] drawn
    }{ $reason ->
        [resign] { " " }by resignation
        [no-moves] { " " }(no move left)
        [timeout-claim] { " " }on time
        [timeout-sweep] { " " }by forfeit
        [repetition] { " " }by repetition
        [forty-move] { " " }by the forty-move rule
        [agreement] { " " }by agreement
       *[none] { "" }
    }
# $game: a number.
lookup-no-such-game = There is no game #{ $game } in this server. { $cmd_history } lists recent games.
lookup-no-game-here = No game has been played in this channel yet.
lookup-pdn = Game #{ $game } as PDN:
# $line: the game as the history lists it.
lookup-replay = Replay of game #{ $game }: { $line }
# The caption of a replay's frames (at most 59 characters; the names are shortened to fit).
# $white, $black: names as written; $number: the move's number; $color: who played it;
# $notation: the move.
lookup-replay-start = { $white } – { $black } · start
lookup-replay-move = { $white } – { $black } · { $number }{ $color ->
        [white] .
       *[black] ...
    } { $notation }
# A game named by its number (/pdn, /replay, /analysis) that was played in a channel the asker
# cannot see. $game: its number.
lookup-game-hidden = Game #{ $game } was played in a channel you cannot see.


## Settings
# Section: settings: /settings, the server's language.
# /settings refused: Discord's permission as Discord names it in English.
settings-not-manager = Only members who may **Manage Server** can change the server's settings.
# /settings language: the answer, in the language now chosen.
settings-language-chosen = From now on I speak English in this server.
# $source: community (a Community server, whose Discord language counts) or players.
settings-language-discord = { $source ->
        [community] From now on I follow the language chosen for this Community server on Discord: English.
       *[players] From now on each game speaks the language of whoever starts it; messages about no game follow whoever asks.
    }


## Threads and starting games
# Section: starting: threads, open challenges, /accept from, challenge expiry, idle engine games, server settings.
# A game is started in a game's own thread. $channel: the channel it belongs to (a mention).
start-thread-taken = This thread belongs to game #{ $game }: start yours in { $channel }.
# A game starts in a thread of this channel. $game: its number; $white, $black: names.
start-in-thread = Game #{ $game } starts: { $white } (White) – { $black } (Black), in the thread below.
# The thread's name, at most 100 characters (the names are shortened to fit). $white, $black:
# names as written.
start-thread-name = Dama #{ $game } · { $white } – { $black }
# The first board of a game in its thread. $white, $black: mentions.
start-thread-headline = { $white } plays White, { $black } plays Black. White moves first.
# Discord's permissions as Discord names them in English.
start-threads-tip = Tip: let me **Create Public Threads** and **Send Messages in Threads** in this channel and every game gets a thread of its own, so several can run here at once.
start-thread-failed = I could not open a thread for this game, so it is played here. To give each game its own thread, let me **Create Public Threads** and **Send Messages in Threads** in this channel.
# $game: the game's number; $thread: a link to its thread.
start-played-in-thread = Your game #{ $game } is played in { $thread }: play it there.
start-hint-in-thread = Your game #{ $game } is played in its thread.
# An open challenge. $challenger: a mention; $color: the challenger's (white, black or random);
# $time: the time per move; $expires: when it expires (a live timestamp: "in 10 minutes").
start-open-challenge = { $challenger } is looking for an opponent: a rated game of dama ({ $color ->
        [white] { $challenger } plays White
        [black] { $challenger } plays Black
       *[random] colours drawn at random
    }, { $time } per move), open to anyone. It expires { $expires }.
start-already-open-anyone = You already have an open challenge here. Cancel it with { $cmd_cancel } first.
start-open-own-accept = This is your own challenge: wait for someone to accept it, or withdraw it with Cancel.
# $expires: a live timestamp.
start-open-decline = This challenge is open to anyone: there is nothing to decline, just leave it. It expires { $expires }.
start-open-decline-own = To withdraw your open challenge, press Cancel.
start-open-cancelled = { $name } withdrew their open challenge.
# $challenger: a mention.
start-open-expired = The open challenge from { $challenger } has expired: nobody accepted it.
# $names: who challenged, with commas.
start-accept-which = Several challenges are open for you here (from { $names }): name the member whose challenge you accept in { $cmd_accept }.
start-none-from = { $name } has no challenge open for you in this channel.
# $idle: how long the game has had no move.
start-idle-engine = Game #{ $game } against the engine has had no move for { $idle }. End it?
start-button-end-idle = End it
start-idle-alive = Game #{ $game } has just had a move: it is still being played.
start-idle-not-idle = Game #{ $game } is not idle: it can be ended only once its player has left it for a while.
start-idle-gone = Game #{ $game } is over already: you can start yours.
# $name: who ended it.
start-idle-ended = Game #{ $game } against the engine was ended for idleness. { $name }, you can start yours now with { $cmd_challenge } or { $cmd_play }.
start-idle-swept = Game #{ $game } against the engine had no move for { $idle } and was ended without a result.
# $channels: links to the channels.
start-channel-not-allowed = On this server games start only in { $channels }.
start-settings-time = Challenges that name no time now get { $time } per move.
start-settings-expiry = Challenges now stay open for { $expiry }.
start-settings-expiry-auto = Challenges now stay open as long as their time per move (at least 10 min, at most 3 days).
start-settings-threads = { $threads ->
        [on] New games are played in a thread of their own, where I may open threads.
       *[off] New games are played in their channel, one at a time.
    }
# $channel: a link; $channels: the game channels now.
start-settings-channel-added = Games may start in { $channel }. Game channels: { $channels }.
start-settings-channel-removed = Games no longer start in { $channel }. Game channels: { $channels }.
start-settings-every-channel = every channel
start-settings-expiry-range = A challenge must stay open between { $min } and { $max }.
start-settings-expiry-fits = as long as the time per move (10 min to 3 days)
# /settings without options. $notify: dm, ping or off; $language: it, en or es;
# $language_source: chosen, players or discord; $time, $expiry: durations; $threads: on or off;
# $channels: links, or every channel.
start-settings-show = **Settings**
    Your notifications: { $notify ->
        [dm] direct messages
        [off] off
       *[ping] mentions in the game's thread
    }
    Language of this server: { $language_source ->
        [players] none chosen: each game speaks the language of whoever started it
       *[other] { $language ->
            [it] Italian
            [es] Spanish
           *[en] English
        }{ $language_source ->
            [discord] {" "}(chosen for this Community server on Discord)
           *[chosen] {""}
        }
    }
    Time per move: { $time }
    Challenges stay open: { $expiry }
    Games in threads: { $threads ->
        [on] on
       *[off] off
    }
    Game channels: { $channels }

## Notifications
# Section: notifications: turn pings, direct messages, reminders, live clocks, result lines, /settings notify.
# /settings notify: the answer. $mode: dm, ping or off.
notify-set = { $mode ->
        [dm] From now on I send you direct messages: your turn, a reminder when half and when 90% of your time per move are gone, when you can claim a win, and the result.
        [ping] From now on I mention you in the game's thread when it is your turn.
       *[off] From now on I only name you in your games: no mentions, no direct messages.
    }
# A move when a person is to move next. $player: who moved; $engine: the engine's name;
# $move: the move; $deadline: when the time to answer runs out ("in 23 hours", live).
notify-move-turn = { $player } played **{ $move }** — your move, due { $deadline }.
notify-engine-turn = { $engine } replied **{ $move }** — your move, due { $deadline }.
# Direct messages. $game: the game's number; $opponent: who plays against the reader; $link:
# the board; $left: the time left (a duration).
notify-dm-turn = **Game #{ $game }** against { $opponent }: { $opponent } played **{ $move }** — your move, due { $deadline }. { $link }
notify-reminder = { $left } left to move in **game #{ $game }** against { $opponent }, due { $deadline }. { $link }
# The same in the game's thread. $player: a mention of the player to move.
notify-reminder-ping = { $player }, { $left } left to move in **game #{ $game }** against { $opponent }, due { $deadline }.
# The player to move ran out of time. $player: their name; $winner: who may claim.
notify-time-up = { $player }'s time to move is up: { $winner } can claim the win.
notify-claim = { $player }'s time is up in **game #{ $game }**: you can claim the win now with { $cmd_claim } or the **Claim win** button. { $link }
notify-claim-ping = { $winner }, { $player }'s time is up in **game #{ $game }**: you can claim the win now with { $cmd_claim } or the **Claim win** button.
# A result in one line. $result: win, draw or aborted; $first, $second: the winner and the
# loser, else White and Black; $reason: how it ended.
notify-result = { $result ->
        [win] Game #{ $game }: { $first } beat { $second } { $reason ->
            [resign] by resignation
            [timeout-claim] on time
            [timeout-sweep] on time
           *[no-moves] over the board
        }.
        [draw] Game #{ $game }: { $first } and { $second } drew { $reason ->
            [agreement] by agreement
            [repetition] by repetition
           *[forty-move] by the 40-move rule
        }.
       *[aborted] Game #{ $game } between { $first } and { $second } { $reason ->
            [idle] ended without a result: it was left idle
           *[abort] was aborted by a moderator
        }.
    }
# The result by direct message. $line: notify-result.
notify-dm-result = { $line } { $link }

## Takebacks, bumps and game lists
# Section: takebacks: /takeback and its answers, the Bump button, /games.
# The board's second row: take back a move, post the board anew; a request's answers.
takeback-button = Take back
takeback-button-accept = Accept takeback
takeback-button-decline = Decline takeback
games-button-bump = Bump
# Against the engine. $player: who took back; $moves: the moves taken back (`22-18 11-15`);
# $left: the takebacks left in the game.
takeback-engine-done = { $player } took back { $moves }. { $left ->
        [0] No takebacks left in this game.
        [one] One takeback left in this game.
       *[other] { $left } takebacks left in this game.
    }
# $engine: the engine's name.
takeback-engine-wait = Wait for { $engine }'s move: then you can take back your move and its reply.
# $allowed: the takebacks a game against the engine allows.
takeback-engine-none-left = { $allowed ->
        [one] You have used the one takeback of this game.
       *[other] You have used all { $allowed } takebacks of this game.
    }
takeback-nothing = You have no move to take back yet.
# Between members. $player: who asks; $opponent: a mention of who answers; $moves: what goes back.
takeback-requested = { $player } asks to take back { $moves }. { $opponent }, do you agree?
takeback-opponent-asked = { $opponent } asked for a takeback first: answer it with the buttons of their request.
takeback-own-request = That is your own request: { $opponent } answers it. Use { $cmd_takeback } again to withdraw it.
takeback-stale = This takeback request is no longer open: the game has moved on. Use the latest board (or { $cmd_board }).
# $player: who answers; $requester: a mention of who asked.
takeback-accepted = { $player } agreed: { $requester } took back { $moves }.
takeback-declined = { $player } declined the takeback { $requester } asked for.
takeback-withdrawn = { $player } withdrew their takeback request.
# In PDN files, a comment where the takeback happened. $player: the name of who asked.
takeback-pdn-comment = { $player } took back { $moves }
# /games (only the asker sees it).
games-all-not-allowed = Only moderators of the whole server (**Manage Messages** from a role, not just in this channel) can list every game of the server; { $cmd_games } lists yours.
games-none = You have no game running in this server. Challenge someone with { $cmd_challenge } or play me with { $cmd_play }.
games-none-in-server = No game is running in this server. Start one with { $cmd_challenge } or play me with { $cmd_play }.
games-title = { $count ->
        [one] **Your game**
       *[other] **Your { $count } games**
    }
games-title-all = { $count ->
        [one] **One game in this server**
       *[other] **{ $count } games in this server**
    }
# The games that did not fit in the message.
games-more = { $count ->
        [one] … and one more.
       *[other] … and { $count } more.
    }
# $deadline: a Discord timestamp that shows as "in 5 hours".
games-your-move = your move, due { $deadline }
games-to-move = { $player } to move, due { $deadline }
games-engine-to-move = { $player } to move
# $game: its number; $turn: games-your-move, games-to-move or games-engine-to-move; $link: a
# link to its board, or its channel.
games-line = **#{ $game }** vs { $opponent } · { $turn } · { $link }
games-line-all = **#{ $game }** { $white } – { $black } · { $turn } · { $link }

## Hints
# Section: hints: /hint in games against the engine, its reasons, its limit, the PDN comment.
# /hint's refusals (only the asker sees them). $engine: the engine's name.
hint-between-people = Hints are for games against the engine: in a game between people, each player thinks for themselves.
hint-engine-wait = Wait for { $engine }'s move: hints are for your turn.
hint-off = Hints are turned off on this bot.
# $allowed: the hints a game against the engine allows.
hint-none-left = { $allowed ->
        [one] You have used the one hint of this game.
       *[other] You have used all { $allowed } hints of this game.
    }
# The game moved on while the hint was being searched.
hint-stale = The game moved on while I was thinking: ask again if it is your turn.
# The answer (only the asker sees it). $move: the move as the player writes it.
hint-move = Hint: play **{ $move }**.
hint-again = The same hint as before: it is not counted again.
hint-left = { $left ->
        [0] No hints left in this game.
        [one] One hint left in this game.
       *[other] { $left } hints left in this game.
    }
hint-caption = Hint: { $move }
hint-reason-only-move = It is your only legal move.
# $moves: the winner's moves to the end, this one included.
hint-reason-table-win = It wins: the endgame tables give a win in { $moves ->
        [one] one move.
       *[other] { $moves } moves.
    }
hint-reason-forced-win = It wins by force in { $moves ->
        [one] one move.
       *[other] { $moves } moves.
    }
# Captures are compulsory; $taken: the pieces this capture takes, $kings: the kings among them.
hint-reason-capture = You must capture, and this capture takes { $taken ->
        [one] one piece
       *[other] { $taken } pieces
    }{ $kings ->
        [0] .
        [one] , a king among them.
       *[other] , { $kings } kings among them.
    }
# $other: the next best capture; $pieces: what it gives back.
hint-reason-capture-loses = With { $other } instead you would lose { $pieces ->
        [one] a piece
       *[other] { $pieces } pieces
    } at once.
# $margin: how much worse it is, in men (+1.00 is a man).
hint-reason-capture-worse = The other capture, { $other }, is worse by { $margin }.
# $line: the moves of the shot, this one first; $pieces: the pieces it wins.
hint-reason-shot = A shot: { $line } wins { $pieces ->
        [one] a piece.
       *[other] { $pieces } pieces.
    }
hint-reason-shot-crowns = A shot: { $line } wins { $pieces ->
        [one] a piece
       *[other] { $pieces } pieces
    } and crowns a king.
# $alternative: a move the player might play instead; $line: the capture sequence that punishes it.
hint-reason-avoids-shot = It avoids a shot: after { $alternative }, { $line } would win { $pieces ->
        [one] one of your pieces.
       *[other] { $pieces } of your pieces.
    }
hint-reason-crowns = It crowns a king.
# $evaluation: the engine's judgement from the player's side, in men (+1.00 is a man up).
hint-reason-positional = No tactic here: it is the best move by the engine's judgement (evaluation { $evaluation } for you).
hint-reason-resists = The position is lost with best play: this move resists longest.
# In the game's PDN, before the move the hint was asked for.
hint-pdn-comment = { $player } asked for a hint: { $move }
# At the end of the game's PDN.
hint-pdn-total = { $count ->
        [one] { $player } asked for one hint in this game
       *[other] { $player } asked for { $count } hints in this game
    }

## Analysis
# Section: analysis: /analysis, its progress, refusals, key moments, accuracy, the chart's words.
# Refusals (only the asker sees them). $game: the game's number.
analysis-game-running = Game #{ $game } is still being played: its analysis would be a hint. Ask for it when the game ends.
analysis-aborted-empty = Game #{ $game } was aborted before any move: there is nothing to analyse.
analysis-no-moves = Game #{ $game } ended before any move was played: there is nothing to analyse.
analysis-no-such-game = There is no game #{ $game } on this server. { $cmd_history } lists recent games and their numbers.
analysis-none-here = No game has ended in this channel yet. Name a game by its number: { $cmd_analysis } game:12 ({ $cmd_history } lists the numbers).
# Progress, edited into the reply while the engine works.
analysis-queued = Game #{ $game } is waiting for its turn: other analyses are running. It starts in a moment…
analysis-progress = Analysing game #{ $game }… { $percent }%
# The answer. $white, $black: the players' names; $result: white, black, draw or aborted.
analysis-title = **Analysis of game #{ $game }**: { $white } (White) – { $black } (Black), { $result ->
        [white] White won
        [black] Black won
        [draw] drawn
       *[aborted] aborted
    }
# $white_accuracy, $black_accuracy: percentages.
analysis-accuracy = Accuracy: { $white } **{ $white_accuracy }%** · { $black } **{ $black_accuracy }%**
analysis-moments-title = **Key moments**
# $played: `12. 22-18??`; $better: the better move; $after: analysis-after-evaluation or -tables.
analysis-moment = { $played } { $mark ->
        [blunder] blunder
        [mistake] mistake
       *[inaccuracy] inaccuracy
    }: better { $better } · { $after }
analysis-moment-no-better = { $played } { $mark ->
        [blunder] blunder
        [mistake] mistake
       *[inaccuracy] inaccuracy
    } · { $after }
# $evaluation: in men, + when White is better (`+1.25`).
analysis-after-evaluation = then { $evaluation }
# $before, $after: analysis-verdict, from the mover's side.
analysis-after-tables = endgame tables: { $before } → { $after }
analysis-verdict = { $outcome ->
        [win] won in { $moves }
        [loss] lost in { $moves }
       *[draw] drawn
    }
analysis-more = { $kind ->
        [inaccuracies] { $count ->
            [one] … and one more inaccuracy.
           *[other] … and { $count } more inaccuracies.
        }
       *[moves] { $count ->
            [one] … and one more marked move.
           *[other] … and { $count } more marked moves.
        }
    }
analysis-clean = No move lost enough to be marked: a clean game, well played both!
# $nodes: the positions the engine searched for each move.
analysis-footer = -# Evaluations in men, + when White is better; { $nodes } nodes a position. The annotated game is attached as PDN.
# The worst moment's board (an image caption: no Markdown). $played: `12. 22-18??`.
analysis-board-caption = { $played } · better { $better }
analysis-board-caption-no-better = { $played }
# The chart's axis and halves.
analysis-chart-moves = move
analysis-chart-white = White better
analysis-chart-black = Black better
# The comment of a marked move in the annotated PDN (no Markdown); $after: analysis-after-evaluation or -tables.
analysis-pdn-comment = { $mark ->
        [blunder] blunder
        [mistake] mistake
       *[inaccuracy] inaccuracy
    }; better { $better }; { $after }
analysis-pdn-comment-no-better = { $mark ->
        [blunder] blunder
        [mistake] mistake
       *[inaccuracy] inaccuracy
    }; { $after }
analysis-pdn-summary = accuracy: White { $white_accuracy }%, Black { $black_accuracy }% ({ $nodes } nodes a position)

## Discord
# Section: Discord: errors, permissions, command options.
# Private answers to mistakes the adapter notices, in the reader's Discord language.
discord-apology = Sorry, something went wrong on my side and I could not do that. Please try again in a moment.
discord-outdated-command = This command changed with an update of the bot; Discord will show the new version in a minute. Please try again then.
# $input: what was typed.
option-unreadable = I could not read `{ $input }`. Check the option and try again.
discord-options-unreadable = I could not read one of the options. Check them and try again.
discord-check-failed = You cannot use this command here.
# $seconds: how long to wait.
discord-cooldown = Not so fast: try again in { $seconds } s.
# $permission: a permission's name (discord-permission).
discord-missing-user-permission = You need the permission **{ $permission }** in this channel for this command.
discord-missing-user-permissions = You lack a permission this command needs.
# $count: how many permissions; $permissions: their names, in bold, with commas.
discord-missing-bot-permissions = I cannot run games in this channel: I am missing the { $count ->
        [one] permission { $permissions }. Ask a server admin to grant it
       *[other] permissions { $permissions }. Ask a server admin to grant them
    } to my role (or in this channel's settings), then try again.
# A permission as Discord names it. $permission: its key.
discord-permission = { $permission ->
        [view-channel] View Channel
        [send-messages] Send Messages
        [send-messages-in-threads] Send Messages in Threads
        [create-public-threads] Create Public Threads
        [embed-links] Embed Links
        [attach-files] Attach Files
        [read-message-history] Read Message History
        [manage-messages] Manage Messages
       *[manage-server] Manage Server
    }
discord-guild-only = Dama is played in server channels: use the commands there.
discord-slash-only = Use the slash commands: type `/` to see them.
# $choices: the subcommands, as Discord shows them, with commas.
discord-subcommand-required = Choose what to do: { $choices }.
discord-not-a-moderator = Only moderators (Manage Messages in this channel) can abort a game. Players can { $cmd_resign } or offer a draw ({ $cmd_draw_offer }).
# The /challenge time option. $input: what was typed.
option-time-unreadable = I could not read the time per move `{ $input }`: write it like `5 min`, `2 h` or `3 days`.
option-signup-unreadable = I could not read how long the sign-up stays open, `{ $input }`: write it like `30 min`, `2 h` or `1 day`.
discord-moves-unavailable = I could not list your moves just now: type yours, e.g. 22-18.
discord-move-placeholder = Type your move, e.g. 22-18
# Under a refusal about an old board. $link: the current board's message.
discord-current-board = [Go to the current board]({ $link })
# A file too big for the server. $file: its name; $megabytes: its size.
discord-file-too-big = ({ $file } is { NUMBER($megabytes, minimumFractionDigits: 1) } MB, more than this server accepts.)
# After a ping about a board updated in place. $link: the board's message.
discord-board-link = ([board]({ $link }))
# Choices of command options.
discord-choice-white = White
discord-choice-black = Black
discord-choice-random = Random
# A level of /play. $level: 1 to 8.
discord-choice-level = { $level } · { level-name }
# The languages of /settings. $language: it, en, es, or auto (Discord's).
discord-choice-language = { $language ->
        [it] Italiano
        [en] English
        [es] Español
       *[auto] Discord's (automatic)
    }
# How /settings notify tells someone about their games. $mode: dm, ping or off.
discord-choice-notify = { $mode ->
        [dm] Direct messages
        [ping] A ping in the game's thread
       *[off] Neither (my name only)
    }
# /settings threads. $threads: on or off.
discord-choice-threads = { $threads ->
        [on] On: a thread for each game
       *[off] Off: games in their channel
    }
# The /settings expiry that fits the time per move, as typed and offered.
option-expiry-automatic = automatic
# $input: what was typed; $automatic: option-expiry-automatic.
option-expiry-unreadable = I could not read the challenge expiry `{ $input }`: write a time like `1 h` or `2 days`, or `{ $automatic }`.
# A message that pings says what happened, for a push notification to read alone. $mentions: the
# people pinged; $what: what happened (a board's first line); $game: the game's number.
discord-ping = { $mentions } — { $what }
discord-ping-game = { $mentions } — { $what } · game #{ $game }
# The Activity (the board inside Discord). The button of every board, the answer to an old one
# when the Activity is not offered, the app's Entry Point command (its name: lowercase, 1 to 32
# letters), and the console's answers to the button ($address: the page's local address).
activity-button-open = Open the board
activity-unavailable = The board cannot be opened here: this bot does not offer its Activity. Play with the buttons and commands instead.
activity-launch-name = launch
activity-launch-description = Open Dama's board in this channel: play, watch and challenge by clicking
activity-console-open = Open the board in your browser: { $address }
activity-console-start = The board opens in a browser when the console is started with `damabot local --web`.


## Tournaments
# Section: tournaments: /tournament and its sign-up buttons, rounds, pairings, standings, refusals.
tournament-create-not-allowed = Only members who can manage the server can create a tournament.
tournament-threads-off = Tournament games are played in threads, but this server has games in threads turned off: turn them on with { $cmd_settings } first.
tournament-needs-threads = Tournament games are played in threads, and I cannot open threads here: give me **Create Public Threads** and **Send Messages in Threads** in this channel, or create the tournament in another channel.
tournament-name-invalid = A tournament needs a name of 1 to { $max } characters.
tournament-rounds-invalid = A Swiss tournament has 1 to { $max } rounds.
tournament-games-invalid = Each pairing plays one game or two (one with each colour).
tournament-time-invalid = The time per move must be between { $min } and { $max }.
tournament-signup-invalid = The sign-up must stay open between { $min } and { $max }.
tournament-already-open = This server already has a tournament under way: **{ $name }**. One at a time: wait for it to end, or cancel it.
tournament-none = This server has no tournament.
tournament-signup-title = 🏆 **{ $name }**: sign-up is open!
tournament-signup-closed = 🏆 **{ $name }**: sign-up closed, the tournament has started.
tournament-signup-cancelled = 🏆 **{ $name }**: cancelled.
tournament-format-swiss = Swiss system, { $rounds ->
    [one] one round
   *[other] { $rounds } rounds
}
tournament-format-round-robin = round robin (everyone meets everyone)
tournament-details = Format: { $format } · { $games ->
    [one] one game
   *[other] { $games } games, one with each colour,
} per pairing · { $time } per move · { $rated ->
    [yes] rated
   *[no] unrated
} · { $openings ->
    [yes] an opening drawn for each round
   *[no] from the initial position
}
tournament-signup-deadline = Sign-up closes { $deadline }; the tournament then starts by itself.
tournament-signup-until-start = Sign-up stays open until the organiser starts the tournament.
tournament-entrants = Players ({ $count }): { $names }
tournament-entrants-none = No players yet: press **Join**!
tournament-button-join = Join
tournament-button-leave = Leave
tournament-joined = You are in **{ $name }**. Good luck!
tournament-left = You have left **{ $name }**.
tournament-join-twice = You have already joined **{ $name }**.
tournament-join-closed = The sign-up for **{ $name }** is over: the tournament has started or ended.
tournament-not-entered = You are not playing in **{ $name }**.
tournament-member-not-entered = { $player } is not playing in **{ $name }**.
tournament-leave-started = **{ $name }** has started, so the sign-up is closed: you can still withdraw from the tournament (your games played count).
tournament-over = **{ $name }** is over.
tournament-start-not-allowed = Only the organiser ({ $creator }) or members who can manage the server can start the tournament.
tournament-start-again = **{ $name }** has already started.
tournament-start-few = A tournament needs at least { $min } players to start; { $count ->
    [one] only one has joined
   *[other] { $count } have joined
}.
tournament-start-done = **{ $name }** has started: round 1 is paired.
tournament-started = 🏁 **{ $name }** starts with { $count } players!
tournament-round-title = **{ $name }** · round { $round } of { $rounds }
tournament-round-opening = Opening drawn: { $opening }
tournament-board = Board { $board }: { $white } (White) – { $black } (Black): { $result }{ $game }
tournament-in-play = in play
tournament-bye = { $player } has the bye ({ $points ->
    [one] one point
   *[other] { $points } points
}).
tournament-game-start = **{ $name }**, round { $round }, board { $board }: game #{ $game }, { $white } (White) – { $black } (Black), in the thread below.
tournament-standings-title = Standings of **{ $name }** (round { $round } of { $rounds })
tournament-final-title = Final standings of **{ $name }**
tournament-standings-row = { $rank }. { $name }: score { $points } · Buchholz { $buchholz } · S-B { $sb } · { $games ->
    [one] one game
   *[other] { $games } games
}
tournament-standings-more = …and { $count } more in the table.
tournament-withdrawn-mark = (withdrawn)
tournament-column-rank = #
tournament-column-player = Player
tournament-column-points = Points
tournament-column-buchholz = Buchholz
tournament-column-sonneborn = S-B
tournament-column-games = Games
tournament-winner = 🏆 { $winner } wins **{ $name }**. Congratulations!
tournament-ended-early = **{ $name }** ends before its last round: there are not enough players left to pair without repeats.
tournament-not-started = **{ $name }** has not started yet.
tournament-no-round = There is no round { $round }: rounds 1 to { $last } have been paired.
tournament-withdraw-signup = **{ $name }** has not started: press **Leave** on its sign-up message instead.
tournament-withdraw-over = **{ $name }** is over: there is nothing to withdraw from.
tournament-withdrawn-already = You have already withdrawn from **{ $name }**.
tournament-withdrew = { $player } withdraws from **{ $name }**: their games played still count, and they will not be paired again.
tournament-forfeit-not-allowed = Only moderators of the whole server (**Manage Messages** from a role, not just in this channel) can forfeit a player.
tournament-not-running = **{ $name }** is not running.
tournament-forfeited = { $moderator } forfeits { $player } in **{ $name }**: their games of this round are lost, and they are withdrawn.
tournament-forfeit-game = Game #{ $game } stops here: { $player } loses it by forfeit.
tournament-aborted-game = Game #{ $game } of the tournament was aborted: it counts as lost for both players.
tournament-cancel-not-allowed = Only members who can manage the server can cancel a tournament.
tournament-cancelled = { $player } has cancelled **{ $name }**; its games in play stop without a result.
tournament-cancelled-game = **{ $name }** was cancelled: game #{ $game } stops without a result.
tournament-too-few-cancelled = The sign-up for **{ $name }** is over with { $count ->
    [one] one player
   *[other] { $count } players
}, too few for a tournament: it is cancelled.
tournament-pdn = Every game of **{ $name }**, in one PDN file.
tournament-pdn-empty = **{ $name }** has no games yet.

## Puzzles
# Section: puzzles (/puzzle, /puzzles) and the puzzle of the day.
puzzle-unavailable = Puzzles are not available right now: the puzzle collection could not be loaded. The bot's operators can see why in its log.
puzzle-hint-unavailable = Puzzles are not available right now.
puzzle-hint-none-open = No puzzle open: { $cmd } gives you one.
puzzle-hint-no-match = No legal move starts like that. Legal moves: { $legal }
# $rated: yes or no.
puzzle-new = 🧩 **Puzzle { $id }** · difficulty { $difficulty } · { $rated ->
        [yes] rated
       *[no] not rated (you have met it before)
    }
puzzle-previous-closed = Your previous puzzle is closed, unrated.
puzzle-daily-new = 🧩 **Today's puzzle** · difficulty { $difficulty } · { $rated ->
        [yes] rated
       *[no] not rated (you have met it before)
    } · the next one { $next }
puzzle-daily-again = 🧩 **Today's puzzle**, where you left it · the next one { $next }
puzzle-daily-done = You have done today's puzzle: { $solved ->
        [yes] solved
       *[no] not solved
    }. The next one comes { $next }.
puzzle-stale = This puzzle board is out of date: answer on your latest board, or with { $cmd }.
puzzle-not-yours = This puzzle is someone else's: { $cmd } gives you one of your own.
puzzle-none-open = You have no puzzle open: { $cmd } gives you one.
puzzle-gone = That puzzle is no longer in the collection: { $cmd } gives you another.
puzzle-correct = ✅ **{ $move }** is right. { $color ->
        [white] White
       *[black] Black
    } replies { $reply }.
puzzle-solved = 🎉 **{ $move }**: solved!
puzzle-wrong = ❌ **{ $move }** is not the solution: the move was **{ $solution }**.
puzzle-solution = Solution: `{ $line }`
puzzle-rating-change = Puzzle rating: { $before } → **{ $after }** ({ $change })
puzzle-unrated = Not rated: only your first attempt at a puzzle moves your rating.
puzzle-streak = Streak: { $streak } solved in a row (best { $best })
puzzle-move-menu = Your move
puzzle-your-move = { $color ->
        [white] White
       *[black] Black
    } to play and win: pick your move below, or type it with { $cmd }.
puzzle-caption = { $color ->
        [white] White
       *[black] Black
    } to play and win
puzzle-caption-solution = Solution: { $line }
puzzle-button-next = Next puzzle
puzzle-button-solve = Solve
puzzle-ranking-mine = **{ $name }** · puzzle rating { $rating } · { $solved } solved, { $failed } failed · streak { $streak } (best { $best })
puzzle-ranking-mine-none = **{ $name }** has not finished a puzzle here yet: { $cmd } gives you one.
puzzle-ranking-title = **Best puzzle solvers**
puzzle-ranking-line = `{ $rank }.` **{ $name }** { $rating } · { $solved }/{ $attempts } solved · best streak { $best }
puzzle-ranking-empty = Nobody here has finished { $min } puzzles yet.
puzzle-daily-post = 🧩 **Puzzle of the day** · { $color ->
        [white] White
       *[black] Black
    } to play and win · difficulty { $difficulty }. Press **Solve** to try it (only you see your attempt); the next one comes { $next }.
puzzle-daily-yesterday = Yesterday's solution: `{ $line }` · { $solvers ->
        [0] nobody solved it
        [one] solved by one person
       *[other] solved by { $solvers } people
    }
puzzle-settings-hour-range = The hour of the puzzle of the day is from 0 to 23 (UTC).
puzzle-settings-channel-closed = I cannot post the puzzle of the day in { $channel }: I need { $permissions } there. Give them to me in that channel, or choose another one; nothing was changed.
puzzle-settings-daily = The puzzle of the day is posted in { $channel } every day at { $hour } UTC; the first one { $first }.
puzzle-settings-daily-off = The puzzle of the day is no longer posted.
puzzle-settings-hour = The puzzle of the day changes every day at { $hour } UTC.
puzzle-settings-show = Puzzle of the day: { $posted ->
        [yes] posted in { $channel }
       *[no] not posted
    }, changes at { $hour } UTC

## Console
# Section: the console (damabot local).
# The console's own lines. $help, $challenge: commands typed (/help, /challenge).
console-banner = Dama console. Type `alice: { $help }` to start, `@help` for the console's own commands, Ctrl-D to leave.
console-line-form = Write lines like `alice: { $challenge } bob` (NAME: /command ...), or `@help`.
console-help = Console lines:
    NAME: /command ...     act as NAME (created on first use), e.g. `alice: { $challenge } bob`
    NAME: /click ID [VALUE] press a button or pick from a menu (ids are shown in brackets)
    @channel NAME          move to another channel or thread (#general, #dama-12-alice-bob)
    @guild NAME            move to another server (its own leaderboard)
    @advance DURATION      move the clock forward (10m, 2h, 3days)
    @advance               play out the running round of this channel's tournament (first moves, then resignations and draws)
    @mod NAME              let NAME moderate and manage the server (for /abort, /settings)
    @locale it|en|es       the language of the replies and of the server (English at first)
    @threads on|off        whether the bot may open a thread for each game (on at first)
    @dm-closed NAME        NAME's direct messages fail (@dm-open NAME opens them again)
    @hide NAME #CHANNEL    NAME cannot see CHANNEL (every channel is seen by everyone at first)
    # ...                  a comment
console-channel = (now in channel #{ $name })
console-guild = (now in server { $name }, channel #general)
console-advance = (the clock moves { $duration } forward)
console-advance-usage = @advance needs a duration like 10m, 2h or 3days: { $error }
console-advance-round = (round { $round } of { $name }: { $games ->
        [one] one game
       *[other] { $games } games
    } played out)
console-advance-no-tournament = No tournament is running in this channel: @advance without a duration plays out its round. To move the clock, give a duration (10m, 2h, 3days).
# /tournament in the console. $steps: the steps as typed; $create, $pairings, $forfeit: as typed.
console-tournament-usage = What should the tournament do? { $steps }
console-tournament-create-usage = `{ $create } NAME` takes `format:swiss|round-robin`, `rounds:5`, `games:1|2`, `time:24h`, `rated:on|off`, `openings:on|off` and `signup:2h`.
console-tournament-round = Give the round as a number, like `{ $pairings } 2`.
console-tournament-member = Say who forfeits, like `{ $forfeit } bob`.
console-moderator = ({ $name } can now moderate)
# @threads: $on is on or off.
console-threads = { $on ->
        [on] (the bot may open threads again)
       *[off] (the bot may not open threads: games are played in their channel)
    }
console-threads-usage = @threads needs on or off.
console-dm-closed = ({ $name }'s direct messages are closed)
console-dm-open = ({ $name }'s direct messages are open again)
# Threads as channels; $name is what @channel takes.
console-thread-opened = (thread #{ $name } opened)
console-thread-now = (now in thread #{ $name })
console-thread-stays-open = (thread #{ $name } stays open for a day)
# What starts each line of a direct message.
console-dm = (DM to { $name })
console-dm-failed = (the DM to { $name } could not be delivered: posted in the channel instead)
# $language: it, en or es, the language now spoken.
console-locale = (replies now in { $language ->
        [it] Italian
        [es] Spanish
       *[en] English
    })
console-locale-usage = @locale needs a language: it, en or es.
console-unknown-directive = Unknown directive `@{ $directive }`. Try `@help`.
console-slash = Commands start with `/`, like `{ $name }: { $help }`.
console-unknown-command = Unknown command `/{ $name }`. Try `{ $help }`.
console-internal-error = internal error: { $error }
# /move without a move, /suggest. $moves: the legal moves; $hint: why there are none.
console-which-move = Which move? Legal for you: { $moves }
console-which-move-hint = Which move? { $hint }
console-suggestions = suggestions: { $moves }
console-suggestions-none = suggestions: none ({ $hint })
# Commands it cannot read. The option names are those of the commands (cmd-…).
console-not-a-level = `{ $level }` is not a level: use 1 (beginner) to 8 (master).
console-not-a-colour = `{ $colour }` is not a colour: white, black or random.
# $typed: what followed /draw; $offer, $accept, $decline: the subcommands typed.
console-draw-usage = `{ $draw } { $typed }`? Use `{ $offer }`, `{ $accept }` or `{ $decline }`.
console-game-number = Give the game number, like `{ $pdn } 12`.
console-settings-usage = `{ $settings }` takes `language:it|en|es|auto`, `notify:dm|ping|off`, `time:24h`, `expiry:1day|auto`, `threads:on|off`, `add-channel:#NAME`, `remove-channel:#NAME`, `daily-puzzle:#NAME`, `daily-puzzle-hour:0-23` and `daily-puzzle-off:on`; alone, it shows the settings.
console-click-usage = `/click ID [VALUE]` presses a button (ids are shown in brackets).
# Replies as text.
console-only-you = (only you see this)
# A moment, relative to the console's clock. $duration: how far.
console-moment-future = in { $duration }
console-moment-past = { $duration } ago
console-board-saved = (board saved to { $path })
console-saved = (saved { $path })
console-cannot-save = (could not save { $path }: { $error })
console-attachment = ({ $file }, { $bytes } bytes; use --images DIR to save files)
# The text board's letters, separated by spaces: white man, black man, white king, black king.
console-pieces = w b W B
console-to-move = { $color ->
        [white] White
       *[black] Black
    } to move
# Values of options and colours as the console reads them in this language (option names are the commands' own).
console-colour-white = white
console-colour-black = black
console-colour-random = random
console-value-on = on
console-value-off = off
console-value-auto = auto
console-notify-dm = dm
console-notify-ping = ping
console-notify-off = off
# @hide NAME #CHANNEL: $channel as typed, hidden from $name.
console-hidden = (#{ $channel } is now hidden from { $name })
console-hide-usage = @hide needs a name and a channel, like `@hide bob #staff`.

## Activity: the words of the board page

activity-your-move = Your move
activity-their-move = Your opponent's move
activity-waiting = Waiting for the opponent…
activity-spectators = Spectators
activity-accept = Accept
activity-decline = Decline
activity-confirm-resign = Resign this game?
activity-analysis = Analysis
activity-lobby = Games in this channel
activity-no-games = No game is being played here: start one.
activity-open-challenges = Challenges
activity-watch = Watch
activity-challenge = Challenge
activity-open-challenge = Open challenge (anyone may accept)
activity-play-engine = Play the engine
activity-level = Level
activity-white = White
activity-black = Black
activity-random-colour = Random colour
activity-choose-path = Two captures end here: choose the path.
activity-reconnecting = Reconnecting…
activity-clock = Clock
activity-time-left = Time left
activity-time-per-move = Time per move
activity-moves = Moves
activity-draw-offered = Draw offered
activity-takeback-asked = Takeback asked
activity-back = Back to the games
activity-too-many-messages = Too many actions at once: slow down a moment.
activity-bad-message = The board sent something the bot does not understand: reload it.
activity-no-such-game = There is no such game here.
activity-sign-in-failed = You could not be signed in: open the board again from Discord.
activity-not-in-instance = This board is not open in your channel: open it again from Discord.
activity-present = Here now
activity-nobody-present = Nobody else has the board open here.
activity-challenges-for-you = Challenges for you
activity-cancel = Withdraw
activity-not-present = That person does not have the board open here.

## Commands, as Discord shows them (names: lowercase, 1 to 32 letters, digits, - or _).
# One message per command or subcommand, `cmd-` and its English path with dashes
# (`cmd-draw-offer` for /draw offer); its value is the name. Attributes (the option keys are the
# options' English names):
#   .description           the command's description (1 to 100 characters)
#   .OPTION                an option's name
#   .OPTION-description    that option's description
# Choices of options are messages of the Discord section (discord-choice-*), the times of
# /challenge the shared durations. English gives the registered names and descriptions;
# it/ gives Discord's `it`, es/ both `es-ES` and `es-419`.

cmd-challenge = challenge
    .description = Challenge a member, or anyone here, to a rated game of dama
    .member = member
    .member-description = The member to challenge (an open challenge to anyone here if not given)
    .colour = colour
    .colour-description = Your colour (White moves first); random if not given
    .time = time
    .time-description = Time per move (5 min, 2 h, 3 days) or a live clock like 5+3; 24 h if not given
cmd-accept = accept
    .description = Accept a challenge in this channel: one sent to you, or an open one
    .from = from
    .from-description = Whose challenge to accept (when several are open)
cmd-decline = decline
    .description = Decline the challenge someone sent you in this channel
cmd-cancel = cancel
    .description = Withdraw your open challenge in this channel
cmd-play = play
    .description = Play against me, from level 1 (beginner) to 8 (master)
    .level = level
    .level-description = How strongly I play (level 1 if not given)
    .colour = colour
    .colour-description = Your colour (White moves first); random if not given
    .clock = clock
    .clock-description = A live game on a clock, e.g. 5+3 (minutes + seconds a move); none if not given
cmd-move = move
    .description = Play a move in this channel's game: 22-18, 22x13 or 22x13x6
    .move = move
    .move-description = Your move; the list offers your legal moves
cmd-board = board
    .description = Show this channel's game board again
    .flip = flip
    .flip-description = Show it from the other side
cmd-resign = resign
    .description = Resign this channel's game
cmd-draw = draw
    .description = Offer, accept or decline a draw
cmd-draw-offer = offer
    .description = Offer your opponent a draw
cmd-draw-accept = accept
    .description = Accept the draw your opponent offered
cmd-draw-decline = decline
    .description = Decline the draw your opponent offered (or withdraw yours)
cmd-claim = claim
    .description = Claim the win when your opponent's time per move has run out
cmd-abort = abort
    .description = Moderators: stop this channel's game without a result
cmd-leaderboard = leaderboard
    .description = The server's leaderboard of rated games
    .page = page
    .page-description = The page to show (1 if not given)
cmd-stats = stats
    .description = A player's rating, results and streak
    .member = member
    .member-description = Whose stats (yours if not given)
cmd-history = history
    .description = Recent games of a member, or of this channel
    .member = member
    .member-description = Whose games (this channel's if not given)
cmd-pdn = pdn
    .description = A game as a PDN file
    .game = game
    .game-description = The game number (this channel's game if not given)
cmd-replay = replay
    .description = A game as an animation
    .game = game
    .game-description = The game number (this channel's game if not given)
cmd-rules = rules
    .description = The rules of dama italiana
cmd-help = help
    .description = Every command of Dama
cmd-games = games
    .description = Your games in this server: whose move it is, time left, a link to each board
    .all = all
    .all-description = Moderators: every game being played in this server
cmd-takeback = takeback
    .description = Take back your last move (against a member: ask them)
cmd-settings = settings
    .description = Your notifications, and Dama's settings for this server; no option shows them
    .language = language
    .language-description = Managers of the server: the language of its public messages
    .notify = notify
    .notify-description = How I tell you about your games: direct messages, pings or neither
    .time = time
    .time-description = Managers of the server: the time per move of challenges that name none
    .expiry = expiry
    .expiry-description = Managers of the server: how long challenges stay open
    .threads = threads
    .threads-description = Managers of the server: each game in a thread of its channel, or not
    .add-channel = add-channel
    .add-channel-description = Managers of the server: a channel where games may start (then only those)
    .remove-channel = remove-channel
    .remove-channel-description = Managers of the server: a channel taken off the list of game channels
    .daily-puzzle = daily-puzzle
    .daily-puzzle-description = Managers of the server: the channel where I post the puzzle of the day
    .daily-puzzle-hour = daily-puzzle-hour
    .daily-puzzle-hour-description = Managers of the server: the hour (0-23, UTC) when the puzzle of the day changes
    .daily-puzzle-off = daily-puzzle-off
    .daily-puzzle-off-description = Managers of the server: True stops posting the puzzle of the day
cmd-hint = hint
    .description = Against me: my best move in this channel's game, and why (a few a game)
cmd-analysis = analysis
    .description = The engine's review of a finished game: mistakes, advantage chart, annotated PDN
    .game = game
    .game-description = The game number (this channel's last finished game if not given)
cmd-tournament = tournament
    .description = Server tournaments: Swiss or round robin, from the sign-up to the standings
cmd-tournament-create = create
    .description = Managers of the server: open a tournament's sign-up, with Join and Leave buttons
    .name = name
    .name-description = The tournament's name
    .format = format
    .format-description = Swiss (by score groups) or round robin (everyone meets everyone); Swiss if not given
    .format-swiss = Swiss
    .format-round-robin = Round robin
    .rounds = rounds
    .rounds-description = Swiss: how many rounds (5 if not given)
    .games = games
    .games-description = Games each pair plays: 1, or 2 with colours swapped (1 if not given)
    .time = time
    .time-description = Time per move, for example 5 minutes, 2 hours or 3 days (the server's if not given)
    .rated = rated
    .rated-description = Whether the games count for the leaderboard (yes if not given)
    .openings = openings
    .openings-description = Start each round from an opening drawn from the three-move list (no if not given)
    .signup = signup
    .signup-description = How long the sign-up stays open, e.g. 30 minutes or 2 hours (until started if not given)
cmd-tournament-join = join
    .description = Sign up for the tournament of this channel
cmd-tournament-start = start
    .description = Close the sign-up and pair the first round
cmd-tournament-standings = standings
    .description = The standings of the tournament of this channel
cmd-tournament-pairings = pairings
    .description = The pairings and results of a round
    .round = round
    .round-description = Which round (the current one if not given)
cmd-tournament-withdraw = withdraw
    .description = Leave the tournament: your games so far count, you are not paired again
cmd-tournament-forfeit = forfeit
    .description = Moderators: a player loses their current game by forfeit and leaves the tournament
    .member = member
    .member-description = The player who forfeits
cmd-tournament-cancel = cancel
    .description = Managers of the server: cancel the tournament (running games stop without a result)
cmd-tournament-pdn = pdn
    .description = Every game of the tournament as one PDN file
cmd-puzzle = puzzle
    .description = A shot to solve near your puzzle rating: White to play and win (only you see it)
    .daily = daily
    .daily-description = True: the server's puzzle of the day, the same for everyone
    .move = move
    .move-description = Your answer to your open puzzle; the list offers the legal moves
cmd-puzzles = puzzles
    .description = Your puzzle rating and streak, and the server's best solvers
