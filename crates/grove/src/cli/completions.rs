//! `grove completions SHELL`: the shell completion script, generated from the command
//! definitions by `clap_complete`.

use std::io::Write as _;

use clap_complete::Shell;

/// Writes the completion script of `command` (the whole `grove` command) for `shell` to
/// standard output; a reader that stops early (`| head`) is not an error.
///
/// # Errors
/// When standard output cannot be written.
pub fn print(shell: Shell, command: &mut clap::Command) -> std::io::Result<()> {
    let name = command.get_name().to_owned();
    let mut script = Vec::new();
    clap_complete::generate(shell, command, name, &mut script);
    match std::io::stdout().lock().write_all(&script) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
