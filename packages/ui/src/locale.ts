/**
 * The date components' locale (dayjs's name for Brazilian Portuguese). Its own module so that the provider can name
 * it without loading dayjs (dates.ts), which only date components need and which is not part of the first load.
 */
export const DATES_LOCALE = 'pt-br';
