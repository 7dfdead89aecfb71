# Testi italiani di Dama, con il lessico della FID. Ogni messaggio esiste anche in en/ ed es/
# con le stesse variabili. Le variabili $cmd_* sono comandi come li vede chi legge: una menzione
# cliccabile di Discord, o il nome da scrivere (/sfida) dove non c'è.

# /aiuto: tutti i comandi. $max_level: il livello più forte del motore.
help = **Dama: la dama italiana su Discord**
    { "**" }Giocare**
    { $cmd_challenge } avversario [colore] [tempo]: sfida un membro (partita valida per la classifica; tempo per mossa da 5 minuti a 3 giorni)
    { $cmd_accept }, { $cmd_decline }, { $cmd_cancel }: rispondi a una sfida o ritirala (anche con i suoi pulsanti)
    { $cmd_play } [livello] [colore]: gioca contro di me, livelli da 1 (principiante) a { $max_level } (maestro)
    { $cmd_move } mossa: gioca una mossa, `22-18`, `22x13`, `22x13x6` oppure `d3-c4`; l'elenco propone le mosse regolari
    { $cmd_board }: mostra di nuovo la damiera (o scegli la mossa dal menu sotto)
    { $cmd_draw_offer }, { $cmd_draw_accept }, { $cmd_draw_decline }, { $cmd_resign }: per chiudere la partita
    { $cmd_claim }: vinci quando l'avversario ha esaurito il tempo per mossa
    { $cmd_abort } (moderatori): ferma la partita di questo canale senza risultato
    { "**" }Consultare**
    { $cmd_leaderboard }, { $cmd_stats } [membro], { $cmd_history } [membro]
    { $cmd_pdn } [partita]: la partita in un file PDN; { $cmd_replay } [partita]: come animazione
    { $cmd_rules }: le regole della dama italiana
    { $cmd_settings_language } (chi gestisce il server): la lingua dei messaggi pubblici del server
    Una partita per canale: per giocarne altre aprite dei thread.

# /regole. $repetitions: quante volte deve presentarsi una posizione per la patta;
# $quiet_moves: mosse di ciascun giocatore senza prese né mosse di pedina che danno la patta.
rules = **Dama italiana: il regolamento in breve** (Federazione Italiana Dama)
    • Si gioca sulle case scure di una damiera 8×8, sistemata in modo che ogni giocatore abbia **una casa scura nell'angolo in basso a destra**. Le case sono numerate da 1 a 32 dal lato del Nero: il Bianco parte dalle case 21-32 e **muove per primo**.
    • La pedina avanza di una casa in diagonale, **solo in avanti**. Quando raggiunge l'ultima traversa diventa dama e **la mossa finisce lì**, anche se stava facendo una presa multipla.
    • La dama si muove di **una sola casa** in diagonale, avanti o indietro: nella dama italiana la dama non "vola".
    • **La presa è obbligatoria** e continua finché è possibile (presa multipla). La pedina prende solo in avanti e **non può mai prendere una dama**; la dama prende pedine e dame, in avanti e all'indietro.
    • Se si può prendere in più modi, si deve scegliere, in quest'ordine: la presa che cattura **più pezzi**; a parità, quella **fatta con la dama**; poi quella che cattura **più dame**; poi quella che incontra **prima una dama**. Se resta parità, si sceglie liberamente.
    • Perde chi resta senza pezzi, chi **non ha mosse regolari** (chi è bloccato non pareggia) e chi abbandona.
    • Patta: per accordo, quando la stessa posizione si presenta per la { $repetitions }ª volta, oppure dopo { $quiet_moves } mosse per parte senza prese né mosse di pedina.
    Le mosse si scrivono `22-18`, le prese `22x13` oppure con tutte le case di arrivo `22x13x6`.


## Parole comuni

# Una durata. $minutes, $hours, $days: le sue parti.
duration-minutes = { $minutes ->
        [one] { $minutes } minuto
       *[other] { $minutes } minuti
    }
duration-hours = { $minutes ->
        [0] { $hours ->
            [one] { $hours } ora
           *[other] { $hours } ore
        }
       *[other] { $hours ->
            [one] { $hours } ora
           *[other] { $hours } ore
        } e { $minutes } min
    }
duration-days = { $hours ->
        [0] { $days ->
            [one] { $days } giorno
           *[other] { $days } giorni
        }
       *[other] { $days ->
            [one] { $days } giorno
           *[other] { $days } giorni
        } e { $hours } h
    }
# Il motore come giocatore. $level: da 1 a 8.
engine-name = Dama (livello { $level }, { level-name })
level-name = { $level ->
        [1] principiante
        [2] esordiente
        [3] dilettante
        [4] amatore
        [5] circolo
        [6] avanzato
        [7] esperto
       *[8] maestro
    }
# Un comando da scrivere, dove Discord non può mostrarne uno cliccabile. $name: /sfida.
command-typed = `{ $name }`


## Challenges
# Section: challenges: /challenge, /accept, /decline, /cancel, /play, rematches, expiries.
# È stato sfidato un bot. $cmd_play: il comando per giocare contro il motore; $max_level: il
# suo livello più forte.
challenge-bot = I bot non possono accettare sfide. Per giocare contro di me usa { $cmd_play } con un livello da 1 (principiante) a { $max_level } (maestro).
challenge-self = Non puoi sfidare te stesso. Sfida un altro membro, oppure gioca contro di me con { $cmd_play }.
# $min, $max: durate.
challenge-time-range = Il tempo per mossa deve essere compreso tra { $min } e { $max }.
# $opponent: il nome di chi ha ricevuto la sfida aperta.
challenge-already-open = Hai già una sfida aperta qui (a { $opponent }). Prima annullala con { $cmd_cancel }.
# La sfida. $challenged, $challenger: menzioni; $color: il colore di chi sfida (white, black o
# random); $time: il tempo per mossa; $expiry: quanto resta aperta la sfida.
challenge-message = { $challenged }, { $challenger } ti sfida a una partita di dama valida per la classifica ({ $color ->
        [white] { $challenger } ha il Bianco
        [black] { $challenger } ha il Nero
       *[random] colori estratti a sorte
    }, { $time } per mossa). Accetta o rifiuta entro { $expiry }.
challenge-button-accept = Accetta
challenge-button-decline = Rifiuta
challenge-button-cancel = Annulla
# $game: il numero della partita in corso nel canale.
challenge-channel-busy = Qui c'è già una partita in corso (#{ $game }): iniziane una in un thread, oppure aspetta che finisca.
challenge-game-running = Qui c'è già una partita in corso.
challenge-not-found = Questa sfida non esiste.
challenge-none-received = Nessuno ti ha sfidato in questo canale.
challenge-none-sent = Non hai sfide aperte in questo canale.
challenge-was-accepted = Questa sfida è già stata accettata.
challenge-was-declined = Questa sfida è stata rifiutata.
challenge-was-cancelled = Questa sfida è stata annullata.
challenge-expired = Questa sfida è scaduta. Lanciane una nuova con { $cmd_challenge }.
# $name: chi può farlo.
challenge-accept-not-yours = Solo { $name } può accettare questa sfida.
challenge-decline-not-yours = Solo { $name } può rifiutare questa sfida.
# Chi ha lanciato la sfida ha premuto Rifiuta sulla propria sfida.
challenge-decline-own = Solo { $name } può rifiutare questa sfida. Per ritirarla, premi Annulla.
challenge-cancel-not-yours = Solo { $name } può annullare questa sfida.
# $name: chi ha accettato; $white, $black: menzioni.
challenge-accepted = { $name } ha accettato! { $white } ha il Bianco, { $black } il Nero. Muove per primo il Bianco.
# $challenger, $challenged: menzioni.
challenge-declined = { $name } ha rifiutato la sfida di { $challenger }.
challenge-cancelled = { $name } ha ritirato la sfida a { $challenged }.
challenge-level-range = I livelli vanno da 1 (principiante) a { $max_level } (maestro).
# Inizia una partita contro il motore. $color: il colore del giocatore; $engine: il nome del motore.
challenge-engine-game = { $name } gioca con il { $color ->
        [white] Bianco
       *[black] Nero
    } contro { $engine }.
challenge-game-not-found = Questa partita non esiste.
challenge-rematch-running = Questa partita è ancora in corso.
challenge-rematch-not-player = Solo chi ha giocato questa partita può chiedere la rivincita.
# Nessuno ha risposto in tempo a una sfida. $challenger: una menzione; $challenged: un nome.
challenge-expired-notice = La sfida di { $challenger } a { $challenged } è scaduta.
# Partita persa a tavolino: chi aveva la mossa ha lasciato passare il doppio del tempo per mossa.
# $loser: un nome; $winner: una menzione o il motore; $game: il numero; $ratings: le variazioni
# di punteggio (con uno spazio davanti), o niente.
challenge-timeout-forfeit = { $loser } non ha mosso per il doppio del tempo per mossa. **{ $winner } vince** a tavolino la partita #{ $game }.{ $ratings }


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.


## Look-ups
# Section: look-ups: /leaderboard, /stats, /history, /pdn, /replay.
lookup-leaderboard-empty = In classifica non c'è ancora nessuno: per entrarci, finisci una partita contro un altro membro ({ $cmd_challenge }).
lookup-leaderboard-title = **Classifica** · pagina { $page } di { $pages }
# Un giocatore. $rank: la posizione, allineata; $rating, $deviation: arrotondati; $wins, $losses,
# $draws: partite contro i membri (V vinte, S sconfitte, P patte).
lookup-leaderboard-line = `{ $rank }.` **{ $name }** { $rating } (±{ $deviation }) · { $wins }V { $losses }S { $draws }P
lookup-leaderboard-previous = Precedente
lookup-leaderboard-next = Successiva
lookup-stats-none = { $name } non ha ancora giocato qui.
lookup-stats-rating = **{ $name }** · punteggio { $rating } (±{ $deviation })
lookup-stats-members = Contro i membri: { $wins ->
        [one] { $wins } vinta
       *[other] { $wins } vinte
    }, { $losses ->
        [one] { $losses } persa
       *[other] { $losses } perse
    }, { $draws ->
        [one] { $draws } patta
       *[other] { $draws } patte
    }
# $outcome: win, loss o draw; $length: quante di fila.
lookup-stats-streak = Serie in corso: { $outcome ->
        [win] { $length ->
            [one] { $length } vittoria
           *[other] { $length } vittorie di fila
        }
        [loss] { $length ->
            [one] { $length } sconfitta
           *[other] { $length } sconfitte di fila
        }
       *[draw] { $length ->
            [one] { $length } patta
           *[other] { $length } patte di fila
        }
    }
lookup-stats-engine = Contro il motore:
# $engine: il nome del motore a un livello.
lookup-stats-engine-line = { $engine }: { $wins ->
        [one] { $wins } vinta
       *[other] { $wins } vinte
    }, { $losses ->
        [one] { $losses } persa
       *[other] { $losses } perse
    }, { $draws ->
        [one] { $draws } patta
       *[other] { $draws } patte
    }
lookup-history-member = **Ultime partite di { $name }**
lookup-history-channel = **Ultime partite in questo canale**
lookup-history-member-none = Ultime partite di { $name }: ancora nessuna.
lookup-history-channel-none = Ultime partite in questo canale: ancora nessuna.
lookup-history-footer = Per rivederne una usa { $cmd_pdn } o { $cmd_replay } con il numero della partita.
# Una partita. $game: il numero; $white, $black: i nomi; $state: uno dei testi lookup-state-*;
# $moves: le mosse giocate.
lookup-history-line = `#{ $game }` { $white } contro { $black } · { $state } · { $moves ->
        [one] { $moves } mossa
       *[other] { $moves } mosse
    }
lookup-state-playing = in corso
lookup-state-aborted = annullata
lookup-state-finished = finita
# $result: white, black (chi ha vinto) o draw; $reason: come è finita, o none.
lookup-state-ended = { $result ->
        [white] vittoria del Bianco
        [black] vittoria del Nero
       *[draw] patta
    }{ $reason ->
        [resign] { " " }per abbandono
        [no-moves] { " " }(avversario senza mosse)
        [timeout-claim] { " " }per tempo
        [timeout-sweep] { " " }a tavolino
        [repetition] { " " }per ripetizione
        [forty-move] { " " }per la regola delle 40 mosse
        [agreement] { " " }per accordo
       *[none] { "" }
    }
# $game: un numero.
lookup-no-such-game = In questo server non c'è nessuna partita #{ $game }. { $cmd_history } elenca le ultime partite.
lookup-no-game-here = In questo canale non si è ancora giocata nessuna partita.
lookup-pdn = La partita #{ $game } in PDN:
# $line: la partita come la elenca la cronologia.
lookup-replay = Replay della partita #{ $game }: { $line }
# La didascalia dei fotogrammi di un replay (al massimo 59 caratteri; i nomi vengono accorciati).
# $white, $black: i nomi come sono scritti; $number: il numero della mossa; $color: chi l'ha
# giocata; $notation: la mossa.
lookup-replay-start = { $white } – { $black } · inizio
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

## I comandi, come li mostra Discord (nomi: minuscole, da 1 a 32 lettere, cifre, - o _).

cmd-challenge = sfida
cmd-accept = accetta
cmd-decline = rifiuta
cmd-cancel = annulla
cmd-play = gioca
cmd-move = mossa
cmd-board = damiera
cmd-resign = abbandona
cmd-draw = patta
cmd-draw-offer = proponi
cmd-draw-accept = accetta
cmd-draw-decline = rifiuta
cmd-claim = reclama
cmd-abort = interrompi
cmd-leaderboard = classifica
cmd-stats = statistiche
cmd-history = storico
cmd-pdn = pdn
cmd-replay = rivedi
cmd-rules = regole
cmd-help = aiuto
cmd-settings = impostazioni
cmd-settings-language = lingua
