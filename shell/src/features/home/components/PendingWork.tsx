import { holds, useSession } from '@backoffice/auth';
import { Anchor, Paper, SimpleGrid, Text, Title, Link } from '@backoffice/ui';
import { countWords, PENDING_WORK, type PendingWorkEntry } from '../api/pendingWork';

/** One entry, when the user holds its permission and something waits (nothing is shown for a zero). */
function PendingCard({ entry }: { entry: PendingWorkEntry }) {
  const count = entry.useCount();
  if (!count || count.count === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-label={entry.title}>
      <Title order={3} size="h5">
        {entry.title}
      </Title>
      <Text>{countWords(count, entry.noun)}.</Text>
      <Anchor component={Link} to={entry.to}>
        Ver e resolver
      </Anchor>
    </Paper>
  );
}

/** "Pendências": what waits for the user, from the areas that count it (see `PENDING_WORK`). */
export function PendingWork() {
  const { user } = useSession();
  const held = PENDING_WORK.filter((entry) => user !== null && holds(user, entry.permission));
  return (
    <section aria-label="Pendências">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {held.map((entry) => (
          <PendingCard key={entry.id} entry={entry} />
        ))}
      </SimpleGrid>
    </section>
  );
}
