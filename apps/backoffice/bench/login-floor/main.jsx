// The floor of `pnpm bench:login`: a bare Vite + React page that renders a two-field form and nothing else
// (no router, no styles, no data). Built and served like the app, by the same server.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Login() {
  return (
    <form>
      <label>
        Correo electrónico <input type="email" name="email" />
      </label>
      <label>
        Contraseña <input type="password" name="password" />
      </label>
      <button type="submit">Iniciar sesión</button>
    </form>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Login />
  </StrictMode>,
);
