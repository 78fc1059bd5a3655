//! The lobby's list with 10,000 live rooms: what `GET /api/rooms` and the live lobby's
//! `snapshot` cost. The rooms are a mix of the lobby's: waiting with one seat taken,
//! playing, private, and finished (the last two not listed).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use lobby::{
    Actor, Command, FirstSeat, Participant, PlayerId, Room, RoomConfig, Timestamp, Visibility,
};
use rules::{AnyOptions, Seat, Variant};
use server::rooms::{lobby_list, lobby_page, RoomSummary};
use uuid::Uuid;

const ROOMS: usize = 10_000;

fn person(n: u128) -> Participant {
    Participant::new(PlayerId(Uuid::from_u128(n)), format!("Player {n}"))
}

/// Room `i`: a quarter of each kind.
fn room(i: usize) -> Room {
    let variant = Variant::ALL[i % Variant::ALL.len()];
    let host = person(i as u128 * 2 + 1);
    let mut config = RoomConfig::new(
        Uuid::from_u128(i as u128 + 1),
        AnyOptions::default_for(variant),
        host.clone(),
    );
    if i % 4 == 2 {
        config.visibility = Visibility::Private {
            invite_code: format!("CODE{i}"),
        };
    }
    let at = Timestamp(1_767_225_600_000 + i as u64);
    let Ok((mut room, _)) = Room::new(config, at) else {
        panic!("room {i} refused");
    };
    let host = Actor::Player(host);
    let _ = room.handle(&host, at, Command::TakeSeat { seat: None });
    if i % 4 != 0 {
        let seats: Vec<Seat> = room.layout().iter().collect();
        for (n, _) in seats.iter().enumerate().skip(1) {
            let guest = Actor::Player(person(i as u128 * 2 + 2 + n as u128 * 100_000));
            let _ = room.handle(&guest, at, Command::TakeSeat { seat: None });
        }
        let _ = room.handle(
            &host,
            at,
            Command::Start {
                first: FirstSeat::Lot(i as u64),
            },
        );
    }
    if i % 4 == 3 {
        let _ = room.handle(&host, at, Command::Abort);
    }
    room
}

fn listing(c: &mut Criterion) {
    let summaries: Vec<RoomSummary> = (0..ROOMS).map(|i| RoomSummary::of(&room(i))).collect();
    let listed = lobby_list(summaries.iter().cloned()).len();
    assert_eq!(listed, ROOMS / 2, "half the rooms are listed");
    let mut group = c.benchmark_group("lobby list, 10000 rooms");
    group.bench_function("list (filter and sort)", |b| {
        b.iter(|| lobby_list(black_box(summaries.iter().cloned())));
    });
    group.bench_function("GET /api/rooms first page (list and JSON)", |b| {
        b.iter(|| {
            let page = lobby_page(lobby_list(black_box(summaries.iter().cloned())), 0, 50);
            serde_json::to_vec(&page).map(|v| v.len())
        });
    });
    group.bench_function("live snapshot (list and JSON of every room)", |b| {
        b.iter(|| {
            let list = lobby_list(black_box(summaries.iter().cloned()));
            serde_json::to_vec(&serde_json::json!({ "rooms": list })).map(|v| v.len())
        });
    });
    group.finish();
}

criterion_group!(benches, listing);
criterion_main!(benches);
