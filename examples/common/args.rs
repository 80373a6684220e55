//! The dice examples' command lines: `--name VALUE` options and `--flag` switches.

/// The value after `--name`, if given.
pub fn value(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}
