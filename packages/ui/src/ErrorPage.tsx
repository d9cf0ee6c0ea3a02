/** The seed's error page: 404 → not-found variant ('Page Not Found'); anything else → general ('Internal Server Error'). */
export interface ErrorPageProps {
  status?: number;
  message?: string;
}

export function errorPageContent({ status = 500, message }: ErrorPageProps) {
  const notFound = status === 404;
  return {
    variant: notFound ? ('not-found' as const) : ('general' as const),
    status,
    message: message ?? (notFound ? 'Page Not Found' : 'Internal Server Error'),
  };
}

export function ErrorPage(props: ErrorPageProps) {
  const { variant, status, message } = errorPageContent(props);
  return (
    <main className="bo-container" data-error-variant={variant}>
      <section className="bo-card">
        <h1>{status}</h1>
        <p>{message}</p>
        <p className="bo-muted">
          {variant === 'not-found' ? 'A página procurada não existe.' : 'Ocorreu um erro inesperado.'}{' '}
          <a href="/inicio">Voltar ao início</a>
        </p>
      </section>
    </main>
  );
}
