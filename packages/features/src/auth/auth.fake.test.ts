import { createFakeAuthPort, demoAccounts } from './auth.fake';
import { authPortScenarios } from './auth.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/auth.http.test.ts.
const account = (email: string) => {
  const found = demoAccounts.find((a) => a.email === email);
  if (!found) throw new Error(`sin cuenta ${email}`);
  return { email: found.email, password: found.password };
};
const fake = createFakeAuthPort();
authPortScenarios(() => fake, {
  visitador: account('visitador1@socioeconomico.mx'),
  supervisor: account('supervisor1@socioeconomico.mx'),
});
