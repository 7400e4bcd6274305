//! Friends, sharing and notifications: invitation links, friend requests, memories shared with
//! friends and by public link, and the notifications these events make.

use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn, spawn_with, uploaded_photo};

async fn person(app: &TestApp, email: &str, first: &str, last: &str) -> i64 {
    let response = app.sign_in(email, first, last).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    app.get("/api/auth/user").await.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn body(response: reqwest::Response, status: StatusCode) -> Value {
    assert_eq!(response.status(), status, "unexpected status");
    response.json().await.unwrap()
}

async fn invite(app: &TestApp) -> String {
    let invite = body(app.get("/api/friends/invite-token").await, StatusCode::OK).await;
    invite["token"].as_str().unwrap().to_owned()
}

async fn memory(app: &TestApp, title: &str, content: &str, photo: Option<&str>) -> i64 {
    let mut request = json!({"title": title, "content": content, "eventDate": "2019-07-14", "location": "Lyon"});
    if let Some(photo) = photo {
        request["photo"] = json!(photo);
    }
    let created = body(app.post_json("/api/memories/with-validation", &request).await, StatusCode::CREATED).await;
    created["memory"]["id"].as_i64().unwrap()
}

async fn notifications(app: &TestApp) -> Vec<Value> {
    body(app.get("/api/notifications").await, StatusCode::OK).await.as_array().unwrap().clone()
}

async fn unread(app: &TestApp) -> i64 {
    body(app.get("/api/notifications/unread-count").await, StatusCode::OK).await["count"].as_i64().unwrap()
}

/// Befriend `a` and `b` the way people do: `a` sends a link, `b` accepts it, `a` confirms.
async fn befriend(a: &TestApp, b: &TestApp) -> i64 {
    let token = invite(a).await;
    let request = body(b.post_json("/api/friends/accept-invite", &json!({"token": token})).await, StatusCode::OK).await;
    let id = request["id"].as_i64().unwrap();
    body(a.post_json(&format!("/api/friendships/{id}/accept"), &json!({})).await, StatusCode::OK).await;
    id
}

async fn share_with(app: &TestApp, memory: i64, friend: i64) -> reqwest::Response {
    app.post_json(&format!("/api/memories/{memory}/share-with-friend"), &json!({"friendId": friend})).await
}

async fn run_sql(app: &TestApp, sql: &str) {
    app.db.execute_unprepared(sql).await.unwrap();
}

async fn a_friend_invited_by_link_reads_a_shared_memory_until_it_is_revoked(backend: Backend) {
    let alice = spawn(backend).await;
    let alice_id = person(&alice, "alice@example.org", "Alice", "Martin").await;
    let bob = alice.another_browser();
    let bob_id = person(&bob, "bob@example.org", "Bob", "Durand").await;

    // Alice's link: random, live a week, stored only as its hash.
    let issued = body(alice.get("/api/friends/invite-token").await, StatusCode::OK).await;
    let token = issued["token"].as_str().unwrap().to_owned();
    assert!(token.len() >= 43, "256 bits, URL-safe: {token}");
    let expires: chrono::DateTime<chrono::Utc> = issued["expiresAt"].as_str().unwrap().parse().unwrap();
    let days = (expires - chrono::Utc::now()).num_hours();
    assert!((167..=168).contains(&days), "7 days: {days} hours");
    assert_ne!(invite(&alice).await, token, "each call a new link");
    let stored = alice
        .db
        .query_all_raw(sea_orm::Statement::from_string(
            alice.db.get_database_backend(),
            "SELECT token_hash FROM friend_invites",
        ))
        .await
        .unwrap();
    assert!(stored.iter().all(|row| row.try_get::<String>("", "token_hash").unwrap() != token));

    // Bob opens it: he sees who sent it (no e-mail), and opening uses nothing up.
    for _ in 0..2 {
        let verified = body(bob.get(&format!("/api/friends/verify-token?token={token}")).await, StatusCode::OK).await;
        assert_eq!(verified["sender"]["firstName"], "Alice");
        assert_eq!(verified["sender"]["email"], Value::Null);
        assert_eq!(verified["own"], false);
    }
    let own = body(alice.get(&format!("/api/friends/verify-token?token={token}")).await, StatusCode::OK).await;
    assert_eq!(own["own"], true);
    let response = alice.post_json("/api/friends/accept-invite", &json!({"token": token})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "own_invite").await;

    // Bob accepts: the link is used up and Alice is asked to confirm.
    let request =
        body(bob.post_json("/api/friends/accept-invite", &json!({"token": token})).await, StatusCode::OK).await;
    assert_eq!((request["status"].as_str(), request["requestedBy"].as_i64()), (Some("pending"), Some(bob_id)));
    let again = bob.post_json("/api/friends/accept-invite", &json!({"token": token})).await;
    assert_error(again, StatusCode::NOT_FOUND, "not_found").await;
    let friendship = request["id"].as_i64().unwrap();
    assert_eq!(unread(&alice).await, 1);
    let told = notifications(&alice).await;
    assert_eq!(told[0]["kind"], "friendRequest");
    assert_eq!(told[0]["params"]["name"], "Bob Durand");
    assert_eq!(told[0]["link"], "/friends");
    assert_eq!(unread(&bob).await, 0, "the requester is not told of his own request");

    // Only Alice answers; Bob sees his request waiting.
    let response = bob.post_json(&format!("/api/friendships/{friendship}/accept"), &json!({})).await;
    assert_error(response, StatusCode::FORBIDDEN, "not_recipient").await;
    let sent = body(bob.get("/api/friendships").await, StatusCode::OK).await;
    assert_eq!(sent[0]["status"], "pending");
    assert_eq!(sent[0]["user1"]["email"], Value::Null, "no e-mail before they are friends");
    // Friendship alone shows nothing; a request even less.
    let alices = memory(&alice, "Quatorze juillet", "Fireworks over the Saône with the whole street.", None).await;
    let response = share_with(&alice, alices, bob_id);
    assert_error(response.await, StatusCode::BAD_REQUEST, "not_a_friend").await;
    let accepted =
        body(alice.post_json(&format!("/api/friendships/{friendship}/accept"), &json!({})).await, StatusCode::OK).await;
    assert_eq!(accepted["status"], "accepted");
    let response = alice.post_json(&format!("/api/friendships/{friendship}/accept"), &json!({})).await;
    assert_error(response, StatusCode::CONFLICT, "not_pending").await;
    assert_eq!(notifications(&bob).await[0]["kind"], "friendAccepted");
    let friends = body(bob.get("/api/friendships").await, StatusCode::OK).await;
    let alice_seen = if friends[0]["userId1"] == alice_id { &friends[0]["user1"] } else { &friends[0]["user2"] };
    assert_eq!(alice_seen["email"], "alice@example.org", "friends see each other's e-mail");
    assert_eq!(body(bob.get("/api/shared-with-me").await, StatusCode::OK).await, json!([]));

    // Alice shares a memory with a photo; sharing it twice tells Bob once.
    let photo = uploaded_photo(&alice).await;
    let shared =
        memory(&alice, "Picnic", "Bread, cheese and the long grass of the Parc de la Tête d'Or.", Some(&photo)).await;
    for _ in 0..2 {
        let response = share_with(&alice, shared, bob_id);
        let share = body(response.await, StatusCode::OK).await;
        assert_eq!(share["recipient"]["id"], bob_id);
    }
    let bobs = notifications(&bob).await;
    assert_eq!(bobs.iter().filter(|n| n["kind"] == "memoryShared").count(), 1);
    assert_eq!(bobs[0]["link"], format!("/memories/{shared}"));
    assert_eq!(bobs[0]["params"]["title"], "Picnic");

    // Bob reads it, read-only, photo included; nothing else of Alice's.
    let list = body(bob.get("/api/shared-with-me").await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["sharedBy"]["firstName"], "Alice");
    assert_eq!(list[0]["memory"]["title"], "Picnic");
    assert!(list[0]["memory"].get("entities").is_none());
    let detail = body(bob.get(&format!("/api/shared-with-me/{shared}")).await, StatusCode::OK).await;
    let photo_path = detail["memory"]["photo"].as_str().unwrap().to_owned();
    assert_eq!(photo_path, format!("/api/shared-with-me/{shared}/photo"));
    let picture = bob.get(&photo_path).await;
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(picture.headers()["cache-control"], "no-store");
    for path in [format!("/api/memories/{shared}"), format!("/api/shared-with-me/{alices}"), photo.clone()] {
        assert_error(bob.get(&path).await, StatusCode::NOT_FOUND, "not_found").await;
    }
    let edit = bob.patch_json(&format!("/api/memories/{shared}"), &json!({"title": "Mine now"})).await;
    assert_error(edit, StatusCode::NOT_FOUND, "not_found").await;
    assert_error(bob.delete(&format!("/api/memories/{shared}")).await, StatusCode::NOT_FOUND, "not_found").await;
    let reshare = bob.post_json(&format!("/api/memories/{shared}/share"), &json!({})).await;
    assert_error(reshare, StatusCode::NOT_FOUND, "not_found").await;
    let onward = share_with(&bob, shared, alice_id);
    assert_error(onward.await, StatusCode::NOT_FOUND, "not_found").await;

    // The owner's status; another person learns nothing from asking.
    let ask = json!({"memoryIds": [shared, alices]});
    let status = body(alice.post_json("/api/shared-memories/batch-status", &ask).await, StatusCode::OK).await;
    assert_eq!(status[shared.to_string()]["sharedMemories"][0]["recipient"]["id"], bob_id);
    assert_eq!(status[shared.to_string()]["sharedMemories"][0]["revokedAt"], Value::Null);
    assert_eq!(status[alices.to_string()], json!({"shareLinks": [], "sharedMemories": []}));
    assert_eq!(body(bob.post_json("/api/shared-memories/batch-status", &ask).await, StatusCode::OK).await, json!({}));

    // Revoked: gone from Bob's list, page and photo at once.
    let revoke = alice.delete(&format!("/api/memories/{shared}/share-with-friend/{bob_id}")).await;
    assert_eq!(revoke.status(), StatusCode::NO_CONTENT);
    assert_eq!(body(bob.get("/api/shared-with-me").await, StatusCode::OK).await, json!([]));
    assert_error(bob.get(&format!("/api/shared-with-me/{shared}")).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_error(bob.get(&photo_path).await, StatusCode::NOT_FOUND, "not_found").await;
    let status = body(alice.post_json("/api/shared-memories/batch-status", &ask).await, StatusCode::OK).await;
    assert!(status[shared.to_string()]["sharedMemories"][0]["revokedAt"].is_string());

    // Shared again, then the friendship is removed (by either side): the share ends with it.
    share_with(&alice, shared, bob_id).await;
    assert_eq!(body(bob.get("/api/shared-with-me").await, StatusCode::OK).await.as_array().unwrap().len(), 1);
    let removed = bob.post_json(&format!("/api/friendships/{friendship}/remove"), &json!({})).await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(body(bob.get("/api/shared-with-me").await, StatusCode::OK).await, json!([]));
    assert_eq!(body(alice.get("/api/friendships").await, StatusCode::OK).await, json!([]));
    let response = share_with(&alice, shared, bob_id);
    assert_error(response.await, StatusCode::BAD_REQUEST, "not_a_friend").await;
}

async fn strangers_declined_and_stale_invitations_are_refused(backend: Backend) {
    let alice = spawn(backend).await;
    let alice_id = person(&alice, "alice@example.org", "Alice", "").await;
    let carol = alice.another_browser();
    let carol_id = person(&carol, "carol@example.org", "Carol", "").await;
    let dan = alice.another_browser();
    person(&dan, "dan@example.org", "Dan", "").await;
    let alices = memory(&alice, "Alone", "Just me and the sea.", None).await;
    let carols = memory(&carol, "Carol's", "Carol's own day.", None).await;

    // No friendship: no share, nor with oneself, nor of another's memory.
    for friend in [carol_id, alice_id, 999_999] {
        let response = share_with(&alice, alices, friend);
        assert_error(response.await, StatusCode::BAD_REQUEST, "not_a_friend").await;
    }
    let response = share_with(&alice, carols, carol_id);
    assert_error(response.await, StatusCode::NOT_FOUND, "not_found").await;

    // Carol asks through Alice's link; Alice declines; Carol is not told and nothing is shared.
    let token = invite(&alice).await;
    let request =
        body(carol.post_json("/api/friends/accept-invite", &json!({"token": token})).await, StatusCode::OK).await;
    let id = request["id"].as_i64().unwrap();
    let response = dan.post_json(&format!("/api/friendships/{id}/accept"), &json!({})).await;
    assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
    assert_error(
        dan.post_json(&format!("/api/friendships/{id}/remove"), &json!({})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    let declined = alice.post_json(&format!("/api/friendships/{id}/decline"), &json!({})).await;
    assert_eq!(declined.status(), StatusCode::NO_CONTENT);
    assert_eq!(body(carol.get("/api/friendships").await, StatusCode::OK).await, json!([]));
    assert_eq!(unread(&carol).await, 0);
    let response = share_with(&alice, alices, carol_id);
    assert_error(response.await, StatusCode::BAD_REQUEST, "not_a_friend").await;
    // A new link from Alice asks again, and this time she accepts.
    let token = invite(&alice).await;
    let again =
        body(carol.post_json("/api/friends/accept-invite", &json!({"token": token})).await, StatusCode::OK).await;
    assert_eq!((again["id"].as_i64(), again["status"].as_str()), (Some(id), Some("pending")), "one row per pair");
    body(alice.post_json(&format!("/api/friendships/{id}/accept"), &json!({})).await, StatusCode::OK).await;
    let token = invite(&alice).await;
    let response = carol.post_json("/api/friends/accept-invite", &json!({"token": token})).await;
    assert_error(response, StatusCode::CONFLICT, "already_friends").await;

    // Declining a link uses it up; unknown, malformed and expired links are all "not found".
    let token = invite(&alice).await;
    assert_eq!(
        dan.post_json("/api/friends/decline-invite", &json!({"token": token})).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_error(
        dan.post_json("/api/friends/accept-invite", &json!({"token": token})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    let token = invite(&alice).await;
    run_sql(&alice, "UPDATE friend_invites SET expires_at = created_at").await;
    for guess in [token.as_str(), "x", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] {
        let response = dan.get(&format!("/api/friends/verify-token?token={guess}")).await;
        assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    // Signed out, nothing is told.
    let visitor = alice.another_browser();
    assert_error(visitor.get("/api/friends/invite-token").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
    assert_error(visitor.get("/api/shared-with-me").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn a_public_link_shows_one_memory_for_two_days_and_nothing_else(backend: Backend) {
    let alice = spawn(backend).await;
    person(&alice, "alice@example.org", "Alice", "Martin").await;
    let photo = uploaded_photo(&alice).await;
    let title = "<script>alert(\"x\")</script> & 'quotes'";
    let content = "é".repeat(170);
    let id = memory(&alice, title, &content, Some(&photo)).await;
    let lyon = body(
        alice.post_json("/api/entities-with-metadata", &json!({"name": "Lyon", "type": "location"})).await,
        StatusCode::CREATED,
    )
    .await;
    alice.patch_json(&format!("/api/memories/{id}"), &json!({"entities": [lyon["id"]]})).await;

    let link = body(alice.post_json(&format!("/api/memories/{id}/share"), &json!({})).await, StatusCode::CREATED).await;
    assert_eq!(link["success"], true);
    let url = link["shareUrl"].as_str().unwrap();
    let token = url.strip_prefix("/shared/").expect("a path on this server").to_owned();
    let expires: chrono::DateTime<chrono::Utc> = link["expiresAt"].as_str().unwrap().parse().unwrap();
    assert!((47..=48).contains(&(expires - chrono::Utc::now()).num_hours()), "2 days");
    let stored = alice
        .db
        .query_all_raw(sea_orm::Statement::from_string(
            alice.db.get_database_backend(),
            "SELECT token_hash FROM share_links",
        ))
        .await
        .unwrap();
    assert_ne!(stored[0].try_get::<String>("", "token_hash").unwrap(), token, "kept hashed");

    // A visitor, signed out, reads exactly the public fields.
    let visitor = alice.another_browser();
    let response = visitor.get(&format!("/api/shared/{token}")).await;
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.headers()["x-robots-tag"], "noindex, nofollow");
    let shared = body(response, StatusCode::OK).await;
    let mut fields: Vec<&str> = shared.as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(fields, ["content", "eventDate", "location", "photo", "sharedBy", "title"]);
    assert_eq!(shared["sharedBy"], "Alice Martin");
    assert_eq!(shared["title"], title);
    assert!(!shared.to_string().contains("alice@example.org") && !shared.to_string().contains("Lyon\",\"type"));
    let picture = visitor.get(shared["photo"].as_str().unwrap()).await;
    assert_eq!((picture.status(), picture.headers()["cache-control"].to_str().unwrap()), (StatusCode::OK, "no-store"));
    assert_error(visitor.get(&photo).await, StatusCode::UNAUTHORIZED, "unauthorized").await;

    // The page a chat app fetches carries the memory's preview, escaped.
    let page = visitor.get(&format!("/shared/{token}")).await;
    assert_eq!(page.headers()["cache-control"], "no-store");
    let html = page.text().await.unwrap();
    assert!(!html.contains("<script>alert"), "the title is escaped");
    assert!(
        html.contains(
            "og:title\" content=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;\""
        )
    );
    let description = format!("og:description\" content=\"{}…\"", "é".repeat(160));
    assert!(html.contains(&description), "the first 160 characters and an ellipsis");
    let address = &alice.address;
    assert!(html.contains(&format!("og:image\" content=\"{address}/api/shared/{token}/photo\"")), "{html}");
    assert!(html.contains(&format!("og:url\" content=\"{address}/shared/{token}\"")), "{html}");
    assert!(html.contains("og:type\" content=\"article\"") && html.contains("summary_large_image"));
    assert!(html.contains("name=\"robots\" content=\"noindex, nofollow\""));

    // Revoked: the visitor can no longer tell it from a link that never was.
    let never = visitor.get("/api/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").await;
    let never = assert_error(never, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(alice.delete(&format!("/api/memories/{id}/share")).await.status(), StatusCode::NO_CONTENT);
    let revoked =
        assert_error(visitor.get(&format!("/api/shared/{token}")).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(revoked, never);
    assert_error(visitor.get(&format!("/api/shared/{token}/photo")).await, StatusCode::NOT_FOUND, "not_found").await;
    let html = visitor.get(&format!("/shared/{token}")).await.text().await.unwrap();
    assert!(!html.contains("alert"), "a dead link's page tells nothing of the memory");

    // Expired: the same.
    let link = body(alice.post_json(&format!("/api/memories/{id}/share"), &json!({})).await, StatusCode::CREATED).await;
    let token = link["shareUrl"].as_str().unwrap().strip_prefix("/shared/").unwrap().to_owned();
    assert_eq!(visitor.get(&format!("/api/shared/{token}")).await.status(), StatusCode::OK);
    let status =
        body(alice.post_json("/api/shared-memories/batch-status", &json!({"memoryIds": [id]})).await, StatusCode::OK)
            .await;
    assert_eq!(status[id.to_string()]["shareLinks"].as_array().unwrap().len(), 1);
    run_sql(&alice, "UPDATE share_links SET expires_at = created_at").await;
    let expired =
        assert_error(visitor.get(&format!("/api/shared/{token}")).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(expired, never);
    assert_error(visitor.get(&format!("/api/shared/{token}/photo")).await, StatusCode::NOT_FOUND, "not_found").await;
    let status =
        body(alice.post_json("/api/shared-memories/batch-status", &json!({"memoryIds": [id]})).await, StatusCode::OK)
            .await;
    assert_eq!(status[id.to_string()]["shareLinks"], json!([]));

    // Only the owner makes or ends links.
    let other = alice.another_browser();
    person(&other, "eve@example.org", "Eve", "").await;
    assert_error(
        other.post_json(&format!("/api/memories/{id}/share"), &json!({})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    assert_error(other.delete(&format!("/api/memories/{id}/share")).await, StatusCode::NOT_FOUND, "not_found").await;
}

async fn tokens_cannot_be_guessed_by_brute_force(backend: Backend) {
    let app =
        spawn_with(backend, |config| config.token_checks_per_minute = std::num::NonZeroU32::new(3).unwrap()).await;
    person(&app, "guesser@example.org", "", "").await;
    for _ in 0..3 {
        assert_eq!(app.get("/api/shared/guess").await.status(), StatusCode::NOT_FOUND);
    }
    assert_error(app.get("/api/shared/guess").await, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
    assert_error(app.get("/api/friends/verify-token?token=guess").await, StatusCode::TOO_MANY_REQUESTS, "rate_limited")
        .await;
}

async fn notifications_are_their_readers_alone(backend: Backend) {
    let alice = spawn(backend).await;
    person(&alice, "alice@example.org", "Alice", "").await;
    let bob = alice.another_browser();
    let bob_id = person(&bob, "bob@example.org", "Bob", "").await;
    befriend(&alice, &bob).await;
    let first = memory(&alice, "One", "One.", None).await;
    let second = memory(&alice, "Two", "Two.", None).await;
    for id in [first, second] {
        share_with(&alice, id, bob_id).await;
    }
    // Bob: accepted, and two memories; newest first.
    let bobs = notifications(&bob).await;
    let kinds: Vec<&str> = bobs.iter().map(|n| n["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["memoryShared", "memoryShared", "friendAccepted"]);
    assert_eq!(unread(&bob).await, 3);
    let newest = bobs[0]["id"].as_i64().unwrap();

    // Alice can neither read, mark nor delete Bob's.
    assert!(notifications(&alice).await.iter().all(|n| n["id"] != newest));
    assert_error(
        alice.patch_json(&format!("/api/notifications/{newest}/read"), &json!({})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    assert_error(alice.delete(&format!("/api/notifications/{newest}")).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(unread(&bob).await, 3);

    assert_eq!(
        bob.patch_json(&format!("/api/notifications/{newest}/read"), &json!({})).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(unread(&bob).await, 2);
    assert_eq!(notifications(&bob).await[0]["read"], true);
    assert_eq!(bob.delete(&format!("/api/notifications/{newest}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(notifications(&bob).await.len(), 2);
    assert_eq!(bob.patch_json("/api/notifications/mark-all-read", &json!({})).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(unread(&bob).await, 0);
    assert_eq!(unread(&alice).await, 1, "Alice's own request notification stays unread");
}

crate::backends!(
    a_friend_invited_by_link_reads_a_shared_memory_until_it_is_revoked,
    strangers_declined_and_stale_invitations_are_refused,
    a_public_link_shows_one_memory_for_two_days_and_nothing_else,
    tokens_cannot_be_guessed_by_brute_force,
    notifications_are_their_readers_alone,
);
