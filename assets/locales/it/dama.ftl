# Testi italiani di Dama, con il lessico della FID. Ogni messaggio esiste anche in en/ ed es/
# con le stesse variabili. Le variabili $cmd_* sono comandi come li vede chi legge: una menzione
# cliccabile di Discord, o il nome da scrivere (/sfida) dove non c'è.
# I comandi (cmd-*) sono in fondo: il valore è il nome, gli attributi la descrizione e le
# opzioni (.description, .OPZIONE, .OPZIONE-description, con i nomi inglesi delle opzioni).

# /aiuto: tutti i comandi. $max_level: il livello più forte del motore.
help = **Dama: la dama italiana su Discord**
    { "**" }Giocare**
    { $cmd_challenge } [avversario] [colore] [tempo]: sfida un membro, o chiunque se non lo indichi (partita valida per la classifica; tempo per mossa da 5 minuti a 3 giorni)
    { $cmd_accept }, { $cmd_decline }, { $cmd_cancel }: rispondi a una sfida o ritirala (anche con i suoi pulsanti)
    { $cmd_play } [livello] [colore]: gioca contro di me, livelli da 1 (principiante) a { $max_level } (maestro)
    { $cmd_move } mossa: gioca una mossa, `22-18`, `22x13`, `22x13x6` oppure `d3-c4`; l'elenco propone le mosse regolari
    { $cmd_board }: mostra di nuovo la damiera (o scegli la mossa dal menu sotto)
    { $cmd_draw_offer }, { $cmd_draw_accept }, { $cmd_draw_decline }, { $cmd_resign }: per chiudere la partita
    { $cmd_claim }: vinci quando l'avversario ha esaurito il tempo per mossa
    { $cmd_takeback }: ritira la tua ultima mossa (contro un membro: glielo chiedi)
    { $cmd_hint }: contro di me, la mossa migliore e il perché (pochi per partita; il PDN della partita li annota)
    { $cmd_games }: le tue partite in questo server, a chi tocca e il tempo che resta
    { $cmd_abort } (moderatori): ferma la partita di questo canale senza risultato
    { "**" }Tornei**
    { $cmd_tournament_create } (chi gestisce il server) apre le iscrizioni: ci si iscrive con il pulsante o { $cmd_tournament_join }; { $cmd_tournament_start } abbina il primo turno
    Ogni partita ha il suo thread; quando un turno finisce abbino il successivo. { $cmd_tournament_standings }, { $cmd_tournament_pairings } [turno], { $cmd_tournament_withdraw }, { $cmd_tournament_pdn }; { $cmd_tournament_forfeit } e { $cmd_tournament_cancel } per moderatori e gestori
    { "**" }Problemi**
    { $cmd_puzzle }: un colpo da trovare vicino al tuo punteggio, solo per te; rispondi dal suo menu o con l'opzione mossa. Con l'opzione giorno: il problema del giorno del server
    { $cmd_puzzles }: il tuo punteggio e la tua serie nei problemi, e i migliori solutori del server
    { "**" }Consultare**
    { $cmd_leaderboard }, { $cmd_stats } [membro], { $cmd_history } [membro]
    { $cmd_pdn } [partita]: la partita in un file PDN; { $cmd_replay } [partita]: come animazione
    { $cmd_analysis } [partita]: una partita finita rivista dal motore: gli errori, il grafico del vantaggio e il PDN commentato
    { $cmd_rules }: le regole della dama italiana
    { $cmd_settings }: come vuoi essere avvisato delle tue partite (messaggi diretti, menzioni o niente); chi gestisce il server sceglie anche lingua, tempo per mossa, thread e canali delle partite
    Dove posso aprire thread, ogni partita ha il suo.

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
# random); $time: il tempo per mossa; $expires: quando scade (un'ora che Discord aggiorna).
challenge-message = { $challenged }, { $challenger } ti sfida a una partita di dama valida per la classifica ({ $color ->
        [white] { $challenger } ha il Bianco
        [black] { $challenger } ha il Nero
       *[random] colori estratti a sorte
    }, { $time } per mossa). Accetta o rifiuta: scade { $expires }.
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


## Live games
# Section: live games on a clock: challenges with a time control, both clocks, flags.
# Una sfida a orologio. $control: il tempo di gioco come si scrive (5+3); $base: il tempo di
# ciascuno (una durata); $increment: i secondi aggiunti dopo ogni mossa.
challenge-message-live = { $challenged }, { $challenger } ti sfida a una partita di dama a orologio valida per la classifica ({ $color ->
        [white] { $challenger } ha il Bianco
        [black] { $challenger } ha il Nero
       *[random] colori estratti a sorte
    }, orologio { $control }: { $base } a testa, { $increment } s in più per mossa). Accetta o rifiuta: scade { $expires }.
start-open-challenge-live = { $challenger } cerca un avversario: una partita di dama a orologio valida per la classifica ({ $color ->
        [white] { $challenger } ha il Bianco
        [black] { $challenger } ha il Nero
       *[random] colori estratti a sorte
    }, orologio { $control }: { $base } a testa, { $increment } s in più per mossa), aperta a tutti. Scade { $expires }.
clock-range = Un orologio parte con un tempo tra { $min } e { $max } a testa e aggiunge al massimo { $max_increment } secondi per mossa, per esempio 5+3.
# $flag: quando cade la bandierina di chi deve muovere (un'ora che Discord aggiorna).
game-board-turn-live = **Partita #{ $game }** · mossa { $move } · { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    }: { $player } · bandierina { $flag }
# $white, $black: il tempo rimasto come m:ss; $running: l'orologio che corre (white, black o none).
game-board-clocks = ⏱ { $control } · Bianco { $white }{ $running ->
        [white] {" "}◀
       *[other] {""}
    } · Nero { $black }{ $running ->
        [black] {" "}◀
       *[other] {""}
    }
clock-flag-fell = Il tempo di { $loser } è finito. **{ $winner } vince** per tempo la partita #{ $game }.{ $ratings }
clock-flag-fell-on-move = Il tuo tempo è finito prima della tua mossa: la partita #{ $game } è persa per tempo.
option-pace-unreadable = Non riesco a leggere il tempo `{ $input }`: scrivi un tempo per mossa come `5 minuti`, `2 ore` o `3 giorni`, o un orologio come `5+3` (minuti + secondi aggiunti per mossa).
option-clock-unreadable = Non riesco a leggere l'orologio `{ $input }`: scrivilo come `5+3` (minuti + secondi aggiunti per mossa).


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.
# La striscia sotto l'immagine della damiera. $white, $black: i nomi con il punteggio; $move:
# il numero della mossa; $state: game-caption-turn o game-caption-result.
game-caption = { $white } – { $black } · mossa { $move } · { $state }
# $color: white o black, chi deve muovere.
game-caption-turn = { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    }
# $result: white, black (chi ha vinto), draw o aborted.
game-caption-result = { $result ->
        [white] vince il Bianco (1-0)
        [black] vince il Nero (0-1)
        [draw] patta (½-½)
       *[aborted] interrotta
    }
# Il messaggio della damiera. $game: il numero della partita; $move: il numero della mossa;
# $player: chi deve muovere (una menzione o il nome del motore); $color: white o black.
game-board-turn = **Partita #{ $game }** · mossa { $move } · { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    }: { $player }
# Lo stesso con l'orologio. $per_move: una durata; $deadline: quando scade il tempo (un orario
# di Discord, "tra 23 ore", dal vivo).
game-board-turn-clock = **Partita #{ $game }** · mossa { $move } · { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    }: { $player } · { $per_move } per mossa, scade { $deadline }
game-board-capture = La presa è obbligatoria.
# $player: chi propone.
game-board-draw-offer = { $player } propone la patta.
# Più mosse regolari di quante ne stiano in un menu. $count: quante.
game-board-type-move = { $count } mosse regolari: scrivi la tua con { $cmd_move }.
game-board-over = **Partita #{ $game }**: è finita.
game-button-offer-draw = Proponi patta
game-button-resign = Abbandona
game-button-flip = Gira la damiera
game-button-claim = Reclama la vittoria
game-button-accept-draw = Accetta la patta
game-button-decline-draw = Rifiuta la patta
game-button-rematch = Rivincita
game-button-resign-confirm = Sì, abbandono
game-move-menu = Scegli la tua mossa
# Che cosa dicono i finali calcolati. $color: chi vince; $moves: le sue mosse fino alla vittoria.
game-verdict-draw = Finali calcolati: patta con il gioco migliore
game-verdict-win = Finali calcolati: vince { $color ->
        [white] il Bianco
       *[black] il Nero
    } in { $moves ->
        [one] { $moves } mossa
       *[other] { $moves } mosse
    }
game-verdict-no-move = Finali calcolati: vince { $color ->
        [white] il Bianco: il Nero
       *[black] il Nero: il Bianco
    } non ha mosse
# Un giocatore che il database non conosce. $user: il suo id.
game-unknown-player = giocatore { $user }
# Una mossa e la risposta. $player: chi ha mosso; $move: la mossa; $engine: il nome del motore.
game-move-played = { $player } ha giocato **{ $move }**.
game-engine-replied = { $engine } ha risposto **{ $move }**.
game-engine-no-level = Il livello { $level } del motore non esiste.
game-thinking = Dama sta pensando alla sua mossa.
# $player, $color: chi deve muovere.
game-not-your-turn = Non tocca a te: { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    } ({ $player }).
# La fine di una partita secondo le regole. $player: chi vince; $color: il suo colore.
game-won-no-pieces = **Vince { $player }** ({ $color ->
        [white] il Bianco): il Nero
       *[black] il Nero): il Bianco
    } è rimasto senza pezzi.
game-won-no-moves = **Vince { $player }** ({ $color ->
        [white] il Bianco): il Nero
       *[black] il Nero): il Bianco
    } non ha più mosse.
game-draw-repetition = **Patta** per ripetizione della posizione.
# $quiet_moves: mosse di ciascuno senza prese né mosse di pedina.
game-draw-forty-moves = **Patta** per la regola delle { $quiet_moves } mosse: { $quiet_moves } mosse per parte senza prese né mosse di pedina.
# I punteggi dopo una partita valida per la classifica: i nomi, poi il punteggio prima e dopo.
game-ratings = Punteggi: { $white } { $white_before } → { $white_after }, { $black } { $black_before } → { $black_after }.
# Perché una mossa non si può giocare. $legal: le mosse regolari, in elenco.
game-illegal-empty = La mossa è vuota; scrivila come 22-18 o 22x13. Mosse regolari: { $legal }.
game-illegal-light-square = `{ $square }` è una casa chiara; i pezzi stanno sulle case scure. Mosse regolari: { $legal }.
game-illegal-not-a-square = `{ $text }` non è una casa; usa i numeri da 1 a 32 (o una casa scura come c3). Mosse regolari: { $legal }.
game-illegal-too-many-squares = Troppe case per una sola mossa. Mosse regolari: { $legal }.
game-illegal-one-square = `{ $text }`: servono la casa di partenza e quella di arrivo, come 22-18. Mosse regolari: { $legal }.
game-illegal-no-piece = Sulla casa { $square } non c'è nessun pezzo. Mosse regolari: { $legal }.
# $color: chi deve muovere.
game-illegal-not-your-piece = Il pezzo sulla casa { $square } non è { $color ->
        [white] del Bianco
       *[black] del Nero
    }. Mosse regolari: { $legal }.
# $attempted: la mossa come è stata capita; $captures: le prese regolari.
game-illegal-capture-compulsory = { $attempted } non è consentita: la presa è obbligatoria ({ $captures }), e si deve scegliere quella che prende più pezzi.
game-illegal-move = { $attempted } non è una mossa regolare qui. Mosse regolari: { $legal }.
# $candidates: le mosse che potrebbe essere.
game-illegal-ambiguous = { $attempted } potrebbe essere { $candidates }; scrivi tutte le case di arrivo.
game-legal-none = nessuna
# Due scelte di un elenco: $first, poi $rest (a sua volta un elenco).
game-list-or = { $first } o { $rest }
# L'abbandono.
game-resign-confirm = Vuoi davvero abbandonare questa partita?
# $player: chi abbandona; $winner e $color: chi vince.
game-resigned = { $player } abbandona. **Vince { $winner }** ({ $color ->
        [white] il Bianco
       *[black] il Nero
    }).
# Le proposte di patta. $player: chi propone o risponde; $opponent: a chi è proposta.
game-draw-offered = { $player } propone la patta a { $opponent }.
game-draw-already-offered = Hai già proposto la patta; aspetta la risposta.
# $ago: semimosse dall'ultima proposta; $left: semimosse da aspettare.
game-draw-reoffer = Hai proposto la patta { $ago ->
        [one] una semimossa fa
       *[other] { $ago } semimosse fa
    }; potrai riproporla tra { $left ->
        [one] una semimossa
       *[other] { $left } semimosse
    }.
game-draw-engine-declines = { $engine } rifiuta la patta: la sua posizione gli piace.
game-draw-accepted = { $player } accetta la patta. **Patta** per accordo.
game-draw-no-offer = Non c'è nessuna proposta di patta a cui rispondere. Proponila tu con { $cmd_draw_offer }.
game-draw-own-offer = La proposta è tua: deve rispondere l'avversario.
game-draw-withdrawn = { $player } ritira la proposta di patta.
game-draw-declined = { $player } rifiuta la patta. Si continua!
game-draw-stale = Questa proposta di patta non è più aperta: ha già avuto risposta, è stata ritirata o rifatta. Usa l'ultima damiera (o { $cmd_board }).
# Reclamare per tempo. $player: chi deve muovere; $left: il suo tempo; $winner: chi reclama.
game-claim-your-turn = Tocca a te: gioca la tua mossa invece di reclamare.
game-claim-too-early = { $player } ha ancora { $left } per muovere; dopo potrai reclamare la vittoria.
game-claim-won = { $player } ha esaurito il tempo. **Vince { $winner }** per tempo.
# Interruzioni. $player: il moderatore; $game: il numero della partita.
game-abort-not-allowed = Solo i moderatori (Gestisci messaggi) possono interrompere una partita. I giocatori possono usare { $cmd_resign } o proporre la patta con { $cmd_draw_offer }.
game-aborted = { $player } ha interrotto la partita #{ $game }. Non conta per nessuno.
# Trovare la partita. $result: white, black, draw o aborted.
game-over-refusal = { $result ->
        [white] La partita #{ $game } è finita (1-0).
        [black] La partita #{ $game } è finita (0-1).
        [draw] La partita #{ $game } è finita patta.
       *[aborted] La partita #{ $game } è finita.
    }
game-missing = Questa partita non esiste.
game-none-here = In questo canale non c'è nessuna partita. Iniziane una con { $cmd_challenge } o gioca contro di me con { $cmd_play }.
game-not-playing = Non stai giocando questa partita.
game-out-of-date = Questa damiera non è aggiornata: la partita è andata avanti. Usa l'ultima damiera (o { $cmd_board }).
game-too-late = La mossa è arrivata tardi: nel frattempo la partita è cambiata. Usa l'ultima damiera (o { $cmd_board }).
# I componenti.
game-unknown-button = Questo pulsante non lo riconosco più.
game-elsewhere = Questo pulsante appartiene a un messaggio di un altro canale; usa quello.
game-pick-move = Scegli una mossa dall'elenco.
# Le attese. $cmd: il comando; $seconds: quanto aspettare.
game-cooldown-command = Non così in fretta: potrai usare { $cmd } di nuovo tra { $seconds } s.
game-cooldown-draw-offer = Non così in fretta: potrai proporre di nuovo la patta tra { $seconds } s.
# I suggerimenti di /mossa (al massimo 100 caratteri; i comandi come si scrivono: $cmd_challenge).
game-hint-no-game = Nessuna partita in questo canale: iniziane una con { $cmd_challenge } o { $cmd_play }.
game-hint-unreadable = La posizione di questa partita non si può leggere.
game-hint-not-your-turn = Non tocca a te: deve muovere { $player }
# Seguono le mosse regolari. $typed: quello che è stato scritto.
game-hint-no-match = Nessuna mossa regolare comincia con { $typed }:


# Limits: what one member or server may ask of the bot (the [limits] of the configuration).
limit-engine-games-player = Hai già { $max } partite contro il motore in corso qui: finiscine o abbandonane una (vedi { $cmd }), poi iniziane un'altra.
limit-engine-games-server = Questo server ha già { $max } partite contro il motore in corso: riprova quando una di esse finisce.
limit-engine-busy-player = Hai già richieste in attesa del motore: riprova quando avrà risposto, tra pochi secondi.
limit-engine-busy = Il motore è occupato con troppe richieste: riprova tra un minuto.
limit-engine-queued = Il motore è occupato: la tua mossa è in coda ({ $place ->
   *[other] { $place }ª
}).
limit-engine-later = Il motore è occupato: risponderà entro un paio di minuti.
limit-tournament-full = Questo torneo è al completo ({ $max } giocatori): riprova se qualcuno si ritira prima dell'inizio.

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
# A game named by its number (/pdn, /replay, /analysis) that was played in a channel the asker
# cannot see. $game: its number.
lookup-game-hidden = La partita #{ $game } è stata giocata in un canale che non puoi vedere.


## Settings
# Section: settings: /settings, the server's language.
# /settings rifiutato: il permesso come lo chiama Discord in italiano.
settings-not-manager = Solo chi ha il permesso **Gestire il server** può cambiare le impostazioni del server.
# /settings language: la risposta, nella lingua scelta.
settings-language-chosen = D'ora in poi parlo italiano in questo server.
# $source: community (un server Community, la cui lingua Discord conta) o players.
settings-language-discord = { $source ->
        [community] D'ora in poi seguo la lingua scelta su Discord per questo server Community: italiano.
       *[players] D'ora in poi ogni partita parla la lingua di chi la inizia; i messaggi che non riguardano una partita seguono chi chiede.
    }


## Threads and starting games
# Section: starting: threads, open challenges, /accept from, challenge expiry, idle engine games, server settings.
# A game is started in a game's own thread. $channel: the channel it belongs to (a mention).
start-thread-taken = Questo thread è della partita #{ $game }: inizia la tua in { $channel }.
# Una partita inizia in un thread di questo canale. $game: il suo numero; $white, $black: nomi.
start-in-thread = Inizia la partita #{ $game }: { $white } (Bianco) – { $black } (Nero), nel thread qui sotto.
# Il nome del thread, al massimo 100 caratteri (i nomi si accorciano per starci). $white,
# $black: nomi come sono scritti.
start-thread-name = Dama #{ $game } · { $white } – { $black }
# La prima damiera di una partita nel suo thread. $white, $black: menzioni.
start-thread-headline = { $white } ha il Bianco, { $black } il Nero. Muove per primo il Bianco.
# I permessi come li chiama Discord in italiano.
start-threads-tip = Suggerimento: dammi i permessi **Creare thread pubblici** e **Inviare messaggi nei thread** in questo canale e ogni partita avrà il suo thread, così qui se ne potranno giocare più di una insieme.
start-thread-failed = Non sono riuscito ad aprire un thread per questa partita, quindi si gioca qui. Per dare a ogni partita il suo thread, dammi i permessi **Creare thread pubblici** e **Inviare messaggi nei thread** in questo canale.
# $game: il numero della partita; $thread: un link al suo thread.
start-played-in-thread = La tua partita #{ $game } si gioca in { $thread }: continua lì.
start-hint-in-thread = La tua partita #{ $game } si gioca nel suo thread.
# Una sfida aperta. $challenger: una menzione; $color: il colore di chi sfida (white, black o
# random); $time: il tempo per mossa; $expires: quando scade (un'ora che Discord aggiorna: "tra 10 minuti").
start-open-challenge = { $challenger } cerca un avversario: una partita di dama valida per la classifica ({ $color ->
        [white] { $challenger } ha il Bianco
        [black] { $challenger } ha il Nero
       *[random] colori estratti a sorte
    }, { $time } per mossa), aperta a tutti. Scade { $expires }.
start-already-open-anyone = Hai già una sfida aperta qui. Prima annullala con { $cmd_cancel }.
start-open-own-accept = Questa è la tua sfida: aspetta che qualcuno la accetti, oppure ritirala con Annulla.
# $expires: un'ora che Discord aggiorna.
start-open-decline = Questa sfida è aperta a tutti: non c'è niente da rifiutare, basta lasciarla. Scade { $expires }.
start-open-decline-own = Per ritirare la tua sfida aperta, premi Annulla.
start-open-cancelled = { $name } ha ritirato la sua sfida aperta.
# $challenger: una menzione.
start-open-expired = La sfida aperta di { $challenger } è scaduta: nessuno l'ha accettata.
# $names: chi ha sfidato, separati da virgole.
start-accept-which = Qui ci sono più sfide aperte per te (di { $names }): indica in { $cmd_accept } il membro di cui accetti la sfida.
start-none-from = { $name } non ha sfide aperte per te in questo canale.
# $idle: da quanto la partita è senza mosse.
start-idle-engine = La partita #{ $game } contro il motore è ferma da { $idle }. Vuoi chiuderla?
start-button-end-idle = Chiudila
start-idle-alive = La partita #{ $game } ha appena avuto una mossa: si sta ancora giocando.
start-idle-not-idle = La partita #{ $game } non è ferma: si può chiudere solo quando il suo giocatore l'ha lasciata per un po'.
start-idle-gone = La partita #{ $game } è già finita: puoi iniziare la tua.
# $name: chi l'ha chiusa.
start-idle-ended = La partita #{ $game } contro il motore è stata chiusa perché ferma. { $name }, ora puoi iniziare la tua con { $cmd_challenge } o { $cmd_play }.
start-idle-swept = La partita #{ $game } contro il motore è rimasta ferma per { $idle } ed è stata chiusa senza risultato.
# $channels: link ai canali.
start-channel-not-allowed = Su questo server le partite si iniziano solo in { $channels }.
start-settings-time = Le sfide senza un tempo indicato ora hanno { $time } per mossa.
start-settings-expiry = Le sfide ora restano aperte per { $expiry }.
start-settings-expiry-auto = Le sfide ora restano aperte quanto il loro tempo per mossa (almeno 10 minuti, al massimo 3 giorni).
start-settings-threads = { $threads ->
        [on] Le nuove partite si giocano ognuna nel suo thread, dove posso aprirne.
       *[off] Le nuove partite si giocano nel loro canale, una alla volta.
    }
# $channel: un link; $channels: i canali delle partite, ora.
start-settings-channel-added = Le partite possono iniziare in { $channel }. Canali delle partite: { $channels }.
start-settings-channel-removed = Le partite non iniziano più in { $channel }. Canali delle partite: { $channels }.
start-settings-every-channel = tutti i canali
start-settings-expiry-range = Una sfida deve restare aperta tra { $min } e { $max }.
start-settings-expiry-fits = quanto il tempo per mossa (da 10 minuti a 3 giorni)
# /settings senza opzioni. $notify: dm, ping o off; $language: it, en o es;
# $language_source: chosen, players o discord; $time, $expiry: durate; $threads: on o off;
# $channels: link, o tutti i canali.
start-settings-show = **Impostazioni**
    Le tue notifiche: { $notify ->
        [dm] messaggi diretti
        [off] disattivate
       *[ping] menzioni nel thread della partita
    }
    Lingua di questo server: { $language_source ->
        [players] nessuna scelta: ogni partita parla la lingua di chi l'ha iniziata
       *[other] { $language ->
            [it] italiano
            [es] spagnolo
           *[en] inglese
        }{ $language_source ->
            [discord] {" "}(scelta su Discord per questo server Community)
           *[chosen] {""}
        }
    }
    Tempo per mossa: { $time }
    Le sfide restano aperte: { $expiry }
    Partite nei thread: { $threads ->
        [on] sì
       *[off] no
    }
    Canali delle partite: { $channels }

## Notifications
# Section: notifications: turn pings, direct messages, reminders, live clocks, result lines, /settings notify.
# /settings notify: la risposta. $mode: dm, ping o off.
notify-set = { $mode ->
        [dm] D'ora in poi ti scrivo in privato: quando tocca a te, un promemoria a metà e al 90% del tempo per mossa, quando puoi reclamare la vittoria, e il risultato.
        [ping] D'ora in poi ti menziono nel thread della partita quando tocca a te.
       *[off] D'ora in poi ti nomino soltanto nelle tue partite: niente menzioni, niente messaggi privati.
    }
# Una mossa quando poi tocca a una persona. $player: chi ha mosso; $engine: il nome del motore;
# $move: la mossa; $deadline: quando scade il tempo per rispondere ("tra 23 ore", dal vivo).
notify-move-turn = { $player } ha giocato **{ $move }** — tocca a te, scade { $deadline }.
notify-engine-turn = { $engine } ha risposto **{ $move }** — tocca a te, scade { $deadline }.
# Messaggi privati. $game: il numero della partita; $opponent: l'avversario di chi legge;
# $link: la damiera; $left: il tempo che resta.
notify-dm-turn = **Partita #{ $game }** contro { $opponent }: { $opponent } ha giocato **{ $move }** — tocca a te, scade { $deadline }. { $link }
notify-reminder = Tempo per muovere nella **partita #{ $game }** contro { $opponent }: { $left }, scade { $deadline }. { $link }
# Lo stesso nel thread della partita. $player: la menzione di chi deve muovere.
notify-reminder-ping = { $player }, tempo per muovere nella **partita #{ $game }** contro { $opponent }: { $left }, scade { $deadline }.
# Il tempo di chi deve muovere è scaduto. $player: il suo nome; $winner: chi può reclamare.
notify-time-up = Il tempo per muovere di { $player } è scaduto: { $winner } può reclamare la vittoria.
notify-claim = Il tempo di { $player } è scaduto nella **partita #{ $game }**: ora puoi reclamare la vittoria con { $cmd_claim } o con il pulsante «Reclama la vittoria». { $link }
notify-claim-ping = { $winner }, il tempo di { $player } è scaduto nella **partita #{ $game }**: ora puoi reclamare la vittoria con { $cmd_claim } o con il pulsante «Reclama la vittoria».
# Un risultato in una riga. $result: win, draw o aborted; $first, $second: vincitore e
# sconfitto, altrimenti il Bianco e il Nero; $reason: come è finita.
notify-result = { $result ->
        [win] Partita #{ $game }: { $first } ha battuto { $second } { $reason ->
            [resign] per abbandono
            [timeout-claim] per tempo
            [timeout-sweep] per tempo
           *[no-moves] sulla damiera
        }.
        [draw] Partita #{ $game }: { $first } e { $second } hanno fatto patta { $reason ->
            [agreement] di comune accordo
            [repetition] per ripetizione
           *[forty-move] per la regola delle 40 mosse
        }.
       *[aborted] La partita #{ $game } tra { $first } e { $second } { $reason ->
            [idle] è finita senza risultato: era ferma da troppo
           *[abort] è stata annullata da un moderatore
        }.
    }
# Il risultato in privato. $line: notify-result.
notify-dm-result = { $line } { $link }

## Takebacks, bumps and game lists
# Section: takebacks: /takeback and its answers, the Bump button, /games.
# La seconda fila della damiera: ritirare una mossa, ripubblicare la damiera; le risposte a una richiesta.
takeback-button = Ritira la mossa
takeback-button-accept = Accetta il ritiro
takeback-button-decline = Rifiuta il ritiro
games-button-bump = Ripubblica
# Contro il motore. $player: chi ritira; $moves: le mosse ritirate (`22-18 11-15`);
# $left: i ritiri che restano nella partita.
takeback-engine-done = { $player } ritira { $moves }. { $left ->
        [0] In questa partita non restano altri ritiri.
        [one] In questa partita resta un ritiro.
       *[other] In questa partita restano { $left } ritiri.
    }
# $engine: il nome del motore.
takeback-engine-wait = Aspetta la mossa di { $engine }: poi potrai ritirare la tua mossa e la sua risposta.
# $allowed: i ritiri che una partita contro il motore concede.
takeback-engine-none-left = { $allowed ->
        [one] Hai già usato l'unico ritiro di questa partita.
       *[other] Hai già usato tutti i { $allowed } ritiri di questa partita.
    }
takeback-nothing = Non hai ancora nessuna mossa da ritirare.
# Tra giocatori. $player: chi chiede; $opponent: la menzione di chi risponde; $moves: che cosa si ritira.
takeback-requested = { $player } chiede di ritirare { $moves }. { $opponent }, sei d'accordo?
takeback-opponent-asked = { $opponent } ha chiesto per primo di ritirare una mossa: rispondi con i pulsanti della sua richiesta.
takeback-own-request = È la tua richiesta: deve rispondere { $opponent }. Usa di nuovo { $cmd_takeback } per annullarla.
takeback-stale = Questa richiesta di ritiro non è più aperta: la partita è andata avanti. Usa l'ultima damiera (o { $cmd_board }).
# $player: chi risponde; $requester: la menzione di chi ha chiesto.
takeback-accepted = { $player } accetta: { $requester } ritira { $moves }.
takeback-declined = { $player } rifiuta il ritiro chiesto da { $requester }.
takeback-withdrawn = { $player } annulla la sua richiesta di ritiro.
# Nei file PDN, un commento dove è avvenuto il ritiro. $player: il nome di chi l'ha chiesto.
takeback-pdn-comment = { $player } ha ritirato { $moves }
# /games (lo vede solo chi lo chiede).
games-all-not-allowed = Solo i moderatori dell'intero server (**Gestire i messaggi** da un ruolo, non solo in questo canale) possono vedere tutte le partite del server; { $cmd_games } mostra le tue.
games-none = Non hai partite in corso in questo server. Sfida qualcuno con { $cmd_challenge } o gioca contro di me con { $cmd_play }.
games-none-in-server = In questo server non c'è nessuna partita in corso. Iniziane una con { $cmd_challenge } o gioca contro di me con { $cmd_play }.
games-title = { $count ->
        [one] **La tua partita**
       *[other] **Le tue { $count } partite**
    }
games-title-all = { $count ->
        [one] **Una partita in questo server**
       *[other] **{ $count } partite in questo server**
    }
# Le partite che non entrano nel messaggio.
games-more = { $count ->
        [one] … e un'altra.
       *[other] … e altre { $count }.
    }
# $deadline: un orario di Discord che si legge "tra 5 ore".
games-your-move = tocca a te, scade { $deadline }
games-to-move = tocca a { $player }, scade { $deadline }
games-engine-to-move = tocca a { $player }
# $game: il suo numero; $turn: games-your-move, games-to-move o games-engine-to-move; $link: il
# link alla sua damiera, o il suo canale.
games-line = **#{ $game }** contro { $opponent } · { $turn } · { $link }
games-line-all = **#{ $game }** { $white } – { $black } · { $turn } · { $link }

## Hints
# Section: hints: /hint in games against the engine, its reasons, its limit, the PDN comment.
# I rifiuti di /hint (li vede solo chi chiede). $engine: il nome del motore.
hint-between-people = I suggerimenti sono per le partite contro il motore: in una partita fra persone ognuno pensa con la propria testa.
hint-engine-wait = Aspetta la mossa di { $engine }: i suggerimenti si chiedono quando tocca a te.
hint-off = I suggerimenti sono disattivati su questo bot.
# $allowed: i suggerimenti che una partita contro il motore concede.
hint-none-left = { $allowed ->
        [one] Hai già usato l'unico suggerimento di questa partita.
       *[other] Hai già usato tutti i { $allowed } suggerimenti di questa partita.
    }
# La partita è andata avanti mentre si cercava il suggerimento.
hint-stale = La partita è andata avanti mentre ci pensavo: chiedi di nuovo se tocca a te.
# La risposta (la vede solo chi chiede). $move: la mossa come la scrive il giocatore.
hint-move = Suggerimento: gioca **{ $move }**.
hint-again = È lo stesso suggerimento di prima: non viene contato di nuovo.
hint-left = { $left ->
        [0] In questa partita non restano altri suggerimenti.
        [one] In questa partita resta un suggerimento.
       *[other] In questa partita restano { $left } suggerimenti.
    }
hint-caption = Suggerimento: { $move }
hint-reason-only-move = È l'unica mossa regolare.
# $moves: le mosse del vincitore fino alla fine, questa compresa.
hint-reason-table-win = Vince: secondo le tabelle dei finali si vince in { $moves ->
        [one] una mossa.
       *[other] { $moves } mosse.
    }
hint-reason-forced-win = Vince per forza in { $moves ->
        [one] una mossa.
       *[other] { $moves } mosse.
    }
# La presa è obbligatoria; $taken: i pezzi che questa presa cattura, $kings: quante dame fra questi.
hint-reason-capture = Devi prendere, e questa presa cattura { $taken ->
        [one] un pezzo
       *[other] { $taken } pezzi
    }{ $kings ->
        [0] .
        [one] , fra cui una dama.
       *[other] , fra cui { $kings } dame.
    }
# $other: la presa migliore fra le altre; $pieces: quanti pezzi restituisce.
hint-reason-capture-loses = Con { $other } invece perderesti subito { $pieces ->
        [one] un pezzo.
       *[other] { $pieces } pezzi.
    }
# $margin: di quanto è peggiore, in pedine (+1.00 è una pedina).
hint-reason-capture-worse = L'altra presa, { $other }, è peggiore di { $margin }.
# $line: le mosse del colpo, a partire da questa; $pieces: i pezzi che guadagna.
hint-reason-shot = Un colpo: { $line } guadagna { $pieces ->
        [one] un pezzo.
       *[other] { $pieces } pezzi.
    }
hint-reason-shot-crowns = Un colpo: { $line } guadagna { $pieces ->
        [one] un pezzo
       *[other] { $pieces } pezzi
    } e porta a dama.
# $alternative: una mossa che il giocatore potrebbe giocare invece; $line: la presa che la punisce.
hint-reason-avoids-shot = Evita un colpo: dopo { $alternative }, con { $line } l'avversario ti prenderebbe { $pieces ->
        [one] un pezzo.
       *[other] { $pieces } pezzi.
    }
hint-reason-crowns = Porta una pedina a dama.
# $evaluation: il giudizio del motore dalla parte del giocatore, in pedine (+1.00 è una pedina in più).
hint-reason-positional = Nessuna combinazione qui: è la mossa migliore secondo il giudizio del motore (valutazione { $evaluation } per te).
hint-reason-resists = Con il gioco migliore la posizione è persa: questa mossa resiste più a lungo.
# Nel PDN della partita, prima della mossa per cui è stato chiesto il suggerimento.
hint-pdn-comment = { $player } ha chiesto un suggerimento: { $move }
# Alla fine del PDN della partita.
hint-pdn-total = { $count ->
        [one] { $player } ha chiesto un suggerimento in questa partita
       *[other] { $player } ha chiesto { $count } suggerimenti in questa partita
    }

## Analysis
# Section: analysis: /analysis, its progress, refusals, key moments, accuracy, the chart's words.
# Rifiuti (li vede solo chi chiede). $game: il numero della partita.
analysis-game-running = La partita #{ $game } è ancora in corso: analizzarla adesso sarebbe un suggerimento. Chiedi l'analisi quando la partita è finita.
analysis-aborted-empty = La partita #{ $game } è stata annullata prima di qualunque mossa: non c'è niente da analizzare.
analysis-no-moves = La partita #{ $game } è finita prima che si giocasse una mossa: non c'è niente da analizzare.
analysis-no-such-game = In questo server non c'è nessuna partita #{ $game }. { $cmd_history } elenca le ultime partite con i loro numeri.
analysis-none-here = In questo canale non è ancora finita nessuna partita. Indica una partita col suo numero: { $cmd_analysis } partita:12 ({ $cmd_history } elenca i numeri).
# L'avanzamento, scritto nella risposta mentre il motore lavora.
analysis-queued = La partita #{ $game } aspetta il suo turno: ci sono altre analisi in corso. Comincia tra poco…
analysis-progress = Analisi della partita #{ $game }… { $percent }%
# La risposta. $white, $black: i nomi dei giocatori; $result: white, black, draw o aborted.
analysis-title = **Analisi della partita #{ $game }**: { $white } (Bianco) – { $black } (Nero), { $result ->
        [white] vittoria del Bianco
        [black] vittoria del Nero
        [draw] patta
       *[aborted] annullata
    }
# $white_accuracy, $black_accuracy: percentuali.
analysis-accuracy = Precisione: { $white } **{ $white_accuracy }%** · { $black } **{ $black_accuracy }%**
analysis-moments-title = **I momenti decisivi**
# $played: `12. 22-18??`; $better: la mossa migliore; $after: analysis-after-evaluation o -tables.
analysis-moment = { $played } { $mark ->
        [blunder] errore grave
        [mistake] errore
       *[inaccuracy] imprecisione
    }: meglio { $better } · { $after }
analysis-moment-no-better = { $played } { $mark ->
        [blunder] errore grave
        [mistake] errore
       *[inaccuracy] imprecisione
    } · { $after }
# $evaluation: in pedine, + quando sta meglio il Bianco (`+1.25`).
analysis-after-evaluation = poi { $evaluation }
# $before, $after: analysis-verdict, dal punto di vista di chi muove.
analysis-after-tables = tavole dei finali: { $before } → { $after }
analysis-verdict = { $outcome ->
        [win] vinta in { $moves }
        [loss] persa in { $moves }
       *[draw] patta
    }
analysis-more = { $kind ->
        [inaccuracies] { $count ->
            [one] … e un'altra imprecisione.
           *[other] … e altre { $count } imprecisioni.
        }
       *[moves] { $count ->
            [one] … e un'altra mossa segnata.
           *[other] … e altre { $count } mosse segnate.
        }
    }
analysis-clean = Nessuna mossa ha perso abbastanza da essere segnata: una partita pulita, bravi tutti e due!
# $nodes: le posizioni che il motore ha esaminato per ogni mossa.
analysis-footer = -# Valutazioni in pedine, + quando sta meglio il Bianco; { $nodes } nodi per posizione. In allegato la partita commentata in PDN.
# La scacchiera del momento peggiore (una didascalia: niente Markdown). $played: `12. 22-18??`.
analysis-board-caption = { $played } · meglio { $better }
analysis-board-caption-no-better = { $played }
# Le parole del grafico: l'asse e le due metà.
analysis-chart-moves = mossa
analysis-chart-white = meglio il Bianco
analysis-chart-black = meglio il Nero
# The comment of a marked move in the annotated PDN (no Markdown); $after: analysis-after-evaluation or -tables.
analysis-pdn-comment = { $mark ->
        [blunder] errore grave
        [mistake] errore
       *[inaccuracy] imprecisione
    }; meglio { $better }; { $after }
analysis-pdn-comment-no-better = { $mark ->
        [blunder] errore grave
        [mistake] errore
       *[inaccuracy] imprecisione
    }; { $after }
analysis-pdn-summary = precisione: Bianco { $white_accuracy }%, Nero { $black_accuracy }% ({ $nodes } nodi per posizione)

## Discord
# Section: Discord: errors, permissions, command options.
# Risposte private agli errori che nota l'adattatore, nella lingua di Discord di chi legge.
discord-apology = Scusa, qualcosa non ha funzionato da parte mia e non sono riuscito a farlo. Riprova tra un momento.
discord-outdated-command = Questo comando è cambiato con un aggiornamento del bot; Discord mostrerà la nuova versione tra un minuto. Riprova allora.
# $input: quello che è stato scritto.
option-unreadable = Non riesco a leggere `{ $input }`. Controlla l'opzione e riprova.
discord-options-unreadable = Non riesco a leggere una delle opzioni. Controllale e riprova.
discord-check-failed = Qui non puoi usare questo comando.
# $seconds: quanto aspettare.
discord-cooldown = Piano: riprova tra { $seconds } s.
# $permission: il nome di un permesso (discord-permission).
discord-missing-user-permission = Per questo comando ti serve il permesso **{ $permission }** in questo canale.
discord-missing-user-permissions = Ti manca un permesso che serve a questo comando.
# $count: quanti permessi; $permissions: i loro nomi, in grassetto, separati da virgole.
discord-missing-bot-permissions = Non posso gestire partite in questo canale: mi { $count ->
        [one] manca il permesso { $permissions }. Chiedi a un amministratore del server di concederlo
       *[other] mancano i permessi { $permissions }. Chiedi a un amministratore del server di concederli
    } al mio ruolo (o nelle impostazioni di questo canale), poi riprova.
# Un permesso come lo chiama Discord. $permission: la sua chiave.
discord-permission = { $permission ->
        [view-channel] Visualizzare i canali
        [send-messages] Inviare messaggi
        [send-messages-in-threads] Inviare messaggi nei thread
        [create-public-threads] Creare thread pubblici
        [embed-links] Incorporare link
        [attach-files] Allegare file
        [read-message-history] Leggere la cronologia dei messaggi
        [manage-messages] Gestire i messaggi
       *[manage-server] Gestire il server
    }
discord-guild-only = A dama si gioca nei canali dei server: usa lì i comandi.
discord-slash-only = Usa i comandi con la barra: scrivi `/` per vederli.
# $choices: i sottocomandi, come li mostra Discord, separati da virgole.
discord-subcommand-required = Scegli cosa fare: { $choices }.
discord-not-a-moderator = Solo i moderatori (Gestire i messaggi in questo canale) possono interrompere una partita. I giocatori possono usare { $cmd_resign } o proporre la patta ({ $cmd_draw_offer }).
# L'opzione tempo di /sfida. $input: quello che è stato scritto.
option-time-unreadable = Non riesco a leggere il tempo per mossa `{ $input }`: scrivilo come `5 minuti`, `2 ore` o `3 giorni`.
option-signup-unreadable = Non riesco a leggere per quanto restano aperte le iscrizioni, `{ $input }`: scrivilo come `30 minuti`, `2 ore` o `1 giorno`.
discord-moves-unavailable = Non riesco a elencare le tue mosse in questo momento: scrivi la tua, per esempio 22-18.
discord-move-placeholder = Scrivi la tua mossa, per esempio 22-18
# Sotto un rifiuto che riguarda una vecchia damiera. $link: il messaggio della damiera attuale.
discord-current-board = [Vai alla damiera attuale]({ $link })
# Un file troppo grande per il server. $file: il suo nome; $megabytes: la sua dimensione.
discord-file-too-big = ({ $file } pesa { NUMBER($megabytes, minimumFractionDigits: 1) } MB, più di quanto accetta questo server.)
# Dopo una menzione per una damiera aggiornata al suo posto. $link: il messaggio della damiera.
discord-board-link = ([damiera]({ $link }))
# Le scelte delle opzioni dei comandi.
discord-choice-white = Bianco
discord-choice-black = Nero
discord-choice-random = A caso
# Un livello di /gioca. $level: da 1 a 8.
discord-choice-level = { $level } · { level-name }
# Le lingue di /impostazioni. $language: it, en, es, o auto (quella di Discord).
discord-choice-language = { $language ->
        [it] Italiano
        [en] English
        [es] Español
       *[auto] Quella di Discord (automatica)
    }
# Come /impostazioni notifiche avvisa qualcuno delle sue partite. $mode: dm, ping o off.
discord-choice-notify = { $mode ->
        [dm] Messaggi diretti
        [ping] Una menzione nel thread della partita
       *[off] Niente (solo il mio nome)
    }
# /impostazioni thread. $threads: on o off.
discord-choice-threads = { $threads ->
        [on] Sì: un thread per ogni partita
       *[off] No: le partite nel loro canale
    }
# La scadenza delle sfide adatta al tempo per mossa, come si scrive e come la propongo.
option-expiry-automatic = automatica
# $input: quello che è stato scritto; $automatic: option-expiry-automatic.
option-expiry-unreadable = Non ho capito la scadenza delle sfide `{ $input }`: scrivi un tempo come `1 ora` o `2 giorni`, oppure `{ $automatic }`.
# Un messaggio che menziona dice cosa è successo, perché la notifica si legga da sola. $mentions:
# chi è menzionato; $what: cosa è successo (la prima riga di una damiera); $game: il numero della partita.
discord-ping = { $mentions } — { $what }
discord-ping-game = { $mentions } — { $what } · partita #{ $game }
# The Activity (the board inside Discord). The button of every board, the answer to an old one
# when the Activity is not offered, the app's Entry Point command (its name: lowercase, 1 to 32
# letters), and the console's answers to the button ($address: the page's local address).
activity-button-open = Apri la damiera
activity-unavailable = Qui la damiera non si può aprire: questo bot non offre la sua attività. Gioca con i pulsanti e i comandi.
activity-launch-name = apri
activity-launch-description = Apri la damiera di Dama in questo canale: gioca, guarda e sfida con un clic
activity-console-open = Apri la damiera nel browser: { $address }
activity-console-start = La damiera si apre nel browser se la console è avviata con `damabot local --web`.


## Tournaments
# Section: tournaments: /tournament and its sign-up buttons, rounds, pairings, standings, refusals.
tournament-create-not-allowed = Solo chi può gestire il server può creare un torneo.
tournament-threads-off = Le partite dei tornei si giocano nei thread, ma questo server li ha disattivati: riattivali prima con { $cmd_settings }.
tournament-needs-threads = Le partite dei tornei si giocano nei thread, ma qui non posso aprirne: dammi i permessi **Creare thread pubblici** e **Inviare messaggi nei thread** in questo canale, oppure crea il torneo in un altro canale.
tournament-name-invalid = Il torneo ha bisogno di un nome da 1 a { $max } caratteri.
tournament-rounds-invalid = Un torneo a sistema svizzero ha da 1 a { $max } turni.
tournament-games-invalid = Ogni abbinamento gioca una partita o due (una per colore).
tournament-time-invalid = Il tempo per mossa deve stare tra { $min } e { $max }.
tournament-signup-invalid = Le iscrizioni devono restare aperte tra { $min } e { $max }.
tournament-already-open = Questo server ha già un torneo in corso: **{ $name }**. Uno alla volta: aspetta che finisca, oppure annullalo.
tournament-none = Questo server non ha tornei.
tournament-signup-title = 🏆 **{ $name }**: iscrizioni aperte!
tournament-signup-closed = 🏆 **{ $name }**: iscrizioni chiuse, il torneo è cominciato.
tournament-signup-cancelled = 🏆 **{ $name }**: annullato.
tournament-format-swiss = sistema svizzero, { $rounds ->
    [one] un turno
   *[other] { $rounds } turni
}
tournament-format-round-robin = girone all'italiana (tutti contro tutti)
tournament-details = Formula: { $format } · { $games ->
    [one] una partita
   *[other] { $games } partite, una per colore,
} per abbinamento · { $time } per mossa · { $rated ->
    [yes] valido per il punteggio
   *[no] amichevole
} · { $openings ->
    [yes] apertura sorteggiata a ogni turno
   *[no] dalla posizione iniziale
}
tournament-signup-deadline = Le iscrizioni si chiudono { $deadline }; poi il torneo parte da solo.
tournament-signup-until-start = Le iscrizioni restano aperte finché l'organizzatore non avvia il torneo.
tournament-entrants = Iscritti ({ $count }): { $names }
tournament-entrants-none = Ancora nessun iscritto: premi **Partecipa**!
tournament-button-join = Partecipa
tournament-button-leave = Ritirati
tournament-joined = Sei iscritto a **{ $name }**. In bocca al lupo!
tournament-left = Hai lasciato **{ $name }**.
tournament-join-twice = Sei già iscritto a **{ $name }**.
tournament-join-closed = Le iscrizioni a **{ $name }** sono chiuse: il torneo è già cominciato o finito.
tournament-not-entered = Non sei iscritto a **{ $name }**.
tournament-member-not-entered = { $player } non è iscritto a **{ $name }**.
tournament-leave-started = **{ $name }** è già cominciato, quindi le iscrizioni sono chiuse: puoi ancora ritirarti dal torneo (le partite giocate restano valide).
tournament-over = **{ $name }** è concluso.
tournament-start-not-allowed = Solo l'organizzatore ({ $creator }) o chi può gestire il server può avviare il torneo.
tournament-start-again = **{ $name }** è già cominciato.
tournament-start-few = Per cominciare un torneo servono almeno { $min } giocatori; { $count ->
    [0] non si è iscritto nessuno
    [one] se n'è iscritto solo uno
   *[other] se ne sono iscritti { $count }
}.
tournament-start-done = **{ $name }** è cominciato: il primo turno è abbinato.
tournament-started = 🏁 Comincia **{ $name }**, con { $count } giocatori!
tournament-round-title = **{ $name }** · turno { $round } di { $rounds }
tournament-round-opening = Apertura sorteggiata: { $opening }
tournament-board = Scacchiera { $board }: { $white } (Bianco) – { $black } (Nero): { $result }{ $game }
tournament-in-play = in corso
tournament-bye = { $player } riposa ({ $points ->
    [one] un punto
   *[other] { $points } punti
}).
tournament-game-start = **{ $name }**, turno { $round }, scacchiera { $board }: partita #{ $game }, { $white } (Bianco) – { $black } (Nero), nel thread qui sotto.
tournament-standings-title = Classifica di **{ $name }** (turno { $round } di { $rounds })
tournament-final-title = Classifica finale di **{ $name }**
tournament-standings-row = { $rank }. { $name }: punteggio { $points } · Buchholz { $buchholz } · S-B { $sb } · { $games ->
    [one] una partita
   *[other] { $games } partite
}
tournament-standings-more = …e altri { $count } nella tabella.
tournament-withdrawn-mark = (ritirato)
tournament-column-rank = #
tournament-column-player = Giocatore
tournament-column-points = Punti
tournament-column-buchholz = Buchholz
tournament-column-sonneborn = S-B
tournament-column-games = Partite
tournament-winner = 🏆 { $winner } vince **{ $name }**. Complimenti!
tournament-ended-early = **{ $name }** finisce prima dell'ultimo turno: non restano abbastanza giocatori da abbinare senza ripetere incontri.
tournament-not-started = **{ $name }** non è ancora cominciato.
tournament-no-round = Il turno { $round } non c'è: sono stati abbinati i turni da 1 a { $last }.
tournament-withdraw-signup = **{ $name }** non è ancora cominciato: premi piuttosto **Ritirati** nel messaggio delle iscrizioni.
tournament-withdraw-over = **{ $name }** è concluso: non c'è più niente da cui ritirarsi.
tournament-withdrawn-already = Ti sei già ritirato da **{ $name }**.
tournament-withdrew = { $player } si ritira da **{ $name }**: le partite giocate restano valide e non sarà più abbinato.
tournament-forfeit-not-allowed = Solo i moderatori dell'intero server (**Gestire i messaggi** da un ruolo, non solo in questo canale) possono assegnare una sconfitta a tavolino.
tournament-not-running = **{ $name }** non è in corso.
tournament-forfeited = { $moderator } assegna la sconfitta a tavolino a { $player } in **{ $name }**: perde le partite di questo turno ed è ritirato dal torneo.
tournament-forfeit-game = La partita #{ $game } si ferma qui: { $player } la perde a tavolino.
tournament-aborted-game = La partita #{ $game } del torneo è stata annullata: vale come persa per entrambi.
tournament-cancel-not-allowed = Solo chi può gestire il server può annullare un torneo.
tournament-cancelled = { $player } ha annullato **{ $name }**; le partite in corso si fermano senza risultato.
tournament-cancelled-game = **{ $name }** è stato annullato: la partita #{ $game } si ferma senza risultato.
tournament-too-few-cancelled = Le iscrizioni a **{ $name }** si sono chiuse con { $count ->
    [0] nessun giocatore
    [one] un solo giocatore
   *[other] { $count } giocatori
}, troppo pochi per un torneo: è annullato.
tournament-pdn = Tutte le partite di **{ $name }**, in un unico file PDN.
tournament-pdn-empty = **{ $name }** non ha ancora partite.

## Puzzles
# Section: puzzles (/puzzle, /puzzles) and the puzzle of the day.
puzzle-unavailable = I problemi non sono disponibili al momento: non è stato possibile caricare la raccolta dei problemi. Chi gestisce il bot ne trova il motivo nel suo registro.
puzzle-hint-unavailable = I problemi non sono disponibili al momento.
puzzle-hint-none-open = Nessun problema aperto: { $cmd } te ne dà uno.
puzzle-hint-no-match = Nessuna mossa regolare comincia così. Mosse regolari: { $legal }
# $rated: yes o no.
puzzle-new = 🧩 **Problema { $id }** · difficoltà { $difficulty } · { $rated ->
        [yes] vale per il punteggio
       *[no] non vale per il punteggio (l'hai già incontrato)
    }
puzzle-previous-closed = Il problema precedente è chiuso, senza effetto sul punteggio.
puzzle-daily-new = 🧩 **Il problema del giorno** · difficoltà { $difficulty } · { $rated ->
        [yes] vale per il punteggio
       *[no] non vale per il punteggio (l'hai già incontrato)
    } · il prossimo { $next }
puzzle-daily-again = 🧩 **Il problema del giorno**, dove l'avevi lasciato · il prossimo { $next }
puzzle-daily-done = Il problema di oggi l'hai già affrontato: { $solved ->
        [yes] risolto
       *[no] non risolto
    }. Il prossimo arriva { $next }.
puzzle-stale = Questa scacchiera del problema non è più aggiornata: rispondi sull'ultima che hai ricevuto, oppure con { $cmd }.
puzzle-not-yours = Questo problema è di un altro giocatore: con { $cmd } ne ricevi uno tutto tuo.
puzzle-none-open = Non hai nessun problema aperto: { $cmd } te ne dà uno.
puzzle-gone = Quel problema non è più nella raccolta: { $cmd } te ne dà un altro.
puzzle-correct = ✅ **{ $move }** è giusta. { $color ->
        [white] Il Bianco
       *[black] Il Nero
    } risponde { $reply }.
puzzle-solved = 🎉 **{ $move }**: risolto!
puzzle-wrong = ❌ **{ $move }** non è la soluzione: la mossa giusta era **{ $solution }**.
puzzle-solution = Soluzione: `{ $line }`
puzzle-rating-change = Punteggio problemi: { $before } → **{ $after }** ({ $change })
puzzle-unrated = Non vale per il punteggio: conta solo il primo tentativo a ogni problema.
puzzle-streak = Serie: { $streak ->
        [one] un problema risolto
       *[other] { $streak } problemi risolti
    } di fila (record { $best })
puzzle-move-menu = La tua mossa
puzzle-your-move = { $color ->
        [white] Il Bianco
       *[black] Il Nero
    } muove e vince: scegli la mossa qui sotto, oppure scrivila con { $cmd }.
puzzle-caption = { $color ->
        [white] Il Bianco
       *[black] Il Nero
    } muove e vince
puzzle-caption-solution = Soluzione: { $line }
puzzle-button-next = Prossimo problema
puzzle-button-solve = Risolvi
puzzle-ranking-mine = **{ $name }** · punteggio problemi { $rating } · { $solved } risolti, { $failed } sbagliati · serie { $streak } (record { $best })
puzzle-ranking-mine-none = **{ $name }** non ha ancora concluso nessun problema qui: { $cmd } te ne dà uno.
puzzle-ranking-title = **I migliori solutori**
puzzle-ranking-line = `{ $rank }.` **{ $name }** { $rating } · { $solved } risolti su { $attempts } · serie record { $best }
puzzle-ranking-empty = Qui nessuno ha ancora concluso { $min } problemi.
puzzle-daily-post = 🧩 **Il problema del giorno** · { $color ->
        [white] il Bianco
       *[black] il Nero
    } muove e vince · difficoltà { $difficulty }. Premi **Risolvi** per provarci (il tuo tentativo lo vedi solo tu); il prossimo arriva { $next }.
puzzle-daily-yesterday = La soluzione di ieri: `{ $line }` · { $solvers ->
        [0] non l'ha risolto nessuno
        [one] l'ha risolto una persona
       *[other] l'hanno risolto in { $solvers }
    }
puzzle-settings-hour-range = L'ora del problema del giorno va da 0 a 23 (UTC).
puzzle-settings-channel-closed = Non posso pubblicare il problema del giorno in { $channel }: lì mi serve { $permissions }. Concedimelo in quel canale, o scegline un altro; non è cambiato nulla.
puzzle-settings-daily = Il problema del giorno sarà pubblicato in { $channel } ogni giorno alle { $hour } UTC; il primo { $first }.
puzzle-settings-daily-off = Il problema del giorno non sarà più pubblicato.
puzzle-settings-hour = Il problema del giorno cambia ogni giorno alle { $hour } UTC.
puzzle-settings-show = Problema del giorno: { $posted ->
        [yes] pubblicato in { $channel }
       *[no] non pubblicato
    }, cambia alle { $hour } UTC

## Console
# Section: the console (damabot local).
# Le righe della console. $help, $challenge: comandi da scrivere (/aiuto, /sfida).
console-banner = Console di Dama. Scrivi `alice: { $help }` per cominciare, `@help` per i comandi della console, Ctrl-D per uscire.
console-line-form = Scrivi righe come `alice: { $challenge } bob` (NOME: /comando ...), oppure `@help`.
console-help = Righe della console:
    NOME: /comando ...     agisci come NOME (creato al primo uso), per esempio `alice: { $challenge } bob`
    NOME: /click ID [VALORE] premi un pulsante o scegli da un menu (gli id sono tra parentesi quadre)
    @channel NOME          passa a un altro canale o thread (#general, #dama-12-alice-bob)
    @guild NOME            passa a un altro server (con la sua classifica)
    @advance DURATA        manda avanti l'orologio (10m, 2h, 3days)
    @advance               gioca il turno in corso del torneo di questo canale (prime mosse, poi abbandoni e patte)
    @mod NOME              NOME può moderare e gestire il server (per /interrompi, /impostazioni)
    @locale it|en|es       la lingua delle risposte e del server (all'inizio l'inglese)
    @threads on|off        se il bot può aprire un thread per ogni partita (all'inizio sì)
    @dm-closed NOME        i messaggi diretti a NOME non arrivano (@dm-open NOME li riapre)
    @hide NOME #CANALE     NOME non vede CANALE (all'inizio ognuno vede ogni canale)
    # ...                  un commento
console-channel = (ora nel canale #{ $name })
console-guild = (ora nel server { $name }, canale #general)
console-advance = (l'orologio va avanti di { $duration })
console-advance-usage = @advance vuole una durata come 10m, 2h o 3days: { $error }
console-advance-round = (turno { $round } di { $name }: { $games ->
        [one] una partita giocata
       *[other] { $games } partite giocate
    })
console-advance-no-tournament = In questo canale non c'è un torneo in corso: @advance senza durata ne gioca il turno. Per far avanzare l'orologio indica una durata (10m, 2h, 3days).
# /torneo nella console. $steps: i passi come si scrivono; $create, $pairings, $forfeit: come si scrivono.
console-tournament-usage = Cosa deve fare il torneo? { $steps }
console-tournament-create-usage = `{ $create } NOME` accetta `formula:svizzero|girone-all'italiana`, `turni:5`, `partite:1|2`, `tempo:24h`, `valido:sì|no`, `aperture:sì|no` e `iscrizioni:2h`.
console-tournament-round = Indica il turno con un numero, come `{ $pairings } 2`.
console-tournament-member = Indica chi perde a forfait, come `{ $forfeit } bob`.
console-moderator = ({ $name } ora può moderare)
console-threads = { $on ->
        [on] (il bot può di nuovo aprire thread)
       *[off] (il bot non può aprire thread: le partite si giocano nel loro canale)
    }
console-threads-usage = @threads vuole on o off (sì o no).
console-dm-closed = (i messaggi diretti di { $name } sono chiusi)
console-dm-open = (i messaggi diretti di { $name } sono di nuovo aperti)
console-thread-opened = (aperto il thread #{ $name })
console-thread-now = (ora nel thread #{ $name })
console-thread-stays-open = (il thread #{ $name } resta aperto per un giorno)
console-dm = (DM a { $name })
console-dm-failed = (il DM a { $name } non è arrivato: lo scrivo nel canale)
console-locale = (ora rispondo in { $language ->
        [it] italiano
        [es] spagnolo
       *[en] inglese
    })
console-locale-usage = @locale vuole una lingua: it, en o es.
console-unknown-directive = Direttiva sconosciuta `@{ $directive }`. Prova `@help`.
console-slash = I comandi cominciano con `/`, come `{ $name }: { $help }`.
console-unknown-command = Comando sconosciuto `/{ $name }`. Prova `{ $help }`.
console-internal-error = errore interno: { $error }
console-which-move = Quale mossa? Puoi giocare: { $moves }
console-which-move-hint = Quale mossa? { $hint }
console-suggestions = suggerimenti: { $moves }
console-suggestions-none = suggerimenti: nessuno ({ $hint })
console-not-a-level = `{ $level }` non è un livello: usa da 1 (principiante) a 8 (maestro).
console-not-a-colour = `{ $colour }` non è un colore: bianco, nero o caso.
console-draw-usage = `{ $draw } { $typed }`? Usa `{ $offer }`, `{ $accept }` o `{ $decline }`.
console-game-number = Scrivi il numero della partita, come `{ $pdn } 12`.
console-settings-usage = `{ $settings }` accetta `lingua:it|en|es|auto`, `notifiche:dm|menzione|niente`, `tempo:24h`, `scadenza:1day|auto`, `thread:sì|no`, `aggiungi-canale:#NOME`, `togli-canale:#NOME`, `problema-del-giorno:#NOME`, `ora-problema:0-23` e `togli-problema:sì`; da solo mostra le impostazioni.
console-click-usage = `/click ID [VALORE]` preme un pulsante (gli id sono tra parentesi quadre).
console-only-you = (lo vedi solo tu)
# A moment, relative to the console's clock. $duration: how far.
console-moment-future = tra { $duration }
console-moment-past = { $duration } fa
console-board-saved = (damiera salvata in { $path })
console-saved = (salvato { $path })
console-cannot-save = (impossibile salvare { $path }: { $error })
console-attachment = ({ $file }, { $bytes } byte; usa --images DIR per salvare i file)
# The text board's letters, separated by spaces: white man, black man, white king, black king.
console-pieces = b n B N
console-to-move = { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    }
console-colour-white = bianco
console-colour-black = nero
console-colour-random = caso
console-value-on = sì
console-value-off = no
console-value-auto = auto
console-notify-dm = dm
console-notify-ping = menzione
console-notify-off = niente
console-hidden = (#{ $channel } ora è nascosto a { $name })
console-hide-usage = @hide vuole un nome e un canale, come `@hide bob #staff`.

## Activity: the words of the board page

activity-your-move = Tocca a te
activity-their-move = Tocca all'avversario
activity-waiting = In attesa dell'avversario…
activity-spectators = Spettatori
activity-accept = Accetta
activity-decline = Rifiuta
activity-confirm-resign = Abbandonare questa partita?
activity-analysis = Analisi
activity-lobby = Partite in questo canale
activity-no-games = Nessuna partita in corso qui: iniziane una.
activity-open-challenges = Sfide
activity-watch = Guarda
activity-challenge = Sfida
activity-open-challenge = Sfida aperta (chiunque può accettare)
activity-play-engine = Gioca contro il motore
activity-level = Livello
activity-white = Bianco
activity-black = Nero
activity-random-colour = Colore a caso
activity-choose-path = Due prese finiscono qui: scegli il percorso.
activity-reconnecting = Riconnessione…
activity-clock = Orologio
activity-time-left = Tempo rimasto
activity-time-per-move = Tempo per mossa
activity-moves = Mosse
activity-draw-offered = Patta proposta
activity-takeback-asked = Ritiro chiesto
activity-back = Torna alle partite
activity-too-many-messages = Troppe azioni insieme: rallenta un momento.
activity-bad-message = La scacchiera ha inviato qualcosa che il bot non capisce: ricaricala.
activity-no-such-game = Questa partita non c'è qui.
activity-sign-in-failed = Non è stato possibile riconoscerti: apri di nuovo la scacchiera da Discord.
activity-not-in-instance = Questa scacchiera non è aperta nel tuo canale: aprila di nuovo da Discord.
activity-present = Presenti
activity-nobody-present = Nessun altro ha la damiera aperta qui.
activity-challenges-for-you = Sfide per te
activity-cancel = Ritira
activity-not-present = Questa persona non ha la damiera aperta qui.

## I comandi, come li mostra Discord (nomi: minuscole, da 1 a 32 lettere, cifre, - o _).
# Un messaggio per comando o sottocomando, `cmd-` e il suo percorso inglese con i trattini
# (`cmd-draw-offer` per /patta proponi); il valore è il nome. Attributi (le chiavi delle opzioni
# sono i loro nomi inglesi):
#   .description           la descrizione del comando (da 1 a 100 caratteri)
#   .OPZIONE               il nome di un'opzione
#   .OPZIONE-description   la descrizione di quell'opzione
# Le scelte delle opzioni sono messaggi della sezione Discord (discord-choice-*), i tempi di
# /sfida le durate comuni. Questo file dà a Discord la lingua `it`.

cmd-challenge = sfida
    .description = Sfida un membro, o chiunque qui, a una partita di dama valida per la classifica
    .member = avversario
    .member-description = Il membro da sfidare (se non indicato, una sfida aperta a tutti)
    .colour = colore
    .colour-description = Il tuo colore (il Bianco muove per primo); a caso se non indicato
    .time = tempo
    .time-description = Tempo per mossa (5 minuti, 2 ore, 3 giorni) o un orologio come 5+3; 24 ore se non indicato
cmd-accept = accetta
    .description = Accetta una sfida in questo canale: quella che hai ricevuto o una aperta
    .from = da
    .from-description = Di chi è la sfida da accettare (quando ce ne sono più aperte)
cmd-decline = rifiuta
    .description = Rifiuta la sfida che hai ricevuto in questo canale
cmd-cancel = annulla
    .description = Ritira la tua sfida aperta in questo canale
cmd-play = gioca
    .description = Gioca contro di me, dal livello 1 (principiante) all'8 (maestro)
    .level = livello
    .level-description = Quanto forte gioco (livello 1 se non indicato)
    .colour = colore
    .colour-description = Il tuo colore (il Bianco muove per primo); a caso se non indicato
    .clock = orologio
    .clock-description = Una partita a orologio, per esempio 5+3 (minuti + secondi per mossa); nessuno se non indicato
cmd-move = mossa
    .description = Gioca una mossa nella partita di questo canale: 22-18, 22x13 o 22x13x6
    .move = mossa
    .move-description = La tua mossa; l'elenco propone le tue mosse legali
cmd-board = damiera
    .description = Mostra di nuovo la damiera della partita di questo canale
    .flip = capovolgi
    .flip-description = Mostrala dall'altro lato
cmd-resign = abbandona
    .description = Abbandona la partita di questo canale
cmd-draw = patta
    .description = Proponi, accetta o rifiuta la patta
cmd-draw-offer = proponi
    .description = Proponi la patta al tuo avversario
cmd-draw-accept = accetta
    .description = Accetta la patta proposta dal tuo avversario
cmd-draw-decline = rifiuta
    .description = Rifiuta la patta proposta (o ritira la tua)
cmd-claim = reclama
    .description = Reclama la vittoria quando il tempo per mossa dell'avversario è scaduto
cmd-abort = interrompi
    .description = Moderatori: ferma la partita di questo canale senza risultato
cmd-leaderboard = classifica
    .description = La classifica del server nelle partite valide
    .page = pagina
    .page-description = La pagina da mostrare (1 se non indicata)
cmd-stats = statistiche
    .description = Punteggio, risultati e serie di un giocatore
    .member = membro
    .member-description = Di chi (le tue se non indicato)
cmd-history = storico
    .description = Le partite recenti di un membro o di questo canale
    .member = membro
    .member-description = Di chi (quelle di questo canale se non indicato)
cmd-pdn = pdn
    .description = Una partita come file PDN
    .game = partita
    .game-description = Il numero della partita (quella di questo canale se non indicato)
cmd-replay = rivedi
    .description = Una partita come animazione
    .game = partita
    .game-description = Il numero della partita (quella di questo canale se non indicato)
cmd-rules = regole
    .description = Le regole della dama italiana
cmd-help = aiuto
    .description = Tutti i comandi di Dama
cmd-games = partite
    .description = Le tue partite in questo server: a chi tocca, il tempo che resta, il link a ogni damiera
    .all = tutte
    .all-description = Moderatori: tutte le partite in corso nel server
cmd-takeback = ritira
    .description = Ritira la tua ultima mossa (contro un membro: glielo chiedi)
cmd-settings = impostazioni
    .description = Le tue notifiche e le impostazioni di Dama per questo server; senza opzioni le mostra
    .language = lingua
    .language-description = Chi gestisce il server: la lingua dei suoi messaggi pubblici
    .notify = notifiche
    .notify-description = Come ti avviso delle tue partite: messaggi diretti, menzioni o niente
    .time = tempo
    .time-description = Chi gestisce il server: il tempo per mossa delle sfide che non lo indicano
    .expiry = scadenza
    .expiry-description = Chi gestisce il server: quanto restano aperte le sfide
    .threads = thread
    .threads-description = Chi gestisce il server: ogni partita in un thread del suo canale, o no
    .add-channel = aggiungi-canale
    .add-channel-description = Chi gestisce il server: un canale dove si possono iniziare partite (poi solo lì)
    .remove-channel = togli-canale
    .remove-channel-description = Chi gestisce il server: un canale da togliere dall'elenco dei canali di gioco
    .daily-puzzle = problema-del-giorno
    .daily-puzzle-description = Chi gestisce il server: il canale dove pubblico il problema del giorno
    .daily-puzzle-hour = ora-problema
    .daily-puzzle-hour-description = Chi gestisce il server: l'ora (0-23, UTC) in cui cambia il problema del giorno
    .daily-puzzle-off = togli-problema
    .daily-puzzle-off-description = Chi gestisce il server: True smette di pubblicare il problema del giorno
cmd-hint = suggerimento
    .description = Contro di me: la mossa migliore nella partita di questo canale, e perché (pochi per partita)
cmd-analysis = analisi
    .description = L'analisi del motore di una partita finita: errori, grafico del vantaggio, PDN commentato
    .game = partita
    .game-description = Il numero della partita (l'ultima finita in questo canale se non indicato)
cmd-tournament = torneo
    .description = I tornei del server: sistema svizzero o girone all'italiana, dalle iscrizioni alla classifica
cmd-tournament-create = crea
    .description = Chi gestisce il server: apre le iscrizioni a un torneo, con i pulsanti Iscriviti e Ritirati
    .name = nome
    .name-description = Il nome del torneo
    .format = formula
    .format-description = Svizzero (per gruppi di punteggio) o girone all'italiana, tutti contro tutti; di norma svizzero
    .format-swiss = Svizzero
    .format-round-robin = Girone all'italiana
    .rounds = turni
    .rounds-description = Svizzero: quanti turni (5 se non indicato)
    .games = partite
    .games-description = Partite per ogni coppia: 1, o 2 a colori invertiti (1 se non indicato)
    .time = tempo
    .time-description = Tempo per mossa, per esempio 5 minuti, 2 ore o 3 giorni (quello del server se non indicato)
    .rated = valido
    .rated-description = Se le partite contano per la classifica del server (sì se non indicato)
    .openings = aperture
    .openings-description = Ogni turno parte da un'apertura sorteggiata tra quelle di tre mosse (no se non indicato)
    .signup = iscrizioni
    .signup-description = Per quanto restano aperte le iscrizioni, es. 30 minuti o 2 ore (fino all'avvio se non indicato)
cmd-tournament-join = iscriviti
    .description = Iscriviti al torneo di questo canale
cmd-tournament-start = avvia
    .description = Chiude le iscrizioni e abbina il primo turno
cmd-tournament-standings = classifica
    .description = La classifica del torneo di questo canale
cmd-tournament-pairings = abbinamenti
    .description = Gli abbinamenti e i risultati di un turno
    .round = turno
    .round-description = Quale turno (quello in corso se non indicato)
cmd-tournament-withdraw = ritirati
    .description = Lascia il torneo: le partite giocate contano, non vieni più abbinato
cmd-tournament-forfeit = forfait
    .description = Moderatori: un giocatore perde a forfait la partita in corso e lascia il torneo
    .member = giocatore
    .member-description = Il giocatore che perde a forfait
cmd-tournament-cancel = annulla
    .description = Chi gestisce il server: annulla il torneo (le partite in corso finiscono senza risultato)
cmd-tournament-pdn = pdn
    .description = Tutte le partite del torneo in un unico file PDN
cmd-puzzle = problema
    .description = Un colpo da risolvere vicino al tuo punteggio: il Bianco muove e vince (lo vedi solo tu)
    .daily = giorno
    .daily-description = True: il problema del giorno del server, lo stesso per tutti
    .move = mossa
    .move-description = La tua risposta al problema aperto; l'elenco propone le mosse regolari
cmd-puzzles = problemi
    .description = Il tuo punteggio nei problemi, la tua serie e i migliori solutori del server
