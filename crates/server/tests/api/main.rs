//! API tests: one binary (it links once), a module per feature. Each test runs against
//! SQLite and against a real PostgreSQL.

mod auth;
mod health;
mod helpers;
