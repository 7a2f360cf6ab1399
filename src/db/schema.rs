//! The one schema for both backends, written with portable SQL types only.

diesel::table! {
    clubs (id) {
        id -> Integer,
        name -> Text,
        town -> Text,
        created_at -> Timestamp,
        default_game -> Text,
        default_options -> Text,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        created_at -> Timestamp,
        retired_at -> Nullable<Timestamp>,
        person_id -> Integer,
        joined_on -> Nullable<Date>,
        left_on -> Nullable<Date>,
    }
}

diesel::table! {
    people (id) {
        id -> Integer,
        code -> Text,
        name -> Text,
        licence -> Nullable<Text>,
        birth_year -> Nullable<Integer>,
        initials_only -> Integer,
        merged_into -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(players -> people (person_id));

diesel::table! {
    pairs (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        player1_id -> Integer,
        player2_id -> Integer,
        created_at -> Timestamp,
        retired_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    championships (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        game -> Text,
        format -> Text,
        status -> Text,
        options -> Text,
        rounds_planned -> Integer,
        starts_on -> Date,
        created_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(players -> clubs (club_id));
diesel::joinable!(championships -> clubs (club_id));

diesel::allow_tables_to_appear_in_same_query!(clubs, players, pairs, championships, people);

diesel::table! {
    users (id) {
        id -> Integer,
        username -> Text,
        password_hash -> Text,
        role -> Text,
        club_id -> Nullable<Integer>,
        session_epoch -> Integer,
        created_at -> Timestamp,
        disabled_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Integer,
        user_id -> Integer,
        name -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    login_failures (id) {
        id -> Integer,
        subject -> Text,
        at -> Timestamp,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Integer,
        at -> Timestamp,
        actor -> Text,
        action -> Text,
        entity -> Text,
        entity_id -> Integer,
        club_id -> Nullable<Integer>,
        championship_id -> Nullable<Integer>,
        before_json -> Nullable<Text>,
        after_json -> Nullable<Text>,
    }
}

diesel::table! {
    settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::joinable!(api_tokens -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, api_tokens, clubs);

diesel::table! {
    games (id) {
        id -> Integer,
        club_id -> Integer,
        game -> Text,
        players -> Integer,
        options -> Text,
        first_dealer -> Integer,
        seats -> Text,
        status -> Text,
        winner -> Nullable<Integer>,
        pin -> Text,
        version -> Integer,
        created_by -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        series_id -> Nullable<Integer>,
        best_of -> Integer,
        tail -> Nullable<Text>,
    }
}

diesel::table! {
    game_hands (id) {
        id -> Integer,
        game_id -> Integer,
        hand_no -> Integer,
        kind -> Text,
        dealer -> Integer,
        entry -> Text,
        score -> Text,
        submission -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::joinable!(game_hands -> games (game_id));
diesel::allow_tables_to_appear_in_same_query!(games, game_hands, clubs);

diesel::table! {
    rulings (id) {
        id -> Integer,
        slug -> Text,
        record -> Text,
        created_by -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    brackets (id) {
        id -> Integer,
        club_id -> Integer,
        championship_id -> Nullable<Integer>,
        name -> Text,
        game -> Text,
        entrants -> Text,
        document -> Text,
        seeding -> Text,
        paper -> Text,
        version -> Integer,
        created_by -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

// A championship's document (its entrants, rounds and settings) and its tables.
diesel::table! {
    championship_documents (championship_id) {
        championship_id -> Integer,
        document -> Text,
        checked_in -> Text,
        tables_available -> Integer,
        published_round -> Integer,
        version -> Integer,
        updated_at -> Timestamp,
        changes -> Integer,
        entry_mode -> Text,
    }
}

diesel::table! {
    championship_tables (id) {
        id -> Integer,
        championship_id -> Integer,
        round_no -> Integer,
        table_no -> Integer,
        physical -> Nullable<Integer>,
        pin -> Text,
        status -> Text,
        proposed_a -> Nullable<Integer>,
        proposed_b -> Nullable<Integer>,
        proposed_side -> Nullable<Text>,
        proposed_winner -> Nullable<Text>,
        version -> Integer,
        updated_at -> Timestamp,
        phase -> Integer,
        pin_b -> Text,
        game_id -> Nullable<Integer>,
        typed -> Integer,
        started_at -> Nullable<Timestamp>,
        /// The match of the older model this table was folded from.
        legacy_match_id -> Nullable<Integer>,
    }
}

diesel::joinable!(championship_documents -> championships (championship_id));
diesel::allow_tables_to_appear_in_same_query!(championship_documents, championships);

diesel::table! {
    sessions (token_hash) {
        token_hash -> Text,
        user_id -> Integer,
        created_at -> Timestamp,
        last_seen -> Timestamp,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(sessions, users);

// Season circuits (championships grouped into one table).
diesel::table! {
    circuits (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        scoring -> Text,
        championships -> Text,
        created_by -> Text,
        created_at -> Timestamp,
        version -> Integer,
    }
}

// A repesca played as a liguilla: a championship of its own linked to the championship
// whose knockout its best pairs join.
diesel::table! {
    repesca_liguillas (championship_id) {
        championship_id -> Integer,
        liguilla_id -> Integer,
        places -> Integer,
        per_group -> Integer,
        entry -> Text,
    }
}
diesel::allow_tables_to_appear_in_same_query!(repesca_liguillas, championships);
