import { describe, expect, it, vi } from 'vitest';
import { xhrTransport } from './xhr-transport';

type Handler = ((event: ProgressEvent) => void) | null;

/** Just enough of XMLHttpRequest to drive the transport by hand. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  responseType = '';
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  responseHeaders = '';
  aborted = false;
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: string, headers = 'content-type: application/json\r\n') {
    this.status = status;
    this.response = new TextEncoder().encode(body).buffer as ArrayBuffer;
    this.responseHeaders = headers;
    this.upload.onload?.(new ProgressEvent('load'));
    this.onload?.(new ProgressEvent('load'));
  }
}

function setup(onProgress = vi.fn()) {
  const xhr = new FakeXhr();
  const send = xhrTransport(onProgress, () => xhr as unknown as XMLHttpRequest);
  return { xhr, send, onProgress };
}

describe('xhrTransport (fetch on XMLHttpRequest, with upload progress)', () => {
  it('sends method, URL, headers and body, reports progress, and answers a Response', async () => {
    const { xhr, send, onProgress } = setup();
    const body = new FormData();
    body.append('folio', 'TEC-1');
    const answer = send('/api/reportes', { method: 'POST', headers: { Authorization: 'Bearer t' }, body });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/reportes');
    expect(xhr.headers).toEqual({ authorization: 'Bearer t' });
    expect(xhr.body).toBe(body);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(201, '{"ok":true}');
    const response = await answer;
    expect(onProgress.mock.calls).toEqual([[0.25], [1], [1]]);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('a network failure rejects with TypeError, as fetch does', async () => {
    const { xhr, send } = setup();
    const answer = send('/api/reportes', { method: 'POST' });
    xhr.onerror?.(new ProgressEvent('error'));
    await expect(answer).rejects.toBeInstanceOf(TypeError);
  });

  it('an abort cancels the request and rejects with an AbortError', async () => {
    const { xhr, send } = setup();
    const controller = new AbortController();
    const answer = send('/api/reportes', { method: 'POST', signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });

  it('an error status is a Response (the client maps it), not a rejection', async () => {
    const { xhr, send } = setup();
    const answer = send('/api/reportes', { method: 'POST' });
    xhr.answer(413, '{"detail":"El archivo es demasiado grande. El tamaño máximo es 20MB."}');
    const response = await answer;
    expect(response.status).toBe(413);
  });
});
