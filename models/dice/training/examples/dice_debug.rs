//! Shows what the dice reader sees in one photo: every candidate the detector proposes, with
//! the classifier's probabilities, and the dice read (drawn on a copy of the photo).
//! `cargo run --release -p foreman-dice-training --features tools --example dice_debug -- IMAGE OUT.png [MODEL_DIR]` (the model built in
//! unless a folder of weights written by `dice_train` is given)
/// A photo, the picture to draw on, and a folder of weights (the model built in when none).
#[derive(clap::Parser)]
struct Args {
    image: std::path::PathBuf,
    out: std::path::PathBuf,
    model_dir: Option<std::path::PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let Args {
        image: input,
        out: output,
        model_dir,
    } = clap::Parser::parse();
    let dir = model_dir.as_deref();
    let image = image::open(input)?.to_rgb8();
    let model = match dir {
        Some(dir) => foreman_dice_training::model_dir::read_model(dir)?,
        None => foreman::vision::learned::Model::shipped()?.clone(),
    };
    let area = foreman::vision::Area::whole(image.width(), image.height());
    let mut out = image.clone();
    for c in model.candidates(&image, area) {
        let p = model.classes(&image, c);
        let probs: Vec<String> = p.iter().map(|v| format!("{v:.2}")).collect();
        println!(
            "candidate {:.0},{:.0} size {:.0} detector {:.2}: no die / 1–6 {}",
            c.x,
            c.y,
            c.size,
            c.sure,
            probs.join(" ")
        );
        let r = c.size / 2.0;
        let rect = imageproc::rect::Rect::at((c.x - r) as i32, (c.y - r) as i32)
            .of_size(c.size.max(1.0) as u32, c.size.max(1.0) as u32);
        imageproc::drawing::draw_hollow_rect_mut(&mut out, rect, image::Rgb([255, 255, 0]));
    }
    for d in model.read(&image, area) {
        let r = d.size / 2.0 + 2.0;
        let rect = imageproc::rect::Rect::at((d.x - r) as i32, (d.y - r) as i32)
            .of_size((2.0 * r) as u32, (2.0 * r) as u32);
        imageproc::drawing::draw_hollow_rect_mut(&mut out, rect, image::Rgb([255, 0, 255]));
        println!(
            "die {:.0},{:.0} size {:.0} value {} colour {} confidence {:.2}",
            d.x,
            d.y,
            d.size,
            d.value,
            foreman::vision::colour_word(d.colour),
            d.confidence
        );
    }
    out.save(output)?;
    Ok(())
}
