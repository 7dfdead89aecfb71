# Textos en español de Dama (damas italianas). Cada mensaje existe también en it/ y en/ con
# las mismas variables. Los comandos no tienen nombres en español: se citan en inglés.

# /help: todos los comandos. $max-level: el nivel más fuerte del motor.
help = **Dama: damas italianas en Discord**
    { "**" }Jugar**
    `/challenge member [colour] [time]` reta a un miembro (partida puntuada; tiempo por jugada de 5 minutos a 3 días)
    `/accept`, `/decline`, `/cancel` acepta, rechaza o retira un reto (o usa sus botones)
    `/play [level] [colour]` juega contra mí, del nivel 1 (principiante) al { $max-level } (maestro)
    `/move move` haz una jugada: `22-18`, `22x13`, `22x13x6` o `d3-c4`; la lista sugiere las jugadas legales
    `/board` muestra otra vez el tablero (o elige tu jugada en el menú de abajo)
    `/draw offer|accept|decline` para las tablas, `/resign` para abandonar
    `/claim` gana cuando a tu rival se le acabó el tiempo por jugada
    `/abort` (moderadores) detiene la partida de este canal sin resultado
    { "**" }Consultar**
    `/leaderboard`, `/stats [member]`, `/history [member]`
    `/pdn [game]` la partida en un archivo PDN, `/replay [game]` como animación
    `/rules` las reglas de las damas italianas
    Una partida por canal: para jugar más, abrid hilos.

# /rules. $repetitions: cuántas veces debe darse una posición para las tablas;
# $quiet-moves: jugadas de cada bando sin captura ni movimiento de peón que dan tablas.
rules = **Damas italianas: el reglamento en un minuto** (Federazione Italiana Dama)
    • Tablero de 8×8; se juega en las casillas oscuras y cada jugador tiene **una casilla oscura en la esquina inferior derecha**. Las casillas se numeran del 1 al 32 desde el lado de las negras: las blancas ocupan las casillas 21-32 y **salen primero**.
    • El peón avanza una casilla en diagonal, **solo hacia delante**. Si llega a la última fila se corona dama y **la jugada termina ahí**, aunque estuviera en medio de una captura.
    • La dama avanza o retrocede **una sola casilla** en diagonal: aquí no hay dama voladora.
    • **La captura es obligatoria** y sigue mientras se pueda. El peón captura solo hacia delante y **nunca puede capturar a una dama**; la dama captura peones y damas, hacia delante y hacia atrás.
    • Si hay varias capturas posibles, hay que elegir por este orden: la que captura **más piezas**; si empatan, la que **hace la dama**; después, la que captura **más damas**; por último, la que **encuentra antes una dama**. Si aún empatan, se elige libremente.
    • Pierde quien se queda sin piezas o **sin jugadas legales**: quedar bloqueado no es tablas, es derrota.
    • Tablas: por acuerdo, cuando la misma posición se repite por { $repetitions }.ª vez, o tras { $quiet-moves } jugadas de cada bando sin captura ni movimiento de peón.
    Las jugadas se escriben `22-18`, las capturas `22x13` o con todas las casillas de llegada `22x13x6`.
