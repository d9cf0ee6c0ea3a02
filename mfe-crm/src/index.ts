// Async boundary for Module Federation; standalone development starts here too.
void import('./bootstrap');
