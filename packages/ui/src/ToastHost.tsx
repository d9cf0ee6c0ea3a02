// Loaded after the first render (BackofficeProvider mounts it lazily): the notifications' code and CSS are not
// part of the first paint. The offset below the header is in backoffice.css (`.bo-notifications`).
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_MS } from './BackofficeProvider';

/** The notifications stack: top right, below the header, four at most, each for NOTIFICATION_MS. */
export default function ToastHost() {
  return <Notifications position="top-right" classNames={{ root: 'bo-notifications' }} autoClose={NOTIFICATION_MS} limit={4} zIndex={1000} />;
}
