# English texts of Dama. Every message here exists in it/ and es/ with the same variables.
# Variables named $cmd_* are commands as the reader sees them: a clickable Discord command
# mention, or the typed name (/challenge) where there is none.

# /help: every command. $max_level: the strongest engine level.
help = **Dama: Italian draughts on Discord**
    { "**" }Play**
    { $cmd_challenge } member [colour] [time]: challenge a member (rated; time per move 5 min to 3 days)
    { $cmd_accept }, { $cmd_decline }, { $cmd_cancel }: answer or withdraw a challenge (or use its buttons)
    { $cmd_play } [level] [colour]: play me, from level 1 (beginner) to { $max_level } (master)
    { $cmd_move } move: play a move, `22-18`, `22x13`, `22x13x6` or `d3-c4`; the list suggests legal moves
    { $cmd_board }: show the board again (or pick your move from the menu under it)
    { $cmd_draw_offer }, { $cmd_draw_accept }, { $cmd_draw_decline }, { $cmd_resign }: end the game
    { $cmd_claim }: win when your opponent's time per move has run out
    { $cmd_abort } (moderators): stop the game here without a result
    { "**" }Look up**
    { $cmd_leaderboard }, { $cmd_stats } [member], { $cmd_history } [member]
    { $cmd_pdn } [game]: the game as a PDN file; { $cmd_replay } [game]: as an animation
    { $cmd_rules }: the rules of dama italiana
    { $cmd_settings_language } (managers of the server): the language of the server's public messages
    One game per channel: start more in threads.

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
# A command typed, where Discord cannot show a clickable one. $name: /challenge.
command-typed = `{ $name }`


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
# random); $time: the time per move; $expiry: how long the challenge stays open.
challenge-message = { $challenged }, { $challenger } challenges you to a rated game of dama ({ $color ->
        [white] { $challenger } plays White
        [black] { $challenger } plays Black
       *[random] colours drawn at random
    }, { $time } per move). Accept or decline within { $expiry }.
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


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.


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


## Settings
# Section: settings: /settings, the server's language.


## Discord
# Section: Discord: errors, permissions, command options.


## Console
# Section: the console (damabot local).

## Commands, as Discord shows them (names: lowercase, 1 to 32 letters, digits, - or _).

cmd-challenge = challenge
cmd-accept = accept
cmd-decline = decline
cmd-cancel = cancel
cmd-play = play
cmd-move = move
cmd-board = board
cmd-resign = resign
cmd-draw = draw
cmd-draw-offer = offer
cmd-draw-accept = accept
cmd-draw-decline = decline
cmd-claim = claim
cmd-abort = abort
cmd-leaderboard = leaderboard
cmd-stats = stats
cmd-history = history
cmd-pdn = pdn
cmd-replay = replay
cmd-rules = rules
cmd-help = help
cmd-settings = settings
cmd-settings-language = language
