// Module Federation needs an async boundary before any shared module is used (shared libs are never eager).
void import('./bootstrap');
