/**
 * Multipart uploads with progress. fetch cannot report upload progress, so this one call uses
 * XMLHttpRequest, with the same rules as api-client: credentials, the CSRF header, the 401/403
 * navigation, the catalogue's toasts (unless quiet) and ApiError with the server's message.
 */
import { API_BASE, CSRF_HEADER, MSG } from '@wayguard/contracts';
import {
  ApiError,
  consoleUnauthorized,
  navigation,
  networkErrorMessage,
  serverMessage,
  statusMessage,
} from './api-client';
import { sessionMarker } from './session-marker';
import { toast } from './toast';

export type UploadOptions = {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Don't show the catalogue's toast (the caller shows the message). */
  quiet?: boolean;
  signal?: AbortSignal;
};

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** POSTs a FormData body (multipart/form-data; the browser sets the boundary) or any other body as JSON. */
export function upload<T>(path: string, body: FormData | object, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, sessionMarker.csrf() ?? 'anonymous');

    const fail = (message: string, status: number, parsed: unknown) => {
      if (!opts.quiet) toast.error(message);
      reject(new ApiError(status, message, parsed));
    };

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(parsed as T);
        return;
      }
      if (xhr.status === 401) {
        consoleUnauthorized();
      } else if (xhr.status === 403) {
        navigation.home();
      } else if (!opts.quiet) {
        toast.error(statusMessage(xhr.status));
      }
      const message = xhr.status === 404 ? MSG.notFound : (serverMessage(parsed) ?? statusMessage(xhr.status));
      reject(new ApiError(xhr.status, message, parsed));
    };
    // A network failure (or the server closing the connection mid-upload) has no status: the API client's
    // network message (XMLHttpRequest gives no error text, so the catalogue's default fallback).
    xhr.onerror = () => fail(networkErrorMessage(), 0, null);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    if (body instanceof FormData) xhr.send(body);
    else {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(body));
    }
  });
}
