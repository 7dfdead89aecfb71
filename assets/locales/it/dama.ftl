# Testi italiani di Dama, con il lessico della FID. Ogni messaggio esiste anche in en/ ed es/
# con le stesse variabili. I comandi hanno i nomi che Discord mostra in italiano.

# /aiuto: tutti i comandi. $max-level: il livello più forte del motore.
help = **Dama: la dama italiana su Discord**
    { "**" }Giocare**
    `/sfida avversario [colore] [tempo]` sfida un membro (partita valida per la classifica; tempo per mossa da 5 minuti a 3 giorni)
    `/accetta`, `/rifiuta`, `/annulla` rispondi a una sfida o ritirala (anche con i suoi pulsanti)
    `/gioca [livello] [colore]` gioca contro di me, livelli da 1 (principiante) a { $max-level } (maestro)
    `/mossa mossa` gioca una mossa: `22-18`, `22x13`, `22x13x6` oppure `d3-c4`; l'elenco propone le mosse regolari
    `/damiera` mostra di nuovo la damiera (o scegli la mossa dal menu sotto)
    `/patta proponi|accetta|rifiuta`, `/abbandona` per chiudere la partita
    `/reclama` vinci quando l'avversario ha esaurito il tempo per mossa
    `/interrompi` (moderatori) ferma la partita di questo canale senza risultato
    { "**" }Consultare**
    `/classifica`, `/statistiche [membro]`, `/storico [membro]`
    `/pdn [partita]` la partita in un file PDN, `/rivedi [partita]` come animazione
    `/regole` le regole della dama italiana
    Una partita per canale: per giocarne altre aprite dei thread.

# /regole. $repetitions: quante volte deve presentarsi una posizione per la patta;
# $quiet-moves: mosse di ciascun giocatore senza prese né mosse di pedina che danno la patta.
rules = **Dama italiana: il regolamento in breve** (Federazione Italiana Dama)
    • Si gioca sulle case scure di una damiera 8×8, sistemata in modo che ogni giocatore abbia **una casa scura nell'angolo in basso a destra**. Le case sono numerate da 1 a 32 dal lato del Nero: il Bianco parte dalle case 21-32 e **muove per primo**.
    • La pedina avanza di una casa in diagonale, **solo in avanti**. Quando raggiunge l'ultima traversa diventa dama e **la mossa finisce lì**, anche se stava facendo una presa multipla.
    • La dama si muove di **una sola casa** in diagonale, avanti o indietro: nella dama italiana la dama non "vola".
    • **La presa è obbligatoria** e continua finché è possibile (presa multipla). La pedina prende solo in avanti e **non può mai prendere una dama**; la dama prende pedine e dame, in avanti e all'indietro.
    • Se si può prendere in più modi, si deve scegliere, in quest'ordine: la presa che cattura **più pezzi**; a parità, quella **fatta con la dama**; poi quella che cattura **più dame**; poi quella che incontra **prima una dama**. Se resta parità, si sceglie liberamente.
    • Perde chi resta senza pezzi, chi **non ha mosse regolari** (chi è bloccato non pareggia) e chi abbandona.
    • Patta: per accordo, quando la stessa posizione si presenta per la { $repetitions }ª volta, oppure dopo { $quiet-moves } mosse per parte senza prese né mosse di pedina.
    Le mosse si scrivono `22-18`, le prese `22x13` oppure con tutte le case di arrivo `22x13x6`.
