import { useMutation } from '@tanstack/react-query';
import {
  FINANCIAL_ASSISTANCE_PATHS,
  estimateSchema,
  type Estimate,
  type EstimateRequest,
} from '@webpay/contracts/financial-assistance';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';

export function estimateAssistance(asked: EstimateRequest): Promise<ApiResult<Estimate>> {
  return api.post(FINANCIAL_ASSISTANCE_PATHS.estimate, asked, estimateSchema, { token: null });
}

export function useEstimateAssistance() {
  return useMutation({
    mutationFn: async (asked: EstimateRequest) => unwrap(await estimateAssistance(asked)),
  });
}
