# Foreman — English (the reference: every message here must exist in every language).
new-game = New game
undo = Undo
undo-hint = Take back the last action (Ctrl+Z)
redo = Redo
redo-hint = Play the undone action again (Ctrl+Y)
undone = Taken back: { $action }.
redone = Played again: { $action }.
undo-stops = Undo stops at “{ $action }”: it revealed a card or dice, and taking it back would show what is hidden. (In a table-companion game undo goes back further.)
save-as = Save a copy…
save = Save
saved-to = Saved to { $path }
path = File path
cancel = Cancel
language = Language
zoom-in = A+
zoom-out = A−
zoom-hint = Zoom, for reading from a chair (Ctrl+plus / Ctrl+minus)
theme-light = Light theme
theme-dark = Dark theme
start-title = A new game of Fantastic Factories
solo = Solo against the Machine
multiplayer = 2 to 5 players
difficulty = Difficulty:
difficulty-easy = Easy
difficulty-medium = Medium
difficulty-hard = Hard
difficulty-expert = Expert
players = Players:
players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
mode = Cards and dice:
mode-digital = On screen: Foreman deals and rolls
mode-digital-hint = No box needed: Foreman shuffles, deals and rolls virtual dice.
mode-companion = Real cards and dice on the table
mode-companion-hint = You play with the box: you tell Foreman which card was revealed and what the dice show, and it checks and scores.
mode-digital-short = on screen
mode-companion-short = real cards and dice
first-player = First player:
first-by-lot = Drawn by lot
name = Name
colour = Colour
plays = Plays
seat-person = A person
seat-bot-easy = Bot, easy
seat-bot-hard = Bot, hard
seat-bot-hint = Who plays seat { $seat }. Easy: a bot that takes the action that looks best right now. Hard: a bot that plans its whole work phase with the planner.
bot-playing = { $name } is playing…
bot-tag = bot
bot-hand-hidden = A bot's blueprints stay hidden, as yours do from it.
colour-of = Colour of player { $seat }
player-name = Name of player { $seat }
player-default = Player { $seat }
colour-red = Red
colour-blue = Blue
colour-green = Green
colour-purple = Purple
colour-yellow = Yellow
dice-of = Dice of player { $seat }
dice-source = Dice
dice-virtual = Virtual dice
dice-typed = Typed by hand
dice-camera = Camera
dice-smart = Smart dice
dice-digital-hint = A digital game rolls Foreman's own dice.
dice-computer-only = In Foreman on a computer only: a browser reaches no camera or serial port. Type the faces instead.
machine = The Machine
machine-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
} in its compound
machine-rolled = Rolled:
machine-die-value = { $colour } die: { $value }
machine-dice = its five coloured dice
start-game = Start the game
resume = Resume the last game
resume-finished = See the last game's final score
kept-games = Games put aside (most recent first)
resume-this = Resume
summary = { $who } — round { $round } — { $mode }
summary-solo = { $name } against the Machine ({ $difficulty })
resume-none = There is no saved game yet.
open-path = Path of a saved game
open = Open
browse = Choose…
browse-hint = Choose the file with the system's file dialog (or type its path)
market = Market
others = Players and log
camera-side = Camera
board-side = Your board
blueprints = Blueprints
contractors = Contractors
take = Take { $card }
hire = Hire { $card }
hire-needs = Hiring needs a blueprint with the { $tool } tool to discard, and any extra energy the contractor asks.
tool-token-hint = The tool token above this contractor: discard a blueprint with this tool to hire it.
tool-badge = The { $tool } tool
tool-token = The { $tool } token
empty-slot = (empty)
refresh = Refresh a row…
refresh-hint = Once per turn, pay 1 metal or 1 energy to replace a row of the market.
deck-counts = Deck: { $blueprints } blueprints, { $contractors } contractors
roll = Roll
roll-hint = Roll your dice (R)
roll-foreman = Roll with the Foreman…
end-work = End work phase
end-work-hint = End your work phase (E); discard down to 10 blueprints and 12 resources.
end-work-discards = End the work phase: what to discard
end-work-limits = At the end of the work phase you keep at most { $hand } blueprints and { $resources } resources (metal and energy together); you choose what goes.
discard-blueprints = Choose { $count ->
    [one] { $count } blueprint
   *[other] { $count } blueprints
} to discard ({ $chosen } of { $count } chosen):
discard-resources = Give up { $count ->
    [one] { $count } resource
   *[other] { $count } resources
}:
discard-split = { $metal } metal and { $energy } energy
discard-blueprints-left = First choose exactly { $count ->
    [one] { $count } blueprint
   *[other] { $count } blueprints
} to discard.
pass = Pass
machine-turn = Machine's turn
machine-turn-hint = Resolve the Machine's turn from its five dice (M).
deal = Deal
log = What happened
log-deal = The opening deal
log-round = Round { $round }
log-line = { $who }: { $what }
section-research-rule = Any die: draw 1 blueprint. A die equal to one already here: 1 more.
section-mine-rule = A 4, 5 or 6: 1 metal. A die equal to one already here: 1 more.
section-generate-rule = A 1, 2 or 3: as much energy as it shows. A die equal to one already here: 1 more.
game-over = The game is over.
metal-count = Metal { $count }
energy-count = Energy { $count }
goods-count = Goods { $count }
prestige-count = Prestige { $count }
score-so-far = Score so far { $score }
hand-count = { $count ->
    [one] { $count } blueprint in hand
   *[other] { $count } blueprints in hand
}
compound = Compound
compound-empty = (no buildings yet)
dice-tray = Dice tray
dice-none = No dice rolled yet.
die = Die { $n }: { $value }
die-hint = Drag this die onto a section, or click it and then a place ({ $origin }).
die-placed = Already placed ({ $origin }).
specialist-die = Take the Specialist's die…
hq = Headquarters
section-research = Research
section-mine = Mine
section-generate = Generate
place-on = Place on { $section }
select-die-first = Select a die in the tray first.
activate = Activate { $card }
activate-replicated = Activate { $card } with the Replicator
build = Build { $card }
cost = { $metal } metal, { $energy } energy
cost-prestige = cost { $metal } metal + { $energy } energy, { $prestige } prestige
type-production = Production
type-utility = Utility
type-training = Training
type-special = Special
type-monument = Monument
tool-shovel = Shovel
tool-gear = Gear
tool-wrench = Wrench
tool-hammer = Hammer
not-your-turn = Nobody is at work now.
already-activated = Already used this round.
needs-a-choice = Choose how to use it.
need-die = What does the die show? ({ $why })
roll-complete = Every die is told: Enter confirms, Backspace corrects.
roll-correct = Correct the last (Backspace)
roll-confirm = Confirm the roll (Enter)
roll-and-place = Or confirm the roll and place at once:
face = The die shows { $value }
need-blueprint = Which blueprint was revealed?
reveal-progress = Blueprint { $k } of { $n }: { $place }.
place-hand = it goes into { $player }'s hand
place-market = it goes to the market, slot { $slot }
place-machine = it goes into the Machine's compound (a Monument is discarded and another revealed)
place-discard = it is discarded at once
need-contractor = Which contractor was revealed?
need-tools = In which order are the tool tokens above the contractor slots? (left to right on the table: contractor slots 1 to 4)
search = Type to search (English or French name)
search-several = { $count } cards match: type more, or choose one with the arrows or a click.
final-score = Final score
winner = Winner: { $name }
tie-metal = Tie broken by metal.
tie-energy = Tie broken by energy.
tie-hand = Tie broken by blueprints in hand.
tie-shared = Still tied after every tie-break: a shared victory.
tie-machine = Tied with the Machine, which wins ties.
tie-values = Tie-break values: metal { $metal }, energy { $energy }, hand { $hand }
score-cards-prestige = Prestige of these cards, in all: { $count }
score-last-round = The last round, as it was played
player-total = { $name }: { $score ->
    [one] { $score } point
   *[other] { $score } points
}
machine-total = The Machine: { $score ->
    [one] { $score } point
   *[other] { $score } points
}
machine-formula = { $goods } goods + { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} + { $monuments ->
    [one] { $monuments } Monument
   *[other] { $monuments } Monuments
}
export-result = Export the result (JSON)…
used = used
res-metal = metal
res-energy = energy
err-wrong-phase-when = That is done { $when }; now it is { $now }.
when-market = in the market phase
when-work = in the work phase
when-work-start = at the start of the work phase
when-machine = after your work phase, in a solo game
when-deal = once, at the start of the game
when-dealt = once the cards are dealt
when-pass = only when you can neither take a blueprint nor hire a contractor
now-setup = the opening deal
now-market = the market phase
now-work = the work phase
now-machine = the Machine's turn
now-over = the end of the game
now-market-choice = the market phase, with a blueprint to take or a contractor to hire
err-game-over = The game is over.
err-already-refreshed = The market can be refreshed only once per turn, before taking a card.
err-not-rolled = Roll your dice first: the work phase starts with the roll.
err-already-rolled = You have already rolled this work phase.
err-no-such-slot = Market slot { $slot } does not exist: the market has slots 1 to 4.
err-empty-slot = Market slot { $slot } is empty.
err-cannot-pay-refresh = Refreshing the market costs 1 { $what }, and you have none.
err-wrong-hire-tool = Hiring the { $contractor } needs a blueprint with the { $tool } tool (the token above its slot); { $discard } has the { $discard_tool } tool.
err-cannot-pay-contractor = The { $contractor } costs { $cost } energy on top of the discard; you have { $have }.
err-opponent-needed = The { $contractor } gives something to an opponent: choose which player.
err-bad-opponent = The opponent must be another player at the table (player { $player } is not).
err-no-opponent-choice = The { $contractor } has no opponent to choose.
err-not-in-hand = { $card } is not in your hand.
err-need-second-copy = You need two copies of { $card } in hand to use one and discard the other.
err-not-in-compound = { $card } is not in your compound.
err-no-such-die = Die { $die } does not exist.
err-die-already-placed = Die { $die } is already placed: each die is used once per round.
err-die-twice = Die { $die } is named twice.
err-bad-face = A die shows 1 to 6, not { $value }.
err-mine-value = { $section } takes a die showing 4, 5 or 6; this die shows { $value }.
err-generate-value = { $section } takes a die showing 1, 2 or 3; this die shows { $value }.
err-section-full = { $section } is full: each HQ section has 3 slots.
err-too-many-set = The Foreman lets you set at most 4 dice, not { $count }.
err-no-foreman = You can set dice only when you hired the Foreman.
err-no-specialist = You have no Specialist's die to take this round.
err-no-build-discard = Building { $card } needs another blueprint with the { $tool } tool in your hand to discard, and you have none.
err-wrong-build-tool = Building { $card } needs another blueprint with the { $tool } tool to discard; { $discard } has the { $discard_tool } tool.
err-duplicate = You already have { $card } in your compound, and only Beacon and Obelisk may be built twice.
err-cannot-afford-build = Building { $card } costs { $metal } metal and { $energy } energy; you have { $have_metal } metal and { $have_energy } energy.
err-already-activated = { $card } has already been activated this round: each card works once per round.
err-no-activation = { $card } has no activation.
err-dice-pattern = { $card } needs { $needs }; { $got }.
pattern-any = one die
pattern-one = one die showing 1
pattern-four = one die showing 4
pattern-six = one die showing 6
pattern-pair = two dice of equal value
pattern-triple = three dice of equal value
pattern-run = three dice of consecutive values
pattern-sum14 = three dice summing to 14 or more
pattern-target = one unplaced die to change
pattern-targets = one or more unplaced dice to reroll
dice-show = the dice show { $values }
dice-none-given = no die was given
err-need-energy = { $card } needs { $needs } energy; you have { $have }.
err-need-metal = { $card } needs { $needs } metal; you have { $have }.
err-discard-count = { $card } needs { $needs ->
    [one] 1 blueprint
   *[other] { $needs } blueprints
} from your hand to discard, not { $got }.
err-choice-needed = { $card } needs a choice.
err-bad-choice = { $card } does not take that choice.
err-gymnasium-on-six = Gymnasium cannot raise a 6.
err-fitness-on-one = Fitness Center cannot lower a 1.
err-no-replicator = You have no Replicator in your compound.
err-not-in-market = { $card } is not in the market.
err-cannot-replicate = The Replicator copies a market blueprint with an activation; { $card } has none.
err-hand-limit = At the end of the work phase you keep at most 10 blueprints: discard exactly { $needs } (you named { $got }).
err-resource-limit = At the end of the work phase you keep at most 12 resources: drop exactly { $needs } metal and energy together (you named { $got }).
err-drop-too-much = You cannot drop { $what } you do not have ({ $named } named, { $have } held).
err-need-die = This needs a die: give the value it shows.
err-bad-tools = The tool tokens must be the 4 different tools, each once.
err-impossible-card = { $card } cannot be revealed: { $copies ->
    [one] its only copy is
   *[other] all { $copies } copies are
} already elsewhere on the table.
err-unused-inputs = More dice or cards were given than the action used.
err-player-count = A game has 1 to 5 players (1 against the Machine), not { $count }.
err-solo-players = A solo game against the Machine has exactly one player.
err-one-player-is-solo = A game of one player is the solo game against the Machine: choose solo and a difficulty.
err-white-is-solo = White is the solo player's colour: in a game of several players the white dice are the shared extras.
err-shared-colour = Two players cannot share the colour { $colour }.
ev-drew = { $name } drew { $card }
ev-drew-secret = { $name } drew a blueprint
ev-reshuffled-blueprints = The blueprint discard pile was shuffled into a new deck.
ev-reshuffled-contractors = The contractor discard pile was shuffled into a new deck.
ev-built = { $name } built { $card }
ev-engineer-skipped = The Engineer revealed { $card }, which cannot be built twice: discarded.
ev-investor = The Investor revealed { $card }: +{ $metal } metal, +{ $energy } energy.
ev-triggered = { $name }'s { $card } triggered.
ev-rolled = { $name } rolled { $dice }
ev-machine-rolled = The Machine rolled red { $red }, blue { $blue }, purple { $purple }, yellow { $yellow }, green { $green }.
ev-machine-took = The Machine took { $card } from market slot { $slot }.
ev-machine-revealed = The Machine revealed { $card } from the deck into its compound.
ev-machine-discarded-blueprints = The Machine discarded the market blueprints.
ev-machine-discarded-contractors = The Machine discarded the market contractors.
ev-machine-produced = { $colour } die { $value } against { $cards ->
    [one] { $cards } { $type } card
   *[other] { $cards } { $type } cards
}: 1 good.
ev-machine-idle = { $colour } die { $value } against { $cards ->
    [one] { $cards } { $type } card
   *[other] { $cards } { $type } cards
}: nothing.
ev-end-triggered = The end of the game is triggered in round { $round }: one more round follows this one.
choice-discard = discarding { $cards }
choice-value = for a { $value }
choice-metal = taking metal
choice-energy = taking energy
choice-draw = taking blueprints
choice-as-metal = { $metal } as metal
act-refresh-blueprints-metal = Refresh the blueprints for 1 metal
act-refresh-blueprints-energy = Refresh the blueprints for 1 energy
act-refresh-contractors-metal = Refresh the contractors for 1 metal
act-refresh-contractors-energy = Refresh the contractors for 1 energy
act-take-slot = Take market blueprint { $slot }
act-take-card = Take { $card } (market blueprint { $slot })
act-hire-card = Hire { $contractor } (contractor { $slot }), discarding { $discard }
act-hire-unseen = Hire { $contractor } (contractor { $slot }), discarding a blueprint of your hand with the { $tool }, if you have one
act-hire = Hire contractor { $slot }, discarding { $discard }
act-roll-set = Roll, setting { $values } (Foreman)
act-specialist = Take the Specialist's die as a { $value }
act-place = Place the { $value } on { $section }
act-dice = with the { $count ->
    [one] die
   *[other] dice
} showing { $values }
act-build = Build { $card }, discarding { $discard }
act-end-work = End the work phase, discarding { $cards }
act-end-work-plain = End the work phase
act-end-work-drop = End the work phase, dropping { $what }
origin-own = your own die
origin-foreman = set by the Foreman
origin-hiredhands = Hired Hands' die
origin-specialist = the Specialist's die
origin-robot = the Robot's die
origin-golem = the Golem's die
origin-megafactory = the Mega Factory's die
machine-die = the Machine's { $colour } die
your-die = die { $n }
phase-setup = Waiting for the opening deal
phase-market = Round { $round }, market phase: { $name } to choose
phase-roll = Round { $round }, work phase: { $name } to roll
phase-work = Round { $round }, work phase: { $name } at work
phase-work-all = Round { $round }, work phase: everyone works at once
phase-machine = Round { $round }: the Machine's turn
phase-over = Game over after round { $round }
last-round = last round
smart-dice = Smart dice
smart-port = Serial port of the smart dice
connect = Connect
disconnect = Disconnect
smart-connected = Connected.
smart-not-connected = Not connected: waiting for the port (plug the dice in).
battery = battery { $volts } V
battery-unknown = battery unknown
die-crooked = crooked
blink = Blink the { $colour } die
rolls-waiting = { $count ->
    [one] { $count } die read, waiting for the game
   *[other] { $count } dice read, waiting for the game
}
colour-white = White
colour-black = Black
smart-dice-panel = Smart dice on a serial port
find-dice = Find
no-dice-found = No USB serial port found: plug a smart die in, or type its port.
last-game-damaged = The last game could not be read ({ $reason }); it was kept as { $path }. A new game has started.

# camera dice reader
camera-panel = Camera dice reader
camera-source-hint = camera 0, a picture or a folder
camera-start = Start the camera
camera-stop = Stop the camera
camera-none = No camera found: plug a webcam in, or type a picture file or folder.
camera-automatic = Use a settled roll without confirming
camera-running = Reading from { $source }.
camera-starting = Starting the camera…
camera-mark-tray = Mark the tray
camera-marking = Drag over the picture to mark the tray (click to cancel)
camera-whole-picture = Whole picture
camera-picture = The camera's picture
camera-roll = Settled roll: { $dice }.
camera-more-dice = The picture shows { $seen } dice; the roll has { $roll }: the surest { $roll } are read (point at a wrong one and type its face, or Delete).
camera-fix-short = A die read wrong: point at it and type its face.
camera-fix-how = Point at a die on the picture and type its face to correct it, Shift+click to change its colour, click a die it missed to add it, right-click or Delete what is no die to take it away.
camera-taught = Learning your dice: { $rolls ->
    [one] one confirmed roll
   *[other] { $rolls } confirmed rolls
} (used from 5).
camera-taught-used = Reading with what it learned from { $rolls } confirmed rolls.
camera-taught-whole = Reading with its classifier trained again on { $whole } confirmed rolls.
camera-relearning = Training it again on { $rolls } rolls: { $percent }%.
camera-forget = Forget what it learned
camera-unsure = { $count ->
    [one] One die is unsure (orange, with ?): check it, and click it to correct it.
   *[other] { $count } dice are unsure (orange, with ?): check them, and click one to correct it.
}
camera-left-over = { $count ->
    [one] The camera read one die more than the roll took ({ $dice }): it was set aside, not played. If it was a die of the roll, undo and type the roll.
   *[other] The camera read { $count } dice more than the roll took ({ $dice }): they were set aside, not played. If they were dice of the roll, undo and type the roll.
}
camera-use-roll = Use this roll
dice-read-camera = Read by the camera: click “Use this roll” in the camera panel, or type the dice here.
dice-read-smart = Roll your smart dice: each gives its face as it settles, or type the dice here.
camera-settling = Waiting for the dice to settle…
colour-other = Other
camera-find = Find cameras
camera-choose = Choose a picture…
camera-next-picture = Next picture
teach-title = Teach Foreman your dice
teach-offer = New camera, table or dice? Roll all your dice into the tray { $goal } times and confirm each roll, correcting what it reads wrong: Foreman learns your dice, table and light. These rolls are not played.
teach-start = Start teaching
teach-not-now = Not now
teach-how = Roll all your dice into the tray. When they settle, point at a die read wrong and type its face, click a die it missed to add it, right-click what is no die, then press "This roll is right".
teach-progress = { $done } of { $goal } rolls
teach-roll-right = This roll is right
teach-stop = Stop teaching
teach-done = Foreman learned your dice from { $rolls } rolls.
teach-again = Teach Foreman your dice…

# What each card does (cards.md), in this language's rulebook words.
effect-aluminum-factory = Place 2 equal dice and pay 5 energy: gain 2 goods and 1 metal.
effect-assembly-line = Place 3 dice of consecutive values (a run, like 3-4-5): gain 2 goods.
effect-battery-factory = Pay 4 energy: gain 1 good. No die.
effect-beacon = No activation. Each Beacon is worth more than the last: 2, 3, 4, 5 prestige (14 for all four). You may build several.
effect-biolab = Place a 1 and pay 1 energy: gain 1 good.
effect-black-market = Place any die and discard a blueprint: gain metal and energy equal to its build cost, at most 4 (you choose which 4). Megalith's reduction is ignored.
effect-concrete-plant = Place 2 equal dice and pay as much metal as one die shows: gain 2 goods.
effect-dojo = Pay 1 energy: turn an unplaced die to its opposite face (7 minus its value).
effect-fitness-center = Pay 1 energy: lower an unplaced die by 1 (not a 1).
effect-foundry = Place a die and pay as much energy as it shows: gain that much metal.
effect-fulfillment-center = Place a 4 and pay 2 energy: gain 1 good and 1 metal.
effect-golem = Pay X energy (1 to 6): gain an extra die showing X, this round only.
effect-gymnasium = Pay 1 energy: raise an unplaced die by 1 (not a 6).
effect-harvester = Place 2 equal dice: gain 4 metal OR 7 energy.
effect-incinerator = Discard a blueprint and pay 1 metal: gain 6 energy.
effect-laboratory = Passive: when you gain goods, draw a blueprint (at most 1 per round).
effect-manufactory = Place 2 equal dice: gain 1 good and, as you choose, 2 metal, 3 energy or 2 blueprints.
effect-mega-factory = Place 3 equal dice: gain 2 goods and an extra die of the value you choose, this round only.
effect-megalith = No activation; 3 prestige. Costs 1 metal less per Monument in your compound, down to 0 metal. Only one per player.
effect-motherlode = Place a die: a 1, 2 or 3 gains 1 metal; a 4, 5 or 6 gains 2 metal.
effect-nuclear-plant = Place a 6: gain 1 good and 1 energy.
effect-obelisk = No activation; 2 prestige. You may build several.
effect-power-plant = Place a die showing X: gain X energy.
effect-recycling-plant = Discard 2 blueprints and pay 2 energy: gain 1 good and draw 1 blueprint.
effect-refinery = Discard a blueprint and pay 3 energy: gain 3 metal.
effect-replicator = Pay 1 energy: use a market blueprint (not a Monument) as if it were in your compound this round; its dice go on the Replicator and you pay its costs too.
effect-robot = Pay 1 metal: roll an extra die, this round only.
effect-scrap-yard = Passive: gain 1 metal after you build another card (once per round).
effect-solar-array = Passive: gain 2 energy after you build another card (once per round).
effect-temp-agency = Pay 1 energy: reroll any number of unplaced dice.
effect-trash-compactor = Place 2 equal dice and discard 2 blueprints: gain 2 goods.
effect-warehouse = Place 3 dice summing to 14 or more: gain 2 goods and 2 energy.
effect-architect = Draw 3 blueprints; choose an opponent who draws 1.
effect-electrician = Gain 5 energy; choose an opponent who gains 2 energy.
effect-engineer = Extra cost 4 energy. Reveal the top blueprint and build it at once for free (one you may not build is discarded and another revealed).
effect-foreman = Extra cost 2 energy. At the start of your next work phase, set up to 4 of your dice to values you choose instead of rolling them.
effect-hired-hands = Extra cost 3 energy. Roll 2 extra dice at the start of your next work phase; they leave at the end of that round.
effect-investor = Reveal the top blueprint; gain its printed build cost in metal and energy; discard it.
effect-miner = Gain 3 metal; choose an opponent who gains 1 metal.
effect-specialist = At your next work phase, gain an extra die of the value you choose (you may roll first); it leaves at the end of that round.

# Help for a first-time player.
help = Help
help-title = How a round goes
help-market = 1. Market phase: in turn, each player takes one of the 4 market blueprints, or hires a contractor by discarding a blueprint with the tool shown above it. Once per turn, before that, you may pay 1 metal or 1 energy to refresh a row.
help-work = 2. Work phase: roll your dice, then in any order place them on your headquarters (Research draws blueprints, Mine gives metal for a 4–6, Generate gives energy for a 1–3) or on your cards, activate your cards, and build blueprints from your hand: pay the cost and discard another blueprint with the same tool.
help-end = 3. End of the work phase: keep at most 10 blueprints and 12 resources. The first player passes on.
help-machine = Solo: after your work phase, the Machine rolls its five coloured dice; the green one takes a market blueprint, the others produce goods against its cards of each type.
help-win = The game ends the round after a player has 12 goods or 10 buildings (the Machine: 12 goods), plus one more round. Score: prestige on your cards plus goods.
help-got-it = Got it — don't show this again
help-close = Close
reference = Cards
reference-title = Every card and what it does
reference-search = Search by name or effect (English or French names)
reference-none = No card matches.
copies = { $count ->
    [one] { $count } copy
   *[other] { $count } copies
}

# What a choice changes.
gain-metal = { $count } metal
gain-energy = { $count } energy
gain-goods = { $count } goods
gain-prestige = { $count } prestige
gain-cards = { $count ->
    [one] { $count } blueprint in hand
   *[other] { $count } blueprints in hand
}
err-not-in-play = { $card } cannot be in this hand: { $copies ->
    [one] its only copy is
   *[other] all { $copies } copies are
} already in play.
err-not-drawn = { $card } cannot be in this hand: no copy of it was left in the deck when this hand's secret cards were drawn.
err-nothing-to-tell = There is no card drawn in secret to tell: every card in this hand is known.
err-not-told = { $card } was not told to Foreman from this hand.
err-named-too-often = { $card } is named { $named } times, and this hand can hold only { $most } of them.
err-in-secret-hands = { $card } cannot come off this deck: its copies nobody has seen were drawn in secret before the deck was reshuffled, so they are in hands.
err-no-such-player = There is no player { $player }.
err-work-ended = Player { $player } has already ended their work phase this round.
err-hidden-hands-digital = Hidden hands are for a game at a real table: a digital game deals every card itself.
err-bot-at-the-table = A bot plays only in a digital game: at a real table, a person holds the cards.
act-switch = { $player } works now
act-tell = tells Foreman a card drawn in secret
act-tell-card = tells Foreman { $card } (only on this screen)
act-untell = a card told to Foreman is counted as hidden again
act-untell-card = { $card } is counted as hidden again: another player named a card that could only be there if it was not yours (only on this screen)
more-choices = …and { $count } more: type a few letters to narrow the list
hand-hidden = { $count ->
    [one] { $count } card drawn in secret, not told on this screen
   *[other] { $count } cards drawn in secret, not told on this screen
}
build-from-hand = Build a card from your hand…
build-from-hand-hint = Name the card you build and the card you discard with it; Foreman checks that they could be in your hand.
discard-name-hidden = Name a secret card that goes…
switch-hint = This player works now (key { $key }). Everyone works at once: any player who has not ended may act.
work-done = done
machine-roll = The Machine's turn: roll its five dice (red, blue, purple, yellow and green) and type their faces in that order.
machine-rolled-dice = The Machine rolled: { $dice }.
machine-green-take = Green { $value }: take market blueprint { $slot } ({ $card }) into the Machine's compound; then reveal a blueprint from the deck to refill slot { $slot }.
machine-green-empty = Green { $value }: market slot { $slot } is empty; the Machine takes nothing.
machine-green-blueprints = Green { $value }: reveal the top blueprint into the Machine's compound; then discard the market's 4 blueprints and reveal 4 new ones.
machine-green-contractors = Green { $value }: reveal the top blueprint into the Machine's compound; then discard the market's 4 contractors and reveal 4 new ones.
machine-production-later = Then its production, once the card revealed for it is named.
machine-produces = { $colour } { $value } against { $cards ->
    [one] { $cards } { $type } card
   *[other] { $cards } { $type } cards
}: the Machine makes 1 goods.
machine-no-goods = { $colour } { $value } against { $cards ->
    [one] { $cards } { $type } card
   *[other] { $cards } { $type } cards
}: no goods.
place-machine-turn = it goes into the Machine's compound
place-value-on = Place a { $value } on { $section }
place-first-hint = Places the first die, in the order the roll was told, that this section takes. To place another, click that die first.
place-all-on = Place all ({ $values }) on { $section }
place-by-face = Place ({ $mine }) on { $mine-section } and ({ $generate }) on { $generate-section }
place-by-face-hint = Every die left goes where its face fits: 4 to 6 on Mine, 1 to 3 on Generate.
die-told = Die { $n }: { $value } (click, then type its face, to correct it)
die-correct-hint = Click a die, or move to it with the arrows, then type its face to correct it.
contractor-progress = Contractor { $k } of { $n }: it goes to the market, slot { $slot }.
suggest = Suggest
suggest-hint = The best work phase for these dice, by the planner (S): numbered steps to play one by one, all at once, or not at all. In the market phase: the blueprint to take or the contractor to hire.
suggest-title = Suggested: worth about { $gain } points by the game's end
suggest-title-hint = The planner's estimate: the prestige and goods this brings, and the resources, buildings and blueprints it leaves, counted at what they usually bring in points later ({ $positions ->
    [one] { $positions } position searched
   *[other] { $positions } positions searched
}).
suggest-how = What is this estimate?
suggest-market-hint = The planner's estimate, its next work phase played ahead on { $rolls } rolls: the prestige and goods it brings, and what it leaves counted at what it usually brings in points later.
suggest-work-weighed-hint = Chosen among { $plans } ways to play this phase, each played { $rounds } rounds ahead in { $games } games drawn from what you know (the deck and the dice to come unseen).
suggest-market-ahead-hint = The planner's estimate, its next { $rounds } rounds played ahead in { $games } games drawn from what you know (the deck and the dice to come unseen): the prestige and goods they bring, and what they leave counted at what it usually brings in points later.
suggest-market-plain-hint = The planner's estimate: the prestige and goods it brings, and what it leaves counted at what it usually brings in points later.
suggest-market-or = or: { $act }, { $gain }
suggest-nothing = Nothing to suggest: no choice is open now.
suggest-hidden = Foreman was not told your cards drawn in secret: a step may name a card you do not hold. Tell them for an exact suggestion.
suggest-thinking = The planner is thinking…
suggest-next = Play the next step
suggest-next-hint = Key: N
suggest-all = Play all
suggest-hide = Hide
suggest-mark = { $count ->
    [one] Step
   *[other] Steps
} { $steps } of the suggestion
suggest-again = Then see what comes (a die or a card) and press Suggest again.
suggest-not-exhaustive = (Too many positions to search them all: the best found.)
choice-build-card = Build { $card } ({ $count ->
    [one] { $count } discard
   *[other] { $count } discards
})
choice-discard-card = Discard { $card } ({ $count ->
    [one] { $count } choice
   *[other] { $count } choices
})
choice-back = Back
choice-no-card = No card is called “{ $typed }”.
choice-not-here = { $card } is not among these choices.
only-choice = The only choice: { $action }.
no-file-dialog = No file dialog opened on this system: type the path in the box, then press the button beside it.
open-need-path = Type the path of a saved game first, or choose it with the button beside it.
act-hire-gift = { $act }; { $player } gets the contractor's gift
suggest-brings = It brings: { $gains } (the measure also counts what is kept for the rounds to come).

## A seat's screen on a phone or tablet (foreman host, foreman serve)
web-hand = Your blueprints
web-hidden = { $count ->
    [one] and 1 card drawn in secret
   *[other] and { $count } cards drawn in secret
}
web-compound = Compound
web-market = Market
web-blueprints = Blueprints
web-contractors = Contractors
web-others = The table
web-machine = The Machine
web-log = What happened
web-actions = What you can do
web-no-actions = Nothing to do now: the others are playing.
web-waiting-deal = The table deals first: wait for it.
web-roll = Your roll: type the face of each die (one key per die)
web-send = Send
web-connecting = Connecting…
web-reconnecting = Connection lost: trying again…
web-offline = Not connected: nothing was sent. Wait until the connection is back, then try again.
web-spectator-title = Watching the game
web-dice = Dice
web-hq = Headquarters
web-score = Final score
web-cards-in-hand = { $count ->
    [one] 1 blueprint in hand
   *[other] { $count } blueprints in hand
}
web-ended = work phase ended
web-back = Back
web-stale = The table changed while you chose: look again and choose once more.
web-not-your-turn = It is not your turn.
web-dice-not-yours = In an on-screen game Foreman rolls the dice.
web-spectator = A spectator's screen only watches.
web-not-saved = The game could not be saved, so nothing was played: { $why }
web-malformed = That message was not understood: { $why }
web-no-lang = Foreman does not speak { $lang }.
web-text-only = Foreman reads text messages only.
web-group-build = Build { $card }…
web-group-activate = Activate { $card }…
web-group-hire = Hire the { $contractor }…
web-which-blueprint = Which blueprint was revealed? Type a few letters of its name, then Enter
web-which-contractor = Which contractor was revealed? Type a few letters of its name, then Enter
web-no-such-card = No card is called that.
web-several-cards = Several cards begin so: type more, or tap one under the box:
web-group-refresh = Refresh a row of the market…
web-group-end = End the work phase…
web-tell = Tell Foreman a card you drew…
web-tell-which = Which card did you draw? Only your screen will name it. Type a few letters, then Enter
web-tell-which-build = Which card from your hand do you build? Tell it (only your screen names it): its builds then show. A few letters, then Enter
web-tell-which-hire = Which card from your hand do you discard to hire? Tell it (only your screen names it): the hires with it then show. A few letters, then Enter
web-told = only on your screen
web-tell-hint = Builds and hires offer every card your secret cards could be: tell Foreman your cards (under your blueprints) to see only yours.
web-die = Die
web-die-then = Tap a die, then where it goes: a section, or a card it can activate.
web-group-build-untold = Build a card you have not told…
web-group-hire-untold = Hire, discarding a card you have not told…
web-tell-now = Tell Foreman your cards
web-drew-tell = You drew a card in secret: tell Foreman which (below).
web-your-turn = Your turn
web-invite = Invite players
web-invite-hint = Each player opens their seat's link, or scans its code, on a phone or tablet on the same network: they see their own hand and play their own seat.
web-spectators = Spectators (the public table)
web-hosting = Serving this game at { $address }
web-host-failed = The game could not be served: { $why }

## History (issue 72)
history = History
history-hint = Every game played, its replay, and statistics
history-back = Back
history-games = Games
history-stats = Statistics
history-count = { $count ->
    [one] 1 game
   *[other] { $count } games
}
history-resume = Resume this game
history-empty = No game yet: every game you play is kept here, finished or not.
history-pick = Pick a game on the left to see its score and replay it.
history-any = Any date
history-any-mode = Any mode
history-any-player = Every player
history-any-machine = Any difficulty
history-machine = solo, Machine { $level }
history-week = Last 7 days
history-month = Last 30 days
history-year = Last year
history-unfinished = not finished (round { $round })
history-round-back = << Round
history-step-back = < Action
history-actions = actions played
history-step-forward = Action >
history-round-forward = Round >>
history-keys = Keys: left and right arrows, one action; up and down, one round; Home and End, the start and the end
history-after = Round { $round }: { $line }
history-start = Before the opening deal
history-length = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
history-length-timed = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}, { $minutes } min
stats-game-number = Games played, oldest first
history-round-start = Start of round { $round }
history-back-game = Back to the game
history-player-line = metal { $metal }, energy { $energy }, goods { $goods }, prestige { $prestige }, { $hand ->
    [one] 1 blueprint in hand
   *[other] { $hand } blueprints in hand
}
history-dice = Dice: { $dice }
history-machine-line = goods { $goods }, score { $score }
history-set-aside = The history database was damaged: it was set aside ({ $path }) and a new one begun. The games' own files are untouched.
score-prestige = Prestige
score-goods = Goods
score-total = Total
stats-for = Statistics of
stats-none = No finished game yet: the statistics begin with the first.
stats-players = Players
stats-name = Player
stats-games = Games
stats-wins = Wins
stats-win-rate = Win rate
stats-mean = Mean score
stats-best = Best
stats-machine = Against the Machine
stats-difficulty = Difficulty
stats-margin = Mean margin
stats-rate-over-time = Win rate, game by game (each point: the last { $games } games at that difficulty)
stats-margin-over-time = The player's score less the Machine's, game by game
stats-scores = Scores
stats-scores-by-count = Scores by the number of players
stats-players-count = { $count ->
    [one] solo
   *[other] { $count } players
}
stats-head-to-head = Head to head (a shared victory is a win for each)
stats-rival = { $name }'s rival: { $rival }
stats-games-together = { $count ->
    [one] 1 game together
   *[other] { $count } games together
}
stats-cards = The blueprints the winners built most
stats-card = Blueprint
stats-by-winners = Built by winners
stats-win-rate-built = Players who built it and won
stats-rate-of = { $wins } of { $count } ({ $rate })
stats-lengths = Rounds and minutes per game
stats-lengths-mean = { $rounds } rounds a game on average; { $minutes } minutes of play on average over the { $timed } games timed
stats-lengths-rounds = { $rounds } rounds a game on average
stats-score-axis = Score
stats-games-axis = Games
stats-rounds-axis = Rounds
stats-no-winner-yet = No player has won a game yet: the blueprints winners built will show here.
history-bgstats-show = BG Stats: show this play as a QR code
history-bgstats-hide = Hide the QR code
history-export = Export every game…
history-exported = Written: { $bgstats } (import it into BG Stats) and { $csv } (a spreadsheet).
stats-rounds = Rounds
stats-minutes = Minutes
history-filter-mode = Mode
history-filter-player = Player
history-filter-machine = Against the Machine
history-filter-date = Date
history-bgstats = BG Stats
history-bgstats-hint = Log this play in BG Stats: scan the code with your phone, or open the link
history-bgstats-scan = Scan with the phone that has BG Stats: the play opens there, filled in.
history-bgstats-open = Open the link in BG Stats
history-machine-cards = { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} + { $monuments ->
    [one] { $monuments } Monument
   *[other] { $monuments } Monuments
}

# Seats nobody else can take (issue 87)
web-changed = The table changed while you chose: “{ $what }” is no longer possible. Look again and choose once more.
web-id-reused = This message number was already used for another action: nothing was played. Reload the page.
web-not-now = Foreman could not play this now: ask the table what is in play.
web-no-undo-asked = Nobody asked to take an action back.
web-nothing-to-take-back = There is nothing to take back: the last action revealed cards or dice, or there is none.
web-not-your-last = Only your own last action can be taken back, and someone else acted since.
web-undo = Take back my last action
web-undo-asks = { $name } asks to take back: { $what }
web-undo-yes = Agree
web-undo-no = Refuse
web-undo-waiting = Waiting for the others to agree…
web-which-tools = The tool token above each contractor slot, slot 1 first (slots 1 to 4 run left to right on the table): tap them in that order
web-machine-dice = The Machine's five dice (red, blue, purple, yellow, green): one key per die
web-elsewhere = This seat is open on another device. Play it here instead? The other device will be told.
web-take-over = Play here
web-taken-over = Your seat was taken over on another device: this screen shows nothing of it now.
web-connected = connected
web-not-connected = not connected
web-too-many-sockets = Too many connections: close another page of this game and try again.
web-planner-busy = The planner is busy for other players: ask again in a moment.
suggest-none-to-play = No suggestion to play: ask for one first (Suggest, S).
suggest-stale = Your position changed while the planner thought: ask again.
web-hand-on-phone = This player's blueprints are on their own phone.
web-undo-waiting-for = Waiting for { $names } to agree…
web-undo-taken = Taken back, as { $name } asked: { $what }
web-undo-refused = { $by } did not agree: “{ $what }” stays played.
web-undo-table = The table screen
web-undo-you-asked = You asked to take back: { $what }
web-undo-waiting-table = Waiting for the table screen to agree…
web-undo-title = Take back an action?
web-plays-on-phone = { $name } plays on their own phone: their choices are made there.
web-waiting-phone = Waiting for { $name }'s phone, or play their turn here.

## The review after a game (the final score's Review, foreman review; issue 91)
review = Review the game
review-hint = Your choices round by round against the planner bot's, with what each cost in points by the game's end.
review-whose = Review the game of:
review-title = { $player }'s game, reviewed
review-measure = Each choice is weighed as the planner bot would weigh it, knowing only what { $player } knew then: the points by the game's end it cost against the bot's own choice. Luck does not count: a roll or a draw is weighed before it falls.
review-total = In all, the choices cost about { $points } points by this measure.
review-none = No choice to review.
review-biggest = The three costliest choices
review-round = Round { $round }
review-market-same = Market: { $played } (as the planner would).
review-market-other = Market: { $played }; about { $points } points less than the planner's choice: { $best }.
review-work-same = Work phase: { $played } (as the planner would).
review-work = Work phase, about { $points } points less than the planner's: { $played }
review-work-slip = The costliest step: { $played }, where the planner would play: { $best } (about { $points } points).
review-not-weighed = (partly not weighed: a card Foreman was not told)
review-biggest-market = Round { $round }, market phase: about { $points } points. Played: { $played }; the planner: { $best }.
review-biggest-work = Round { $round }, work phase: about { $points } points in all; its costliest step: { $played }, where the planner would play: { $best } (about { $step } points).
review-working = Reviewing the game… { $percent }%
review-back = Back to the score
review-failed = This game cannot be reviewed: { $reason }
web-reviewing = Reviewing your game: a few seconds…
web-review-after = The review comes once the game is over.

## The games beside Fantastic Factories at the table (issue 92)
other-games = Other games at the table:
other-traumfabrik-hint = Reiner Knizia's Traumfabrik (2–5 players): Foreman keeps the auctions, the contracts, the films and the awards, and scores the end.
other-little-factory-hint = Little Factory (2–4 players): Foreman keeps the turns, the hands, the buildings and the influence, and says the end as it happens.
other-back = Back to the start
other-new = New game
other-start = Start the game
other-first = First player
other-player = Player
other-player-n = Player { $n }
other-undone = The last action was taken back.
other-game-unreadable = The game kept could not be read ({ $reason }); it is kept aside as { $path }, and a new one can be started.
lf-setup = Who plays? The first player takes the start-coin tile of 3, the next 4, and so on clockwise.
lf-pool = Influence tokens left in the pool: { $tokens }
lf-turn-start = { $name }'s turn: activate buildings, then produce or exchange.
lf-turn-end = { $name }'s turn: activate the buildings not yet activated, reveal the new cards, then end the turn.
lf-over-reached = { $name } reaches 10 influence and wins!
lf-over-pool = The pool is empty: the game is over. Most influence: { $names }.
lf-hand = Resource cards
lf-start-tile = Start-coin tile
lf-buildings = Buildings
lf-influence = Influence
lf-building = #{ $n }: { $influence } + { $tokens } tokens
lf-activate = Activate a building
lf-activate-button = Activate
lf-discard = cards discarded:
lf-gain-level = level { $level } got:
lf-token = an influence token
lf-produce = Produce (one card, paid in resources)
lf-level = level { $level } resource
lf-a-building = a building
lf-free = for nothing (slow production)
lf-produce-button = Produce
lf-exchange = Exchange (cards given for their coins)
lf-given = coins of the cards given:
lf-got = coins of the resources got:
lf-got-buildings = buildings got (influence/coins):
lf-exchange-button = Exchange
lf-end-turn = End the turn
lf-bad-numbers = Type numbers apart by spaces, and buildings as influence/coins (3/12).
lf-refusal-players = Little Factory is played by 2 to 4 (four start-coin tiles).
lf-refusal-first = The first player must be one of the players.
lf-refusal-over = The game is over.
lf-refusal-no-building = That building is not the player's.
lf-refusal-activated = Each building is activated at most once a turn.
lf-refusal-action-done = The turn's one action is done: produce or exchange only once.
lf-refusal-action-first = Produce or exchange first: the turn's action comes before its end.
lf-refusal-first-turn = On your first turn you can only exchange.
lf-refusal-not-in-hand = The hand holds { $hand } resource cards: it cannot discard { $discard }.
lf-refusal-hand-limit = Never more than 7 resource cards in hand, even for a moment ({ $hand } would be).
lf-refusal-pool = No influence token is left in the pool.
lf-refusal-level = A resource's level is 1, 2 or 3.
lf-refusal-slow = Slow production: one level-1 resource for nothing, if it is the only level-1 resource produced this turn.
lf-refusal-exchange-one = An exchange gives one card or gets one card: with several given, only one is got.
lf-refusal-exchange-empty = An exchange gives something and gets something.
lf-refusal-exchange-value = The cards got are worth { $got } coins, more than the { $given } given.
lf-refusal-start-tile = The start-coin tile is spent, or given twice.
tf-setup = Who plays, with which studio? Type each scenario's slots once (they are remembered): the guest star's slot is always there.
tf-slots-legend = Slots: D director, A actor, C crew, M music, X special effects, W white (any but director and guest star).
tf-tiles-legend = Tiles: a letter and its stars: D4 director, A3 actor, C2 crew, M1 music, X2 effects, G0 agency, S2 or S-1 guest star.
tf-studio = Studio
tf-stars = stars printed:
tf-drama = drama
tf-adventure = adventure
tf-comedy = comedy
tf-bad-slots = { $name }: type its slots as letters (D A C M X W).
tf-same-studio = Each player has a studio of their own.
tf-round = Round { $round } of 4, place { $place } of 8
tf-camera = Camera: { $name }
tf-centre = Contracts in the centre: { $contracts } · scenarios in the pile: { $pile }
tf-reveal-famous = The famous place's tiles (2 or 3):
tf-reveal-party = The party's tiles, turned face up (one a player):
tf-reveal = Tell them
tf-bad-tiles = Type each tile as a letter and its stars, say A3 M1.
tf-auction = Auction for: { $tiles }
tf-high = Best bid: { $name }, { $bid ->
    [one] 1 contract
   *[other] { $bid } contracts
}
tf-to-bid = { $name } bids or passes:
tf-bid = Bid
tf-pass = Pass
tf-party-order = Picking order (most actors and guest stars first): { $names }
tf-picks = { $name } picks:
tf-place = { $name } places the tile chosen on a slot below:
tf-discard = Discard
tf-discard-hint = The tile goes back into the box.
tf-draw = { $name } finished a film and takes the scenario on top of the pile:
tf-take = Take it
tf-over = The game is over: the Grand Prix is awarded.
tf-peek = Hold to see the contracts
tf-contracts = { $contracts ->
    [one] 1 contract
   *[other] { $contracts } contracts
}
tf-score = Films { $films } + awards { $awards } + contracts { $contracts } = { $total }
tf-winner = winner
tf-won = { $name } wins the auction for { $bid }: the centre's { $pot } shared, { $share } to each other player, { $left } left there.
tf-finished = { $name } finishes a film of { $stars } stars: it takes the token { $token }.
tf-award-first = first { $genre } film (5)
tf-award-best = best film of round { $round } (5)
tf-award-genre = Grand Prix, best { $genre } film (10)
tf-award-worst = Grand Prix, worst film (10)
tf-award-direction = Grand Prix, best direction (10)
tf-refusal-players = Traumfabrik is played by 2 to 5.
tf-refusal-scenarios = Each studio starts with three scenarios, each with its slots.
tf-refusal-places = A round is Hollywood first, then five more famous places and two parties.
tf-refusal-not-now = Not now: the game waits for something else (see above).
tf-refusal-famous = A famous place holds 2 or 3 tiles.
tf-refusal-party = A party holds one tile for each player ({ $count }).
tf-refusal-bid-low = A bid must beat the best bid, { $bid }.
tf-refusal-bid-high = A player cannot bid more contracts than they hold ({ $contracts }).
tf-refusal-pile = The scenario pile is empty.
tf-refusal-finished = A finished film can no longer be changed.
tf-refusal-no-slot = This scenario has no such slot.
tf-refusal-guest-only = The lowest slot is the guest star's: only a guest star goes there.
tf-refusal-guest-slot = A guest star goes only on the guest star's slot.
tf-refusal-director = A director goes only on the director's slot (a film has one director).
tf-refusal-wrong-slot = This tile does not match the slot: a tile goes on a slot of its own kind, or on a white slot.
tf-refusal-white = A white slot takes actors, crews, music and effects, not directors or guest stars.
tf-refusal-cover = A tile covers only a tile of its own kind, and an agency only an agency once it lies there.
lf-first-turn = First turn: exchange only (give the start-coin tile).
tf-tiles = Tiles:
tf-slots = Slots:
lf-activated = activated
tf-scenario = the scenario
tf-no-bid = No bid yet: the camera's holder opens (0 is allowed).
history-others = Other games
history-others-none = No game of Traumfabrik or Little Factory yet.
history-others-wins = Wins per player
history-others-won = { $won } won of { $played }
history-others-winners = won by { $names }
history-others-unfinished = not finished
other-log = What happened
tf-log-reveal = Place { $place }: { $tiles }
tf-log-bid = { $name } bids { $bid }.
tf-log-pass = { $name } passes.
tf-log-pick = { $name } picks { $tile }.
tf-log-place = { $name } lays { $tile } on { $film }.
tf-log-discard = { $name } discards { $tile }.
tf-log-draw = { $name } takes { $film } from the pile.
lf-log-activate = { $name } activates building #{ $n }: { $discard } cards discarded, { $gain } got.
lf-log-produce = { $name } produces a level { $level } resource.
lf-log-produce-free = { $name } produces a level { $level } resource for nothing (slow production).
lf-log-produce-building = { $name } produces a building of { $influence } influence.
lf-log-exchange = { $name } exchanges { $given } for { $got }.
lf-log-end = { $name } ends the turn.
lf-log-token = { $name } takes an influence token ({ $left } left).
tf-refusal-in-play = { $name } is already in play: each scenario is played once.
tf-refusal-two-directors = A scenario has one director's slot at most.
tf-value-hint = { $stars } stars on the film. It took the highest token left at or below its value (a "+" token beats the plain one of its value): { $token }.
other-resume = { $game } (resume)
tf-hollywood = Hollywood: one of the four four-star directors, one a round (the rules set it; nothing to type).
tf-stars-so-far = { $stars ->
    [one] 1 star so far
   *[other] { $stars } stars so far
}
history-others-resume = Resume
history-others-scores = best { $best }, mean { $mean }
