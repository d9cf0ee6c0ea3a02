import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error';
interface Toast {
  id: number;
  tone: Tone;
  text: string;
}

interface Notifier {
  notify: (text: string, tone?: Tone) => void;
}

const NotifierContext = createContext<Notifier>({ notify: () => undefined });
const TOAST_MS = 5000;

/** Notifications appear top right (the seed). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const notify = useCallback((text: string, tone: Tone = 'info') => {
    const id = Date.now() + Math.random();
    setToasts((current) => [...current, { id, tone, text }]);
    setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const value = useMemo(() => ({ notify }), [notify]);
  return (
    <NotifierContext.Provider value={value}>
      {children}
      <div className="bo-toasts" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`bo-toast bo-toast--${t.tone}`} role="status">
            {t.text}
          </div>
        ))}
      </div>
    </NotifierContext.Provider>
  );
}

export function useNotify(): Notifier['notify'] {
  return useContext(NotifierContext).notify;
}
