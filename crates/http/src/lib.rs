//! grove-http.
