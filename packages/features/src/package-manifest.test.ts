import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Manifest = {
  peerDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const read = (file: string) => JSON.parse(readFileSync(path.resolve(__dirname, file), 'utf8')) as Manifest;

describe('@socio/features shares the app’s context-holding libraries', () => {
  // One copy each: a second React or TanStack Query would hold a second context, and the app's
  // QueryClientProvider would not reach the features' hooks.
  const features = read('../package.json');
  const app = read('../../../apps/backoffice/package.json');

  it.each(['react', 'react-dom', '@tanstack/react-query'])('%s is a peer, installed by the app', (name) => {
    expect(features.peerDependencies).toHaveProperty(name);
    expect(features.dependencies ?? {}).not.toHaveProperty(name);
    expect(features.devDependencies).toHaveProperty(name);
    expect(app.dependencies).toHaveProperty(name);
  });
});
