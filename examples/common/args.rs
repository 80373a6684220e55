//! The dice examples' command lines: `--name VALUE` options and `--flag` switches.

/// The value after `--name`, if given.
pub fn value(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// Every word is one of `options` followed by its value, or one of `switches`: a mistyped
/// option is an error, never a run with it quietly ignored (a training that overwrites the
/// shipped weights, a measure of another model than the one named). `Ok(false)` when `--help`
/// was asked for, after printing the options and where they are told (`see`).
#[allow(dead_code)] // not every example that reads its options checks them
pub fn check(
    args: &[String],
    options: &[&str],
    switches: &[&str],
    see: &str,
) -> Result<bool, String> {
    let usage = format!(
        "options, each with a value: {}\nswitches: {}\n(see {see})",
        options.join(" "),
        switches.join(" ")
    );
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{usage}");
        return Ok(false);
    }
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if options.contains(&word.as_str()) {
            if words.next().is_none() {
                return Err(format!("{word} needs a value\n{usage}"));
            }
        } else if !switches.contains(&word.as_str()) {
            return Err(format!("not an option: {word}\n{usage}"));
        }
    }
    Ok(true)
}
