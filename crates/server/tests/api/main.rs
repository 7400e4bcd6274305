//! API tests: one binary (it links once), a module per feature. Each test runs against
//! SQLite and against a real PostgreSQL.

mod account;
mod auth;
mod cluster;
mod dashboard;
mod entities;
mod hardening;
mod health;
mod helpers;
mod jobs;
mod memories;
mod photos;
mod scale;
mod sharing;
mod timeline;
mod tutorial;
