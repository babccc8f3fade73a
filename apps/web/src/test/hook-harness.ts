/**
 * Rendering a hook that holds logic (Testing Library's renderHook, in a happy-dom test file) with a
 * fresh query client, and the API answered by the test: every call the API client makes is recorded,
 * with its method, its path under the API base and its JSON body. Vitest runs without globals here,
 * so a test file calls Testing Library's `cleanup()` after each test (unmountAfterEach does).
 */
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { API_BASE } from '@wayguard/contracts';

export type ApiCall = { method: string; path: string; body: unknown };

/** Answers each call with `answer(call)` (status 200, JSON); returns the calls as they are made. */
export function stubApi(answer: (call: ApiCall) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://console.test').pathname.replace(API_BASE, '');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method: init.method ?? 'GET', path, body };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** renderHook inside a QueryClientProvider of its own (no retries). */
export function renderWithQueries<R>(hook: () => R) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return renderHook(hook, { wrapper });
}

/** Unmounts every hook rendered by the test and restores the real fetch, after each test of the file. */
export function unmountAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });
}
