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

fn draft(day: NaiveDate, name: &str, unit: Option<&str>) -> calendar::HolidayDraft {
    calendar::HolidayDraft {
        day,
        name: name.into(),
        unit_id: unit.map(str::to_string),
    }
}

async fn unit(db: &Db, code: &str, active: bool) -> String {
    platform::units::create(
        db,
        platform::units::UnitDraft {
            code: code.into(),
            name: format!("Clínica {code}"),
            city: None,
            state: None,
            active,
        },
        "uid-adm",
        Utc::now(),
    )
    .await
    .unwrap()
    .id
}

#[tokio::test]
async fn administrators_add_and_remove_extra_holidays() {
    for db in engines().await {
        let day = NaiveDate::from_ymd_opt(2026, 7, 9).unwrap();
        let added = calendar::add_holiday(
            &db,
            draft(day, " Revolução  Constitucionalista ", None),
            "uid-adm",
            Utc::now(),
        )
        .await
        .unwrap();
        assert_eq!(added.name, "Revolução Constitucionalista");
        assert_eq!(added.unit_id, None);
        let cal = Calendar::load(&db).await.unwrap();
        assert!(!cal.is_business_day(day));
        // A national holiday or a date already added is refused naming the field.
        let natal = NaiveDate::from_ymd_opt(2026, 12, 25).unwrap();
        for taken in [natal, day] {
            let err =
                calendar::add_holiday(&db, draft(taken, "Outro", None), "uid-adm", Utc::now())
                    .await
                    .unwrap_err();
            assert_eq!(err.fields[0].field, "day", "{err:?}");
        }
        calendar::remove_holiday(&db, day, None).await.unwrap();
        assert!(Calendar::load(&db).await.unwrap().is_business_day(day));
        assert_eq!(
            calendar::remove_holiday(&db, day, None)
                .await
                .unwrap_err()
                .code,
            "nao_encontrado"
        );
    }
}

#[tokio::test]
async fn a_units_holiday_counts_in_that_units_calendar_only() {
    for db in engines().await {
        let fortaleza = unit(&db, "FOR", true).await;
        let recife = unit(&db, "REC", true).await;
        let closed = unit(&db, "OLD", false).await;
        // Thursday 19/03/2026: São José, Fortaleza's municipal holiday.
        let sao_jose = NaiveDate::from_ymd_opt(2026, 3, 19).unwrap();
        let added = calendar::add_holiday(
            &db,
            draft(sao_jose, "São José", Some(&fortaleza)),
            "uid-adm",
            Utc::now(),
        )
        .await
        .unwrap();
        assert_eq!(added.unit_id.as_deref(), Some(fortaleza.as_str()));
        let of_fortaleza = Calendar::load_for(&db, Some(&fortaleza)).await.unwrap();
        assert!(!of_fortaleza.is_business_day(sao_jose));
        assert_eq!(
            of_fortaleza.next_business_day(sao_jose),
            sao_jose.succ_opt().unwrap()
        );
        for other in [
            Calendar::load(&db).await.unwrap(),
            Calendar::load_for(&db, None).await.unwrap(),
            Calendar::load_for(&db, Some(&recife)).await.unwrap(),
        ] {
            assert!(other.is_business_day(sao_jose));
        }
        // Another unit may have its own holiday on the same day; the same unit may not, nor a company-wide one.
        calendar::add_holiday(
            &db,
            draft(sao_jose, "Feriado de Recife", Some(&recife)),
            "uid-adm",
            Utc::now(),
        )
        .await
        .unwrap();
        let same = calendar::add_holiday(
            &db,
            draft(sao_jose, "Outro", Some(&fortaleza)),
            "uid-adm",
            Utc::now(),
        )
        .await
        .unwrap_err();
        assert_eq!(same.fields[0].field, "day");
        assert_eq!(
            same.fields[0].message,
            "19/03/2026 já é feriado da unidade Clínica FOR: São José."
        );
        let everywhere =
            calendar::add_holiday(&db, draft(sao_jose, "Geral", None), "uid-adm", Utc::now())
                .await
                .unwrap_err();
        assert_eq!(everywhere.fields[0].field, "day", "{everywhere:?}");
        // A company-wide holiday refuses a unit's on its day.
        let day = NaiveDate::from_ymd_opt(2026, 7, 9).unwrap();
        calendar::add_holiday(&db, draft(day, "Revolução", None), "uid-adm", Utc::now())
            .await
            .unwrap();
        let err = calendar::add_holiday(
            &db,
            draft(day, "Local", Some(&recife)),
            "uid-adm",
            Utc::now(),
        )
        .await
        .unwrap_err();
        assert_eq!(err.fields[0].message, "09/07/2026 já é feriado: Revolução.");
        // An unknown or inactive unit is refused naming `unit_id`.
        for bad in ["nao-existe", closed.as_str()] {
            let err = calendar::add_holiday(
                &db,
                draft(NaiveDate::from_ymd_opt(2026, 8, 3).unwrap(), "X", Some(bad)),
                "uid-adm",
                Utc::now(),
            )
            .await
            .unwrap_err();
            assert_eq!(err.fields[0].field, "unit_id", "{err:?}");
        }
        // The year's stored holidays: every unit's, or the company-wide ones and one unit's.
        let names = |hs: Vec<calendar::Holiday>| hs.into_iter().map(|h| h.name).collect::<Vec<_>>();
        assert_eq!(
            calendar::stored_holidays(&db, 2026, None)
                .await
                .unwrap()
                .len(),
            3
        );
        assert_eq!(
            names(
                calendar::stored_holidays(&db, 2026, Some(&fortaleza))
                    .await
                    .unwrap()
            ),
            ["São José", "Revolução"]
        );
        assert!(calendar::stored_holidays(&db, 2025, None)
            .await
            .unwrap()
            .is_empty());
        // Editing moves it to another unit (or day); the key is (day, unit).
        let moved = calendar::update_holiday(
            &db,
            sao_jose,
            Some(&fortaleza),
            draft(sao_jose, "São José (mudado)", Some(&closed)),
        )
        .await
        .unwrap_err();
        assert_eq!(moved.fields[0].field, "unit_id");
        let edited = calendar::update_holiday(
            &db,
            sao_jose,
            Some(&fortaleza),
            draft(
                sao_jose.succ_opt().unwrap(),
                "São José (transferido)",
                Some(&fortaleza),
            ),
        )
        .await
        .unwrap();
        assert_eq!(edited.name, "São José (transferido)");
        let of_fortaleza = Calendar::load_for(&db, Some(&fortaleza)).await.unwrap();
        assert!(of_fortaleza.is_business_day(sao_jose));
        assert!(!of_fortaleza.is_business_day(sao_jose.succ_opt().unwrap()));
        // Editing keeps its own day without clashing with itself.
        calendar::update_holiday(
            &db,
            sao_jose,
            Some(&recife),
            draft(sao_jose, "Recife", Some(&recife)),
        )
        .await
        .unwrap();
        assert_eq!(
            calendar::update_holiday(&db, sao_jose, Some(&fortaleza), draft(sao_jose, "X", None))
                .await
                .unwrap_err()
                .code,
            "nao_encontrado"
        );
        calendar::remove_holiday(&db, sao_jose, Some(&recife))
            .await
            .unwrap();
        assert_eq!(
            calendar::remove_holiday(&db, sao_jose, Some(&recife))
                .await
                .unwrap_err()
                .code,
            "nao_encontrado"
        );
    }
}
