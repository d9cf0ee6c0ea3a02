import { Anchor, Container, Paper, Text, Title } from '@mantine/core';

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
    <Container component="main" size="sm" py="xl" data-error-variant={variant}>
      <Paper withBorder p="xl" radius="md" mt="8vh">
        <Title order={1} c="green.7" fz={56} lh={1}>
          {status}
        </Title>
        <Text fw={600} size="lg" mt="md">
          {message}
        </Text>
        <Text c="dimmed" mt="xs">
          {variant === 'not-found' ? 'A página procurada não existe.' : 'Ocorreu um erro inesperado.'}{' '}
          <Anchor href="/inicio">Voltar ao início</Anchor>
        </Text>
      </Paper>
    </Container>
  );
}
