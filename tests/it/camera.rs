//! The camera dice reader (issues: camera dice reader; a learned dice reader): the learned
//! model's figures on the pictures held back from its training, the frame sources and capture
//! threads, the CLI and the window.

use crate::vision_score::{
    ColourTally, Labelled, Tally, as_webcam_frame, in_light, on_coloured_table, read_labels,
    resized, saved_as_jpeg, score_colours, score_photo,
};
use foreman::dice::camera::{CameraError, CameraEvent, Capture, Folder, FrameSource, ImageFile};
use foreman::vision;
use foreman_dice_training::synthetic;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The labelled photos, kept in the repository with their licence (`tests/data/dice/d6-tray-photos`).
fn photos_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice/d6-tray-photos")
}

/// The tray photos held back from the model's training (`foreman_dice_training::training::held_back`): 43
/// of the 200.
fn photos() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(photos_dir().join("images"))
        .expect("images folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jpg"))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(foreman_dice_training::training::held_back)
        })
        .collect();
    v.sort();
    v
}

/// The reader's tally over every labelled photo, each shown to it as `shown` makes it (with
/// its labels to match).
fn tally_over_the_photos(
    shown: impl Fn(image::RgbImage, Vec<Labelled>) -> (image::RgbImage, Vec<Labelled>),
) -> Tally {
    tally_read(shown, |image, _| vision::read_dice(image))
}

/// [`tally_over_the_photos`] with a reader given each picture and its labelled dice count.
fn tally_read(
    shown: impl Fn(image::RgbImage, Vec<Labelled>) -> (image::RgbImage, Vec<Labelled>),
    read: impl Fn(&image::RgbImage, usize) -> Vec<vision::SeenDie>,
) -> Tally {
    let dir = photos_dir();
    let mut tally = Tally::default();
    for path in photos() {
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let labels = read_labels(&dir.join("labels").join(format!("{stem}.txt"))).expect("labels");
        let photo = image::open(&path).expect("photo").to_rgb8();
        let (image, labels) = shown(photo, labels);
        let seen: Vec<(f32, f32, u8)> = read(&image, labels.len())
            .iter()
            .map(|d| (d.x, d.y, d.value))
            .collect();
        score_photo(image.width(), image.height(), &labels, &seen, &mut tally);
    }
    tally
}

/// Prints the tally, and fails unless it covers the 43 held-back photos and its precision,
/// recall and value accuracy reach these floors.
fn assert_floors(tally: &Tally, precision: f64, recall: f64, value: f64) {
    println!("{tally}");
    assert_eq!(tally.photos, 43);
    assert!(
        tally.precision() >= precision,
        "precision {}",
        tally.precision()
    );
    assert!(tally.recall() >= recall, "recall {}", tally.recall());
    assert!(
        tally.value_accuracy() >= value,
        "value {}",
        tally.value_accuracy()
    );
}

/// The learned reader on the 43 tray photos held back from its training (252 dice): measured
/// precision 0.9958, recall 0.9405, value 0.8945, exact photos 0.535 (the one read matching no
/// label is a green die showing 6 that the labels leave out). The classifier trained on nine
/// sources reads these 4.6 points of value worse than the four-source one did (0.9409) and
/// tables it never saw far better (`models/dice/README.md`). The targets are 0.99
/// value and precision; the floors hold what is measured.
#[test]
fn accuracy_on_the_labelled_photos() {
    let tally = tally_over_the_photos(|photo, labels| (photo, labels));
    assert_eq!(tally.labelled, 252);
    assert_floors(&tally, 0.99, 0.935, 0.89);
    assert!(tally.exact_match() >= 0.53, "exact {}", tally.exact_match());
}

/// Issue 90, point 1: read as the roll the game waits for (the count of its dice known: the
/// surest that many, a missing one filled from the candidates the classifier doubted), the
/// same 43 photos: more dice found, precision held. Measured 0.9917, 0.9524 and 0.8917
/// (without the count 0.9958, 0.9405, 0.8945).
#[test]
fn accuracy_on_the_labelled_photos_with_the_count_known() {
    let tally = tally_read(
        |photo, labels| (photo, labels),
        |image, count| vision::read_dice_expecting(image, None, count, None),
    );
    assert_floors(&tally, 0.99, 0.95, 0.885);
}

/// A webcam gives landscape frames: each held-back photo set in a 1280×720 frame
/// (`as_webcam_frame`). Measured 0.9873, 0.9286 and 0.9145.
#[test]
fn accuracy_on_the_photos_in_webcam_frames() {
    let tally = tally_over_the_photos(|photo, labels| as_webcam_frame(&photo, &labels));
    assert_floors(&tally, 0.985, 0.925, 0.91);
}

/// Dice smaller than the photos' (a camera farther from the tray): each photo resized by 0.76.
/// Measured 0.9958, 0.9444 and 0.8992.
#[test]
fn accuracy_on_the_photos_with_smaller_dice() {
    let tally = tally_over_the_photos(|photo, labels| (resized(&photo, 0.76), labels));
    assert_floors(&tally, 0.99, 0.94, 0.895);
}

/// Another table: each photo as if its tray stood on a green baize (`on_coloured_table`).
/// Measured 0.9907, 0.8413 and 0.9057: dice found less often on a green table.
#[test]
fn accuracy_on_the_photos_on_a_green_baize() {
    let tally = tally_over_the_photos(|photo, labels| {
        (on_coloured_table(&photo, &labels, [70, 125, 80]), labels)
    });
    assert_floors(&tally, 0.985, 0.84, 0.90);
}

/// A dim room: each photo's light multiplied by 0.6 (`in_light`). The nets see each input less
/// its mean, over its spread: measured about as in full light, 0.9958, 0.9444 and 0.9118.
#[test]
fn accuracy_on_the_photos_in_dim_light() {
    let tally = tally_over_the_photos(|photo, labels| (in_light(&photo, [0.6; 3]), labels));
    assert_floors(&tally, 0.99, 0.94, 0.91);
}

/// Another camera's compression: each photo saved again as a JPEG of quality 85. Measured
/// 0.9958, 0.9484 and 0.8996.
#[test]
fn accuracy_on_the_photos_saved_again_as_jpeg() {
    let tally =
        tally_over_the_photos(|photo, labels| (saved_as_jpeg(&photo, 85).expect("a JPEG"), labels));
    assert_floors(&tally, 0.99, 0.945, 0.895);
}

/// The colour of each die (issue 28: "the colour accuracy on `tests/dice_colours.txt` stays
/// ≥ 0.97"), against the colours told by eye in the 43 held-back photos (252 dice). The namer
/// (`vision::colour`) is fitted on the training photos' told colours only
/// (`models/dice/colours.txt`). Measured 230 of 237 dice found (0.970); the floor holds that.
/// What is left: smoky black dice with red pips named red.
#[test]
fn colours_on_the_hand_labelled_photos() {
    let colours = colours_over_the_told_photos(|photo| photo);
    assert!(
        colours.compared >= 230,
        "{} dice compared",
        colours.compared
    );
    assert!(
        colours.accuracy() >= 0.97,
        "colour accuracy {}",
        colours.accuracy()
    );
}

/// The colour namer's embedded examples (`models/dice/colour-examples.txt`) are what
/// `models/dice/training/examples/dice_colour_fit.rs --write` measures from the training photos' told colours with
/// the shipped reader: none edited by hand, none left behind by a new model.
#[test]
fn the_colour_examples_are_measured_from_the_training_photos() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = vision::learned::Model::shipped().expect("the shipped model");
    let measured: Vec<vision::colour::Example> = foreman_dice_training::sources::colour_examples(
        &photos_dir(),
        &root.join("models/dice/colours.txt"),
        model,
    )
    .expect("the training photos' colours")
    .iter()
    .flat_map(|p| p.both())
    .collect();
    let shipped = vision::colour::shipped_examples();
    assert!(shipped.len() >= 1000, "{} examples", shipped.len());
    assert_eq!(measured.as_slice(), shipped);
    // Every photo they come from is a training photo.
    let told =
        foreman_dice_training::sources::read_told_colours(&root.join("models/dice/colours.txt"))
            .expect("colours file");
    assert!(
        told.iter()
            .all(|(stem, _)| !foreman_dice_training::training::held_back(&format!("{stem}.jpg"))),
        "fitted on training photos only"
    );
}

/// Under a warm lamp (each photo's red × 1.1, blue × 0.78: `in_light`), white dice look cream
/// and grey ones brown; the light is told from the dice's white pips and taken out. Measured
/// 218 of 236 (0.924); the floor holds that.
#[test]
fn colours_under_a_warm_lamp() {
    let colours = colours_over_the_told_photos(|photo| in_light(&photo, [1.1, 1.0, 0.78]));
    assert!(
        colours.right >= 215,
        "{} of {} right",
        colours.right,
        colours.compared
    );
}

/// The colours named on the photos whose dice's colours were told by eye
/// (`tests/dice_colours.txt`), each shown to the reader as `shown` makes it.
fn colours_over_the_told_photos(shown: impl Fn(image::RgbImage) -> image::RgbImage) -> ColourTally {
    let dir = photos_dir();
    let told = foreman_dice_training::sources::read_told_colours(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dice_colours.txt"),
    )
    .expect("colour labels");
    assert_eq!(told.len(), 43, "every held-back photo's colours are told");
    assert!(
        told.iter()
            .all(|(stem, _)| foreman_dice_training::training::held_back(&format!("{stem}.jpg"))),
        "the colours are measured on held-back photos only"
    );
    let mut colours = ColourTally::default();
    let mut wrong = Vec::new();
    for (stem, words) in &told {
        let labels = read_labels(&dir.join("labels").join(format!("{stem}.txt"))).expect("labels");
        assert_eq!(labels.len(), words.len(), "{stem}: one colour per die");
        let image = shown(
            image::open(dir.join("images").join(format!("{stem}.jpg")))
                .expect("photo")
                .to_rgb8(),
        );
        let dice = vision::read_dice(&image);
        let seen: Vec<(f32, f32, u8)> = dice.iter().map(|d| (d.x, d.y, d.value)).collect();
        let result = score_photo(
            image.width(),
            image.height(),
            &labels,
            &seen,
            &mut Tally::default(),
        );
        let said: Vec<&str> = dice.iter().map(|d| vision::colour_word(d.colour)).collect();
        for (j, word) in score_colours(&said, words, &result.pairs, &mut colours) {
            wrong.push(format!("{stem}#{j}: {word} for {}", words[j]));
        }
    }
    println!(
        "colours: {} of {} right; wrong: {wrong:?}",
        colours.right, colours.compared
    );
    colours
}

fn synthetic_roll(path: &Path, values: &[u8], body: [u8; 3], pip: [u8; 3]) {
    let mut img = synthetic::table(640, 480);
    for (i, &v) in values.iter().enumerate() {
        synthetic::draw_die(
            &mut img,
            100.0 + 120.0 * i as f32,
            200.0,
            44.0,
            v,
            body,
            pip,
        );
    }
    img.save(path).expect("write picture");
}

fn next_stable(capture: &Capture, within: Duration) -> Vec<u8> {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Ok(CameraEvent::Stable(roll)) =
            capture.events.recv_timeout(Duration::from_millis(50))
        {
            return roll.dice.iter().map(|d| d.value).collect();
        }
    }
    panic!("no stable roll");
}

#[test]
fn a_folder_plays_as_a_sequence_and_each_settled_roll_is_reported_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    synthetic_roll(&dir.path().join("a.png"), &[3, 5], [200, 30, 30], [255; 3]);
    // (Drawn dice: a flat blue one showing 1 is read as a round icon, no die, by the
    // shipped classifier; the sequence, not the reading, is what this test is about.)
    synthetic_roll(
        &dir.path().join("b.png"),
        &[6, 4, 2],
        [30, 60, 190],
        [255; 3],
    );
    std::fs::write(dir.path().join("notes.txt"), "not a picture").expect("write");
    let folder = dir.path().to_path_buf();
    let capture = Capture::start(
        move || {
            Box::new(Folder::new(folder, 10, Duration::from_millis(30))) as Box<dyn FrameSource>
        },
        3,
        Duration::ZERO,
    );
    assert_eq!(next_stable(&capture, Duration::from_secs(10)), vec![3, 5]);
    assert_eq!(
        next_stable(&capture, Duration::from_secs(10)),
        vec![6, 4, 2]
    );
    // The sequence starts again.
    assert_eq!(next_stable(&capture, Duration::from_secs(10)), vec![3, 5]);
}

/// The events `capture` sends until `until` says stop or `within` passes: the views and the
/// settled rolls counted.
fn count_events(
    capture: &Capture,
    within: Duration,
    until: impl Fn(usize, usize) -> bool,
) -> (usize, usize) {
    let deadline = Instant::now() + within;
    let (mut views, mut stable) = (0, 0);
    while Instant::now() < deadline && !until(views, stable) {
        match capture.events.recv_timeout(Duration::from_millis(20)) {
            Ok(CameraEvent::View(_)) => views += 1,
            Ok(CameraEvent::Stable(_)) => stable += 1,
            _ => {}
        }
    }
    (views, stable)
}

/// A clock that moves only with the frames a source gives (issue 76: the pace holds whatever
/// the machine's speed): each frame, read or let go by, is `per_frame` later.
struct FrameClock {
    micros: std::sync::atomic::AtomicU64,
    per_frame: Duration,
}

impl FrameClock {
    fn new(per_frame: Duration) -> std::sync::Arc<FrameClock> {
        std::sync::Arc::new(FrameClock {
            micros: std::sync::atomic::AtomicU64::new(0),
            per_frame,
        })
    }
    fn tick(&self) {
        self.micros.fetch_add(
            self.per_frame.as_micros() as u64,
            std::sync::atomic::Ordering::SeqCst,
        );
    }
}

impl foreman::dice::camera::Clock for FrameClock {
    fn now(&self) -> Duration {
        Duration::from_micros(self.micros.load(std::sync::atomic::Ordering::SeqCst))
    }
}

/// A source whose every frame moves `clock` on.
struct Ticking<S> {
    inner: S,
    clock: std::sync::Arc<FrameClock>,
}

impl<S: FrameSource> FrameSource for Ticking<S> {
    fn open(&mut self) -> Result<(), CameraError> {
        self.inner.open()
    }
    fn frame(&mut self) -> Result<image::RgbImage, CameraError> {
        self.clock.tick();
        self.inner.frame()
    }
    fn skip(&mut self) -> Result<(), CameraError> {
        self.clock.tick();
        self.inner.skip()
    }
    fn name(&self) -> String {
        self.inner.name()
    }
}

/// The camera's cost (issue: a learned dice reader, point 7, the camera panel): a still
/// picture given again at every frame is read once, yet still settles as a roll; frames that
/// change are read at most once per `read_every` of the clock, the rest dropped; and the window
/// is woken after each event rather than repainting on a timer.
#[test]
fn the_camera_reads_a_still_picture_once_and_keeps_to_its_pace() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = tempfile::tempdir().expect("temp dir");
    let still = dir.path().join("still.png");
    synthetic_roll(&still, &[4, 2], [200, 30, 30], [255; 3]);
    let woken = std::sync::Arc::new(AtomicUsize::new(0));
    let clock = FrameClock::new(Duration::from_millis(5));
    let ticks = clock.clone();
    let capture = Capture::start_paced(
        move || {
            Box::new(Ticking {
                inner: ImageFile::new(still, Duration::from_millis(1)),
                clock: ticks,
            }) as Box<dyn FrameSource>
        },
        3,
        Duration::ZERO,
        clock.clone(),
    );
    let counter = woken.clone();
    capture.wake().set(move || {
        counter.fetch_add(1, Ordering::Relaxed);
    });
    // The same picture at every frame: one view, then the roll settles...
    let settled = count_events(&capture, Duration::from_secs(60), |_, stable| stable > 0);
    assert_eq!(settled, (1, 1));
    // ...and two hundred frames more of it are neither read nor settled again.
    let from = foreman::dice::camera::Clock::now(clock.as_ref());
    let mut after = (0, 0);
    while foreman::dice::camera::Clock::now(clock.as_ref()) < from + Duration::from_secs(1) {
        let (v, s) = count_events(&capture, Duration::from_millis(50), |_, _| false);
        after = (after.0 + v, after.1 + s);
    }
    assert_eq!(after, (0, 0));
    assert!(woken.load(Ordering::Relaxed) >= 1);
    drop(capture);

    // Two pictures in turn at every frame, read at most once a second of the clock: the views
    // are at most one more than the seconds gone by, and each new picture is shown.
    let turns = tempfile::tempdir().expect("temp dir");
    synthetic_roll(&turns.path().join("a.png"), &[1], [200, 30, 30], [255; 3]);
    synthetic_roll(&turns.path().join("b.png"), &[6], [200, 30, 30], [255; 3]);
    let folder = turns.path().to_path_buf();
    let clock = FrameClock::new(Duration::from_millis(5));
    let ticks = clock.clone();
    let capture = Capture::start_paced(
        move || {
            Box::new(Ticking {
                inner: Folder::new(folder, 1, Duration::from_millis(1)),
                clock: ticks,
            }) as Box<dyn FrameSource>
        },
        3,
        Duration::from_secs(1),
        clock.clone(),
    );
    let (views, _) = count_events(&capture, Duration::from_secs(60), |views, _| views >= 3);
    drop(capture);
    let seconds = foreman::dice::camera::Clock::now(clock.as_ref()).as_secs() as usize;
    assert!(views >= 3, "{views} views: each new picture is read");
    assert!(
        views <= seconds + 1,
        "{views} views in {seconds} s of frames: at most one a second"
    );
}

/// A source that counts the frames it decodes and those it lets go by, each one moving the
/// clock on by 10 ms.
struct Counting {
    decoded: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    skipped: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    clock: std::sync::Arc<FrameClock>,
}

impl FrameSource for Counting {
    fn open(&mut self) -> Result<(), CameraError> {
        Ok(())
    }
    fn frame(&mut self) -> Result<image::RgbImage, CameraError> {
        std::thread::sleep(Duration::from_millis(1));
        self.clock.tick();
        let n = self
            .decoded
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(image::RgbImage::from_pixel(
            64,
            64,
            image::Rgb([n as u8; 3]),
        ))
    }
    fn skip(&mut self) -> Result<(), CameraError> {
        std::thread::sleep(Duration::from_millis(1));
        self.clock.tick();
        self.skipped
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }
    fn name(&self) -> String {
        "counting".into()
    }
}

/// Frames the reader does not want are not decoded (issue: a learned dice reader, point 7,
/// the camera panel): read at most one frame every half second of the clock, a source giving
/// one every 10 ms decodes about one in fifty and lets the rest go by, however fast the machine.
#[test]
fn frames_between_readings_are_let_go_by_undecoded() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let decoded = Arc::new(AtomicUsize::new(0));
    let skipped = Arc::new(AtomicUsize::new(0));
    let clock = FrameClock::new(Duration::from_millis(10));
    let source = Counting {
        decoded: decoded.clone(),
        skipped: skipped.clone(),
        clock: clock.clone(),
    };
    let capture = Capture::start_paced(
        move || Box::new(source) as Box<dyn FrameSource>,
        3,
        Duration::from_millis(500),
        clock.clone(),
    );
    // Until two hundred frames have gone by (two seconds of the clock)...
    let (mut views, mut waited) = (0, Instant::now());
    while skipped.load(Ordering::SeqCst) < 200 && waited.elapsed() < Duration::from_secs(120) {
        views += count_events(&capture, Duration::from_millis(20), |_, _| false).0;
    }
    waited = Instant::now();
    while views == 0 && waited.elapsed() < Duration::from_secs(60) {
        views += count_events(&capture, Duration::from_millis(20), |_, _| false).0;
    }
    drop(capture);
    // (the frames counted before the clock read: the clock only goes on)
    let (decoded, skipped) = (
        decoded.load(Ordering::SeqCst),
        skipped.load(Ordering::SeqCst),
    );
    let readings = (foreman::dice::camera::Clock::now(clock.as_ref()).as_millis() / 500) as usize;
    // ...at most one decoded per reading begun, plus the one asked for first, each one read.
    assert!(skipped >= 200, "{skipped} frames let go by");
    assert!(
        (1..=readings + 2).contains(&decoded),
        "{decoded} frames decoded in {readings} half-seconds"
    );
    assert!(
        views >= 1 && views <= decoded,
        "{views} views of {decoded} frames"
    );
}

#[test]
fn missing_pictures_and_cameras_are_said_not_panicked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("no-such-picture.jpg");
    let capture = Capture::start(
        move || Box::new(ImageFile::new(missing, Duration::from_millis(5))) as Box<dyn FrameSource>,
        3,
        Duration::ZERO,
    );
    match capture.events.recv_timeout(Duration::from_secs(5)) {
        Ok(CameraEvent::Problem(CameraError::File { path, .. })) => {
            assert!(path.contains("picture.jpg"))
        }
        other => panic!("expected a file problem, got {other:?}"),
    }
    let empty = tempfile::tempdir().expect("temp dir");
    let mut folder = Folder::new(empty.path(), 1, Duration::ZERO);
    assert!(matches!(folder.open(), Err(CameraError::EmptyFolder(_))));
    // A camera that is not plugged in, on any machine (no system numbers its cameras that
    // far): opening it says so.
    let mut webcam = foreman::dice::camera::Webcam::new(u32::MAX - 7);
    assert_eq!(webcam.open(), Err(CameraError::NoCamera));
}

#[test]
fn camera_frames_of_every_format_decode_or_say_why() {
    use foreman::dice::camera::decode_frame;
    use nokhwa::utils::FrameFormat as F;
    // YUYV: two grey pixels (Y=200) with neutral chroma.
    let rgb = decode_frame(F::YUYV, 2, 1, &[200, 128, 200, 128]).expect("yuyv");
    assert_eq!(rgb.get_pixel(1, 0).0, [200, 200, 200]);
    let grey = decode_frame(F::GRAY, 2, 2, &[0, 50, 100, 150]).expect("grey");
    assert_eq!(grey.get_pixel(1, 1).0, [150, 150, 150]);
    // A short buffer or a broken JPEG is an error, never a panic.
    assert!(matches!(
        decode_frame(F::YUYV, 4, 4, &[1, 2, 3]),
        Err(CameraError::Decode(_))
    ));
    assert!(matches!(
        decode_frame(F::MJPEG, 4, 4, b"garbage"),
        Err(CameraError::Decode(_))
    ));
    // A real JPEG frame decodes to its size.
    let mut jpeg = Vec::new();
    synthetic::table(64, 48)
        .write_to(
            &mut std::io::Cursor::new(&mut jpeg),
            image::ImageFormat::Jpeg,
        )
        .expect("encode");
    assert_eq!(
        decode_frame(F::MJPEG, 64, 48, &jpeg)
            .expect("mjpeg")
            .dimensions(),
        (64, 48)
    );
}

#[test]
fn cli_reads_photos_and_reports_unreadable_ones() {
    let dir = tempfile::tempdir().expect("temp dir");
    let picture = dir.path().join("roll.png");
    synthetic_roll(&picture, &[2, 4, 6], [30, 160, 60], [255; 3]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_foreman"))
        .args(["dice", "read", "--json"])
        .arg(&picture)
        .arg(dir.path().join("missing.jpg"))
        .output()
        .expect("run foreman");
    assert!(!out.status.success(), "an unreadable image fails the run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let dice = lines[0]["dice"].as_array().expect("dice");
    let values: Vec<u64> = dice
        .iter()
        .map(|d| d["value"].as_u64().expect("value"))
        .collect();
    assert_eq!(values, vec![2, 4, 6]);
    assert_eq!(dice[0]["colour"], "green");
    assert!((dice[1]["x"].as_f64().expect("x") - 220.0).abs() < 5.0);
    assert!(
        lines[1]["error"]
            .as_str()
            .expect("error")
            .contains("cannot open")
    );
}

/// The learned reader's figures on a source's pictures held back from training (copies of
/// them are in `tests/data/dice`, with their licences).
fn held_back_tally(name: &str) -> foreman_dice_training::sources::Tally {
    let source = held_back_source(name);
    let model = vision::learned::Model::shipped().expect("the model");
    let tally = foreman_dice_training::sources::score(model, &source);
    println!("{name}: {tally}");
    tally
}

/// A source's pictures held back from training, from `tests/data/dice`.
fn held_back_source(name: &str) -> foreman_dice_training::training::Source {
    use foreman_dice_training::sources::{self, SOURCES};
    let (_, layout) = SOURCES
        .into_iter()
        .find(|(n, _)| *n == name)
        .expect("a source");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dice")
        .join(name);
    sources::load(
        name,
        &dir,
        layout,
        &foreman_dice_training::training::held_back,
        usize::MAX,
    )
    .expect("the held-back pictures")
}

/// The weights built into Foreman are those the training wrote with its manifest
/// (`models/dice/manifest.json`): same hashes, same sizes, and they load.
#[test]
fn the_embedded_weights_are_those_of_the_manifest() {
    use foreman::vision::learned::{CLASSIFIER_WEIGHTS, DETECTOR_WEIGHTS, Model, fnv64};
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("models/dice/manifest.json"),
    )
    .expect("the manifest");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    for (net, bytes) in [
        ("detector", DETECTOR_WEIGHTS),
        ("classifier", CLASSIFIER_WEIGHTS),
    ] {
        assert_eq!(
            manifest[net]["fnv64"].as_str(),
            Some(format!("{:016x}", fnv64(bytes)).as_str()),
            "{net}"
        );
    }
    let model = Model::shipped().expect("the embedded weights load");
    assert_eq!(
        manifest["detector"]["parameters"].as_u64(),
        Some(model.detector.parameters() as u64)
    );
    assert_eq!(
        manifest["classifier"]["parameters"].as_u64(),
        Some(model.classifier.parameters() as u64)
    );
    assert!(
        manifest["left_out"].is_null(),
        "the shipped model saw every source"
    );
    assert!(DETECTOR_WEIGHTS.len() + CLASSIFIER_WEIGHTS.len() <= 2_000_000);
}

/// The replay set built into Foreman (what a table is learned with, `vision::relearn`) is the
/// one `models/dice/replay.json` names: same hash, same patches and classes, drawn from every
/// source, and it reads.
#[test]
fn the_embedded_replay_set_is_that_of_its_manifest() {
    use foreman::vision::learned::fnv64;
    use foreman::vision::relearn::{REPLAY_BYTES, Replay};
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("models/dice/replay.json"),
    )
    .expect("the replay set's manifest");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        manifest["fnv64"].as_str(),
        Some(format!("{:016x}", fnv64(REPLAY_BYTES)).as_str())
    );
    assert!(manifest["left_out"].is_null(), "drawn from every source");
    let replay = Replay::shipped().expect("the replay set reads");
    assert_eq!(manifest["patches"].as_u64(), Some(replay.len() as u64));
    let counts: Vec<u64> = (0..7u8)
        .map(|c| replay.classes.iter().filter(|&&k| k == c).count() as u64)
        .collect();
    let told: Vec<u64> = manifest["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .filter_map(|v| v.as_u64())
        .collect();
    assert_eq!(told, counts);
    assert!(counts[1..].iter().all(|&n| n > 0), "every face in it");
    assert!(REPLAY_BYTES.len() <= 4_000_000);
}

/// Foreman's window in a game (`tests/data/dice/window-cards.png`, a copy of its snapshot): its
/// cards are the tests' cards.
fn window_snapshot() -> image::RgbImage {
    image::open(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice/window-cards.png"))
        .expect("the window's snapshot")
        .to_rgb8()
}

/// No phantom dice (issue: a learned dice reader, target 5): pictures without a die read as
/// none. Card-like pictures: the market column and the compound of Foreman's own window (cards
/// with titles, icons, costs and rule text), cut from its snapshot; and made-up card-like and
/// board-like backgrounds, wood and cloth, from seeds the training never drew.
#[test]
fn pictures_without_dice_read_as_none() {
    use foreman_dice_training::sources::{WINDOW_CARDS, pictures_without_dice};
    let snapshot = window_snapshot();
    let read: Vec<(String, usize)> = pictures_without_dice(&snapshot)
        .into_iter()
        .map(|(name, picture)| (name, vision::read_dice(&picture).len()))
        .collect();
    let (on_cards, made_up) = read.split_at(WINDOW_CARDS);
    println!("dice read on the window's cards: {on_cards:?}");
    let phantoms: Vec<&(String, usize)> = made_up.iter().filter(|(_, n)| *n > 0).collect();
    println!("phantom dice on made-up backgrounds: {phantoms:?}");
    // The target is none anywhere. Measured: one on the cards (a 2 on the market,
    // 0.39 sure: drawn unsure; without round icons in its training the nine-source classifier
    // read two gear icons as 1s, 0.95 and 1.00 sure), and two on the made-up pictures (a
    // round token with a row of dots read as a 1, and one more); the floors keep them from
    // growing.
    let on_cards_total: usize = on_cards.iter().map(|(_, n)| n).sum();
    let on_made_up: usize = phantoms.iter().map(|(_, n)| n).sum();
    assert!(
        on_cards_total <= 1,
        "dice read on the window's cards: {on_cards:?}"
    );
    assert!(on_made_up <= 2, "phantom dice on backgrounds: {phantoms:?}");
}

/// Issue 28's "done": a photo of dice lying among cards reads the dice and nothing else. The
/// held-back tray photos' dice, cut out of their tray, laid among the cards of Foreman's window
/// (`sources::dice_among_cards`: 40 pictures, 174 dice, on cards and a ground the training
/// never saw). Measured (precision, recall, value): 0.8065, 0.5747, 0.9700 (the four-source
/// model read 0.8558, 0.5115, 0.9213; the nine-source classifier without round icons in its
/// training 0.654, 0.672, 0.932, the cards' gear icons read as 1s). The same dice on the
/// window's plain dark ground read 1.000, 0.592, 0.922: the dice missed are missed for the
/// dark ground (the photos show dice on light trays, wood, felt and paper). Far from the
/// issue's target; the floors keep it from getting worse (`models/dice/README.md`).
#[test]
fn dice_lying_among_cards_are_read_and_little_else() {
    let snapshot = window_snapshot();
    let tray = held_back_source("d6-tray-photos");
    let pictures = foreman_dice_training::sources::dice_among_cards(&snapshot, &tray, 40);
    assert_eq!(pictures.len(), 40);
    let dice: usize = pictures.iter().map(|p| p.dice.len()).sum();
    assert!(dice >= 150, "{dice} dice laid");
    let model = vision::learned::Model::shipped().expect("the model");
    let mut tally = foreman_dice_training::sources::Tally::default();
    for p in &pictures {
        tally.add(
            p,
            &foreman_dice_training::sources::read_picture(model, &p.image, true),
        );
    }
    println!("dice among cards: {tally}");
    assert_eq!(tally.pictures, 40);
    assert!(tally.precision() >= 0.80, "precision {}", tally.precision());
    assert!(tally.recall() >= 0.57, "recall {}", tally.recall());
    assert!(
        tally.value_accuracy() >= 0.96,
        "value {}",
        tally.value_accuracy()
    );
}

/// The classifier alone, on the labelled boxes of the held-back tray photos (a perfect
/// detector): every die is taken for a pip d6, and its value is the reader's whole value
/// accuracy there, so the classifier, not the detector, is what holds the tray photos' value
/// back (`models/dice/README.md`).
#[test]
fn the_classifier_alone_on_the_labelled_tray_dice() {
    use foreman_dice_training::sources::{Tally, read_labelled_boxes};
    let name = "d6-tray-photos";
    let model = vision::learned::Model::shipped().expect("the model");
    let mut tally = Tally::default();
    for p in &held_back_source(name).pictures {
        let read: Vec<_> = read_labelled_boxes(model, p)
            .into_iter()
            .flatten()
            .collect();
        tally.add(p, &read);
    }
    println!("{name}, labelled boxes: {tally}");
    // Measured: all 252 dice read as pip d6, 233 of them right (value 0.9246; the whole
    // reader's 0.8945: its boxes, not the labelled ones, cost it 3 points).
    assert_eq!(tally.dice, 252);
    assert!(tally.recall() >= 0.99, "recall {}", tally.recall());
    assert!(
        tally.value_accuracy() >= 0.92,
        "value {}",
        tally.value_accuracy()
    );
}

/// Dice among other dice (`tabletop-mixed-dice`, held back): every numeral d6, d8 and d10 is
/// read as no die, and the pip d6 are read.
#[test]
fn the_tabletop_photos_held_back() {
    let tally = held_back_tally("tabletop-mixed-dice");
    assert_eq!(tally.pictures, 49);
    // Measured: 1 of the 391 other dice read, precision 0.9688, recall 0.9588, value 1.
    assert!(tally.others_read <= 1, "other dice read as pip d6");
    assert!(
        tally.precision() >= 0.965,
        "precision {}",
        tally.precision()
    );
    assert!(tally.recall() >= 0.94, "recall {}", tally.recall());
    assert!(
        tally.value_accuracy() >= 0.99,
        "value {}",
        tally.value_accuracy()
    );
}

/// Crops of single dice held back (translucent casino dice on felt; a white and a black die in a
/// cup, grey), each read set in a picture three times its size. Measured: precision 1 for
/// both; cup recall 1, value 1; casino (a die filling the crop seen aslant, its side faces'
/// pips in view) recall 0.8592, value 0.9672 (the four-source classifier 0.9296, 0.9242: the
/// round icons the nine-source one was trained on cost it dice showing 1 and 2).
#[test]
fn the_crops_held_back() {
    let casino = held_back_tally("casino-dice-crops");
    assert_eq!(casino.pictures, 71);
    // The README's precision: no die read where there is none.
    assert!(
        casino.precision() >= 0.99,
        "casino precision {}",
        casino.precision()
    );
    assert!(casino.recall() >= 0.85, "casino recall {}", casino.recall());
    assert!(
        casino.value_accuracy() >= 0.95,
        "casino value {}",
        casino.value_accuracy()
    );
    let cup = held_back_tally("cup-dice-crops");
    assert_eq!(cup.pictures, 120);
    assert!(cup.precision() >= 0.99, "cup precision {}", cup.precision());
    assert!(cup.recall() >= 0.98, "cup recall {}", cup.recall());
    assert!(
        cup.value_accuracy() >= 0.99,
        "cup value {}",
        cup.value_accuracy()
    );
}

/// The fifth set aside for comparing recipes (`dice_train --validate`) is never a held-back
/// file, and is about a fifth of the tray photos' names.
#[test]
fn the_validation_fifth_is_apart_from_the_held_back_one() {
    use foreman_dice_training::training::{held_back, validation};
    let names: Vec<String> = (0..1000).map(|i| format!("photo_{i:04}.jpg")).collect();
    assert!(names.iter().all(|n| !(held_back(n) && validation(n))));
    let set_aside = names.iter().filter(|n| validation(n)).count();
    let held = names.iter().filter(|n| held_back(n)).count();
    assert!((150..250).contains(&set_aside), "{set_aside} of 1000");
    assert!((150..250).contains(&held), "{held} of 1000");
}

/// A die as large as the picture (held up to the camera; here the held-back casino crops read
/// as they are, a die 0.78 of their side): the usual looks see only its parts, so when they
/// read no die the whole look, at 40 pixels, reads it (`learned::WHOLE_SIDE`). Measured:
/// recall 0.6197, value 0.7273, precision 1, against recall 0.0845 without it.
#[test]
fn a_die_filling_the_picture_is_read_by_the_whole_look() {
    use foreman::vision::{Area, learned::Model};
    use foreman_dice_training::sources::Tally;
    let source = held_back_source("casino-dice-crops");
    let tally = |model: &Model| {
        let mut tally = Tally::default();
        for p in &source.pictures {
            let (w, h) = p.image.dimensions();
            tally.add(p, &model.read(&p.image, Area::whole(w, h)));
        }
        tally
    };
    let model = Model::shipped().expect("the model");
    let mut without = model.clone();
    without.look.whole = 0.0;
    let (with, without) = (tally(model), tally(&without));
    println!("crops as they are: whole look {with}; without {without}");
    assert!(
        with.recall() > without.recall() + 0.1,
        "{with} against {without}"
    );
    assert!(with.precision() >= 0.99, "{with}");
}

/// A tall picture of many dice in a 1280×800 window: the settled roll's *Use this roll* stays
/// in sight, above the picture (seen under Xvfb: below a 640×640 tray photo of 22 dice it
/// was pushed out of the panel, and a player could not find it), and the panel is wide
/// enough for the dice's labels (400 points; 600 on a wide screen).
#[test]
fn the_roll_button_stays_in_sight_above_a_tall_picture() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let photo = image::open(photos_dir().join("images/IMG_20191208_111548.jpg"))
        .expect("photo")
        .to_rgb8();
    let mut h = crate::window::companion_with_a_settled_camera_roll_of(
        dir.path(),
        &photo,
        egui::vec2(1280.0, 800.0),
    );
    h.run();
    let button = h.get_by_label("Use this roll").rect();
    assert!(
        button.max.y <= 760.0 && button.min.y >= 0.0,
        "Use this roll at {button:?}, out of a 1280×800 window's panel"
    );
    let reader = h.get_by_label("Camera dice reader").rect();
    assert!(
        1280.0 - reader.min.x >= 380.0,
        "the camera's panel is {} points wide",
        1280.0 - reader.min.x
    );
}

/// Learning a table whole (issue 28, the redesign: `vision::relearn`): after
/// `relearner::FIRST_AFTER` confirmed rolls the camera's reader trains its whole classifier
/// again on a thread of its own, tells how far it is, then reads with it and keeps it for the
/// next session; forgotten, it reads as shipped again and the kept file goes; a kept file
/// that is no classifier is read past.
#[test]
fn ten_confirmed_rolls_train_the_whole_classifier_again() {
    use foreman::dice::camera::Confirmed;
    use foreman::dice::relearner::FIRST_AFTER;
    use foreman::vision::relearn::Relearning;
    let dir = tempfile::tempdir().expect("temp dir");
    let still = dir.path().join("still.png");
    synthetic_roll(&still, &[4, 2], [200, 30, 30], [255; 3]);
    let frame = std::sync::Arc::new(image::open(&still).expect("the picture").to_rgb8());
    let quick = Relearning {
        seed: 3,
        epochs: 2,
        per_epoch: 128,
        share: 0.25,
        threads: 1,
        ..Relearning::default()
    };
    let kept = dir.path().join("kept.bin");
    let source = still.clone();
    let capture = Capture::start_learning(
        move || Box::new(ImageFile::new(source, Duration::from_millis(5))) as Box<dyn FrameSource>,
        3,
        Duration::ZERO,
        quick,
        Some(kept.clone()),
    );
    let dice = loop {
        match capture.events.recv_timeout(Duration::from_secs(20)) {
            Ok(CameraEvent::Stable(roll)) => break roll.dice,
            Ok(_) => {}
            Err(e) => panic!("no settled roll: {e}"),
        }
    };
    let values: Vec<u8> = dice.iter().map(|d| d.value).collect();
    assert_eq!(values, vec![4, 2]);
    for _ in 0..FIRST_AFTER {
        capture.teach(Confirmed {
            frame: frame.clone(),
            area: None,
            dice: dice.clone(),
            taken_away: Vec::new(),
        });
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut epochs_heard = Vec::new();
    let (rolls, whole, model) = loop {
        assert!(Instant::now() < deadline, "never trained again");
        match capture.events.recv_timeout(Duration::from_millis(100)) {
            Ok(CameraEvent::Relearning {
                rolls,
                epoch,
                epochs,
            }) => {
                assert_eq!((rolls, epochs), (FIRST_AFTER, 2));
                epochs_heard.push(epoch);
            }
            Ok(CameraEvent::Taught {
                rolls,
                used,
                whole,
                model,
            }) if whole > 0 => {
                assert!(used);
                break (rolls, whole, model);
            }
            _ => {}
        }
    };
    assert_eq!((rolls, whole), (FIRST_AFTER, FIRST_AFTER));
    assert_eq!(epochs_heard, vec![1, 2]);
    let shipped = foreman::vision::learned::Model::shipped().expect("shipped");
    assert_ne!(model.classifier, shipped.classifier, "a new classifier");
    assert_eq!(model.detector, shipped.detector, "the detector as shipped");
    // Kept: a reader started again reads with it at once.
    assert!(kept.exists(), "the classifier kept");
    assert!(
        kept.with_file_name(foreman::dice::relearner::KEPT_LESSONS)
            .exists(),
        "the lessons kept"
    );
    drop(capture);
    let capture = Capture::start_learning(
        move || Box::new(ImageFile::new(still, Duration::from_millis(5))) as Box<dyn FrameSource>,
        3,
        Duration::ZERO,
        quick,
        Some(kept.clone()),
    );
    let again = loop {
        match capture.events.recv_timeout(Duration::from_secs(20)) {
            Ok(CameraEvent::Taught {
                rolls,
                used,
                whole,
                model,
            }) => {
                // The rolls' lessons are kept with it: the count goes on.
                assert_eq!((rolls, used, whole), (FIRST_AFTER, true, FIRST_AFTER));
                break model;
            }
            Ok(_) => {}
            Err(e) => panic!("the kept classifier not read: {e}"),
        }
    };
    assert_eq!(again.classifier, model.classifier);
    capture.forget();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        assert!(Instant::now() < deadline, "never forgot");
        if let Ok(CameraEvent::Taught {
            rolls, whole, used, ..
        }) = capture.events.recv_timeout(Duration::from_millis(100))
        {
            assert_eq!((rolls, whole, used), (0, 0, false));
            break;
        }
    }
    assert!(!kept.exists(), "forgotten, the kept file goes too");
    assert!(
        !kept
            .with_file_name(foreman::dice::relearner::KEPT_LESSONS)
            .exists(),
        "and the lessons kept"
    );
    // A file that is not a classifier is told in the log and read past.
    std::fs::write(&kept, b"FRLC1\x0a\0\0\0garbage").expect("write");
    let dir2 = tempfile::tempdir().expect("temp dir");
    let other = dir2.path().join("still.png");
    synthetic_roll(&other, &[6], [200, 30, 30], [255; 3]);
    let capture = Capture::start_learning(
        move || Box::new(ImageFile::new(other, Duration::from_millis(5))) as Box<dyn FrameSource>,
        3,
        Duration::ZERO,
        quick,
        Some(kept.clone()),
    );
    assert_eq!(next_stable(&capture, Duration::from_secs(20)), vec![6]);
}

/// Issue 90, point 1: told the roll it waits for (two dice, white), the camera reads at most
/// that many dice, the surest, each of that colour; told nothing again, every die it sees.
#[test]
fn the_camera_reads_the_roll_the_game_waits_for() {
    let dir = tempfile::tempdir().expect("temp dir");
    let still = dir.path().join("four.png");
    synthetic_roll(&still, &[4, 2, 5, 3], [200, 30, 30], [255; 3]);
    let clock = FrameClock::new(Duration::from_millis(5));
    let ticks = clock.clone();
    let capture = Capture::start_paced(
        move || {
            Box::new(Ticking {
                inner: ImageFile::new(still, Duration::from_millis(1)),
                clock: ticks,
            }) as Box<dyn FrameSource>
        },
        3,
        Duration::ZERO,
        clock,
    );
    let white = foreman::vision::DieColour::White;
    capture.set_expected(Some((2, Some(white))));
    let deadline = Instant::now() + Duration::from_secs(60);
    let roll = loop {
        assert!(Instant::now() < deadline, "no roll of two");
        if let Ok(CameraEvent::Stable(roll)) =
            capture.events.recv_timeout(Duration::from_millis(50))
            && roll.dice.len() == 2
        {
            break roll;
        }
    };
    assert!(
        roll.dice.iter().all(|d| d.colour == Some(white)),
        "{:?}",
        roll.dice
    );
    capture.set_expected(None);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "no roll of four");
        if let Ok(CameraEvent::Stable(roll)) =
            capture.events.recv_timeout(Duration::from_millis(50))
            && roll.dice.len() == 4
        {
            break;
        }
    }
}
