# Foreman — español.
new-game = Nueva partida
undo = Deshacer
undo-hint = Deshacer la última acción (Ctrl+Z)
redo = Rehacer
redo-hint = Volver a jugar la acción deshecha (Ctrl+Y)
undone = Acción deshecha: { $action }.
redone = Acción rehecha: { $action }.
undo-stops = No se puede deshacer «{ $action }»: reveló una carta o dados, y deshacerla mostraría lo que está oculto. (En una partida de acompañamiento se puede volver más atrás.)
save-as = Guardar una copia…
save = Guardar
saved-to = Guardado en { $path }
path = Ruta del archivo
cancel = Cancelar
language = Idioma
zoom-in = A+
zoom-out = A−
zoom-hint = Zoom, para leer desde la silla (Ctrl+más / Ctrl+menos)
theme-light = Tema claro
theme-dark = Tema oscuro
start-title = Una nueva partida de Fantastic Factories
solo = En solitario contra la Máquina
multiplayer = De 2 a 5 jugadores
difficulty = Dificultad:
difficulty-easy = Fácil
difficulty-medium = Media
difficulty-hard = Difícil
difficulty-expert = Experta
players = Jugadores:
players-count = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
mode = Cartas y dados:
mode-digital = En pantalla: Foreman reparte y tira los dados
mode-digital-hint = Sin la caja: Foreman baraja, reparte y tira dados virtuales.
mode-companion = Cartas y dados reales en la mesa
mode-companion-hint = Jugáis con la caja: le dices a Foreman qué carta salió y qué muestran los dados, y él comprueba y puntúa.
mode-digital-short = en pantalla
mode-companion-short = cartas y dados reales
first-player = Jugador inicial:
first-by-lot = Por sorteo
name = Nombre
colour = Color
plays = Juega
seat-person = Una persona
seat-bot-easy = Bot, fácil
seat-bot-hard = Bot, difícil
seat-bot-hint = Quién juega en el sitio { $seat }. Fácil: un bot que elige la acción que parece mejor ahora mismo. Difícil: un bot que planifica toda su fase de trabajo con el planificador.
bot-playing = { $name } está jugando…
bot-tag = bot
bot-hand-hidden = Los planos de un bot quedan ocultos, como los tuyos para él.
colour-of = Color del jugador { $seat }
player-name = Nombre del jugador { $seat }
player-default = Jugador { $seat }
colour-red = Rojo
colour-blue = Azul
colour-green = Verde
colour-purple = Morado
colour-yellow = Amarillo
dice-of = Dados del jugador { $seat }
dice-source = Dados
dice-virtual = Dados virtuales
dice-typed = Escritos a mano
dice-camera = Cámara
dice-smart = Dados inteligentes
dice-digital-hint = Una partida digital tira los dados de Foreman.
dice-computer-only = Solo en Foreman en un ordenador: un navegador no llega a la cámara ni al puerto serie. Escriba las caras.
machine = La Máquina
machine-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
} en su complejo
machine-rolled = Tirada:
machine-die-value = Dado { $colour }: { $value }
machine-dice = sus cinco dados de colores
start-game = Empezar la partida
resume = Continuar la última partida
resume-finished = Ver la puntuación final de la última partida
kept-games = Partidas guardadas (las más recientes primero)
resume-this = Reanudar
summary = { $who } — ronda { $round } — { $mode }
summary-solo = { $name } contra la Máquina ({ $difficulty })
resume-none = Aún no hay ninguna partida guardada.
open-path = Ruta de una partida guardada
open = Abrir
browse = Elegir…
browse-hint = Elegir el archivo con el diálogo de archivos del sistema (o escribir su ruta)
market = Mercado
others = Jugadores y registro
camera-side = Cámara
board-side = Su tablero
blueprints = Planos
contractors = Contratistas
take = Tomar { $card }
hire = Contratar { $card }
hire-needs = Contratar requiere descartar un plano con la herramienta { $tool }, y la energía extra que pida el contratista.
tool-token-hint = La ficha de herramienta sobre este contratista: descarta un plano con esta herramienta para contratarlo.
tool-badge = Herramienta { $tool }
tool-token = Ficha de herramienta { $tool }
empty-slot = (vacío)
refresh = Renovar una fila…
refresh-hint = Una vez por turno, paga 1 metal o 1 energía para reemplazar una fila del mercado.
deck-counts = Mazo: { $blueprints } planos, { $contractors } contratistas
roll = Tirar
roll-hint = Tira tus dados (R)
roll-foreman = Tirar con el Capataz…
end-work = Terminar la fase de trabajo
end-work-hint = Termina tu fase de trabajo (E); quédate con 10 planos y 12 recursos como máximo.
end-work-discards = Fin de la fase de trabajo: qué descartar
end-work-limits = Al final de la fase de trabajo te quedas con { $hand } planos y { $resources } recursos (metal y energía juntos) como máximo; tú eliges qué descartas.
discard-blueprints = Elige { $count ->
    [one] { $count } plano
   *[other] { $count } planos
} para descartar ({ $chosen } de { $count }):
discard-resources = Descarta { $count ->
    [one] { $count } recurso
   *[other] { $count } recursos
}:
discard-split = { $metal } de metal y { $energy } de energía
discard-blueprints-left = Elige primero exactamente { $count ->
    [one] { $count } plano
   *[other] { $count } planos
} para descartar.
pass = Pasar
machine-turn = Turno de la Máquina
machine-turn-hint = Resolver el turno de la Máquina con sus cinco dados (M).
deal = Repartir
log = Lo que pasó
log-deal = La preparación
log-round = Ronda { $round }
log-line = { $who }: { $what }
section-research-rule = Cualquier dado: roba 1 plano. Un dado igual a otro ya colocado aquí: 1 más.
section-mine-rule = Un 4, 5 o 6: 1 de metal. Un dado igual a otro ya colocado aquí: 1 más.
section-generate-rule = Un 1, 2 o 3: tanta energía como su valor. Un dado igual a otro ya colocado aquí: 1 más.
game-over = La partida ha terminado.
metal-count = Metal { $count }
energy-count = Energía { $count }
goods-count = Bienes { $count }
prestige-count = Prestigio { $count }
score-so-far = Puntuación actual { $score }
hand-count = { $count ->
    [one] { $count } plano en la mano
   *[other] { $count } planos en la mano
}
compound = Complejo
compound-empty = (aún sin edificios)
dice-tray = Bandeja de dados
dice-none = Aún no se ha tirado ningún dado.
die = Dado { $n }: { $value }
die-hint = Arrastra este dado a una sección, o haz clic en él y luego en su destino ({ $origin }).
die-placed = Ya colocado ({ $origin }).
specialist-die = Tomar el dado del Especialista…
hq = Sede
section-research = Investigación
section-mine = Mina
section-generate = Generar
place-on = Colocar en { $section }
select-die-first = Elige primero un dado de la bandeja.
activate = Activar { $card }
activate-replicated = Activar { $card } con el Replicator
build = Construir { $card }
cost = { $metal } metal, { $energy } energía
cost-prestige = coste { $metal } metal + { $energy } energía, { $prestige } prestigio
type-production = Producción
type-utility = Utilidad
type-training = Entrenamiento
type-special = Especial
type-monument = Monumento
tool-shovel = Pala
tool-gear = Engranaje
tool-wrench = Llave
tool-hammer = Martillo
not-your-turn = Nadie está trabajando ahora.
already-activated = Ya usado en esta ronda.
needs-a-choice = Elige cómo usarlo.
need-die = ¿Qué muestra el dado? ({ $why })
roll-complete = Todos los dados están indicados: Intro confirma, Retroceso corrige.
roll-correct = Corregir el último (Retroceso)
roll-confirm = Confirmar la tirada (Intro)
roll-and-place = O confirmar la tirada y colocar a la vez:
face = El dado muestra { $value }
need-blueprint = ¿Qué plano salió?
reveal-progress = Plano { $k } de { $n }: { $place }.
place-hand = va a la mano de { $player }
place-market = va al mercado, posición { $slot }
place-machine = va al complejo de la Máquina (un Monumento se descarta y se revela otro)
place-discard = se descarta enseguida
need-contractor = ¿Qué contratista salió?
need-tools = ¿En qué orden están las fichas de herramienta sobre los contratistas? (de izquierda a derecha en la mesa: espacios de contratista 1 a 4)
search = Escribe para buscar (nombre en inglés o francés)
search-several = { $count } cartas coinciden: escribe más, o elige una con las flechas o con un clic.
final-score = Puntuación final
winner = Ganador: { $name }
tie-metal = Empate resuelto por el metal.
tie-energy = Empate resuelto por la energía.
tie-hand = Empate resuelto por los planos en la mano.
tie-shared = Sigue el empate: victoria compartida.
tie-machine = Empate con la Máquina, que gana los empates.
tie-values = Desempate: metal { $metal }, energía { $energy }, mano { $hand }
score-cards-prestige = Prestigio de estas cartas, en total: { $count }
score-last-round = La última ronda, tal como se jugó
player-total = { $name }: { $score ->
    [one] { $score } punto
   *[other] { $score } puntos
}
machine-total = La Máquina: { $score ->
    [one] { $score } punto
   *[other] { $score } puntos
}
machine-formula = { $goods ->
    [one] { $goods } bien
   *[other] { $goods } bienes
} + { $cards ->
    [one] { $cards } carta
   *[other] { $cards } cartas
} + { $monuments ->
    [one] { $monuments } Monumento
   *[other] { $monuments } Monumentos
}
export-result = Exportar el resultado (JSON)…
used = usado
res-metal = metal
res-energy = energía
err-wrong-phase-when = Eso se hace { $when }; ahora es { $now }.
when-market = en la fase de mercado
when-work = en la fase de trabajo
when-work-start = al comienzo de la fase de trabajo
when-machine = después de tu fase de trabajo, en una partida en solitario
when-deal = una vez, al comienzo de la partida
when-dealt = una vez repartidas las cartas
when-pass = solo cuando no puedes tomar un plano ni contratar a un contratista
now-setup = el reparto inicial
now-market = la fase de mercado
now-work = la fase de trabajo
now-machine = el turno de la Máquina
now-over = el final de la partida
now-market-choice = la fase de mercado, con un plano que tomar o un contratista que contratar
err-game-over = La partida ha terminado.
err-already-refreshed = El mercado solo se renueva una vez por turno, antes de tomar una carta.
err-not-rolled = Tira primero tus dados: la fase de trabajo empieza con la tirada.
err-already-rolled = Ya has tirado en esta fase de trabajo.
err-no-such-slot = El espacio { $slot } del mercado no existe: el mercado tiene los espacios 1 a 4.
err-empty-slot = El espacio { $slot } del mercado está vacío.
err-cannot-pay-refresh = Renovar el mercado cuesta 1 de { $what }, y no tienes.
err-wrong-hire-tool = Contratar a { $contractor } requiere un plano con la herramienta { $tool } (la ficha sobre su espacio); { $discard } tiene la herramienta { $discard_tool }.
err-cannot-pay-contractor = { $contractor } cuesta { $cost } de energía además del descarte; tienes { $have }.
err-opponent-needed = { $contractor } da algo a un rival: elige a qué jugador.
err-bad-opponent = El rival debe ser otro jugador de la mesa (el jugador { $player } no lo es).
err-no-opponent-choice = { $contractor } no tiene rival que elegir.
err-not-in-hand = { $card } no está en tu mano.
err-need-second-copy = Necesitas dos copias de { $card } en la mano para usar una y descartar la otra.
err-not-in-compound = { $card } no está en tu complejo.
err-no-such-die = El dado { $die } no existe.
err-die-already-placed = El dado { $die } ya está colocado: cada dado se usa una vez por ronda.
err-die-twice = El dado { $die } aparece dos veces.
err-bad-face = Un dado muestra de 1 a 6, no { $value }.
err-mine-value = { $section } acepta un dado de 4, 5 o 6; este dado muestra { $value }.
err-generate-value = { $section } acepta un dado de 1, 2 o 3; este dado muestra { $value }.
err-section-full = { $section } está lleno: cada sección de la sede tiene 3 espacios.
err-too-many-set = El Capataz permite fijar como máximo 4 dados, no { $count }.
err-no-foreman = Solo puedes fijar dados si contrataste al Capataz.
err-no-specialist = No tienes dado del Especialista en esta ronda.
err-no-build-discard = Construir { $card } requiere descartar otro plano de tu mano con la herramienta { $tool }, y no tienes ninguno.
err-wrong-build-tool = Construir { $card } requiere descartar otro plano con la herramienta { $tool }; { $discard } tiene la herramienta { $discard_tool }.
err-duplicate = Ya tienes { $card } en tu complejo, y solo Beacon y Obelisk pueden construirse dos veces.
err-cannot-afford-build = Construir { $card } cuesta { $metal } de metal y { $energy } de energía; tienes { $have_metal } de metal y { $have_energy } de energía.
err-already-activated = { $card } ya se activó en esta ronda: cada carta funciona una vez por ronda.
err-no-activation = { $card } no tiene activación.
err-dice-pattern = { $card } necesita { $needs }; { $got }.
pattern-any = un dado
pattern-one = un dado que muestre 1
pattern-four = un dado que muestre 4
pattern-six = un dado que muestre 6
pattern-pair = 2 dados iguales
pattern-triple = 3 dados iguales
pattern-run = 3 dados de valores consecutivos
pattern-sum14 = 3 dados que sumen 14 o más
pattern-target = un dado no colocado que cambiar
pattern-targets = uno o más dados no colocados que volver a tirar
dice-show = los dados muestran { $values }
dice-none-given = no se dio ningún dado
err-need-energy = { $card } necesita { $needs } de energía; tienes { $have }.
err-need-metal = { $card } necesita { $needs } de metal; tienes { $have }.
err-discard-count = { $card } necesita descartar { $needs ->
    [one] 1 plano
   *[other] { $needs } planos
} de tu mano, no { $got }.
err-choice-needed = { $card } necesita una elección.
err-bad-choice = { $card } no acepta esa elección.
err-gymnasium-on-six = Gymnasium no puede subir un 6.
err-fitness-on-one = Fitness Center no puede bajar un 1.
err-no-replicator = No tienes Replicator en tu complejo.
err-not-in-market = { $card } no está en el mercado.
err-cannot-replicate = Replicator copia un plano del mercado con activación; { $card } no tiene.
err-hand-limit = Al final de la fase de trabajo te quedas con 10 planos como máximo: descarta exactamente { $needs } (indicaste { $got }).
err-resource-limit = Al final de la fase de trabajo te quedas con 12 recursos como máximo: descarta exactamente { $needs } entre metal y energía (indicaste { $got }).
err-drop-too-much = No puedes descartar { $what } que no tienes ({ $named } indicado, { $have } en tu poder).
err-need-die = Hace falta un dado: indica el valor que muestra.
err-bad-tools = Las fichas de herramienta deben ser las 4 herramientas distintas, una vez cada una.
err-impossible-card = { $card } no puede salir: { $copies ->
    [one] su única copia ya está
   *[other] sus { $copies } copias ya están
} en otro lugar de la mesa.
err-unused-inputs = Se indicaron más dados o cartas de los que usó la acción.
err-player-count = Una partida es de 1 a 5 jugadores (1 contra la Máquina), no { $count }.
err-solo-players = Una partida en solitario contra la Máquina tiene exactamente un jugador.
err-one-player-is-solo = Una partida de un jugador es la partida en solitario contra la Máquina: elige solitario y una dificultad.
err-white-is-solo = El blanco es el color del jugador en solitario: con varios jugadores, los dados blancos son los dados adicionales comunes.
err-shared-colour = Dos jugadores no pueden compartir el color { $colour }.
ev-drew = { $name } roba { $card }
ev-drew-secret = { $name } roba un plano
ev-reshuffled-blueprints = La pila de descartes de planos se baraja como nuevo mazo.
ev-reshuffled-contractors = La pila de descartes de contratistas se baraja como nuevo mazo.
ev-built = { $name } construye { $card }
ev-engineer-skipped = El Ingeniero revela { $card }, que no puede construirse dos veces: descartado.
ev-investor = El Inversor revela { $card }: +{ $metal } metal, +{ $energy } energía.
ev-triggered = Se activa { $card } de { $name }.
ev-rolled = { $name } saca { $dice }
ev-machine-rolled = La Máquina tira rojo { $red }, azul { $blue }, morado { $purple }, amarillo { $yellow }, verde { $green }.
ev-machine-took = La Máquina toma { $card } del espacio { $slot } del mercado.
ev-machine-revealed = La Máquina revela { $card } del mazo y lo pone en su complejo.
ev-machine-discarded-blueprints = La Máquina descarta los planos del mercado.
ev-machine-discarded-contractors = La Máquina descarta los contratistas del mercado.
ev-machine-produced = Dado { $colour } { $value } contra { $cards ->
    [one] { $cards } carta de { $type }
   *[other] { $cards } cartas de { $type }
}: 1 bien.
ev-machine-idle = Dado { $colour } { $value } contra { $cards ->
    [one] { $cards } carta de { $type }
   *[other] { $cards } cartas de { $type }
}: nada.
ev-end-triggered = El final de la partida se activa en la ronda { $round }: se juega una ronda más.
choice-discard = descartando { $cards }
choice-value = por un { $value }
choice-metal = tomando metal
choice-energy = tomando energía
choice-draw = tomando planos
choice-as-metal = { $metal } como metal
act-refresh-blueprints-metal = Renovar los planos por 1 metal
act-refresh-blueprints-energy = Renovar los planos por 1 energía
act-refresh-contractors-metal = Renovar los contratistas por 1 metal
act-refresh-contractors-energy = Renovar los contratistas por 1 energía
act-take-slot = Tomar el plano { $slot } del mercado
act-take-card = Tomar { $card } (plano { $slot } del mercado)
act-hire-card = Contratar a { $contractor } (contratista { $slot }) descartando { $discard }
act-hire-unseen = Contratar a { $contractor } (contratista { $slot }) descartando un plano de tu mano con la herramienta { $tool }, si tienes uno
act-hire = Contratar al contratista { $slot } descartando { $discard }
act-roll-set = Tirar fijando { $values } (Capataz)
act-specialist = Tomar el dado del Especialista como { $value }
act-place = Colocar el { $value } en { $section }
act-dice = con { $count ->
    [one] el dado que muestra
   *[other] los dados que muestran
} { $values }
act-build = Construir { $card } descartando { $discard }
act-end-work = Terminar la fase de trabajo descartando { $cards }
act-end-work-plain = Terminar la fase de trabajo
act-end-work-drop = Terminar la fase de trabajo descartando { $what }
origin-own = tu dado
origin-foreman = fijado por el Capataz
origin-hiredhands = dado de los Jornaleros
origin-specialist = dado del Especialista
origin-robot = dado del Robot
origin-golem = dado del Gólem
origin-megafactory = dado de la Megafábrica
machine-die = el dado { $colour } de la Máquina
your-die = dado { $n }
phase-setup = Esperando el reparto inicial
phase-market = Ronda { $round }, fase de mercado: elige { $name }
phase-roll = Ronda { $round }, fase de trabajo: tira { $name }
phase-work = Ronda { $round }, fase de trabajo: { $name } trabaja
phase-work-all = Ronda { $round }, fase de trabajo: todos trabajan a la vez
phase-machine = Ronda { $round }: turno de la Máquina
phase-over = Partida terminada tras la ronda { $round }
last-round = última ronda
smart-dice = Dados inteligentes
smart-port = Puerto serie de los dados inteligentes
connect = Conectar
disconnect = Desconectar
smart-connected = Conectado.
smart-not-connected = No conectado: esperando el puerto (conecta los dados).
battery = batería { $volts } V
battery-unknown = batería desconocida
die-crooked = torcido
blink = Hacer parpadear el dado { $colour }
rolls-waiting = { $count ->
    [one] { $count } dado leído, esperando
   *[other] { $count } dados leídos, esperando
}
colour-white = Blanco
colour-black = Negro
smart-dice-panel = Dados inteligentes en un puerto serie
find-dice = Buscar
no-dice-found = No se encontró ningún puerto serie USB: conecta un dado inteligente o escribe su puerto.
last-game-damaged = La última partida no se pudo leer ({ $reason }); se guardó como { $path }. Empieza una partida nueva.

# camera dice reader
camera-panel = Lector de dados por cámara
camera-source-hint = camera 0, una imagen o una carpeta
camera-start = Iniciar la cámara
camera-stop = Detener la cámara
camera-none = No se encontró ninguna cámara: conecta una webcam, o escribe una imagen o una carpeta.
camera-automatic = Usar una tirada estable sin confirmar
camera-running = Leyendo de { $source }.
camera-starting = Iniciando la cámara…
camera-mark-tray = Marcar la bandeja
camera-marking = Arrastra sobre la imagen para marcar la bandeja (clic para cancelar)
camera-whole-picture = Toda la imagen
camera-picture = La imagen de la cámara
camera-roll = Tirada estable: { $dice }.
camera-more-dice = La imagen muestra { $seen } dados; la tirada tiene { $roll }: se leen los { $roll } más seguros (señala uno erróneo y teclea su cara, o Supr).
camera-fix-short = Un dado mal leído: señálalo y teclea su cara.
camera-fix-how = Señala un dado de la imagen y teclea su cara para corregirlo (Mayús+clic: su color), en un dado que no vio para añadirlo, y clic derecho o Supr en lo que no es un dado para quitarlo.
camera-taught = Aprendiendo tus dados: { $rolls ->
    [one] una tirada confirmada
   *[other] { $rolls } tiradas confirmadas
} (se usa a partir de 5).
camera-taught-used = Lee con lo aprendido de { $rolls } tiradas confirmadas.
camera-taught-whole = Lee con su clasificador entrenado de nuevo con { $whole } tiradas confirmadas.
camera-relearning = Lo entrena de nuevo con { $rolls } tiradas: { $percent } %.
camera-forget = Olvidar lo aprendido
camera-unsure = { $count ->
    [one] Un dado es dudoso (naranja, con ?): compruébalo y haz clic en él para corregirlo.
   *[other] { $count } dados son dudosos (naranja, con ?): compruébalos y haz clic en uno para corregirlo.
}
camera-left-over = { $count ->
    [one] La cámara leyó un dado más de los que tomó la tirada ({ $dice }): se dejó aparte, no se jugó. Si era un dado de la tirada, deshaz y escribe la tirada.
   *[other] La cámara leyó { $count } dados más de los que tomó la tirada ({ $dice }): se dejaron aparte, no se jugaron. Si eran dados de la tirada, deshaz y escribe la tirada.
}
camera-use-roll = Usar esta tirada
dice-read-camera = Leída por la cámara: pulsa «Usar esta tirada» en el panel de la cámara, o escribe los dados aquí.
dice-read-smart = Lanza tus dados inteligentes: cada uno da su cara al detenerse, o escribe los dados aquí.
camera-settling = Esperando a que los dados se detengan…
colour-other = Otro
camera-find = Buscar cámaras
camera-choose = Elegir una imagen…
camera-next-picture = Imagen siguiente
teach-title = Enseña tus dados a Foreman
teach-offer = ¿Cámara, mesa o dados nuevos? Tira todos tus dados en la bandeja { $goal } veces y confirma cada tirada corrigiendo lo que lea mal: Foreman aprende tus dados, tu mesa y tu luz. Estas tiradas no se juegan.
teach-start = Empezar
teach-not-now = Ahora no
teach-how = Tira todos tus dados en la bandeja. Cuando se detengan, señala un dado mal leído y teclea su cara, en un dado que no vio para añadirlo, clic derecho en lo que no es un dado, y pulsa «Esta tirada es correcta».
teach-progress = { $done } de { $goal } tiradas
teach-roll-right = Esta tirada es correcta
teach-stop = Dejar de enseñar
teach-done = Foreman aprendió tus dados de { $rolls } tiradas.
teach-again = Enseña tus dados a Foreman…

# What each card does (cards.md), in this language's rulebook words.
effect-aluminum-factory = Coloca 2 dados iguales y paga 5 de energía para ganar 2 bienes y 1 de metal.
effect-assembly-line = Coloca 3 dados de valores consecutivos (una escalera, como 3-4-5) para ganar 2 bienes.
effect-battery-factory = Paga 4 de energía para ganar 1 bien. Sin dado.
effect-beacon = Sin activación. Cada Beacon vale más que el anterior: 2, 3, 4, 5 de prestigio (14 los cuatro). Puedes construir varios.
effect-biolab = Coloca un 1 y paga 1 de energía para ganar 1 bien.
effect-black-market = Coloca cualquier dado y descarta un plano para ganar el metal y la energía de su coste de construcción, 4 como máximo (tú eliges cuáles). Se ignora la reducción del Megalith.
effect-concrete-plant = Coloca 2 dados iguales y paga tanto metal como el valor de un dado para ganar 2 bienes.
effect-dojo = Paga 1 de energía para girar un dado no colocado a su cara opuesta (7 menos su valor).
effect-fitness-center = Paga 1 de energía para bajar en 1 un dado no colocado (no un 1).
effect-foundry = Coloca un dado y paga tanta energía como su valor para ganar ese metal.
effect-fulfillment-center = Coloca un 4 y paga 2 de energía para ganar 1 bien y 1 de metal.
effect-golem = Paga X de energía (1 a 6) para ganar un dado adicional que muestra X, solo esta ronda.
effect-gymnasium = Paga 1 de energía para subir en 1 un dado no colocado (no un 6).
effect-harvester = Coloca 2 dados iguales para ganar 4 de metal O 7 de energía.
effect-incinerator = Descarta un plano y paga 1 de metal para ganar 6 de energía.
effect-laboratory = Pasiva: cuando ganas bienes, roba un plano (1 por ronda como máximo).
effect-manufactory = Coloca 2 dados iguales para ganar 1 bien y, a elegir, 2 de metal, 3 de energía o 2 planos.
effect-mega-factory = Coloca 3 dados iguales para ganar 2 bienes y un dado adicional del valor que elijas, solo esta ronda.
effect-megalith = Sin activación; 3 de prestigio. Cuesta 1 de metal menos por cada Monumento de tu complejo, hasta 0 de metal. Solo uno por jugador.
effect-motherlode = Coloca un dado: un 1, 2 o 3 gana 1 de metal; un 4, 5 o 6 gana 2 de metal.
effect-nuclear-plant = Coloca un 6 para ganar 1 bien y 1 de energía.
effect-obelisk = Sin activación; 2 de prestigio. Puedes construir varios.
effect-power-plant = Coloca un dado que muestra X para ganar X de energía.
effect-recycling-plant = Descarta 2 planos y paga 2 de energía para ganar 1 bien y robar 1 plano.
effect-refinery = Descarta un plano y paga 3 de energía para ganar 3 de metal.
effect-replicator = Paga 1 de energía para usar un plano del mercado (no un Monumento) como si estuviera en tu complejo esta ronda; sus dados van al Replicator y pagas también sus costes.
effect-robot = Paga 1 de metal para tirar un dado adicional, solo esta ronda.
effect-scrap-yard = Pasiva: gana 1 de metal después de construir otra carta (una vez por ronda).
effect-solar-array = Pasiva: gana 2 de energía después de construir otra carta (una vez por ronda).
effect-temp-agency = Paga 1 de energía para volver a tirar cualquier número de dados no colocados.
effect-trash-compactor = Coloca 2 dados iguales y descarta 2 planos para ganar 2 bienes.
effect-warehouse = Coloca 3 dados que sumen 14 o más para ganar 2 bienes y 2 de energía.
effect-architect = Roba 3 planos; elige un oponente que roba 1.
effect-electrician = Gana 5 de energía; elige un oponente que gana 2 de energía.
effect-engineer = Coste adicional de 4 de energía. Revela el plano superior y constrúyelo gratis al instante (si no puedes construirlo, se descarta y se revela otro).
effect-foreman = Coste adicional de 2 de energía. Al comienzo de tu próxima fase de trabajo, elige el valor de hasta 4 de tus dados en lugar de tirarlos.
effect-hired-hands = Coste adicional de 3 de energía. Tira 2 dados adicionales al comienzo de tu próxima fase de trabajo; se van al final de esa ronda.
effect-investor = Revela el plano superior; gana su coste de construcción impreso en metal y energía; descártalo.
effect-miner = Gana 3 de metal; elige un oponente que gana 1 de metal.
effect-specialist = En tu próxima fase de trabajo, gana un dado adicional del valor que elijas (puedes tirar antes); se va al final de esa ronda.

# Help for a first-time player.
help = Ayuda
help-title = Cómo va una ronda
help-market = 1. Fase de mercado: por turnos, cada jugador toma uno de los 4 planos del mercado, o contrata a un contratista descartando un plano con la herramienta indicada encima. Una vez por turno, antes, puedes pagar 1 de metal o 1 de energía para renovar una fila.
help-work = 2. Fase de trabajo: tira tus dados y, en el orden que quieras, colócalos en tu tablero (Investigación roba planos, Mina da metal con un 4–6, Generar da energía con un 1–3) o en tus cartas, activa tus cartas y construye planos de tu mano: paga el coste y descarta otro plano con la misma herramienta.
help-end = 3. Fin de la fase de trabajo: quédate con 10 planos y 12 recursos como máximo. El primer jugador pasa al siguiente.
help-machine = Solitario: tras tu fase de trabajo, la Máquina tira sus cinco dados de colores; el verde toma un plano del mercado, los otros producen bienes según sus cartas de cada tipo.
help-win = La partida acaba una ronda después de que un jugador tenga 12 bienes o 10 edificios (la Máquina: 12 bienes). Puntos: prestigio de las cartas más bienes.
help-got-it = Entendido — no volver a mostrar
help-close = Cerrar
reference = Cartas
reference-title = Todas las cartas y lo que hacen
reference-search = Buscar por nombre o efecto (nombres en inglés o francés)
reference-none = Ninguna carta coincide.
copies = { $count ->
    [one] { $count } copia
   *[other] { $count } copias
}

# What a choice changes.
gain-metal = { $count } de metal
gain-energy = { $count } de energía
gain-goods = { $count ->
    [one] { $count } bien
   *[other] { $count } bienes
}
gain-prestige = { $count } de prestigio
gain-cards = { $count ->
    [one] { $count } plano en la mano
   *[other] { $count } planos en la mano
}
err-not-in-play = { $card } no puede estar en esta mano: { $copies ->
    [one] su única copia ya está
   *[other] las { $copies } copias ya están
} en juego.
err-not-drawn = { $card } no puede estar en esta mano: no quedaba ninguna copia en el mazo cuando se robaron sus cartas secretas.
err-nothing-to-tell = No hay ninguna carta robada en secreto que indicar: todas las cartas de esta mano son conocidas.
err-not-told = { $card } no se indicó a Foreman desde esta mano.
err-named-too-often = { $card } se nombra { $named } veces, y esta mano solo puede tener { $most }.
err-in-secret-hands = { $card } no puede salir de este mazo: sus copias que nadie ha visto se robaron en secreto antes de barajar el mazo, así que están en manos.
err-no-such-player = No hay jugador { $player }.
err-work-ended = El jugador { $player } ya terminó su fase de trabajo esta ronda.
err-hidden-hands-digital = Las manos ocultas son para una partida en una mesa real: una partida digital reparte ella misma cada carta.
err-bot-at-the-table = Un bot solo juega en una partida digital: en una mesa real, una persona tiene las cartas.
act-switch = { $player } trabaja ahora
act-tell = indica a Foreman una carta robada en secreto
act-tell-card = indica { $card } a Foreman (solo en esta pantalla)
act-untell = una carta indicada a Foreman vuelve a contarse como oculta
act-untell-card = { $card } vuelve a contarse como oculta: otro jugador nombró una carta que solo podía estar allí si no era tuya (solo en esta pantalla)
more-choices = …y { $count } más: escribe unas letras para acortar la lista
hand-hidden = { $count ->
    [one] { $count } carta robada en secreto, no indicada en esta pantalla
   *[other] { $count } cartas robadas en secreto, no indicadas en esta pantalla
}
build-from-hand = Construir una carta de tu mano…
build-from-hand-hint = Nombra la carta que construyes y la que descartas con ella; Foreman comprueba que puedan estar en tu mano.
discard-name-hidden = Nombrar una carta secreta descartada…
switch-hint = Este jugador trabaja ahora (tecla { $key }). Todos trabajan a la vez: cualquier jugador que no haya terminado puede actuar.
work-done = terminado
machine-roll = Turno de la Máquina: tira sus cinco dados (rojo, azul, morado, amarillo y verde) y escribe sus caras en ese orden.
machine-rolled-dice = La Máquina sacó: { $dice }.
machine-green-take = Verde { $value }: pon el plano { $slot } del mercado ({ $card }) en el complejo de la Máquina; luego revela un plano del mazo para rellenar el hueco { $slot }.
machine-green-empty = Verde { $value }: el hueco { $slot } del mercado está vacío; la Máquina no toma nada.
machine-green-blueprints = Verde { $value }: revela el plano de arriba del mazo en el complejo de la Máquina; luego descarta los 4 planos del mercado y revela 4 nuevos.
machine-green-contractors = Verde { $value }: revela el plano de arriba del mazo en el complejo de la Máquina; luego descarta los 4 contratistas del mercado y revela 4 nuevos.
machine-production-later = Luego su producción, cuando se nombre la carta revelada para ella.
machine-produces = { $colour } { $value } contra { $cards ->
    [one] { $cards } carta
   *[other] { $cards } cartas
} de { $type }: la Máquina produce 1 mercancía.
machine-no-goods = { $colour } { $value } contra { $cards ->
    [one] { $cards } carta
   *[other] { $cards } cartas
} de { $type }: sin mercancías.
place-machine-turn = va al complejo de la Máquina
place-value-on = Colocar un { $value } en { $section }
place-first-hint = Coloca el primer dado, en el orden en que se dio la tirada, que esta sección acepta. Para colocar otro, haz clic antes en ese dado.
place-all-on = Colocar todos ({ $values }) en { $section }
place-by-face = Colocar ({ $mine }) en { $mine-section } y ({ $generate }) en { $generate-section }
place-by-face-hint = Cada dado restante va donde encaja su valor: de 4 a 6 en Mina, de 1 a 3 en Generar.
die-told = Dado { $n }: { $value } (haz clic y escribe su cara para corregirlo)
die-correct-hint = Haz clic en un dado, o ve a él con las flechas, y escribe su cara para corregirlo.
contractor-progress = Contratista { $k } de { $n }: va al mercado, hueco { $slot }.
suggest = Sugerir
suggest-hint = La mejor fase de trabajo para estos dados, según el planificador (S): pasos numerados para jugar uno a uno, todos a la vez o ninguno. En la fase de mercado: el plano que tomar o el contratista que contratar.
suggest-title = Sugerencia: vale unos { $gain } puntos al final de la partida
suggest-title-hint = Estimación del planificador: el prestigio y los bienes que aporta, y los recursos, edificios y planos que deja, contados por lo que suelen aportar en puntos más adelante ({ $positions ->
    [one] { $positions } posición examinada
   *[other] { $positions } posiciones examinadas
}).
suggest-how = ¿Qué es esta estimación?
suggest-market-hint = Estimación del planificador, su próxima fase de trabajo jugada de antemano con { $rolls } tiradas: el prestigio y los bienes que aporta, y lo que deja contado por lo que suele aportar en puntos más adelante.
suggest-work-weighed-hint = Elegida entre { $plans } formas de jugar esta fase, cada una jugada { $rounds } rondas de antemano en { $games } partidas sacadas de lo que sabes (el mazo y los dados por venir sin ver).
suggest-market-ahead-hint = Estimación del planificador, sus próximas { $rounds } rondas jugadas de antemano en { $games } partidas sacadas de lo que sabes (el mazo y los dados por venir sin ver): el prestigio y los bienes que aportan, y lo que dejan contado por lo que suele aportar en puntos más adelante.
suggest-market-plain-hint = Estimación del planificador: el prestigio y los bienes que aporta, y lo que deja contado por lo que suele aportar en puntos más adelante.
suggest-market-or = o: { $act }, { $gain }
suggest-nothing = Nada que sugerir: no hay ninguna elección abierta ahora.
suggest-hidden = Foreman no conoce tus cartas robadas en secreto: un paso puede nombrar una carta que no tienes. Indícalas para una sugerencia exacta.
suggest-thinking = El planificador está pensando…
suggest-next = Jugar el siguiente paso
suggest-next-hint = Tecla: N
suggest-all = Jugar todo
suggest-hide = Ocultar
suggest-mark = { $count ->
    [one] Paso
   *[other] Pasos
} { $steps } de la sugerencia
suggest-again = Luego mira lo que sale (un dado o una carta) y pulsa Sugerir otra vez.
suggest-not-exhaustive = (Demasiadas posiciones para examinarlas todas: la mejor encontrada.)
choice-build-card = Construir { $card } ({ $count ->
    [one] { $count } descarte
   *[other] { $count } descartes
})
choice-discard-card = Descartar { $card } ({ $count ->
    [one] { $count } opción
   *[other] { $count } opciones
})
choice-back = Volver
choice-no-card = Ninguna carta se llama «{ $typed }».
choice-not-here = { $card } no está entre estas opciones.
only-choice = La única opción: { $action }.
no-file-dialog = En este sistema no se abre ningún diálogo de archivos: escriba la ruta en la casilla y pulse el botón de al lado.
open-need-path = Escriba primero la ruta de una partida guardada, o elíjala con el botón de al lado.
act-hire-gift = { $act }; { $player } recibe el regalo del contratista
suggest-brings = Lo que aporta: { $gains } (la medida también cuenta lo que se guarda para las rondas siguientes).

## La pantalla de un asiento en un móvil o tableta (foreman host, foreman serve)
web-hand = Tus planos
web-hidden = { $count ->
    [one] y { $count } carta robada en secreto
   *[other] y { $count } cartas robadas en secreto
}
web-compound = Complejo
web-market = Mercado
web-blueprints = Planos
web-contractors = Contratistas
web-others = La mesa
web-machine = La Máquina
web-log = Lo que pasó
web-actions = Lo que puedes hacer
web-no-actions = Nada que hacer ahora: juegan los demás.
web-waiting-deal = La mesa reparte primero: espera.
web-roll = Tu tirada: escribe la cara de cada dado (una tecla por dado)
web-send = Enviar
web-connecting = Conectando…
web-reconnecting = Conexión perdida: probando de nuevo…
web-offline = Sin conexión: no se ha enviado nada. Espera a que vuelva la conexión y vuelve a intentarlo.
web-spectator-title = Viendo la partida
web-dice = Dados
web-hq = Sede
web-score = Puntuación final
web-cards-in-hand = { $count ->
    [one] { $count } plano en la mano
   *[other] { $count } planos en la mano
}
web-ended = fase de trabajo terminada
web-back = Volver
web-stale = La mesa cambió mientras elegías: mira de nuevo y vuelve a elegir.
web-not-your-turn = No es tu turno.
web-dice-not-yours = En una partida en pantalla, Foreman tira los dados.
web-spectator = La pantalla de un espectador solo mira.
web-not-saved = No se pudo guardar la partida, así que no se jugó nada: { $why }
web-malformed = No se entendió ese mensaje: { $why }
web-no-lang = Foreman no habla { $lang }.
web-text-only = Foreman solo lee mensajes de texto.
web-group-build = Construir { $card }…
web-group-activate = Activar { $card }…
web-group-hire = Contratar a { $contractor }…
web-which-blueprint = ¿Qué plano salió? Escribe unas letras de su nombre y pulsa Intro
web-which-contractor = ¿Qué contratista salió? Escribe unas letras de su nombre y pulsa Intro
web-no-such-card = Ninguna carta se llama así.
web-several-cards = Varias cartas empiezan así: escribe más, o toca una bajo la casilla:
web-group-refresh = Renovar una fila del mercado…
web-group-end = Terminar la fase de trabajo…
web-tell = Indicar a Foreman una carta robada…
web-tell-which = ¿Qué carta has robado? Solo tu pantalla la nombrará. Escribe unas letras y pulsa Intro
web-tell-which-build = ¿Qué carta de tu mano construyes? Indícala (solo tu pantalla la nombra): sus construcciones aparecen entonces. Unas letras y Intro
web-tell-which-hire = ¿Qué carta de tu mano descartas para contratar? Indícala (solo tu pantalla la nombra): las contrataciones con ella aparecen entonces. Unas letras y Intro
web-told = solo en tu pantalla
web-tell-hint = Construir y contratar ofrecen todas las cartas que podrían ser tus cartas secretas: indica tus cartas a Foreman (bajo tus planos) para ver solo las tuyas.
web-die = Dado
web-die-then = Toca un dado, luego dónde va: una sección, o una carta que pueda activar.
web-group-build-untold = Construir una carta que no has indicado…
web-group-hire-untold = Contratar, descartando una carta que no has indicado…
web-tell-now = Indicar tus cartas a Foreman
web-drew-tell = Has robado una carta en secreto: indica a Foreman cuál (más abajo).
web-your-turn = Tu turno
web-invite = Invitar jugadores
web-invite-hint = Cada jugador abre el enlace de su asiento, o escanea su código, en un móvil o tableta de la misma red: ve su propia mano y juega su asiento.
web-spectators = Espectadores (la mesa pública)
web-hosting = Esta partida se sirve en { $address }
web-host-failed = No se pudo servir la partida: { $why }

## Historial (issue 72)
history = Historial
history-hint = Cada partida jugada, su repetición y estadísticas
history-back = Volver
history-games = Partidas
history-stats = Estadísticas
history-count = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}
history-resume = Reanudar esta partida
history-empty = Aún no hay partidas: cada partida que juegues se guarda aquí, terminada o no.
history-pick = Elige una partida a la izquierda para ver su puntuación y repetirla.
history-any = Cualquier fecha
history-any-mode = Cualquier modo
history-any-player = Todos los jugadores
history-any-machine = Cualquier dificultad
history-machine = solitario, Máquina { $level }
history-week = Últimos 7 días
history-month = Últimos 30 días
history-year = Último año
history-unfinished = sin terminar (ronda { $round })
history-round-back = << Ronda
history-step-back = < Acción
history-actions = acciones jugadas
history-step-forward = Acción >
history-round-forward = Ronda >>
history-keys = Teclas: flechas izquierda y derecha, una acción; arriba y abajo, una ronda; Inicio y Fin, el principio y el final
history-after = Ronda { $round }: { $line }
history-start = Antes del reparto inicial
history-length = { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}
history-length-timed = { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}, { $minutes } min
stats-game-number = Partidas jugadas, la más antigua primero
history-round-start = Inicio de la ronda { $round }
history-back-game = Volver a la partida
history-player-line = metal { $metal }, energía { $energy }, bienes { $goods }, prestigio { $prestige }, { $hand ->
    [one] 1 plano en mano
   *[other] { $hand } planos en mano
}
history-dice = Dados: { $dice }
history-machine-line = bienes { $goods }, puntuación { $score }
history-set-aside = La base de datos del historial estaba dañada: se ha apartado ({ $path }) y se ha empezado una nueva. Los archivos de las partidas están intactos.
score-prestige = Prestigio
score-goods = Bienes
score-total = Total
stats-for = Estadísticas de
stats-none = Aún no hay partidas terminadas: las estadísticas empiezan con la primera.
stats-players = Jugadores
stats-name = Jugador
stats-games = Partidas
stats-wins = Victorias
stats-win-rate = Porcentaje de victorias
stats-mean = Puntuación media
stats-best = Mejor
stats-machine = Contra la Máquina
stats-difficulty = Dificultad
stats-margin = Diferencia media
stats-rate-over-time = Victorias, partida a partida (cada punto: las últimas { $games } partidas en esa dificultad)
stats-margin-over-time = Puntuación del jugador menos la de la Máquina, partida a partida
stats-scores = Puntuaciones
stats-scores-by-count = Puntuaciones según el número de jugadores
stats-players-count = { $count ->
    [one] solitario
   *[other] { $count } jugadores
}
stats-head-to-head = Cara a cara (una victoria compartida cuenta para cada uno)
stats-rival = Rival de { $name }: { $rival }
stats-games-together = { $count ->
    [one] 1 partida juntos
   *[other] { $count } partidas juntos
}
stats-cards = Los planos que más construyeron los ganadores
stats-card = Plano
stats-by-winners = Construidos por ganadores
stats-win-rate-built = Jugadores que lo construyeron y ganaron
stats-rate-of = { $wins } de { $count } ({ $rate })
stats-lengths = Rondas y minutos por partida
stats-lengths-mean = { $rounds } rondas por partida de media; { $minutes } minutos de juego de media en las { $timed } partidas cronometradas
stats-lengths-rounds = { $rounds } rondas por partida de media
stats-score-axis = Puntuación
stats-games-axis = Partidas
stats-rounds-axis = Rondas
stats-no-winner-yet = Ningún jugador ha ganado aún: aquí aparecerán los planos que construyen los ganadores.
history-bgstats-show = BG Stats: mostrar esta partida como código QR
history-bgstats-hide = Ocultar el código QR
history-export = Exportar todas las partidas…
history-exported = Escritos: { $bgstats } (para importar en BG Stats) y { $csv } (una hoja de cálculo).
stats-rounds = Rondas
stats-minutes = Minutos
history-filter-mode = Modo
history-filter-player = Jugador
history-filter-machine = Contra la Máquina
history-filter-date = Fecha
history-bgstats = BG Stats
history-bgstats-hint = Registrar esta partida en BG Stats: escanea el código con tu teléfono o abre el enlace
history-bgstats-scan = Escanéalo con el teléfono que tiene BG Stats: la partida se abre allí, rellenada.
history-bgstats-open = Abrir el enlace en BG Stats
history-machine-cards = { $cards ->
    [one] { $cards } carta
   *[other] { $cards } cartas
} + { $monuments ->
    [one] { $monuments } Monumento
   *[other] { $monuments } Monumentos
}

# Seats nobody else can take (issue 87)
web-changed = La mesa cambió mientras elegías: «{ $what }» ya no es posible. Mira de nuevo y vuelve a elegir.
web-id-reused = Este número de mensaje ya se usó para otra acción: no se jugó nada. Recarga la página.
web-not-now = Foreman no pudo jugar esto ahora: pregunta a la mesa qué está en juego.
web-no-undo-asked = Nadie pidió deshacer una acción.
web-nothing-to-take-back = No hay nada que deshacer: la última acción reveló cartas o dados, o no hay ninguna.
web-not-your-last = Solo se puede deshacer tu propia última acción, y alguien más ha jugado desde entonces.
web-undo = Deshacer mi última acción
web-undo-asks = { $name } pide deshacer: { $what }
web-undo-yes = De acuerdo
web-undo-no = Rechazar
web-undo-waiting = Esperando a que los demás estén de acuerdo…
web-which-tools = La ficha de herramienta sobre cada espacio de contratista, primero el espacio 1 (del 1 al 4, de izquierda a derecha en la mesa): tócalas en ese orden
web-machine-dice = Los cinco dados de la Máquina (rojo, azul, morado, amarillo, verde): una tecla por dado
web-elsewhere = Este asiento está abierto en otro dispositivo. ¿Jugarlo aquí? Se avisará al otro dispositivo.
web-take-over = Jugar aquí
web-taken-over = Tu asiento se abrió en otro dispositivo: esta pantalla ya no muestra nada de él.
web-connected = conectado
web-not-connected = sin conexión
web-too-many-sockets = Demasiadas conexiones: cierra otra página de esta partida y vuelve a intentarlo.
web-planner-busy = El planificador está ocupado con otros jugadores: vuelve a pedirlo en un momento.
suggest-none-to-play = No hay sugerencia que jugar: pida una primero (Sugerir, S).
suggest-stale = Tu posición cambió mientras el planificador pensaba: vuelve a pedirlo.
web-hand-on-phone = Los planos de este jugador están en su propio teléfono.
web-undo-waiting-for = Esperando a que { $names } esté de acuerdo…
web-undo-taken = Deshecho, a petición de { $name }: { $what }
web-undo-refused = { $by } no está de acuerdo: «{ $what }» sigue jugado.
web-undo-table = La pantalla de la mesa
web-undo-you-asked = Pediste deshacer: { $what }
web-undo-waiting-table = Esperando a que la pantalla de la mesa esté de acuerdo…
web-undo-title = ¿Deshacer una acción?
web-plays-on-phone = { $name } juega en su propio teléfono: sus decisiones se toman allí.
web-waiting-phone = Esperando el teléfono de { $name }, o juega su turno aquí.

## The review after a game (the final score's Review, foreman review; issue 91)
review = Revisar la partida
review-hint = Tus decisiones ronda a ronda frente a las del bot planificador, y lo que costó cada una en puntos al final de la partida.
review-whose = Revisar la partida de:
review-title = Revisión de la partida: { $player }
review-measure = Cada decisión se pesa como la pesaría el bot planificador, sabiendo solo lo que sabía entonces { $player }: los puntos al final de la partida que costó frente a la decisión del bot. La suerte no cuenta: una tirada o un robo se pesa antes de caer.
review-total = En total, las decisiones costaron unos { $points } puntos según esta medida.
review-none = Ninguna decisión que revisar.
review-biggest = Las tres decisiones más costosas
review-round = Ronda { $round }
review-market-same = Mercado: { $played } (como el planificador).
review-market-other = Mercado: { $played }; unos { $points } puntos menos que la decisión del planificador: { $best }.
review-work-same = Fase de trabajo: { $played } (como el planificador).
review-work = Fase de trabajo, unos { $points } puntos menos que la del planificador: { $played }
review-work-slip = El paso más costoso: { $played }, donde el planificador jugaría: { $best } (unos { $points } puntos).
review-not-weighed = (en parte sin pesar: una carta que no se le dijo a Foreman)
review-biggest-market = Ronda { $round }, fase de mercado: unos { $points } puntos. Jugado: { $played }; el planificador: { $best }.
review-biggest-work = Ronda { $round }, fase de trabajo: unos { $points } puntos en total; su paso más costoso: { $played }, donde el planificador jugaría: { $best } (unos { $step } puntos).
review-working = Revisando la partida… { $percent } %
review-back = Volver a la puntuación
review-failed = Esta partida no se puede revisar: { $reason }
web-reviewing = Revisando tu partida: unos segundos…
web-review-after = La revisión llega cuando termina la partida.

## Los juegos junto a Fantastic Factories, en la mesa (issue 92)
other-games = Otros juegos en la mesa:
other-traumfabrik-hint = Traumfabrik de Reiner Knizia (2 a 5 jugadores): Foreman lleva las subastas, los contratos, las películas y los premios, y puntúa el final.
other-little-factory-hint = Little Factory (2 a 4 jugadores): Foreman lleva los turnos, las manos, los edificios y la influencia, y anuncia el final en cuanto llega.
other-back = Volver al inicio
other-new = Nueva partida
other-start = Empezar la partida
other-first = Jugador inicial
other-player = Jugador
other-player-n = Jugador { $n }
other-undone = Se deshizo la última acción.
other-game-unreadable = No se pudo leer la partida guardada ({ $reason }); queda apartada como { $path } y se puede empezar una nueva.
lf-setup = ¿Quién juega? El jugador inicial recibe la loseta de monedas de 3, el siguiente la de 4, y así en sentido horario.
lf-pool = Fichas de influencia en la reserva: { $tokens }
lf-turn-start = Turno de { $name }: activa edificios, luego produce o intercambia.
lf-turn-end = Turno de { $name }: activa los edificios aún sin activar, revela las cartas nuevas y termina el turno.
lf-over-reached = ¡{ $name } llega a 10 de influencia y gana!
lf-over-pool = La reserva está vacía: la partida termina. Más influencia: { $names }.
lf-hand = Cartas de recurso
lf-start-tile = Loseta de monedas inicial
lf-buildings = Edificios
lf-influence = Influencia
lf-building = n.º { $n }: { $influence } + { $tokens } fichas
lf-activate = Activar un edificio
lf-activate-button = Activar
lf-discard = cartas descartadas:
lf-gain-level = nivel { $level } obtenidas:
lf-token = una ficha de influencia
lf-produce = Producir (una carta, pagada con recursos)
lf-level = recurso de nivel { $level }
lf-a-building = un edificio
lf-free = gratis (producción lenta)
lf-produce-button = Producir
lf-exchange = Intercambiar (cartas por sus monedas)
lf-given = monedas de las cartas dadas:
lf-got = monedas de los recursos obtenidos:
lf-got-buildings = edificios obtenidos (influencia/monedas):
lf-exchange-button = Intercambiar
lf-end-turn = Terminar el turno
lf-bad-numbers = Escribe números separados por espacios, y los edificios como influencia/monedas (3/12).
lf-refusal-players = Little Factory se juega de 2 a 4 (cuatro losetas de monedas).
lf-refusal-first = El jugador inicial debe ser uno de los jugadores.
lf-refusal-over = La partida ha terminado.
lf-refusal-no-building = Ese edificio no es del jugador.
lf-refusal-activated = Cada edificio se activa como mucho una vez por turno.
lf-refusal-action-done = La acción del turno ya está hecha: producir o intercambiar una sola vez.
lf-refusal-action-first = Produce o intercambia primero: la acción va antes del final del turno.
lf-refusal-first-turn = En tu primer turno solo puedes intercambiar.
lf-refusal-not-in-hand = La mano tiene { $hand } cartas de recurso: no puede descartar { $discard }.
lf-refusal-hand-limit = Nunca más de 7 cartas de recurso en la mano, ni por un momento (serían { $hand }).
lf-refusal-pool = No quedan fichas de influencia en la reserva.
lf-refusal-level = Un recurso es de nivel 1, 2 o 3.
lf-refusal-slow = Producción lenta: un recurso de nivel 1 gratis, si es el único de nivel 1 producido este turno.
lf-refusal-exchange-one = Un intercambio da una carta u obtiene una carta: si se dan varias, solo se obtiene una.
lf-refusal-exchange-empty = Un intercambio da algo y obtiene algo.
lf-refusal-exchange-value = Las cartas obtenidas valen { $got } monedas, más que las { $given } dadas.
lf-refusal-start-tile = La loseta de monedas ya se gastó, o se dio dos veces.
tf-setup = ¿Quién juega, con qué estudio? Escribe una vez las casillas de cada guion (se recuerdan): la de la estrella invitada siempre está.
tf-slots-legend = Casillas: D director, A actor, C equipo de rodaje, M música, X efectos especiales, W blanca (todo menos director y estrella invitada).
tf-tiles-legend = Losetas: una letra y sus estrellas: D4 director, A3 actor, C2 equipo, M1 música, X2 efectos, G0 agencia, S2 o S-1 estrella invitada.
tf-studio = Estudio
tf-stars = estrellas impresas:
tf-drama = drama
tf-adventure = aventura
tf-comedy = comedia
tf-bad-slots = { $name }: escribe sus casillas con letras (D A C M X W).
tf-same-studio = Cada jugador tiene su propio estudio.
tf-round = Ronda { $round } de 4, lugar { $place } de 8
tf-camera = Cámara: { $name }
tf-centre = Contratos en el centro: { $contracts } · guiones en el mazo: { $pile }
tf-reveal-famous = Las losetas del lugar famoso (2 o 3):
tf-reveal-party = Las losetas de la fiesta, boca arriba (una por jugador):
tf-reveal = Decirlas
tf-bad-tiles = Escribe cada loseta como una letra y sus estrellas, por ejemplo A3 M1.
tf-auction = Subasta por: { $tiles }
tf-high = Mejor puja: { $name }, { $bid ->
    [one] 1 contrato
   *[other] { $bid } contratos
}
tf-to-bid = { $name } puja o pasa:
tf-bid = Pujar
tf-pass = Pasar
tf-party-order = Orden de elección (más actores y estrellas invitadas primero): { $names }
tf-picks = { $name } elige:
tf-place = { $name } coloca la loseta elegida en una casilla de abajo:
tf-discard = Descartar
tf-discard-hint = La loseta vuelve a la caja.
tf-draw = { $name } terminó una película y toma el guion de encima del mazo:
tf-take = Tomarlo
tf-over = La partida ha terminado: se entregan los Grandes Premios.
tf-peek = Mantén pulsado para ver los contratos
tf-contracts = { $contracts ->
    [one] 1 contrato
   *[other] { $contracts } contratos
}
tf-score = Películas { $films } + premios { $awards } + contratos { $contracts } = { $total }
tf-winner = ganador
tf-won = { $name } gana la subasta por { $bid }: se reparten los { $pot } del centro, { $share } a cada otro jugador, { $left } quedan allí.
tf-finished = { $name } termina una película de { $stars } estrellas: toma la ficha { $token }.
tf-award-first = primera película de { $genre } (5)
tf-award-best = mejor película de la ronda { $round } (5)
tf-award-genre = Gran Premio, mejor película de { $genre } (10)
tf-award-worst = Gran Premio, peor película (10)
tf-award-direction = Gran Premio, mejor dirección (10)
tf-refusal-players = Traumfabrik se juega de 2 a 5.
tf-refusal-scenarios = Cada estudio empieza con tres guiones, cada uno con sus casillas.
tf-refusal-places = Una ronda es Hollywood primero, luego otros cinco lugares famosos y dos fiestas.
tf-refusal-not-now = Ahora no: la partida espera otra cosa (ver arriba).
tf-refusal-famous = Un lugar famoso tiene 2 o 3 losetas.
tf-refusal-party = Una fiesta tiene una loseta por jugador ({ $count }).
tf-refusal-bid-low = Una puja debe superar la mejor puja, { $bid }.
tf-refusal-bid-high = Un jugador no puede pujar más contratos de los que tiene ({ $contracts }).
tf-refusal-pile = El mazo de guiones está vacío.
tf-refusal-finished = Una película terminada ya no puede cambiar.
tf-refusal-no-slot = Este guion no tiene esa casilla.
tf-refusal-guest-only = La casilla más baja es la de la estrella invitada: solo una estrella invitada va allí.
tf-refusal-guest-slot = Una estrella invitada va solo en su casilla.
tf-refusal-director = Un director va solo en la casilla de director (una película tiene un director).
tf-refusal-wrong-slot = Esta loseta no corresponde a la casilla: una loseta va en una casilla de su tipo, o en una blanca.
tf-refusal-white = Una casilla blanca acepta actores, equipos, música y efectos, no directores ni estrellas invitadas.
tf-refusal-cover = Una loseta solo cubre otra de su mismo tipo, y una agencia solo la cubre otra agencia.
lf-first-turn = Primer turno: solo intercambiar (da la loseta de monedas inicial).
tf-tiles = Losetas:
tf-slots = Casillas:
lf-activated = activado
tf-scenario = el guion
tf-no-bid = Aún no hay puja: abre quien tiene la cámara (se permite 0).
history-others = Otros juegos
history-others-none = Aún no hay partidas de Traumfabrik ni de Little Factory.
history-others-wins = Victorias por jugador
history-others-won = { $won } ganadas de { $played }
history-others-winners = ganada por { $names }
history-others-unfinished = sin terminar
other-log = Lo que pasó
tf-log-reveal = Lugar { $place }: { $tiles }
tf-log-bid = { $name } puja { $bid }.
tf-log-pass = { $name } pasa.
tf-log-pick = { $name } elige { $tile }.
tf-log-place = { $name } coloca { $tile } en { $film }.
tf-log-discard = { $name } descarta { $tile }.
tf-log-draw = { $name } toma { $film } del mazo.
lf-log-activate = { $name } activa el edificio n.º { $n }: { $discard } cartas descartadas, { $gain } obtenidas.
lf-log-produce = { $name } produce un recurso de nivel { $level }.
lf-log-produce-free = { $name } produce gratis un recurso de nivel { $level } (producción lenta).
lf-log-produce-building = { $name } produce un edificio de { $influence } de influencia.
lf-log-exchange = { $name } intercambia { $given } por { $got }.
lf-log-end = { $name } termina el turno.
lf-log-token = { $name } toma una ficha de influencia (quedan { $left }).
tf-refusal-in-play = { $name } ya está en juego: cada guion se juega una vez.
tf-refusal-two-directors = Un guion tiene como mucho una casilla de director.
tf-value-hint = { $stars } estrellas en la película. Tomó la ficha más alta que quedaba en su valor o por debajo (una ficha «+» vale más que la de su valor sin «+»): { $token }.
other-resume = { $game } (continuar)
tf-hollywood = Hollywood: uno de los cuatro directores de cuatro estrellas, uno por ronda (lo fijan las reglas; nada que escribir).
tf-stars-so-far = { $stars ->
    [one] 1 estrella por ahora
   *[other] { $stars } estrellas por ahora
}
history-others-resume = Continuar
history-others-scores = mejor { $best }, media { $mean }
