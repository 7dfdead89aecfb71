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
# /settings refused: Discord's permission as Discord names it in English.
settings-not-manager = Only members who may **Manage Server** can change the server's settings.
# /settings language: the answer, in the language now chosen.
settings-language-chosen = From now on I speak English in this server.
settings-language-discord = From now on I follow the server's Discord language: English.


## Discord
# Section: Discord: errors, permissions, command options.


## Console
# Section: the console (damabot local).
# The console's own lines. $help, $challenge: commands typed (/help, /challenge).
console-banner = Dama console. Type `alice: { $help }` to start, `@help` for the console's own commands, Ctrl-D to leave.
console-line-form = Write lines like `alice: { $challenge } bob` (NAME: /command ...), or `@help`.
console-help = Console lines:
    NAME: /command ...     act as NAME (created on first use), e.g. `alice: { $challenge } bob`
    NAME: /click ID [VALUE] press a button or pick from a menu (ids are shown in brackets)
    @channel NAME          move to another channel (one game per channel)
    @guild NAME            move to another server (its own leaderboard)
    @advance DURATION      move the clock forward (10m, 2h, 3days)
    @mod NAME              let NAME moderate and manage the server (for /abort, /settings)
    @locale it|en|es       the language of the replies and of the server (English at first)
    # ...                  a comment
console-channel = (now in channel #{ $name })
console-guild = (now in server { $name }, channel #general)
console-advance = (the clock moves { $duration } forward)
console-advance-usage = @advance needs a duration like 10m, 2h or 3days: { $error }
console-moderator = ({ $name } can now moderate)
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
# Commands it cannot read. The option names are those of console-option-*.
console-whom = Whom? `{ $challenge } bob [colour:white|black|random] [time:24h]`
console-time-usage = time: { $error } (use 5m, 1h, 24h, 3days)
console-not-a-level = `{ $level }` is not a level: use 1 (beginner) to 8 (master).
console-not-a-colour = `{ $colour }` is not a colour: white, black or random.
# $typed: what followed /draw; $offer, $accept, $decline: the subcommands typed.
console-draw-usage = `{ $draw } { $typed }`? Use `{ $offer }`, `{ $accept }` or `{ $decline }`.
console-game-number = Give the game number, like `{ $pdn } 12`.
console-settings-usage = `{ $settings } it|en|es`, or `{ $settings }` alone to follow the server's Discord language.
console-click-usage = `/click ID [VALUE]` presses a button (ids are shown in brackets).
# Replies as text.
console-only-you = (only you see this)
console-board-saved = (board saved to { $path })
console-saved = (saved { $path })
console-cannot-save = (could not save { $path }: { $error })
console-attachment = ({ $file }, { $bytes } bytes; use --images DIR to save files)
console-to-move = { $color ->
        [white] White
       *[black] Black
    } to move
# Option names and colours as typed in this language.
console-option-colour = colour
console-option-time = time
console-option-member = member
console-option-level = level
console-option-move = move
console-option-flip = flip
console-option-page = page
console-option-game = game
console-option-language = language
console-colour-white = white
console-colour-black = black
console-colour-random = random

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
