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


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.


## Look-ups
# Section: look-ups: /leaderboard, /stats, /history, /pdn, /replay.


## Settings
# Section: settings: /settings, the server's language.
# /settings rifiutato: il permesso come lo chiama Discord in italiano.
settings-not-manager = Solo chi ha il permesso **Gestire il server** può cambiare le impostazioni del server.
# /settings language: la risposta, nella lingua scelta.
settings-language-chosen = D'ora in poi parlo italiano in questo server.
settings-language-discord = D'ora in poi seguo la lingua del server su Discord: italiano.


## Discord
# Section: Discord: errors, permissions, command options.


## Console
# Section: the console (damabot local).
# Le righe della console. $help, $challenge: comandi da scrivere (/aiuto, /sfida).
console-banner = Console di Dama. Scrivi `alice: { $help }` per cominciare, `@help` per i comandi della console, Ctrl-D per uscire.
console-line-form = Scrivi righe come `alice: { $challenge } bob` (NOME: /comando ...), oppure `@help`.
console-help = Righe della console:
    NOME: /comando ...     agisci come NOME (creato al primo uso), per esempio `alice: { $challenge } bob`
    NOME: /click ID [VALORE] premi un pulsante o scegli da un menu (gli id sono tra parentesi quadre)
    @channel NOME          passa a un altro canale (una partita per canale)
    @guild NOME            passa a un altro server (con la sua classifica)
    @advance DURATA        manda avanti l'orologio (10m, 2h, 3days)
    @mod NOME              NOME può moderare e gestire il server (per /interrompi, /impostazioni)
    @locale it|en|es       la lingua delle risposte e del server (all'inizio l'inglese)
    # ...                  un commento
console-channel = (ora nel canale #{ $name })
console-guild = (ora nel server { $name }, canale #general)
console-advance = (l'orologio va avanti di { $duration })
console-advance-usage = @advance vuole una durata come 10m, 2h o 3days: { $error }
console-moderator = ({ $name } ora può moderare)
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
console-whom = Chi? `{ $challenge } bob [colore:bianco|nero|caso] [tempo:24h]`
console-time-usage = tempo: { $error } (usa 5m, 1h, 24h, 3days)
console-not-a-level = `{ $level }` non è un livello: usa da 1 (principiante) a 8 (maestro).
console-not-a-colour = `{ $colour }` non è un colore: bianco, nero o caso.
console-draw-usage = `{ $draw } { $typed }`? Usa `{ $offer }`, `{ $accept }` o `{ $decline }`.
console-game-number = Scrivi il numero della partita, come `{ $pdn } 12`.
console-settings-usage = `{ $settings } it|en|es`, oppure solo `{ $settings }` per seguire la lingua del server su Discord.
console-click-usage = `/click ID [VALORE]` preme un pulsante (gli id sono tra parentesi quadre).
console-only-you = (lo vedi solo tu)
console-board-saved = (damiera salvata in { $path })
console-saved = (salvato { $path })
console-cannot-save = (impossibile salvare { $path }: { $error })
console-attachment = ({ $file }, { $bytes } byte; usa --images DIR per salvare i file)
console-to-move = { $color ->
        [white] tocca al Bianco
       *[black] tocca al Nero
    }
console-option-colour = colore
console-option-time = tempo
console-option-member = membro
console-option-level = livello
console-option-move = mossa
console-option-flip = gira
console-option-page = pagina
console-option-game = partita
console-option-language = lingua
console-colour-white = bianco
console-colour-black = nero
console-colour-random = caso

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
