import { createContext, type ReactNode, useContext } from 'react';
import type { AuthPort } from './auth/auth.port';
import type { SpreadsheetParser } from './cargas/bulk-load/spreadsheet.port';
import type { CargasPort } from './cargas/cargas.port';
import type { CatalogosPort } from './catalogos/catalogos.port';
import type { ClientesPort } from './clientes/clientes.port';
import type { DashboardPort } from './dashboard/dashboard.port';
import type { FoliosPort } from './folios/folios.port';
import type { ReportesPort } from './reportes/reportes.port';
import type { UsersPort } from './users/users.port';

/** Every port the features need; the app injects HTTP adapters, stories and tests inject fakes. */
export interface Ports {
  auth: AuthPort;
  cargas: CargasPort;
  catalogos: CatalogosPort;
  clientes: ClientesPort;
  dashboard: DashboardPort;
  folios: FoliosPort;
  reportes: ReportesPort;
  spreadsheet: SpreadsheetParser;
  users: UsersPort;
}

const PortsContext = createContext<Partial<Ports> | null>(null);

export interface PortsProviderProps {
  value: Partial<Ports>;
  children: ReactNode;
}

/** Hands the ports to every feature below it. */
export function PortsProvider({ value, children }: PortsProviderProps) {
  return <PortsContext.Provider value={value}>{children}</PortsContext.Provider>;
}

/** Reads one port, or undefined when none was provided (optional helpers such as the folio suggestions). */
export function useOptionalPort<K extends keyof Ports>(name: K): Ports[K] | undefined {
  return useContext(PortsContext)?.[name] as Ports[K] | undefined;
}

/** Reads one port; throws a clear error when the app forgot to provide it. */
export function usePort<K extends keyof Ports>(name: K): Ports[K] {
  const port = useOptionalPort(name);
  if (!port) throw new Error(`Falta el puerto "${String(name)}" en <PortsProvider>.`);
  return port;
}
