//! `grove man`: the manual pages, generated from the command definitions by `clap_mangen`
//! (as the completions are by `clap_complete`).

use std::io::Write as _;
use std::path::Path;

/// Writes the page of `command` (the whole `grove` command) to standard output, or, with
/// `out_dir`, one page per command and subcommand into that directory, naming each file on
/// standard output. A reader that stops early (`| head`) is not an error.
///
/// # Errors
/// When a page cannot be written.
pub fn write(command: clap::Command, out_dir: Option<&Path>) -> std::io::Result<()> {
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir)?;
        let command = command.version(crate_version());
        clap_mangen::generate_to(command, dir)?;
        let mut pages: Vec<_> = std::fs::read_dir(dir)?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "1"))
            .collect();
        pages.sort();
        for page in pages {
            println!("{}", page.display());
        }
        return Ok(());
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(command.version(crate_version())).render(&mut page)?;
    match std::io::stdout().lock().write_all(&page) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// The version the pages carry: the package's, without the build details of `--version`.
fn crate_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
