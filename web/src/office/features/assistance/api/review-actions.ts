import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ASSISTANCE_REVIEW_PATHS,
  approveSchema,
  denySchema,
  documentReviewSchema,
  messageSchema,
  requestInformationSchema,
  type Approve,
  type Case,
  type Deny,
  type DocumentReview,
  type MessageRequest,
  type RequestInformation,
} from '@webpay/contracts/assistance-application';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';
import { caseQueryKey, fetchCase } from './case.ts';
import { queueQueryKeyRoot } from './queue.ts';

/*
 * A review action's answer is not read: every action changes the case, so
 * the case itself is read again and that fresh copy is what the page and
 * the action's toast go by.
 */
const notRead = z.unknown();

/** Where a request goes and what it sends, checked by the contract's schema. */
interface Call {
  path: string;
  body?: unknown;
}

/**
 * One action on the case: sent, then the case read again and the queue
 * marked stale. A refusal still marks the case stale, since it can mean
 * another reviewer acted first.
 */
function useCaseAction<Request>(reference: string, call: (request: Request) => Call) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: Request): Promise<Case> => {
      const { path, body } = call(request);
      unwrap(await officeApi.post(path, body, notRead));
      const fresh = await fetchCase(reference);
      queryClient.setQueryData(caseQueryKey(reference), fresh);
      return fresh;
    },
    onError: () => queryClient.invalidateQueries({ queryKey: caseQueryKey(reference) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueQueryKeyRoot }),
  });
}

/** Submitted → In review. */
export function useStartReview(reference: string) {
  return useCaseAction<undefined>(reference, () => ({
    path: ASSISTANCE_REVIEW_PATHS.startReview(reference),
  }));
}

export function useRequestInformation(reference: string) {
  return useCaseAction<RequestInformation>(reference, (request) => ({
    path: ASSISTANCE_REVIEW_PATHS.requestInformation(reference),
    body: requestInformationSchema.parse(request),
  }));
}

/** Decides, or records the first of two approvals when the amount needs a second reviewer. */
export function useApprove(reference: string) {
  return useCaseAction<Approve>(reference, (request) => ({
    path: ASSISTANCE_REVIEW_PATHS.approve(reference),
    body: approveSchema.parse(request),
  }));
}

export function useDeny(reference: string) {
  return useCaseAction<Deny>(reference, (request) => ({
    path: ASSISTANCE_REVIEW_PATHS.deny(reference),
    body: denySchema.parse(request),
  }));
}

export function useSendMessage(reference: string) {
  return useCaseAction<MessageRequest>(reference, (request) => ({
    path: ASSISTANCE_REVIEW_PATHS.messages(reference),
    body: messageSchema.parse(request),
  }));
}

export function useReviewDocument(reference: string, documentId: string) {
  return useCaseAction<DocumentReview>(reference, (request) => ({
    path: ASSISTANCE_REVIEW_PATHS.documentReview(reference, documentId),
    body: documentReviewSchema.parse(request),
  }));
}
