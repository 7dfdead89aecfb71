# Textos en español de Dama (damas italianas). Cada mensaje existe también en it/ y en/ con
# las mismas variables. Las variables $cmd_* son comandos como los ve quien lee: una mención
# de Discord en la que se puede hacer clic, o el nombre que se escribe (/retar) donde no la hay.
# Los comandos (cmd-*) están al final: el valor es el nombre, los atributos la descripción y
# las opciones (.description, .OPCIÓN, .OPCIÓN-description, con los nombres en inglés).

# /ayuda: todos los comandos. $max_level: el nivel más fuerte del motor.
help = **Dama: damas italianas en Discord**
    { "**" }Jugar**
    { $cmd_challenge } [miembro] [color] [tiempo]: reta a un miembro, o a cualquiera si no lo indicas (partida puntuada; tiempo por jugada de 5 minutos a 3 días)
    { $cmd_accept }, { $cmd_decline }, { $cmd_cancel }: acepta, rechaza o retira un reto (o usa sus botones)
    { $cmd_play } [nivel] [color]: juega contra mí, del nivel 1 (principiante) al { $max_level } (maestro)
    { $cmd_move } jugada: haz una jugada, `22-18`, `22x13`, `22x13x6` o `d3-c4`; la lista sugiere las jugadas legales
    { $cmd_board }: muestra otra vez el tablero (o elige tu jugada en el menú de abajo)
    { $cmd_draw_offer }, { $cmd_draw_accept }, { $cmd_draw_decline } para las tablas, { $cmd_resign } para abandonar
    { $cmd_claim }: gana cuando a tu rival se le acabó el tiempo por jugada
    { $cmd_takeback }: deshaz tu última jugada (contra un miembro: se lo pides)
    { $cmd_hint }: contra mí, mi mejor jugada y por qué (unas pocas por partida; el PDN de la partida las anota)
    { $cmd_games }: tus partidas en este servidor, a quién le toca y el tiempo que queda
    { $cmd_abort } (moderadores): detiene la partida de este canal sin resultado
    { "**" }Torneos**
    { $cmd_tournament_create } (quien gestiona el servidor) abre la inscripción: uno se inscribe con su botón o { $cmd_tournament_join }; { $cmd_tournament_start } empareja la primera ronda
    Cada partida tiene su hilo; cuando termina una ronda emparejo la siguiente. { $cmd_tournament_standings }, { $cmd_tournament_pairings } [ronda], { $cmd_tournament_withdraw }, { $cmd_tournament_pdn }; { $cmd_tournament_forfeit } y { $cmd_tournament_cancel } para moderadores y gestores
    { "**" }Problemas**
    { $cmd_puzzle }: un golpe que encontrar cerca de tu puntuación, solo para ti; responde desde su menú o con la opción jugada. Con la opción diario: el problema del día del servidor
    { $cmd_puzzles }: tu puntuación y tu racha en los problemas, y los mejores del servidor
    { "**" }Consultar**
    { $cmd_leaderboard }, { $cmd_stats } [miembro], { $cmd_history } [miembro]
    { $cmd_pdn } [partida]: la partida en un archivo PDN; { $cmd_replay } [partida]: como animación
    { $cmd_analysis } [partida]: una partida terminada revisada por el motor: los errores, un gráfico de la ventaja y el PDN comentado
    { $cmd_rules }: las reglas de las damas italianas
    { $cmd_settings }: cómo quieres enterarte de tus partidas (mensajes directos, menciones o nada); quien gestiona el servidor elige además el idioma, el tiempo por jugada, los hilos y los canales de partidas
    Donde puedo abrir hilos, cada partida tiene el suyo.

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


## Challenges
# Section: challenges: /challenge, /accept, /decline, /cancel, /play, rematches, expiries.
# Alguien ha retado a un bot. $cmd_play: el comando para jugar contra el motor; $max_level: su
# nivel más fuerte.
challenge-bot = Los bots no pueden aceptar retos. Para jugar contra mí, usa { $cmd_play } con un nivel del 1 (principiante) al { $max_level } (maestro).
challenge-self = No puedes retarte a ti mismo. Reta a otro miembro o juega contra mí con { $cmd_play }.
# $min, $max: duraciones.
challenge-time-range = El tiempo por jugada tiene que estar entre { $min } y { $max }.
# $opponent: el nombre de quien recibió el reto abierto.
challenge-already-open = Ya tienes un reto abierto aquí (a { $opponent }). Cancélalo antes con { $cmd_cancel }.
# El reto. $challenged, $challenger: menciones; $color: el de quien reta (white, black o random);
# $time: el tiempo por jugada; $expires: cuándo caduca (una hora que Discord actualiza).
challenge-message = { $challenged }, { $challenger } te reta a una partida de damas puntuable ({ $color ->
        [white] { $challenger } juega con blancas
        [black] { $challenger } juega con negras
       *[random] colores al azar
    }, { $time } por jugada). Acepta o rechaza: caduca { $expires }.
challenge-button-accept = Aceptar
challenge-button-decline = Rechazar
challenge-button-cancel = Cancelar
# $game: el número de la partida en juego en el canal.
challenge-channel-busy = Aquí ya hay una partida en juego (#{ $game }): empieza otra en un hilo o espera a que termine.
challenge-game-running = Aquí ya hay una partida en juego.
challenge-not-found = Ese reto no existe.
challenge-none-received = Nadie te ha retado en este canal.
challenge-none-sent = No tienes ningún reto abierto en este canal.
challenge-was-accepted = Este reto ya fue aceptado.
challenge-was-declined = Este reto fue rechazado.
challenge-was-cancelled = Este reto fue cancelado.
challenge-expired = Este reto ha caducado. Envía uno nuevo con { $cmd_challenge }.
# $name: quien puede hacerlo.
challenge-accept-not-yours = Solo { $name } puede aceptar este reto.
challenge-decline-not-yours = Solo { $name } puede rechazar este reto.
# Quien retó pulsó Rechazar en su propio reto.
challenge-decline-own = Solo { $name } puede rechazar este reto. Para retirarlo, pulsa Cancelar.
challenge-cancel-not-yours = Solo { $name } puede cancelar este reto.
# $name: quien aceptó; $white, $black: menciones.
challenge-accepted = ¡{ $name } ha aceptado! { $white } juega con blancas y { $black } con negras. Empiezan las blancas.
# $challenger, $challenged: menciones.
challenge-declined = { $name } ha rechazado el reto de { $challenger }.
challenge-cancelled = { $name } ha retirado el reto a { $challenged }.
challenge-level-range = Los niveles van del 1 (principiante) al { $max_level } (maestro).
# Empieza una partida contra el motor. $color: el del jugador; $engine: el nombre del motor.
challenge-engine-game = { $name } juega con { $color ->
        [white] blancas
       *[black] negras
    } contra { $engine }.
challenge-game-not-found = Esa partida no existe.
challenge-rematch-running = Esta partida todavía se está jugando.
challenge-rematch-not-player = Solo quienes jugaron esta partida pueden pedir la revancha.
# Nadie respondió a tiempo a un reto. $challenger: una mención; $challenged: un nombre.
challenge-expired-notice = El reto de { $challenger } a { $challenged } ha caducado.
# Partida perdida por incomparecencia: quien tenía que jugar dejó pasar el doble del tiempo por
# jugada. $loser: un nombre; $winner: una mención o el motor; $game: su número; $ratings: los
# cambios de puntuación (empiezan con un espacio), o nada.
challenge-timeout-forfeit = { $loser } no ha jugado en el doble del tiempo por jugada. **{ $winner } gana** la partida #{ $game } por incomparecencia.{ $ratings }


## Live games
# Section: live games on a clock: challenges with a time control, both clocks, flags.
# Un reto con reloj. $control: el ritmo como se escribe (5+3); $base: el tiempo de cada uno
# (una duración); $increment: los segundos que se suman tras cada jugada.
challenge-message-live = { $challenged }, { $challenger } te reta a una partida de damas con reloj puntuable ({ $color ->
        [white] { $challenger } juega con blancas
        [black] { $challenger } juega con negras
       *[random] colores al azar
    }, reloj { $control }: { $base } cada uno, { $increment } s más por jugada). Acepta o rechaza: caduca { $expires }.
start-open-challenge-live = { $challenger } busca rival: una partida de damas con reloj puntuable ({ $color ->
        [white] { $challenger } juega con blancas
        [black] { $challenger } juega con negras
       *[random] colores al azar
    }, reloj { $control }: { $base } cada uno, { $increment } s más por jugada), abierta a cualquiera. Caduca { $expires }.
clock-range = Un reloj empieza con entre { $min } y { $max } para cada uno y suma como mucho { $max_increment } segundos por jugada, por ejemplo 5+3.
# $flag: cuándo cae la bandera de quien juega (una hora que Discord actualiza).
game-board-turn-live = **Partida #{ $game }** · jugada { $move } · { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    }: { $player } · cae la bandera { $flag }
# $white, $black: el tiempo que queda como m:ss; $running: el reloj que corre (white, black o none).
game-board-clocks = ⏱ { $control } · Blancas { $white }{ $running ->
        [white] {" "}◀
       *[other] {""}
    } · Negras { $black }{ $running ->
        [black] {" "}◀
       *[other] {""}
    }
clock-flag-fell = A { $loser } se le acabó el tiempo. **{ $winner } gana** por tiempo la partida #{ $game }.{ $ratings }
clock-flag-fell-on-move = Se te acabó el tiempo antes de tu jugada: la partida #{ $game } está perdida por tiempo.
option-pace-unreadable = No pude leer el tiempo `{ $input }`: escribe un tiempo por jugada como `5 min`, `2 horas` o `3 días`, o un reloj como `5+3` (minutos + segundos sumados por jugada).
option-clock-unreadable = No pude leer el reloj `{ $input }`: escríbelo como `5+3` (minutos + segundos sumados por jugada).


## Games
# Section: games: boards, captions, buttons, moves, refusals, results, draws, claims, aborts.
# La franja bajo la imagen del tablero. $white, $black: los nombres con su puntuación; $move: el
# número de jugada; $state: game-caption-turn o game-caption-result.
game-caption = { $white } – { $black } · jugada { $move } · { $state }
# $color: white o black, quien mueve.
game-caption-turn = { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    }
# $result: white, black (quien ganó), draw o aborted.
game-caption-result = { $result ->
        [white] ganan las blancas (1-0)
        [black] ganan las negras (0-1)
        [draw] tablas (½-½)
       *[aborted] anulada
    }
# El mensaje del tablero. $game: el número de la partida; $move: el número de jugada;
# $player: quien mueve (una mención o el nombre del motor); $color: white o black.
game-board-turn = **Partida #{ $game }** · jugada { $move } · { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    }: { $player }
# Lo mismo con el reloj. $per_move: una duración; $deadline: cuándo vence el tiempo (una marca
# de tiempo de Discord, "dentro de 23 horas", en vivo).
game-board-turn-clock = **Partida #{ $game }** · jugada { $move } · { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    }: { $player } · { $per_move } por jugada, vence { $deadline }
game-board-capture = La captura es obligatoria.
# $player: quien ofrece.
game-board-draw-offer = { $player } ofrece tablas.
# Más jugadas legales de las que caben en un menú. $count: cuántas.
game-board-type-move = { $count } jugadas legales: escribe la tuya con { $cmd_move }.
game-board-over = **Partida #{ $game }**: ha terminado.
game-button-offer-draw = Ofrecer tablas
game-button-resign = Abandonar
game-button-flip = Girar el tablero
game-button-claim = Reclamar la victoria
game-button-accept-draw = Aceptar tablas
game-button-decline-draw = Rechazar tablas
game-button-rematch = Revancha
game-button-resign-confirm = Sí, abandono
game-move-menu = Elige tu jugada
# Lo que dicen las bases de finales. $color: quien gana; $moves: sus jugadas hasta ganar.
game-verdict-draw = Base de finales: tablas con el mejor juego
game-verdict-win = Base de finales: ganan las { $color ->
        [white] blancas
       *[black] negras
    } en { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }
game-verdict-no-move = Base de finales: ganan las { $color ->
        [white] blancas: las negras
       *[black] negras: las blancas
    } no tienen jugadas
# Un jugador que la base de datos no conoce. $user: su id.
game-unknown-player = jugador { $user }
# Una jugada y la respuesta. $player: quien movió; $move: la jugada; $engine: el nombre del motor.
game-move-played = { $player } jugó **{ $move }**.
game-engine-replied = { $engine } respondió **{ $move }**.
game-engine-no-level = El nivel { $level } del motor no existe.
game-thinking = Dama está pensando su jugada.
# $player, $color: quien mueve.
game-not-your-turn = No es tu turno: { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    } ({ $player }).
# El final de una partida por las reglas. $player: quien gana; $color: su color.
game-won-no-pieces = **Gana { $player }** ({ $color ->
        [white] blancas): las negras
       *[black] negras): las blancas
    } se quedaron sin piezas.
game-won-no-moves = **Gana { $player }** ({ $color ->
        [white] blancas): las negras
       *[black] negras): las blancas
    } no tienen jugadas.
game-draw-repetition = **Tablas** por repetición de la posición.
# $quiet_moves: jugadas de cada bando sin captura ni movimiento de peón.
game-draw-forty-moves = **Tablas** por la regla de las { $quiet_moves } jugadas: { $quiet_moves } jugadas de cada bando sin captura ni movimiento de peón.
# Las puntuaciones tras una partida puntuada: los nombres, y la puntuación de antes y de después.
game-ratings = Puntuaciones: { $white } { $white_before } → { $white_after }, { $black } { $black_before } → { $black_after }.
# Por qué no se puede hacer una jugada. $legal: las jugadas legales, en lista.
game-illegal-empty = La jugada está vacía; escríbela como 22-18 o 22x13. Jugadas legales: { $legal }.
game-illegal-light-square = `{ $square }` es una casilla clara; las piezas van en las casillas oscuras. Jugadas legales: { $legal }.
game-illegal-not-a-square = `{ $text }` no es una casilla; usa del 1 al 32 (o una casilla oscura como c3). Jugadas legales: { $legal }.
game-illegal-too-many-squares = Demasiadas casillas para una jugada. Jugadas legales: { $legal }.
game-illegal-one-square = `{ $text }`: hacen falta una casilla de salida y una de llegada, como 22-18. Jugadas legales: { $legal }.
game-illegal-no-piece = No hay ninguna pieza en la casilla { $square }. Jugadas legales: { $legal }.
# $color: quien mueve.
game-illegal-not-your-piece = La pieza de la casilla { $square } no es de las { $color ->
        [white] blancas
       *[black] negras
    }. Jugadas legales: { $legal }.
# $attempted: la jugada tal como se entendió; $captures: las capturas legales.
game-illegal-capture-compulsory = { $attempted } no está permitida: la captura es obligatoria ({ $captures }), y va primero la que captura más piezas.
game-illegal-move = { $attempted } no es una jugada legal aquí. Jugadas legales: { $legal }.
# $candidates: las jugadas que podría ser.
game-illegal-ambiguous = { $attempted } podría ser { $candidates }; escribe todas las casillas de llegada.
game-legal-none = ninguna
# Dos opciones de una lista: $first, luego $rest (a su vez una lista).
game-list-or = { $first } o { $rest }
# Abandonar.
game-resign-confirm = ¿De verdad quieres abandonar esta partida?
# $player: quien abandona; $winner y $color: quien gana.
game-resigned = { $player } abandona. **Gana { $winner }** ({ $color ->
        [white] blancas
       *[black] negras
    }).
# Ofertas de tablas. $player: quien ofrece o responde; $opponent: a quien se ofrecen.
game-draw-offered = { $player } ofrece tablas a { $opponent }.
game-draw-already-offered = Ya ofreciste tablas; espera la respuesta.
# $ago: medias jugadas desde la última oferta; $left: medias jugadas que faltan.
game-draw-reoffer = Ofreciste tablas hace { $ago ->
        [one] una media jugada
       *[other] { $ago } medias jugadas
    }; podrás volver a ofrecerlas dentro de { $left ->
        [one] una media jugada
       *[other] { $left } medias jugadas
    }.
game-draw-engine-declines = { $engine } rechaza las tablas: le gusta su posición.
game-draw-accepted = { $player } acepta las tablas. **Tablas** por acuerdo.
game-draw-no-offer = No hay ninguna oferta de tablas que responder. Ofrécelas con { $cmd_draw_offer }.
game-draw-own-offer = La oferta es tuya: tiene que responder tu rival.
game-draw-withdrawn = { $player } retira la oferta de tablas.
game-draw-declined = { $player } rechaza las tablas. ¡Seguimos!
game-draw-stale = Esta oferta de tablas ya no está abierta: se respondió, se retiró o se hizo de nuevo. Usa el último tablero (o { $cmd_board }).
# Reclamar por tiempo. $player: quien mueve; $left: su tiempo; $winner: quien reclama.
game-claim-your-turn = Te toca a ti: haz tu jugada en vez de reclamar.
game-claim-too-early = { $player } aún tiene { $left } para mover; después podrás reclamar la victoria.
game-claim-won = A { $player } se le acabó el tiempo. **Gana { $winner }** por tiempo.
# Anulaciones. $player: el moderador; $game: el número de la partida.
game-abort-not-allowed = Solo los moderadores (Gestionar mensajes) pueden anular una partida. Los jugadores pueden usar { $cmd_resign } u ofrecer tablas con { $cmd_draw_offer }.
game-aborted = { $player } anuló la partida #{ $game }. No cuenta para nadie.
# Encontrar la partida. $result: white, black, draw o aborted.
game-over-refusal = { $result ->
        [white] La partida #{ $game } ha terminado (1-0).
        [black] La partida #{ $game } ha terminado (0-1).
        [draw] La partida #{ $game } ha terminado en tablas.
       *[aborted] La partida #{ $game } ha terminado.
    }
game-missing = Esa partida no existe.
game-none-here = No hay ninguna partida en este canal. Empieza una con { $cmd_challenge } o juega contra mí con { $cmd_play }.
game-not-playing = No juegas en esta partida.
game-out-of-date = Este tablero no está al día: la partida ha avanzado. Usa el último tablero (o { $cmd_board }).
game-too-late = Esa jugada llegó tarde: la partida cambió mientras tanto. Usa el último tablero (o { $cmd_board }).
# Los componentes.
game-unknown-button = Ya no reconozco este botón.
game-elsewhere = Este botón pertenece a un mensaje de otro canal; usa el de allí.
game-pick-move = Elige una jugada de la lista.
# Las esperas. $cmd: el comando; $seconds: cuánto esperar.
game-cooldown-command = No tan rápido: podrás usar { $cmd } otra vez dentro de { $seconds } s.
game-cooldown-draw-offer = No tan rápido: podrás volver a ofrecer tablas dentro de { $seconds } s.
# Las sugerencias de /jugada (100 caracteres como mucho; los comandos como se escriben: $cmd_challenge).
game-hint-no-game = No hay partida en este canal: empieza una con { $cmd_challenge } o { $cmd_play }.
game-hint-unreadable = No se puede leer la posición de esta partida.
game-hint-not-your-turn = No es tu turno: mueve { $player }
# Siguen las jugadas legales. $typed: lo que se escribió.
game-hint-no-match = Ninguna jugada legal empieza por { $typed }:


# Limits: what one member or server may ask of the bot (the [limits] of the configuration).
limit-engine-games-player = Ya tienes { $max } partidas contra el motor en curso aquí: termina o abandona una (mira { $cmd }) y luego empieza otra.
limit-engine-games-server = Este servidor ya tiene { $max } partidas contra el motor en curso: vuelve a intentarlo cuando termine una.
limit-engine-busy-player = Ya tienes peticiones esperando al motor: vuelve a intentarlo cuando las haya respondido, en unos segundos.
limit-engine-busy = El motor está ocupado con demasiadas peticiones: vuelve a intentarlo dentro de un minuto.
limit-engine-queued = El motor está ocupado: tu jugada está en cola ({ $place ->
   *[other] { $place }.ª
}).
limit-engine-later = El motor está ocupado: responderá en un par de minutos.
limit-tournament-full = Este torneo está completo ({ $max } jugadores): vuelve a intentarlo si alguien se retira antes de que empiece.

## Look-ups
# Section: look-ups: /leaderboard, /stats, /history, /pdn, /replay.
lookup-leaderboard-empty = Todavía no hay nadie en la clasificación: termina una partida contra otro miembro ({ $cmd_challenge }) para entrar.
lookup-leaderboard-title = **Clasificación** · página { $page } de { $pages }
# Un jugador. $rank: su puesto, alineado; $rating, $deviation: redondeados; $wins, $losses,
# $draws: partidas contra miembros (V victorias, D derrotas, T tablas).
lookup-leaderboard-line = `{ $rank }.` **{ $name }** { $rating } (±{ $deviation }) · { $wins }V { $losses }D { $draws }T
lookup-leaderboard-previous = Anterior
lookup-leaderboard-next = Siguiente
lookup-stats-none = { $name } todavía no ha jugado aquí.
lookup-stats-rating = **{ $name }** · puntuación { $rating } (±{ $deviation })
lookup-stats-members = Contra miembros: { $wins ->
        [one] { $wins } ganada
       *[other] { $wins } ganadas
    }, { $losses ->
        [one] { $losses } perdida
       *[other] { $losses } perdidas
    }, { $draws } en tablas
# $outcome: win, loss o draw; $length: cuántas seguidas.
lookup-stats-streak = Racha actual: { $outcome ->
        [win] { $length ->
            [one] { $length } victoria
           *[other] { $length } victorias seguidas
        }
        [loss] { $length ->
            [one] { $length } derrota
           *[other] { $length } derrotas seguidas
        }
       *[draw] { $length ->
            [one] { $length } partida en tablas
           *[other] { $length } tablas seguidas
        }
    }
lookup-stats-engine = Contra el motor:
# $engine: el nombre del motor en un nivel.
lookup-stats-engine-line = { $engine }: { $wins ->
        [one] { $wins } ganada
       *[other] { $wins } ganadas
    }, { $losses ->
        [one] { $losses } perdida
       *[other] { $losses } perdidas
    }, { $draws } en tablas
lookup-history-member = **Últimas partidas de { $name }**
lookup-history-channel = **Últimas partidas en este canal**
lookup-history-member-none = Últimas partidas de { $name }: todavía ninguna.
lookup-history-channel-none = Últimas partidas en este canal: todavía ninguna.
lookup-history-footer = Para ver una, usa { $cmd_pdn } o { $cmd_replay } con el número de la partida.
# Una partida. $game: su número; $white, $black: los nombres; $state: uno de los textos
# lookup-state-*; $moves: las jugadas hechas.
lookup-history-line = `#{ $game }` { $white } contra { $black } · { $state } · { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }
lookup-state-playing = en juego
lookup-state-aborted = anulada
lookup-state-finished = terminada
# $result: white, black (quién ganó) o draw; $reason: cómo terminó, o none.
lookup-state-ended = { $result ->
        [white] ganan las blancas
        [black] ganan las negras
       *[draw] tablas
    }{ $reason ->
        [resign] { " " }por abandono
        [no-moves] { " " }(el rival no tiene jugadas)
        [timeout-claim] { " " }por tiempo
        [timeout-sweep] { " " }por incomparecencia
        [repetition] { " " }por repetición
        [forty-move] { " " }por la regla de las 40 jugadas
        [agreement] { " " }de mutuo acuerdo
       *[none] { "" }
    }
# $game: un número.
lookup-no-such-game = No hay ninguna partida #{ $game } en este servidor. { $cmd_history } muestra las últimas partidas.
lookup-no-game-here = Todavía no se ha jugado ninguna partida en este canal.
lookup-pdn = La partida #{ $game } en PDN:
# $line: la partida tal como aparece en el historial.
lookup-replay = Repetición de la partida #{ $game }: { $line }
# El pie de los fotogramas de una repetición (59 caracteres como mucho; los nombres se acortan).
# $white, $black: los nombres tal como se escriben; $number: el número de la jugada; $color:
# quién la hizo; $notation: la jugada.
lookup-replay-start = { $white } – { $black } · inicio
lookup-replay-move = { $white } – { $black } · { $number }{ $color ->
        [white] .
       *[black] ...
    } { $notation }
# A game named by its number (/pdn, /replay, /analysis) that was played in a channel the asker
# cannot see. $game: its number.
lookup-game-hidden = La partida #{ $game } se jugó en un canal que no puedes ver.


## Settings
# Section: settings: /settings, the server's language.
# /settings rechazado: el permiso como lo llama Discord en español.
settings-not-manager = Solo quien tiene el permiso **Gestionar servidor** puede cambiar los ajustes del servidor.
# /settings language: la respuesta, en el idioma elegido.
settings-language-chosen = De ahora en adelante hablo español en este servidor.
# $source: community (un servidor de comunidad, cuyo idioma de Discord cuenta) o players.
settings-language-discord = { $source ->
        [community] De ahora en adelante sigo el idioma elegido en Discord para este servidor de comunidad: español.
       *[players] De ahora en adelante cada partida habla el idioma de quien la empieza; los mensajes que no tratan de una partida siguen a quien pregunta.
    }


## Threads and starting games
# Section: starting: threads, open challenges, /accept from, challenge expiry, idle engine games, server settings.
# A game is started in a game's own thread. $channel: the channel it belongs to (a mention).
start-thread-taken = Este hilo es de la partida #{ $game }: empieza la tuya en { $channel }.
# Una partida empieza en un hilo de este canal. $game: su número; $white, $black: nombres.
start-in-thread = Empieza la partida #{ $game }: { $white } (blancas) – { $black } (negras), en el hilo de abajo.
# El nombre del hilo, 100 caracteres como mucho (los nombres se acortan para caber). $white,
# $black: nombres tal como se escriben.
start-thread-name = Damas #{ $game } · { $white } – { $black }
# El primer tablero de una partida en su hilo. $white, $black: menciones.
start-thread-headline = { $white } juega con blancas y { $black } con negras. Empiezan las blancas.
# Los permisos como los llama Discord en español.
start-threads-tip = Consejo: dame los permisos **Crear hilos públicos** y **Enviar mensajes en hilos** en este canal y cada partida tendrá su propio hilo, así aquí se podrán jugar varias a la vez.
start-thread-failed = No he podido abrir un hilo para esta partida, así que se juega aquí. Para que cada partida tenga su hilo, dame los permisos **Crear hilos públicos** y **Enviar mensajes en hilos** en este canal.
# $game: el número de la partida; $thread: un enlace a su hilo.
start-played-in-thread = Tu partida #{ $game } se juega en { $thread }: sigue allí.
start-hint-in-thread = Tu partida #{ $game } se juega en su hilo.
# Un reto abierto. $challenger: una mención; $color: el de quien reta (white, black o random);
# $time: el tiempo por jugada; $expires: cuándo caduca (una hora que Discord actualiza: "dentro de 10 minutos").
start-open-challenge = { $challenger } busca rival: una partida de damas puntuable ({ $color ->
        [white] { $challenger } juega con blancas
        [black] { $challenger } juega con negras
       *[random] colores al azar
    }, { $time } por jugada), abierta a cualquiera. Caduca { $expires }.
start-already-open-anyone = Ya tienes un reto abierto aquí. Cancélalo antes con { $cmd_cancel }.
start-open-own-accept = Este reto es tuyo: espera a que alguien lo acepte o retíralo con Cancelar.
# $expires: una hora que Discord actualiza.
start-open-decline = Este reto está abierto a cualquiera: no hay nada que rechazar, basta con no aceptarlo. Caduca { $expires }.
start-open-decline-own = Para retirar tu reto abierto, pulsa Cancelar.
start-open-cancelled = { $name } ha retirado su reto abierto.
# $challenger: una mención.
start-open-expired = El reto abierto de { $challenger } ha caducado: nadie lo aceptó.
# $names: quién retó, separados por comas.
start-accept-which = Aquí tienes varios retos abiertos (de { $names }): indica en { $cmd_accept } el miembro cuyo reto aceptas.
start-none-from = { $name } no tiene ningún reto abierto para ti en este canal.
# $idle: cuánto tiempo lleva la partida sin jugadas.
start-idle-engine = La partida #{ $game } contra el motor lleva { $idle } sin jugadas. ¿La terminamos?
start-button-end-idle = Terminarla
start-idle-alive = La partida #{ $game } acaba de tener una jugada: sigue en juego.
start-idle-not-idle = La partida #{ $game } no está parada: solo se puede terminar cuando su jugador la ha dejado un buen rato.
start-idle-gone = La partida #{ $game } ya ha terminado: puedes empezar la tuya.
# $name: quién la terminó.
start-idle-ended = La partida #{ $game } contra el motor se ha terminado por inactividad. { $name }, ya puedes empezar la tuya con { $cmd_challenge } o { $cmd_play }.
start-idle-swept = La partida #{ $game } contra el motor llevaba { $idle } sin jugadas y se ha terminado sin resultado.
# $channels: enlaces a los canales.
start-channel-not-allowed = En este servidor las partidas solo empiezan en { $channels }.
start-settings-time = Los retos que no indican tiempo tienen ahora { $time } por jugada.
start-settings-expiry = Los retos siguen abiertos ahora durante { $expiry }.
start-settings-expiry-auto = Los retos siguen abiertos ahora tanto como su tiempo por jugada (10 min como mínimo, 3 días como máximo).
start-settings-threads = { $threads ->
        [on] Las partidas nuevas se juegan cada una en su hilo, donde puedo abrirlos.
       *[off] Las partidas nuevas se juegan en su canal, una cada vez.
    }
# $channel: un enlace; $channels: los canales de partidas ahora.
start-settings-channel-added = Las partidas pueden empezar en { $channel }. Canales de partidas: { $channels }.
start-settings-channel-removed = Las partidas ya no empiezan en { $channel }. Canales de partidas: { $channels }.
start-settings-every-channel = todos los canales
start-settings-expiry-range = Un reto tiene que seguir abierto entre { $min } y { $max }.
start-settings-expiry-fits = tanto como el tiempo por jugada (de 10 min a 3 días)
# /settings sin opciones. $notify: dm, ping u off; $language: it, en o es;
# $language_source: chosen, players o discord; $time, $expiry: duraciones; $threads: on u off;
# $channels: enlaces, o todos los canales.
start-settings-show = **Ajustes**
    Tus avisos: { $notify ->
        [dm] mensajes directos
        [off] desactivados
       *[ping] menciones en el hilo de la partida
    }
    Idioma de este servidor: { $language_source ->
        [players] ninguno elegido: cada partida habla el idioma de quien la empezó
       *[other] { $language ->
            [it] italiano
            [es] español
           *[en] inglés
        }{ $language_source ->
            [discord] {" "}(elegido en Discord para este servidor de comunidad)
           *[chosen] {""}
        }
    }
    Tiempo por jugada: { $time }
    Los retos siguen abiertos: { $expiry }
    Partidas en hilos: { $threads ->
        [on] sí
       *[off] no
    }
    Canales de partidas: { $channels }

## Notifications
# Section: notifications: turn pings, direct messages, reminders, live clocks, result lines, /settings notify.
# /settings notify: la respuesta. $mode: dm, ping u off.
notify-set = { $mode ->
        [dm] A partir de ahora te escribo por mensaje directo: cuando te toca, un aviso a la mitad y al 90% de tu tiempo por jugada, cuando puedes reclamar la victoria, y el resultado.
        [ping] A partir de ahora te menciono en el hilo de la partida cuando te toca.
       *[off] A partir de ahora solo te nombro en tus partidas: sin menciones ni mensajes directos.
    }
# Una jugada cuando después le toca a una persona. $player: quien jugó; $engine: el nombre del
# motor; $move: la jugada; $deadline: cuándo vence el tiempo para responder ("dentro de 23 horas").
notify-move-turn = { $player } jugó **{ $move }**: te toca, vence { $deadline }.
notify-engine-turn = { $engine } respondió **{ $move }**: te toca, vence { $deadline }.
# Mensajes directos. $game: el número de la partida; $opponent: el rival de quien lee;
# $link: el tablero; $left: el tiempo que queda.
notify-dm-turn = **Partida #{ $game }** contra { $opponent }: { $opponent } jugó **{ $move }**: te toca, vence { $deadline }. { $link }
notify-reminder = Tiempo para jugar en la **partida #{ $game }** contra { $opponent }: { $left }, vence { $deadline }. { $link }
# Lo mismo en el hilo de la partida. $player: la mención de quien debe jugar.
notify-reminder-ping = { $player }, tiempo para jugar en la **partida #{ $game }** contra { $opponent }: { $left }, vence { $deadline }.
# A quien le toca se le acabó el tiempo. $player: su nombre; $winner: quien puede reclamar.
notify-time-up = A { $player } se le acabó el tiempo para jugar: { $winner } puede reclamar la victoria.
notify-claim = A { $player } se le acabó el tiempo en la **partida #{ $game }**: ya puedes reclamar la victoria con { $cmd_claim } o con el botón «Reclamar la victoria». { $link }
notify-claim-ping = { $winner }, a { $player } se le acabó el tiempo en la **partida #{ $game }**: ya puedes reclamar la victoria con { $cmd_claim } o con el botón «Reclamar la victoria».
# Un resultado en una línea. $result: win, draw o aborted; $first, $second: el ganador y el
# perdedor, si no las blancas y las negras; $reason: cómo terminó.
notify-result = { $result ->
        [win] Partida #{ $game }: { $first } le ganó a { $second } { $reason ->
            [resign] por abandono
            [timeout-claim] por tiempo
            [timeout-sweep] por tiempo
           *[no-moves] sobre el tablero
        }.
        [draw] Partida #{ $game }: { $first } y { $second } hicieron tablas { $reason ->
            [agreement] de común acuerdo
            [repetition] por repetición
           *[forty-move] por la regla de las 40 jugadas
        }.
       *[aborted] La partida #{ $game } entre { $first } y { $second } { $reason ->
            [idle] terminó sin resultado: estaba parada
           *[abort] fue anulada por un moderador
        }.
    }
# El resultado por mensaje directo. $line: notify-result.
notify-dm-result = { $line } { $link }

## Takebacks, bumps and game lists
# Section: takebacks: /takeback and its answers, the Bump button, /games.
# La segunda fila del tablero: deshacer una jugada, volver a publicar el tablero; las respuestas a una solicitud.
takeback-button = Deshacer jugada
takeback-button-accept = Aceptar deshacer
takeback-button-decline = Rechazar deshacer
games-button-bump = Volver a publicar
# Contra el motor. $player: quien deshace; $moves: las jugadas deshechas (`22-18 11-15`);
# $left: las veces que quedan en la partida.
takeback-engine-done = { $player } deshace { $moves }. { $left ->
        [0] Ya no se puede deshacer más en esta partida.
        [one] Se puede deshacer una vez más en esta partida.
       *[other] Se puede deshacer { $left } veces más en esta partida.
    }
# $engine: el nombre del motor.
takeback-engine-wait = Espera la jugada de { $engine }: luego podrás deshacer tu jugada y su respuesta.
# $allowed: las veces que una partida contra el motor deja deshacer.
takeback-engine-none-left = { $allowed ->
        [one] Ya deshiciste la única vez permitida en esta partida.
       *[other] Ya deshiciste las { $allowed } veces permitidas en esta partida.
    }
takeback-nothing = Todavía no tienes ninguna jugada que deshacer.
# Entre jugadores. $player: quien pide; $opponent: la mención de quien responde; $moves: lo que se deshace.
takeback-requested = { $player } pide deshacer { $moves }. { $opponent }, ¿estás de acuerdo?
takeback-opponent-asked = { $opponent } pidió deshacer primero: responde con los botones de su solicitud.
takeback-own-request = Es tu propia solicitud: la responde { $opponent }. Usa { $cmd_takeback } otra vez para retirarla.
takeback-stale = Esta solicitud para deshacer ya no está abierta: la partida ha avanzado. Usa el último tablero (o { $cmd_board }).
# $player: quien responde; $requester: la mención de quien pidió.
takeback-accepted = { $player } acepta: { $requester } deshace { $moves }.
takeback-declined = { $player } no acepta deshacer lo que pidió { $requester }.
takeback-withdrawn = { $player } retira su solicitud para deshacer.
# En los archivos PDN, un comentario donde se deshizo. $player: el nombre de quien lo pidió.
takeback-pdn-comment = { $player } deshizo { $moves }
# /games (solo lo ve quien lo pide).
games-all-not-allowed = Solo los moderadores de todo el servidor (**Gestionar mensajes** por un rol, no solo en este canal) pueden ver todas las partidas del servidor; { $cmd_games } muestra las tuyas.
games-none = No tienes partidas en curso en este servidor. Desafía a alguien con { $cmd_challenge } o juega contra mí con { $cmd_play }.
games-none-in-server = No hay ninguna partida en curso en este servidor. Empieza una con { $cmd_challenge } o juega contra mí con { $cmd_play }.
games-title = { $count ->
        [one] **Tu partida**
       *[other] **Tus { $count } partidas**
    }
games-title-all = { $count ->
        [one] **Una partida en este servidor**
       *[other] **{ $count } partidas en este servidor**
    }
# Las partidas que no caben en el mensaje.
games-more = { $count ->
        [one] … y una más.
       *[other] … y { $count } más.
    }
# $deadline: una hora de Discord que se lee "dentro de 5 horas".
games-your-move = te toca, vence { $deadline }
games-to-move = le toca a { $player }, vence { $deadline }
games-engine-to-move = le toca a { $player }
# $game: su número; $turn: games-your-move, games-to-move o games-engine-to-move; $link: el
# enlace a su tablero, o su canal.
games-line = **#{ $game }** contra { $opponent } · { $turn } · { $link }
games-line-all = **#{ $game }** { $white } – { $black } · { $turn } · { $link }

## Hints
# Section: hints: /hint in games against the engine, its reasons, its limit, the PDN comment.
# Las negativas de /hint (solo las ve quien pide). $engine: el nombre del motor.
hint-between-people = Las pistas son para las partidas contra el motor: en una partida entre personas, cada uno piensa por su cuenta.
hint-engine-wait = Espera la jugada de { $engine }: las pistas se piden cuando te toca.
hint-off = Las pistas están desactivadas en este bot.
# $allowed: las pistas que permite una partida contra el motor.
hint-none-left = { $allowed ->
        [one] Ya usaste la única pista de esta partida.
       *[other] Ya usaste las { $allowed } pistas de esta partida.
    }
# La partida siguió mientras se buscaba la pista.
hint-stale = La partida siguió mientras lo pensaba: vuelve a pedirla si te toca.
# La respuesta (solo la ve quien pide). $move: la jugada como la escribe el jugador.
hint-move = Pista: juega **{ $move }**.
hint-again = Es la misma pista que antes: no se cuenta otra vez.
hint-left = { $left ->
        [0] No te quedan pistas en esta partida.
        [one] Te queda una pista en esta partida.
       *[other] Te quedan { $left } pistas en esta partida.
    }
hint-caption = Pista: { $move }
hint-reason-only-move = Es tu única jugada legal.
# $moves: las jugadas del ganador hasta el final, esta incluida.
hint-reason-table-win = Gana: las tablas de finales dan la victoria en { $moves ->
        [one] una jugada.
       *[other] { $moves } jugadas.
    }
hint-reason-forced-win = Gana por fuerza en { $moves ->
        [one] una jugada.
       *[other] { $moves } jugadas.
    }
# La captura es obligatoria; $taken: las piezas que captura, $kings: cuántas damas entre ellas.
hint-reason-capture = Tienes que capturar, y esta captura se lleva { $taken ->
        [one] una pieza
       *[other] { $taken } piezas
    }{ $kings ->
        [0] .
        [one] , una de ellas dama.
       *[other] , { $kings } de ellas damas.
    }
# $other: la mejor de las otras capturas; $pieces: las piezas que devuelve.
hint-reason-capture-loses = Con { $other } perderías en seguida { $pieces ->
        [one] una pieza.
       *[other] { $pieces } piezas.
    }
# $margin: cuánto peor es, en peones (+1.00 es un peón).
hint-reason-capture-worse = La otra captura, { $other }, es peor por { $margin }.
# $line: las jugadas del golpe, empezando por esta; $pieces: las piezas que gana.
hint-reason-shot = Un golpe: { $line } gana { $pieces ->
        [one] una pieza.
       *[other] { $pieces } piezas.
    }
hint-reason-shot-crowns = Un golpe: { $line } gana { $pieces ->
        [one] una pieza
       *[other] { $pieces } piezas
    } y corona una dama.
# $alternative: una jugada que el jugador podría hacer en su lugar; $line: la captura que la castiga.
hint-reason-avoids-shot = Evita un golpe: tras { $alternative }, con { $line } el rival te ganaría { $pieces ->
        [one] una pieza.
       *[other] { $pieces } piezas.
    }
hint-reason-crowns = Corona una dama.
# $evaluation: el juicio del motor desde el lado del jugador, en peones (+1.00 es un peón de más).
hint-reason-positional = Aquí no hay combinación: es la mejor jugada según el juicio del motor (valoración { $evaluation } para ti).
hint-reason-resists = Con el mejor juego la posición está perdida: esta jugada resiste más tiempo.
# En el PDN de la partida, antes de la jugada para la que se pidió la pista.
hint-pdn-comment = { $player } pidió una pista: { $move }
# Al final del PDN de la partida.
hint-pdn-total = { $count ->
        [one] { $player } pidió una pista en esta partida
       *[other] { $player } pidió { $count } pistas en esta partida
    }

## Analysis
# Section: analysis: /analysis, its progress, refusals, key moments, accuracy, the chart's words.
# Rechazos (solo los ve quien pregunta). $game: el número de la partida.
analysis-game-running = La partida #{ $game } todavía se está jugando: analizarla ahora sería dar una pista. Pide el análisis cuando termine.
analysis-aborted-empty = La partida #{ $game } se anuló antes de cualquier jugada: no hay nada que analizar.
analysis-no-moves = La partida #{ $game } terminó antes de que se jugara ninguna jugada: no hay nada que analizar.
analysis-no-such-game = No hay ninguna partida #{ $game } en este servidor. { $cmd_history } muestra las últimas partidas con sus números.
analysis-none-here = Todavía no ha terminado ninguna partida en este canal. Indica una partida por su número: { $cmd_analysis } partida:12 ({ $cmd_history } muestra los números).
# El progreso, escrito en la respuesta mientras el motor trabaja.
analysis-queued = La partida #{ $game } espera su turno: hay otros análisis en marcha. Empieza en un momento…
analysis-progress = Analizando la partida #{ $game }… { $percent }%
# La respuesta. $white, $black: los nombres de los jugadores; $result: white, black, draw o aborted.
analysis-title = **Análisis de la partida #{ $game }**: { $white } (blancas) – { $black } (negras), { $result ->
        [white] ganan las blancas
        [black] ganan las negras
        [draw] tablas
       *[aborted] anulada
    }
# $white_accuracy, $black_accuracy: porcentajes.
analysis-accuracy = Precisión: { $white } **{ $white_accuracy }%** · { $black } **{ $black_accuracy }%**
analysis-moments-title = **Los momentos clave**
# $played: `12. 22-18??`; $better: la jugada mejor; $after: analysis-after-evaluation o -tables.
analysis-moment = { $played } { $mark ->
        [blunder] error grave
        [mistake] error
       *[inaccuracy] imprecisión
    }: mejor { $better } · { $after }
analysis-moment-no-better = { $played } { $mark ->
        [blunder] error grave
        [mistake] error
       *[inaccuracy] imprecisión
    } · { $after }
# $evaluation: en peones, + cuando están mejor las blancas (`+1.25`).
analysis-after-evaluation = luego { $evaluation }
# $before, $after: analysis-verdict, desde el lado de quien juega.
analysis-after-tables = tablas de finales: { $before } → { $after }
analysis-verdict = { $outcome ->
        [win] ganada en { $moves }
        [loss] perdida en { $moves }
       *[draw] tablas
    }
analysis-more = { $kind ->
        [inaccuracies] { $count ->
            [one] … y una imprecisión más.
           *[other] … y { $count } imprecisiones más.
        }
       *[moves] { $count ->
            [one] … y una jugada marcada más.
           *[other] … y { $count } jugadas marcadas más.
        }
    }
analysis-clean = Ninguna jugada perdió lo bastante para marcarla: una partida limpia, ¡bien jugada por los dos!
# $nodes: las posiciones que el motor examinó en cada jugada.
analysis-footer = -# Evaluaciones en peones, + cuando están mejor las blancas; { $nodes } nodos por posición. Se adjunta la partida comentada en PDN.
# El tablero del peor momento (un pie de imagen: sin Markdown). $played: `12. 22-18??`.
analysis-board-caption = { $played } · mejor { $better }
analysis-board-caption-no-better = { $played }
# Las palabras del gráfico: el eje y las dos mitades.
analysis-chart-moves = jugada
analysis-chart-white = mejor las blancas
analysis-chart-black = mejor las negras
# The comment of a marked move in the annotated PDN (no Markdown); $after: analysis-after-evaluation or -tables.
analysis-pdn-comment = { $mark ->
        [blunder] error grave
        [mistake] error
       *[inaccuracy] imprecisión
    }; mejor { $better }; { $after }
analysis-pdn-comment-no-better = { $mark ->
        [blunder] error grave
        [mistake] error
       *[inaccuracy] imprecisión
    }; { $after }
analysis-pdn-summary = precisión: blancas { $white_accuracy }%, negras { $black_accuracy }% ({ $nodes } nodos por posición)

## Discord
# Section: Discord: errors, permissions, command options.
# Respuestas privadas a los errores que nota el adaptador, en el idioma de Discord de quien lee.
discord-apology = Lo siento, algo falló por mi parte y no pude hacerlo. Vuelve a intentarlo en un momento.
discord-outdated-command = Este comando cambió con una actualización del bot; Discord mostrará la versión nueva en un minuto. Vuelve a intentarlo entonces.
# $input: lo que se escribió.
option-unreadable = No pude leer `{ $input }`. Revisa la opción y vuelve a intentarlo.
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
        [create-public-threads] Crear hilos públicos
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
option-time-unreadable = No pude leer el tiempo por jugada `{ $input }`: escríbelo como `5 min`, `2 horas` o `3 días`.
option-signup-unreadable = No pude leer cuánto tiempo queda abierta la inscripción, `{ $input }`: escríbelo como `30 min`, `2 horas` o `1 día`.
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
# Los idiomas de /ajustes. $language: it, en, es o auto (el de Discord).
discord-choice-language = { $language ->
        [it] Italiano
        [en] English
        [es] Español
       *[auto] El de Discord (automático)
    }
# Cómo /ajustes avisos avisa a alguien de sus partidas. $mode: dm, ping u off.
discord-choice-notify = { $mode ->
        [dm] Mensajes directos
        [ping] Una mención en el hilo de la partida
       *[off] Nada (solo mi nombre)
    }
# /ajustes hilos. $threads: on u off.
discord-choice-threads = { $threads ->
        [on] Sí: un hilo para cada partida
       *[off] No: las partidas en su canal
    }
# La caducidad de los retos que se ajusta al tiempo por jugada, como se escribe y como la ofrezco.
option-expiry-automatic = automática
# $input: lo que se escribió; $automatic: option-expiry-automatic.
option-expiry-unreadable = No pude leer la caducidad de los retos `{ $input }`: escribe un tiempo como `1 hora` o `2 días`, o `{ $automatic }`.
# Un mensaje que menciona dice qué pasó, para que la notificación se lea sola. $mentions: a quién
# menciona; $what: qué pasó (la primera línea de un tablero); $game: el número de la partida.
discord-ping = { $mentions } — { $what }
discord-ping-game = { $mentions } — { $what } · partida #{ $game }
# The Activity (the board inside Discord). The button of every board, the answer to an old one
# when the Activity is not offered, the app's Entry Point command (its name: lowercase, 1 to 32
# letters), and the console's answers to the button ($address: the page's local address).
activity-button-open = Abrir el tablero
activity-unavailable = Aquí no se puede abrir el tablero: este bot no ofrece su actividad. Juega con los botones y los comandos.
activity-launch-name = abrir
activity-launch-description = Abre el tablero de Dama en este canal: juega, mira y desafía con un clic
activity-console-open = Abre el tablero en tu navegador: { $address }
activity-console-start = El tablero se abre en el navegador si la consola se inicia con `damabot local --web`.


## Tournaments
# Section: tournaments: /tournament and its sign-up buttons, rounds, pairings, standings, refusals.
tournament-create-not-allowed = Solo quien puede gestionar el servidor puede crear un torneo.
tournament-threads-off = Las partidas de los torneos se juegan en hilos, pero este servidor los tiene desactivados: actívalos antes con { $cmd_settings }.
tournament-needs-threads = Las partidas de los torneos se juegan en hilos y aquí no puedo abrirlos: dame los permisos **Crear hilos públicos** y **Enviar mensajes en hilos** en este canal, o crea el torneo en otro canal.
tournament-name-invalid = El torneo necesita un nombre de 1 a { $max } caracteres.
tournament-rounds-invalid = Un torneo suizo tiene de 1 a { $max } rondas.
tournament-games-invalid = Cada emparejamiento juega una partida o dos (una con cada color).
tournament-time-invalid = El tiempo por jugada debe estar entre { $min } y { $max }.
tournament-signup-invalid = Las inscripciones deben quedar abiertas entre { $min } y { $max }.
tournament-already-open = Este servidor ya tiene un torneo en marcha: **{ $name }**. Uno a la vez: espera a que termine o cancélalo.
tournament-none = Este servidor no tiene torneos.
tournament-signup-title = 🏆 **{ $name }**: ¡inscripciones abiertas!
tournament-signup-closed = 🏆 **{ $name }**: inscripciones cerradas, el torneo ha empezado.
tournament-signup-cancelled = 🏆 **{ $name }**: cancelado.
tournament-format-swiss = sistema suizo, { $rounds ->
    [one] una ronda
   *[other] { $rounds } rondas
}
tournament-format-round-robin = liguilla (todos contra todos)
tournament-details = Formato: { $format } · { $games ->
    [one] una partida
   *[other] { $games } partidas, una con cada color,
} por emparejamiento · { $time } por jugada · { $rated ->
    [yes] puntuable
   *[no] amistoso
} · { $openings ->
    [yes] una apertura sorteada en cada ronda
   *[no] desde la posición inicial
}
tournament-signup-deadline = Las inscripciones se cierran { $deadline }; después el torneo empieza solo.
tournament-signup-until-start = Las inscripciones siguen abiertas hasta que el organizador empiece el torneo.
tournament-entrants = Inscritos ({ $count }): { $names }
tournament-entrants-none = Aún no hay inscritos: ¡pulsa **Participar**!
tournament-button-join = Participar
tournament-button-leave = Retirarse
tournament-joined = Estás inscrito en **{ $name }**. ¡Suerte!
tournament-left = Has dejado **{ $name }**.
tournament-join-twice = Ya estás inscrito en **{ $name }**.
tournament-join-closed = Las inscripciones de **{ $name }** están cerradas: el torneo ya empezó o terminó.
tournament-not-entered = No estás inscrito en **{ $name }**.
tournament-member-not-entered = { $player } no está inscrito en **{ $name }**.
tournament-leave-started = **{ $name }** ya ha empezado, así que las inscripciones están cerradas: aún puedes retirarte del torneo (las partidas jugadas siguen contando).
tournament-over = **{ $name }** ha terminado.
tournament-start-not-allowed = Solo el organizador ({ $creator }) o quien puede gestionar el servidor puede empezar el torneo.
tournament-start-again = **{ $name }** ya ha empezado.
tournament-start-few = Un torneo necesita al menos { $min } jugadores para empezar; { $count ->
    [0] no se ha inscrito nadie
    [one] solo se ha inscrito uno
   *[other] se han inscrito { $count }
}.
tournament-start-done = **{ $name }** ha empezado: la primera ronda está emparejada.
tournament-started = 🏁 ¡Empieza **{ $name }**, con { $count } jugadores!
tournament-round-title = **{ $name }** · ronda { $round } de { $rounds }
tournament-round-opening = Apertura sorteada: { $opening }
tournament-board = Tablero { $board }: { $white } (blancas) – { $black } (negras): { $result }{ $game }
tournament-in-play = en juego
tournament-bye = { $player } descansa ({ $points ->
    [one] un punto
   *[other] { $points } puntos
}).
tournament-game-start = **{ $name }**, ronda { $round }, tablero { $board }: partida #{ $game }, { $white } (blancas) – { $black } (negras), en el hilo de abajo.
tournament-standings-title = Clasificación de **{ $name }** (ronda { $round } de { $rounds })
tournament-final-title = Clasificación final de **{ $name }**
tournament-standings-row = { $rank }. { $name }: puntuación { $points } · Buchholz { $buchholz } · S-B { $sb } · { $games ->
    [one] una partida
   *[other] { $games } partidas
}
tournament-standings-more = …y { $count } más en la tabla.
tournament-withdrawn-mark = (retirado)
tournament-column-rank = #
tournament-column-player = Jugador
tournament-column-points = Puntos
tournament-column-buchholz = Buchholz
tournament-column-sonneborn = S-B
tournament-column-games = Partidas
tournament-winner = 🏆 { $winner } gana **{ $name }**. ¡Enhorabuena!
tournament-ended-early = **{ $name }** termina antes de su última ronda: no quedan jugadores suficientes para emparejar sin repetir.
tournament-not-started = **{ $name }** todavía no ha empezado.
tournament-no-round = No hay ronda { $round }: se han emparejado las rondas 1 a { $last }.
tournament-withdraw-signup = **{ $name }** todavía no ha empezado: pulsa **Retirarse** en su mensaje de inscripción.
tournament-withdraw-over = **{ $name }** ha terminado: ya no hay nada de lo que retirarse.
tournament-withdrawn-already = Ya te has retirado de **{ $name }**.
tournament-withdrew = { $player } se retira de **{ $name }**: sus partidas jugadas siguen contando y no volverá a ser emparejado.
tournament-forfeit-not-allowed = Solo los moderadores de todo el servidor (**Gestionar mensajes** por un rol, no solo en este canal) pueden dar una partida por perdida.
tournament-not-running = **{ $name }** no está en marcha.
tournament-forfeited = { $moderator } da por perdidas a { $player } sus partidas de esta ronda en **{ $name }**, y queda retirado del torneo.
tournament-forfeit-game = La partida #{ $game } termina aquí: { $player } la pierde por incomparecencia.
tournament-aborted-game = La partida #{ $game } del torneo fue anulada: cuenta como perdida para los dos.
tournament-cancel-not-allowed = Solo quien puede gestionar el servidor puede cancelar un torneo.
tournament-cancelled = { $player } ha cancelado **{ $name }**; sus partidas en juego terminan sin resultado.
tournament-cancelled-game = **{ $name }** fue cancelado: la partida #{ $game } termina sin resultado.
tournament-too-few-cancelled = Las inscripciones de **{ $name }** se cerraron con { $count ->
    [0] ningún jugador
    [one] un solo jugador
   *[other] { $count } jugadores
}, demasiado pocos para un torneo: queda cancelado.
tournament-pdn = Todas las partidas de **{ $name }**, en un solo archivo PDN.
tournament-pdn-empty = **{ $name }** todavía no tiene partidas.

## Puzzles
# Section: puzzles (/puzzle, /puzzles) and the puzzle of the day.
puzzle-unavailable = Los problemas no están disponibles ahora: no se ha podido cargar la colección de problemas. Quienes gestionan el bot ven el motivo en su registro.
puzzle-hint-unavailable = Los problemas no están disponibles ahora.
puzzle-hint-none-open = Ningún problema abierto: { $cmd } te da uno.
puzzle-hint-no-match = Ninguna jugada legal empieza así. Jugadas legales: { $legal }
# $rated: yes o no.
puzzle-new = 🧩 **Problema { $id }** · dificultad { $difficulty } · { $rated ->
        [yes] cuenta para la puntuación
       *[no] no cuenta para la puntuación (ya lo has visto)
    }
puzzle-previous-closed = Tu problema anterior queda cerrado, sin contar para la puntuación.
puzzle-daily-new = 🧩 **El problema del día** · dificultad { $difficulty } · { $rated ->
        [yes] cuenta para la puntuación
       *[no] no cuenta para la puntuación (ya lo has visto)
    } · el próximo { $next }
puzzle-daily-again = 🧩 **El problema del día**, donde lo dejaste · el próximo { $next }
puzzle-daily-done = Ya has hecho el problema de hoy: { $solved ->
        [yes] resuelto
       *[no] no resuelto
    }. El próximo llega { $next }.
puzzle-stale = Este tablero del problema está desfasado: responde en tu último tablero, o con { $cmd }.
puzzle-not-yours = Este problema es de otra persona: { $cmd } te da uno propio.
puzzle-none-open = No tienes ningún problema abierto: { $cmd } te da uno.
puzzle-gone = Ese problema ya no está en la colección: { $cmd } te da otro.
puzzle-correct = ✅ **{ $move }** es correcta. { $color ->
        [white] Las blancas responden
       *[black] Las negras responden
    } { $reply }.
puzzle-solved = 🎉 **{ $move }**: ¡resuelto!
puzzle-wrong = ❌ **{ $move }** no es la solución: la jugada era **{ $solution }**.
puzzle-solution = Solución: `{ $line }`
puzzle-rating-change = Puntuación de problemas: { $before } → **{ $after }** ({ $change })
puzzle-unrated = No cuenta para la puntuación: solo cuenta tu primer intento en cada problema.
puzzle-streak = Racha: { $streak } resueltos seguidos (mejor { $best })
puzzle-move-menu = Tu jugada
puzzle-your-move = { $color ->
        [white] Juegan las blancas y ganan
       *[black] Juegan las negras y ganan
    }: elige tu jugada abajo, o escríbela con { $cmd }.
puzzle-caption = { $color ->
        [white] Juegan las blancas y ganan
       *[black] Juegan las negras y ganan
    }
puzzle-caption-solution = Solución: { $line }
puzzle-button-next = Siguiente problema
puzzle-button-solve = Resolver
puzzle-ranking-mine = **{ $name }** · puntuación de problemas { $rating } · { $solved } resueltos, { $failed } fallados · racha { $streak } (mejor { $best })
puzzle-ranking-mine-none = **{ $name }** aún no ha terminado ningún problema aquí: { $cmd } te da uno.
puzzle-ranking-title = **Los mejores resolviendo problemas**
puzzle-ranking-line = `{ $rank }.` **{ $name }** { $rating } · { $solved } de { $attempts } resueltos · mejor racha { $best }
puzzle-ranking-empty = Aquí nadie ha terminado aún { $min } problemas.
puzzle-daily-post = 🧩 **El problema del día** · { $color ->
        [white] juegan las blancas y ganan
       *[black] juegan las negras y ganan
    } · dificultad { $difficulty }. Pulsa **Resolver** para intentarlo (solo tú ves tu intento); el próximo llega { $next }.
puzzle-daily-yesterday = La solución de ayer: `{ $line }` · { $solvers ->
        [0] nadie lo resolvió
        [one] lo resolvió una persona
       *[other] lo resolvieron { $solvers } personas
    }
puzzle-settings-hour-range = La hora del problema del día va de 0 a 23 (UTC).
puzzle-settings-channel-closed = No puedo publicar el problema del día en { $channel }: allí necesito { $permissions }. Dámelo en ese canal o elige otro; no se ha cambiado nada.
puzzle-settings-daily = El problema del día se publica en { $channel } cada día a las { $hour } UTC; el primero { $first }.
puzzle-settings-daily-off = El problema del día ya no se publica.
puzzle-settings-hour = El problema del día cambia cada día a las { $hour } UTC.
puzzle-settings-show = Problema del día: { $posted ->
        [yes] se publica en { $channel }
       *[no] no se publica
    }, cambia a las { $hour } UTC

## Console
# Section: the console (damabot local).
# Las líneas de la consola. $help, $challenge: comandos que se escriben (/ayuda, /retar).
console-banner = Consola de Dama. Escribe `alice: { $help }` para empezar, `@help` para los comandos de la consola, Ctrl-D para salir.
console-line-form = Escribe líneas como `alice: { $challenge } bob` (NOMBRE: /comando ...), o `@help`.
console-help = Líneas de la consola:
    NOMBRE: /comando ...   actúa como NOMBRE (se crea al usarlo por primera vez), por ejemplo `alice: { $challenge } bob`
    NOMBRE: /click ID [VALOR] pulsa un botón o elige en un menú (los id aparecen entre corchetes)
    @channel NOMBRE        pasa a otro canal o hilo (#general, #dama-12-alice-bob)
    @guild NOMBRE          pasa a otro servidor (con su propia clasificación)
    @advance DURACIÓN      adelanta el reloj (10m, 2h, 3days)
    @advance               juega la ronda en curso del torneo de este canal (primeras jugadas, luego abandonos y tablas)
    @mod NOMBRE            NOMBRE puede moderar y gestionar el servidor (para /anular, /ajustes)
    @locale it|en|es       el idioma de las respuestas y del servidor (al principio, inglés)
    @threads on|off        si el bot puede abrir un hilo para cada partida (al principio, sí)
    @dm-closed NOMBRE      los mensajes directos a NOMBRE fallan (@dm-open NOMBRE los vuelve a abrir)
    @hide NOMBRE #CANAL    NOMBRE no ve CANAL (al principio todos ven todos los canales)
    # ...                  un comentario
console-channel = (ahora en el canal #{ $name })
console-guild = (ahora en el servidor { $name }, canal #general)
console-advance = (el reloj avanza { $duration })
console-advance-usage = @advance necesita una duración como 10m, 2h o 3days: { $error }
console-advance-round = (ronda { $round } de { $name }: { $games ->
        [one] una partida jugada
       *[other] { $games } partidas jugadas
    })
console-advance-no-tournament = En este canal no hay un torneo en curso: @advance sin duración juega su ronda. Para adelantar el reloj, indica una duración (10m, 2h, 3days).
# /torneo en la consola. $steps: los pasos como se escriben; $create, $pairings, $forfeit: como se escriben.
console-tournament-usage = ¿Qué debe hacer el torneo? { $steps }
console-tournament-create-usage = `{ $create } NOMBRE` acepta `formato:suizo|todos-contra-todos`, `rondas:5`, `partidas:1|2`, `tiempo:24h`, `puntuable:sí|no`, `aperturas:sí|no` e `inscripción:2h`.
console-tournament-round = Indica la ronda con un número, como `{ $pairings } 2`.
console-tournament-member = Indica quién pierde por forfait, como `{ $forfeit } bob`.
console-moderator = ({ $name } ya puede moderar)
console-threads = { $on ->
        [on] (el bot puede volver a abrir hilos)
       *[off] (el bot no puede abrir hilos: las partidas se juegan en su canal)
    }
console-threads-usage = @threads necesita on u off (sí o no).
console-dm-closed = (los mensajes directos de { $name } están cerrados)
console-dm-open = (los mensajes directos de { $name } vuelven a estar abiertos)
console-thread-opened = (hilo #{ $name } abierto)
console-thread-now = (ahora en el hilo #{ $name })
console-thread-stays-open = (el hilo #{ $name } sigue abierto un día)
console-dm = (MD a { $name })
console-dm-failed = (el MD a { $name } no se pudo entregar: va al canal)
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
console-not-a-level = `{ $level }` no es un nivel: usa de 1 (principiante) a 8 (maestro).
console-not-a-colour = `{ $colour }` no es un color: blancas, negras o azar.
console-draw-usage = ¿`{ $draw } { $typed }`? Usa `{ $offer }`, `{ $accept }` o `{ $decline }`.
console-game-number = Escribe el número de la partida, como `{ $pdn } 12`.
console-settings-usage = `{ $settings }` acepta `idioma:it|en|es|auto`, `avisos:md|mención|nada`, `tiempo:24h`, `caducidad:1day|auto`, `hilos:sí|no`, `añadir-canal:#NOMBRE`, `quitar-canal:#NOMBRE`, `problema-diario:#NOMBRE`, `hora-problema:0-23` y `quitar-problema:sí`; solo, muestra los ajustes.
console-click-usage = `/click ID [VALOR]` pulsa un botón (los id aparecen entre corchetes).
console-only-you = (solo lo ves tú)
# A moment, relative to the console's clock. $duration: how far.
console-moment-future = dentro de { $duration }
console-moment-past = hace { $duration }
console-board-saved = (tablero guardado en { $path })
console-saved = (guardado { $path })
console-cannot-save = (no se pudo guardar { $path }: { $error })
console-attachment = ({ $file }, { $bytes } bytes; usa --images DIR para guardar los archivos)
# The text board's letters, separated by spaces: white man, black man, white king, black king.
console-pieces = b n B N
console-to-move = { $color ->
        [white] juegan las blancas
       *[black] juegan las negras
    }
console-colour-white = blancas
console-colour-black = negras
console-colour-random = azar
console-value-on = sí
console-value-off = no
console-value-auto = auto
console-notify-dm = md
console-notify-ping = mención
console-notify-off = nada
console-hidden = (#{ $channel } ahora está oculto para { $name })
console-hide-usage = @hide necesita un nombre y un canal, como `@hide bob #staff`.

## Activity: the words of the board page

activity-your-move = Te toca
activity-their-move = Le toca a tu rival
activity-waiting = Esperando al rival…
activity-spectators = Espectadores
activity-accept = Aceptar
activity-decline = Rechazar
activity-confirm-resign = ¿Abandonar esta partida?
activity-analysis = Análisis
activity-lobby = Partidas en este canal
activity-no-games = No se juega ninguna partida aquí: empieza una.
activity-open-challenges = Desafíos
activity-watch = Mirar
activity-challenge = Desafiar
activity-open-challenge = Desafío abierto (cualquiera puede aceptarlo)
activity-play-engine = Jugar contra el motor
activity-level = Nivel
activity-white = Blancas
activity-black = Negras
activity-random-colour = Color al azar
activity-choose-path = Dos capturas terminan aquí: elige el camino.
activity-reconnecting = Reconectando…
activity-clock = Reloj
activity-time-left = Tiempo restante
activity-time-per-move = Tiempo por jugada
activity-moves = Jugadas
activity-draw-offered = Tablas ofrecidas
activity-takeback-asked = Retroceso pedido
activity-back = Volver a las partidas
activity-too-many-messages = Demasiadas acciones a la vez: espera un momento.
activity-bad-message = El tablero envió algo que el bot no entiende: vuelve a cargarlo.
activity-no-such-game = Esa partida no está aquí.
activity-sign-in-failed = No se pudo reconocerte: abre el tablero de nuevo desde Discord.
activity-not-in-instance = Este tablero no está abierto en tu canal: ábrelo de nuevo desde Discord.
activity-present = Presentes
activity-nobody-present = Nadie más tiene el tablero abierto aquí.
activity-challenges-for-you = Desafíos para ti
activity-cancel = Retirar
activity-not-present = Esa persona no tiene el tablero abierto aquí.

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
    .description = Reta a un miembro, o a cualquiera de aquí, a una partida de damas puntuada
    .member = miembro
    .member-description = El miembro al que retas (si no lo indicas, un reto abierto a todos)
    .colour = color
    .colour-description = Tu color (las blancas mueven primero); al azar si no lo indicas
    .time = tiempo
    .time-description = Tiempo por jugada (5 min, 2 horas, 3 días) o un reloj como 5+3; 24 h si no lo indicas
cmd-accept = aceptar
    .description = Acepta un reto de este canal: el que te enviaron o uno abierto
    .from = de
    .from-description = De quién es el reto que aceptas (cuando hay varios abiertos)
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
    .clock = reloj
    .clock-description = Una partida con reloj, por ejemplo 5+3 (minutos + segundos por jugada); sin reloj si no lo indicas
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
cmd-games = partidas
    .description = Tus partidas en este servidor: a quién le toca, el tiempo que queda, el enlace a cada tablero
    .all = todas
    .all-description = Moderadores: todas las partidas en juego del servidor
cmd-takeback = deshacer
    .description = Deshaz tu última jugada (contra un miembro: se lo pides)
cmd-settings = ajustes
    .description = Tus avisos y los ajustes de Dama en este servidor; sin opciones, los muestra
    .language = idioma
    .language-description = Quien gestiona el servidor: el idioma de sus mensajes públicos
    .notify = avisos
    .notify-description = Cómo te aviso de tus partidas: mensajes directos, menciones o nada
    .time = tiempo
    .time-description = Quien gestiona el servidor: el tiempo por jugada de los retos que no lo indican
    .expiry = caducidad
    .expiry-description = Quien gestiona el servidor: cuánto tiempo siguen abiertos los retos
    .threads = hilos
    .threads-description = Quien gestiona el servidor: cada partida en un hilo de su canal, o no
    .add-channel = añadir-canal
    .add-channel-description = Quien gestiona el servidor: un canal donde se pueden empezar partidas (luego solo ahí)
    .remove-channel = quitar-canal
    .remove-channel-description = Quien gestiona el servidor: un canal que sale de la lista de canales de juego
    .daily-puzzle = problema-diario
    .daily-puzzle-description = Quien gestiona el servidor: el canal donde publico el problema del día
    .daily-puzzle-hour = hora-problema
    .daily-puzzle-hour-description = Quien gestiona el servidor: la hora (0-23, UTC) en que cambia el problema del día
    .daily-puzzle-off = quitar-problema
    .daily-puzzle-off-description = Quien gestiona el servidor: True deja de publicar el problema del día
cmd-hint = pista
    .description = Contra mí: mi mejor jugada en la partida de este canal, y por qué (unas pocas por partida)
cmd-analysis = analisis
    .description = El análisis del motor de una partida terminada: errores, gráfico de ventaja, PDN comentado
    .game = partida
    .game-description = El número de la partida (la última terminada en este canal si no lo indicas)
cmd-tournament = torneo
    .description = Los torneos del servidor: sistema suizo o todos contra todos, de la inscripción a la clasificación
cmd-tournament-create = crear
    .description = Quien gestiona el servidor: abre la inscripción a un torneo, con los botones Inscribirse y Salir
    .name = nombre
    .name-description = El nombre del torneo
    .format = formato
    .format-description = Suizo (por grupos de puntos) o todos contra todos; suizo si no se indica
    .format-swiss = Suizo
    .format-round-robin = Todos contra todos
    .rounds = rondas
    .rounds-description = Suizo: cuántas rondas (5 si no se indica)
    .games = partidas
    .games-description = Partidas de cada pareja: 1, o 2 con los colores cambiados (1 si no se indica)
    .time = tiempo
    .time-description = Tiempo por jugada, por ejemplo 5 minutos, 2 horas o 3 días (el del servidor si no se indica)
    .rated = puntuable
    .rated-description = Si las partidas cuentan para la clasificación del servidor (sí si no se indica)
    .openings = aperturas
    .openings-description = Cada ronda empieza desde una apertura sorteada de la lista de tres jugadas (no si no se indica)
    .signup = inscripción
    .signup-description = Cuánto dura la inscripción, p. ej. 30 minutos o 2 horas (hasta el inicio si no se indica)
cmd-tournament-join = inscribirse
    .description = Inscríbete en el torneo de este canal
cmd-tournament-start = iniciar
    .description = Cierra la inscripción y empareja la primera ronda
cmd-tournament-standings = clasificación
    .description = La clasificación del torneo de este canal
cmd-tournament-pairings = emparejamientos
    .description = Los emparejamientos y resultados de una ronda
    .round = ronda
    .round-description = Qué ronda (la actual si no se indica)
cmd-tournament-withdraw = retirarse
    .description = Deja el torneo: tus partidas jugadas cuentan, no se te empareja más
cmd-tournament-forfeit = forfait
    .description = Moderadores: un jugador pierde por forfait su partida actual y deja el torneo
    .member = jugador
    .member-description = El jugador que pierde por forfait
cmd-tournament-cancel = cancelar
    .description = Quien gestiona el servidor: cancela el torneo (las partidas en curso terminan sin resultado)
cmd-tournament-pdn = pdn
    .description = Todas las partidas del torneo en un solo archivo PDN
cmd-puzzle = problema
    .description = Un golpe que resolver cerca de tu puntuación: juegan las blancas y ganan (solo lo ves tú)
    .daily = diario
    .daily-description = True: el problema del día del servidor, el mismo para todos
    .move = jugada
    .move-description = Tu respuesta al problema abierto; la lista ofrece las jugadas legales
cmd-puzzles = problemas
    .description = Tu puntuación en problemas, tu racha y los mejores del servidor
