import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppContext } from './app-context';
import { installPreloadRecovery } from './preload-recovery';
import './styles.css';

installPreloadRecovery();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

createRoot(root).render(
  <StrictMode>
    <App context={createAppContext()} />
  </StrictMode>,
);
