/** The campaign room's pure rules: the countdown's text, the goals' percentages and the room's URL parameters. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const two = (n: number) => String(n).padStart(2, '0');

/** "dd hh:mm:ss" left until `endsAt` (an ISO instant) at `nowMs`; "00 00:00:00" once it has passed. */
export function countdownText(endsAt: string, nowMs: number): string {
  const left = Math.max(0, new Date(endsAt).getTime() - nowMs);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const seconds = Math.floor((left % MINUTE) / SECOND);
  return `${two(days)} ${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/**
 * How far the server's clock is ahead of this screen's (ms), from the `now` it answered and when the answer
 * arrived: a TV with a wrong clock still counts down to the right second.
 */
export function clockOffset(serverNow: string, receivedAtMs: number): number {
  const server = new Date(serverNow).getTime();
  return Number.isNaN(server) ? 0 : server - receivedAtMs;
}

/** A goal's progress in whole percent (floor) from basis points; `null` without a goal. */
export function percentOf(progressBp: number | null | undefined): number | null {
  return progressBp == null ? null : Math.floor(progressBp / 100);
}

/** The bar's value: the percentage capped at 100 (the text says how far above). */
export function barValue(progressBp: number | null | undefined): number {
  return Math.min(100, percentOf(progressBp) ?? 0);
}

/** "62% da meta", "Sem meta definida". */
export function goalText(progressBp: number | null | undefined): string {
  const pct = percentOf(progressBp);
  return pct === null ? 'Sem meta definida' : `${pct}% da meta`;
}

/** The room's URL: `?campanha=<id>` picks a campaign, `?tv=1` hides the controls. */
export function roomParams(params: URLSearchParams): { campaign: string | null; tv: boolean } {
  const campaign = params.get('campanha')?.trim() || null;
  return { campaign, tv: params.get('tv') === '1' };
}
