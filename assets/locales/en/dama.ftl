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


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.


## Look-ups
# Section: look-ups: /leaderboard, /stats, /history, /pdn, /replay.


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
