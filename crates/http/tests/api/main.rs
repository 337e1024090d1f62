//! In-process HTTP tests of the v2beta1 API: request in, exact status and JSON out.

mod common;

mod authorization;
mod errors;
mod paging;
mod resources;
mod seed;
