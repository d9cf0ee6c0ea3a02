// Mantine's styles, imported once for every app (this package is a shared singleton), then our few rules.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './backoffice.css';
