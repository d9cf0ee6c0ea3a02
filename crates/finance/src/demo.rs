//! Demo data, through the context's own operations; loading it again adds nothing: the clinic network's starter
//! chart of accounts, its cost centres, three bank accounts and seven suppliers with their bank data, created by
//! the demo financial manager (one bank account added by the demo financial assistant, pending confirmation); and
//! forty títulos a receber of crm's demo clients over the last twelve months and the next three, in every state.

use banking::document::{cnpj_check_digits, cpf_check_digits};
use platform::access::{Principal, RoleFlags};
use platform::context::{Demo, DemoUser};
use platform::error::Result;
use platform::values::Address;
use platform::Role;

use chrono::{Days, NaiveDate};

use crate::domain::{
    BankAccountDraft, CostCenterDraft, InstallmentStatus, ReceiptDraft, ReceivableDraft,
    SupplierBankAccountDraft, SupplierDraft, SupplierPatch,
};
use crate::Finance;

const COST_CENTERS: [(&str, &str); 5] = [
    ("ADM", "Administração central"),
    ("COM", "Comercial e marketing"),
    ("CLI-01", "Clínica Centro"),
    ("CLI-02", "Clínica Jardins"),
    ("CLI-03", "Clínica Moema"),
];

pub async fn seed(finance: &Finance, demo: &Demo) -> Result<Vec<String>> {
    let owner = demo
        .user(Role::FinancialManager)
        .or_else(|| demo.user(Role::Admin));
    let by = Principal {
        uid: owner.map(|u| u.uid.clone()).unwrap_or_default(),
        email: owner.map(|u| u.email.clone()).unwrap_or_default(),
        name: "Dados de demonstração".into(),
        role: owner.map(|u| u.role),
        flags: RoleFlags::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    };
    let mut said = Vec::new();
    if finance.chart().count().await? > 0 {
        said.push("Financeiro: o plano de contas já existia.".into());
    } else {
        let created = finance.chart().create_starter(&by).await?;
        said.push(format!(
            "Financeiro: plano de contas inicial com {} contas.",
            created.len()
        ));
    }
    if finance.cost_centers().count().await? > 0 {
        said.push("Financeiro: os centros de custo já existiam.".into());
    } else {
        for (code, name) in COST_CENTERS {
            let draft = CostCenterDraft {
                code: Some(code.into()),
                name: Some(name.into()),
            };
            finance.cost_centers().create(draft, &by).await?;
        }
        said.push(format!(
            "Financeiro: {} centros de custo.",
            COST_CENTERS.len()
        ));
    }
    if finance.bank_accounts().count().await? > 0 {
        said.push("Financeiro: as contas bancárias já existiam.".into());
    } else {
        for (nickname, bank, agency, account, digit, balance) in BANK_ACCOUNTS {
            let draft = BankAccountDraft {
                nickname: Some(nickname.into()),
                bank: Some(bank.into()),
                agency: Some(agency.into()),
                agency_digit: None,
                account: Some(account.into()),
                account_digit: Some(digit.into()),
                opening_balance: Some(balance),
                opening_date: NaiveDate::from_ymd_opt(2026, 1, 1),
            };
            finance.bank_accounts().create(draft, &by).await?;
        }
        said.push(format!(
            "Financeiro: {} contas bancárias.",
            BANK_ACCOUNTS.len()
        ));
    }
    if finance.suppliers().count().await? > 0 {
        said.push("Financeiro: os fornecedores já existiam.".into());
    } else {
        let assistant = acting(
            demo.user(Role::FinancialAssistant),
            Role::FinancialAssistant,
        );
        let manager = acting(demo.user(Role::FinancialManager), Role::FinancialManager);
        let count = seed_suppliers(finance, &manager, &assistant).await?;
        said.push(format!(
            "Financeiro: {count} fornecedores (um com conta bancária pendente de confirmação, um inativo)."
        ));
    }
    if finance.receivables().count().await? > 0 {
        said.push("Financeiro: os títulos a receber já existiam.".into());
    } else {
        let manager = acting(demo.user(Role::FinancialManager), Role::FinancialManager);
        said.push(match seed_receivables(finance, &manager).await? {
            0 => "Financeiro: sem clientes de demonstração, nenhum título a receber.".into(),
            n => format!(
                "Financeiro: {n} títulos a receber (pagos, parciais, vencidos, a vencer, um cancelado, uma baixa sem recebimento)."
            ),
        });
    }
    if finance.agreements().count_collections().await? > 0 {
        said.push("Financeiro: os convênios já existiam.".into());
    } else {
        let manager = acting(demo.user(Role::FinancialManager), Role::FinancialManager);
        let (agreements, boletos) = seed_boletos(finance, &manager).await?;
        said.push(format!(
            "Financeiro: {agreements} convênios de cobrança (Itaú com PIX, Bradesco, Banco do Brasil, Sicoob), um de pagamentos e {boletos} boletos emitidos."
        ));
    }
    if finance
        .remittances()
        .list(Default::default(), 1, 0)
        .await?
        .total
        > 0
    {
        said.push("Financeiro: as remessas de cobrança já existiam.".into());
    } else {
        let manager = acting(demo.user(Role::FinancialManager), Role::FinancialManager);
        if let Some((items, number)) = seed_remittance(finance, &manager).await? {
            said.push(format!(
                "Financeiro: a remessa {number} ({items} boletos), enviada, e o seu retorno (confirmações, uma liquidação, um pagamento abaixo do saldo e um boleto não localizado) na fila de processamento."
            ));
        }
    }
    if finance.payables().count().await? > 0 {
        said.push("Financeiro: as contas a pagar já existiam.".into());
    } else {
        let assistant = acting(
            demo.user(Role::FinancialAssistant),
            Role::FinancialAssistant,
        );
        let manager = acting(demo.user(Role::FinancialManager), Role::FinancialManager);
        let n = seed_payables(finance, &manager, &assistant).await?;
        said.push(format!(
            "Financeiro: {n} contas a pagar de fornecedores (pagas, programadas, em aberto, rascunhos aguardando aprovação)."
        ));
    }
    let manager = acting(demo.user(Role::FinancialManager), Role::FinancialManager);
    if let Some(line) = seed_statement(finance, &manager).await? {
        said.push(line);
    }
    Ok(said)
}

/// An OFX statement of the account the demo receipts went to (automatic reconciliation on) that matches part of the demo receivables:
/// a PIX with the payer's CPF/CNPJ for most receipts recorded on it (confirmed by the engine), credits naming no
/// one for two open installments (suggestions), and a bank fee nobody expects. Run once: an account that already
/// has statement lines is left alone.
async fn seed_statement(finance: &Finance, manager: &Principal) -> Result<Option<String>> {
    use crate::store::reconciliation as store;
    let db = finance.reconciliation().db();
    // The account the demo receipts went to (the one with the most of them).
    let mut best = None;
    for account in finance.bank_accounts().list().await? {
        if !account.active {
            continue;
        }
        if store::lines(db, &account.id, None, 1, 0).await?.1 > 0 {
            return Ok(Some(
                "Financeiro: o extrato de demonstração já existia.".into(),
            ));
        }
        let receipts = store::unreconciled_receipts(db, &account.id).await?;
        if best
            .as_ref()
            .is_none_or(|(_, r): &(_, Vec<store::ReceiptCandidate>)| receipts.len() > r.len())
        {
            best = Some((account, receipts));
        }
    }
    let Some((account, mut receipts)) = best else {
        return Ok(None);
    };
    let today = finance.receivables().today();
    let mut lines: Vec<(String, NaiveDate, i64, String)> = Vec::new();
    receipts.sort_by(|a, b| b.date.cmp(&a.date).then(a.id.cmp(&b.id)));
    // The most recent receipts, but one in five left for a person to find.
    for (n, r) in receipts.iter().take(15).enumerate() {
        if n % 5 == 4 {
            continue;
        }
        lines.push((
            format!("DEMO-R{n:03}"),
            r.date,
            r.amount_cents,
            format!("PIX RECEBIDO {} {}", r.client_document, r.client_name),
        ));
    }
    let open = crate::store::receivables::open_for_account(db, &account.id).await?;
    for (n, i) in open
        .iter()
        .filter(|i| i.due_date < today && i.received_cents == 0)
        .take(2)
        .enumerate()
    {
        lines.push((
            format!("DEMO-T{n:03}"),
            i.due_date,
            i.balance_cents(),
            "TED RECEBIDA".into(),
        ));
    }
    lines.push((
        "DEMO-TARIFA".into(),
        today - Days::new(1),
        -4_590,
        "TARIFA PACOTE SERVICOS".into(),
    ));
    let mut ofx = String::from(
        "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\n\
         CHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX><BANKMSGSRSV1>\
         <STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL\r\n",
    );
    let number = &account.fields.number;
    ofx.push_str(&format!(
        "<BANKACCTFROM><BANKID>{}<BRANCHID>{}<ACCTID>{}{}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\r\n",
        number.bank.code(),
        number.agency,
        number.account,
        number.account_digit
    ));
    for (fitid, day, cents, memo) in &lines {
        let kind = if *cents < 0 { "DEBIT" } else { "CREDIT" };
        let sign = if *cents < 0 { "-" } else { "" };
        let memo: String = memo
            .chars()
            .map(|c| {
                if c == '<' || c == '>' || c == '&' {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        ofx.push_str(&format!(
            "<STMTTRN><TRNTYPE>{kind}<DTPOSTED>{}<TRNAMT>{sign}{}.{:02}<FITID>{fitid}<MEMO>{memo}</STMTTRN>\r\n",
            day.format("%Y%m%d"),
            cents.abs() / 100,
            cents.abs() % 100
        ));
    }
    ofx.push_str("</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n");
    let reconciliation = finance.reconciliation();
    let imported = reconciliation
        .import(
            Some(&account.id),
            "extrato-demo.ofx",
            ofx.as_bytes(),
            manager,
        )
        .await?;
    reconciliation.set_auto_reconcile(&account.id, true).await?;
    let run = reconciliation.run(Some(&account.id), manager).await?;
    Ok(Some(format!(
        "Financeiro: extrato OFX de demonstração da conta {} ({} lançamentos): {} conciliados automaticamente, {} sugestões.",
        account.fields.nickname, imported.new_lines, run.confirmed, run.suggested
    )))
}

const DESCRIPTIONS: [(&str, &str); 8] = [
    ("Tratamento ortodôntico", "1.1.03"),
    ("Clareamento dental", "1.1.03"),
    ("Implante unitário", "1.1.03"),
    ("Pacote de limpeza de pele", "1.1.02"),
    ("Consultas dermatológicas", "1.1.01"),
    ("Plano anual de manutenção", "1.1.04"),
    ("Kit de produtos pós-procedimento", "1.2.01"),
    ("Harmonização facial", "1.1.02"),
];

const METHODS: [&str; 4] = ["BOLETO", "PIX", "CARTAO_CREDITO", "BOLETO"];

/// Forty títulos of crm's demo clients, issued over the last year (the last due dates fall in the next three
/// months), 1 to 6 installments each; past installments mostly paid (some late, with juros and multa), some partly,
/// some left overdue; one título cancelled, one installment written off, one extended, one receipt reversed.
async fn seed_receivables(finance: &Finance, manager: &Principal) -> Result<usize> {
    let query = crm::service::ListQuery {
        limit: 40,
        ..Default::default()
    };
    let clients = finance
        .receivables()
        .crm()
        .clients()
        .list(&query)
        .await?
        .items;
    if clients.is_empty() {
        return Ok(0);
    }
    let accounts = finance.chart().tree().await?;
    let account_id = |code: &str| {
        accounts
            .iter()
            .find(|a| a.account.code.as_str() == code)
            .map(|a| a.account.id.clone())
    };
    let bank = finance
        .bank_accounts()
        .list()
        .await?
        .into_iter()
        .find(|b| b.active)
        .map(|b| b.id);
    let receivables = finance.receivables();
    let today = receivables.today();
    let days = |from: NaiveDate, n: i64| {
        if n >= 0 {
            from + Days::new(n as u64)
        } else {
            from - Days::new(n.unsigned_abs())
        }
    };
    let reason = |text: &str| Some(text.to_string());
    const COUNT: i64 = 40;
    for i in 0..COUNT {
        let client = &clients[i as usize % clients.len()];
        let (description, code) = DESCRIPTIONS[i as usize % DESCRIPTIONS.len()];
        let issue = days(today, -(360 - i * 9));
        let total = 20_000 + (i * 37_913) % 480_000 / 100 * 100;
        let draft = ReceivableDraft {
            client_id: Some(client.id.clone()),
            description: Some(description.into()),
            chart_account_id: account_id(code),
            issue_date: Some(issue),
            total_cents: Some(total),
            installments: Some(1 + i % 6),
            first_due: Some(days(issue, 30)),
            interval_days: None,
            payment_method: Some(METHODS[i as usize % METHODS.len()].into()),
            bank_account_id: bank.clone(),
        };
        let title = receivables.create(draft, manager).await?;
        let Some(bank) = &bank else { continue };
        for read in &title.installments {
            let installment = &read.installment;
            let seq = installment.seq;
            if installment.due_date >= today {
                continue;
            }
            let late = (i + seq) % 4 == 0;
            let paid_on = days(installment.due_date, if late { 12 } else { -2 }).min(today);
            let balance = installment.balance_cents();
            // Overdue receipts carry the 2 % multa and 1 % juros a month the convênio would charge.
            let (fine, interest) = if late {
                (balance * 2 / 100, balance * 12 / 3000)
            } else {
                (0, 0)
            };
            let amount = match (i + seq) % 10 {
                0..=6 => balance + fine + interest,
                7 => balance / 2,
                _ => continue, // left overdue
            };
            let (fine, interest) = if amount < balance {
                (0, 0)
            } else {
                (fine, interest)
            };
            let receipt = ReceiptDraft {
                date: Some(paid_on),
                amount_cents: Some(amount),
                interest_cents: Some(interest),
                fine_cents: Some(fine),
                discount_cents: None,
                bank_account_id: Some(bank.clone()),
                method: Some(if late { "PIX" } else { "BOLETO" }.into()),
            };
            receivables
                .register_receipt(&installment.id, installment.version, receipt, manager)
                .await?;
        }
        let title = receivables.get(&title.receivable.id).await?;
        let open = |n: usize| {
            title
                .installments
                .iter()
                .map(|r| &r.installment)
                .filter(|i| i.status == InstallmentStatus::Aberto && i.received_cents == 0)
                .nth(n)
                .cloned()
        };
        match i {
            // A título cancelled: the client gave up before the treatment.
            33 => {
                let open: Vec<_> = (0..title.installments.len()).map_while(open).collect();
                for installment in open {
                    receivables
                        .cancel(
                            &installment.id,
                            installment.version,
                            reason("Cliente desistiu do tratamento antes de começar.").as_deref(),
                            manager,
                        )
                        .await?;
                }
            }
            // An installment written off (what was left of a partly paid one).
            14 => {
                let open = title
                    .installments
                    .iter()
                    .map(|r| &r.installment)
                    .find(|i| i.status.is_open());
                if let Some(installment) = open {
                    receivables
                        .write_off(
                            &installment.id,
                            installment.version,
                            reason("Cliente mudou-se para o exterior; cobrança inviável.")
                                .as_deref(),
                            manager,
                        )
                        .await?;
                }
            }
            // An installment extended at the client's request.
            37 => {
                if let Some(installment) = open(0) {
                    receivables
                        .extend(
                            &installment.id,
                            installment.version,
                            Some(days(installment.due_date, 15)),
                            reason("Cliente pediu para pagar depois do salário.").as_deref(),
                            manager,
                        )
                        .await?;
                }
            }
            // A receipt reversed: a cheque returned.
            20 => {
                let paid = title
                    .installments
                    .iter()
                    .map(|r| &r.installment)
                    .find(|i| i.status == InstallmentStatus::Pago);
                if let Some(installment) = paid {
                    let detail = receivables.installment(&installment.id).await?;
                    if let Some(receipt) = detail.receipts.first() {
                        receivables
                            .reverse_receipt(
                                &installment.id,
                                &receipt.id,
                                reason("Cheque devolvido pelo banco do cliente.").as_deref(),
                                manager,
                            )
                            .await?;
                    }
                }
            }
            _ => {}
        }
    }
    Ok(COUNT as usize)
}

/// The demo user of `role` acting, or (without demo users) a stand-in with that role.
fn acting(user: Option<&DemoUser>, role: Role) -> Principal {
    Principal {
        uid: user
            .map(|u| u.uid.clone())
            .unwrap_or_else(|| format!("demo-{}", role.as_str().to_lowercase())),
        email: user.map(|u| u.email.clone()).unwrap_or_default(),
        name: format!("Dados de demonstração ({})", role.label()),
        role: Some(role),
        flags: RoleFlags::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

/// A valid CNPJ from its first 12 characters (letters allowed: the alphanumeric CNPJ).
fn cnpj(first12: &str) -> String {
    let bytes: [u8; 12] = first12.as_bytes().try_into().expect("12 characters");
    let [d1, d2] = cnpj_check_digits(&bytes);
    format!("{first12}{}{}", d1 as char, d2 as char)
}

/// A valid CPF from its first 9 digits.
fn cpf(first9: &str) -> String {
    let digits: [u8; 9] = first9.as_bytes().try_into().expect("9 digits");
    let [d1, d2] = cpf_check_digits(&digits);
    format!("{first9}{}{}", d1 as char, d2 as char)
}

/// A demo supplier: document, name, trade name, e-mail, CEP/street/number/district/city/UF, default form, the
/// code of its default account and cost centre, notes.
struct DemoSupplier {
    document: String,
    name: &'static str,
    trade_name: Option<&'static str>,
    email: &'static str,
    phone: &'static str,
    address: (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ),
    method: &'static str,
    account: &'static str,
    center: &'static str,
    notes: Option<&'static str>,
    /// Bank, agência, conta, dígito, tipo; added by the manager (confirmed) or the assistant (pending).
    bank_account: Option<(
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        bool,
    )>,
    /// Type and key, added by the manager.
    pix: Option<(&'static str, String)>,
    active: bool,
}

fn demo_suppliers() -> Vec<DemoSupplier> {
    let lab = cnpj("482913570001");
    let cleaning = cnpj("271846390001");
    vec![
        DemoSupplier {
            document: lab.clone(),
            name: "Laboratório Diagnóstico Paulista Ltda",
            trade_name: Some("LabPaulista"),
            email: "faturamento@labpaulista.com.br",
            phone: "(11) 3456-7890",
            address: (
                "04038-001",
                "Rua Vergueiro",
                "3185",
                "Vila Mariana",
                "São Paulo",
                "SP",
            ),
            method: "BOLETO",
            account: "3.2",
            center: "CLI-01",
            notes: Some(
                "Exames laboratoriais dos pacientes das clínicas; fatura mensal até o dia 5.",
            ),
            bank_account: Some(("341", "0912", "45678", "9", "CORRENTE", true)),
            pix: Some(("CNPJ", lab)),
            active: true,
        },
        DemoSupplier {
            document: cnpj("073519280001"),
            name: "Dental Med Distribuidora de Produtos Odontológicos Ltda",
            trade_name: Some("Dental Med"),
            email: "vendas@dentalmed.com.br",
            phone: "(11) 2765-4400",
            address: (
                "03164-000",
                "Rua Taquari",
                "546",
                "Mooca",
                "São Paulo",
                "SP",
            ),
            method: "BOLETO",
            account: "3.1",
            center: "CLI-02",
            notes: None,
            bank_account: Some(("237", "1533", "0098112", "7", "CORRENTE", true)),
            pix: Some(("EMAIL", "financeiro@dentalmed.com.br".into())),
            active: true,
        },
        DemoSupplier {
            document: cleaning,
            name: "Limpeza Total Serviços de Conservação Ltda",
            trade_name: Some("Limpeza Total"),
            email: "contato@limpezatotal.com.br",
            phone: "(11) 99812-3344",
            address: (
                "05424-020",
                "Rua Cardeal Arcoverde",
                "1220",
                "Pinheiros",
                "São Paulo",
                "SP",
            ),
            method: "PIX",
            account: "5.6",
            center: "ADM",
            notes: Some("Limpeza diária das três clínicas."),
            bank_account: None,
            pix: Some(("ALEATORIA", "7d3f1c2a-4b5e-4f60-9a1b-2c3d4e5f6a7b".into())),
            active: true,
        },
        DemoSupplier {
            document: cpf("529982247"),
            name: "Marcos Antônio Ribeiro",
            trade_name: None,
            email: "marcos.ribeiro.contador@gmail.com",
            phone: "(11) 98123-4567",
            address: (
                "01014-000",
                "Rua Boa Vista",
                "254",
                "Centro",
                "São Paulo",
                "SP",
            ),
            method: "PIX",
            account: "5.5",
            center: "ADM",
            notes: Some("Contador (CRC-SP 1SP234567); honorários mensais."),
            bank_account: Some(("756", "3001", "220145", "3", "CORRENTE", true)),
            pix: Some(("TELEFONE", "+55 11 98123-4567".into())),
            active: true,
        },
        DemoSupplier {
            document: cnpj("7QK4M9T20001"),
            name: "BioImagem Equipamentos Médicos S.A.",
            trade_name: Some("BioImagem"),
            email: "assistencia@bioimagem.com.br",
            phone: "(21) 3222-1010",
            address: (
                "20040-020",
                "Avenida Rio Branco",
                "181",
                "Centro",
                "Rio de Janeiro",
                "RJ",
            ),
            method: "TED",
            account: "5.6",
            center: "CLI-03",
            notes: Some("Manutenção dos equipamentos de imagem; CNPJ no formato alfanumérico."),
            // Added by the assistant: waits for the manager's confirmation.
            bank_account: Some(("001", "3344", "102938", "X", "CORRENTE", false)),
            pix: None,
            active: true,
        },
        DemoSupplier {
            document: cnpj("335170860001"),
            name: "Uniformes Jaleco Branco ME",
            trade_name: Some("Jaleco Branco"),
            email: "pedidos@jalecobranco.com.br",
            phone: "(11) 3091-2233",
            address: (
                "01310-100",
                "Avenida Paulista",
                "900",
                "Bela Vista",
                "São Paulo",
                "SP",
            ),
            method: "PIX",
            account: "3.1",
            center: "ADM",
            notes: None,
            bank_account: Some(("104", "0235", "00012345", "6", "POUPANCA", true)),
            pix: None,
            active: true,
        },
        DemoSupplier {
            document: cnpj("614028950001"),
            name: "Farmácia de Manipulação Vida Ltda",
            trade_name: Some("Farmácia Vida"),
            email: "contato@farmaciavida.com.br",
            phone: "(11) 3567-8899",
            address: (
                "04532-000",
                "Rua Joaquim Floriano",
                "72",
                "Itaim Bibi",
                "São Paulo",
                "SP",
            ),
            method: "BOLETO",
            account: "3.1",
            center: "CLI-02",
            notes: Some("Inativo: contrato encerrado em 2025."),
            bank_account: None,
            pix: None,
            active: false,
        },
    ]
}

async fn seed_suppliers(
    finance: &Finance,
    manager: &Principal,
    assistant: &Principal,
) -> Result<usize> {
    let accounts = finance.chart().tree().await?;
    let centers = finance.cost_centers().list().await?;
    let account_id = |code: &str| {
        accounts
            .iter()
            .find(|a| a.account.code.as_str() == code)
            .map(|a| a.account.id.clone())
    };
    let center_id = |code: &str| {
        centers
            .iter()
            .find(|c| c.fields.code == code)
            .map(|c| c.id.clone())
    };
    let suppliers = demo_suppliers();
    for s in &suppliers {
        let (cep, street, number, district, city, state) = s.address;
        let draft = SupplierDraft {
            document: Some(s.document.clone()),
            name: Some(s.name.into()),
            trade_name: s.trade_name.map(String::from),
            email: Some(s.email.into()),
            phone: Some(s.phone.into()),
            address: Some(Address {
                cep: cep.into(),
                street: street.into(),
                number: number.into(),
                complement: String::new(),
                district: district.into(),
                city: city.into(),
                state: state.into(),
            }),
            default_payment_method: Some(s.method.into()),
            default_chart_account_id: account_id(s.account),
            default_cost_center_id: center_id(s.center),
            notes: s.notes.map(String::from),
        };
        let created = finance.suppliers().create(draft, manager).await?.supplier;
        if let Some((bank, agency, account, digit, kind, confirmed)) = s.bank_account {
            let draft = SupplierBankAccountDraft {
                bank: Some(bank.into()),
                agency: Some(agency.into()),
                agency_digit: None,
                account: Some(account.into()),
                account_digit: Some(digit.into()),
                account_type: Some(kind.into()),
                holder_name: Some(s.name.into()),
                holder_document: Some(s.document.clone()),
            };
            let by = if confirmed { manager } else { assistant };
            finance
                .suppliers()
                .add_bank_account(&created.id, draft, by)
                .await?;
        }
        if let Some((key_type, key)) = &s.pix {
            finance
                .suppliers()
                .add_pix_key(&created.id, Some(key_type), Some(key), manager)
                .await?;
        }
        if !s.active {
            let patch = SupplierPatch {
                active: Some(false),
                ..SupplierPatch::default()
            };
            finance
                .suppliers()
                .update(&created.id, created.version, patch, manager)
                .await?;
        }
    }
    Ok(suppliers.len())
}

/// Nickname, bank, agência, conta, dígito, saldo inicial em 01/01/2026 (centavos).
const BANK_ACCOUNTS: [(&str, &str, &str, &str, &str, i64); 3] = [
    ("Itaú Operacional", "341", "0912", "45678", "9", 18_450_000),
    (
        "Bradesco Recebimentos",
        "237",
        "1234",
        "0098765",
        "4",
        7_230_055,
    ),
    ("Sicoob Folha", "756", "3001", "123456", "0", 1_500_000),
];

/// Convênios de cobrança for Itaú (hybrid, with a PIX key), Bradesco, Banco do Brasil and Sicoob, one de pagamentos
/// (Itaú SISPAG), and boletos for about two thirds of the open BOLETO installments due from today on whose clients
/// have a full address, spread over the four convênios.
async fn seed_boletos(finance: &Finance, manager: &Principal) -> Result<(usize, usize)> {
    use crate::domain::agreement::{CollectionAgreementDraft, PaymentAgreementDraft, PaymentForm};
    use crate::domain::{InstallmentFilter, ReceivableMethod};

    let mut accounts = finance.bank_accounts().list().await?;
    for (nickname, bank, agency, account, digit) in [
        ("Itaú Cobrança", "341", "0912", "12345", "2"),
        ("Banco do Brasil Cobrança", "001", "4321", "87654", "3"),
    ] {
        if accounts.iter().any(|a| a.fields.nickname == nickname) {
            continue;
        }
        let opening = NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date");
        let draft = BankAccountDraft::opened(nickname, bank, agency, account, digit, opening);
        accounts.push(finance.bank_accounts().create(draft, manager).await?);
    }
    let account = |bank: &str| {
        accounts
            .iter()
            .filter(|a| a.fields.number.bank.code() == bank)
            .find(|a| {
                a.fields.nickname.contains("Cobrança")
                    || a.fields.nickname.contains("Receb")
                    || bank == "756"
            })
            .map(|a| a.id.clone())
    };
    let beneficiary = ("Rede Clínicas Bem Estar Ltda", "11.444.777/0001-61");
    // (bank, name, code, carteira, modalidade, variação, layout, first, pix)
    type Plan<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        &'a str,
        i64,
        Option<&'a str>,
    );
    let plans: [Plan<'_>; 4] = [
        (
            "341",
            "Itaú cobrança 109 (com PIX)",
            "12345",
            "109",
            None,
            None,
            "CNAB400",
            1000,
            Some("11444777000161"),
        ),
        (
            "237",
            "Bradesco cobrança 09",
            "4567890",
            "09",
            None,
            None,
            "CNAB400",
            1,
            None,
        ),
        (
            "001",
            "Banco do Brasil cobrança 17",
            "1234567",
            "17",
            None,
            Some("019"),
            "CNAB240",
            1,
            None,
        ),
        (
            "756",
            "Sicoob cobrança 1",
            "123456",
            "1",
            Some("01"),
            None,
            "CNAB240",
            1,
            None,
        ),
    ];
    let mut agreements = Vec::new();
    for (bank, name, code, carteira, modalidade, variacao, layout, first, pix) in plans {
        let Some(account_id) = account(bank) else {
            continue;
        };
        let draft = CollectionAgreementDraft {
            name: Some(name.into()),
            beneficiary_name: Some(beneficiary.0.into()),
            beneficiary_document: Some(beneficiary.1.into()),
            beneficiary_code: Some(code.into()),
            carteira: Some(carteira.into()),
            modalidade: modalidade.map(Into::into),
            variacao: variacao.map(Into::into),
            layout: Some(layout.into()),
            nosso_numero_first: Some(first),
            nosso_numero_last: Some(first + 999_999),
            fine_bp: Some(200),
            interest_monthly_bp: Some(100),
            protest_days: (bank == "341").then_some(10),
            baixa_days: Some(60),
            settlement_days: Some(if bank == "756" { 2 } else { 1 }),
            pix_key: pix.map(Into::into),
            ..CollectionAgreementDraft::default()
        };
        match finance
            .agreements()
            .create_collection(Some(&account_id), draft, manager)
            .await
        {
            Ok(a) => agreements.push(a),
            Err(e) => tracing::warn!("convênio de demonstração {name} recusado: {e}"),
        }
    }
    if let Some(itau) = account("341") {
        let draft = PaymentAgreementDraft {
            name: Some("Itaú SISPAG".into()),
            code: Some("004512".into()),
            layout: Some("CNAB240".into()),
            next_file_sequence: Some(1),
            methods: Some(PaymentForm::ALL.to_vec()),
        };
        finance
            .agreements()
            .create_payment(Some(&itau), draft, manager)
            .await?;
    }
    if agreements.is_empty() {
        return Ok((0, 0));
    }
    let today = finance.receivables().today();
    let filter = InstallmentFilter {
        due_from: Some(today),
        statuses: vec![InstallmentStatus::Aberto],
        payment_method: Some(ReceivableMethod::Boleto),
        ..InstallmentFilter::default()
    };
    let page = finance.receivables().list(filter, false, 500, 0).await?;
    let mut eligible = Vec::new();
    for read in page.items {
        let i = read.installment;
        let Ok(client) = finance
            .receivables()
            .crm()
            .clients()
            .get(&i.client_id)
            .await
        else {
            continue;
        };
        let problems = crate::domain::boleto::payer_problems(
            &client.fields.name,
            client.fields.document.as_str(),
            client.fields.address.as_ref(),
        );
        if problems.is_empty() && i.balance_cents() > 0 {
            eligible.push(i.id);
        }
    }
    // About two thirds, round-robin over the convênios (the Itaú one, hybrid, gets the first share).
    let chosen: Vec<String> = eligible
        .into_iter()
        .enumerate()
        .filter(|(n, _)| n % 3 != 2)
        .map(|(_, id)| id)
        .collect();
    let mut issued = 0;
    for (k, agreement) in agreements.iter().enumerate() {
        let share: Vec<String> = chosen
            .iter()
            .enumerate()
            .filter(|(n, _)| n % agreements.len() == k)
            .map(|(_, id)| id.clone())
            .collect();
        if share.is_empty() {
            continue;
        }
        issued += finance
            .boletos()
            .issue(&share, Some(&agreement.id), manager)
            .await?
            .len();
    }
    Ok((agreements.len(), issued))
}

/// A year of payables of the active demo suppliers (one a month each, on the 10th, paid by DEBITO_AUTOMATICO or
/// DINHEIRO): created by the assistant and approved by the manager; those due by today paid on their due date,
/// those of the next weeks scheduled, the next month's left approved, and a few drafts awaiting approval.
async fn seed_payables(
    finance: &Finance,
    manager: &Principal,
    assistant: &Principal,
) -> Result<usize> {
    use crate::domain::payable::{InstallmentDraft, PayableDraft, PaymentDraft, ShareDraft};
    use chrono::Datelike;
    let today = finance.payables().today();
    let (suppliers, _) = finance
        .suppliers()
        .list(&crate::domain::SupplierFilter::default(), 50, 0)
        .await?;
    let accounts = finance.chart().tree().await?;
    let fallback = accounts
        .iter()
        .find(|a| a.account.code.as_str() == "5.6")
        .map(|a| a.account.id.clone());
    let centers = finance.cost_centers().list().await?;
    let bank = finance.bank_accounts().list().await?.into_iter().next();
    let calendar = platform::calendar::Calendar::with_extra(Vec::new());
    let mut count = 0;
    for (n, supplier) in suppliers.iter().filter(|s| s.active).take(5).enumerate() {
        let Some(account) = supplier
            .fields
            .default_chart_account_id
            .clone()
            .or_else(|| fallback.clone())
        else {
            continue;
        };
        for back in -11i32..=1 {
            let month = today.with_day(1).unwrap_or(today);
            let month = if back < 0 {
                month.checked_sub_months(chrono::Months::new(back.unsigned_abs()))
            } else {
                month.checked_add_months(chrono::Months::new(back as u32))
            };
            let Some(month) = month else { continue };
            let due = month.with_day(10).unwrap_or(month);
            let total = 85_000 + (n as i64) * 37_150 + i64::from(back + 11) * 1_233;
            let draft = PayableDraft {
                supplier_id: Some(supplier.id.clone()),
                document_kind: Some(if n % 2 == 0 { "NFE" } else { "FATURA" }.into()),
                document_number: Some(format!("{}{:02}", 1000 + n * 100, month.month())),
                document_series: Some(format!("{}", month.year() - 2024)),
                description: Some(format!(
                    "{} — {:02}/{}",
                    supplier
                        .fields
                        .trade_name
                        .clone()
                        .unwrap_or_else(|| supplier.fields.name.clone()),
                    month.month(),
                    month.year()
                )),
                chart_account_id: Some(account.clone()),
                rateio: centers
                    .iter()
                    .take(2)
                    .map(|c| ShareDraft {
                        cost_center_id: Some(c.id.clone()),
                        percent_bp: Some(5000),
                        amount_cents: None,
                    })
                    .collect(),
                competence: Some(format!("{:02}/{}", month.month(), month.year())),
                issue_date: Some(month),
                total_cents: Some(total),
                installments: vec![InstallmentDraft {
                    due_date: Some(due),
                    payment_method: Some(
                        if n % 2 == 0 {
                            "DEBITO_AUTOMATICO"
                        } else {
                            "DINHEIRO"
                        }
                        .into(),
                    ),
                    ..InstallmentDraft::default()
                }],
                ..PayableDraft::default()
            };
            let created = finance.payables().create(draft, None, assistant).await?;
            count += 1;
            let p = &created.payable;
            // The last month of two suppliers: drafts awaiting approval.
            if back == 1 && n < 2 {
                finance
                    .payables()
                    .request_approval(&p.id, p.version, assistant)
                    .await?;
                continue;
            }
            let approved = finance
                .payables()
                .approve(&p.id, p.version, manager)
                .await?;
            let installment = &approved.installments[0];
            if due <= today {
                let Some(bank) = &bank else { continue };
                let payment = PaymentDraft {
                    date: Some(due),
                    amount_cents: Some(total),
                    charges_cents: Some(0),
                    discount_cents: Some(0),
                    bank_account_id: Some(bank.id.clone()),
                    receipt_file_id: None,
                };
                finance
                    .payables()
                    .pay(&installment.id, installment.version, payment, assistant)
                    .await?;
            } else if due <= today + Days::new(35) {
                let day = calendar.next_business_day(due);
                finance
                    .payables()
                    .schedule(
                        &installment.id,
                        installment.version,
                        Some(day),
                        bank.as_ref().map(|b| b.id.as_str()),
                        assistant,
                    )
                    .await?;
            }
        }
    }
    Ok(count)
}

/// A sent remessa de cobrança of up to eight pending boletos (two at least) of the first CNAB 240 convênio, and
/// its retorno as the bank would write it (entries confirmed, one liquidação, one paid below the saldo, one
/// boleto not found: two pendências), queued for the worker to apply.
async fn seed_remittance(
    finance: &Finance,
    manager: &Principal,
) -> Result<Option<(usize, String)>> {
    use crate::domain::agreement::Layout;
    use crate::domain::remittance::company_of;
    use banking::cnab::{self, retorno::RetornoItem, RemessaHeader};

    for a in finance.agreements().collections(None).await? {
        if a.fields.layout != Layout::Cnab240 || !a.active {
            continue;
        }
        let pending = finance.remittances().pending(&a.id).await?;
        let ids: Vec<String> = pending
            .items
            .iter()
            .filter(|p| p.instruction_id.is_none())
            .take(8)
            .map(|p| p.boleto_id.clone())
            .collect();
        if ids.len() < 2 {
            continue;
        }
        let draft = finance
            .remittances()
            .create(Some(&a.id), Some(&ids), Some(&[]), manager)
            .await?;
        let id = draft.remittance.id.clone();
        finance.remittances().generate(&id, manager).await?;
        let sent = finance.remittances().mark_sent(&id, manager).await?;
        let company = company_of(&a);
        let today = finance.boletos().today();
        let nosso = |n: i64| cnab::nosso_numero_for_cnab(a.bank, &company, &n.to_string()).ok();
        let item = |n: i64, code: &str, amount: i64, paid: i64| RetornoItem {
            occurrence_code: code.into(),
            settled: code == "06",
            nosso_numero: nosso(n).unwrap_or_default(),
            amount,
            paid_amount: paid,
            net_amount: paid,
            occurrence_date: Some(today),
            credit_date: today.checked_add_days(Days::new(1)),
            ..RetornoItem::default()
        };
        let mut items: Vec<RetornoItem> = sent
            .items
            .iter()
            .map(|i| item(i.nosso_numero, "02", i.amount_cents, 0))
            .collect();
        let first = &sent.items[0];
        items.push(item(
            first.nosso_numero,
            "06",
            first.amount_cents,
            first.amount_cents,
        ));
        let second = &sent.items[1];
        items.push(item(
            second.nosso_numero,
            "06",
            second.amount_cents,
            second.amount_cents / 2,
        ));
        items.push(item(a.fields.nosso_numero_last, "06", 15_000, 15_000));
        let header = RemessaHeader {
            bank: a.bank,
            company: company.clone(),
            sequence: 1,
            generated_at: today.and_hms_opt(7, 30, 0).unwrap_or_default(),
        };
        let mut bytes = Vec::new();
        if cnab::c240::write_retorno(&header, &items, &mut bytes).is_err() {
            return Ok(Some((sent.items.len(), sent.remittance.number)));
        }
        finance
            .bank_returns()
            .import(Some(&a.bank_account_id), "RETORNO-DEMO.RET", bytes, manager)
            .await?;
        return Ok(Some((sent.items.len(), sent.remittance.number)));
    }
    Ok(None)
}
