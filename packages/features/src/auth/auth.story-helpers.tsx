import type { Decorator } from '@storybook/react-vite';
import { FeatureProviders } from '../testing/story-providers';
import type { AuthPort } from './auth.port';
import type { SessionController } from './session';
import { SessionProvider } from './session-provider';

/** Fake ports + a session controller over memory, for auth and shell stories. */
export function withAuth(auth: AuthPort, controller: SessionController): Decorator {
  return (Story) => (
    <FeatureProviders ports={{ auth }}>
      <SessionProvider controller={controller}>
        <Story />
      </SessionProvider>
    </FeatureProviders>
  );
}
