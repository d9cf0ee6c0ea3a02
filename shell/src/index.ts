// Start fetching the runtime config while the bootstrap chunks download instead of after them. Plain fetch
// here: nothing shared may be imported before the async boundary below.
window.__runtimeConfigResponse = fetch('/runtime-config.json', { cache: 'no-store' });

// Module Federation needs an async boundary before any shared module is used (shared libs are never eager).
void import('./bootstrap');
