import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from './format';
import { DATES_LOCALE } from './locale';

/**
 * dayjs for the Mantine date components: Brazilian Portuguese, and São Paulo as the default zone for
 * `dayjs.tz(...)`. Mantine 9 date components work with zone-less `YYYY-MM-DD` strings (its DatesProvider has
 * no time zone any more); instants are shown with `formatDate`/`formatDateTime` (format.ts), São Paulo time.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale(DATES_LOCALE);
dayjs.tz.setDefault(DISPLAY_TIME_ZONE);

export { DATES_LOCALE };
export { dayjs };
