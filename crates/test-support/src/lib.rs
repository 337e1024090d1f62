//! grove-test-support.
