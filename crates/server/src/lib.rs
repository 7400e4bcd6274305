//! Lifegraph's web service: a private, bilingual memory journal with a personal life graph.

pub mod app;
pub mod auth;
pub mod clock;
pub mod config;
pub mod cursor;
pub mod dashboard;
pub mod db;
pub mod entities;
pub mod error;
pub mod guard;
pub mod health;
pub mod insights;
pub mod jobs;
pub mod memories;
pub mod notifications;
pub mod openapi;
pub mod patch_fields;
pub mod photos;
pub mod rate_limit;
pub mod server;
pub mod telemetry;
pub mod text;
pub mod timeline;
pub mod tutorial;
pub mod web;
