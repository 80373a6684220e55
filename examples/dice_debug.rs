//! Writes what the reader sees of one photo: `cargo run --release --example dice_debug -- IMAGE OUT_PREFIX`.
fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, prefix] = &args[..] else {
        anyhow::bail!("usage: dice_debug IMAGE OUT_PREFIX");
    };
    let image = image::open(input)?.to_rgb8();
    foreman::vision::debug_mask(&image).save(format!("{prefix}-mask.png"))?;
    let mut out = image.clone();
    for d in foreman::vision::read_dice(&image) {
        let r = d.size / 2.0;
        let rect = imageproc::rect::Rect::at((d.x - r) as i32, (d.y - r) as i32)
            .of_size(d.size as u32, d.size as u32);
        imageproc::drawing::draw_hollow_rect_mut(&mut out, rect, image::Rgb([255, 0, 255]));
        println!(
            "{:.0},{:.0} size {:.0} value {} colour {} conf {:.2}",
            d.x,
            d.y,
            d.size,
            d.value,
            foreman::vision::colour_word(d.colour),
            d.confidence
        );
    }
    out.save(format!("{prefix}-dice.png"))?;
    Ok(())
}
