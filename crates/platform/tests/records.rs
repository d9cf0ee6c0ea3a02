//! Numbering under concurrent creation, history and holidays, on both engines.

use chrono::{NaiveDate, Utc};
use platform::calendar::{self, Calendar};
use platform::db::Db;
use platform::history::{self, Change, Entry, Reason};
use platform::{numbering, Principal};

async fn engines() -> Vec<Db> {
    platform::testing::engines(&[platform::migrations()]).await
}

#[tokio::test]
async fn parallel_writers_get_gapless_distinct_numbers_and_a_rollback_gives_its_number_back() {
    for db in engines().await {
        let writers = (0..40).map(|i| {
            let db = db.clone();
            tokio::spawn(async move {
                let mut tx = db.begin().await.unwrap();
                let number = numbering::next(&mut tx, "CR", 2026).await.unwrap();
                // Every fifth creation fails after taking its number.
                if i % 5 == 0 {
                    tx.rollback().await.unwrap();
                    None
                } else {
                    tx.commit().await.unwrap();
                    Some(number)
                }
            })
        });
        let mut numbers: Vec<String> = futures::future::join_all(writers)
            .await
            .into_iter()
            .filter_map(|r| r.unwrap())
            .collect();
        numbers.sort();
        let expected: Vec<String> = (1..=32).map(|n| format!("CR-2026-{n:06}")).collect();
        assert_eq!(numbers, expected, "{:?}", db.engine());
        // Another prefix and another year count on their own.
        let mut tx = db.begin().await.unwrap();
        assert_eq!(
            numbering::next(&mut tx, "CP", 2026).await.unwrap(),
            "CP-2026-000001"
        );
        assert_eq!(
            numbering::next(&mut tx, "CR", 2027).await.unwrap(),
            "CR-2027-000001"
        );
        tx.commit().await.unwrap();
    }
}

fn principal() -> Principal {
    platform::testing::principal("uid-ana", "Ana Paula Ribeiro")
}

#[tokio::test]
async fn history_is_appended_in_the_transaction_of_the_change() {
    for db in engines().await {
        let reason = Reason::parse("reason", Some("Cliente pediu novo vencimento")).unwrap();
        let entry = Entry {
            entity: "finance.receivable",
            entity_id: "r1",
            action: "Vencimento alterado",
            from_state: Some("aberto"),
            to_state: Some("aberto"),
            reason: Some(&reason),
            changes: Change::of("due_date", &"2026-11-10", &"2026-11-30")
                .into_iter()
                .collect(),
        };
        let mut tx = db.begin().await.unwrap();
        history::record(&mut tx, &entry, &principal(), Utc::now())
            .await
            .unwrap();
        tx.rollback().await.unwrap();
        assert!(history::of(&db, "finance.receivable", "r1")
            .await
            .unwrap()
            .is_empty());

        let mut tx = db.begin().await.unwrap();
        history::record(&mut tx, &entry, &principal(), Utc::now())
            .await
            .unwrap();
        let approved = Entry {
            action: "Aprovado",
            reason: None,
            changes: vec![],
            ..entry.clone()
        };
        history::record(&mut tx, &approved, &principal(), Utc::now())
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let recorded = history::of(&db, "finance.receivable", "r1").await.unwrap();
        let actions: Vec<&str> = recorded.iter().map(|r| r.action.as_str()).collect();
        assert_eq!(actions, ["Vencimento alterado", "Aprovado"]);
        assert_eq!(recorded[0].by_name, "Ana Paula Ribeiro");
        assert_eq!(
            recorded[0].reason.as_deref(),
            Some("Cliente pediu novo vencimento")
        );
        assert_eq!(recorded[0].changes[0].to.as_deref(), Some("2026-11-30"));
        assert!(history::of(&db, "finance.receivable", "r2")
            .await
            .unwrap()
            .is_empty());
    }
}

#[tokio::test]
async fn administrators_add_and_remove_extra_holidays() {
    for db in engines().await {
        let day = NaiveDate::from_ymd_opt(2026, 7, 9).unwrap();
        let added = calendar::add_holiday(
            &db,
            day,
            " Revolução  Constitucionalista ",
            "uid-adm",
            Utc::now(),
        )
        .await
        .unwrap();
        assert_eq!(added.name, "Revolução Constitucionalista");
        let cal = Calendar::load(&db).await.unwrap();
        assert!(!cal.is_business_day(day));
        // A national holiday or a date already added is refused naming the field.
        let natal = NaiveDate::from_ymd_opt(2026, 12, 25).unwrap();
        for taken in [natal, day] {
            let err = calendar::add_holiday(&db, taken, "Outro", "uid-adm", Utc::now())
                .await
                .unwrap_err();
            assert_eq!(err.fields[0].field, "day", "{err:?}");
        }
        calendar::remove_holiday(&db, day).await.unwrap();
        assert!(Calendar::load(&db).await.unwrap().is_business_day(day));
        assert_eq!(
            calendar::remove_holiday(&db, day).await.unwrap_err().code,
            "nao_encontrado"
        );
    }
}
