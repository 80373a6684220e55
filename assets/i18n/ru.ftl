# Foreman — русский.
new-game = Новая игра
undo = Отменить
undo-hint = Отменить последнее действие (Ctrl+Z)
redo = Повторить
redo-hint = Снова выполнить отменённое действие (Ctrl+Y)
undone = Отменено: { $action }.
redone = Повторено: { $action }.
undo-stops = Нельзя отменить «{ $action }»: это действие открыло карту или кубики, и его отмена показала бы скрытое. (В игре с настоящим столом можно вернуться дальше.)
save-as = Сохранить копию…
save = Сохранить
saved-to = Сохранено в { $path }
path = Путь к файлу
cancel = Отмена
language = Язык
zoom-in = A+
zoom-out = A−
zoom-hint = Масштаб, чтобы читать издалека (Ctrl+плюс / Ctrl+минус)
theme-light = Светлая тема
theme-dark = Тёмная тема
start-title = Новая партия Fantastic Factories
solo = Одиночная игра против Машины
multiplayer = От 2 до 5 игроков
difficulty = Сложность:
difficulty-easy = Лёгкая
difficulty-medium = Средняя
difficulty-hard = Трудная
difficulty-expert = Эксперт
players = Игроки:
players-count = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}
mode = Карты и кубики:
mode-digital = На экране: Foreman раздаёт и бросает
mode-digital-hint = Коробка не нужна: Foreman сам тасует, раздаёт и бросает виртуальные кубики.
mode-companion = Настоящие карты и кубики на столе
mode-companion-hint = Вы играете с коробкой: сообщаете Foreman, какая карта открыта и что выпало на кубиках, а он проверяет и считает очки.
mode-digital-short = на экране
mode-companion-short = настоящие карты и кубики
first-player = Первый игрок:
first-by-lot = По жребию
name = Имя
colour = Цвет
plays = Играет
seat-person = Человек
seat-bot-easy = Бот, лёгкий
seat-bot-hard = Бот, сильный
seat-bot-hint = Кто играет на месте { $seat }. Лёгкий: бот, который берёт действие, лучшее на вид прямо сейчас. Сильный: бот, который планирует всю фазу работы планировщиком.
bot-playing = { $name } ходит…
bot-tag = бот
bot-hand-hidden = Чертежи бота скрыты, как и ваши от него.
colour-of = Цвет игрока { $seat }
player-name = Имя игрока { $seat }
player-default = Игрок { $seat }
colour-red = Красный
colour-blue = Синий
colour-green = Зелёный
colour-purple = Фиолетовый
colour-yellow = Жёлтый
dice-of = Кубики игрока { $seat }
dice-source = Кубики
dice-virtual = Виртуальные кубики
dice-typed = Ввод вручную
dice-camera = Камера
dice-smart = Умные кубики
dice-digital-hint = В цифровой игре бросаются кубики Foreman.
machine = Машина
machine-cards = Карт в личной зоне: { $count }
machine-rolled = Бросок:
machine-die-value = { $colour } кубик: { $value }
machine-dice = её пять цветных кубиков
start-game = Начать игру
resume = Продолжить последнюю игру
resume-finished = Итоги последней игры
kept-games = Отложенные партии (сначала последние)
resume-this = Продолжить
summary = { $who } — раунд { $round } — { $mode }
summary-solo = { $name } против Машины ({ $difficulty })
resume-none = Сохранённых игр пока нет.
open-path = Путь к сохранённой игре
open = Открыть
browse = Выбрать…
browse-hint = Выбрать файл в системном окне выбора файлов (или ввести путь)
market = Рынок
others = Игроки и журнал
blueprints = Чертежи
contractors = Контрактники
take = Взять { $card }
hire = Нанять { $card }
hire-needs = Чтобы нанять, нужно сбросить чертёж с инструментом «{ $tool }» и заплатить дополнительную энергию, если контрактник её требует.
tool-token-hint = Жетон инструмента над контрактником: сбросьте чертёж с этим инструментом, чтобы нанять его.
tool-badge = Инструмент «{ $tool }»
tool-token = Жетон инструмента «{ $tool }»
empty-slot = (пусто)
refresh = Обновить ряд…
refresh-hint = Раз за ход заплатите 1 металл или 1 энергию, чтобы заменить ряд рынка.
deck-counts = Колода: чертежей { $blueprints }, контрактников { $contractors }
roll = Бросить
roll-hint = Бросьте свои кубики (R)
roll-foreman = Бросок с Прорабом…
end-work = Закончить фазу работы
end-work-hint = Закончите фазу работы (E); оставьте не больше 10 чертежей и 12 ресурсов.
end-work-discards = Конец фазы работы: что сбросить
end-work-limits = В конце фазы работы у вас остаётся не больше { $hand } чертежей и { $resources } ресурсов (металл и энергия вместе); вы сами выбираете, что сбросить.
discard-blueprints = Выберите чертежи для сброса: { $count } (выбрано { $chosen } из { $count }):
discard-resources = Сбросьте ресурсы: { $count }:
discard-split = металл { $metal }, энергия { $energy }
discard-blueprints-left = Сначала выберите ровно { $count ->
    [one] { $count } чертёж
    [few] { $count } чертежа
   *[other] { $count } чертежей
} для сброса.
pass = Пас
machine-turn = Ход Машины
machine-turn-hint = Разыграть ход Машины по её пяти кубикам (M).
deal = Раздать
log = Что произошло
log-deal = Подготовка
log-round = Раунд { $round }
log-line = { $who }: { $what }
section-research-rule = Любой кубик: возьмите 1 чертёж. Кубик с тем же значением, что уже здесь: на 1 больше.
section-mine-rule = 4, 5 или 6: 1 металл. Кубик с тем же значением, что уже здесь: на 1 больше.
section-generate-rule = 1, 2 или 3: столько энергии, каково значение. Кубик с тем же значением, что уже здесь: на 1 больше.
game-over = Игра окончена.
metal-count = Металл { $count }
energy-count = Энергия { $count }
goods-count = Товары { $count }
prestige-count = Престиж { $count }
score-so-far = Очки сейчас { $score }
hand-count = { $count ->
    [one] { $count } чертёж в руке
    [few] { $count } чертежа в руке
   *[many] { $count } чертежей в руке
}
compound = Личная зона
compound-empty = (построек пока нет)
dice-tray = Лоток кубиков
dice-none = Кубики ещё не брошены.
die = Кубик { $n }: { $value }
die-hint = Перетащите кубик на секцию или нажмите на него, а затем на место ({ $origin }).
die-placed = Уже размещён ({ $origin }).
specialist-die = Взять кубик Специалиста…
hq = Офис
section-research = Исследование
section-mine = Добыча
section-generate = Производство
place-on = Поставить на «{ $section }»
select-die-first = Сначала выберите кубик в лотке.
activate = Активировать { $card }
build = Построить { $card }
cost = металл { $metal }, энергия { $energy }
cost-prestige = стоимость: металл { $metal } + энергия { $energy }, престиж { $prestige }
type-production = Производство
type-utility = Вспомогательные здания
type-training = Тренировочные центры
type-special = Особый тип
type-monument = Монумент
tool-shovel = Лопата
tool-gear = Шестерня
tool-wrench = Ключ
tool-hammer = Молоток
not-your-turn = Сейчас никто не работает.
already-activated = Уже использовано в этом раунде.
needs-a-choice = Выберите, как использовать.
need-die = Что выпало на кубике? ({ $why })
roll-complete = Все кубики указаны: Enter подтверждает, Backspace исправляет.
roll-correct = Исправить последний (Backspace)
roll-confirm = Подтвердить бросок (Enter)
roll-and-place = Или подтвердить бросок и сразу поставить:
face = На кубике { $value }
need-blueprint = Какой чертёж открыт?
reveal-progress = Чертёж { $k } из { $n }: { $place }.
place-hand = он идёт в руку игрока { $player }
place-market = он идёт на рынок, место { $slot }
place-machine = он идёт в личную зону Машины (монумент сбрасывается и открывается другой)
place-discard = он сразу сбрасывается
need-contractor = Какой контрактник открыт?
need-tools = В каком порядке лежат жетоны инструментов над контрактниками? (слева направо)
search = Поиск (английское или французское название)
search-several = Подходят карты: { $count }. Наберите дальше или выберите одну стрелками или щелчком.
final-score = Итоговый счёт
winner = Победитель: { $name }
tie-metal = Ничья решена по металлу.
tie-energy = Ничья решена по энергии.
tie-hand = Ничья решена по чертежам в руке.
tie-shared = Ничья после всех проверок: общая победа.
tie-machine = Ничья с Машиной — при ничьей побеждает Машина.
tie-values = Для ничьей: металл { $metal }, энергия { $energy }, рука { $hand }
score-cards-prestige = Престиж этих карт, всего: { $count }
score-last-round = Последний раунд, как он был сыгран
player-total = { $name }: { $score ->
    [one] { $score } очко
    [few] { $score } очка
   *[many] { $score } очков
}
machine-total = Машина: { $score ->
    [one] { $score } очко
    [few] { $score } очка
   *[many] { $score } очков
}
machine-formula = товары { $goods } + карты { $cards } + Монументы { $monuments }
export-result = Экспорт результата (JSON)…
used = использовано
res-metal = металла
res-energy = энергии
err-wrong-phase-when = Это делается { $when }; сейчас { $now }.
when-market = в фазе рынка
when-work = в фазе работы
when-work-start = в начале фазы работы
when-machine = после вашей фазы работы, в одиночной игре
when-deal = один раз, в начале игры
when-dealt = после раздачи карт
when-pass = только когда нельзя ни взять чертёж, ни нанять контрактника
now-setup = начальная раздача
now-market = фаза рынка
now-work = фаза работы
now-machine = ход Машины
now-over = конец игры
now-market-choice = фаза рынка, и можно взять чертёж или нанять контрактника
err-game-over = Игра окончена.
err-already-refreshed = Рынок можно обновить только раз за ход, до того как взять карту.
err-not-rolled = Сначала бросьте кубики: фаза работы начинается с броска.
err-already-rolled = Вы уже бросали кубики в эту фазу работы.
err-no-such-slot = Ячейки рынка { $slot } нет: на рынке ячейки с 1 по 4.
err-empty-slot = Ячейка рынка { $slot } пуста.
err-cannot-pay-refresh = Обновление рынка стоит 1 { $what }, а у вас нет.
err-wrong-hire-tool = Чтобы нанять «{ $contractor }», нужен чертёж с инструментом «{ $tool }» (жетон над ячейкой); у «{ $discard }» инструмент «{ $discard_tool }».
err-cannot-pay-contractor = «{ $contractor }» стоит { $cost } энергии сверх сброса; у вас { $have }.
err-opponent-needed = «{ $contractor }» даёт что-то сопернику: выберите игрока.
err-bad-opponent = Соперник должен быть другим игроком за столом (игрок { $player } — нет).
err-no-opponent-choice = У «{ $contractor }» нет соперника для выбора.
err-not-in-hand = «{ $card }» нет у вас в руке.
err-need-second-copy = Нужны две копии «{ $card }» в руке, чтобы одну использовать, а другую сбросить.
err-not-in-compound = «{ $card }» нет в вашей личной зоне.
err-no-such-die = Кубика { $die } нет.
err-die-already-placed = Кубик { $die } уже размещён: каждый кубик используется раз за раунд.
err-die-twice = Кубик { $die } указан дважды.
err-bad-face = На кубике от 1 до 6, а не { $value }.
err-mine-value = «{ $section }» принимает кубик 4, 5 или 6; на этом кубике { $value }.
err-generate-value = «{ $section }» принимает кубик 1, 2 или 3; на этом кубике { $value }.
err-section-full = «{ $section }» заполнена: в каждой секции офиса 3 ячейки.
err-too-many-set = Прораб позволяет выставить не больше 4 кубиков, а не { $count }.
err-no-foreman = Выставлять кубики можно, только если вы наняли Прораба.
err-no-specialist = В этом раунде у вас нет кубика Специалиста.
err-no-build-discard = Чтобы построить «{ $card }», нужно сбросить из руки другой чертёж с инструментом «{ $tool }», а такого нет.
err-wrong-build-tool = Чтобы построить «{ $card }», нужно сбросить другой чертёж с инструментом «{ $tool }»; у «{ $discard }» инструмент «{ $discard_tool }».
err-duplicate = «{ $card }» уже есть в вашей личной зоне; дважды строить можно только Beacon и Obelisk.
err-cannot-afford-build = «{ $card }» стоит металл { $metal } и энергию { $energy }; у вас металл { $have_metal } и энергия { $have_energy }.
err-already-activated = «{ $card }» уже активирована в этом раунде: каждая карта работает раз за раунд.
err-no-activation = У «{ $card }» нет активации.
err-dice-pattern = «{ $card }» требует { $needs }; { $got }.
pattern-any = один кубик
pattern-one = кубик со значением 1
pattern-four = кубик со значением 4
pattern-six = кубик со значением 6
pattern-pair = 2 одинаковых по значению кубика
pattern-triple = 3 одинаковых по значению кубика
pattern-run = 3 кубика, значения которых идут подряд
pattern-sum14 = 3 кубика с суммой 14 или больше
pattern-target = неиспользованный кубик, который нужно изменить
pattern-targets = один или несколько неиспользованных кубиков для переброса
dice-show = на кубиках { $values }
dice-none-given = кубик не указан
err-need-energy = «{ $card }» требует энергии { $needs }; у вас { $have }.
err-need-metal = «{ $card }» требует металла { $needs }; у вас { $have }.
err-discard-count = «{ $card }» требует сбросить из руки чертежей: { $needs }, а не { $got }.
err-choice-needed = «{ $card }» требует выбора.
err-bad-choice = «{ $card }» не принимает такой выбор.
err-gymnasium-on-six = Gymnasium нельзя применять на кубик со значением 6.
err-fitness-on-one = Fitness Center нельзя применять на кубик со значением 1.
err-no-replicator = В вашей личной зоне нет Replicator.
err-not-in-market = «{ $card }» нет на рынке.
err-cannot-replicate = Replicator копирует чертёж с рынка, у которого есть активация; у «{ $card }» её нет.
err-hand-limit = В конце фазы работы в руке остаётся не больше 10 чертежей: сбросьте ровно { $needs } (указано { $got }).
err-resource-limit = В конце фазы работы остаётся не больше 12 ресурсов: сбросьте ровно { $needs } металла и энергии вместе (указано { $got }).
err-drop-too-much = Нельзя сбросить больше { $what }, чем есть (указано { $named }, есть { $have }).
err-need-die = Нужен кубик: укажите, что на нём выпало.
err-bad-tools = Жетоны инструментов — это 4 разных инструмента, каждый по одному разу.
err-impossible-card = «{ $card }» не может быть открыта: { $copies ->
    [one] её единственная копия уже лежит
   *[other] все копии ({ $copies }) уже лежат
} на столе в другом месте.
err-unused-inputs = Указано больше кубиков или карт, чем использовало действие.
err-player-count = В игре от 1 до 5 игроков (1 против Машины), а не { $count }.
err-solo-players = В одиночной игре против Машины ровно один игрок.
err-one-player-is-solo = Игра одного игрока — это одиночная игра против Машины: выберите одиночную игру и сложность.
err-white-is-solo = Белый — цвет игрока в одиночной игре: при нескольких игроках белые кубики — общие дополнительные.
err-shared-colour = Двое игроков не могут играть одним цветом ({ $colour }).
ev-drew = { $name } берёт «{ $card }»
ev-drew-secret = { $name } берёт чертёж
ev-reshuffled-blueprints = Сброс чертежей перемешан в новую колоду.
ev-reshuffled-contractors = Сброс контрактников перемешан в новую колоду.
ev-built = { $name } строит «{ $card }»
ev-engineer-skipped = Инженер открыл «{ $card }», которую нельзя построить дважды: она сброшена.
ev-investor = Инвестор открыл «{ $card }»: +{ $metal } металла, +{ $energy } энергии.
ev-triggered = Сработала «{ $card }» игрока { $name }.
ev-rolled = { $name }: выпало { $dice }
ev-machine-rolled = Машина выбросила: красный { $red }, синий { $blue }, фиолетовый { $purple }, жёлтый { $yellow }, зелёный { $green }.
ev-machine-took = Машина взяла «{ $card }» из ячейки рынка { $slot }.
ev-machine-revealed = Машина открыла «{ $card }» из колоды в свою личную зону.
ev-machine-discarded-blueprints = Машина сбросила чертежи рынка.
ev-machine-discarded-contractors = Машина сбросила контрактников рынка.
ev-machine-produced = { $colour } кубик { $value } против карт «{ $type }» ({ $cards }): 1 товар.
ev-machine-idle = { $colour } кубик { $value } против карт «{ $type }» ({ $cards }): ничего.
ev-end-triggered = Конец игры объявлен в раунде { $round }: после него будет ещё один раунд.
choice-discard = сбросив { $cards }
choice-value = на значение { $value }
choice-metal = взяв металл
choice-energy = взяв энергию
choice-draw = взяв чертежи
choice-as-metal = { $metal } металлом
act-refresh-blueprints-metal = Обновить чертежи за 1 металл
act-refresh-blueprints-energy = Обновить чертежи за 1 энергию
act-refresh-contractors-metal = Обновить контрактников за 1 металл
act-refresh-contractors-energy = Обновить контрактников за 1 энергию
act-take-slot = Взять чертёж из ячейки { $slot }
act-take-card = Взять «{ $card }» (чертёж из ячейки { $slot })
act-hire-card = Нанять «{ $contractor }» (контрактник { $slot }), сбросив «{ $discard }»
act-hire-unseen = Нанять «{ $contractor }» (контрактник { $slot }), сбросив чертёж из руки с инструментом «{ $tool }», если он есть
act-hire = Нанять контрактника { $slot }, сбросив «{ $discard }»
act-roll-set = Бросок с выставленными { $values } (Прораб)
act-specialist = Взять кубик Специалиста со значением { $value }
act-place = Поставить { $value } на «{ $section }»
act-dice = { $count ->
    [one] кубиком со значением
   *[other] кубиками со значениями
} { $values }
act-build = Построить «{ $card }», сбросив «{ $discard }»
act-end-work = Закончить фазу работы, сбросив: { $cards }
act-end-work-plain = Закончить фазу работы
act-end-work-drop = Закончить фазу работы, сбросив: { $what }
origin-own = ваш кубик
origin-foreman = выставлен Прорабом
origin-hiredhands = кубик Наёмных рабочих
origin-specialist = кубик Специалиста
origin-robot = кубик Робота
origin-golem = кубик Голема
origin-megafactory = кубик Мегафабрики
machine-die = { $colour } кубик Машины
your-die = кубик { $n }
phase-setup = Ожидание начальной раздачи
phase-market = Раунд { $round }, фаза рынка: выбирает { $name }
phase-roll = Раунд { $round }, фаза работы: бросает { $name }
phase-work = Раунд { $round }, фаза работы: работает { $name }
phase-work-all = Раунд { $round }, фаза работы: все работают одновременно
phase-machine = Раунд { $round }: ход Машины
phase-over = Игра окончена после раунда { $round }
last-round = последний раунд
smart-dice = Умные кубики
smart-port = Последовательный порт умных кубиков
connect = Подключить
disconnect = Отключить
smart-connected = Подключено.
smart-not-connected = Не подключено: ожидание порта (подключите кубики).
battery = батарея { $volts } В
battery-unknown = заряд неизвестен
die-crooked = наклонён
blink = Мигнуть кубиком: { $colour }
rolls-waiting = { $count ->
    [one] { $count } кубик прочитан и ждёт игры
    [few] { $count } кубика прочитаны и ждут игры
   *[many] { $count } кубиков прочитаны и ждут игры
}
colour-white = Белый
colour-black = Чёрный
smart-dice-panel = Умные кубики на последовательном порту
find-dice = Найти
no-dice-found = USB-порт не найден: подключите умный кубик или введите его порт.
last-game-damaged = Последнюю игру не удалось прочитать ({ $reason }); она сохранена как { $path }. Начата новая игра.

# camera dice reader
camera-panel = Чтение кубиков камерой
camera-source-hint = camera 0, снимок или папка
camera-start = Включить камеру
camera-stop = Выключить камеру
camera-none = Камера не найдена: подключите веб-камеру или укажите снимок или папку.
camera-automatic = Брать устоявшийся бросок без подтверждения
camera-running = Чтение из { $source }.
camera-starting = Камера включается…
camera-mark-tray = Отметить лоток
camera-marking = Проведите по снимку, чтобы отметить лоток (щелчок — отмена)
camera-whole-picture = Весь снимок
camera-roll = Устоявшийся бросок: { $dice }. Щёлкните по кубику на снимке, чтобы исправить (Shift+щелчок — цвет); по пропущенному кубику, чтобы добавить; правой кнопкой по тому, что не кубик, чтобы убрать.
camera-taught = Учится вашим кубикам: { $rolls ->
    [one] { $rolls } подтверждённый бросок
    [few] { $rolls } подтверждённых броска
   *[many] { $rolls } подтверждённых бросков
} (применяется с 5-го).
camera-taught-used = Читает с учётом выученного по { $rolls } подтверждённым броскам.
camera-taught-whole = Читает классификатором, заново обученным на подтверждённых бросках: { $whole }.
camera-relearning = Обучается заново на { $rolls } бросках: { $percent } %.
camera-forget = Забыть выученное
camera-unsure = { $count ->
    [one] { $count } кубик распознан неуверенно (оранжевый, с ?): проверьте его и щёлкните, чтобы исправить.
    [few] { $count } кубика распознаны неуверенно (оранжевые, с ?): проверьте их и щёлкните по кубику, чтобы исправить.
   *[other] { $count } кубиков распознаны неуверенно (оранжевые, с ?): проверьте их и щёлкните по кубику, чтобы исправить.
}
camera-left-over = { $count ->
    [one] Камера распознала { $count } кубик сверх броска ({ $dice }): он отложен и не сыгран. Если это кубик броска, отмените ход и введите бросок.
    [few] Камера распознала { $count } кубика сверх броска ({ $dice }): они отложены и не сыграны. Если это кубики броска, отмените ход и введите бросок.
   *[other] Камера распознала { $count } кубиков сверх броска ({ $dice }): они отложены и не сыграны. Если это кубики броска, отмените ход и введите бросок.
}
camera-use-roll = Взять этот бросок
dice-read-camera = Считывает камера: нажмите «Взять этот бросок» на панели камеры или введите кубики здесь.
dice-read-smart = Бросьте умные кубики: каждый сообщит свою грань, когда остановится, или введите кубики здесь.
camera-settling = Ждём, пока кубики остановятся…
colour-other = Другой
camera-find = Найти камеры
teach-title = Научите Foreman вашим кубикам
teach-offer = Новая камера, стол или кубики? Бросьте все кубики в лоток { $goal } раз и подтвердите каждый бросок, исправив ошибки: Foreman запомнит ваши кубики, стол и свет. Эти броски не идут в игру.
teach-start = Начать
teach-not-now = Не сейчас
teach-how = Бросьте все кубики в лоток. Когда они остановятся, щёлкните по неверно прочитанному кубику, чтобы исправить, по пропущенному, чтобы добавить, правой кнопкой по тому, что не кубик, и нажмите «Бросок верен».
teach-progress = { $done } из { $goal } бросков
teach-roll-right = Бросок верен
teach-stop = Прекратить обучение
teach-done = Foreman выучил ваши кубики по { $rolls } броскам.
teach-again = Научить Foreman вашим кубикам…

# What each card does (cards.md), in this language's rulebook words.
effect-aluminum-factory = Разместите 2 одинаковых по значению кубика и заплатите 5 энергии, чтобы получить 2 товара и 1 металл.
effect-assembly-line = Разместите 3 кубика, значения которых идут подряд (например 3-4-5), чтобы получить 2 товара.
effect-battery-factory = Заплатите 4 энергии, чтобы получить 1 товар. Без кубика.
effect-beacon = Без активации. Каждый следующий Beacon приносит больше престижа: 2, 3, 4, 5 (14 за все четыре). Можно построить несколько.
effect-biolab = Разместите кубик со значением 1 и заплатите 1 энергии, чтобы получить 1 товар.
effect-black-market = Разместите любой кубик и сбросьте 1 чертёж: получите металл и энергию из стоимости его постройки, максимум 4 (вы выбираете, какие). Скидка Megalith не учитывается.
effect-concrete-plant = Разместите 2 одинаковых по значению кубика и заплатите столько металла, каково значение одного из них, чтобы получить 2 товара.
effect-dojo = Заплатите 1 энергии, чтобы перевернуть неиспользованный кубик на противоположную грань (7 минус значение).
effect-fitness-center = Заплатите 1 энергии, чтобы уменьшить значение неиспользованного кубика на 1 (не для 1).
effect-foundry = Разместите кубик и заплатите столько энергии, каково его значение, чтобы получить столько же металла.
effect-fulfillment-center = Разместите кубик со значением 4 и заплатите 2 энергии, чтобы получить 1 товар и 1 металл.
effect-golem = Заплатите X энергии (от 1 до 6), чтобы получить дополнительный кубик со значением X на этот раунд.
effect-gymnasium = Заплатите 1 энергии, чтобы увеличить значение неиспользованного кубика на 1 (не для 6).
effect-harvester = Разместите 2 одинаковых по значению кубика, чтобы получить 4 металла ИЛИ 7 энергии.
effect-incinerator = Сбросьте 1 чертёж и заплатите 1 металл, чтобы получить 6 энергии.
effect-laboratory = Пассивно: когда вы получаете товары, возьмите 1 чертёж (не больше 1 за раунд).
effect-manufactory = Разместите 2 одинаковых по значению кубика, чтобы получить 1 товар и на выбор 2 металла, 3 энергии или 2 чертежа.
effect-mega-factory = Разместите 3 одинаковых по значению кубика, чтобы получить 2 товара и дополнительный кубик с выбранным значением на этот раунд.
effect-megalith = Без активации; 3 престижа. Стоимость уменьшается на 1 металл за каждый монумент в вашей личной зоне, вплоть до 0 металла. Только один на игрока.
effect-motherlode = Разместите кубик: за 1, 2 или 3 получите 1 металл, за 4, 5 или 6 — 2 металла.
effect-nuclear-plant = Разместите кубик со значением 6, чтобы получить 1 товар и 1 энергии.
effect-obelisk = Без активации; 2 престижа. Можно построить несколько.
effect-power-plant = Разместите кубик со значением X, чтобы получить X энергии.
effect-recycling-plant = Сбросьте 2 чертежа и заплатите 2 энергии, чтобы получить 1 товар и взять 1 чертёж.
effect-refinery = Сбросьте 1 чертёж и заплатите 3 энергии, чтобы получить 3 металла.
effect-replicator = Заплатите 1 энергии, чтобы активировать карту с рынка (не монумент), как будто она в вашей личной зоне; её кубики кладутся на Replicator, её стоимость тоже оплачивается.
effect-robot = Заплатите 1 металл, чтобы бросить дополнительный кубик на этот раунд.
effect-scrap-yard = Пассивно: получите 1 металл после постройки другой карты (раз в раунд).
effect-solar-array = Пассивно: получите 2 энергии после постройки другой карты (раз в раунд).
effect-temp-agency = Заплатите 1 энергии, чтобы перебросить любое количество неиспользованных кубиков.
effect-trash-compactor = Разместите 2 одинаковых по значению кубика и сбросьте 2 чертежа, чтобы получить 2 товара.
effect-warehouse = Разместите 3 кубика с суммой значений 14 или больше, чтобы получить 2 товара и 2 энергии.
effect-architect = Возьмите 3 чертежа и выберите 1 оппонента, который возьмёт 1 чертёж.
effect-electrician = Получите 5 энергии и выберите 1 оппонента, который получит 2 энергии.
effect-engineer = Доп. стоимость 4 энергии. Откройте верхний чертёж и сразу бесплатно постройте его (если построить нельзя, сбросьте его и откройте другой).
effect-foreman = Доп. стоимость 2 энергии. В начале следующей фазы работы выставьте до 4 своих кубиков на выбранные значения вместо броска.
effect-hired-hands = Доп. стоимость 3 энергии. Бросьте 2 дополнительных кубика в начале следующей фазы работы; они уходят в конце раунда.
effect-investor = Откройте верхний чертёж; получите металл и энергию по его стоимости постройки; сбросьте его.
effect-miner = Получите 3 металла и выберите 1 оппонента, который получит 1 металл.
effect-specialist = В следующей фазе работы получите дополнительный кубик с выбранным значением (можно сначала бросить остальные); он уходит в конце раунда.

# Help for a first-time player.
help = Справка
help-title = Как проходит раунд
help-market = 1. Фаза рынка: по очереди каждый игрок берёт один из 4 чертежей рынка или нанимает контрактника, сбросив чертёж с инструментом, указанным над ним. Один раз за ход, перед этим, можно заплатить 1 металл или 1 энергию, чтобы обновить ряд.
help-work = 2. Фаза работы: бросьте кубики, затем в любом порядке размещайте их в офисе (Исследование даёт чертежи, Добыча — металл за 4–6, Производство — энергию за 1–3) или на картах, активируйте карты и стройте чертежи из руки: заплатите стоимость и сбросьте другой чертёж с тем же инструментом.
help-end = 3. Конец фазы работы: оставьте не больше 10 чертежей и 12 ресурсов. Жетон первого игрока переходит дальше.
help-machine = Одиночная игра: после вашей фазы работы Машина бросает пять цветных кубиков; зелёный берёт чертёж с рынка, остальные производят товары по её картам каждого типа.
help-win = Игра заканчивается через раунд после того, как у кого-то 12 товаров или 10 зданий. Очки: престиж карт плюс товары.
help-got-it = Понятно — больше не показывать
help-close = Закрыть
reference = Карты
reference-title = Все карты и их действие
reference-search = Поиск по названию или действию (английские или французские названия)
reference-none = Нет подходящих карт.
copies = { $count ->
    [one] { $count } копия
    [few] { $count } копии
   *[other] { $count } копий
}

# What a choice changes.
gain-metal = металл: { $count }
gain-energy = энергия: { $count }
gain-goods = товары: { $count }
gain-prestige = престиж: { $count }
gain-cards = чертежи в руке: { $count }
err-not-in-play = «{ $card }» не может быть в этой руке: { $copies ->
    [one] её единственная копия уже в игре.
   *[other] все копии ({ $copies }) уже в игре.
}
err-not-drawn = «{ $card }» не может быть в этой руке: когда эта рука тянула карты втайне, в колоде не оставалось ни одной копии.
err-nothing-to-tell = Нет карты, взятой втайне, о которой можно сообщить: все карты этой руки известны.
err-not-told = О карте «{ $card }» Foreman не сообщали из этой руки.
err-named-too-often = «{ $card }» названа { $named } { $named ->
    [few] раза
   *[other] раз
}, а в этой руке может быть только { $most ->
    [one] { $most } такая карта
    [few] { $most } такие карты
   *[other] { $most } таких карт
}.
err-in-secret-hands = «{ $card }» не может выйти из этой колоды: её копии, которых никто не видел, взяты втайне до того, как колоду перемешали, значит, они в руках.
err-no-such-player = Нет игрока { $player }.
err-work-ended = Игрок { $player } уже закончил фазу работы в этом раунде.
err-hidden-hands-digital = Скрытые руки — для игры за настоящим столом: цифровая игра сама раздаёт все карты.
err-bot-at-the-table = Бот играет только в цифровой игре: за настоящим столом карты держит человек.
act-switch = Сейчас работает { $player }
act-tell = сообщает Foreman карту, взятую втайне
act-tell-card = сообщает Foreman «{ $card }» (только на этом экране)
act-untell = карта, о которой сообщили Foreman, снова считается скрытой
act-untell-card = «{ $card }» снова считается скрытой: другой игрок назвал карту, которая могла быть у него, только если эта карта не ваша (только на этом экране)
more-choices = …и ещё { $count }: наберите несколько букв, чтобы сузить список
hand-hidden = { $count ->
    [one] { $count } карта взята втайне, на этом экране о ней не сообщали
    [few] { $count } карты взяты втайне, на этом экране о них не сообщали
   *[other] { $count } карт взято втайне, на этом экране о них не сообщали
}
build-from-hand = Построить карту из руки…
build-from-hand-hint = Назовите карту, которую строите, и карту, которую сбрасываете с ней; Foreman проверит, что они могут быть у вас в руке.
discard-name-hidden = Назвать сбрасываемую тайную карту…
switch-hint = Сейчас работает этот игрок (клавиша { $key }). Все работают одновременно: действовать может любой, кто ещё не закончил.
work-done = закончил
machine-roll = Ход Машины: бросьте пять её кубиков (красный, синий, фиолетовый, жёлтый и зелёный) и введите их значения в этом порядке.
machine-rolled = Машина выбросила: { $dice }.
machine-green-take = Зелёный { $value }: положите чертёж { $slot } с рынка ({ $card }) в личную зону Машины; затем откройте чертёж из колоды на место { $slot }.
machine-green-empty = Зелёный { $value }: место { $slot } на рынке пусто; Машина ничего не берёт.
machine-green-blueprints = Зелёный { $value }: откройте верхний чертёж колоды в личную зону Машины; затем сбросьте 4 чертежа рынка и откройте 4 новых.
machine-green-contractors = Зелёный { $value }: откройте верхний чертёж колоды в личную зону Машины; затем сбросьте 4 контрактника рынка и откройте 4 новых.
machine-production-later = Затем её производство, когда будет названа открытая для неё карта.
machine-produces = { $colour } { $value } против { $cards ->
    [one] { $cards } карты
   *[other] { $cards } карт
} типа «{ $type }»: Машина производит 1 товар.
machine-no-goods = { $colour } { $value } против { $cards ->
    [one] { $cards } карты
   *[other] { $cards } карт
} типа «{ $type }»: товаров нет.
place-machine-turn = он идёт в личную зону Машины
place-value-on = Поставить { $value } на «{ $section }»
place-first-hint = Ставит первый кубик (в порядке, в котором был введён бросок), который принимает эта секция. Чтобы поставить другой, сначала нажмите на него.
place-all-on = Поставить все ({ $values }) на «{ $section }»
place-by-face = Поставить ({ $mine }) на «{ $mine-section }» и ({ $generate }) на «{ $generate-section }»
place-by-face-hint = Каждый оставшийся кубик идёт туда, куда подходит его значение: 4–6 на «Добычу», 1–3 на «Производство».
die-told = Кубик { $n }: { $value } (нажмите и введите значение, чтобы исправить)
die-correct-hint = Нажмите на кубик или перейдите к нему стрелками, затем введите его значение, чтобы исправить.
contractor-progress = Контрактник { $k } из { $n }: он идёт на рынок, место { $slot }.
suggest = Подсказать
suggest-hint = Лучшая фаза работы для этих кубиков по мнению планировщика (S): пронумерованные шаги — по одному, все сразу или никак. В фазе рынка: какой чертёж взять или какого контрактника нанять.
suggest-title = Подсказка: около { $gain } очков к концу игры
suggest-title-hint = Оценка планировщика: престиж и товары, которые это приносит, и ресурсы, постройки и чертежи, которые это оставляет, по тому, сколько очков они обычно приносят позже (просмотрено позиций: { $positions }).
suggest-how = Что это за оценка?
suggest-market-hint = Оценка планировщика, следующая фаза работы сыграна наперёд на { $rolls } бросках: престиж и товары, которые это приносит, и то, что остаётся, по тому, сколько очков оно обычно приносит позже.
suggest-market-plain-hint = Оценка планировщика: престиж и товары, которые это приносит, и то, что остаётся, по тому, сколько очков оно обычно приносит позже.
suggest-market-or = или: { $act }, { $gain }
suggest-nothing = Советовать нечего: сейчас нет выбора.
suggest-hidden = Foreman не знает карт, взятых вами втайне: шаг может назвать карту, которой у вас нет. Сообщите их, чтобы совет был точным.
suggest-thinking = Планировщик думает…
suggest-next = Сыграть следующий шаг
suggest-next-hint = Клавиша: N
suggest-all = Сыграть всё
suggest-hide = Скрыть
suggest-mark = { $count ->
    [one] Шаг
   *[other] Шаги
} { $steps } подсказки
suggest-again = Затем посмотрите, что выпало (кубик или карта), и попросите подсказку снова.
suggest-not-exhaustive = (Слишком много позиций, чтобы просмотреть все: лучшая из найденных.)
choice-build-card = Построить { $card } ({ $count ->
    [one] { $count } сброс
    [few] { $count } сброса
   *[other] { $count } сбросов
})
choice-discard-card = Сбросить { $card } ({ $count ->
    [one] { $count } вариант
    [few] { $count } варианта
   *[other] { $count } вариантов
})
choice-back = Назад
choice-no-card = Нет карты с названием «{ $typed }».
choice-not-here = { $card } нет среди этих вариантов.
only-choice = Единственный вариант: { $action }.
no-file-dialog = В этой системе окно выбора файла не открывается: введите путь в поле и нажмите кнопку рядом.
open-need-path = Сначала введите путь к сохранённой партии или выберите её кнопкой рядом.
act-hire-gift = { $act }; { $player } получает подарок наёмника
suggest-brings = Что это даёт: { $gains } (оценка учитывает и то, что остаётся на следующие раунды).

## Экран места на телефоне или планшете (foreman host, foreman serve)
web-hand = Ваши чертежи
web-hidden = и втайне взятых карт: { $count }
web-compound = Личная зона
web-market = Рынок
web-blueprints = Чертежи
web-contractors = Контрактники
web-others = Стол
web-machine = Машина
web-log = Что произошло
web-actions = Что можно сделать
web-no-actions = Сейчас делать нечего: ходят другие.
web-roll = Ваш бросок: наберите грань каждого кубика (одна клавиша на кубик)
web-send = Отправить
web-connecting = Подключение…
web-reconnecting = Связь потеряна: пробуем снова…
web-offline = Нет связи: ничего не отправлено. Дождитесь соединения и попробуйте снова.
web-spectator-title = Наблюдение за игрой
web-dice = Кубики
web-hq = Офис
web-score = Итоговый счёт
web-cards-in-hand = Чертежей в руке: { $count }
web-ended = рабочая фаза окончена
web-back = Назад
web-stale = Стол изменился, пока вы выбирали: посмотрите снова и выберите ещё раз.
web-not-your-turn = Сейчас не ваш ход.
web-dice-not-yours = В игре на экране кубики бросает Foreman.
web-spectator = Экран зрителя только показывает игру.
web-not-saved = Игру не удалось сохранить, поэтому ход не сделан: { $why }
web-malformed = Сообщение не понято: { $why }
web-no-lang = Foreman не говорит на языке { $lang }.
web-text-only = Foreman читает только текстовые сообщения.
web-group-build = Построить «{ $card }»…
web-group-activate = Активировать «{ $card }»…
web-group-hire = Нанять: { $contractor }…
web-which-blueprint = Какой чертёж открыт? Наберите несколько букв названия и нажмите Enter
web-which-contractor = Какой контрактник открыт? Наберите несколько букв названия и нажмите Enter
web-no-such-card = Нет карты с таким названием.
web-several-cards = Так начинаются несколько карт: наберите дальше или выберите одну из списка:
web-group-refresh = Обновить ряд рынка…
web-group-end = Закончить рабочую фазу…
web-tell = Сообщить Foreman взятую карту…
web-tell-which = Какую карту вы взяли? Её назовёт только ваш экран. Наберите несколько букв и нажмите Enter
web-told = только на вашем экране
web-tell-hint = Постройка и найм предлагают все карты, которыми могут быть ваши тайные карты: сообщите Foreman свои карты (под вашими чертежами), чтобы видеть только свои.
web-group-build-untold = Построить карту, о которой вы не сообщили…
web-tell-now = Сообщить Foreman ваши карты
web-drew-tell = Вы втайне взяли карту: сообщите Foreman, какую (ниже).
web-your-turn = Ваш ход
web-invite = Пригласить игроков
web-invite-hint = Каждый игрок открывает ссылку своего места или сканирует её код на телефоне или планшете в той же сети: он видит свою руку и играет за своё место.
web-spectators = Зрители (открытый стол)
web-hosting = Игра доступна по адресу { $address }
web-host-failed = Не удалось открыть игру для устройств: { $why }

## История (issue 72)
history = История
history-hint = Все сыгранные партии, их повтор и статистика
history-back = Назад
history-games = Партии
history-stats = Статистика
history-count = { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[other] { $count } партий
}
history-resume = Продолжить эту партию
history-empty = Партий пока нет: каждая сыгранная партия хранится здесь, законченная или нет.
history-pick = Выберите партию слева, чтобы увидеть её счёт и пересмотреть её.
history-any = Любая дата
history-any-mode = Любой режим
history-any-player = Все игроки
history-any-machine = Любая сложность
history-machine = соло, Машина: { $level }
history-week = Последние 7 дней
history-month = Последние 30 дней
history-year = Последний год
history-unfinished = не закончена (раунд { $round })
history-round-back = << Раунд
history-step-back = < Действие
history-actions = сыграно действий
history-step-forward = Действие >
history-round-forward = Раунд >>
history-keys = Клавиши: стрелки влево и вправо — действие; вверх и вниз — раунд; Home и End — начало и конец
history-after = Раунд { $round }: { $line }
history-start = До начальной раздачи
history-length = раундов: { $rounds }
history-length-timed = раундов: { $rounds }, { $minutes } мин
stats-game-number = Сыгранные партии, от старых к новым
history-round-start = Начало раунда { $round }
history-back-game = Вернуться к партии
history-player-line = металл { $metal }, энергия { $energy }, товары { $goods }, престиж { $prestige }, чертежей в руке: { $hand }
history-dice = Кубики: { $dice }
history-machine-line = товары { $goods }, счёт { $score }
history-set-aside = База истории была повреждена: она отложена ({ $path }), начата новая. Файлы партий не тронуты.
score-prestige = Престиж
score-goods = Товары
score-total = Итого
stats-for = Статистика:
stats-none = Законченных партий пока нет: статистика начнётся с первой.
stats-players = Игроки
stats-name = Игрок
stats-games = Партии
stats-wins = Победы
stats-win-rate = Доля побед
stats-mean = Средний счёт
stats-best = Лучший
stats-machine = Против Машины
stats-difficulty = Сложность
stats-margin = Средний перевес
stats-rate-over-time = Доля побед, партия за партией (каждая точка: последние { $games } партий на этой сложности)
stats-margin-over-time = Очки игрока минус очки Машины, партия за партией
stats-scores = Счёт
stats-scores-by-count = Счёт по числу игроков
stats-players-count = { $count ->
    [one] соло
   *[other] игроков: { $count }
}
stats-head-to-head = Друг против друга (общая победа засчитывается каждому)
stats-rival = Соперник игрока { $name }: { $rival }
stats-games-together = партий вместе: { $count }
stats-cards = Чертежи, которые победители строили чаще всего
stats-card = Чертёж
stats-by-winners = Построено победителями
stats-win-rate-built = Построили и победили
stats-rate-of = { $wins } из { $count } ({ $rate })
stats-lengths = Раунды и минуты за партию
stats-lengths-mean = В среднем { $rounds } раундов за партию; { $minutes } минут игры в среднем по { $timed } партиям с замером времени
stats-lengths-rounds = В среднем { $rounds } раундов за партию
stats-score-axis = Очки
stats-games-axis = Партии
stats-rounds-axis = Раунды
stats-no-winner-yet = Ни один игрок ещё не победил: здесь появятся чертежи победителей.
history-bgstats-show = BG Stats: показать партию QR-кодом
history-bgstats-hide = Скрыть QR-код
history-export = Экспортировать все партии…
history-exported = Записано: { $bgstats } (импорт в BG Stats) и { $csv } (таблица).
stats-rounds = Раунды
stats-minutes = Минуты
history-filter-mode = Режим
history-filter-player = Игрок
history-filter-machine = Против Машины
history-filter-date = Дата
history-bgstats = BG Stats
history-bgstats-hint = Записать эту партию в BG Stats: отсканируйте код телефоном или откройте ссылку
history-bgstats-scan = Отсканируйте телефоном с BG Stats: партия откроется там, уже заполненная.
history-bgstats-open = Открыть ссылку в BG Stats
history-machine-cards = карт: { $cards } + монументов: { $monuments }

# Seats nobody else can take (issue 87)
web-changed = Стол изменился, пока вы выбирали: «{ $what }» больше невозможно. Посмотрите снова и выберите ещё раз.
web-id-reused = Этот номер сообщения уже использован для другого действия: ничего не сыграно. Перезагрузите страницу.
web-not-now = Foreman не смог сыграть это сейчас: спросите у стола, что в игре.
web-no-undo-asked = Никто не просил отменить действие.
web-nothing-to-take-back = Отменять нечего: последнее действие открыло карты или кубики, либо его нет.
web-not-your-last = Отменить можно только своё последнее действие, а после него уже кто-то ходил.
web-undo = Отменить моё последнее действие
web-undo-asks = { $name } просит отменить: { $what }
web-undo-yes = Согласен
web-undo-no = Отказать
web-undo-waiting = Ждём согласия остальных…
web-which-tools = Жетоны инструментов слева направо: нажмите их по порядку
web-machine-dice = Пять кубиков Машины (красный, синий, фиолетовый, жёлтый, зелёный): одна клавиша на кубик
web-elsewhere = Это место открыто на другом устройстве. Играть здесь? Другое устройство будет предупреждено.
web-take-over = Играть здесь
web-taken-over = Ваше место заняли на другом устройстве: этот экран больше ничего о нём не показывает.
web-your-turn = Ваш ход
web-connected = на связи
web-not-connected = не на связи
web-too-many-sockets = Слишком много подключений: закройте другую страницу этой игры и попробуйте снова.
web-planner-busy = Планировщик занят другими игроками: попросите ещё раз чуть позже.
suggest-none-to-play = Нечего играть: сначала попросите подсказку (Подсказать, S).
suggest-stale = Ваша позиция изменилась, пока планировщик думал: попросите снова.
web-hand-on-phone = Чертежи этого игрока — на его собственном телефоне.
web-undo-waiting-for = Ждём согласия: { $names }…
web-undo-taken = Отменено по просьбе { $name }: { $what }
web-undo-refused = { $by } не согласен: «{ $what }» остаётся в силе.
web-undo-table = Экран стола
web-undo-you-asked = Вы попросили отменить: { $what }
web-undo-waiting-table = Ждём согласия экрана стола…
web-undo-title = Отменить действие?
web-plays-on-phone = { $name } играет на своём телефоне: решения принимаются там.
