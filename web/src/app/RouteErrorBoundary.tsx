import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/**
 * Catches a screen that fails to render or whose code cannot be downloaded (e.g. after a deploy).
 * The layout remounts it per page, so moving to another page recovers. `fallback` replaces the
 * 'Algo salió mal' page where a part of the shell fails instead (the toast container: nothing).
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <Container size="sm" py={64}>
        <Stack align="flex-start">
          <Title order={1}>Algo salió mal</Title>
          <Text>No pudimos mostrar esta página. Vuelve a intentarlo en unos momentos.</Text>
          <Button component="a" href="/">
            Ir al inicio
          </Button>
        </Stack>
      </Container>
    );
  }
}
