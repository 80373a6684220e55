//! Binds the window's WebAssembly build for the page (`scripts/web.sh`): what `wasm-bindgen
//! --target web --no-typescript --out-dir DIR INPUT` does, with wasm-bindgen's own library at
//! the version the bundle was built with (Cargo.lock has one). Built with the workspace's
//! other crates instead of installing wasm-bindgen's command, whose test runner, HTTP client
//! and server took most of its two minutes of building.
//!
//! `foreman-web-bind INPUT.wasm OUT_DIR`

use anyhow::{Context, bail};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out] = args.as_slice() else {
        bail!("usage: foreman-web-bind INPUT.wasm OUT_DIR");
    };
    let mut bind = wasm_bindgen_cli_support::Bindgen::new();
    bind.input_path(input)
        .web(true)?
        .typescript(false)
        .demangle(true)
        .omit_default_module_path(false);
    bind.generate(out)
        .with_context(|| format!("binding {input} into {out}"))?;
    Ok(())
}
