import { APP_PATHS } from '@socio/contracts';
import { AppErrorScreen } from '@socio/features/shell';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet } from 'react-router';

/** 'Limpiar datos y volver al inicio': forget everything stored and start again at '/'. */
function clearDataAndRestart() {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } finally {
    window.location.assign(APP_PATHS.root);
  }
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

/** Catches rendering errors of every screen and shows 'Algo salió mal' with its two ways out. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Error inesperado de la aplicación:', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <AppErrorScreen
          error={this.state.error}
          onReload={() => window.location.reload()}
          onReset={clearDataAndRestart}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * The root route's element. Rendering errors of any child stop at AppErrorBoundary; routing
 * errors (unknown URL, a chunk that fails to load) reach react-router's default error page.
 */
export function RootLayout() {
  return (
    <AppErrorBoundary>
      <Outlet />
    </AppErrorBoundary>
  );
}
