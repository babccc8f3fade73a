/** Theme (light/dark), toasts and the query cache around the whole app. */
import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from '../theme/theme';
import { createQueryClient } from './query-client';

const queryClient = createQueryClient();

// The toasts' container (with its transitions) loads right after the first paint, not before it: no
// page shows a toast before its first action, and the store that `notifications.show` writes to keeps
// any toast raised earlier until the container is there (tools/bench/login-bundle.mjs).
const ToastContainer = lazy(() => import('./ToastContainer'));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
