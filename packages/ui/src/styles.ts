// Mantine's styles, imported once for every app (this package is a shared singleton), then our few rules.
// The notifications' CSS comes with them, after the first render (ToastHost.tsx).
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './backoffice.css';
