//! Per-step wall times of the bulk operations (retorno apply, remessa generation, boleto batch).

/// Where a bulk operation spends its time, logged once per run (a slow file is then explained by its log line).
pub(crate) struct Laps {
    last: std::time::Instant,
    laps: Vec<(&'static str, u128)>,
}

impl Laps {
    pub(crate) fn start() -> Laps {
        Laps {
            last: std::time::Instant::now(),
            laps: Vec::new(),
        }
    }

    pub(crate) fn lap(&mut self, name: &'static str) {
        let now = std::time::Instant::now();
        self.laps.push((name, (now - self.last).as_millis()));
        self.last = now;
    }

    pub(crate) fn summary(&self) -> String {
        self.laps
            .iter()
            .map(|(name, ms)| format!("{name} {ms} ms"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
