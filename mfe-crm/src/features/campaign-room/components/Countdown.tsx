import { Stack, Text } from '@backoffice/ui';
import { useEffect, useState } from 'react';
import { countdownText } from '../api/campaignRoomModel';
import { TV_COLORS } from './tvColors';

/** "dd hh:mm:ss" to the campaign's end, ticking every second on the screen from the server's `ends_at`. */
export function Countdown({ endsAt, offsetMs }: { endsAt: string; offsetMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Stack gap={0} align="end" aria-label="Contagem regressiva">
      <Text fz={22} c={TV_COLORS.muted}>
        Termina em (dias hh:mm:ss)
      </Text>
      <Text fz={72} fw={800} c={TV_COLORS.accent} ff="monospace" role="timer">
        {countdownText(endsAt, now + offsetMs)}
      </Text>
    </Stack>
  );
}
