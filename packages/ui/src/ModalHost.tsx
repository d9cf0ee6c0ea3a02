// Loaded after the first render (BackofficeProvider mounts it lazily, or at once when a modal is asked for): see
// modals.ts.
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalHostListening } from './modals';

/** The confirmation modals' provider, beside the page rather than around it: no page reads its context. */
export default function ModalHost() {
  // Runs after ModalsProvider's own effects (a child's effects run first), i.e. once it listens.
  useEffect(() => modalHostListening(), []);
  return <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>{null}</ModalsProvider>;
}
