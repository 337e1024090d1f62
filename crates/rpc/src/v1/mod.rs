//! The services of the first API that Grove serves from the `.proto` as they are (the rest of
//! version 1 is the `grove-v1` facade).

pub mod ping;
pub mod subscriptions;
