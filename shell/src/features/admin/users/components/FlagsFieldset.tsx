import { Checkbox, SimpleGrid, Text } from '@backoffice/ui';
import { useFormContext } from 'react-hook-form';
import { FLAGS, type FlagName } from './userModel';

/** The per-user flags ("Permissões especiais") as checkboxes, inside a `<Form>` whose values hold them. */
export function FlagsFieldset({ disabled }: { disabled?: boolean }) {
  const { register } = useFormContext<Record<FlagName, boolean>>();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={disabled}>
      <Text component="legend" size="sm" fw={500} mb={6}>
        Permissões especiais
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {FLAGS.map((flag) => (
          <Checkbox key={flag.name} label={flag.label} disabled={disabled} {...register(flag.name)} />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}
