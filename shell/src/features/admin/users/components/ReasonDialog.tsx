import { Form, FormErrors, TextareaField, useZodForm, Button, Group, Modal, Stack, Text } from '@backoffice/ui';
import type { ReactNode } from 'react';
import { REASON_MAX, REASON_MIN, USER_FIELD_LABELS } from './userModel';
import { reasonSchema } from './userSchemas';

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  onClose: () => void;
  /** Rejects with the server's refusal: its field messages go onto the reason. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Asks why (10 to 500 characters, required, kept in the user's history) before a permission decision. */
export function ReasonDialog({ opened, title, description, confirmLabel, confirmColor, onClose, onConfirm }: ReasonDialogProps) {
  const form = useZodForm(reasonSchema, { defaultValues: { reason: '' } });
  const length = form.watch('reason').trim().length;
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = async ({ reason }: { reason: string }) => {
    await onConfirm(reason);
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Form form={form} onSubmit={onSubmit} labels={USER_FIELD_LABELS}>
        <Stack gap="sm">
          <Text size="sm">{description}</Text>
          <FormErrors labels={USER_FIELD_LABELS} />
          <TextareaField
            name="reason"
            label="Motivo"
            withAsterisk
            autosize
            minRows={3}
            description={`De ${REASON_MIN} a ${REASON_MAX} caracteres; fica registrado no histórico do usuário. ${length}/${REASON_MAX}`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color={confirmColor} loading={form.formState.isSubmitting}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
