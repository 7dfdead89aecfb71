//! The rules and help texts.

/// `/rules`: Italian draughts in a few friendly lines, with the points people get wrong.
#[must_use]
pub fn rules_text() -> &'static str {
    "**Dama italiana: the rules in a minute** (Federazione Italiana Dama)\n\
     • 8×8 board; play on the dark squares. For each player the **bottom-right corner is dark**. \
     Squares are numbered 1-32 from Black's side: White starts on 21-32 and **moves first**.\n\
     • Men move one square diagonally **forward**. A man reaching the far row becomes a king, \
     and **the move ends there**, even in the middle of a capture.\n\
     • Kings move **one square** diagonally in any direction. **No flying kings.**\n\
     • **Capturing is compulsory**, and a capture goes on while it can. Men capture forward only \
     and **a man can never capture a king**; kings capture men and kings, forward and backward.\n\
     • When several captures are possible you must take, in this order: the one that takes the \
     **most pieces**; then the one **made by a king**; then the one that takes the **most kings**; \
     then the one that meets a **king earliest**. Anything still equal is your choice.\n\
     • You lose when you have no pieces or **no legal move** (there is no stalemate draw).\n\
     • Draws: by agreement, when the same position comes back for the third time, or after 40 \
     moves each with no capture and no man move.\n\
     Moves are written `22-18`, captures `22x13` or with every landing square `22x13x6`."
}

/// `/help`: every command in one place.
#[must_use]
pub fn help_text() -> &'static str {
    "**Dama: Italian draughts on Discord**\n\
     **Play**\n\
     `/challenge member [colour] [time]` challenge a member (rated; time per move 5 min to 3 days)\n\
     `/accept`, `/decline`, `/cancel` answer or withdraw a challenge (or use its buttons)\n\
     `/play [level] [colour]` play me, from level 1 (beginner) to 8 (master)\n\
     `/move move` play a move: `22-18`, `22x13`, `22x13x6` or `d3-c4`; the list suggests legal moves\n\
     `/board` show the board again (or pick your move from the menu under it)\n\
     `/draw offer|accept|decline`, `/resign` end the game\n\
     `/claim` win when your opponent's time per move has run out\n\
     `/abort` (moderators) stop the game here without a result\n\
     **Look up**\n\
     `/leaderboard`, `/stats [member]`, `/history [member]`\n\
     `/pdn [game]` the game as a PDN file, `/replay [game]` as an animation\n\
     `/rules` the rules of dama italiana\n\
     One game per channel: start more in threads."
}
