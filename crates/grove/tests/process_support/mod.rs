//! Shared by the end-to-end tests that start real programs: a scratch directory removed at
//! the end, a child process killed at the end, and a free loopback port.

use std::path::PathBuf;
use std::process::Child;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A scratch directory removed at the end.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A new empty directory under the system's temporary directory, unique per process and call.
    pub fn new() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir =
            std::env::temp_dir().join(format!("grove-e2e-{}-{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
        std::fs::create_dir_all(&dir).expect("create the scratch directory");
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A child process killed at the end.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A loopback port nothing listens on right now.
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    listener.local_addr().expect("the bound address").port()
}
