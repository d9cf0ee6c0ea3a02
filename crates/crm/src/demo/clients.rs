//! Demo data: realistic Brazilian clients (valid CPFs and CNPJs, names, e-mails, phones, addresses with
//! real CEP prefixes, cities and UFs), and a bulk loader for the million-client benchmark.
//!
//! Rows are generated deterministically (a seeded RNG), so two runs produce the same clients. The
//! e-mail domains are `example.com.br`-style, so no real address receives anything.

use banking::document::{cnpj_check_digits, cpf_check_digits, Document};
use chrono::{DateTime, Duration, TimeZone, Utc};
use platform::db::Db;
use platform::on_db;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use platform::text::fold;
use platform::values::{Address, Email, Phone};

use crate::domain::{ClientFields, ClientKind, ClientStatus};
use crate::store::clients::{self as store, search_name, search_text};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// Rows per multi-row `INSERT` (17 parameters each: well under both engines' parameter limits).
const ROWS_PER_STATEMENT: usize = 500;
/// Statements per transaction while bulk loading.
const STATEMENTS_PER_TRANSACTION: usize = 20;
/// Who the bulk-loaded rows say created them.
pub const BULK_CREATED_BY: &str = "bench";

/// Inserts `count` demo clients created by `created_by`, unless the table already has clients (then 0).
pub async fn seed(db: &Db, created_by: &str, count: usize) -> Result<usize> {
    if store::count_all(db).await? > 0 {
        return Ok(0);
    }
    let mut faker = Faker::new(7);
    let rows: Vec<DemoRow> = (0..count)
        .map(|i| faker.row(i as u64, created_by))
        .collect();
    insert_batches(db, &rows).await
}

/// Loads `n` more generated clients as fast as the engine allows: multi-row `INSERT`s, many per
/// transaction. Documents continue after the rows already there, so repeated loads add new clients;
/// a document that exists anyway is skipped. Returns how many rows were inserted.
pub async fn bulk_load(db: &Db, n: usize) -> Result<usize> {
    let start = u64::try_from(store::count_all(db).await?).unwrap_or(0);
    let mut faker = Faker::new(42);
    let mut inserted = 0;
    let chunk = ROWS_PER_STATEMENT * STATEMENTS_PER_TRANSACTION;
    let mut next = 0usize;
    while next < n {
        let size = chunk.min(n - next);
        let rows: Vec<DemoRow> = (next..next + size)
            .map(|i| faker.row(start + i as u64, BULK_CREATED_BY))
            .collect();
        inserted += insert_batches(db, &rows).await?;
        next += size;
    }
    Ok(inserted)
}

/// A generated client with its own id and timestamps.
struct DemoRow {
    id: String,
    client: ClientFields,
    created_at: DateTime<Utc>,
    created_by: String,
}

/// Inserts rows in one transaction, `ROWS_PER_STATEMENT` per statement; duplicates are skipped.
async fn insert_batches(db: &Db, rows: &[DemoRow]) -> Result<usize> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let mut inserted = 0u64;
        for batch in rows.chunks(ROWS_PER_STATEMENT) {
            let sql = insert_sql(batch.len());
            let mut query = sqlx::query(&sql);
            for row in batch {
                let c = &row.client;
                query = query
                    .bind(&row.id)
                    .bind(c.kind.as_str())
                    .bind(c.document.as_str())
                    .bind(&c.name)
                    .bind(&c.trade_name)
                    .bind(search_name(c))
                    .bind(search_text(c))
                    .bind(json_list(c.emails.iter().map(Email::as_str)))
                    .bind(json_list(c.phones.iter().map(Phone::as_str)))
                    .bind(c.address.as_ref().and_then(|a| serde_json::to_string(a).ok()))
                    .bind(c.status.as_str())
                    .bind(&c.notes)
                    .bind(row.created_at)
                    .bind(row.created_at)
                    .bind(&row.created_by)
                    .bind(&row.created_by);
            }
            inserted += query.execute(&mut *tx).await?.rows_affected();
        }
        tx.commit().await?;
        Ok(usize::try_from(inserted).unwrap_or(usize::MAX))
    })
}

fn json_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    serde_json::to_string(&items.collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
}

const INSERT_COLUMNS: usize = 16;

fn insert_sql(rows: usize) -> String {
    let mut sql = String::from(
        "INSERT INTO crm_clients (id, kind, document, name, trade_name, search_name, search_text, emails, phones, \
         address, status, notes, created_at, updated_at, created_by, updated_by) VALUES ",
    );
    for r in 0..rows {
        if r > 0 {
            sql.push(',');
        }
        let params: Vec<String> = (1..=INSERT_COLUMNS)
            .map(|c| format!("${}", r * INSERT_COLUMNS + c))
            .collect();
        sql.push('(');
        sql.push_str(&params.join(","));
        sql.push(')');
    }
    sql.push_str(" ON CONFLICT (document) DO NOTHING");
    sql
}

pub(super) const FIRST_NAMES: [&str; 40] = [
    "Ana",
    "Maria",
    "José",
    "João",
    "Antônio",
    "Francisco",
    "Carlos",
    "Paulo",
    "Pedro",
    "Lucas",
    "Luiz",
    "Marcos",
    "Luís",
    "Gabriel",
    "Rafael",
    "Daniel",
    "Marcelo",
    "Bruno",
    "Eduardo",
    "Felipe",
    "Juliana",
    "Márcia",
    "Fernanda",
    "Patrícia",
    "Aline",
    "Sandra",
    "Camila",
    "Amanda",
    "Bruna",
    "Jéssica",
    "Letícia",
    "Júlia",
    "Luciana",
    "Vanessa",
    "Mariana",
    "Gabriela",
    "Vera",
    "Vitória",
    "Larissa",
    "Cláudia",
];

pub(super) const SURNAMES: [&str; 40] = [
    "Silva",
    "Santos",
    "Oliveira",
    "Souza",
    "Rodrigues",
    "Ferreira",
    "Alves",
    "Pereira",
    "Lima",
    "Gomes",
    "Costa",
    "Ribeiro",
    "Martins",
    "Carvalho",
    "Almeida",
    "Lopes",
    "Soares",
    "Fernandes",
    "Vieira",
    "Barbosa",
    "Rocha",
    "Dias",
    "Nascimento",
    "Andrade",
    "Moreira",
    "Nunes",
    "Marques",
    "Machado",
    "Mendes",
    "Freitas",
    "Araújo",
    "Cardoso",
    "Teixeira",
    "Cavalcanti",
    "Monteiro",
    "Barros",
    "Correia",
    "Pinto",
    "Moura",
    "Campos",
];

const BUSINESSES: [&str; 12] = [
    "Comércio de Alimentos",
    "Materiais de Construção",
    "Transportes",
    "Engenharia",
    "Tecnologia",
    "Distribuidora",
    "Serviços Médicos",
    "Agropecuária",
    "Confecções",
    "Autopeças",
    "Consultoria",
    "Indústria Metalúrgica",
];

const LEGAL_FORMS: [&str; 4] = ["Ltda", "S.A.", "ME", "EIRELI"];

/// (city, UF, DDD, first five digits of a real CEP in that city).
const CITIES: [(&str, &str, &str, &str); 20] = [
    ("São Paulo", "SP", "11", "01310"),
    ("Rio de Janeiro", "RJ", "21", "20040"),
    ("Belo Horizonte", "MG", "31", "30130"),
    ("Curitiba", "PR", "41", "80010"),
    ("Porto Alegre", "RS", "51", "90010"),
    ("Salvador", "BA", "71", "40020"),
    ("Recife", "PE", "81", "50030"),
    ("Fortaleza", "CE", "85", "60060"),
    ("Brasília", "DF", "61", "70040"),
    ("Goiânia", "GO", "62", "74003"),
    ("Manaus", "AM", "92", "69005"),
    ("Belém", "PA", "91", "66010"),
    ("Florianópolis", "SC", "48", "88010"),
    ("Campinas", "SP", "19", "13010"),
    ("Santos", "SP", "13", "11010"),
    ("Vitória", "ES", "27", "29010"),
    ("Natal", "RN", "84", "59012"),
    ("João Pessoa", "PB", "83", "58010"),
    ("Cuiabá", "MT", "65", "78005"),
    ("Campo Grande", "MS", "67", "79002"),
];

const STREETS: [&str; 10] = [
    "Rua das Flores",
    "Avenida Brasil",
    "Rua XV de Novembro",
    "Rua Sete de Setembro",
    "Avenida Getúlio Vargas",
    "Rua Dom Pedro II",
    "Rua Tiradentes",
    "Rua São João",
    "Rua Santos Dumont",
    "Avenida Independência",
];

const DISTRICTS: [&str; 8] = [
    "Centro",
    "Jardim América",
    "Vila Nova",
    "Boa Vista",
    "Santa Cruz",
    "São José",
    "Bela Vista",
    "Liberdade",
];

/// A multiplier coprime with 10⁹: `i ↦ i·K mod 10⁹` is a bijection, so distinct indexes get distinct
/// CPF/CNPJ bases that still look random.
const SPREAD: u64 = 387_420_489;

struct Faker {
    rng: StdRng,
    epoch: DateTime<Utc>,
}

impl Faker {
    fn new(seed: u64) -> Faker {
        let epoch = Utc
            .with_ymd_and_hms(2026, 11, 1, 12, 0, 0)
            .single()
            .unwrap_or_else(Utc::now);
        Faker {
            rng: StdRng::seed_from_u64(seed),
            epoch,
        }
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.rng.gen_range(0..items.len())]
    }

    fn digits(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.rng.gen_range(0..10u8)))
            .collect()
    }

    /// The `i`-th client: mostly people, one in five a company (a fifth of those with an alphanumeric CNPJ).
    fn row(&mut self, i: u64, created_by: &str) -> DemoRow {
        let company = self.rng.gen_ratio(1, 5);
        let client = if company {
            self.company(i)
        } else {
            self.person(i)
        };
        let minutes = self.rng.gen_range(0..3 * 365 * 24 * 60);
        DemoRow {
            id: uuid::Uuid::now_v7().to_string(),
            client,
            created_at: self.epoch - Duration::minutes(minutes),
            created_by: created_by.to_string(),
        }
    }

    fn person(&mut self, i: u64) -> ClientFields {
        let first = self.pick(&FIRST_NAMES);
        let (middle, last) = (self.pick(&SURNAMES), self.pick(&SURNAMES));
        let name = format!("{first} {middle} {last}");
        let email = format!("{}.{}{}@example.com.br", slug(first), slug(last), i % 1000);
        self.client(ClientKind::Person, cpf(i), name, None, email)
    }

    fn company(&mut self, i: u64) -> ClientFields {
        let surname = self.pick(&SURNAMES);
        let business = self.pick(&BUSINESSES);
        let form = self.pick(&LEGAL_FORMS);
        let name = format!("{surname} {business} {form}");
        let trade_name = format!(
            "{surname} {}",
            business.split(' ').next().unwrap_or(business)
        );
        let email = format!("contato@{}{}.example.com.br", slug(surname), i % 10_000);
        let alphanumeric = self.rng.gen_ratio(1, 5);
        self.client(
            ClientKind::Company,
            cnpj(i, alphanumeric),
            name,
            Some(trade_name),
            email,
        )
    }

    fn client(
        &mut self,
        kind: ClientKind,
        document: String,
        name: String,
        trade_name: Option<String>,
        email: String,
    ) -> ClientFields {
        let (city, state, ddd, cep_prefix) = CITIES[self.rng.gen_range(0..CITIES.len())];
        let mobile = format!("{ddd}9{}", self.digits(8));
        let mut phones = vec![mobile];
        if self.rng.gen_ratio(1, 3) {
            phones.push(format!("{ddd}3{}", self.digits(7)));
        }
        let address = Address {
            cep: format!("{cep_prefix}{}", self.digits(3)),
            street: self.pick(&STREETS).to_string(),
            number: self.rng.gen_range(1..3000).to_string(),
            complement: if self.rng.gen_ratio(1, 4) {
                format!("Sala {}", self.rng.gen_range(1..300))
            } else {
                String::new()
            },
            district: self.pick(&DISTRICTS).to_string(),
            city: city.to_string(),
            state: state.to_string(),
        };
        let status = match self.rng.gen_range(0..100) {
            0..=79 => ClientStatus::Active,
            80..=94 => ClientStatus::Inactive,
            _ => ClientStatus::Archived,
        };
        ClientFields {
            kind,
            // Generated with their check digits (`cpf`, `cnpj`).
            document: Document::from_stored(&document).expect("a generated document"),
            name,
            trade_name,
            emails: vec![Email::from_stored(email)],
            phones: phones.into_iter().map(Phone::from_stored).collect(),
            address: Some(address),
            status,
            notes: None,
            owner_id: None,
            unit_id: None,
            tags: Vec::new(),
            do_not_contact: false,
            birth_date: None,
        }
    }
}

/// Gives the demo clients that have no owner to `owners` in turn, leaving every third one without an owner (the
/// leads nobody took yet), and tags some of them. Returns how many were given.
pub async fn assign_portfolio(db: &Db, owners: &[String], created_by: &str) -> Result<usize> {
    if owners.is_empty() {
        return Ok(0);
    }
    let ids: Vec<(String,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT id FROM crm_clients WHERE owner_id IS NULL AND created_by = $1 ORDER BY id",
    )
    .bind(created_by)
    .fetch_all(pool)
    .await)?;
    let mut given = 0;
    for (i, (id,)) in ids.iter().enumerate() {
        if i % 3 == 2 {
            continue;
        }
        let owner = &owners[i % owners.len()];
        let tags = match i % 5 {
            0 => r#"["vip"]"#,
            1 => r#"["retorno"]"#,
            _ => "[]",
        };
        on_db!(db, pool => sqlx::query("UPDATE crm_clients SET owner_id = $2, tags = $3 WHERE id = $1")
            .bind(id)
            .bind(owner)
            .bind(tags)
            .execute(pool)
            .await
            .map(|_| ()))?;
        given += 1;
    }
    Ok(given)
}

/// A valid CPF unique to `i` (for `i` below 10⁹).
fn cpf(i: u64) -> String {
    let base = format!(
        "{:09}",
        (i.wrapping_mul(SPREAD) + 100_000_000) % 1_000_000_000
    );
    let first9: [u8; 9] = base.as_bytes().try_into().unwrap_or([b'1'; 9]);
    let dv = cpf_check_digits(&first9);
    format!("{base}{}{}", char::from(dv[0]), char::from(dv[1]))
}

/// A valid CNPJ unique to `i`: a headquarters (`0001`) of an 8-character root; alphanumeric roots have
/// letters in the first two and last characters.
fn cnpj(i: u64, alphanumeric: bool) -> String {
    let mut root: Vec<u8> =
        format!("{:08}", (i.wrapping_mul(SPREAD) + 10_000_000) % 100_000_000).into_bytes();
    if alphanumeric {
        // Letters where numeric CNPJs have digits: no collision with any numeric root.
        root[0] = b'A' + (i % 26) as u8;
        root[7] = b'A' + ((i / 26) % 26) as u8;
    }
    let mut first12 = [b'0'; 12];
    first12[..8].copy_from_slice(&root);
    first12[8..].copy_from_slice(b"0001");
    let dv = cnpj_check_digits(&first12);
    let mut out = String::from_utf8_lossy(&first12).into_owned();
    out.push(char::from(dv[0]));
    out.push(char::from(dv[1]));
    out
}

fn slug(text: &str) -> String {
    fold(text)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use banking::document::{validate_cnpj, validate_cpf};
    use std::collections::HashSet;

    #[test]
    fn generated_documents_are_valid_and_distinct() {
        let mut seen = HashSet::new();
        for i in 0..5_000u64 {
            for doc in [cpf(i), cnpj(i, false), cnpj(i, true)] {
                assert!(seen.insert(doc.clone()), "repeated {doc}");
            }
            assert!(validate_cpf(&cpf(i)).is_ok());
            assert!(validate_cnpj(&cnpj(i, true)).is_ok());
        }
    }

    #[test]
    fn generated_clients_pass_the_api_rules() {
        let mut faker = Faker::new(1);
        for i in 0..500 {
            let c = faker.row(i, "u").client;
            let draft = crate::domain::ClientDraft {
                kind: Some(c.kind.as_str().into()),
                document: Some(c.document.as_str().into()),
                name: Some(c.name.clone()),
                trade_name: c.trade_name.clone(),
                emails: c.emails.iter().map(|e| e.as_str().into()).collect(),
                phones: c.phones.iter().map(|p| p.as_str().into()).collect(),
                address: c.address.clone(),
                status: None,
                notes: None,
                ..Default::default()
            };
            let valid = draft.validate().unwrap_or_else(|e| panic!("{c:?}: {e:?}"));
            assert_eq!(
                (valid.document, valid.phones, valid.address),
                (c.document, c.phones, c.address)
            );
        }
    }
}
