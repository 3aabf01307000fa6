import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../errors';
import { PortsProvider } from '../ports';
import { createFakeUsersPort } from '../testing';
import { useUsernameAvailability } from './use-users';
import type { UsersPort } from './users.port';

function setup(users: UsersPort, initial: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <PortsProvider value={{ users }}>{children}</PortsProvider>
    </QueryClientProvider>
  );
  return renderHook(({ value }) => useUsernameAvailability(value), {
    wrapper,
    initialProps: { value: initial },
  });
}

/** Lets the debounce timer fire and the (fake, immediate) call settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useUsernameAvailability', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays idle below 3 characters and never calls the server', async () => {
    const port = createFakeUsersPort();
    const check = vi.spyOn(port, 'checkUsername');
    const { result } = setup(port, 'ab');
    await advance(1000);
    expect(result.current).toBe('idle');
    expect(check).not.toHaveBeenCalled();
  });

  it('is checking until 500 ms after typing stops, then available', async () => {
    const port = createFakeUsersPort();
    const check = vi.spyOn(port, 'checkUsername');
    const { result, rerender } = setup(port, '');
    expect(result.current).toBe('idle');
    rerender({ value: 'nue' });
    expect(result.current).toBe('checking');
    await advance(300);
    rerender({ value: 'nuevo' });
    await advance(300);
    expect(result.current).toBe('checking');
    expect(check).not.toHaveBeenCalled();
    await advance(250);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('nuevo', expect.anything());
    await advance(10);
    expect(result.current).toBe('available');
  });

  it('normalises before checking and reports a taken name as unavailable', async () => {
    const port = createFakeUsersPort();
    const check = vi.spyOn(port, 'checkUsername');
    const { result } = setup(port, ' JPerez ');
    await advance(600);
    expect(check).toHaveBeenCalledWith('jperez', expect.anything());
    expect(result.current).toBe('unavailable');
  });

  it('reports a failed check as error', async () => {
    const port = { ...createFakeUsersPort(), checkUsername: () => Promise.reject(new NetworkError()) };
    const { result } = setup(port, 'alguien');
    await advance(600);
    expect(result.current).toBe('error');
  });

  it('does not check a malformed username', async () => {
    const port = createFakeUsersPort();
    const check = vi.spyOn(port, 'checkUsername');
    const { result } = setup(port, 'juan_perez');
    await advance(600);
    expect(result.current).toBe('idle');
    expect(check).not.toHaveBeenCalled();
  });
});
