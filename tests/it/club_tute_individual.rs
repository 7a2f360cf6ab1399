//! Club play of tute for four players each alone (`partnerships = false`): one
//! scoreboard column per player, four card-point boxes, a revoke voids the hand.

use reqwest::StatusCode;

use crate::club::start;
use crate::helpers::texts;

#[tokio::test]
async fn a_four_player_individual_tute_game_keeps_one_column_per_player() {
    let t = start(
        "tute",
        4,
        &[("partnerships", "false"), ("rounds_to_win", "2")],
    )
    .await;
    let page = t.page().await;
    assert_eq!(
        texts(&page, ".match-title span:not(.vs)"),
        vec!["Ana", "Benito", "Carmen", "Dámaso"]
    );
    assert_eq!(texts(&page, ".scoreboard thead th.num").len(), 4);
    assert_eq!(t.totals().await, "0 – 0 – 0 – 0");

    // The hand form asks for each player's card points.
    let form = t.hand_form().await;
    let sel = scraper::Selector::parse("input[name^=card_points_]").unwrap();
    let boxes: Vec<&str> = form
        .select(&sel)
        .filter_map(|e| e.value().attr("name"))
        .collect();
    assert_eq!(
        boxes,
        vec![
            "card_points_0",
            "card_points_1",
            "card_points_2",
            "card_points_3"
        ]
    );

    // A revoke by Dámaso: the hand is void, nobody scores.
    let res = t.hand(&[("trump", "o"), ("revoke_by", "3")]).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_eq!(t.totals().await, "0 – 0 – 0 – 0");

    // Two card-point boxes, as for pairs, are refused and nothing is saved.
    let res = t
        .hand(&[
            ("trump", "o"),
            ("card_points_0", "60"),
            ("card_points_1", "60"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.hands_stored().await, 1);

    // Carmen sings 20 in copas and wins alone: 45 + 20 against 40, 40 and 5.
    for _ in 0..2 {
        let res = t
            .hand(&[
                ("trump", "o"),
                ("card_points_0", "40"),
                ("card_points_1", "30"),
                ("card_points_2", "45"),
                ("last_trick_side", "1"),
                ("cante_seat_0", "2"),
                ("cante_suit_0", "c"),
            ])
            .await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{}",
            res.text().await.unwrap()
        );
    }
    let page = t.page().await;
    assert_eq!(texts(&page, ".big-score")[0], "0 – 0 – 2 – 0");
    assert_eq!(
        texts(&page, ".winner"),
        ["Gana Carmen."],
        "one player, one verb"
    );
}

#[tokio::test]
async fn the_new_tute_game_form_offers_the_partnerships_option() {
    let t = start("tute", 4, &[]).await;
    let res = t
        .client
        .get(t.app.url("/clubes/1/partidas/nueva?juego=tute"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    // "In pairs" is a labelled checkbox, ticked by default.
    let sel = scraper::Selector::parse("input[type=checkbox][name='opt.partnerships']").unwrap();
    let boxes: Vec<_> = html.select(&sel).collect();
    assert_eq!(boxes.len(), 1);
    assert!(boxes[0].value().attr("checked").is_some());
    assert_eq!(
        texts(&html, "label[for=opt-tute-partnerships]"),
        vec!["Por parejas"]
    );
    // In pairs (the default) the same club shows two sides.
    assert_eq!(
        texts(&t.page().await, ".match-title span:not(.vs)"),
        vec!["Ana y Carmen", "Benito y Dámaso"]
    );
}

/// The card picker opened from this game's hand form rules the draft under the
/// game's own table options (each alone), and keeps them from step to step.
#[tokio::test]
async fn the_card_picker_opened_from_the_game_uses_its_table_options() {
    let t = start("tute", 4, &[("partnerships", "false")]).await;
    let form = t.hand_form().await;
    let picker = crate::helpers::attr(&form, "a.card-picker", "href").unwrap();
    let page = t.client.get(t.app.url(&picker)).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    let options = crate::helpers::attr(&page, "input[name=options]", "value").unwrap();
    let options: serde_json::Value = serde_json::from_str(&options).unwrap();
    assert_eq!(options["partnerships"], false);
    // One step further (a card played): the record still says so.
    let options = options.to_string();
    let res = crate::helpers::post_form_as(
        &t.app,
        &t.client,
        "/arbitro/construir",
        &[
            ("game", "tute"),
            ("players", "4"),
            ("dealer", "0"),
            ("events", "[]"),
            ("options", &options),
            ("ev_seat", "1"),
            ("ev_kind", "play"),
            ("ev_value", "1o"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let record = crate::helpers::attr(&page, "input[name=record]", "value")
        .or_else(|| crate::helpers::attr(&page, "textarea[name=record]", "value"))
        .unwrap_or_else(|| texts(&page, "textarea").join(""));
    let record: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["options"]["partnerships"], false);
    // Opened by itself (no game), the picker has no options of its own.
    let page = t
        .client
        .get(t.app.url("/arbitro/construir?game=tute&players=4"))
        .send()
        .await
        .unwrap();
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    assert!(crate::helpers::attr(&page, "input[name=options]", "value").is_none());
}
