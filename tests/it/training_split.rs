//! The dice model's training split (`foreman_dice_training::sources::training_split`): a source left out is
//! never trained on, or only on the few pictures taught, and the held-back files are never
//! trained on.
use foreman_dice_training::sources::{SOURCES, training_split};
use foreman_dice_training::training::held_back;
use std::path::Path;

/// Picture names, `held` of them held back and `kept` not.
fn names(held: usize, kept: usize) -> Vec<String> {
    let (mut h, mut k) = (Vec::new(), Vec::new());
    for i in 0.. {
        let name = format!("p{i}.jpg");
        if held_back(&name) {
            if h.len() < held {
                h.push(name);
            }
        } else if k.len() < kept {
            k.push(name);
        }
        if h.len() == held && k.len() == kept {
            break;
        }
    }
    h.into_iter().chain(k).collect()
}

/// A data folder of the nine sources, each with 2 held-back pictures and 8 others, one die
/// each (none in the numeral dice's).
fn data(root: &Path) {
    use foreman_dice_training::sources::Layout;
    let picture = image::RgbImage::from_pixel(16, 16, image::Rgb([200, 180, 40]));
    for (source, layout) in SOURCES {
        let dir = root.join(source);
        let photos = !matches!(layout, Layout::Crops { .. });
        for name in names(2, 8) {
            let image = if photos {
                let stem = name.trim_end_matches(".jpg");
                let labels = dir.join("labels");
                std::fs::create_dir_all(&labels).expect("a folder");
                std::fs::write(labels.join(format!("{stem}.txt")), "2 0.5 0.5 0.4 0.4\n")
                    .expect("a label");
                dir.join("images").join(&name)
            } else {
                dir.join("3").join(&name)
            };
            std::fs::create_dir_all(image.parent().expect("a parent")).expect("a folder");
            picture.save(&image).expect("a picture");
        }
        if !photos {
            for v in [1, 2, 4, 5, 6] {
                std::fs::create_dir_all(dir.join(v.to_string())).expect("a folder");
            }
        }
    }
}

#[test]
fn a_source_left_out_is_trained_on_only_as_far_as_taught() {
    let root = tempfile::tempdir().expect("a folder");
    data(root.path());
    let count = |sources: &[foreman_dice_training::training::Source], name: &str| {
        sources
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.pictures.len())
    };
    let tray = "d6-tray-photos";

    // Every source trained on its 8 pictures not held back, scored on its 2 held back.
    let (train, test) = training_split(root.path(), None, 0, false).expect("a split");
    assert_eq!(count(&train, tray), Some(8));
    assert_eq!(count(&test, tray), Some(2));
    assert_eq!(train.len(), SOURCES.len());

    // Left out: never trained on, scored whole.
    let (train, test) = training_split(root.path(), Some(tray), 0, false).expect("a split");
    assert_eq!(count(&train, tray), None);
    assert_eq!(count(&test, tray), Some(10));
    assert_eq!(count(&train, "tabletop-mixed-dice"), Some(8));

    // Left out but 3 taught: those 3 trained on, the held-back 2 scored.
    let (train, test) = training_split(root.path(), Some(tray), 3, false).expect("a split");
    assert_eq!(count(&train, tray), Some(3));
    assert_eq!(count(&test, tray), Some(2));
    let die = &train
        .iter()
        .find(|s| s.name == tray)
        .expect("the tray")
        .pictures[0]
        .dice[0];
    assert_eq!(die.class, 3, "class 2 in a label is a die showing 3");

    // The Catan crops are left out with the frames they were cut from.
    let frames = "catan-dice-frames";
    let (train, test) = training_split(root.path(), Some(frames), 0, false).expect("a split");
    for name in [frames, "catan-dice-crops"] {
        assert_eq!(count(&train, name), None, "{name} trained on");
        assert_eq!(count(&test, name), Some(10), "{name} scored whole");
    }
    // The numeral dice's pictures hold no die, labels or not.
    let numerals = test
        .iter()
        .find(|s| s.name == "numeral-dice-no-pips")
        .expect("the numeral dice");
    assert!(
        numerals
            .pictures
            .iter()
            .all(|p| p.dice.is_empty() && p.whole)
    );

    let err = training_split(root.path(), Some("no-such-source"), 0, false);
    assert!(err.is_err_and(|e| e.contains("no source no-such-source")));
}

/// The classifier's made-up negatives (`dice_train --made-up N`): the detector's proposals on
/// made-up pictures without a die, each cut out three of its sides wide around it, so that a
/// turned and jittered patch of it (1.4 sides wide, at most 1.07 times) stays inside the cut;
/// the same seed cuts the same proposals, another seed others.
#[test]
fn made_up_negatives_are_the_detectors_proposals_cut_out_around_them() {
    use foreman::vision::learned::Model;
    use foreman_dice_training::training::background_proposals;
    let model = Model::shipped().expect("the shipped model");
    let mined = background_proposals(model, 30, 2026);
    assert!(
        mined.len() >= 10,
        "the detector proposes places on made-up pictures: {} on 30",
        mined.len()
    );
    for (cut, c) in &mined {
        assert!(cut.dice.is_empty() && cut.whole, "a cut holds no die");
        let (w, h) = (cut.image.width() as f32, cut.image.height() as f32);
        assert!(
            (0.0..w).contains(&c.x) && (0.0..h).contains(&c.y),
            "the proposal lies in its cut"
        );
        // Inside the picture the cut reaches 1.5 sides each way; it is shorter only at the
        // picture's edge, where the sampler repeats the edge as the reader's does.
        let reach = 1.5 * c.size;
        assert!(w <= 2.0 * reach + 2.0 && h <= 2.0 * reach + 2.0);
        assert!(
            w + 1.0 >= reach && h + 1.0 >= reach,
            "cut {w}×{h} for a side {}",
            c.size
        );
    }
    let again = background_proposals(model, 30, 2026);
    assert_eq!(
        mined.iter().map(|(_, c)| *c).collect::<Vec<_>>(),
        again.iter().map(|(_, c)| *c).collect::<Vec<_>>()
    );
    let other = background_proposals(model, 30, 7);
    assert_ne!(
        mined.iter().map(|(_, c)| *c).collect::<Vec<_>>(),
        other.iter().map(|(_, c)| *c).collect::<Vec<_>>()
    );
}

/// A die cut out of its photo (`synthetic::cut_out`, which lays dice on other grounds for the
/// classifier's training and among the window's cards for the tests): the tray around it in
/// its box is see-through, the die, its pips, and a pale pip inside it stay.
#[test]
fn a_die_is_cut_out_of_its_tray() {
    use foreman_dice_training::synthetic::cut_out;
    use foreman_dice_training::training::LabelledDie;
    // A grey tray, a little noisy; a red die 30 pixels wide with a white pip in its middle.
    let photo = image::RgbImage::from_fn(100, 100, |x, y| {
        let on_die = (35..65).contains(&x) && (35..65).contains(&y);
        let on_pip = (x as f32 - 49.5).hypot(y as f32 - 49.5) < 4.0;
        let noise = ((x * 7 + y * 13) % 9) as u8;
        if on_pip {
            image::Rgb([245, 245, 245])
        } else if on_die {
            image::Rgb([200, 40, 40])
        } else {
            image::Rgb([180 + noise, 180 + noise, 176 + noise])
        }
    });
    // The box is three pixels larger each way than the die, as labels are.
    let die = LabelledDie {
        x: 50.0,
        y: 50.0,
        size: 36.0,
        class: 1,
    };
    let cut = cut_out(&photo, die);
    assert_eq!(cut.dimensions(), (36, 36));
    // The box's corners and edges are tray: clear.
    for (u, v) in [(0, 0), (35, 0), (0, 35), (35, 35), (1, 18), (18, 1)] {
        assert_eq!(cut.get_pixel(u, v)[3], 0, "tray at {u},{v} kept");
    }
    // The die's body and its pip (pale, but enclosed by the body) stay, as they were.
    for (u, v) in [(3, 3), (32, 32), (10, 25), (18, 18), (17, 17)] {
        let p = cut.get_pixel(u, v);
        assert_eq!(p[3], 255, "die at {u},{v} cleared");
        assert_eq!(&p.0[..3], &photo.get_pixel(32 + u, 32 + v).0);
    }
    let kept = cut.pixels().filter(|p| p[3] == 255).count();
    assert_eq!(kept, 30 * 30, "the die's 900 pixels and no more");
}

/// A round icon taught as no die (`dice_train --icons`, `synthetic::round_icon`): drawn within
/// its radius (or its backing disc's, at most 1.3 times it) and nowhere else, in every way it
/// is drawn, and always with some ink; the same seed draws the same icon.
#[test]
fn a_round_icon_stays_in_its_circle() {
    use foreman_dice_training::synthetic::round_icon;
    use rand::SeedableRng;
    let (w, h) = (64usize, 64usize);
    let ground = [10.0f32, 200.0, 90.0];
    let mut drawn = Vec::new();
    for seed in 0..40u64 {
        let mut canvas = vec![ground; w * h];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        round_icon(&mut canvas, w, (30.0, 34.0), 12.0, &mut rng);
        let mut inked = 0;
        for (i, p) in canvas.iter().enumerate() {
            if *p != ground {
                let (x, y) = ((i % w) as f32 + 0.5, (i / w) as f32 + 0.5);
                let d = (x - 30.0).hypot(y - 34.0);
                assert!(
                    d <= 12.0 * 1.3 + 0.01,
                    "seed {seed}: ink at {x},{y}, {d} from the middle"
                );
                inked += 1;
            }
        }
        assert!(inked > 20, "seed {seed}: only {inked} pixels drawn");
        let mut again = vec![ground; w * h];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        round_icon(&mut again, w, (30.0, 34.0), 12.0, &mut rng);
        assert_eq!(canvas, again, "seed {seed} drew two icons");
        drawn.push(canvas);
    }
    drawn.dedup();
    assert!(drawn.len() > 30, "40 seeds drew {} icons", drawn.len());
    // At the picture's edge it draws what falls inside and does not panic.
    let mut canvas = vec![ground; w * h];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    round_icon(&mut canvas, w, (-3.0, 62.0), 15.0, &mut rng);
    let inked: Vec<(f32, f32)> = canvas
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != ground)
        .map(|(i, _)| ((i % w) as f32 + 0.5, (i / w) as f32 + 0.5))
        .collect();
    assert!(inked.len() > 10, "only {} pixels drawn inside", inked.len());
    for (x, y) in inked {
        let d = (x + 3.0).hypot(y - 62.0);
        assert!(
            d <= 15.0 * 1.3 + 0.01,
            "ink at {x},{y}, {d} from the middle"
        );
    }
}

/// A crop cut from a frame is split by its frame's name (`sources::split_key`), so a crop and
/// its frame are always on the same side: in the copies kept for the tests (the held-back
/// fifth), every Catan crop's frame is held back, and the frames kept have their crops.
#[test]
fn a_crop_goes_where_its_frame_goes() {
    use foreman_dice_training::sources::{Layout, split_key};
    let crops = Layout::Crops {
        side: 0.85,
        cut: true,
    };
    assert_eq!(split_key("WIN_1_Pro-die-0.jpg", crops), "WIN_1_Pro.jpg");
    assert_eq!(split_key("WIN_1_Pro-die-12.jpg", crops), "WIN_1_Pro.jpg");
    let plain = Layout::Crops {
        side: 0.78,
        cut: false,
    };
    assert_eq!(
        split_key("WIN_1_Pro-die-0.jpg", plain),
        "WIN_1_Pro-die-0.jpg"
    );
    assert_eq!(split_key("odd-die-x.jpg", crops), "odd-die-x.jpg");

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice");
    let frames: Vec<String> = std::fs::read_dir(root.join("catan-dice-frames/images"))
        .expect("the frames")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    assert!(!frames.is_empty());
    assert!(
        frames.iter().all(|f| held_back(f)),
        "only held-back frames kept"
    );
    // (Some crops come from frames the source did not keep: they go by their frame's name
    // all the same.)
    let mut with_frame = 0;
    for value in 1..=6 {
        for e in std::fs::read_dir(root.join("catan-dice-crops").join(value.to_string()))
            .expect("a value's crops")
        {
            let name = e
                .expect("a crop")
                .file_name()
                .into_string()
                .expect("a name");
            let frame = split_key(&name, crops).to_string();
            assert!(
                held_back(&frame),
                "{name}: its frame {frame} is not held back"
            );
            with_frame += usize::from(frames.contains(&frame));
        }
    }
    assert!(
        with_frame >= frames.len(),
        "{with_frame} crops of the {} frames",
        frames.len()
    );
}

/// Class 7 (a pip d6 whose face the labellers could not tell): found or missed like any die,
/// never right nor wrong for its value (`sources::Tally`); and it is in the kept labels.
#[test]
fn a_die_of_no_known_face_counts_as_found_never_for_its_value() {
    use foreman::vision::SeenDie;
    use foreman_dice_training::sources::{self, Tally};
    use foreman_dice_training::training::{LabelledDie, LabelledPicture, UNKNOWN};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice");
    let (_, layout) = SOURCES
        .iter()
        .find(|(n, _)| *n == "coloured-dice-webcam-phone")
        .expect("the source");
    let source = sources::load(
        "coloured-dice-webcam-phone",
        &root.join("coloured-dice-webcam-phone"),
        *layout,
        &|_| true,
        usize::MAX,
    )
    .expect("loads");
    let unknown = source
        .pictures
        .iter()
        .flat_map(|p| &p.dice)
        .filter(|d| d.class == UNKNOWN)
        .count();
    assert!(unknown > 0, "class 7 read as a die of no known face");
    assert!(
        source
            .pictures
            .iter()
            .flat_map(|p| &p.dice)
            .all(|d| (1..=6).contains(&d.class) || d.class == UNKNOWN)
    );

    let die = |class| LabelledDie {
        x: 50.0,
        y: 50.0,
        size: 20.0,
        class,
    };
    let picture = |d| LabelledPicture {
        image: image::RgbImage::new(100, 100),
        dice: vec![d],
        whole: true,
    };
    let read = |value| SeenDie {
        x: 51.0,
        y: 49.0,
        size: 20.0,
        value,
        colour: None,
        confidence: 0.99,
    };
    let mut tally = Tally::default();
    tally.add(&picture(die(UNKNOWN)), &[read(3)]);
    assert_eq!((tally.dice, tally.found, tally.to_fix()), (1, 1, 0));
    tally.add(&picture(die(UNKNOWN)), &[]);
    assert_eq!(
        (tally.dice, tally.found, tally.to_fix()),
        (2, 1, 1),
        "missed: one to mark"
    );
    tally.add(&picture(die(2)), &[read(3)]);
    assert_eq!(tally.right, 0);
    assert_eq!(tally.to_fix(), 2, "a wrong value is one to fix");
    assert!(
        (tally.value_accuracy() - 0.0).abs() < 1e-9,
        "only the known die scored"
    );
    tally.add(&picture(die(2)), &[read(2)]);
    assert!((tally.value_accuracy() - 0.5).abs() < 1e-9);
}
