//! The command line: `backoffice serve | migrate | openapi | users create | demo-data | access-table | banking …`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use identity::NewUser;
use platform::clock::SystemClock;
use platform::config::Config;
use platform::context::Demo;
use platform::db::Db;
use platform::{Role, RoleFlags};
use poem::listener::{Listener, TcpListener};

use crate::app::{self, failure::Error, failure::Result, App};
use crate::docs;

#[derive(Parser)]
#[command(
    name = "backoffice",
    version,
    about = "Backoffice: servidor, migrações e ferramentas de linha de comando"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Runs the server (port BACKOFFICE_PORT, default 3001; address BACKOFFICE_BIND, default 127.0.0.1).
    Serve,
    /// Applies pending database migrations and exits.
    Migrate,
    /// Prints the OpenAPI document (or writes it with --out).
    Openapi {
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// User administration.
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// Loads the demo data set (users for every role, clients) and prints the demo users' credentials.
    DemoData {
        /// Also bulk-load this many generated clients (for benchmarks: 1000000).
        #[arg(long, default_value_t = 0)]
        bulk_clients: usize,
        /// Also bulk-load this many open opportunities into the funnel (for benchmarks: 50000).
        #[arg(long, default_value_t = 0)]
        bulk_opportunities: usize,
    },
    /// Prints the access tables (Markdown) of docs/access.md, or rewrites them in FILE (after its marker line).
    AccessTable {
        #[arg(long)]
        update: Option<PathBuf>,
    },
    /// Writes the web guard's access rules (permissions and route rules, TypeScript) for packages/auth.
    WebAccess {
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Stock ledger maintenance: `rebuild-balances` recomputes the balance and consumption projections from the
    /// ledger, `check` reports where they differ (exit status 1).
    Stock {
        #[command(subcommand)]
        command: StockCommand,
    },
    /// Bank files and boletos: JSON in, JSON out (`backoffice banking --help`).
    Banking {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

#[derive(Subcommand)]
pub enum StockCommand {
    /// Recomputes `stock_balances` and `stock_consumption_daily` from the ledger, in one transaction.
    RebuildBalances,
    /// Compares `stock_balances` and `stock_consumption_daily` with the ledger; prints each difference and exits 1
    /// when there is one.
    Check,
}

#[derive(Subcommand)]
pub enum UsersCommand {
    /// Creates a user and prints the new uid.
    Create(CreateUser),
}

#[derive(Args)]
pub struct CreateUser {
    #[arg(long)]
    email: String,
    #[arg(long)]
    name: String,
    /// FINANCIAL_ASSISTANT, FINANCIAL_MANAGER, LEGAL_ASSISTANT, ADMIN, SUPER_ADMIN, SALESPERSON, SALES_MANAGER, PURCHASING_ASSISTANT, PURCHASING_MANAGER, STOCK_KEEPER, STOCK_MANAGER, CLINIC_STAFF
    #[arg(long)]
    role: String,
    #[arg(long)]
    password: String,
    #[arg(long)]
    can_see_conciliation: bool,
    #[arg(long)]
    can_see_dispatch: bool,
    #[arg(long)]
    can_approval_dispatch: bool,
    #[arg(long)]
    access_hub: bool,
    #[arg(long)]
    password_updated: bool,
}

/// Runs a parsed command line; returns the process exit status.
pub async fn run(cli: Cli) -> Result<i32> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(Config::from_env()?).await.map(|_| 0),
        Command::Migrate => {
            let config = Config::from_env()?;
            let db = Db::connect(&config.database_url).await?;
            db.migrate(&app::migrations()).await?;
            println!("migrações aplicadas em {}", config.database_url);
            Ok(0)
        }
        Command::Openapi { out } => {
            let spec = openapi_json().await?;
            match out {
                Some(path) => std::fs::write(path, spec)?,
                None => println!("{spec}"),
            }
            Ok(0)
        }
        Command::Users {
            command: UsersCommand::Create(args),
        } => create_user(args).await,
        Command::DemoData {
            bulk_clients,
            bulk_opportunities,
        } => demo_data(bulk_clients, bulk_opportunities).await.map(|_| 0),
        Command::AccessTable { update } => {
            match update {
                Some(path) => docs::update_access_doc(&path)?,
                None => print!("{}", docs::access_table()?),
            }
            Ok(0)
        }
        Command::WebAccess { out } => {
            let code = docs::web_access()?;
            match out {
                Some(path) => std::fs::write(path, code)?,
                None => print!("{code}"),
            }
            Ok(0)
        }
        Command::Stock { command } => stock(command).await,
        Command::Banking { args } => {
            let status = banking::cli::run(
                &args,
                &mut std::io::stdin().lock(),
                &mut std::io::stdout().lock(),
            );
            Ok(status)
        }
    }
}

pub async fn serve(config: Config) -> Result<()> {
    let started = std::time::Instant::now();
    let addr = std::net::SocketAddr::new(config.bind, config.port);
    let max_connections = config.http.max_connections;
    let app = App::start(config).await?;
    let routes = app.routes();
    tracing::info!(%addr, elapsed_ms = started.elapsed().as_millis() as u64, "backoffice ready");
    let worker = app.on_serve();
    let acceptor = TcpListener::bind(addr).into_acceptor().await?;
    crate::http::server(acceptor, max_connections, crate::http::IDLE_TIMEOUT)
        .run_with_graceful_shutdown(routes, shutdown_signal(), Some(Duration::from_secs(10)))
        .await?;
    app.on_stop().await;
    worker.shutdown(Duration::from_secs(10)).await;
    app.db().close().await;
    tracing::info!("backoffice stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("SIGTERM handler");
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
    tracing::info!("shutting down: finishing requests in flight");
}

/// The OpenAPI document, built over a throw-away in-memory database.
pub async fn openapi_json() -> Result<String> {
    let db = Db::connect("sqlite::memory:").await?;
    db.migrate(&app::migrations()).await?;
    // Nothing is stored: files go to a temporary directory rather than ./data.
    let files = std::env::temp_dir()
        .join("backoffice-openapi-files")
        .display()
        .to_string();
    let config = Config::from_lookup(|k| (k == "BACKOFFICE_FILES_DIR").then(|| files.clone()))?;
    let app = App::with_db(config, db, Arc::new(SystemClock)).await?;
    Ok(app.api_service().spec())
}

async fn create_user(args: CreateUser) -> Result<i32> {
    let role = Role::parse(&args.role.to_uppercase()).ok_or_else(|| {
        let all: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
        Error(format!(
            "--role inválido: {}. Use um de: {}",
            args.role,
            all.join(", ")
        ))
    })?;
    let app = App::start(Config::from_env()?).await?;
    let user = app
        .contexts
        .identity
        .create_user(NewUser {
            email: args.email,
            name: args.name,
            role: Some(role),
            flags: RoleFlags {
                can_see_conciliation: args.can_see_conciliation,
                can_see_dispatch: args.can_see_dispatch,
                can_approval_dispatch: args.can_approval_dispatch,
            },
            access_hub: args.access_hub,
            is_password_updated: args.password_updated,
            password: Some(args.password),
        })
        .await
        .map_err(|e| {
            let fields: Vec<String> = e
                .fields
                .iter()
                .map(|f| format!("{}: {}", f.field, f.message))
                .collect();
            Error(if fields.is_empty() {
                e.message.clone()
            } else {
                format!("{} ({})", e.message, fields.join("; "))
            })
        })?;
    println!("{}", user.uid);
    Ok(0)
}

async fn stock(command: StockCommand) -> Result<i32> {
    let app = App::start(Config::from_env()?).await?;
    let ledger = app.contexts.stock.ledger();
    match command {
        StockCommand::RebuildBalances => {
            let rows = ledger
                .rebuild_balances()
                .await
                .map_err(|e| Error(e.for_operator().to_string()))?;
            println!("saldos de estoque recalculados a partir do razão: {rows} linhas");
            Ok(0)
        }
        StockCommand::Check => {
            let drift = ledger
                .check()
                .await
                .map_err(|e| Error(e.for_operator().to_string()))?;
            let consumption = ledger
                .check_consumption()
                .await
                .map_err(|e| Error(e.for_operator().to_string()))?;
            if drift.0.is_empty() && consumption.0.is_empty() {
                println!("estoque: saldos e consumo conferem com o razão");
                return Ok(0);
            }
            for ((material, location, lot), (stored, ledger)) in &drift.0 {
                println!(
                    "divergência: material {material} local {location} lote '{lot}': saldo {stored}, razão {ledger}"
                );
            }
            for ((material, location, day), (stored, ledger)) in &consumption.0 {
                println!(
                    "divergência de consumo: material {material} local {location} dia {day}: \
                     projeção {stored:?}, razão {ledger:?} (quantidade, valor)"
                );
            }
            println!(
                "estoque: {} saldos e {} consumos diários divergem do razão",
                drift.0.len(),
                consumption.0.len()
            );
            Ok(1)
        }
    }
}

async fn demo_data(bulk_clients: usize, bulk_opportunities: usize) -> Result<()> {
    let app = App::start(Config::from_env()?).await?;
    let mut demo = Demo::default();
    if bulk_clients > 0 {
        demo.bulk.insert(crm::BULK_CLIENTS, bulk_clients);
    }
    if bulk_opportunities > 0 {
        demo.bulk
            .insert(crm::BULK_OPPORTUNITIES, bulk_opportunities);
    }
    for line in app.contexts.seed_demo(&mut demo).await? {
        println!("{line}");
    }
    Ok(())
}
