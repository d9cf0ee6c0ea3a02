import type { FinanceAttachment } from '@backoffice/api-client/endpoints';
import { Alert, Button, downloadFile, formatDateTime, Group, Modal, notify, Paper, Spinner, Stack, Text, FileButton, Textarea } from '@backoffice/ui';
import { useState } from 'react';
import { useAttachmentMutations, useAttachments, type AttachmentOwner } from './attachmentQueries';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,application/xml,text/xml,text/plain,.ofx,.ret,.rem,.csv,.xlsx';

/** "1,2 MB", "340 KB". */
function size(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;
}

/** Asks why an attachment is removed (10–500 characters) and removes it; resolves when done or dismissed. */
function RemoveReason({ onConfirm, onCancel }: { onConfirm: (reason: string) => Promise<void>; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (reason.trim().length < 10) {
      setError('Explique em pelo menos 10 caracteres.');
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">O anexo continua guardado e aparece como removido, com o motivo.</Text>
      <Textarea label="Motivo" withAsterisk autosize minRows={2} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Voltar
        </Button>
        <Button color="red" loading={busy} onClick={() => void confirm()}>
          Remover anexo
        </Button>
      </Group>
    </Stack>
  );
}

/** An owner's attachments (comprovantes, notas, boletos): upload, download, remove with a reason (kept, marked). */
export function Attachments({ owner, mayEdit }: { owner: AttachmentOwner; mayEdit: boolean }) {
  const list = useAttachments(owner);
  const { add, remove } = useAttachmentMutations(owner);
  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const attached = await add.mutateAsync(file);
      notify(`Anexo ${attached.name} incluído.`, 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    }
  };
  const [removing, setRemoving] = useState<FinanceAttachment | null>(null);
  const confirmRemoval = async (reason: string) => {
    if (!removing) return;
    await remove.mutateAsync({ attachmentId: removing.id, reason });
    setRemoving(null);
    notify('Anexo removido.', 'success');
  };
  const download = (attachment: FinanceAttachment) => {
    downloadFile(owner.url(attachment.id), {}, attachment.name).catch((e: unknown) => notify(e instanceof Error ? e.message : String(e), 'error'));
  };
  if (list.isPending) return <Spinner />;
  if (list.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível ler os anexos">
        {list.error.message}
      </Alert>
    );
  return (
    <Stack gap="xs">
      {mayEdit && (
        <Group>
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="default" loading={add.isPending}>
                Anexar arquivo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PDF, imagem, XML, planilha ou texto; até 10 MB.
          </Text>
        </Group>
      )}
      {list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum anexo.
        </Text>
      ) : (
        list.data.map((attachment) => (
          <Paper key={attachment.id} withBorder p="sm" radius="md" opacity={attachment.removed_at ? 0.6 : 1}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text size="sm" fw={500} td={attachment.removed_at ? 'line-through' : undefined}>
                  {attachment.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {`${size(attachment.size_bytes)} · incluído em ${formatDateTime(attachment.created_at)}`}
                </Text>
                {attachment.removed_at && (
                  <Text size="xs" c="red.8">
                    Removido em {formatDateTime(attachment.removed_at)}: {attachment.removed_reason}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Button size="xs" variant="subtle" aria-label={`Baixar ${attachment.name}`} onClick={() => download(attachment)}>
                  Baixar
                </Button>
                {mayEdit && !attachment.removed_at && (
                  <Button size="xs" variant="subtle" color="red" aria-label={`Remover ${attachment.name}`} onClick={() => setRemoving(attachment)}>
                    Remover
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={removing ? `Remover ${removing.name}` : ''} centered>
        {removing && <RemoveReason onConfirm={confirmRemoval} onCancel={() => setRemoving(null)} />}
      </Modal>
    </Stack>
  );
}
