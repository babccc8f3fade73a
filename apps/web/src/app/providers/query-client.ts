/** One QueryClient for the app. A 4xx answer is final (no retry); network and 5xx get one more try. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
