/**
 * The Cloud adapter's calls to Meta's Graph API: `<baseUrl>/<apiVersion>/<path>` with the
 * connection's bearer token, through lib/outbound (one HTTP client for outside URLs, with its
 * private-host guard and a byte cap). A non-2xx answer becomes a ChannelError by the failure
 * policy's Cloud table (`decideOnCloudError`).
 */
import { randomBytes } from 'node:crypto';
import { outboundRequest, OutboundError, type OutboundAnswer } from '../../../lib/outbound';
import { decideOnCloudError, type CloudDecision } from '../failure-policy';
import { ChannelError, type ChannelErrorCode } from '../whatsapp.port';

export interface GraphApi {
  baseUrl: string;
  apiVersion: string;
  accessToken: string;
  /** Off in production; the tests' fake listens on 127.0.0.1 (decision 0371). */
  allowPrivateHosts: boolean;
  timeoutMs?: number;
}

/** Media the Cloud API takes is at most 100 MB (documents); answers other than media are small. */
const MAX_JSON_BYTES = 1024 * 1024;
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** Meta's error answer: `{ error: { code, message, error_data: { details } } }`. */
const graphError = (answer: OutboundAnswer): { code: number | undefined; message: string } => {
  try {
    const e = (JSON.parse(answer.body.toString('utf8')) as { error?: { code?: number; message?: string; error_data?: { details?: string } } }).error;
    return { code: typeof e?.code === 'number' ? e.code : undefined, message: e?.error_data?.details ?? e?.message ?? `HTTP ${answer.status}` };
  } catch {
    return { code: undefined, message: `HTTP ${answer.status}` };
  }
};

/** A failed Graph call: the ChannelError the send worker records, and the policy's whole decision. */
export class CloudCallError extends ChannelError {
  constructor(
    fallback: ChannelErrorCode,
    readonly decision: CloudDecision,
    readonly graphCode: number | undefined,
    detail: string,
  ) {
    super(decision.errorCode ?? fallback, decision.temporary, `${decision.reason}: ${detail}`.slice(0, 500));
  }
}

/** The ChannelError a failed Graph call is, by the failure policy's Cloud table. */
export const toChannelError = (answer: OutboundAnswer, fallback: ChannelErrorCode): CloudCallError => {
  const { code, message } = graphError(answer);
  return new CloudCallError(fallback, decideOnCloudError(answer.status, code), code, message);
};

export interface GraphCall {
  method: 'GET' | 'POST';
  /** Below the version (`<phone-number-id>/messages`), or a full URL Meta gave (a media download). */
  path: string;
  json?: unknown;
  multipart?: { fields: Record<string, string>; file: { bytes: Buffer; mimetype: string; fileName: string } };
  maxBytes?: number;
}

const multipartBody = (m: NonNullable<GraphCall['multipart']>): { body: Buffer; contentType: string } => {
  const boundary = `balcao${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(m.fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const fileName = m.file.fileName.replace(/["\r\n]/g, '_');
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${m.file.mimetype}\r\n\r\n`), m.file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

/** One Graph call; a network failure or timeout is a temporary ChannelError with `fallback`'s code. */
export const graphRequest = async (api: GraphApi, call: GraphCall, fallback: ChannelErrorCode): Promise<OutboundAnswer> => {
  const url = /^https?:\/\//.test(call.path) ? call.path : `${api.baseUrl}/${api.apiVersion}/${call.path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${api.accessToken}` };
  let body: Buffer | string | undefined;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers['content-type'] = 'application/json';
  } else if (call.multipart) {
    const m = multipartBody(call.multipart);
    body = m.body;
    headers['content-type'] = m.contentType;
  }
  let answer: OutboundAnswer;
  try {
    answer = await outboundRequest({ url, method: call.method, headers, body, timeoutMs: api.timeoutMs ?? 30_000, maxBytes: call.maxBytes ?? MAX_JSON_BYTES, allowPrivateHosts: api.allowPrivateHosts });
  } catch (err) {
    const e = err as OutboundError;
    throw new ChannelError(fallback, e.kind === 'timeout' || e.kind === 'network', `Graph API: ${e.message}`);
  }
  if (answer.status < 200 || answer.status >= 300) throw toChannelError(answer, fallback);
  return answer;
};

/** A JSON Graph call's answer. */
export const graphJson = async <T>(api: GraphApi, call: GraphCall, fallback: ChannelErrorCode): Promise<T> => {
  const answer = await graphRequest(api, call, fallback);
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    throw new ChannelError(fallback, true, 'Graph API: an answer that is not JSON');
  }
};
