# Foreman — français.
new-game = Nouvelle partie
undo = Annuler
undo-hint = Reprendre la dernière action (Ctrl+Z)
redo = Rétablir
redo-hint = Rejouer l'action annulée (Ctrl+Y)
undone = Action reprise : { $action }.
redone = Action rejouée : { $action }.
undo-stops = On ne peut pas reprendre « { $action } » : cette action a révélé une carte ou des dés, et la reprendre montrerait ce qui est caché. (En partie accompagnée, on peut revenir plus loin.)
save-as = Enregistrer une copie…
save = Enregistrer
saved-to = Enregistré dans { $path }
path = Chemin du fichier
cancel = Annuler la fenêtre
language = Langue
zoom-in = A+
zoom-out = A−
zoom-hint = Zoom, pour lire depuis sa chaise (Ctrl+plus / Ctrl+moins)
theme-light = Thème clair
theme-dark = Thème sombre
start-title = Une nouvelle partie de Fantastic Factories
solo = En solo contre la Machine
multiplayer = De 2 à 5 joueurs
difficulty = Difficulté :
difficulty-easy = Facile
difficulty-medium = Moyen
difficulty-hard = Difficile
difficulty-expert = Expert
players = Joueurs :
players-count = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
mode = Cartes et dés :
mode-digital = À l’écran : Foreman distribue et lance les dés
mode-digital-hint = Pas besoin de la boîte : Foreman mélange, distribue et lance des dés virtuels.
mode-companion = Vraies cartes et vrais dés sur la table
mode-companion-hint = Vous jouez avec la boîte : vous indiquez à Foreman la carte révélée et ce que montrent les dés, il vérifie et compte les points.
mode-digital-short = à l’écran
mode-companion-short = vraies cartes et vrais dés
first-player = Premier joueur :
first-by-lot = Tiré au sort
name = Nom
colour = Couleur
plays = Joue
seat-person = Une personne
seat-bot-easy = Bot, facile
seat-bot-hard = Bot, difficile
seat-bot-hint = Qui joue à la place { $seat }. Facile : un bot qui prend l'action qui semble la meilleure sur le moment. Difficile : un bot qui planifie toute sa phase de travail avec le planificateur.
bot-playing = { $name } joue…
bot-tag = bot
bot-hand-hidden = Les plans d'un bot restent cachés, comme les vôtres pour lui.
colour-of = Couleur du joueur { $seat }
player-name = Nom du joueur { $seat }
player-default = Joueur { $seat }
colour-red = Rouge
colour-blue = Bleu
colour-green = Vert
colour-purple = Violet
colour-yellow = Jaune
dice-of = Dés du joueur { $seat }
dice-source = Dés
dice-virtual = Dés virtuels
dice-typed = Saisis à la main
dice-camera = Caméra
dice-smart = Dés connectés
dice-digital-hint = Une partie numérique lance les dés de Foreman.
dice-computer-only = Seulement dans Foreman sur un ordinateur : un navigateur n'atteint ni caméra ni port série. Tapez plutôt les faces.
machine = La Machine
machine-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
} dans son enceinte
machine-rolled = Dés lancés :
machine-die-value = Dé { $colour } : { $value }
machine-dice = ses cinq dés de couleur
start-game = Commencer la partie
resume = Reprendre la dernière partie
resume-finished = Voir le score final de la dernière partie
kept-games = Parties mises de côté (les plus récentes d'abord)
resume-this = Reprendre
summary = { $who } — tour { $round } — { $mode }
summary-solo = { $name } contre la Machine ({ $difficulty })
resume-none = Aucune partie enregistrée pour l'instant.
open-path = Chemin d'une partie enregistrée
open = Ouvrir
browse = Choisir…
browse-hint = Choisir le fichier avec la fenêtre de fichiers du système (ou taper son chemin)
market = Marché
others = Joueurs et journal
camera-side = Caméra
board-side = Votre plateau
blueprints = Plans
contractors = Prestataires
take = Prendre { $card }
hire = Engager { $card }
hire-needs = Engager demande de défausser un plan avec l'outil { $tool }, et l'énergie supplémentaire éventuelle du prestataire.
tool-token-hint = Le jeton outil au-dessus de ce prestataire : défaussez un plan avec cet outil pour l'engager.
tool-badge = Outil { $tool }
tool-token = Jeton Outil { $tool }
empty-slot = (vide)
refresh = Renouveler une rangée…
refresh-hint = Une fois par tour, payez 1 métal ou 1 énergie pour remplacer une rangée du marché.
deck-counts = Pioche : { $blueprints } plans, { $contractors } prestataires
roll = Lancer
roll-hint = Lancez vos dés (R)
roll-foreman = Lancer avec le Contremaître…
end-work = Fin de la phase de travail
end-work-hint = Terminez votre phase de travail (E) ; gardez au plus 10 plans et 12 ressources.
end-work-discards = Fin de la phase de travail : que défausser
end-work-limits = À la fin de la phase de travail, vous gardez au plus { $hand } cartes Plan et { $resources } ressources (Métal et Énergie confondus) ; vous choisissez ce que vous défaussez.
discard-blueprints = Choisissez { $count ->
    [one] { $count } plan
   *[other] { $count } plans
} à défausser ({ $chosen } sur { $count }) :
discard-resources = Défaussez { $count ->
    [one] { $count } ressource
   *[other] { $count } ressources
} :
discard-split = { $metal } métal et { $energy } énergie
discard-blueprints-left = Choisissez d'abord exactement { $count ->
    [one] { $count } plan
   *[other] { $count } plans
} à défausser.
pass = Passer
machine-turn = Tour de la Machine
machine-turn-hint = Résoudre le tour de la Machine avec ses cinq dés (M).
deal = Distribuer
log = Ce qui s'est passé
log-deal = La mise en place
log-round = Tour { $round }
log-line = { $who } : { $what }
section-research-rule = Un dé de n'importe quelle valeur : piochez 1 plan. Un dé de même valeur qu'un autre déjà là : 1 de plus.
section-mine-rule = Un 4, 5 ou 6 : 1 métal. Un dé de même valeur qu'un autre déjà là : 1 de plus.
section-generate-rule = Un 1, 2 ou 3 : autant d'énergies que sa valeur. Un dé de même valeur qu'un autre déjà là : 1 de plus.
game-over = La partie est terminée.
metal-count = Métal { $count }
energy-count = Énergie { $count }
goods-count = Marchandises { $count }
prestige-count = Prestige { $count }
score-so-far = Score actuel { $score }
hand-count = { $count ->
    [one] { $count } plan en main
   *[other] { $count } plans en main
}
compound = Enceinte
compound-empty = (aucun bâtiment)
dice-tray = Piste de dés
dice-none = Aucun dé lancé.
die = Dé { $n } : { $value }
die-hint = Faites glisser ce dé sur une section, ou cliquez-le puis sa destination ({ $origin }).
die-placed = Déjà placé ({ $origin }).
specialist-die = Prendre le dé du Spécialiste…
hq = Siège Social
section-research = Recherche
section-mine = Mine
section-generate = Générateur
place-on = Placer sur { $section }
select-die-first = Choisissez d'abord un dé.
activate = Activer { $card }
activate-replicated = Activer { $card } avec le Réplicateur
build = Construire { $card }
cost = { $metal } métal, { $energy } énergie
cost-prestige = coût { $metal } métal + { $energy } énergie, { $prestige } prestige
type-production = Production
type-utility = Utilitaire
type-training = Formation
type-special = Spécial
type-monument = Monument
tool-shovel = Pelle
tool-gear = Engrenage
tool-wrench = Clé
tool-hammer = Marteau
not-your-turn = Personne ne travaille en ce moment.
already-activated = Déjà utilisé ce tour-ci.
needs-a-choice = Choisissez comment l'utiliser.
need-die = Que montre le dé ? ({ $why })
roll-complete = Tous les dés sont donnés : Entrée confirme, Retour arrière corrige.
roll-correct = Corriger le dernier (Retour arrière)
roll-confirm = Confirmer le lancer (Entrée)
roll-and-place = Ou confirmer le lancer et placer aussitôt :
face = Le dé montre { $value }
need-blueprint = Quel plan a été révélé ?
reveal-progress = Plan { $k } sur { $n } : { $place }.
place-hand = il va dans la main de { $player }
place-market = il va au marché, emplacement { $slot }
place-machine = il va dans l'enceinte de la Machine (un Monument est défaussé et un autre révélé)
place-discard = il est défaussé aussitôt
need-contractor = Quel prestataire a été révélé ?
need-tools = Dans quel ordre sont les jetons outil au-dessus des prestataires ? (de gauche à droite sur la table : emplacements de prestataire 1 à 4)
search = Tapez pour chercher (nom anglais ou français)
search-several = { $count } cartes correspondent : tapez la suite, ou choisissez-en une avec les flèches ou d'un clic.
final-score = Score final
winner = Vainqueur : { $name }
tie-metal = Égalité départagée par le métal.
tie-energy = Égalité départagée par l'énergie.
tie-hand = Égalité départagée par les plans en main.
tie-shared = Toujours à égalité : victoire partagée.
tie-machine = À égalité avec la Machine, qui gagne les égalités.
tie-values = Départage : métal { $metal }, énergie { $energy }, main { $hand }
score-cards-prestige = Prestige de ces cartes, en tout : { $count }
score-last-round = Le dernier tour, tel qu'il a été joué
player-total = { $name } : { $score ->
    [one] { $score } point
   *[other] { $score } points
}
machine-total = La Machine : { $score ->
    [one] { $score } point
   *[other] { $score } points
}
machine-formula = { $goods ->
    [one] { $goods } marchandise
   *[other] { $goods } marchandises
} + { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
} + { $monuments ->
    [one] { $monuments } Monument
   *[other] { $monuments } Monuments
}
export-result = Exporter le résultat (JSON)…
used = utilisé
res-metal = métal
res-energy = énergie
err-wrong-phase-when = Cela se fait { $when } ; c'est maintenant { $now }.
when-market = pendant la phase de marché
when-work = pendant la phase de travail
when-work-start = au début de la phase de travail
when-machine = après votre phase de travail, en partie solo
when-deal = une fois, au début de la partie
when-dealt = une fois les cartes distribuées
when-pass = seulement si vous ne pouvez ni prendre un plan ni engager un prestataire
now-setup = la distribution
now-market = la phase de marché
now-work = la phase de travail
now-machine = le tour de la Machine
now-over = la fin de la partie
now-market-choice = la phase de marché, avec un plan à prendre ou un prestataire à engager
err-game-over = La partie est terminée.
err-already-refreshed = Le marché ne se renouvelle qu'une fois par tour, avant de prendre une carte.
err-not-rolled = Lancez d'abord vos dés : la phase de travail commence par le lancer.
err-already-rolled = Vous avez déjà lancé vos dés dans cette phase de travail.
err-no-such-slot = L'emplacement { $slot } du marché n'existe pas : le marché a les emplacements 1 à 4.
err-empty-slot = L'emplacement { $slot } du marché est vide.
err-cannot-pay-refresh = Renouveler le marché coûte 1 { $what }, et vous n'en avez pas.
err-wrong-hire-tool = Engager { $contractor } demande un plan avec l'outil { $tool } (le jeton au-dessus de son emplacement) ; { $discard } a l'outil { $discard_tool }.
err-cannot-pay-contractor = { $contractor } coûte { $cost } énergie en plus de la défausse ; vous en avez { $have }.
err-opponent-needed = { $contractor } donne quelque chose à un adversaire : choisissez lequel.
err-bad-opponent = L'adversaire doit être un autre joueur de la table (le joueur { $player } ne l'est pas).
err-no-opponent-choice = { $contractor } n'a pas d'adversaire à choisir.
err-not-in-hand = { $card } n'est pas dans votre main.
err-need-second-copy = Il faut deux exemplaires de { $card } en main pour en utiliser un et défausser l'autre.
err-not-in-compound = { $card } n'est pas dans votre enceinte.
err-no-such-die = Le dé { $die } n'existe pas.
err-die-already-placed = Le dé { $die } est déjà placé : chaque dé sert une fois par tour.
err-die-twice = Le dé { $die } est nommé deux fois.
err-bad-face = Un dé montre 1 à 6, pas { $value }.
err-mine-value = { $section } prend un dé de 4, 5 ou 6 ; ce dé montre { $value }.
err-generate-value = { $section } prend un dé de 1, 2 ou 3 ; ce dé montre { $value }.
err-section-full = { $section } est complet : chaque étage du Siège Social a 3 emplacements.
err-too-many-set = Le Contremaître permet de fixer au plus 4 dés, pas { $count }.
err-no-foreman = Vous ne pouvez fixer des dés qu'après avoir engagé le Contremaître.
err-no-specialist = Vous n'avez pas de dé du Spécialiste à prendre ce tour-ci.
err-no-build-discard = Construire { $card } demande de défausser un autre plan de votre main avec l'outil { $tool }, et vous n'en avez aucun.
err-wrong-build-tool = Construire { $card } demande de défausser un autre plan avec l'outil { $tool } ; { $discard } a l'outil { $discard_tool }.
err-duplicate = Vous avez déjà { $card } dans votre enceinte, et seuls Flambeau et Obélisque peuvent être construits deux fois.
err-cannot-afford-build = Construire { $card } coûte { $metal } métal et { $energy } énergie ; vous avez { $have_metal } métal et { $have_energy } énergie.
err-already-activated = { $card } a déjà été activé ce tour-ci : chaque carte fonctionne une fois par tour.
err-no-activation = { $card } n'a pas d'activation.
err-dice-pattern = { $card } demande { $needs } ; { $got }.
pattern-any = un dé
pattern-one = un dé de valeur 1
pattern-four = un dé de valeur 4
pattern-six = un dé de valeur 6
pattern-pair = 2 dés identiques
pattern-triple = 3 dés identiques
pattern-run = une suite de 3 dés (3 valeurs consécutives)
pattern-sum14 = 3 dés dont la somme est d'au moins 14
pattern-target = un dé non placé à modifier
pattern-targets = un ou plusieurs dés non placés à relancer
dice-show = les dés montrent { $values }
dice-none-given = aucun dé n'a été donné
err-need-energy = { $card } demande { $needs } énergie ; vous en avez { $have }.
err-need-metal = { $card } demande { $needs } métal ; vous en avez { $have }.
err-discard-count = { $card } demande de défausser { $needs ->
    [one] 1 plan
   *[other] { $needs } plans
} de votre main, pas { $got }.
err-choice-needed = { $card } demande un choix.
err-bad-choice = { $card } n'accepte pas ce choix.
err-gymnasium-on-six = Le Gymnase ne peut pas être utilisé sur un 6.
err-fitness-on-one = La Salle de Sport ne peut pas être utilisée sur un 1.
err-no-replicator = Vous n'avez pas de Réplicateur dans votre enceinte.
err-not-in-market = { $card } n'est pas au marché.
err-cannot-replicate = Le Réplicateur copie un plan du marché qui a une activation ; { $card } n'en a pas.
err-hand-limit = À la fin de la phase de travail vous gardez au plus 10 plans : défaussez exactement { $needs } (vous en avez nommé { $got }).
err-resource-limit = À la fin de la phase de travail vous gardez au plus 12 ressources : défaussez exactement { $needs } métal et énergie ensemble (vous en avez nommé { $got }).
err-drop-too-much = Vous ne pouvez pas défausser du { $what } que vous n'avez pas ({ $named } nommé, { $have } possédé).
err-need-die = Il faut un dé : donnez la valeur qu'il montre.
err-bad-tools = Les jetons outil doivent être les 4 outils différents, chacun une fois.
err-impossible-card = { $card } ne peut pas être révélé : { $copies ->
    [one] son seul exemplaire est
   *[other] les { $copies } exemplaires sont
} déjà ailleurs sur la table.
err-unused-inputs = Plus de dés ou de cartes ont été donnés que l'action n'en a utilisés.
err-player-count = Une partie se joue de 1 à 5 joueurs (1 contre la Machine), pas { $count }.
err-solo-players = Une partie solo contre la Machine a exactement un joueur.
err-one-player-is-solo = Une partie à un joueur est la partie solo contre la Machine : choisissez le solo et une difficulté.
err-white-is-solo = Le blanc est la couleur du joueur solo : à plusieurs, les dés blancs sont les dés supplémentaires communs.
err-shared-colour = Deux joueurs ne peuvent pas avoir la même couleur ({ $colour }).
ev-drew = { $name } pioche { $card }
ev-drew-secret = { $name } pioche un plan
ev-reshuffled-blueprints = La défausse des plans est mélangée en une nouvelle pioche.
ev-reshuffled-contractors = La défausse des prestataires est mélangée en une nouvelle pioche.
ev-built = { $name } construit { $card }
ev-engineer-skipped = L'Ingénieur révèle { $card }, qui ne peut pas être construit deux fois : défaussé.
ev-investor = L'Investisseur révèle { $card } : +{ $metal } métal, +{ $energy } énergie.
ev-triggered = { $card } de { $name } se déclenche.
ev-rolled = { $name } a lancé { $dice }
ev-machine-rolled = La Machine lance rouge { $red }, bleu { $blue }, violet { $purple }, jaune { $yellow }, vert { $green }.
ev-machine-took = La Machine prend { $card } à l'emplacement { $slot } du marché.
ev-machine-revealed = La Machine révèle { $card } de la pioche dans son enceinte.
ev-machine-discarded-blueprints = La Machine défausse les plans du marché.
ev-machine-discarded-contractors = La Machine défausse les prestataires du marché.
ev-machine-produced = Dé { $colour } { $value } contre { $cards ->
    [one] { $cards } carte { $type }
   *[other] { $cards } cartes { $type }
} : 1 marchandise.
ev-machine-idle = Dé { $colour } { $value } contre { $cards ->
    [one] { $cards } carte { $type }
   *[other] { $cards } cartes { $type }
} : rien.
ev-end-triggered = La fin de la partie est déclenchée au tour { $round } : un dernier tour suit celui-ci.
choice-discard = en défaussant { $cards }
choice-value = pour un { $value }
choice-metal = en prenant du métal
choice-energy = en prenant de l'énergie
choice-draw = en prenant des plans
choice-as-metal = { $metal } en métal
act-refresh-blueprints-metal = Renouveler les plans pour 1 métal
act-refresh-blueprints-energy = Renouveler les plans pour 1 énergie
act-refresh-contractors-metal = Renouveler les prestataires pour 1 métal
act-refresh-contractors-energy = Renouveler les prestataires pour 1 énergie
act-take-slot = Prendre le plan { $slot } du marché
act-take-card = Prendre { $card } (plan { $slot } du marché)
act-hire-card = Engager { $contractor } (prestataire { $slot }) en défaussant { $discard }
act-hire-unseen = Engager { $contractor } (prestataire { $slot }) en défaussant un plan de votre main avec l'outil { $tool }, si vous en avez un
act-hire = Engager le prestataire { $slot } en défaussant { $discard }
act-roll-set = Lancer en fixant { $values } (Contremaître)
act-specialist = Prendre le dé du Spécialiste sur { $value }
act-place = Placer le { $value } sur { $section }
act-dice = avec { $count ->
    [one] le dé montrant
   *[other] les dés montrant
} { $values }
act-build = Construire { $card } en défaussant { $discard }
act-end-work = Finir la phase de travail en défaussant { $cards }
act-end-work-plain = Finir la phase de travail
act-end-work-drop = Finir la phase de travail en défaussant { $what }
origin-own = votre dé
origin-foreman = fixé par le Contremaître
origin-hiredhands = dé de la Main-d'œuvre
origin-specialist = dé du Spécialiste
origin-robot = dé du Robot
origin-golem = dé du Golem
origin-megafactory = dé de la Méga-usine
machine-die = le dé { $colour } de la Machine
your-die = dé { $n }
phase-setup = En attente de la distribution
phase-market = Tour { $round }, phase de marché : à { $name } de choisir
phase-roll = Tour { $round }, phase de travail : à { $name } de lancer
phase-work = Tour { $round }, phase de travail : { $name } travaille
phase-work-all = Tour { $round }, phase de travail : tout le monde travaille en même temps
phase-machine = Tour { $round } : tour de la Machine
phase-over = Partie terminée après le tour { $round }
last-round = dernier tour
smart-dice = Dés connectés
smart-port = Port série des dés connectés
connect = Connecter
disconnect = Déconnecter
smart-connected = Connecté.
smart-not-connected = Non connecté : en attente du port (branchez les dés).
battery = batterie { $volts } V
battery-unknown = batterie inconnue
die-crooked = de travers
blink = Faire clignoter le dé { $colour }
rolls-waiting = { $count ->
    [one] { $count } dé lu, en attente
   *[other] { $count } dés lus, en attente
}
colour-white = Blanc
colour-black = Noir
smart-dice-panel = Dés connectés sur un port série
find-dice = Chercher
no-dice-found = Aucun port série USB trouvé : branchez un dé connecté, ou tapez son port.
last-game-damaged = La dernière partie est illisible ({ $reason }) ; elle a été gardée sous { $path }. Une nouvelle partie commence.

# camera dice reader
camera-panel = Lecture des dés par caméra
camera-source-hint = camera 0, une image ou un dossier
camera-start = Démarrer la caméra
camera-stop = Arrêter la caméra
camera-none = Aucune caméra trouvée : branchez une webcam, ou indiquez une image ou un dossier.
camera-automatic = Prendre un lancer stable sans confirmation
camera-running = Lecture depuis { $source }.
camera-starting = Démarrage de la caméra…
camera-mark-tray = Délimiter la piste
camera-marking = Faites glisser sur l’image pour délimiter la piste (cliquez pour annuler)
camera-whole-picture = Toute l’image
camera-picture = L'image de la caméra
camera-roll = Lancer stable : { $dice }.
camera-more-dice = L’image montre { $seen } dés ; le lancer en a { $roll } : les { $roll } plus sûrs sont lus (pointez un dé faux et tapez sa face, ou Suppr).
camera-fix-short = Un dé mal lu : pointez-le et tapez sa face.
camera-fix-how = Pointez un dé de l’image et tapez sa face pour le corriger (Maj+clic : sa couleur), sur un dé oublié pour l’ajouter, et clic droit ou Suppr sur ce qui n’est pas un dé pour l’enlever.
camera-taught = Apprend vos dés : { $rolls ->
    [one] un lancer confirmé
   *[other] { $rolls } lancers confirmés
} (utilisé à partir de 5).
camera-taught-used = Lit avec ce qu’il a appris de { $rolls } lancers confirmés.
camera-taught-whole = Lit avec son classifieur entraîné à nouveau sur { $whole } lancers confirmés.
camera-relearning = L’entraîne à nouveau sur { $rolls } lancers : { $percent } %.
camera-forget = Oublier ce qu’il a appris
camera-unsure = { $count ->
    [one] Un dé est incertain (orange, avec ?) : vérifiez-le, et cliquez dessus pour le corriger.
   *[other] { $count } dés sont incertains (orange, avec ?) : vérifiez-les, et cliquez sur un dé pour le corriger.
}
camera-left-over = { $count ->
    [one] La caméra a lu un dé de plus que le lancer n’en prenait ({ $dice }) : il a été mis de côté, pas joué. Si c’était un dé du lancer, annulez et tapez le lancer.
   *[other] La caméra a lu { $count } dés de plus que le lancer n’en prenait ({ $dice }) : ils ont été mis de côté, pas joués. Si c’étaient des dés du lancer, annulez et tapez le lancer.
}
camera-use-roll = Utiliser ce lancer
dice-read-camera = Lu par la caméra : cliquez sur « Utiliser ce lancer » dans le panneau de la caméra, ou tapez les dés ici.
dice-read-smart = Lancez vos dés connectés : chacun donne sa face dès qu’il s’arrête, ou tapez les dés ici.
camera-settling = En attente de l’arrêt des dés…
colour-other = Autre
camera-find = Chercher les caméras
camera-choose = Choisir une image…
camera-next-picture = Image suivante
teach-title = Apprendre vos dés à Foreman
teach-offer = Nouvelle caméra, table ou dés ? Lancez tous vos dés dans la piste { $goal } fois et confirmez chaque lancer en corrigeant ce qui est mal lu : Foreman apprend vos dés, votre table et votre lumière. Ces lancers ne sont pas joués.
teach-start = Commencer
teach-not-now = Plus tard
teach-how = Lancez tous vos dés dans la piste. Une fois posés, pointez un dé mal lu et tapez sa face, un dé oublié pour l’ajouter, faites un clic droit sur ce qui n’est pas un dé, puis appuyez sur « Ce lancer est juste ».
teach-progress = { $done } lancers sur { $goal }
teach-roll-right = Ce lancer est juste
teach-stop = Arrêter l’apprentissage
teach-done = Foreman a appris vos dés sur { $rolls } lancers.
teach-again = Apprendre vos dés à Foreman…

# What each card does (cards.md), in this language's rulebook words.
effect-aluminum-factory = Placez 2 dés identiques et payez 5 énergies pour gagner 2 marchandises et 1 métal.
effect-assembly-line = Placez une suite de 3 dés (3 valeurs consécutives) pour gagner 2 marchandises.
effect-battery-factory = Payez 4 énergies pour gagner 1 marchandise. Sans dé.
effect-beacon = Sans activation. Chaque Flambeau rapporte davantage de prestige que le précédent : 2, 3, 4, 5 (14 pour les quatre). Vous pouvez en bâtir plusieurs.
effect-biolab = Placez un 1 et payez 1 énergie pour gagner 1 marchandise.
effect-black-market = Placez un dé et défaussez un plan pour gagner les ressources (métal + énergie) de son coût de construction, 4 au maximum (vous choisissez lesquelles). Ignorez la réduction du Mégalithe.
effect-concrete-plant = Placez 2 dés identiques et payez autant de métal que la valeur des dés pour gagner 2 marchandises.
effect-dojo = Payez 1 énergie pour retourner un dé non placé sur sa face opposée (7 moins sa valeur).
effect-fitness-center = Payez 1 énergie pour diminuer de 1 la valeur d'un dé non placé (pas un 1).
effect-foundry = Placez un dé et payez autant d'énergies que sa valeur pour gagner autant de métal.
effect-fulfillment-center = Placez un 4 et payez 2 énergies pour gagner 1 marchandise et 1 métal.
effect-golem = Payez X énergies (1 à 6) pour gagner un dé supplémentaire de valeur X, ce tour-ci seulement.
effect-gymnasium = Payez 1 énergie pour augmenter de 1 la valeur d'un dé non placé (pas un 6).
effect-harvester = Placez 2 dés identiques pour gagner 4 métaux OU 7 énergies.
effect-incinerator = Défaussez un plan et payez 1 métal pour gagner 6 énergies.
effect-laboratory = Passif : piochez un plan lorsque vous gagnez une marchandise (1 plan par tour au maximum).
effect-manufactory = Placez 2 dés identiques pour gagner 1 marchandise et, au choix, 2 métaux, 3 énergies ou 2 plans.
effect-mega-factory = Placez 3 dés identiques pour gagner 2 marchandises et un dé supplémentaire de la valeur de votre choix, ce tour-ci seulement.
effect-megalith = Sans activation ; 3 prestiges. Coûte 1 métal de moins par carte Monument dans votre enceinte, jusqu'à 0 métal. Un seul par joueur.
effect-motherlode = Placez un 1, 2 ou 3 pour gagner 1 métal, ou un 4, 5 ou 6 pour gagner 2 métaux.
effect-nuclear-plant = Placez un 6 pour gagner 1 marchandise et 1 énergie.
effect-obelisk = Sans activation ; 2 prestiges. Vous pouvez bâtir plusieurs Obélisques.
effect-power-plant = Placez un dé pour gagner X énergies, où X est la valeur du dé.
effect-recycling-plant = Défaussez 2 plans et payez 2 énergies pour gagner 1 marchandise et piocher 1 plan.
effect-refinery = Défaussez un plan et payez 3 énergies pour gagner 3 métaux.
effect-replicator = Payez 1 énergie pour activer une carte du marché (pas un Monument) comme si elle était dans votre enceinte ; ses dés vont sur le Réplicateur et vous payez aussi ses coûts.
effect-robot = Payez 1 métal pour lancer un dé supplémentaire, ce tour-ci seulement.
effect-scrap-yard = Passif : gagnez 1 métal après avoir bâti une autre carte (une fois par tour).
effect-solar-array = Passif : gagnez 2 énergies après avoir bâti une autre carte (une fois par tour).
effect-temp-agency = Payez 1 énergie pour relancer n'importe quel nombre de dés non placés.
effect-trash-compactor = Placez 2 dés identiques et défaussez 2 plans pour gagner 2 marchandises.
effect-warehouse = Placez 3 dés dont la somme est d'au moins 14 pour gagner 2 marchandises et 2 énergies.
effect-architect = Piochez 3 plans et choisissez un adversaire qui pioche 1 plan.
effect-electrician = Gagnez 5 énergies et choisissez un adversaire qui gagne 2 énergies.
effect-engineer = Coût supplémentaire de 4 énergies. Révélez un plan et bâtissez-le immédiatement et gratuitement (une carte que vous ne pouvez pas bâtir est défaussée et une autre révélée).
effect-foreman = Coût supplémentaire de 2 énergies. Au début de votre prochaine phase de travail, choisissez la valeur de 4 de vos dés au maximum au lieu de les lancer.
effect-hired-hands = Coût supplémentaire de 3 énergies. Lancez 2 dés supplémentaires au début de la prochaine phase de travail ; défaussez-les à la fin du tour.
effect-investor = Révélez un plan ; gagnez autant de métal et d'énergie que son coût de construction ; défaussez-le.
effect-miner = Gagnez 3 métaux et choisissez un adversaire qui gagne 1 métal.
effect-specialist = Lors de votre prochaine phase de travail, gagnez un dé supplémentaire de la valeur de votre choix (vous pouvez lancer les autres d'abord) ; défaussez-le à la fin du tour.

# Help for a first-time player.
help = Aide
help-title = Le déroulement d'un tour
help-market = 1. Phase de marché : à tour de rôle, chaque joueur prend une des 4 cartes Plan du marché, ou engage un prestataire en défaussant un plan avec l'outil indiqué au-dessus. Une fois par tour, avant cela, vous pouvez payer 1 métal ou 1 énergie pour renouveler une rangée.
help-work = 2. Phase de travail : lancez vos dés, puis dans l'ordre de votre choix placez-les sur votre Siège Social (Recherche pioche des plans, Mine donne du métal pour un 4 à 6, Générateur donne de l'énergie pour un 1 à 3) ou sur vos cartes, activez vos cartes et bâtissez des plans de votre main : payez le coût et défaussez un autre plan avec le même outil.
help-end = 3. Fin de la phase de travail : gardez au plus 10 plans et 12 ressources. Le jeton Premier Joueur passe au suivant.
help-machine = Solo : après votre phase de travail, la Machine lance ses cinq dés de couleur ; le vert prend un plan du marché, les autres produisent des marchandises selon ses cartes de chaque type.
help-win = La partie s'arrête à la fin du tour suivant celui où un joueur a 12 marchandises ou 10 bâtiments (la Machine : 12 marchandises). Score : prestige des cartes plus marchandises.
help-got-it = Compris — ne plus afficher
help-close = Fermer
reference = Cartes
reference-title = Toutes les cartes et leurs effets
reference-search = Chercher par nom ou effet (noms français ou anglais)
reference-none = Aucune carte ne correspond.
copies = { $count ->
    [one] { $count } exemplaire
   *[other] { $count } exemplaires
}

# What a choice changes.
gain-metal = { $count } métal
gain-energy = { $count } énergie
gain-goods = { $count ->
    [one] { $count } marchandise
   *[other] { $count } marchandises
}
gain-prestige = { $count } prestige
gain-cards = { $count ->
    [one] { $count } plan en main
   *[other] { $count } plans en main
}
err-not-in-play = { $card } ne peut pas être dans cette main : { $copies ->
    [one] son seul exemplaire est
   *[other] les { $copies } exemplaires sont
} déjà en jeu.
err-not-drawn = { $card } ne peut pas être dans cette main : il n'en restait aucun exemplaire dans la pioche quand ses cartes secrètes ont été piochées.
err-nothing-to-tell = Il n'y a aucune carte piochée en secret à indiquer : toutes les cartes de cette main sont connues.
err-not-told = { $card } n'a pas été indiqué à Foreman depuis cette main.
err-named-too-often = { $card } est nommé { $named } fois, et cette main ne peut en avoir que { $most }.
err-in-secret-hands = { $card } ne peut pas sortir de cette pioche : ses exemplaires que personne n'a vus ont été piochés en secret avant que la pioche soit mélangée, ils sont donc dans des mains.
err-no-such-player = Il n'y a pas de joueur { $player }.
err-work-ended = Le joueur { $player } a déjà terminé sa phase de travail ce tour-ci.
err-hidden-hands-digital = Les mains cachées sont pour une partie à une vraie table : une partie numérique distribue elle-même chaque carte.
err-bot-at-the-table = Un bot ne joue que dans une partie numérique : à une vraie table, une personne tient les cartes.
act-switch = { $player } travaille maintenant
act-tell = indique à Foreman une carte piochée en secret
act-tell-card = indique { $card } à Foreman (sur cet écran seulement)
act-untell = une carte indiquée à Foreman est de nouveau comptée comme cachée
act-untell-card = { $card } est de nouveau comptée comme cachée : un autre joueur a nommé une carte qui ne pouvait être là que si elle n'était pas la vôtre (seulement sur cet écran)
more-choices = …et { $count } de plus : tapez quelques lettres pour réduire la liste
hand-hidden = { $count ->
    [one] { $count } carte piochée en secret, non indiquée sur cet écran
   *[other] { $count } cartes piochées en secret, non indiquées sur cet écran
}
build-from-hand = Construire une carte de votre main…
build-from-hand-hint = Nommez la carte construite et la carte défaussée avec elle ; Foreman vérifie qu'elles peuvent être dans votre main.
discard-name-hidden = Nommer une carte secrète défaussée…
switch-hint = Ce joueur travaille maintenant (touche { $key }). Tout le monde travaille en même temps : tout joueur qui n'a pas fini peut agir.
work-done = fini
machine-roll = Tour de la Machine : lancez ses cinq dés (rouge, bleu, violet, jaune et vert) et tapez leurs faces dans cet ordre.
machine-rolled-dice = La Machine a lancé : { $dice }.
machine-green-take = Vert { $value } : prenez le plan { $slot } du marché ({ $card }) dans l'enceinte de la Machine ; puis révélez un plan de la pioche pour remplir l'emplacement { $slot }.
machine-green-empty = Vert { $value } : l'emplacement { $slot } du marché est vide ; la Machine ne prend rien.
machine-green-blueprints = Vert { $value } : révélez le plan du dessus de la pioche dans l'enceinte de la Machine ; puis défaussez les 4 plans du marché et révélez-en 4 nouveaux.
machine-green-contractors = Vert { $value } : révélez le plan du dessus de la pioche dans l'enceinte de la Machine ; puis défaussez les 4 prestataires du marché et révélez-en 4 nouveaux.
machine-production-later = Puis sa production, une fois nommée la carte révélée pour elle.
machine-produces = { $colour } { $value } contre { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
} { $type } : la Machine produit 1 marchandise.
machine-no-goods = { $colour } { $value } contre { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
} { $type } : pas de marchandise.
place-machine-turn = il va dans l'enceinte de la Machine
place-value-on = Placer un { $value } sur { $section }
place-first-hint = Place le premier dé, dans l'ordre où le lancer a été donné, que cette section accepte. Pour en placer un autre, cliquez d'abord sur ce dé.
place-all-on = Tout placer ({ $values }) sur { $section }
place-by-face = Placer ({ $mine }) sur { $mine-section } et ({ $generate }) sur { $generate-section }
place-by-face-hint = Chaque dé restant va là où sa valeur convient : 4 à 6 sur la Mine, 1 à 3 sur le Générateur.
die-told = Dé { $n } : { $value } (cliquez, puis tapez sa face, pour le corriger)
die-correct-hint = Cliquez sur un dé, ou allez-y avec les flèches, puis tapez sa face pour le corriger.
contractor-progress = Prestataire { $k } sur { $n } : il va au marché, emplacement { $slot }.
suggest = Suggérer
suggest-hint = La meilleure phase de travail pour ces dés, selon le planificateur (S) : des étapes numérotées à jouer une à une, toutes, ou pas du tout. Pendant la phase de marché : le plan à prendre ou le prestataire à engager.
suggest-title = Suggestion : vaut environ { $gain } points d'ici la fin de la partie
suggest-title-hint = Estimation du planificateur : le prestige et les marchandises que cela rapporte, et les ressources, bâtiments et plans que cela laisse, comptés pour ce qu'ils rapportent d'habitude en points ensuite ({ $positions ->
    [one] { $positions } position examinée
   *[other] { $positions } positions examinées
}).
suggest-how = Qu'est-ce que cette estimation ?
suggest-market-hint = Estimation du planificateur, sa prochaine phase de travail jouée d'avance sur { $rolls } lancers : le prestige et les marchandises que cela rapporte, et ce que cela laisse compté pour ce que cela rapporte d'habitude en points ensuite.
suggest-work-weighed-hint = Choisie parmi { $plans } façons de jouer cette phase, chacune jouée { $rounds } manches d'avance dans { $games } parties tirées de ce que vous savez (la pioche et les dés à venir inconnus).
suggest-market-ahead-hint = Estimation du planificateur, ses { $rounds } prochaines manches jouées d'avance dans { $games } parties tirées de ce que vous savez (la pioche et les dés à venir inconnus) : le prestige et les marchandises qu'elles rapportent, et ce qu'elles laissent compté pour ce que cela rapporte d'habitude en points ensuite.
suggest-market-plain-hint = Estimation du planificateur : le prestige et les marchandises que cela rapporte, et ce que cela laisse compté pour ce que cela rapporte d'habitude en points ensuite.
suggest-market-or = ou : { $act }, { $gain }
suggest-nothing = Rien à suggérer : aucun choix n'est ouvert maintenant.
suggest-hidden = Foreman ne connaît pas vos cartes piochées en secret : une étape peut nommer une carte que vous n'avez pas. Indiquez-les pour une suggestion exacte.
suggest-thinking = Le planificateur réfléchit…
suggest-next = Jouer l'étape suivante
suggest-next-hint = Touche : N
suggest-all = Tout jouer
suggest-hide = Masquer
suggest-mark = { $count ->
    [one] Étape
   *[other] Étapes
} { $steps } de la suggestion
suggest-again = Puis voyez ce qui vient (un dé ou une carte) et demandez une nouvelle suggestion.
suggest-not-exhaustive = (Trop de positions pour toutes les examiner : la meilleure trouvée.)
choice-build-card = Construire { $card } ({ $count ->
    [one] { $count } défausse
   *[other] { $count } défausses
})
choice-discard-card = Défausser { $card } ({ $count ->
    [one] { $count } choix
   *[other] { $count } choix
})
choice-back = Retour
choice-no-card = Aucune carte ne s'appelle « { $typed } ».
choice-not-here = { $card } ne fait pas partie de ces choix.
only-choice = Le seul choix : { $action }.
no-file-dialog = Aucune fenêtre de choix de fichier ne s'ouvre sur ce système : tapez le chemin dans la case, puis appuyez sur le bouton à côté.
open-need-path = Tapez d'abord le chemin d'une partie sauvegardée, ou choisissez-la avec le bouton à côté.
act-hire-gift = { $act } ; { $player } reçoit le bonus du prestataire
suggest-brings = Ce que cela rapporte : { $gains } (la mesure compte aussi ce qui est gardé pour les manches à venir).

## L'écran d'une place sur un téléphone ou une tablette (foreman host, foreman serve)
web-hand = Vos plans
web-hidden = { $count ->
    [one] et { $count } carte piochée en secret
   *[other] et { $count } cartes piochées en secret
}
web-compound = Enceinte
web-market = Marché
web-blueprints = Plans
web-contractors = Prestataires
web-others = La table
web-machine = La Machine
web-log = Ce qui s'est passé
web-actions = Ce que vous pouvez faire
web-no-actions = Rien à faire pour l'instant : les autres jouent.
web-waiting-deal = La table distribue d’abord : attendez.
web-roll = Votre lancer : tapez la face de chaque dé (une touche par dé)
web-send = Envoyer
web-connecting = Connexion…
web-reconnecting = Connexion perdue : nouvel essai…
web-offline = Pas de connexion : rien n'a été envoyé. Attendez le retour de la connexion, puis réessayez.
web-spectator-title = La partie en spectateur
web-dice = Dés
web-hq = Siège Social
web-score = Score final
web-cards-in-hand = { $count ->
    [one] { $count } plan en main
   *[other] { $count } plans en main
}
web-ended = phase de travail finie
web-back = Retour
web-stale = La table a changé pendant votre choix : regardez à nouveau et choisissez encore.
web-not-your-turn = Ce n'est pas votre tour.
web-dice-not-yours = Dans une partie à l'écran, Foreman lance les dés.
web-spectator = L'écran d'un spectateur ne fait que regarder.
web-not-saved = La partie n'a pas pu être enregistrée, donc rien n'a été joué : { $why }
web-malformed = Ce message n'a pas été compris : { $why }
web-no-lang = Foreman ne parle pas { $lang }.
web-text-only = Foreman ne lit que des messages texte.
web-group-build = Construire { $card }…
web-group-activate = Activer { $card }…
web-group-hire = Engager { $contractor }…
web-which-blueprint = Quel plan a été révélé ? Tapez quelques lettres de son nom, puis Entrée
web-which-contractor = Quel prestataire a été révélé ? Tapez quelques lettres de son nom, puis Entrée
web-no-such-card = Aucune carte ne porte ce nom.
web-several-cards = Plusieurs cartes commencent ainsi : tapez la suite, ou touchez-en une sous la case :
web-group-refresh = Renouveler une rangée du marché…
web-group-end = Finir la phase de travail…
web-tell = Indiquer à Foreman une carte piochée…
web-tell-which = Quelle carte avez-vous piochée ? Seul votre écran la nommera. Tapez quelques lettres, puis Entrée
web-tell-which-build = Quelle carte de votre main construisez-vous ? Indiquez-la (seul votre écran la nomme) : ses constructions s’affichent alors. Quelques lettres, puis Entrée
web-tell-which-hire = Quelle carte de votre main défaussez-vous pour engager ? Indiquez-la (seul votre écran la nomme) : les engagements avec elle s’affichent alors. Quelques lettres, puis Entrée
web-told = sur votre écran seulement
web-tell-hint = Les constructions et embauches proposent toutes les cartes que vos cartes secrètes pourraient être : indiquez vos cartes à Foreman (sous vos plans) pour ne voir que les vôtres.
web-die = Dé
web-die-then = Touchez un dé, puis où il va : une section, ou une carte qu'il peut activer.
web-group-build-untold = Construire une carte non indiquée…
web-group-hire-untold = Engager, en défaussant une carte non indiquée…
web-tell-now = Indiquer vos cartes à Foreman
web-drew-tell = Vous avez pioché une carte en secret : indiquez-la à Foreman (plus bas).
web-your-turn = À vous de jouer
web-invite = Inviter les joueurs
web-invite-hint = Chaque joueur ouvre le lien de sa place, ou scanne son code, sur un téléphone ou une tablette du même réseau : il voit sa propre main et joue sa place.
web-spectators = Spectateurs (la table publique)
web-hosting = Cette partie est servie à { $address }
web-host-failed = La partie n'a pas pu être servie : { $why }

## Historique (issue 72)
history = Historique
history-hint = Chaque partie jouée, son déroulé et des statistiques
history-back = Retour
history-games = Parties
history-stats = Statistiques
history-count = { $count ->
    [one] 1 partie
   *[other] { $count } parties
}
history-resume = Reprendre cette partie
history-empty = Aucune partie pour l'instant : chaque partie jouée est gardée ici, finie ou non.
history-pick = Choisissez une partie à gauche pour voir son score et la revoir.
history-any = Toute date
history-any-mode = Tout mode
history-any-player = Tous les joueurs
history-any-machine = Toute difficulté
history-machine = solo, Machine { $level }
history-week = 7 derniers jours
history-month = 30 derniers jours
history-year = Dernière année
history-unfinished = non finie (tour { $round })
history-round-back = << Tour
history-step-back = < Action
history-actions = actions jouées
history-step-forward = Action >
history-round-forward = Tour >>
history-keys = Touches : flèches gauche et droite, une action ; haut et bas, un tour ; Début et Fin, le début et la fin
history-after = Tour { $round } : { $line }
history-start = Avant la mise en place
history-length = { $rounds ->
    [one] { $rounds } tour
   *[other] { $rounds } tours
}
history-length-timed = { $rounds ->
    [one] { $rounds } tour
   *[other] { $rounds } tours
}, { $minutes } min
stats-game-number = Parties jouées, la plus ancienne d’abord
history-round-start = Début du tour { $round }
history-back-game = Retour à la partie
history-player-line = métal { $metal }, énergie { $energy }, marchandises { $goods }, prestige { $prestige }, { $hand ->
    [one] 1 plan en main
   *[other] { $hand } plans en main
}
history-dice = Dés : { $dice }
history-machine-line = marchandises { $goods }, score { $score }
history-set-aside = La base de l'historique était endommagée : elle a été mise de côté ({ $path }) et une nouvelle commencée. Les fichiers des parties sont intacts.
score-prestige = Prestige
score-goods = Marchandises
score-total = Total
stats-for = Statistiques de
stats-none = Aucune partie finie pour l'instant : les statistiques commencent avec la première.
stats-players = Joueurs
stats-name = Joueur
stats-games = Parties
stats-wins = Victoires
stats-win-rate = Taux de victoire
stats-mean = Score moyen
stats-best = Meilleur
stats-machine = Contre la Machine
stats-difficulty = Difficulté
stats-margin = Écart moyen
stats-rate-over-time = Taux de victoire, partie après partie (chaque point : les { $games } dernières parties à cette difficulté)
stats-margin-over-time = Score du joueur moins celui de la Machine, partie par partie
stats-scores = Scores
stats-scores-by-count = Scores selon le nombre de joueurs
stats-players-count = { $count ->
    [one] solo
   *[other] { $count } joueurs
}
stats-head-to-head = Face à face (une victoire partagée compte pour chacun)
stats-rival = Rival de { $name } : { $rival }
stats-games-together = { $count ->
    [one] 1 partie ensemble
   *[other] { $count } parties ensemble
}
stats-cards = Les plans que les gagnants ont le plus construits
stats-card = Plan
stats-by-winners = Construits par les gagnants
stats-win-rate-built = Joueurs qui l’ont construit et ont gagné
stats-rate-of = { $wins } sur { $count } ({ $rate })
stats-lengths = Tours et minutes par partie
stats-lengths-mean = { $rounds } tours par partie en moyenne ; { $minutes } minutes de jeu en moyenne sur les { $timed } parties chronométrées
stats-lengths-rounds = { $rounds } tours par partie en moyenne
stats-score-axis = Score
stats-games-axis = Parties
stats-rounds-axis = Tours
stats-no-winner-yet = Aucun joueur n’a encore gagné : les plans construits par les gagnants s’afficheront ici.
history-bgstats-show = BG Stats : montrer cette partie en QR code
history-bgstats-hide = Cacher le QR code
history-export = Exporter toutes les parties…
history-exported = Écrits : { $bgstats } (à importer dans BG Stats) et { $csv } (un tableur).
stats-rounds = Tours
stats-minutes = Minutes
history-filter-mode = Mode
history-filter-player = Joueur
history-filter-machine = Contre la Machine
history-filter-date = Date
history-bgstats = BG Stats
history-bgstats-hint = Enregistrer cette partie dans BG Stats : scannez le code avec votre téléphone, ou ouvrez le lien
history-bgstats-scan = Scannez avec le téléphone qui a BG Stats : la partie s'y ouvre, remplie.
history-bgstats-open = Ouvrir le lien dans BG Stats
history-machine-cards = { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
} + { $monuments ->
    [one] { $monuments } Monument
   *[other] { $monuments } Monuments
}

# Seats nobody else can take (issue 87)
web-changed = La table a changé pendant votre choix : « { $what } » n'est plus possible. Regardez à nouveau et choisissez encore.
web-id-reused = Ce numéro de message a déjà servi pour une autre action : rien n'a été joué. Rechargez la page.
web-not-now = Foreman n'a pas pu jouer ceci maintenant : demandez à la table ce qui est en jeu.
web-no-undo-asked = Personne n'a demandé de reprendre une action.
web-nothing-to-take-back = Il n'y a rien à reprendre : la dernière action a révélé des cartes ou des dés, ou il n'y en a pas.
web-not-your-last = Seule votre propre dernière action peut être reprise, et quelqu'un d'autre a joué depuis.
web-undo = Reprendre ma dernière action
web-undo-asks = { $name } demande à reprendre : { $what }
web-undo-yes = D'accord
web-undo-no = Refuser
web-undo-waiting = En attente de l'accord des autres…
web-which-tools = Le jeton outil au-dessus de chaque emplacement de prestataire, l'emplacement 1 d'abord (de 1 à 4, de gauche à droite sur la table) : touchez-les dans cet ordre
web-machine-dice = Les cinq dés de la Machine (rouge, bleu, violet, jaune, vert) : une touche par dé
web-elsewhere = Cette place est ouverte sur un autre appareil. La jouer ici plutôt ? L'autre appareil en sera averti.
web-take-over = Jouer ici
web-taken-over = Votre place a été reprise sur un autre appareil : cet écran n'en montre plus rien.
web-connected = connecté
web-not-connected = non connecté
web-too-many-sockets = Trop de connexions : fermez une autre page de cette partie et réessayez.
web-planner-busy = Le planificateur est occupé pour d'autres joueurs : redemandez dans un instant.
suggest-none-to-play = Aucune suggestion à jouer : demandez-en une d'abord (Suggérer, S).
suggest-stale = Votre position a changé pendant la réflexion du planificateur : redemandez.
web-hand-on-phone = Les plans de ce joueur sont sur son propre téléphone.
web-undo-waiting-for = En attente de l'accord de { $names }…
web-undo-taken = Reprise, à la demande de { $name } : { $what }
web-undo-refused = { $by } n'est pas d'accord : « { $what } » reste joué.
web-undo-table = L'écran de la table
web-undo-you-asked = Vous avez demandé à reprendre : { $what }
web-undo-waiting-table = En attente de l'accord de l'écran de la table…
web-undo-title = Reprendre une action ?
web-plays-on-phone = { $name } joue sur son propre téléphone : ses choix se font là.
web-waiting-phone = En attente du téléphone de { $name }, ou jouez son tour ici.

## The review after a game (the final score's Review, foreman review; issue 91)
review = Revoir la partie
review-hint = Vos choix tour par tour face à ceux du bot planificateur, et ce que chacun a coûté en points d'ici la fin de la partie.
review-whose = Revoir la partie de :
review-title = Revue de la partie : { $player }
review-measure = Chaque choix est pesé comme le bot planificateur le pèserait, en sachant seulement ce que savait alors { $player } : les points d'ici la fin de la partie qu'il a coûtés face au choix du bot. La chance ne compte pas : un lancer ou une pioche est pesé avant de tomber.
review-total = En tout, les choix ont coûté environ { $points } points selon cette mesure.
review-none = Aucun choix à revoir.
review-biggest = Les trois choix les plus coûteux
review-round = Tour { $round }
review-market-same = Marché : { $played } (comme le planificateur).
review-market-other = Marché : { $played } ; environ { $points } points de moins que le choix du planificateur : { $best }.
review-work-same = Phase de travail : { $played } (comme le planificateur).
review-work = Phase de travail, environ { $points } points de moins que celle du planificateur : { $played }
review-work-slip = L'étape la plus coûteuse : { $played }, là où le planificateur jouerait : { $best } (environ { $points } points).
review-not-weighed = (en partie non pesé : une carte que Foreman n'a pas apprise)
review-biggest-market = Tour { $round }, phase de marché : environ { $points } points. Joué : { $played } ; le planificateur : { $best }.
review-biggest-work = Tour { $round }, phase de travail : environ { $points } points en tout ; son étape la plus coûteuse : { $played }, là où le planificateur jouerait : { $best } (environ { $step } points).
review-working = Revue de la partie… { $percent } %
review-back = Retour au score
review-failed = Cette partie ne peut pas être revue : { $reason }
web-reviewing = Revue de votre partie : quelques secondes…
web-review-after = La revue vient une fois la partie finie.

## Les jeux à côté de Fantastic Factories, à la table (issue 92)
other-games = Autres jeux à la table :
other-traumfabrik-hint = Traumfabrik (Usine de rêves) de Reiner Knizia (2 à 5 joueurs) : Foreman tient les enchères, les contrats, les films et les récompenses, et compte les points.
other-little-factory-hint = Little Factory (2 à 4 joueurs) : Foreman tient les tours, les mains, les Bâtiments et l'influence, et annonce la fin dès qu'elle arrive.
other-back = Retour au début
other-new = Nouvelle partie
other-start = Commencer la partie
other-first = Premier joueur
other-player = Joueur
other-player-n = Joueur { $n }
other-undone = La dernière action est annulée.
other-game-unreadable = La partie gardée est illisible ({ $reason }) ; elle est mise de côté sous { $path }, et une nouvelle peut commencer.
lf-setup = Qui joue ? Le premier joueur reçoit la tuile Pièces de départ de valeur 3, son voisin de gauche celle de 4, et ainsi de suite.
lf-pool = Jetons Point d'influence au centre : { $tokens }
lf-turn-start = Au tour de { $name } : activez des Bâtiments, puis Produire ou Échanger.
lf-turn-end = Au tour de { $name } : activez les Bâtiments pas encore activés, révélez les nouvelles cartes, puis finissez le tour.
lf-over-reached = { $name } atteint 10 Points d'influence et remporte la partie !
lf-over-pool = La pile de jetons est vide : la partie est finie. Le plus d'influence : { $names }.
lf-hand = Cartes Ressource
lf-start-tile = Tuile Pièces de départ
lf-buildings = Bâtiments
lf-influence = Influence
lf-building = n° { $n } : { $influence } + { $tokens } jetons
lf-activate = Activer un Bâtiment
lf-activate-button = Activer
lf-discard = cartes défaussées :
lf-gain-level = niveau { $level } obtenues :
lf-token = un jeton Point d'influence
lf-produce = Produire (une carte, payée en Ressources)
lf-level = Ressource de niveau { $level }
lf-a-building = un Bâtiment
lf-free = sans payer (production lente)
lf-produce-button = Produire
lf-exchange = Échanger (des cartes pour leurs Pièces)
lf-given = Pièces des cartes défaussées :
lf-got = Pièces des Ressources obtenues :
lf-got-buildings = Bâtiments obtenus (influence/Pièces) :
lf-exchange-button = Échanger
lf-end-turn = Finir le tour
lf-bad-numbers = Tapez des nombres séparés par des espaces, et les Bâtiments en influence/Pièces (3/12).
lf-refusal-players = Little Factory se joue de 2 à 4 (quatre tuiles Pièces de départ).
lf-refusal-first = Le premier joueur doit être l'un des joueurs.
lf-refusal-over = La partie est finie.
lf-refusal-no-building = Ce Bâtiment n'est pas à ce joueur.
lf-refusal-activated = Chaque Bâtiment ne peut être activé qu'une seule fois par tour au maximum.
lf-refusal-action-done = L'action du tour est faite : Produire ou Échanger une seule fois.
lf-refusal-action-first = Produisez ou échangez d'abord : l'action du tour vient avant sa fin.
lf-refusal-first-turn = Lors de votre premier tour, vous ne pouvez qu'échanger.
lf-refusal-not-in-hand = La main tient { $hand } cartes Ressource : elle ne peut en défausser { $discard }.
lf-refusal-hand-limit = Vous ne pouvez jamais avoir plus de 7 cartes Ressource en main, même temporairement ({ $hand } ici).
lf-refusal-pool = Il n'y a plus de jeton Point d'influence au centre.
lf-refusal-level = Une Ressource est de niveau 1, 2 ou 3.
lf-refusal-slow = Production lente : une seule Ressource de niveau I sans payer, si vous n'en produisez qu'une seule lors de ce tour.
lf-refusal-exchange-one = Le nombre de cartes que vous défaussez ou le nombre de cartes que vous obtenez doit être 1.
lf-refusal-exchange-empty = Un échange défausse des cartes et en obtient.
lf-refusal-exchange-value = Les cartes obtenues valent { $got } Pièces, plus que les { $given } dépensées.
lf-refusal-start-tile = La tuile Pièces de départ est déjà dépensée, ou donnée deux fois.
tf-setup = Qui joue, avec quel studio ? Tapez une fois les emplacements de chaque scénario (Foreman s'en souvient) : celui de la guest-star est toujours là.
tf-slots-legend = Emplacements : D réalisateur, A acteur, C équipe de tournage, M musique, X effets spéciaux, W blanc (tout sauf réalisateur et guest-star).
tf-tiles-legend = Tuiles : une lettre et ses étoiles : D4 réalisateur, A3 acteur, C2 équipe, M1 musique, X2 effets, G0 agence, S2 ou S-1 guest-star.
tf-studio = Studio
tf-stars = étoiles imprimées :
tf-drama = drame
tf-adventure = aventure
tf-comedy = comédie
tf-bad-slots = { $name } : tapez ses emplacements en lettres (D A C M X W).
tf-same-studio = Chaque joueur a son propre studio.
tf-round = Manche { $round } sur 4, lieu { $place } sur 8
tf-camera = Caméra : { $name }
tf-centre = Contrats au centre : { $contracts } · scénarii dans la pioche : { $pile }
tf-reveal-famous = Les tuiles du lieu célèbre (2 ou 3) :
tf-reveal-party = Les tuiles de la Party, retournées face visible (une par joueur) :
tf-reveal = Les dire
tf-bad-tiles = Tapez chaque tuile en une lettre et ses étoiles, par exemple A3 M1.
tf-auction = Enchère pour : { $tiles }
tf-high = Plus grosse mise : { $name }, { $bid ->
    [one] 1 contrat
   *[other] { $bid } contrats
}
tf-to-bid = { $name } mise ou passe :
tf-bid = Miser
tf-pass = Passer
tf-party-order = Ordre du choix (le plus d'acteurs et de guest-stars d'abord) : { $names }
tf-picks = { $name } choisit :
tf-place = { $name } pose la tuile choisie sur un emplacement ci-dessous :
tf-discard = Défausser
tf-discard-hint = La tuile retourne dans la boîte.
tf-draw = { $name } a terminé un film et prend le scénario du dessus de la pioche :
tf-take = Le prendre
tf-over = La partie est finie : les Grands Prix sont attribués.
tf-peek = Maintenir pour voir les contrats
tf-contracts = { $contracts ->
    [one] 1 contrat
   *[other] { $contracts } contrats
}
tf-score = Films { $films } + récompenses { $awards } + contrats { $contracts } = { $total }
tf-winner = vainqueur
tf-won = { $name } remporte l'enchère pour { $bid } : les { $pot } contrats du centre partagés, { $share } à chaque autre joueur, { $left } y restent.
tf-finished = { $name } termine un film de { $stars } étoiles : il prend le pion { $token }.
tf-award-first = premier film { $genre } (5)
tf-award-best = meilleur film de la manche { $round } (5)
tf-award-genre = Grand Prix, meilleur film { $genre } (10)
tf-award-worst = Grand Prix, meilleur nanar (10)
tf-award-direction = Grand Prix, meilleure réalisation (10)
tf-refusal-players = Traumfabrik se joue de 2 à 5.
tf-refusal-scenarios = Chaque studio commence avec trois scénarii, chacun avec ses emplacements.
tf-refusal-places = Une manche commence à Hollywood, puis cinq autres lieux célèbres et deux Party.
tf-refusal-not-now = Pas maintenant : la partie attend autre chose (voir plus haut).
tf-refusal-famous = Un lieu célèbre porte 2 ou 3 tuiles.
tf-refusal-party = Une Party porte autant de tuiles que de joueurs ({ $count }).
tf-refusal-bid-low = Une mise doit être supérieure à la plus grosse mise, { $bid }.
tf-refusal-bid-high = Un joueur ne peut miser plus de contrats qu'il ne possède ({ $contracts }).
tf-refusal-pile = Il n'y a plus de pioche scénarii.
tf-refusal-finished = Un film terminé ne peut plus être modifié.
tf-refusal-no-slot = Ce scénario n'a pas cet emplacement.
tf-refusal-guest-only = L'emplacement le plus bas est réservé à la guest-star.
tf-refusal-guest-slot = Une guest-star se pose seulement sur l'emplacement guest-star.
tf-refusal-director = Un réalisateur se pose seulement sur la case réalisateur (un seul par film).
tf-refusal-wrong-slot = Cette tuile ne va pas sur cet emplacement : une tuile se pose sur un emplacement de son type, ou sur un emplacement blanc.
tf-refusal-white = Les emplacements blancs reçoivent acteurs, équipe de tournage, musique ou effets spéciaux, pas de réalisateur ni de guest-star.
tf-refusal-cover = Une tuile ne recouvre qu'une tuile de même type, et seule une agence recouvre une agence.
lf-first-turn = Premier tour : vous ne pouvez qu'échanger (donnez la tuile Pièces de départ).
tf-tiles = Tuiles :
tf-slots = Emplacements :
lf-activated = activé
tf-scenario = le scénario
tf-no-bid = Pas encore de mise : le joueur à la caméra commence (zéro est autorisé).
history-others = Autres jeux
history-others-none = Pas encore de partie de Traumfabrik ni de Little Factory.
history-others-wins = Victoires par joueur
history-others-won = { $won } gagnées sur { $played }
history-others-winners = gagnée par { $names }
history-others-unfinished = pas finie
other-log = Ce qui s'est passé
tf-log-reveal = Lieu { $place } : { $tiles }
tf-log-bid = { $name } mise { $bid }.
tf-log-pass = { $name } passe.
tf-log-pick = { $name } choisit { $tile }.
tf-log-place = { $name } pose { $tile } sur { $film }.
tf-log-discard = { $name } défausse { $tile }.
tf-log-draw = { $name } prend { $film } dans la pioche.
lf-log-activate = { $name } active le Bâtiment n° { $n } : { $discard } cartes défaussées, { $gain } obtenues.
lf-log-produce = { $name } produit une Ressource de niveau { $level }.
lf-log-produce-free = { $name } produit une Ressource de niveau { $level } sans payer (production lente).
lf-log-produce-building = { $name } produit un Bâtiment de { $influence } Points d'influence.
lf-log-exchange = { $name } échange { $given } contre { $got }.
lf-log-end = { $name } finit son tour.
lf-log-token = { $name } prend un jeton Point d'influence (il en reste { $left }).
tf-refusal-in-play = { $name } est déjà en jeu : chaque scénario ne se joue qu'une fois.
tf-refusal-two-directors = Un scénario a au plus un emplacement réalisateur.
tf-value-hint = { $stars } étoiles sur le film. Il a pris le plus haut pion restant à sa valeur ou en dessous (un pion « + » vaut plus que celui de même valeur sans « + ») : { $token }.
other-resume = { $game } (reprendre)
tf-hollywood = Hollywood : un des quatre réalisateurs 4 étoiles, un par manche (la règle le fixe ; rien à taper).
tf-stars-so-far = { $stars ->
    [one] 1 étoile pour l'instant
   *[other] { $stars } étoiles pour l'instant
}
history-others-resume = Reprendre
history-others-scores = meilleur { $best }, moyenne { $mean }
