//! The batch statement's parts, parameters and notes, checked without a database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

/// The highest `$n` of `sql`.
fn params(sql: &str) -> usize {
    sql.split('$')
        .skip(1)
        .filter_map(|s| {
            let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn a_statement_has_the_parts_asked_numbered_on() {
    let moves = statement(1 << 3 | 1 << 4);
    assert!(moves.starts_with("WITH new_log AS"), "{moves}");
    assert!(moves.contains("new_moves AS"));
    assert!(!moves.contains("rooms"));
    assert_eq!(params(&moves), 11);
    assert!(moves.ends_with("\nSELECT 1"), "{moves}");
    let all = statement((1 << 9) - 1);
    assert_eq!(params(&all), 53);
    assert!(
        all.contains("(SELECT count(*) FROM states) = cardinality($43::text[])")
            && all.contains("(SELECT count(*) FROM ends) = cardinality($45::text[])"),
        "{all}"
    );
    let ends = statement(1 << ENDS);
    assert!(ends.ends_with(
        "SELECT 1 / (CASE WHEN (SELECT count(*) FROM ends) = cardinality($1::text[]) \
         THEN 1 ELSE 0 END)"
    ));
}

/// With the cluster on, a room task's batch has the fence and the notes last, numbered
/// on; the fence is checked before anything else (the rooms' state changes update the
/// rows it locks), and the notes are read by the last step, so that they are sent.
#[test]
fn the_fence_and_the_notes_are_numbered_on_and_checked() {
    let mask = 1 << 3 | 1 << 4 | 1 << STATES | 1 << FENCE | 1 << NOTES;
    let sql = statement(mask);
    assert_eq!(params(&sql), 11 + 2 + 2 + 1, "{sql}");
    assert!(
        sql.contains("fence AS (\n    SELECT rooms.id FROM rooms"),
        "{sql}"
    );
    assert!(
        sql.contains("UNNEST($14::text[], $15::int8[]) AS u (id, owner)"),
        "{sql}"
    );
    assert!(sql.contains("FOR SHARE OF rooms"), "{sql}");
    // The channel is written into the statement: it must be the one the nodes read.
    let notes = format!(
        "pg_notify('{}', u.note) FROM UNNEST($16::text[])",
        crate::wire::ipc::ROOM
    );
    assert!(sql.contains(&notes), "{sql}");
    assert!(
        sql.ends_with(
            "SELECT 1 / (CASE WHEN (SELECT count(*) FROM fence) = cardinality($14::text[]) \
             AND (SELECT count(*) FROM states) = cardinality($12::text[]) \
             AND (SELECT count(*) FROM notes) = cardinality($16::text[]) THEN 1 ELSE 0 END)"
        ),
        "{sql}"
    );
    let every = statement((1 << PARTS.len()) - 1);
    assert_eq!(params(&every), 53 + 9 + 2 + 2 + 1);
}

fn room_row(owner: Option<i64>) -> RoomRow {
    RoomRow {
        id: Uuid::new_v4(),
        variant: "queah".into(),
        options: "{}".into(),
        host: Uuid::new_v4(),
        host_name: "h".into(),
        visibility: "public".into(),
        invite_code: None,
        time_control: "null".into(),
        grace_ms: 0,
        state: "waiting".into(),
        created_at: 1,
        auto_start: false,
        seated: String::new(),
        no_show_ms: None,
        rated: false,
        owner,
    }
}

fn log(room: Uuid, seq: i64) -> Write {
    Write::Log(LogRow {
        room_id: room,
        seq,
        at: 1,
        actor: "\"server\"".into(),
        command: "{}".into(),
    })
}

/// A batch notes the log rows of the rooms another node follows, and no others: a room
/// the batch inserts has no follower yet (and is not fenced either: the fence would not
/// see it), and a room fenced twice is fenced once.
#[test]
fn a_batch_fences_stored_rooms_and_notes_the_log_rows_of_followed_ones() {
    let stored = Uuid::new_v4();
    let one = [log(stored, 4)];
    let b = Batch::of(&one);
    assert!(b.notes.is_empty() && b.fences.is_empty());
    assert_eq!(b.mask() & (1 << FENCE | 1 << NOTES), 0);
    let fence = |room, followed| Write::Fence {
        room,
        owner: 7,
        followed,
    };
    let alone = [fence(stored, false), log(stored, 4)];
    let b = Batch::of(&alone);
    assert_eq!(b.fences, vec![(stored, 7)]);
    assert!(b.notes.is_empty(), "nobody follows the room");
    assert_eq!(b.mask() & (1 << FENCE | 1 << NOTES), 1 << FENCE);
    let new = room_row(Some(7));
    let other = Uuid::new_v4();
    let writes = [
        fence(stored, true),
        log(stored, 4),
        fence(stored, true),
        fence(other, false),
        log(other, 9),
        Write::Room(new.clone()),
        fence(new.id, true),
        log(new.id, 0),
    ];
    let b = Batch::of(&writes);
    assert_eq!(b.fences, vec![(stored, 7), (other, 7)]);
    assert_eq!(b.notes, vec![format!("{stored} 4")]);
    assert_eq!(
        b.mask() & (1 << FENCE | 1 << NOTES),
        1 << FENCE | 1 << NOTES
    );
    let opened = [Write::Room(new.clone()), log(new.id, 0)];
    assert!(Batch::of(&opened).notes.is_empty());
}
