//! SeaORM models of the tables the features read and write. A feature adds the model of a
//! table when it starts using it; the migration already holds every table.

pub mod admin_access;
pub mod entity;
pub mod entity_relationship;
pub mod feedback;
pub mod friend_invite;
pub mod friendship;
pub mod import;
pub mod job;
pub mod login_attempt;
pub mod memory;
pub mod memory_entity;
pub mod memory_share;
pub mod notification;
pub mod session;
pub mod share_link;
pub mod tutorial_progress;
pub mod user;
