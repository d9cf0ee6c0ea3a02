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

    /// The time since the last lap, added to `name`'s (a step that runs once per chunk sums its chunks).
    pub(crate) fn lap(&mut self, name: &'static str) {
        let now = std::time::Instant::now();
        let ms = (now - self.last).as_millis();
        match self.laps.iter_mut().find(|(n, _)| *n == name) {
            Some((_, total)) => *total += ms,
            None => self.laps.push((name, ms)),
        }
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
