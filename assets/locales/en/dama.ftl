# English texts of Dama. Every message here exists in it/ and es/ with the same variables.

# /help: every command. $max-level: the strongest engine level.
help = **Dama: Italian draughts on Discord**
    { "**" }Play**
    `/challenge member [colour] [time]` challenge a member (rated; time per move 5 min to 3 days)
    `/accept`, `/decline`, `/cancel` answer or withdraw a challenge (or use its buttons)
    `/play [level] [colour]` play me, from level 1 (beginner) to { $max-level } (master)
    `/move move` play a move: `22-18`, `22x13`, `22x13x6` or `d3-c4`; the list suggests legal moves
    `/board` show the board again (or pick your move from the menu under it)
    `/draw offer|accept|decline`, `/resign` end the game
    `/claim` win when your opponent's time per move has run out
    `/abort` (moderators) stop the game here without a result
    { "**" }Look up**
    `/leaderboard`, `/stats [member]`, `/history [member]`
    `/pdn [game]` the game as a PDN file, `/replay [game]` as an animation
    `/rules` the rules of dama italiana
    One game per channel: start more in threads.

# /rules. $repetitions: how many times a position occurs to draw; $quiet-moves: moves by each
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
    } time, or after { $quiet-moves } moves each with no capture and no man move.
    Moves are written `22-18`, captures `22x13` or with every landing square `22x13x6`.
