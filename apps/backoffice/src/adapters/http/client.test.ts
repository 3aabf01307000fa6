import { apiRoutes, type ReportItem, type SessionUser } from '@socio/contracts';
import { ApiError, NetworkError } from '@socio/features/errors';
import { describe, expect, it, vi } from 'vitest';
import { BIG_BODY_CHARS, createHttpClient } from './client';

const { auth, users, reportes } = apiRoutes;

const me: SessionUser = {
  id_usuario: 1,
  nombres: 'Ana',
  apellido_paterno: 'Martínez',
  apellido_materno: 'Ruiz',
  email: 'admin@socioeconomico.mx',
  rol: 'Administrador',
  foto_path: null,
};
const changed = { detail: 'Contraseña actualizada exitosamente' };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: Response | (() => Promise<Response>), token: string | null = 'tok-123') {
  const fetchMock = vi.fn<typeof fetch>(async () => (typeof response === 'function' ? response() : response));
  const onUnauthorized = vi.fn();
  const http = createHttpClient({ baseUrl: '/api', getToken: () => token, onUnauthorized, fetch: fetchMock });
  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index] ?? [];
    return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
  };
  return { http, fetchMock, onUnauthorized, call };
}

describe('createHttpClient', () => {
  it('sends the bearer token on authenticated calls and parses JSON', async () => {
    const { http, call } = setup(jsonResponse(200, me));
    await expect(http.call(auth.me)).resolves.toEqual(me);
    expect(call().url).toBe('/api/auth/me');
    expect(call().headers.Authorization).toBe('Bearer tok-123');
    expect(call().init.method).toBe('GET');
  });

  it('omits the token when auth is false (login) and when there is none', async () => {
    const first = setup(jsonResponse(200, { ...me, token: 'tok-9', token_type: 'bearer' }));
    await first.http.call(auth.login, { body: { email: 'a@b.mx', password: 'x' }, auth: false });
    expect(first.call().headers.Authorization).toBeUndefined();

    const second = setup(jsonResponse(200, me), null);
    await second.http.call(auth.me);
    expect(second.call().headers.Authorization).toBeUndefined();
  });

  it('serialises JSON bodies and builds query strings without empty values', async () => {
    const { http, call } = setup(jsonResponse(200, changed));
    // What the client does with any query (the route table types it per call; this one has none).
    const query = { page: 2, sort_by: 'estatus', q: undefined, x: null } as never;
    await http.call(auth.changePassword, { body: { current_password: 'a', new_password: 'b' }, query });
    expect(call().init.method).toBe('PUT');
    expect(call().url).toBe('/api/auth/me/change-password?page=2&sort_by=estatus');
    expect(call().headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(call().init.body))).toEqual({ current_password: 'a', new_password: 'b' });
  });

  it('passes FormData through untouched (the browser sets the multipart boundary)', async () => {
    const reporte: ReportItem = {
      id: 'UDEM-2026-0042',
      id_reporte: 42,
      visitador: 'Sofía Flores Aguilar',
      cliente: 'UDEM',
      fechaRecibido: '01/12/26',
      fecha_recibido: '2026-12-01',
      notas: 'Con anexos',
      estatus: 'Pendiente',
    };
    const { http, call } = setup(jsonResponse(201, { detail: 'Reporte guardado exitosamente', reporte }));
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'estudio.pdf');
    await http.call(reportes.create, { body: form });
    expect(call().init.body).toBe(form);
    expect(call().headers['Content-Type']).toBeUndefined();
  });

  it('maps an error status with a string detail to ApiError', async () => {
    const { http } = setup(
      jsonResponse(403, {
        detail: 'Tu cuenta está inactiva. Contacta a un administrador.',
        code: 'account_inactive',
      }),
    );
    const error = await http
      .call(auth.login, { body: { email: 'ana@socioeconomico.mx', password: 'x' }, auth: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      detail: 'Tu cuenta está inactiva. Contacta a un administrador.',
      code: 'account_inactive',
    });
  });

  it('leaves the code undefined when the body carries none or an unknown one', async () => {
    for (const body of [{ detail: 'x' }, { detail: 'x', code: 'no_such_code' }]) {
      const { http } = setup(jsonResponse(409, body));
      const error = (await http.call(users.all).catch((e: unknown) => e)) as ApiError;
      expect(error.code).toBeUndefined();
    }
  });

  it('keeps a 422 detail array as validation issues', async () => {
    const detail = [{ loc: ['body', 'email'], msg: 'Field required', type: 'missing' }];
    const { http } = setup(jsonResponse(422, { detail, code: 'validation' }));
    const error = (await http
      .call(auth.login, { body: { email: 'ana@socioeconomico.mx', password: 'x' }, auth: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.detail).toEqual(detail);
    expect(error.code).toBe('validation');
    expect(error.detailText).toBeUndefined();
  });

  it('gives ApiError without detail for a non-JSON error body', async () => {
    const { http } = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await http.call(users.all).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.detail).toBeUndefined();
  });

  it('turns a failed fetch into NetworkError', async () => {
    const { http } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.call(auth.me)).rejects.toBeInstanceOf(NetworkError);
  });

  it('re-throws an abort as is, not as NetworkError', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const { http } = setup(() => Promise.reject(abort));
    await expect(http.call(auth.me, { signal: controller.signal })).rejects.toBe(abort);
  });

  it('calls onUnauthorized on a 401 of an authenticated call', async () => {
    const { http, onUnauthorized } = setup(jsonResponse(401, { detail: 'Token inválido o expirado' }));
    await expect(http.call(users.all)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call onUnauthorized for the login call (wrong credentials are not an expired session)', async () => {
    const { http, onUnauthorized } = setup(jsonResponse(401, { detail: 'Correo o contraseña incorrectos' }));
    await expect(
      http.call(auth.login, { body: { email: 'ana@socioeconomico.mx', password: 'x' }, auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      detail: 'Correo o contraseña incorrectos',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call onUnauthorized for other errors', async () => {
    const { http, onUnauthorized } = setup(
      jsonResponse(403, { detail: 'No tienes permiso para realizar esta acción' }),
    );
    await expect(http.call(users.all)).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('resolves undefined on 204 and returns blobs', async () => {
    // A route without a JSON response schema gives back what the server sent: nothing on a 204.
    const empty = setup(new Response(null, { status: 204 }));
    await expect(empty.http.call(reportes.pdf, { params: { id: 1 } })).resolves.toBeUndefined();

    const file = setup(
      new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const { blob } = await file.http.callFile(reportes.pdf, { params: { id: 1 } });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(file.call().url).toBe('/api/reportes/1/pdf');
    expect(file.call().headers.Authorization).toBe('Bearer tok-123');
  });

  it('joins the base URL with or without slashes', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, me));
    for (const baseUrl of ['https://api.example.mx/api/', 'https://api.example.mx/api']) {
      const http = createHttpClient({ baseUrl, getToken: () => null, fetch: fetchMock });
      await http.call(auth.me);
    }
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      'https://api.example.mx/api/auth/me',
      'https://api.example.mx/api/auth/me',
    ]);
  });
});

describe('createHttpClient types each call by the route table', () => {
  it('refuses a wrong or missing param, query or body field at compile time', async () => {
    const { http } = setup(jsonResponse(200, changed));
    const { cargas } = apiRoutes;
    // Only compiled, never sent: each line must stay a type error (tsc fails on an unused @ts-expect-error).
    const wrong = () => [
      // @ts-expect-error a body field the contract does not have
      http.call(auth.changePassword, { body: { current_password: 'a', nueva: 'b' } }),
      // @ts-expect-error the body is required
      http.call(auth.changePassword),
      // @ts-expect-error the path parameter is required
      http.call(reportes.send, {}),
      // @ts-expect-error a path parameter the route does not have
      http.call(reportes.send, { params: { folio: 'X' } }),
      // @ts-expect-error a query field the route does not take
      http.call(cargas.activeAssignments, { query: { orden: 'x' } }),
      // @ts-expect-error this route takes no body
      http.call(auth.me, { body: { x: 1 } }),
      // @ts-expect-error a JSON route does not take a form
      http.call(cargas.saveManual, { body: new FormData() }),
    ];
    expect(typeof wrong).toBe('function');
    await http.call(auth.changePassword, { body: { current_password: 'a', new_password: 'b' } });
  });
});

describe('createHttpClient gives the page a turn inside a big answer', () => {
  /** An answer whose text, once read, schedules a timer: whether it ran tells if the page had a turn since. */
  function timedAnswer(body: unknown, turns: string[]) {
    const response = jsonResponse(200, body);
    const text = response.text.bind(response);
    response.text = async () => {
      const read = await text();
      setTimeout(() => turns.push('timer'), 0);
      return read;
    };
    return response;
  }

  /** auth.me with a check that notes when it runs. */
  const route = (turns: string[]) => ({
    ...apiRoutes.auth.me,
    response: {
      ...apiRoutes.auth.me.response,
      safeParse: (data: unknown) => {
        turns.push('check');
        return { success: true as const, data };
      },
    } as unknown as typeof apiRoutes.auth.me.response,
  });

  it('parses an answer of BIG_BODY_CHARS or more after a turn of the page, and checks it after another', async () => {
    const turns: string[] = [];
    const body = { filler: 'x'.repeat(BIG_BODY_CHARS) };
    const parse = JSON.parse;
    const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string) => {
      if (text.length >= BIG_BODY_CHARS) {
        turns.push('parse');
        setTimeout(() => turns.push('timer after parse'), 0);
      }
      return parse(text);
    });
    try {
      const { http } = setup(timedAnswer(body, turns));
      await expect(http.call(route(turns))).resolves.toEqual(body);
    } finally {
      spy.mockRestore();
    }
    expect(turns).toEqual(['timer', 'parse', 'timer after parse', 'check']);
  });

  it('checks a small answer in the same turn it was read', async () => {
    const turns: string[] = [];
    const { http } = setup(timedAnswer({ filler: 'x' }, turns));
    await http.call(route(turns));
    expect(turns).toEqual(['check']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(turns).toEqual(['check', 'timer']);
  });
});
