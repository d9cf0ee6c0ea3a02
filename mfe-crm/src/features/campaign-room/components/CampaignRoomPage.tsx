import type { CampaignRoom, CampaignRoomCampaign } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Alert, Anchor, Box, Group, Link, NativeSelect, Spinner, Stack, Text, Title, formatDate, useSearchParams } from '@backoffice/ui';
import { clockOffset, roomParams } from '../api/campaignRoomModel';
import { useCampaignRoom } from '../api/campaignRoomQueries';
import { Board } from './Board';
import { TV_COLORS } from './tvColors';

/**
 * `/blackfriday`, "Sala da campanha": a TV screen for sales rooms (no layout). The running Black Friday, or the
 * campaign of `?campanha=<id>`: countdown, goals, rankings, the latest sales (first name and item only) and the
 * price list, read again every 30 s (polling; no server push). `?tv=1` hides the picker and the links.
 */
export default function CampaignRoomPage(_props: PageProps) {
  const [params, setParams] = useSearchParams();
  const { campaign, tv } = roomParams(params);
  const room = useCampaignRoom(campaign);
  const pick = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('campanha', id);
    else next.delete('campanha');
    setParams(next);
  };
  return (
    <Box mih="100dvh" p="xl" style={{ background: TV_COLORS.background, color: TV_COLORS.text }}>
      <Stack gap="xl">
        <Group justify="space-between" align="center">
          <Title order={1} fz={48}>
            {room.data?.board ? room.data.board.campaign.name : 'Sala da campanha'}
          </Title>
          {!tv && room.data && <Controls room={room.data} chosen={campaign} onPick={pick} />}
        </Group>
        {room.isPending ? (
          <Spinner />
        ) : room.isError ? (
          <Alert color="red" role="alert" title="Não foi possível ler a sala da campanha">
            {room.error.message}
          </Alert>
        ) : room.data.board ? (
          <Board board={room.data.board} offsetMs={clockOffset(room.data.now, room.dataUpdatedAt)} />
        ) : (
          <Idle last={room.data.last ?? null} next={room.data.next ?? null} />
        )}
      </Stack>
    </Box>
  );
}

/** The campaign picker and the way out, hidden on the TV (`?tv=1`). */
function Controls({ room, chosen, onPick }: { room: CampaignRoom; chosen: string | null; onPick: (id: string) => void }) {
  const data = [{ value: '', label: 'Black Friday em andamento' }, ...room.campaigns.map((c) => ({ value: c.id, label: `${c.name} (${formatDate(c.starts_on)} a ${formatDate(c.ends_on)})` }))];
  return (
    <Group gap="lg" align="end" aria-label="Controles da sala">
      <NativeSelect label="Campanha" data={data} value={chosen ?? ''} onChange={(e) => onPick(e.currentTarget.value)} styles={{ label: { color: TV_COLORS.text } }} />
      <Anchor component={Link} to={`/blackfriday?${new URLSearchParams({ ...(chosen ? { campanha: chosen } : {}), tv: '1' }).toString()}`} c={TV_COLORS.accent}>
        Modo TV
      </Anchor>
      <Anchor component={Link} to="/minhas-vendas" c={TV_COLORS.accent}>
        Minhas vendas
      </Anchor>
      <Anchor component={Link} to="/inicio" c={TV_COLORS.accent}>
        Início
      </Anchor>
    </Group>
  );
}

/** No Black Friday running: the last one and the next one. */
function Idle({ last, next }: { last: CampaignRoomCampaign | null; next: CampaignRoomCampaign | null }) {
  const line = (c: CampaignRoomCampaign) => `${c.name}: ${formatDate(c.starts_on)} a ${formatDate(c.ends_on)}`;
  return (
    <Stack gap="lg" aria-label="Sem campanha em andamento">
      <Text fz={36}>Nenhuma Black Friday em andamento.</Text>
      <Text fz={28} c={TV_COLORS.muted}>
        Última: {last ? line(last) : 'nenhuma'}
      </Text>
      <Text fz={28} c={TV_COLORS.muted}>
        Próxima: {next ? line(next) : 'nenhuma agendada'}
      </Text>
    </Stack>
  );
}
