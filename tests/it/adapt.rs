//! Learning the table (issue 28, a learned dice reader: "cameras, tables and angles it has
//! never seen"): rolls the player confirms, corrections made, teach the classifier's last
//! layer (`vision::adapt`); the window's marks and take-aways are what it learns from.

use crate::window::{click, companion_with_a_settled_camera_roll};
use egui_kittest::kittest::Queryable as _;
use foreman::vision::adapt::{Lessons, Work, teach_as_labelled};
use foreman::vision::learned::Model;
use foreman::vision::{Area, SeenDie};
use foreman_dice_training::sources::{self, SOURCES, Tally, read_picture};
use foreman_dice_training::training::{LabelledDie, LabelledPicture, Source, held_back};
use std::path::Path;

/// The held-back pictures of one source, as the harness loads them.
fn source(name: &str) -> Source {
    let (_, layout) = SOURCES
        .iter()
        .find(|(n, _)| *n == name)
        .copied()
        .expect("a source");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dice")
        .join(name);
    sources::load(name, &dir, layout, &held_back, usize::MAX).expect("the pictures")
}

fn tally(model: &Model, pictures: &[&LabelledPicture]) -> Tally {
    let mut tally = Tally::default();
    for p in pictures {
        tally.add(p, &read_picture(model, &p.image, p.whole));
    }
    tally
}

/// Taught nothing, the model is the shipped one; taught, only the classifier's last layer
/// changes (the detector and the layers before stay as shipped).
#[test]
fn teaching_changes_the_last_layer_alone() {
    let shipped = Model::shipped().expect("the shipped model");
    assert_eq!(&shipped.adapted(&Lessons::default()), shipped);
    let tray = source("d6-tray-photos");
    let mut lessons = Lessons::default();
    let mut work = Work::default();
    teach_as_labelled(shipped, shipped, &mut lessons, &tray.pictures[0], &mut work);
    assert_eq!(lessons.rolls, 1);
    // Each die four ways, and the detector's other proposals as no dice.
    assert!(
        lessons.len() >= 4 * tray.pictures[0].dice.len(),
        "{} lessons",
        lessons.len()
    );
    assert!(lessons.lessons.iter().any(|l| l.class == 0));
    let taught = shipped.adapted(&lessons);
    assert_eq!(taught.detector, shipped.detector);
    let last = shipped.classifier.layers.len() - 1;
    assert_eq!(
        taught.classifier.layers[..last],
        shipped.classifier.layers[..last]
    );
    assert_ne!(
        taught.classifier.layers[last],
        shipped.classifier.layers[last]
    );
}

/// A labelled die as a sure reading of it.
fn as_read(d: &LabelledDie) -> SeenDie {
    SeenDie {
        x: d.x,
        y: d.y,
        size: d.size,
        value: d.class,
        colour: None,
        confidence: 1.0,
    }
}

/// The pictures of even and of odd places.
fn halves(source: &Source) -> (Vec<&LabelledPicture>, Vec<&LabelledPicture>) {
    let (even, odd): (Vec<_>, Vec<_>) = source
        .pictures
        .iter()
        .enumerate()
        .partition(|(i, _)| i % 2 == 0);
    (
        even.into_iter().map(|(_, p)| p).collect(),
        odd.into_iter().map(|(_, p)| p).collect(),
    )
}

/// The model trained without the casino crops (`tests/data/dice-models`): a camera, a table
/// and dice it has never seen.
fn casino_left_out() -> Model {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice-models/casino-left-out");
    let read = |name: &str| std::fs::read(dir.join(name)).expect("the weights");
    Model::from_bytes(&read("detector.bin"), &read("classifier.bin")).expect("a dice model")
}

/// What the player must fix per 100 dice: each die missed, each value wrong, each reading on
/// no die.
fn fixes(t: &Tally) -> f64 {
    let wrong = (t.dice - t.found) + (t.found - t.right) + (t.read - t.found);
    100.0 * wrong as f64 / t.dice.max(1) as f64
}

/// Dice never seen, learned at the table: the model that never saw the casino dice, taught by
/// every other held-back casino crop as a player confirms it (values corrected, missed dice
/// marked, readings on no die taken away), reads the crops it was not taught far better.
/// Under five rolls it reads as it was. Measured: to fix per 100 dice, 85.7 before, 45.7
/// after; pictures exact 5 of 35 before, 19 after.
#[test]
fn dice_never_seen_are_learned_from_the_rolls_confirmed() {
    let left_out = casino_left_out();
    let casino = source("casino-dice-crops");
    let (taught_on, others) = halves(&casino);
    let mut lessons = Lessons::default();
    let mut work = Work::default();
    let mut model = left_out.clone();
    for (n, p) in taught_on.iter().enumerate() {
        teach_as_labelled(&left_out, &model, &mut lessons, p, &mut work);
        let taught = left_out.taught(&lessons);
        if n + 1 < foreman::vision::adapt::LEAST_ROLLS {
            assert!(taught.is_none(), "used after {} rolls", n + 1);
        }
        model = taught.unwrap_or_else(|| left_out.clone());
    }
    assert_ne!(model, left_out, "what it learned is used");
    let (before, after) = (tally(&left_out, &others), tally(&model, &others));
    println!(
        "{work:?}\nbefore: {before}, to fix {:.1}\nafter: {after}, to fix {:.1}",
        fixes(&before),
        fixes(&after)
    );
    assert!(
        fixes(&before) >= 60.0,
        "the casino dice are new to it: {before}"
    );
    assert!(fixes(&after) <= 0.6 * fixes(&before), "{after}");
    assert!(after.exact >= 2 * before.exact, "{after}");
}

/// What a table the model knows teaches costs it little: the shipped model (trained on the
/// other tray photos) taught half of the held-back tray photos reads the other half with as
/// much to fix (17.2 per 100 dice before and after), and a quarter of the held-back cup crops
/// (another camera, grey) with 5 of 30 missed (none before): the last layer of the
/// nine-source classifier, taught one table, calls some dice of a table it was not taught no
/// die. A player's lessons are kept for their own table (*Forget what it learned* clears
/// them); the floors hold 4 more to fix on the tray photos and 20 on the cup.
#[test]
fn teaching_one_table_spoils_nothing_else() {
    let shipped = Model::shipped().expect("the shipped model");
    let tray = source("d6-tray-photos");
    let (taught_on, others) = halves(&tray);
    let mut lessons = Lessons::default();
    let mut work = Work::default();
    for p in &taught_on {
        teach_as_labelled(shipped, shipped, &mut lessons, p, &mut work);
    }
    let taught = shipped.taught(&lessons).unwrap_or_else(|| shipped.clone());
    // What is left to fix on pictures not taught grows by at most 4 per 100 dice.
    let costs_little = |name: &str, pictures: &[&LabelledPicture], most: f64| {
        let (before, after) = (tally(shipped, pictures), tally(&taught, pictures));
        println!(
            "{name}: before {before}, to fix {:.1}\nafter {after}, to fix {:.1}",
            fixes(&before),
            fixes(&after)
        );
        assert!(fixes(&after) <= fixes(&before) + most, "{name}");
    };
    costs_little("tray, not taught", &others, 4.0);
    let cup = source("cup-dice-crops");
    let cups: Vec<&LabelledPicture> = cup.pictures.iter().step_by(4).collect();
    costs_little("cup", &cups, 20.0);
}

/// A die the reader missed, marked by a click at its centre, gets the die's box: centred
/// within a third of its side, its side within 0.7–1.4 of the labelled one.
#[test]
fn a_missed_die_marked_by_a_click_gets_its_box() {
    let shipped = Model::shipped().expect("the shipped model");
    let tray = source("d6-tray-photos");
    let (mut marked, mut fitting) = (0, 0);
    for p in tray.pictures.iter().take(12) {
        let area = Area::whole(p.image.width(), p.image.height());
        for (i, d) in p.dice.iter().enumerate() {
            let others: Vec<SeenDie> = p
                .dice
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, o)| as_read(o))
                .collect();
            let die = shipped.die_at(&p.image, area, (d.x, d.y), &others);
            marked += 1;
            let centred = (die.x - d.x).hypot(die.y - d.y) <= d.size / 3.0;
            let sized = (0.7..=1.4).contains(&(die.size / d.size));
            fitting += usize::from(centred && sized);
            assert!((1..=6).contains(&die.value));
        }
    }
    println!("{fitting} of {marked} marked dice fit");
    assert!(fitting * 10 >= marked * 9, "{fitting} of {marked}");
}

/// In the window: a settled camera roll, a "die" taken away by a right click, a missed die
/// marked by a click, the roll used; the reader learns from it and says so.
#[test]
fn the_window_teaches_the_reader_the_confirmed_roll() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let camera = h.state_mut().camera_dice_mut().expect("camera");
    let roll = camera.proposed.clone().expect("a roll").dice;
    let first = roll[0];
    assert!(
        camera.take_away_at(first.x, first.y),
        "the first die taken away"
    );
    assert_eq!(
        camera.proposed.as_ref().map(|r| r.dice.len()),
        Some(roll.len() - 1)
    );
    assert_eq!(camera.taken_away.len(), 1);
    // Marked again where it lay: the die comes back, its box and value the model's.
    assert!(camera.correct_at(first.x, first.y), "a die marked");
    let marked = *camera
        .proposed
        .as_ref()
        .and_then(|r| r.dice.last())
        .expect("the marked die");
    assert!((marked.x - first.x).hypot(marked.y - first.y) <= first.size / 3.0);
    assert_eq!(marked.value, first.value);
    h.run();
    click(&mut h, "Use this roll");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().camera_dice().is_none_or(|c| c.taught == 0) {
        assert!(
            std::time::Instant::now() < deadline,
            "the reader never learned the roll"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run();
    h.get_by_label_contains("Learning your dice: one confirmed roll");
    assert!(
        !h.state().camera_dice().expect("camera").taught_used,
        "one roll is not enough"
    );
    click(&mut h, "Forget what it learned");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().camera_dice().is_some_and(|c| c.taught > 0) {
        assert!(
            std::time::Instant::now() < deadline,
            "the reader never forgot"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Five rolls confirmed in the window ([`foreman::vision::adapt::LEAST_ROLLS`]): the reader
/// reads with what it learned, and the window holds that model (a die marked by a click is
/// read by it); forgotten, both go back to the shipped one.
#[test]
fn after_five_confirmed_rolls_the_window_reads_with_the_taught_model() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let shipped = Model::shipped().expect("the shipped model");
    for roll in 1..=5 {
        let camera = h.state_mut().camera_dice_mut().expect("camera");
        let view = camera.view.clone().expect("a frame");
        let die = view.dice[0];
        // Six clicks on a die: a proposal from the frame, its value round to where it was.
        for _ in 0..6 {
            assert!(camera.correct_at(die.x, die.y));
        }
        camera.confirm();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while h.state().camera_dice().is_none_or(|c| c.taught < roll) {
            assert!(
                std::time::Instant::now() < deadline,
                "roll {roll} not learned"
            );
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let camera = h.state().camera_dice().expect("camera");
        assert_eq!(camera.taught_used, roll >= 5, "after {roll} rolls");
        assert_eq!(
            camera.taught_model().is_some(),
            roll >= 5,
            "after {roll} rolls"
        );
    }
    let camera = h.state().camera_dice().expect("camera");
    let taught = camera.taught_model().expect("the taught model");
    assert_eq!(taught.detector, shipped.detector);
    assert_ne!(taught.classifier, shipped.classifier);
    h.state_mut().camera_dice_mut().expect("camera").forget();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().camera_dice().is_some_and(|c| c.taught > 0) {
        assert!(std::time::Instant::now() < deadline, "never forgot");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        h.state()
            .camera_dice()
            .expect("camera")
            .taught_model()
            .is_none()
    );
}

/// The lessons kept are bounded ([`foreman::vision::adapt::MOST_LESSONS`]), the oldest going
/// first; a crop (whose surroundings are not known) teaches its die and what was taken away,
/// never the detector's other proposals.
#[test]
fn lessons_are_bounded_and_a_crop_teaches_only_what_it_shows() {
    let shipped = Model::shipped().expect("the shipped model");
    let tray = source("d6-tray-photos");
    let p = &tray.pictures[0];
    let area = Area::whole(p.image.width(), p.image.height());
    let dice: Vec<SeenDie> = p.dice.iter().map(as_read).collect();
    let mut lessons = Lessons::default();
    let mut rolls = 0;
    while lessons.len() < foreman::vision::adapt::MOST_LESSONS {
        lessons.learn(shipped, &p.image, area, &dice, &[], true);
        rolls += 1;
        assert!(rolls < 200, "{} lessons", lessons.len());
    }
    lessons.learn(shipped, &p.image, area, &dice, &[], true);
    assert_eq!(lessons.len(), foreman::vision::adapt::MOST_LESSONS);
    assert_eq!(lessons.rolls, rolls + 1);
    assert!(
        lessons.lessons.iter().all(|l| l.roll > 0),
        "the first roll's went first"
    );

    let mut crop = Lessons::default();
    let away = SeenDie {
        size: dice[0].size / 4.0,
        ..dice[0]
    };
    crop.learn(shipped, &p.image, area, &dice[..1], &[away], false);
    let classes: Vec<u8> = crop.lessons.iter().map(|l| l.class).collect();
    assert_eq!(
        classes,
        [
            dice[0].value,
            dice[0].value,
            dice[0].value,
            dice[0].value,
            0
        ]
    );
}

/// The camera panel says what the reader learned as a player reads it: while its classifier
/// is trained again, how far along; then that it reads with it, and on how many rolls.
#[test]
fn the_panel_tells_the_classifier_trained_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let camera = h.state_mut().camera_dice_mut().expect("camera");
    camera.taught = 12;
    camera.taught_used = true;
    camera.taught_whole = 10;
    camera.relearning = Some((20, 3, 10));
    h.run();
    h.get_by_label_contains(
        "Reading with its classifier trained again on 10 confirmed rolls. \
         Training it again on 20 rolls: 30%.",
    );
    let camera = h.state_mut().camera_dice_mut().expect("camera");
    camera.relearning = None;
    h.run();
    assert!(
        h.query_by_label_contains("Training it again").is_none(),
        "no training running, none told"
    );
}

/// The lessons are kept between sessions as bytes and read back as they were learned (what
/// the classifier sees of each patch worked out again from its pixels); bytes
/// that are not such lessons, cut short or damaged, are an error, never a panic.
#[test]
fn lessons_read_back_as_kept_and_damaged_bytes_are_refused() {
    let shipped = Model::shipped().expect("the shipped model");
    let tray = source("d6-tray-photos");
    let mut lessons = Lessons::default();
    for p in tray.pictures.iter().take(6) {
        let area = Area::whole(p.image.width(), p.image.height());
        let dice: Vec<SeenDie> = p.dice.iter().map(as_read).collect();
        lessons.learn(shipped, &p.image, area, &dice, &[], true);
    }
    let bytes = lessons.to_bytes();
    let back = Lessons::from_bytes(shipped, &bytes).expect("read back");
    assert_eq!((back.rolls, back.len()), (6, lessons.len()));
    assert_eq!(back, lessons, "read back as learned");
    // Fitted to the lessons read back, the last layer reads the rolls as fitted to the
    // lessons learned.
    let (fitted, refitted) = (shipped.adapted(&lessons), shipped.adapted(&back));
    let pictures: Vec<&LabelledPicture> = tray.pictures.iter().take(6).collect();
    assert_eq!(
        tally(&fitted, &pictures).value_accuracy(),
        tally(&refitted, &pictures).value_accuracy()
    );
    assert_eq!(
        Lessons::from_bytes(shipped, &Lessons::default().to_bytes()),
        Ok(Lessons::default())
    );

    let mut wrong_class = bytes.clone();
    wrong_class[13] = 9;
    for (what, damaged) in [
        ("cut short", bytes[..bytes.len() - 1].to_vec()),
        ("its start", bytes[1..].to_vec()),
        ("a class past 6", wrong_class),
        ("nothing", Vec::new()),
    ] {
        assert!(
            Lessons::from_bytes(shipped, &damaged).is_err(),
            "{what}: read as lessons"
        );
    }
}

/// A session of the camera started again goes on from the rolls confirmed in the one before:
/// their lessons are kept in the data folder beside the classifier; forgetting removes them.
#[test]
fn the_rolls_confirmed_are_kept_for_the_next_session() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let camera = h.state_mut().camera_dice_mut().expect("camera");
    camera.confirm();
    let wait = |h: &mut egui_kittest::Harness<'_, foreman::ui::ForemanApp>, taught: usize| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while h.state().camera_dice().is_none_or(|c| c.taught != taught) {
            assert!(std::time::Instant::now() < deadline, "never {taught} rolls");
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    };
    wait(&mut h, 1);
    let kept = dir.path().join(foreman::dice::relearner::KEPT_LESSONS);
    assert!(kept.exists(), "the lessons are kept");
    click(&mut h, "Stop the camera");
    assert!(h.state().camera_dice().is_none());
    let picture = dir.path().join("roll.png");
    h.state_mut().start_camera(&picture.display().to_string());
    wait(&mut h, 1);
    h.run();
    h.get_by_label_contains("Learning your dice: one confirmed roll");
    click(&mut h, "Forget what it learned");
    wait(&mut h, 0);
    assert!(!kept.exists(), "forgotten, the lessons are removed");
}

/// What a player would have had to fix in a reading: a die missed, a die read with another
/// value and a reading on no die count one each; a die read right counts none.
#[test]
fn a_reading_is_weighed_by_what_the_player_would_fix() {
    use foreman::vision::adapt::to_fix;
    let die = |x: f32, value: u8| SeenDie {
        x,
        y: 50.0,
        size: 20.0,
        value,
        colour: None,
        confidence: 0.9,
    };
    let roll = [die(20.0, 3), die(60.0, 5), die(100.0, 1)];
    assert_eq!(to_fix(&roll, &roll), 0, "read right");
    // The first right, the second read as a 6, the third missed, one more on the table.
    let seen = [die(22.0, 3), die(58.0, 6), die(160.0, 2)];
    assert_eq!(to_fix(&seen, &roll), 3);
    assert_eq!(to_fix(&[], &roll), 3, "all missed");
    assert_eq!(to_fix(&seen, &[]), 3, "all on no die");
}

/// The classifier trained again reads until the rolls confirmed since it was trained show the
/// last layer fitted alone would have left less to fix, over at least
/// [`foreman::vision::adapt::JUDGED_AFTER`] rolls; a tie keeps it.
#[test]
fn the_judge_keeps_the_classifier_trained_again_until_rolls_show_it_worse() {
    use foreman::vision::adapt::{JUDGED_AFTER, Judge};
    let mut judge = Judge::default();
    assert!(judge.whole_reads(), "nothing judged yet");
    for _ in 1..JUDGED_AFTER {
        judge.weigh(3, 0);
        assert!(judge.whole_reads(), "too few rolls to judge: {judge:?}");
    }
    judge.weigh(3, 0);
    assert!(!judge.whole_reads(), "worse over {JUDGED_AFTER} rolls");
    let mut tie = Judge::default();
    for _ in 0..JUDGED_AFTER {
        tie.weigh(1, 1);
    }
    assert!(tie.whole_reads(), "a tie keeps it");
    let mut better = Judge::default();
    for _ in 0..JUDGED_AFTER {
        better.weigh(0, 2);
    }
    assert!(better.whole_reads());
}

/// Issue 28's "done" at a Fantastic Factories table: dice among the cards of Foreman's window
/// (`sources::dice_among_cards`, the held-back tray dice) read the cards' gear icons as 1s
/// until the table is learned. Five rolls at the same table (the training tray photos' dice
/// among the same cards, other pictures), confirmed as a player confirms them, take the
/// readings on no die from 24 to none (precision 0.807 to 1.000; to fix per 100 dice 58.0 to
/// 49.4). The dice missed on the cards' dark ground stay missed (recall 0.575 to 0.546): the
/// detector does not learn the table, and the last layer taught the cards loses a few dice.
/// Measured by `dice_adapt --among-cards 40`.
#[test]
fn five_rolls_among_the_cards_teach_the_reader_the_cards_are_no_dice() {
    let snapshot =
        image::open(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice/window-cards.png"))
            .expect("the window's cards")
            .to_rgb8();
    let (name, layout) = SOURCES[0];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dice")
        .join(name);
    let trained = sources::load(name, &dir, layout, &|f| !held_back(f), usize::MAX)
        .expect("the training tray photos");
    let held = source(name);
    let rolls = sources::dice_among_cards_from(&snapshot, &trained, 5, 9_500_000);
    let read = sources::dice_among_cards(&snapshot, &held, 40);
    let shipped = Model::shipped().expect("the shipped model");
    let mut lessons = Lessons::default();
    let mut work = Work::default();
    let mut model = shipped.clone();
    for p in &rolls {
        teach_as_labelled(shipped, &model, &mut lessons, p, &mut work);
        model = shipped.taught(&lessons).unwrap_or_else(|| shipped.clone());
    }
    let read: Vec<&LabelledPicture> = read.iter().collect();
    let (before, after) = (tally(shipped, &read), tally(&model, &read));
    let on_no_die = |t: &Tally| t.read - t.found - t.others_read;
    println!("{work:?}\nbefore: {before}\nafter: {after}");
    assert!(on_no_die(&before) >= 10, "{before}");
    assert!(on_no_die(&after) <= 5, "{after}");
    assert!(after.precision() >= 0.95, "{after}");
    assert!(after.recall() >= before.recall() - 0.04, "{after}");
    assert!(fixes(&after) < fixes(&before), "{after}");
    assert!(after.value_accuracy() >= 0.92, "{after}");
}

/// A die whose colour was read wrong: Shift+click steps its colour (red, blue, green, purple,
/// yellow, white, black, "other", and round again), and the roll used carries the colour given,
/// so the Machine's die of that colour takes it (the Machine's dice are told apart by colour
/// alone; solo rules, "the Machine rolls its five coloured dice").
#[test]
fn a_die_read_in_the_wrong_colour_is_given_its_colour() {
    use foreman::dice::DieColour;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let camera = h.state_mut().camera_dice_mut().expect("camera");
    let first = camera.proposed.clone().expect("a roll").dice[0];
    let colour_now =
        |c: &foreman::ui::camera::CameraDice| c.proposed.as_ref().map(|r| r.dice[0].colour);
    // Round the eight colours: back where it began.
    let mut seen = Vec::new();
    for _ in 0..8 {
        assert!(camera.recolour_at(first.x, first.y));
        seen.push(colour_now(camera).flatten());
    }
    assert_eq!(colour_now(camera), Some(first.colour));
    // Each click a colour of its own: eight steps, eight colours.
    let mut distinct = seen.clone();
    distinct.dedup();
    distinct.retain(|c| seen.iter().filter(|x| *x == c).count() == 1);
    assert_eq!(distinct.len(), 8, "{seen:?}");
    assert!(seen.contains(&None) && seen.contains(&Some(DieColour::Yellow)));
    assert!(!camera.recolour_at(-100.0, -100.0), "no die there");
    // Given blue (none of the tray's dice is blue), the roll's first die answers the blue die.
    while colour_now(camera) != Some(Some(DieColour::Blue)) {
        assert!(camera.recolour_at(first.x, first.y));
    }
    camera.confirm();
    assert!(
        camera
            .waiting
            .contains(&(Some(DieColour::Blue), first.value)),
        "{:?}",
        camera.waiting
    );
    assert_eq!(camera.take(DieColour::Blue, false), Some(first.value));
}

/// Issue 90, point 3: one input per wrong die. A click on a die of the proposed roll steps
/// nothing (no cycling through the faces); its face typed with the pointer on it sets it (one
/// key); Delete there (as a right click) takes it away.
#[test]
fn a_wrong_die_takes_one_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let camera = h.state_mut().camera_dice_mut().expect("camera");
    let roll = camera.proposed.clone().expect("a roll").dice;
    let first = roll[0];
    assert!(camera.correct_at(first.x, first.y));
    assert_eq!(
        camera.proposed.as_ref().map(|r| r.dice[0].value),
        Some(first.value),
        "a click steps nothing"
    );
    let other = first.value % 6 + 1;
    assert!(camera.type_face_at(first.x, first.y, other));
    assert_eq!(
        camera.proposed.as_ref().map(|r| r.dice[0].value),
        Some(other),
        "one key sets the face"
    );
    assert!(!camera.type_face_at(-100.0, -100.0, 3), "no die there");
    assert!(!camera.type_face_at(first.x, first.y, 7), "no face 7");
    assert!(camera.take_away_at(first.x, first.y));
    assert_eq!(
        camera.proposed.as_ref().map(|r| r.dice.len()),
        Some(roll.len() - 1)
    );
}

/// Issue 90, point 3, in the window: the pointer on a die of the camera's picture and its
/// face typed: that die shows it, and the roll's picker beside does not take the key.
#[test]
fn a_face_typed_on_the_cameras_picture_corrects_that_die() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = companion_with_a_settled_camera_roll(dir.path());
    let camera = h.state().camera_dice().expect("camera");
    let die = camera.proposed.as_ref().expect("a roll").dice[0];
    let width = camera.view.as_ref().expect("a frame").frame.width() as f32;
    let told = h.state().pending_inputs().map(|i| i.dice.len());
    let picture = h.get_by_label("The camera's picture").rect();
    let scale = picture.width() / width;
    let at = picture.min + egui::vec2(die.x * scale, die.y * scale);
    let face = die.value % 6 + 1;
    h.hover_at(at);
    h.run();
    h.key_press(
        [
            egui::Key::Num1,
            egui::Key::Num2,
            egui::Key::Num3,
            egui::Key::Num4,
            egui::Key::Num5,
            egui::Key::Num6,
        ][usize::from(face - 1)],
    );
    h.run();
    let camera = h.state().camera_dice().expect("camera");
    assert_eq!(
        camera.proposed.as_ref().map(|r| r.dice[0].value),
        Some(face)
    );
    assert_eq!(
        h.state().pending_inputs().map(|i| i.dice.len()),
        told,
        "the picker took no die"
    );
}
