import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  ASSISTANCE_APPLICATION_PATHS as PATHS,
  applicationDocumentSchema,
  applicationListSchema,
  trackerSchema,
  type ApplicationDocument,
  type ApplicationList,
  type MessageRequest,
  type Reply,
  type SubmitApplication,
  type Tracker,
  type UploadDocumentQuery,
} from '@webpay/contracts/assistance-application';
import { api, type ApiResult } from '@/lib/api-client.ts';

export function getApplications(signal?: AbortSignal): Promise<ApiResult<ApplicationList>> {
  return api.get(PATHS.applications, applicationListSchema, { signal });
}

export function getTracker(reference: string, signal?: AbortSignal): Promise<ApiResult<Tracker>> {
  return api.get(PATHS.application(reference), trackerSchema, { signal });
}

/** POST applications: one Idempotency-Key per attempt, so a retry cannot make two applications. */
export function submitApplication(
  body: SubmitApplication,
  idempotencyKey: string,
): Promise<ApiResult<Tracker>> {
  return api.post(PATHS.applications, body, trackerSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** A document's bytes as they are, with what it is in the query. */
export function uploadDocument(
  reference: string,
  query: UploadDocumentQuery,
  file: Blob,
): Promise<ApiResult<ApplicationDocument>> {
  const search = new URLSearchParams({
    memberIndex: String(query.memberIndex),
    kind: query.kind,
    fileName: query.fileName,
    ...(query.documentId ? { documentId: query.documentId } : {}),
  });
  return api.postBytes(
    `${PATHS.documents(reference)}?${search.toString()}`,
    { bytes: file, contentType: file.type },
    applicationDocumentSchema,
  );
}

export function sendMessage(reference: string, body: MessageRequest): Promise<ApiResult<Tracker>> {
  return api.post(PATHS.messages(reference), body, trackerSchema);
}

/** The requested information is sent: the application goes back in review. */
export function sendReply(reference: string, body: Reply): Promise<ApiResult<Tracker>> {
  return api.post(PATHS.reply(reference), body, trackerSchema);
}
