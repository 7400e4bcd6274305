use clap::Parser;
use lifegraph::app::Application;
use lifegraph::config::{Cli, Command};

/// jemalloc serves the whole process, SQLite's C code included (it replaces `malloc`), and its
/// background thread gives freed pages back to the system about a second after they were freed
/// (`dirty_decay_ms` in `.cargo/config.toml`), whichever thread freed them. glibc's allocator
/// kept what a burst of connections had used (a server at 256 connections stayed at three times
/// its live heap); mimalloc gave pages back only when the thread that freed them allocated again,
/// so a server that fell idle kept 7-21 MB that nothing used.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Openapi => {
            println!("{}", lifegraph::openapi::document().to_pretty_json()?);
            Ok(())
        }
        Command::Serve(config) => {
            lifegraph::telemetry::init(config.log_format);
            // Two rustls providers are compiled in; rustls panics unless one is chosen.
            let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
            tracing::info!(config = ?config, "starting");
            let app = Application::build(*config).await?;
            let public_url = app.state().config.public_url();
            tracing::info!("Lifegraph is listening on {public_url}");
            println!("Lifegraph is ready at {public_url}");
            app.run_until_stopped(shutdown_signal()).await
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
