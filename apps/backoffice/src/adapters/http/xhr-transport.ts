/**
 * A `fetch`-shaped function on XMLHttpRequest, for uploads: fetch reports no upload progress, XHR
 * does. The HttpClient uses it as a call's `transport`, so the bearer token, the 401 handling and
 * the error mapping stay in client.ts.
 */

export type UploadProgress = (fraction: number) => void;

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('La solicitud fue cancelada', 'AbortError');
}

/**
 * `fetch(url, init)` over XMLHttpRequest, reporting the request body's upload progress (0–1).
 * Rejects with a TypeError on a network failure (as fetch does) and with the signal's reason on abort.
 */
export function xhrTransport(
  onProgress?: UploadProgress,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const xhr = createXhr();
      xhr.open(init.method ?? 'GET', String(input));
      xhr.responseType = 'arraybuffer';
      new Headers(init.headers).forEach((value, key) => {
        xhr.setRequestHeader(key, value);
      });
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
        };
        xhr.upload.onload = () => onProgress(1);
      }
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        const status = xhr.status;
        // Statuses a Response cannot carry are transport failures.
        if (status < 200 || status > 599) {
          reject(new TypeError(`Respuesta HTTP inválida (${status})`));
          return;
        }
        const noBody = status === 204 || status === 205 || status === 304;
        resolve(
          new Response(noBody ? null : (xhr.response as ArrayBuffer | null), {
            status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Failed to fetch'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(signal ? abortError(signal) : new DOMException('La solicitud fue cancelada', 'AbortError'));
      };
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
