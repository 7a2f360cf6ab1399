//! A link left by a repesca liguilla deleted before deleting unlinked it: the
//! championship behaves as if it had no repesca (no link to the deleted page, its
//! repesca form offered again and taken), and the migration that removes such links
//! gives the championship back the status it had before the repesca.

use baza::db::championship::liguilla;
use baza::db::schema::{championships, repesca_liguillas};
use diesel::prelude::*;
use reqwest::StatusCode;

use super::noticed::{liguilla_audit, liguilla_formed};
use super::repesca::girona_liguillas_played;
use crate::helpers::{TestApp, TestDb, attr, database_before, texts};

/// The migration that removes the links to deleted liguillas.
const STALE_LINKS: &str = "2026-11-29-100000_stale_repesca_links";

/// The liguillas linked in the store to championship `id`, deleted or not.
async fn stored_links(app: &TestApp, id: i32) -> Vec<i32> {
    app.with_conn(move |conn| {
        repesca_liguillas::table
            .filter(repesca_liguillas::championship_id.eq(id))
            .select(repesca_liguillas::liguilla_id)
            .load(conn)
            .unwrap()
    })
    .await
}

/// The links on `page` to championship `id`'s pages.
fn links_to(page: &scraper::Html, id: i32) -> Vec<String> {
    let sel = scraper::Selector::parse("a[href]").unwrap();
    let own = format!("/campeonatos/{id}");
    page.select(&sel)
        .filter_map(|a| a.value().attr("href"))
        .filter(|h| {
            h.strip_prefix(&own)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '#', '?']))
        })
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn a_link_left_by_a_repesca_liguilla_deleted_without_unlinking_counts_as_no_repesca() {
    let app = TestApp::spawn().await;
    let id = girona_liguillas_played(&app).await;
    let lig = liguilla_formed(&app, id).await;
    // Deleted as deleting did before it unlinked: the row marked, the link kept.
    let at = chrono::Utc::now().naive_utc();
    app.with_conn(move |conn| {
        diesel::update(championships::table.find(lig))
            .set(championships::deleted_at.eq(Some(at)))
            .execute(conn)
            .unwrap()
    })
    .await;
    assert_eq!(
        stored_links(&app, id).await,
        [lig],
        "the link is still stored"
    );

    // Every read of the link passes over it.
    let (of, links, all) = app
        .with_conn(move |conn| {
            (
                liguilla::of_championship(conn, id).unwrap(),
                liguilla::links_of(conn, id).unwrap(),
                liguilla::all_links(conn).unwrap(),
            )
        })
        .await;
    assert_eq!(of, None);
    assert_eq!(links, []);
    assert_eq!(all, []);

    // No page of the championship, nor its card, leads to the deleted liguilla.
    for path in [
        format!("/campeonatos/{id}/direccion"),
        format!("/campeonatos/{id}"),
        "/".to_owned(),
        "/campeonatos".to_owned(),
    ] {
        let page = app.page(&path, StatusCode::OK).await;
        assert_eq!(links_to(&page, lig), Vec::<String>::new(), "{path}");
        assert!(
            texts(&page, ".repesca-liguilla, .repesca-of").is_empty(),
            "{path}"
        );
    }

    // The repesca form is offered, and taken: a new liguilla in place of the link,
    // whose removal is audited.
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(texts(&dir, ".repesca-form select[name=kind]").len(), 1);
    let again = liguilla_formed(&app, id).await;
    assert_ne!(again, lig);
    assert_eq!(stored_links(&app, id).await, [again]);
    assert_eq!(
        liguilla_audit(&app, lig).await,
        [("delete".to_owned(), "repesca_liguilla".to_owned(), Some(id))]
    );
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        attr(&dir, ".repesca-liguilla a", "href"),
        Some(format!("/campeonatos/{again}/direccion"))
    );
}

/// Championships as an older Baza left them: "Open A" whose repesca liguilla was
/// deleted without unlinking it, and nothing drawn since (still "running"); "Open B"
/// with its liguilla being played; "Open C" whose liguilla was deleted without
/// unlinking it after its knockout was drawn.
const BEFORE: &str = "\
INSERT INTO clubs (id, name, town, created_at, default_game, default_options) \
 VALUES (1, 'Club Girona', 'Girona', '2026-11-28 10:00:00', 'botifarra', '{}');
INSERT INTO championships (id, club_id, name, game, format, status, options, rounds_planned, starts_on, created_at, deleted_at) VALUES
 (1, 1, 'Open A', 'botifarra', 'league', 'running', '{}', 3, '2026-11-28', '2026-11-28 10:00:00', NULL),
 (2, 1, 'Open A — Repesca', 'botifarra', 'league', 'running', '{}', 3, '2026-11-28', '2026-11-28 10:00:00', '2026-11-28 12:00:00'),
 (3, 1, 'Open B', 'botifarra', 'league', 'running', '{}', 3, '2026-11-28', '2026-11-28 10:00:00', NULL),
 (4, 1, 'Open B — Repesca', 'botifarra', 'league', 'running', '{}', 3, '2026-11-28', '2026-11-28 10:00:00', NULL),
 (5, 1, 'Open C', 'botifarra', 'league', 'running', '{}', 3, '2026-11-28', '2026-11-28 10:00:00', NULL),
 (6, 1, 'Open C — Repesca', 'botifarra', 'league', 'finished', '{}', 3, '2026-11-28', '2026-11-28 10:00:00', '2026-11-28 12:00:00');
INSERT INTO repesca_liguillas (championship_id, liguilla_id, places, per_group, entry) VALUES
 (1, 2, 1, 1, '{\"kind\":\"lowest\"}'), (3, 4, 1, 1, '{\"kind\":\"lowest\"}'), (5, 6, 1, 1, '{\"kind\":\"lowest\"}');
INSERT INTO brackets (id, club_id, championship_id, name, game, entrants, document, seeding, paper, version, created_by, created_at, updated_at) \
 VALUES (1, 1, 5, 'Fase final', 'botifarra', '[]', '{}', 'standings:5', 'a4', 1, 'org', '2026-11-28 13:00:00', '2026-11-28 13:00:00');
";

#[tokio::test]
async fn the_migration_removes_the_links_to_deleted_liguillas_and_finishes_championships_left_running_by_them()
 {
    let test_db = TestDb::new();
    drop(database_before(
        &test_db,
        STALE_LINKS,
        BEFORE,
        &["clubs", "championships", "brackets"],
    ));
    let app = TestApp::over(test_db).await;
    let rows = app
        .with_conn(|conn| {
            let links: Vec<(i32, i32)> = repesca_liguillas::table
                .select((
                    repesca_liguillas::championship_id,
                    repesca_liguillas::liguilla_id,
                ))
                .order(repesca_liguillas::championship_id)
                .load(conn)
                .unwrap();
            let status: Vec<(i32, String)> = championships::table
                .filter(championships::id.eq_any([1, 3, 5]))
                .select((championships::id, championships::status))
                .order(championships::id)
                .load(conn)
                .unwrap();
            (links, status)
        })
        .await;
    assert_eq!(rows.0, [(3, 4)], "only the live liguilla's link stays");
    assert_eq!(
        rows.1,
        [
            (1, "finished".to_owned()),
            (3, "running".to_owned()),
            (5, "running".to_owned()),
        ],
        "Open A finished again; B's repesca and C's knockout still to play"
    );
    // Open A's card says so.
    let home = app.page("/", StatusCode::OK).await;
    let sel = scraper::Selector::parse(".event-card").unwrap();
    let badge = scraper::Selector::parse(".badge").unwrap();
    let card = home
        .select(&sel)
        .find(|c| c.text().any(|t| t == "Open A"))
        .expect("Open A's card");
    let status: String = card.select(&badge).flat_map(|b| b.text()).collect();
    assert_eq!(status.trim(), "Terminado");
}
