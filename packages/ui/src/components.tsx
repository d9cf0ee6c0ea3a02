import { useEffect, useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'danger';

export function Button({ variant = 'primary', className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  const variantClass = variant === 'primary' ? '' : ` bo-button--${variant}`;
  return <button type="button" className={`bo-button${variantClass}${className ? ` ${className}` : ''}`} {...rest} />;
}

interface FieldShellProps {
  label: string;
  error?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

function FieldShell({ label, error, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-erro`;
  return (
    <div className={`bo-field${error ? ' bo-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errorId : undefined)}
      {error && (
        <span id={errorId} className="bo-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function TextField({ label, error, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  return (
    <FieldShell label={label} error={error}>
      {(id, describedBy) => <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />}
    </FieldShell>
  );
}

export function SelectField({ label, error, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string }) {
  return (
    <FieldShell label={label} error={error}>
      {(id, describedBy) => (
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** A modal dialog; without `actions` it has no buttons at all (the denied-access dialog). */
export function Dialog({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const titleId = useId();
  return (
    <div className="bo-dialog-backdrop">
      <div className="bo-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions && <div className="bo-row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>{actions}</div>}
      </div>
    </div>
  );
}

/**
 * A loading message. With `delayMs` it stays invisible for that long: most waits (restoring a stored session)
 * end sooner, and flashing a message that is replaced right away shifts the layout.
 */
export function Spinner({ label = 'Carregando…', delayMs = 0 }: { label?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="bo-spinner" role="status" aria-live="polite">
      {label}
    </div>
  );
}

/** For routes whose business feature a later issue builds: say so, show no fake data. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <section className="bo-card">
      <h1>{title}</h1>
      <p>Em construção</p>
      <p className="bo-muted">Esta página ainda está sendo desenvolvida e estará disponível em uma próxima versão.</p>
    </section>
  );
}

/** The page every not-yet-built route renders (takes the shell's page props: route title and description). */
export function UnderConstructionPage({ route, description }: { route: { title: string }; description?: string }) {
  return (
    <>
      {description && <p className="bo-muted">{description}</p>}
      <UnderConstruction title={route.title} />
    </>
  );
}
