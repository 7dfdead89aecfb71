# Testi italiani di Dama, con il lessico della FID. Ogni messaggio esiste anche in en/ ed es/
# con le stesse variabili. Le variabili $cmd_* sono comandi come li vede chi legge: una menzione
# cliccabile di Discord, o il nome da scrivere (/sfida) dove non c'è.
# I comandi (cmd-*) sono in fondo: il valore è il nome, gli attributi la descrizione e le
# opzioni (.description, .OPZIONE, .OPZIONE-description, con i nomi inglesi delle opzioni).

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


## Discord
# Section: Discord: errors, permissions, command options.
# Risposte private agli errori che nota l'adattatore, nella lingua di Discord di chi legge.
discord-apology = Scusa, qualcosa non ha funzionato da parte mia e non sono riuscito a farlo. Riprova tra un momento.
discord-outdated-command = Questo comando è cambiato con un aggiornamento del bot; Discord mostrerà la nuova versione tra un minuto. Riprova allora.
# $input: quello che è stato scritto.
discord-option-unreadable = Non riesco a leggere `{ $input }`. Controlla l'opzione e riprova.
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
discord-time-unreadable = Non riesco a leggere il tempo per mossa `{ $input }`: scrivilo come `5 minuti`, `2 ore` o `3 giorni`.
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
# Le lingue di /impostazioni lingua. $language: it, en, es, o auto (quella di Discord).
discord-choice-language = { $language ->
        [it] Italiano
        [en] English
        [es] Español
       *[auto] Quella di Discord (automatica)
    }


## Console
# Section: the console (damabot local).

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
    .description = Sfida un membro a una partita di dama valida per la classifica
    .member = avversario
    .member-description = Il membro da sfidare
    .colour = colore
    .colour-description = Il tuo colore (il Bianco muove per primo); a caso se non indicato
    .time = tempo
    .time-description = Tempo per mossa, per esempio 5 minuti, 2 ore o 3 giorni (24 ore se non indicato)
cmd-accept = accetta
    .description = Accetta la sfida che hai ricevuto in questo canale
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
cmd-settings = impostazioni
    .description = Le impostazioni di Dama per questo server
cmd-settings-language = lingua
    .description = La lingua dei messaggi pubblici del server (chi gestisce il server)
    .language = lingua
    .language-description = La lingua da parlare (quella di Discord per il server se non indicata)
