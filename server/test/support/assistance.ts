import { randomUUID } from 'node:crypto';
import {
  ASSISTANCE_APPLICATION_PATHS,
  applicationListSchema,
  trackerSchema,
  type ApplicationList,
  type SubmitApplication,
  type Tracker,
  type UploadDocumentQuery,
} from '@webpay/contracts/assistance-application';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import type { TestServer } from './test-server.ts';
import { pngChunk, samplePng } from './sample-documents.ts';

/*
 * A guarantor's financial assistance application as the service's tests
 * send it: the answers for a household, the calls with their keys, and
 * small real files (a PNG, a renamed executable) for the document checks.
 */

/** A household of `size` with one yearly income of `dollars` for the applicant, over `accounts`. */
export function householdAnswers(
  accounts: ApplicationList['openAccounts'],
  size: number,
  dollars: number,
): SubmitApplication['answers'] {
  const members: SubmitApplication['answers']['members'] = [
    {
      name: 'Maria Garcia',
      relationship: 'self',
      incomes: [{ source: 'wages', amountCents: dollars * 100, frequency: 'yearly' }],
      documents: 'upload',
    },
  ];
  for (let index = 1; index < size; index += 1) {
    members.push({
      name: `Child ${index}`,
      relationship: 'child',
      incomes: [],
      documents: 'no_income',
    });
  }
  return {
    accounts: accounts.map(({ facilityId, accountNumber }) => ({ facilityId, accountNumber })),
    region: 'contiguous',
    members,
    benefits: [],
    homeless: false,
    insurance: { insured: false },
    hardship: 'I lost my job in the summer.',
  };
}

export function application(answers: SubmitApplication['answers']): SubmitApplication {
  return {
    answers,
    keepPaying: false,
    attestations: { truthful: true, verification: true },
    signature: 'Maria Garcia',
  };
}

export async function applications(server: TestServer, token: string): Promise<ApplicationList> {
  const response = await server.api(ASSISTANCE_APPLICATION_PATHS.applications, { token });
  if (response.status !== 200) throw new Error(`list: ${response.status} ${await response.text()}`);
  return applicationListSchema.parse(await response.json());
}

export function submit(
  server: TestServer,
  token: string,
  body: SubmitApplication,
  key: string = randomUUID(),
): Promise<Response> {
  return server.api(ASSISTANCE_APPLICATION_PATHS.applications, {
    token,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

export async function trackerOf(response: Response): Promise<Tracker> {
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  return trackerSchema.parse(await response.json());
}

/** Posts a file's bytes as a document of the application. */
export function upload(
  server: TestServer,
  token: string,
  reference: string,
  query: UploadDocumentQuery,
  file: { bytes: Buffer; contentType: string },
): Promise<Response> {
  const search = new URLSearchParams({
    memberIndex: String(query.memberIndex),
    kind: query.kind,
    fileName: query.fileName,
    ...(query.documentId ? { documentId: query.documentId } : {}),
  });
  return fetch(
    `${server.apiUrl(ASSISTANCE_APPLICATION_PATHS.documents(reference))}?${search.toString()}`,
    {
      method: 'POST',
      headers: { ...server.apiHeaders(token), 'Content-Type': file.contentType },
      body: new Uint8Array(file.bytes),
    },
  );
}

/** A real 1×1 grey PNG carrying a text chunk (metadata the service strips). */
export function photoWithMetadata(): Buffer {
  return samplePng([pngChunk('tEXt', 'Author\0Maria Garcia, 40.76 N 111.89 W')]);
}

/** A Windows executable's first bytes, as a file renamed to a photo would carry them. */
export function renamedExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return bytes;
}
