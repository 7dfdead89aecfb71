# Textos en español de Dama (damas italianas). Cada mensaje existe también en it/ y en/ con
# las mismas variables. Las variables $cmd_* son comandos como los ve quien lee: una mención
# de Discord en la que se puede hacer clic, o el nombre que se escribe (/retar) donde no la hay.
# Los comandos (cmd-*) están al final: el valor es el nombre, los atributos la descripción y
# las opciones (.description, .OPCIÓN, .OPCIÓN-description, con los nombres en inglés).

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


## Discord
# Section: Discord: errors, permissions, command options.
# Respuestas privadas a los errores que nota el adaptador, en el idioma de Discord de quien lee.
discord-apology = Lo siento, algo falló por mi parte y no pude hacerlo. Vuelve a intentarlo en un momento.
discord-outdated-command = Este comando cambió con una actualización del bot; Discord mostrará la versión nueva en un minuto. Vuelve a intentarlo entonces.
# $input: lo que se escribió.
discord-option-unreadable = No pude leer `{ $input }`. Revisa la opción y vuelve a intentarlo.
discord-options-unreadable = No pude leer una de las opciones. Revísalas y vuelve a intentarlo.
discord-check-failed = Aquí no puedes usar este comando.
# $seconds: cuánto esperar.
discord-cooldown = Más despacio: vuelve a intentarlo en { $seconds } s.
# $permission: el nombre de un permiso (discord-permission).
discord-missing-user-permission = Para este comando necesitas el permiso **{ $permission }** en este canal.
discord-missing-user-permissions = Te falta un permiso que este comando necesita.
# $count: cuántos permisos; $permissions: sus nombres, en negrita, separados por comas.
discord-missing-bot-permissions = No puedo llevar partidas en este canal: me { $count ->
        [one] falta el permiso { $permissions }. Pide a un administrador del servidor que se lo dé
       *[other] faltan los permisos { $permissions }. Pide a un administrador del servidor que se los dé
    } a mi rol (o en los ajustes de este canal) y vuelve a intentarlo.
# Un permiso como lo llama Discord. $permission: su clave.
discord-permission = { $permission ->
        [view-channel] Ver canales
        [send-messages] Enviar mensajes
        [send-messages-in-threads] Enviar mensajes en hilos
        [embed-links] Insertar enlaces
        [attach-files] Adjuntar archivos
        [read-message-history] Leer el historial de mensajes
        [manage-messages] Gestionar mensajes
       *[manage-server] Gestionar servidor
    }
discord-guild-only = Las damas se juegan en los canales de los servidores: usa allí los comandos.
discord-slash-only = Usa los comandos con barra: escribe `/` para verlos.
# $choices: los subcomandos, como los muestra Discord, separados por comas.
discord-subcommand-required = Elige qué hacer: { $choices }.
discord-not-a-moderator = Solo los moderadores (Gestionar mensajes en este canal) pueden anular una partida. Los jugadores pueden usar { $cmd_resign } u ofrecer tablas ({ $cmd_draw_offer }).
# La opción de tiempo de /retar. $input: lo que se escribió.
discord-time-unreadable = No pude leer el tiempo por jugada `{ $input }`: escríbelo como `5 min`, `2 horas` o `3 días`.
discord-moves-unavailable = No pude listar tus jugadas ahora mismo: escribe la tuya, por ejemplo 22-18.
discord-move-placeholder = Escribe tu jugada, por ejemplo 22-18
# Bajo un rechazo sobre un tablero antiguo. $link: el mensaje del tablero actual.
discord-current-board = [Ir al tablero actual]({ $link })
# Un archivo demasiado grande para el servidor. $file: su nombre; $megabytes: su tamaño.
discord-file-too-big = ({ $file } pesa { NUMBER($megabytes, minimumFractionDigits: 1) } MB, más de lo que acepta este servidor.)
# Tras una mención por un tablero actualizado en su sitio. $link: el mensaje del tablero.
discord-board-link = ([tablero]({ $link }))
# Las opciones de los comandos.
discord-choice-white = Blancas
discord-choice-black = Negras
discord-choice-random = Al azar
# Un nivel de /jugar. $level: de 1 a 8.
discord-choice-level = { $level } · { level-name }
# Los idiomas de /ajustes idioma. $language: it, en, es o auto (el de Discord).
discord-choice-language = { $language ->
        [it] Italiano
        [en] English
        [es] Español
       *[auto] El de Discord (automático)
    }


## Console
# Section: the console (damabot local).

## Los comandos, como los muestra Discord (nombres: minúsculas, de 1 a 32 letras, cifras, - o _).
# Un mensaje por comando o subcomando, `cmd-` y su ruta en inglés con guiones
# (`cmd-draw-offer` para /tablas ofrecer); su valor es el nombre. Atributos (las claves de las
# opciones son sus nombres en inglés):
#   .description           la descripción del comando (de 1 a 100 caracteres)
#   .OPCIÓN                el nombre de una opción
#   .OPCIÓN-description    la descripción de esa opción
# Las opciones a elegir son mensajes de la sección Discord (discord-choice-*), los tiempos de
# /retar las duraciones comunes. Este archivo da a Discord `es-ES` y `es-419`.

cmd-challenge = retar
    .description = Reta a un miembro a una partida de damas puntuada
    .member = miembro
    .member-description = El miembro al que retas
    .colour = color
    .colour-description = Tu color (las blancas mueven primero); al azar si no lo indicas
    .time = tiempo
    .time-description = Tiempo por jugada, por ejemplo 5 min, 2 horas o 3 días (24 h si no lo indicas)
cmd-accept = aceptar
    .description = Acepta el reto que te enviaron en este canal
cmd-decline = rechazar
    .description = Rechaza el reto que te enviaron en este canal
cmd-cancel = cancelar
    .description = Retira tu reto abierto en este canal
cmd-play = jugar
    .description = Juega contra mí, del nivel 1 (principiante) al 8 (maestro)
    .level = nivel
    .level-description = Qué tan fuerte juego (nivel 1 si no lo indicas)
    .colour = color
    .colour-description = Tu color (las blancas mueven primero); al azar si no lo indicas
cmd-move = jugada
    .description = Haz una jugada en la partida de este canal: 22-18, 22x13 o 22x13x6
    .move = jugada
    .move-description = Tu jugada; la lista te ofrece tus jugadas legales
cmd-board = tablero
    .description = Muestra otra vez el tablero de la partida de este canal
    .flip = girar
    .flip-description = Muéstralo desde el otro lado
cmd-resign = abandonar
    .description = Abandona la partida de este canal
cmd-draw = tablas
    .description = Ofrece, acepta o rechaza tablas
cmd-draw-offer = ofrecer
    .description = Ofrece tablas a tu rival
cmd-draw-accept = aceptar
    .description = Acepta las tablas que te ofreció tu rival
cmd-draw-decline = rechazar
    .description = Rechaza las tablas ofrecidas (o retira tu oferta)
cmd-claim = reclamar
    .description = Reclama la victoria cuando al rival se le acabó el tiempo por jugada
cmd-abort = anular
    .description = Moderadores: detiene la partida de este canal sin resultado
cmd-leaderboard = clasificación
    .description = La clasificación del servidor en partidas puntuadas
    .page = página
    .page-description = La página que mostrar (1 si no la indicas)
cmd-stats = estadísticas
    .description = Puntuación, resultados y racha de un jugador
    .member = miembro
    .member-description = De quién (las tuyas si no lo indicas)
cmd-history = historial
    .description = Partidas recientes de un miembro o de este canal
    .member = miembro
    .member-description = De quién (las de este canal si no lo indicas)
cmd-pdn = pdn
    .description = Una partida como archivo PDN
    .game = partida
    .game-description = El número de la partida (la de este canal si no lo indicas)
cmd-replay = reproducir
    .description = Una partida como animación
    .game = partida
    .game-description = El número de la partida (la de este canal si no lo indicas)
cmd-rules = reglas
    .description = Las reglas de las damas italianas
cmd-help = ayuda
    .description = Todos los comandos de Dama
cmd-settings = ajustes
    .description = Los ajustes de Dama en este servidor
cmd-settings-language = idioma
    .description = El idioma de los mensajes públicos del servidor (quien gestiona el servidor)
    .language = idioma
    .language-description = El idioma que hablar (el de Discord para el servidor si no lo indicas)
