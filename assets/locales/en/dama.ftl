# English texts of Dama. Every message here exists in it/ and es/ with the same variables.
# Variables named $cmd_* are commands as the reader sees them: a clickable Discord command
# mention, or the typed name (/challenge) where there is none.
# The commands (cmd-*) are at the end: the value is the name, attributes the description and
# the options (.description, .OPTION, .OPTION-description, by the options' English names).

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
# Private answers to mistakes the adapter notices, in the reader's Discord language.
discord-apology = Sorry, something went wrong on my side and I could not do that. Please try again in a moment.
discord-outdated-command = This command changed with an update of the bot; Discord will show the new version in a minute. Please try again then.
# $input: what was typed.
discord-option-unreadable = I could not read `{ $input }`. Check the option and try again.
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
discord-time-unreadable = I could not read the time per move `{ $input }`: write it like `5 min`, `2 h` or `3 days`.
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
# The languages of /settings language. $language: it, en, es, or auto (Discord's).
discord-choice-language = { $language ->
        [it] Italiano
        [en] English
        [es] Español
       *[auto] Discord's (automatic)
    }


## Console
# Section: the console (damabot local).

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
    .description = Challenge a member to a rated game of dama
    .member = member
    .member-description = The member to challenge
    .colour = colour
    .colour-description = Your colour (White moves first); random if not given
    .time = time
    .time-description = Time per move, e.g. 5 min, 2 h or 3 days (24 h if not given)
cmd-accept = accept
    .description = Accept the challenge someone sent you in this channel
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
cmd-settings = settings
    .description = Dama's settings for this server
cmd-settings-language = language
    .description = The language of the server's public messages (managers of the server)
    .language = language
    .language-description = The language to speak (the server's Discord language if not given)
