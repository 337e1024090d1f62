//! grove-store-memory.
