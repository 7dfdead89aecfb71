# Textos en español de Dama (damas italianas). Cada mensaje existe también en it/ y en/ con
# las mismas variables. Las variables $cmd_* son comandos como los ve quien lee: una mención
# de Discord en la que se puede hacer clic, o el nombre que se escribe (/retar) donde no la hay.

# /ayuda: todos los comandos. $max_level: el nivel más fuerte del motor.
help = **Dama: damas italianas en Discord**
    { "**" }Jugar**
    { $cmd_challenge } miembro [color] [tiempo]: reta a un miembro (partida puntuada; tiempo por jugada de 5 minutos a 3 días)
    { $cmd_accept }, { $cmd_decline }, { $cmd_cancel }: acepta, rechaza o retira un reto (o usa sus botones)
    { $cmd_play } [nivel] [color]: juega contra mí, del nivel 1 (principiante) al { $max_level } (maestro)
    { $cmd_move } jugada: haz una jugada, `22-18`, `22x13`, `22x13x6` o `d3-c4`; la lista sugiere las jugadas legales
    { $cmd_board }: muestra otra vez el tablero (o elige tu jugada en el menú de abajo)
    { $cmd_draw_offer }, { $cmd_draw_accept }, { $cmd_draw_decline } para las tablas, { $cmd_resign } para abandonar
    { $cmd_claim }: gana cuando a tu rival se le acabó el tiempo por jugada
    { $cmd_abort } (moderadores): detiene la partida de este canal sin resultado
    { "**" }Consultar**
    { $cmd_leaderboard }, { $cmd_stats } [miembro], { $cmd_history } [miembro]
    { $cmd_pdn } [partida]: la partida en un archivo PDN; { $cmd_replay } [partida]: como animación
    { $cmd_rules }: las reglas de las damas italianas
    { $cmd_settings_language } (quien gestiona el servidor): el idioma de los mensajes públicos del servidor
    Una partida por canal: para jugar más, abrid hilos.

# /rules. $repetitions: cuántas veces debe darse una posición para las tablas;
# $quiet_moves: jugadas de cada bando sin captura ni movimiento de peón que dan tablas.
rules = **Damas italianas: el reglamento en un minuto** (Federazione Italiana Dama)
    • Tablero de 8×8; se juega en las casillas oscuras y cada jugador tiene **una casilla oscura en la esquina inferior derecha**. Las casillas se numeran del 1 al 32 desde el lado de las negras: las blancas ocupan las casillas 21-32 y **salen primero**.
    • El peón avanza una casilla en diagonal, **solo hacia delante**. Si llega a la última fila se corona dama y **la jugada termina ahí**, aunque estuviera en medio de una captura.
    • La dama avanza o retrocede **una sola casilla** en diagonal: aquí no hay dama voladora.
    • **La captura es obligatoria** y sigue mientras se pueda. El peón captura solo hacia delante y **nunca puede capturar a una dama**; la dama captura peones y damas, hacia delante y hacia atrás.
    • Si hay varias capturas posibles, hay que elegir por este orden: la que captura **más piezas**; si empatan, la que **hace la dama**; después, la que captura **más damas**; por último, la que **encuentra antes una dama**. Si aún empatan, se elige libremente.
    • Pierde quien se queda sin piezas o **sin jugadas legales**: quedar bloqueado no es tablas, es derrota.
    • Tablas: por acuerdo, cuando la misma posición se repite por { $repetitions }.ª vez, o tras { $quiet_moves } jugadas de cada bando sin captura ni movimiento de peón.
    Las jugadas se escriben `22-18`, las capturas `22x13` o con todas las casillas de llegada `22x13x6`.


## Palabras comunes

# Una duración. $minutes, $hours, $days: sus partes.
duration-minutes = { $minutes } min
duration-hours = { $minutes ->
        [0] { $hours } h
       *[other] { $hours } h { $minutes } min
    }
duration-days = { $hours ->
        [0] { $days ->
            [one] { $days } día
           *[other] { $days } días
        }
       *[other] { $days ->
            [one] { $days } día
           *[other] { $days } días
        } y { $hours } h
    }
# El motor como jugador. $level: de 1 a 8.
engine-name = Dama (nivel { $level }, { level-name })
level-name = { $level ->
        [1] principiante
        [2] novato
        [3] ocasional
        [4] aficionado
        [5] de club
        [6] avanzado
        [7] experto
       *[8] maestro
    }
# Un comando que se escribe, donde Discord no puede mostrar uno en el que hacer clic. $name: /retar.
command-typed = `{ $name }`


## Challenges
# Section: challenges: /challenge, /accept, /decline, /cancel, /play, rematches, expiries.


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.


## Look-ups
# Section: look-ups: /leaderboard, /stats, /history, /pdn, /replay.


## Settings
# Section: settings: /settings, the server's language.
# /settings rechazado: el permiso como lo llama Discord en español.
settings-not-manager = Solo quien tiene el permiso **Gestionar servidor** puede cambiar los ajustes del servidor.
# /settings language: la respuesta, en el idioma elegido.
settings-language-chosen = De ahora en adelante hablo español en este servidor.
settings-language-discord = De ahora en adelante sigo el idioma del servidor en Discord: español.


## Discord
# Section: Discord: errors, permissions, command options.


## Console
# Section: the console (damabot local).
# Las líneas de la consola. $help, $challenge: comandos que se escriben (/ayuda, /retar).
console-banner = Consola de Dama. Escribe `alice: { $help }` para empezar, `@help` para los comandos de la consola, Ctrl-D para salir.
console-line-form = Escribe líneas como `alice: { $challenge } bob` (NOMBRE: /comando ...), o `@help`.
console-help = Líneas de la consola:
    NOMBRE: /comando ...   actúa como NOMBRE (se crea al usarlo por primera vez), por ejemplo `alice: { $challenge } bob`
    NOMBRE: /click ID [VALOR] pulsa un botón o elige en un menú (los id aparecen entre corchetes)
    @channel NOMBRE        pasa a otro canal (una partida por canal)
    @guild NOMBRE          pasa a otro servidor (con su propia clasificación)
    @advance DURACIÓN      adelanta el reloj (10m, 2h, 3days)
    @mod NOMBRE            NOMBRE puede moderar y gestionar el servidor (para /anular, /ajustes)
    @locale it|en|es       el idioma de las respuestas y del servidor (al principio, inglés)
    # ...                  un comentario
console-channel = (ahora en el canal #{ $name })
console-guild = (ahora en el servidor { $name }, canal #general)
console-advance = (el reloj avanza { $duration })
console-advance-usage = @advance necesita una duración como 10m, 2h o 3days: { $error }
console-moderator = ({ $name } ya puede moderar)
console-locale = (ahora respondo en { $language ->
        [it] italiano
        [es] español
       *[en] inglés
    })
console-locale-usage = @locale necesita un idioma: it, en o es.
console-unknown-directive = Directiva desconocida `@{ $directive }`. Prueba `@help`.
console-slash = Los comandos empiezan por `/`, como `{ $name }: { $help }`.
console-unknown-command = Comando desconocido `/{ $name }`. Prueba `{ $help }`.
console-internal-error = error interno: { $error }
console-which-move = ¿Qué jugada? Puedes jugar: { $moves }
console-which-move-hint = ¿Qué jugada? { $hint }
console-suggestions = sugerencias: { $moves }
console-suggestions-none = sugerencias: ninguna ({ $hint })
console-whom = ¿A quién? `{ $challenge } bob [color:blancas|negras|azar] [tiempo:24h]`
console-time-usage = tiempo: { $error } (usa 5m, 1h, 24h, 3days)
console-not-a-level = `{ $level }` no es un nivel: usa de 1 (principiante) a 8 (maestro).
console-not-a-colour = `{ $colour }` no es un color: blancas, negras o azar.
console-draw-usage = ¿`{ $draw } { $typed }`? Usa `{ $offer }`, `{ $accept }` o `{ $decline }`.
console-game-number = Escribe el número de la partida, como `{ $pdn } 12`.
console-settings-usage = `{ $settings } it|en|es`, o solo `{ $settings }` para seguir el idioma del servidor en Discord.
console-click-usage = `/click ID [VALOR]` pulsa un botón (los id aparecen entre corchetes).
console-only-you = (solo lo ves tú)
console-board-saved = (tablero guardado en { $path })
console-saved = (guardado { $path })
console-cannot-save = (no se pudo guardar { $path }: { $error })
console-attachment = ({ $file }, { $bytes } bytes; usa --images DIR para guardar los archivos)
console-to-move = { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    }
console-option-colour = color
console-option-time = tiempo
console-option-member = miembro
console-option-level = nivel
console-option-move = jugada
console-option-flip = girar
console-option-page = página
console-option-game = partida
console-option-language = idioma
console-colour-white = blancas
console-colour-black = negras
console-colour-random = azar

## Los comandos, como los muestra Discord (nombres: minúsculas, de 1 a 32 letras, cifras, - o _).

cmd-challenge = retar
cmd-accept = aceptar
cmd-decline = rechazar
cmd-cancel = cancelar
cmd-play = jugar
cmd-move = jugada
cmd-board = tablero
cmd-resign = abandonar
cmd-draw = tablas
cmd-draw-offer = ofrecer
cmd-draw-accept = aceptar
cmd-draw-decline = rechazar
cmd-claim = reclamar
cmd-abort = anular
cmd-leaderboard = clasificación
cmd-stats = estadísticas
cmd-history = historial
cmd-pdn = pdn
cmd-replay = reproducir
cmd-rules = reglas
cmd-help = ayuda
cmd-settings = ajustes
cmd-settings-language = idioma
