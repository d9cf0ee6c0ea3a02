//! The CRM profiles of salespeople: ADMIN creates one for an identity user of a sales role and keeps it; a
//! salesperson reads their own, a manager their teams', finance and ADMIN all.

use std::collections::HashMap;
use std::sync::Arc;

use identity::User;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::{Principal, Role};

use super::teams::Teams;
use super::{PersonKpis, UserKpis};
use crate::domain::payout::{Payout, PayoutDraft};
use crate::domain::{Month, Profile, ProfileDraft, ProfileFields};
use crate::permissions::{CRM_USERS_WRITE, PAYOUT_READ};
use crate::store::teams as store;
use crate::store::Stamp;

/// The history entity of a CRM profile.
pub const PROFILE_ENTITY: &str = "crm.user";

/// A profile with its identity user.
#[derive(Debug, Clone)]
pub struct ProfileView {
    pub profile: Profile,
    pub email: String,
    pub role: Option<Role>,
    /// The teams the salesperson is in today (id, name).
    pub teams: Vec<(String, String)>,
}

pub struct Profiles {
    db: Db,
    teams: Arc<Teams>,
}

fn not_found() -> Error {
    Error::not_found("Usuário do CRM não encontrado.")
}

impl Profiles {
    pub fn new(db: Db, teams: Arc<Teams>) -> Profiles {
        Profiles { db, teams }
    }

    /// A user's discount limit in basis points (the sales context's door, unscoped): 0 without a profile or
    /// when the profile is inactive.
    pub async fn discount_limit_bp(&self, user_id: &str) -> Result<i64> {
        Ok(store::profile(&self.db, user_id)
            .await?
            .filter(|p| p.fields.active)
            .map_or(0, |p| p.fields.discount_limit_bp))
    }

    /// What a public page may show of a salesperson (the sales context's door, unscoped): the display name and
    /// WhatsApp of an active profile.
    pub async fn public_contact(&self, user_id: &str) -> Result<Option<(String, Option<String>)>> {
        Ok(store::profile(&self.db, user_id)
            .await?
            .filter(|p| p.fields.active)
            .map(|p| {
                let whatsapp = p.fields.whatsapp.map(|w| w.as_str().to_string());
                (p.fields.display_name, whatsapp)
            }))
    }

    /// The profiles within `p`'s scope.
    pub async fn list(&self, p: &Principal) -> Result<Vec<ProfileView>> {
        let scope = self.teams.scope(p).await?;
        let profiles: Vec<Profile> = store::profiles(&self.db)
            .await?
            .into_iter()
            .filter(|profile| scope.reaches(Some(&profile.user_id), None))
            .collect();
        self.views(profiles).await
    }

    /// One profile, or 404 outside `p`'s scope.
    pub async fn get(&self, p: &Principal, user_id: &str) -> Result<ProfileView> {
        let scope = self.teams.scope(p).await?;
        let profile = store::profile(&self.db, user_id)
            .await?
            .filter(|profile| scope.reaches(Some(&profile.user_id), None))
            .ok_or_else(not_found)?;
        self.views(vec![profile]).await?.pop().ok_or_else(not_found)
    }

    /// The month KPIs of every profile within `p`'s scope (the list's columns), read at once.
    pub async fn month_kpis(&self, p: &Principal, month: Month) -> Result<Vec<PersonKpis>> {
        let uids: Vec<String> = self
            .list(p)
            .await?
            .into_iter()
            .map(|v| v.profile.user_id)
            .collect();
        self.teams.people_kpis(&uids, month).await
    }

    /// One salesperson's month KPIs, open funnel and target history (404 outside `p`'s scope).
    pub async fn kpis(&self, p: &Principal, user_id: &str, month: Month) -> Result<UserKpis> {
        let view = self.get(p, user_id).await?;
        self.teams.user_kpis(&view.profile.user_id, month).await
    }

    /// The profiles with their users' e-mail and role and the teams they are in today.
    async fn views(&self, profiles: Vec<Profile>) -> Result<Vec<ProfileView>> {
        let uids: Vec<&str> = profiles.iter().map(|p| p.user_id.as_str()).collect();
        let users: HashMap<String, User> = self
            .teams
            .users(&uids)
            .await?
            .into_iter()
            .map(|u| (u.uid.clone(), u))
            .collect();
        let team_names = self.team_names().await?;
        let members = store::members(&self.db, None).await?;
        let today = self.teams.today();
        Ok(profiles
            .into_iter()
            .map(|profile| {
                let teams = members
                    .iter()
                    .filter(|m| m.user_id == profile.user_id && m.on(today))
                    .map(|m| {
                        let name = team_names.get(&m.team_id).cloned().unwrap_or_default();
                        (m.team_id.clone(), name)
                    })
                    .collect();
                view(profile, teams, &users)
            })
            .collect())
    }

    async fn team_names(&self) -> Result<HashMap<String, String>> {
        Ok(store::teams(&self.db, true)
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect())
    }

    /// A profile's payout (`None`: not informed yet): only the person, finance and administration read it (403
    /// for anyone else who reaches the profile; 404 outside the scope).
    pub async fn payout(&self, p: &Principal, user_id: &str) -> Result<Option<Payout>> {
        self.get(p, user_id).await?;
        if !(p.is_self(user_id) || p.has(&PAYOUT_READ)) {
            return Err(Error::forbidden(
                "Os dados de pagamento só são vistos pela própria pessoa, pelo financeiro e pela administração.",
            ));
        }
        Ok(store::payout(&self.db, user_id).await?)
    }

    /// Sets (or clears) a profile's payout: the person or an administrator. The history keeps only the kind and
    /// the last characters.
    pub async fn set_payout(
        &self,
        p: &Principal,
        user_id: &str,
        draft: Option<PayoutDraft>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Option<Payout>> {
        self.get(p, user_id).await?;
        if !(p.is_self(user_id) || p.has(&CRM_USERS_WRITE)) {
            return Err(Error::forbidden(
                "Só a própria pessoa ou a administração altera os dados de pagamento.",
            ));
        }
        let payout = draft.map(|d| d.validate()).transpose()?;
        let before = store::payout(&self.db, user_id).await?;
        if before == payout {
            return Ok(payout);
        }
        let stamp = Stamp {
            uid: &p.uid,
            at: now,
        };
        let mut tx = self.db.begin().await?;
        store::set_payout(&mut tx, user_id, payout.as_ref(), &stamp).await?;
        let entry = Entry {
            entity: PROFILE_ENTITY,
            entity_id: user_id,
            action: "Dados de pagamento alterados",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change::new(
                "payout",
                before.as_ref().map(Payout::masked),
                payout.as_ref().map(Payout::masked),
            )],
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        Ok(payout)
    }

    async fn sales_user(&self, user_id: &str) -> Result<User> {
        match self.teams.sales_users().await?.remove(user_id) {
            Some(u) if u.active => Ok(u),
            _ => Err(Error::invalid_field(
                "user_id",
                "Escolha um usuário ativo com papel de vendas (Vendedor ou Gerente de vendas).",
            )),
        }
    }

    async fn check_unit(&self, fields: &ProfileFields) -> Result<()> {
        if let Some(unit) = &fields.unit_id {
            platform::units::active(&self.db, unit, "unit_id").await?;
        }
        Ok(())
    }

    /// Creates the profile of a sales user (one per user: 409 naming it when it exists).
    pub async fn create(
        &self,
        user_id: &str,
        draft: ProfileDraft,
        by: &Principal,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<ProfileView> {
        let user = self.sales_user(user_id).await?;
        let fields = draft.validate()?;
        self.check_unit(&fields).await?;
        let stamp = Stamp {
            uid: &by.uid,
            at: now,
        };
        let mut tx = self.db.begin().await?;
        match store::insert_profile(&mut tx, user_id, &fields, &stamp).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => {
                return Err(Error::conflict(
                    "perfil_existente",
                    format!("{} já tem perfil no CRM.", user.name),
                ))
            }
            Err(e) => return Err(e.into()),
        }
        let entry = Entry {
            entity: PROFILE_ENTITY,
            entity_id: user_id,
            action: "Perfil criado",
            from_state: None,
            to_state: Some(if fields.active { "ATIVO" } else { "INATIVO" }),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, now).await?;
        tx.commit().await?;
        self.get(by, user_id).await
    }

    /// Applies `change` to the stored profile's draft and validates the whole again.
    pub async fn update(
        &self,
        user_id: &str,
        change: impl FnOnce(&mut ProfileDraft),
        by: &Principal,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<ProfileView> {
        let current = store::profile(&self.db, user_id)
            .await?
            .ok_or_else(not_found)?;
        let mut draft = ProfileDraft::of(&current.fields);
        change(&mut draft);
        let fields = draft.validate()?;
        self.check_unit(&fields).await?;
        let stamp = Stamp {
            uid: &by.uid,
            at: now,
        };
        let mut tx = self.db.begin().await?;
        if !store::update_profile(&mut tx, user_id, current.version, &fields, &stamp).await? {
            return Err(Error::conflict(
                "alteracao_concorrente",
                "O perfil foi alterado por outra pessoa ao mesmo tempo. Recarregue e tente novamente.",
            ));
        }
        let changes = changes(&current.fields, &fields);
        if !changes.is_empty() {
            let entry = Entry {
                entity: PROFILE_ENTITY,
                entity_id: user_id,
                action: "Perfil alterado",
                from_state: Some(if current.fields.active {
                    "ATIVO"
                } else {
                    "INATIVO"
                }),
                to_state: Some(if fields.active { "ATIVO" } else { "INATIVO" }),
                reason: None,
                changes,
            };
            history::record(&mut tx, &entry, by, now).await?;
        }
        tx.commit().await?;
        self.get(by, user_id).await
    }

    pub async fn history(&self, p: &Principal, user_id: &str) -> Result<Vec<Recorded>> {
        self.get(p, user_id).await?;
        history::of(&self.db, PROFILE_ENTITY, user_id).await
    }
}

fn view(
    profile: Profile,
    teams: Vec<(String, String)>,
    users: &HashMap<String, User>,
) -> ProfileView {
    let user = users.get(&profile.user_id);
    ProfileView {
        email: user.map(|u| u.email.clone()).unwrap_or_default(),
        role: user.and_then(|u| u.role),
        profile,
        teams,
    }
}

fn changes(a: &ProfileFields, b: &ProfileFields) -> Vec<Change> {
    let opt = |o: &Option<String>| o.clone().unwrap_or_default();
    let company = |f: &ProfileFields| {
        f.company
            .as_ref()
            .map(|c| format!("{} ({}, {})", c.legal_name, c.cnpj, c.municipality))
            .unwrap_or_default()
    };
    let date = |d: Option<chrono::NaiveDate>| {
        d.map(|d| d.format("%d/%m/%Y").to_string())
            .unwrap_or_default()
    };
    [
        Change::of("display_name", &a.display_name, &b.display_name),
        Change::of(
            "whatsapp",
            &a.whatsapp
                .as_ref()
                .map(|w| w.as_str().to_string())
                .unwrap_or_default(),
            &b.whatsapp
                .as_ref()
                .map(|w| w.as_str().to_string())
                .unwrap_or_default(),
        ),
        Change::of("unit_id", &opt(&a.unit_id), &opt(&b.unit_id)),
        Change::of("employment", &a.employment.as_str(), &b.employment.as_str()),
        Change::of("company", &company(a), &company(b)),
        Change::of(
            "discount_limit_bp",
            &a.discount_limit_bp,
            &b.discount_limit_bp,
        ),
        Change::of("active", &a.active, &b.active),
        Change::of("hired_on", &date(a.hired_on), &date(b.hired_on)),
        Change::of("left_on", &date(a.left_on), &date(b.left_on)),
    ]
    .into_iter()
    .flatten()
    .collect()
}
